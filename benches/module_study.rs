//! Speed of a metamorphic study of whole designs on the EquivSVA dev split (issue #25):
//! `transform --kinds T1,T2,T3` on the 24 families (the rewrites, their miters against
//! the canonical implementations and the gold properties on both, proven by PDR), then
//! the scoring of the new variants with an identity model: the committed generation of
//! each original (Qwen2.5-Coder-7B-Instruct) replayed as the output of its T1, T2 and
//! T3 variants, in the variant's names (T2's rename map applied: the output as the
//! model would have written it for the renamed design). The designs are proven
//! equivalent and the outputs say the same, so every variant pair must be CC or WW:
//! the bench checks it (and panics otherwise).
//! One cold run (an empty proof cache of its own), then one warm run on that cache.
//!
//! Run: `cargo bench --bench module_study` (needs yosys and `../shared/data/equivsva`);
//! `FLIPSCOPE_BENCH_JOBS` sets the parallel proofs (default: one per core).

use std::path::PathBuf;
use std::time::Instant;

use flipscope::formal::{CacheChoice, ProveOptions};
use flipscope::module_score::{ModuleScoreOptions, score_modules};
use flipscope::stats::family::{derived_pairs, outputs};
use flipscope::study::equivsva::{DatasetOptions, ResultsOptions, import_dataset, import_results};
use flipscope::study::{FlipClass, ORIGINAL, Study};
use flipscope::transform::Kind;
use flipscope::transform::study::{Implementations, StudyTransformOptions, transform_study};

const RESULTS: &str =
    "experiments/results_v2/mlx-community__Qwen2.5-Coder-7B-Instruct-4bit/dev.jsonl";

fn data() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .map(|a| a.join("shared/data/equivsva"))
        .find(|p| p.exists())
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
    let committed = import_results(&root.join(RESULTS), &ResultsOptions { model: None })
        .expect("the committed generations import");
    let study = Study::new(programs, Vec::new(), Vec::new(), Vec::new());
    let cache = tempfile::tempdir().expect("a temporary cache");
    let prove = ProveOptions {
        jobs: std::env::var("FLIPSCOPE_BENCH_JOBS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0),
        cache: CacheChoice::At(cache.path().to_path_buf()),
        ..ProveOptions::default()
    };
    let options = StudyTransformOptions {
        kinds: Kind::ALL.to_vec(),
        implementations: Implementations::Canonical,
        prove: prove.clone(),
    };
    let mut new_programs = Vec::new();
    for label in ["cold", "warm"] {
        let start = Instant::now();
        let (programs, report) = transform_study(&study, &options).expect("yosys is installed");
        let secs = start.elapsed().as_secs_f64();
        let counts: Vec<String> = report
            .tallies()
            .iter()
            .map(|(k, t)| format!("{k} {} added", t.added))
            .collect();
        println!(
            "module_study/transform/{label}: {secs:.1} s wall; {} rewrites proven ({})",
            report.added(),
            counts.join(", ")
        );
        new_programs = programs;
    }

    // The identity model: each original's generation replayed for its T variants.
    let mut generations = Vec::new();
    for g in committed.iter().filter(|g| g.variant == ORIGINAL) {
        let Some(p) = new_programs.iter().find(|p| p.id == g.program) else {
            continue;
        };
        for kind in Kind::ALL {
            if let Some(variant) = p.variants.get(kind.as_str()) {
                let mut v = g.clone();
                v.variant = kind.to_string();
                let forward: std::collections::HashMap<String, String> = variant
                    .rename
                    .iter()
                    .flatten()
                    .map(|(new, old)| (old.clone(), new.clone()))
                    .collect();
                v.output = flipscope::sva::rename_identifiers(&g.output, &forward).into_owned();
                generations.push(v);
            }
        }
        generations.push(g.clone());
    }
    let replayed = generations.len() - committed.iter().filter(|g| g.variant == ORIGINAL).count();
    let mut scored = Study::new(new_programs, generations, Vec::new(), Vec::new());
    let score = ModuleScoreOptions {
        prove,
        ..ModuleScoreOptions::default()
    };
    for label in ["cold", "warm"] {
        let start = Instant::now();
        let report = score_modules(&scored, &score).expect("yosys is installed");
        let secs = start.elapsed().as_secs_f64();
        println!(
            "module_study/score/{label}: {secs:.1} s wall; {} outputs ({replayed} replayed), {} property verdicts",
            scored.generations.len(),
            report.verdicts.len()
        );
        scored.verdicts = report.verdicts;
    }
    let summaries = outputs(&scored);
    let pairs = derived_pairs(&scored, &summaries);
    let mut classes = std::collections::BTreeMap::new();
    for p in &pairs {
        *classes.entry(format!("{:?}", p.flip)).or_insert(0usize) += 1;
        assert!(
            matches!(p.flip, Some(FlipClass::CC) | Some(FlipClass::WW)),
            "identity model: {} {} is {:?}",
            p.program,
            p.variant,
            p.flip
        );
    }
    println!(
        "module_study/identity: {} variant pairs, every one CC or WW: {classes:?}",
        pairs.len()
    );
}
