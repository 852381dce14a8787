//! Speed of building and validating T1, T2 and T3 for every record of VERT's
//! ifdataset-not-else.json (3008 records): with an empty parse cache and a warm one.
//! `FLIPSCOPE_BENCH_RECORDS=N` limits the run to the first N records.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use flipscope::rtl::ParseCache;
use flipscope::study::Program;
use flipscope::study::vert::{VertOptions, import_vert};
use flipscope::transform::{Kind, attach_variants};

/// The VERT file, from `../shared/data` or a further ancestor (git worktrees).
fn vert_file() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .skip(1)
        .map(|a| a.join("shared/data/vert/ifdataset-not-else.json"))
        .find(|p| p.exists())
}

fn programs() -> Option<Vec<Program>> {
    let path = vert_file()?;
    let mut programs = import_vert(&path, &VertOptions::default()).ok()?;
    if let Some(n) = std::env::var("FLIPSCOPE_BENCH_RECORDS")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        programs.truncate(n);
    }
    Some(programs)
}

fn variants(c: &mut Criterion) {
    let Some(programs) = programs() else {
        eprintln!("skipping: shared/data/vert/ifdataset-not-else.json is missing");
        return;
    };
    let mut group = c.benchmark_group(format!("transform_t1_t2_t3_{}_records", programs.len()));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(60));
    group.bench_function("cold_cache", |b| {
        b.iter(|| {
            let dir = tempfile::tempdir().expect("temp dir");
            let mut copy = programs.clone();
            let (_, failures) = attach_variants(&mut copy, &Kind::ALL, &ParseCache::at(dir.path()));
            assert!(failures.is_empty());
        })
    });
    let dir = tempfile::tempdir().expect("temp dir");
    let cache = ParseCache::at(dir.path());
    attach_variants(&mut programs.clone(), &Kind::ALL, &cache);
    group.bench_function("warm_cache", |b| {
        b.iter(|| {
            let mut copy = programs.clone();
            let (_, failures) = attach_variants(&mut copy, &Kind::ALL, &cache);
            assert!(failures.is_empty());
        })
    });
    group.finish();
}

criterion_group!(benches, variants);
criterion_main!(benches);
