//! AssertionBench speed, printed (not criterion: one re-proof of many designs is far
//! longer than criterion's samples): the import of the whole data set (three runs, the
//! median), then the re-proof of every assertion of the ten smallest designs (by bytes
//! of RTL, among those with assertions), cold (no results cache) and warm (the cache
//! filled by the cold run), with the agreement figures.
//!
//! `cargo bench --bench assertionbench` (release). Needs `../shared/data/assertionbench`
//! and, for the re-proof, yosys.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use flipscope::formal::CacheChoice;
use flipscope::reproof::{
    Agreement, FormalEngine, ReproofOptions, ReproofRecord, reprove, units_of,
};
use flipscope::study::Study;
use flipscope::study::assertionbench::import_assertionbench;

fn data() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .map(|a| a.join("shared/data/assertionbench"))
        .chain([root.join("../shared/data/assertionbench")])
        .find(|p| p.join("Jasper_llama_results").is_dir())
}

fn main() {
    let Some(dir) = data() else {
        eprintln!("skipping: ../shared/data/assertionbench is missing");
        return;
    };
    let mut times = Vec::new();
    let mut import = None;
    for _ in 0..3 {
        let start = Instant::now();
        import = Some(import_assertionbench(&dir).expect("the import works"));
        times.push(start.elapsed());
    }
    times.sort();
    let import = import.unwrap();
    println!(
        "import: {} design folders, {} logs, {} programs, {} generations, {} warnings in {:.2} s (median of 3; {:.2}-{:.2} s)",
        import.folders,
        import.logs.len(),
        import.programs.len(),
        import.generations.len(),
        import.flaws.len(),
        times[1].as_secs_f64(),
        times[0].as_secs_f64(),
        times[2].as_secs_f64()
    );
    let study = Study::new(import.programs, import.generations, vec![], vec![]);
    let units = units_of(&study);
    let mut sized: Vec<(usize, &str)> = study
        .programs
        .iter()
        .filter(|p| units.iter().any(|u| u.program == p.id))
        .map(|p| {
            (
                p.rtl.len() + p.files.iter().map(|f| f.text.len()).sum::<usize>(),
                p.id.as_str(),
            )
        })
        .collect();
    sized.sort();
    let smallest: Vec<&str> = sized.iter().take(10).map(|(_, id)| *id).collect();
    let chosen: Vec<_> = units
        .iter()
        .filter(|u| smallest.contains(&u.program.as_str()))
        .cloned()
        .collect();
    println!(
        "re-proof of the ten smallest designs ({}): {} assertions",
        sized
            .iter()
            .take(10)
            .map(|(b, id)| format!("{id} {b} B"))
            .collect::<Vec<_>>()
            .join(", "),
        chosen.len()
    );
    let cache = std::env::temp_dir().join(format!("flipscope-bench-cache-{}", std::process::id()));
    for (label, choice) in [
        ("cold", CacheChoice::At(cache.clone())),
        ("warm", CacheChoice::At(cache.clone())),
    ] {
        let engine = match FormalEngine::new(flipscope::formal::ProveOptions {
            timeout: Duration::from_secs(60),
            cache: choice,
            ..Default::default()
        }) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("skipping the re-proof: {e}");
                return;
            }
        };
        let start = Instant::now();
        let summary = reprove(&study, &chosen, &engine, &ReproofOptions::default());
        let seconds = start.elapsed().as_secs_f64();
        let refs: Vec<&ReproofRecord> = summary.records.iter().collect();
        let a = Agreement::of(&refs);
        println!(
            "  {label}: {seconds:.1} s ({:.1} ms per assertion); compared {}, agree {}, disagree {}; {} designs do not elaborate; {} unsupported",
            1000.0 * seconds / chosen.len().max(1) as f64,
            a.compared,
            a.agree,
            a.disagreements.len(),
            summary.design_failures.len(),
            summary.unsupported.values().sum::<usize>()
        );
    }
    let _ = std::fs::remove_dir_all(&cache);
}
