//! The bundled sample study (`sample-runs/`) scored behavior by behavior: the published
//! counts of both simulated models per condition, the planned failure modes, and
//! strict versus lenient scoring.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use flipscope::score::{ScoreOptions, reference_behaviors, score_output};
use flipscope::study::{Generation, Program};

fn sample_runs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-runs")
}

fn read_jsonl<T: serde::de::DeserializeOwned>(path: &Path) -> Vec<T> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Correct or not, per (model, variant, program) and behavior, strict or lenient.
fn verdicts(lenient: bool) -> BTreeMap<(String, String, String), Vec<bool>> {
    let programs: Vec<Program> = read_jsonl(&sample_runs().join("programs.jsonl"));
    let programs: HashMap<&str, &Program> = programs.iter().map(|p| (p.id.as_str(), p)).collect();
    let generations: Vec<Generation> = read_jsonl(&sample_runs().join("generations.jsonl"));
    let mut out = BTreeMap::new();
    for g in &generations {
        let p = programs[g.program.as_str()];
        let behaviors = reference_behaviors(&p.reference).unwrap();
        let rename = p
            .variants
            .get(&g.variant)
            .and_then(|v| v.rename.clone())
            .map(|m| m.into_iter().collect())
            .unwrap_or_default();
        let options = ScoreOptions {
            clock: p.clock.clone(),
            lenient,
            rename,
            ..ScoreOptions::default()
        };
        let scored = score_output(&behaviors, &g.output, &options);
        if !lenient {
            // The simulated failure modes are the categories the scorer finds.
            let planned = g.meta.as_ref().unwrap()["planned"].as_array().unwrap();
            for (v, plan) in scored.iter().zip(planned) {
                let category = serde_json::to_value(v.category).unwrap();
                assert_eq!(
                    &category, plan,
                    "{} {} {} {}: {}",
                    g.model, g.program, g.variant, v.behavior_id, v.reason
                );
            }
        }
        let correct = scored.iter().map(|v| v.correct).collect();
        out.insert(
            (g.model.clone(), g.variant.clone(), g.program.clone()),
            correct,
        );
    }
    out
}

/// (N, B, L, G) and the number of programs of one (model, variant).
fn counts(
    v: &BTreeMap<(String, String, String), Vec<bool>>,
    model: &str,
    variant: &str,
) -> ([usize; 4], usize) {
    let mut c = [0; 4];
    let mut programs = 0;
    for ((m, var, program), trans) in v {
        if m != model || var != variant {
            continue;
        }
        programs += 1;
        let base = &v[&(m.clone(), "original".to_string(), program.clone())];
        for (&b, &t) in base.iter().zip(trans) {
            c[0] += 1;
            c[1] += usize::from(b);
            c[2] += usize::from(b && !t);
            c[3] += usize::from(!b && t);
        }
    }
    (c, programs)
}

#[test]
fn scored_sample_study_has_the_published_counts() {
    let v = verdicts(false);
    let expected = [
        ("sim-qwen2.5-coder-7b", "T1", [280, 196, 19, 9], 38),
        ("sim-qwen2.5-coder-7b", "T2", [295, 206, 21, 18], 40),
        ("sim-qwen2.5-coder-7b", "T3", [295, 206, 45, 12], 40),
        ("sim-deepseek-coder-v2-lite", "T1", [280, 149, 24, 38], 38),
        ("sim-deepseek-coder-v2-lite", "T2", [295, 159, 31, 60], 40),
        ("sim-deepseek-coder-v2-lite", "T3", [295, 159, 43, 31], 40),
    ];
    for (model, variant, nblg, programs) in expected {
        assert_eq!(
            counts(&v, model, variant),
            (nblg, programs),
            "{model} {variant}"
        );
    }
    // The published rates, from the integers.
    let pct = |a: usize, b: usize| (1000.0 * a as f64 / b as f64).round() / 10.0;
    assert_eq!(pct(31, 159), 19.5);
    assert_eq!(pct(45, 206), 21.8);
    assert_eq!(pct(24, 149), 16.1);
    assert_eq!(pct(38 - 24, 280), 5.0);
    assert_eq!((pct(159, 295), pct(188, 295)), (53.9, 63.7));
    assert_eq!((pct(206, 295), pct(173, 295)), (69.8, 58.6));
}

#[test]
fn lenient_scoring_reads_the_noisy_outputs() {
    let strict = verdicts(false);
    let lenient = verdicts(true);
    let correct = |v: &BTreeMap<(String, String, String), Vec<bool>>| -> usize {
        v.values().flatten().filter(|&&c| c).count()
    };
    assert!(correct(&lenient) > correct(&strict));
}
