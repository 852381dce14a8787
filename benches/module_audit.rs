//! Speed of the module audit (`flipscope audit` on a study of whole-module programs)
//! on the EquivSVA dev split: 24 families × 6 implementation pairs (miters), the gold
//! properties on the 96 implementations, and the 72 mutants (a miter against the
//! canonical implementation and the gold properties on each). Figures printed, nothing
//! asserted: one cold run (an empty proof cache of its own), then warm runs on the
//! cache it filled.
//!
//! Run: `cargo bench --bench module_audit` (needs yosys and `../shared/data/equivsva`);
//! `FLIPSCOPE_BENCH_JOBS` sets the parallel proofs (default: one per core),
//! `FLIPSCOPE_BENCH_WARM` the number of warm runs (default 3).

use std::path::PathBuf;
use std::time::Instant;

use flipscope::dataset_audit::modules::audit_modules;
use flipscope::formal::CacheChoice;
use flipscope::formal::ProveOptions;
use flipscope::study::Study;
use flipscope::study::equivsva::{DatasetOptions, import_dataset};

fn data() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .map(|a| a.join("shared/data/equivsva"))
        .find(|p| p.exists())
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let Some(root) = data() else {
        eprintln!("skipping: ../shared/data/equivsva is missing");
        return;
    };
    let programs = import_dataset(
        &root,
        &DatasetOptions {
            split: Some("dev".into()),
        },
    )
    .expect("the dev split imports");
    let study = Study::new(programs, Vec::new(), Vec::new(), Vec::new());
    let cache = tempfile::tempdir().expect("a temporary cache");
    let options = ProveOptions {
        jobs: env_usize("FLIPSCOPE_BENCH_JOBS", 0),
        cache: CacheChoice::At(cache.path().to_path_buf()),
        ..ProveOptions::default()
    };
    let run = |label: &str| {
        let start = Instant::now();
        let audit = audit_modules(&study, &options).expect("yosys is installed");
        let secs = start.elapsed().as_secs_f64();
        let s = audit.to_json()["summary"].clone();
        println!(
            "module_audit/{label}: {secs:.1} s wall; {} pairs ({} equivalent), {} gold checks ({} hold), {} mutants ({} differ, {} detected)",
            s["equivalence_pairs"],
            s["equivalent"],
            s["gold_checks"],
            s["gold_hold"],
            s["mutants"],
            s["mutants_differ"],
            s["mutants_detected"]
        );
        secs
    };
    let cold = run("cold");
    let warm: Vec<f64> = (0..env_usize("FLIPSCOPE_BENCH_WARM", 3))
        .map(|i| run(&format!("warm{}", i + 1)))
        .collect();
    if !warm.is_empty() {
        let mean = warm.iter().sum::<f64>() / warm.len() as f64;
        println!(
            "module_audit: cold {cold:.1} s, warm mean {mean:.1} s ({} runs)",
            warm.len()
        );
    }
}
