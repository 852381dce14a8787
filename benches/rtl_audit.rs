//! Speed of `audit` on VERT's ifdataset-not-else.json (3008 records): with an empty
//! parse cache (every fragment parsed by sv-parser, in parallel) and with a warm one.
//! Targets (release, 2 cores): cold at most 8 s, warm at most 1 s.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use flipscope::dataset_audit::{AuditReport, audit_programs, read_vert};
use flipscope::logic::Values;
use flipscope::rtl::ParseCache;

fn vert_file() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/vert/ifdataset-not-else.json");
    path.exists().then_some(path)
}

fn audit(c: &mut Criterion) {
    let Some(path) = vert_file() else {
        eprintln!("skipping: ../shared/data/vert/ifdataset-not-else.json is missing");
        return;
    };
    let programs = read_vert(&path).expect("VERT file reads");
    let mut group = c.benchmark_group("audit_ifdataset_not_else");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(60));
    group.bench_function("cold_cache", |b| {
        b.iter(|| {
            let dir = tempfile::tempdir().expect("temp dir");
            let mut report = AuditReport::default();
            audit_programs(
                &mut report,
                "vert",
                "vert",
                &programs,
                Values::default(),
                &ParseCache::at(dir.path()),
            );
            report.counts.behaviors
        })
    });
    let warm = tempfile::tempdir().expect("temp dir");
    let cache = ParseCache::at(warm.path());
    audit_programs(
        &mut AuditReport::default(),
        "vert",
        "vert",
        &programs,
        Values::default(),
        &cache,
    );
    group.bench_function("warm_cache", |b| {
        b.iter(|| {
            let mut report = AuditReport::default();
            audit_programs(
                &mut report,
                "vert",
                "vert",
                &programs,
                Values::default(),
                &cache,
            );
            report.counts.behaviors
        })
    });
    group.finish();
}

criterion_group!(benches, audit);
criterion_main!(benches);
