//! The metamorphic study of whole designs, end to end, with a real model: two EquivSVA
//! dev families (`../shared/data`) imported, T1/T2/T3 added (each proven equivalent),
//! generated with SmolLM2-135M-Instruct on llama-cpp-python's server (`.ci/run` starts
//! it and sets `FLIPSCOPE_MODEL_ENDPOINT`), scored by proof, measured per kind. The
//! model's answers are mostly not valid SVA: what is checked is that the pipeline, the
//! verdicts and the figures are consistent whatever they are.
//!
//! Without `FLIPSCOPE_MODEL_ENDPOINT` the test skips, unless `CI` is set (then it fails).

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

const FAMILIES: [&str; 2] = ["arbiter_0007", "handshake_0006"];
const MODEL: &str = "smollm2-135m";

use common::module_study::{read_jsonl as jsonl, run_ok as ok};

fn generate(study: &Path, url: &str) -> std::process::Output {
    ok(&[
        "generate",
        study.to_str().unwrap(),
        "--endpoint",
        url,
        "--model",
        MODEL,
        "--prompt",
        "equivsva",
        "--variants",
        "original,T1,T2,T3",
        "--max-tokens",
        "48",
        "--timeout",
        "300",
    ])
}

#[test]
fn two_dev_families_transformed_generated_scored_and_measured_with_a_real_model() {
    let Some(url) = common::model_endpoint() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let Some(study) = common::module_study::dev_study(dir.path(), &FAMILIES) else {
        return;
    };

    let new = dir.path().join("new");
    let t = common::module_study::transform(&study, &new, "T1,T2,T3", &[]);
    assert!(t.status.success(), "{}", String::from_utf8_lossy(&t.stderr));
    let err = String::from_utf8_lossy(&t.stderr);
    assert!(
        err.contains("T1: 1 added (proven equivalent), 1 not applicable\n"),
        "{err}"
    );

    // original, T1, T2, T3 of arbiter_0007; original, T2, T3 of handshake_0006.
    let g = generate(&new, &url);
    let err = String::from_utf8_lossy(&g.stderr);
    assert!(err.contains("generated 7 of 7"), "{err}");
    let generations_file = new.join("generations.jsonl");
    let text = std::fs::read_to_string(&generations_file).unwrap();
    let gens = jsonl(&generations_file);
    let targets: BTreeSet<(String, String)> = gens
        .iter()
        .map(|g| {
            assert_eq!(g["model"], MODEL);
            (
                g["program"].as_str().unwrap().to_string(),
                g["variant"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(targets.len(), 7);
    // A re-run sends nothing.
    let again = generate(&new, &url);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains("7 generated already"), "{err}");
    assert_eq!(std::fs::read_to_string(&generations_file).unwrap(), text);

    let verdicts_file = new.join("verdicts.jsonl");
    ok(&[
        "score",
        new.to_str().unwrap(),
        "--verdicts",
        verdicts_file.to_str().unwrap(),
    ]);
    let verdicts = jsonl(&verdicts_file);
    // Every output has its verdict lines (one with `index: null` when nothing was read).
    let scored: BTreeSet<(String, String)> = verdicts
        .iter()
        .map(|v| {
            (
                v["program"].as_str().unwrap().to_string(),
                v["variant"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(scored, targets);
    // A sound property passes and names only ports, whatever the model wrote.
    for v in &verdicts {
        if v["sound"] == true {
            assert_eq!(v["status"]["status"], "pass", "{v}");
            assert_eq!(v["interface_only"], true, "{v}");
        }
    }

    let m = ok(&["metrics", new.to_str().unwrap(), "--format", "json"]);
    let metrics: Value = serde_json::from_slice(&m.stdout).unwrap();
    let conditions = metrics["conditions"].as_array().unwrap();
    for (kind, pairs) in [("T1", 1), ("T2", 2), ("T3", 2)] {
        let c = conditions
            .iter()
            .find(|c| c["model"] == MODEL && c["variant"] == kind)
            .unwrap_or_else(|| panic!("no {kind} condition: {conditions:?}"));
        assert_eq!(c["N"], pairs, "{c}");
        let n = |k: &str| c[k].as_u64().unwrap();
        // Both-correct, losses, gains and both-wrong add up to the pairs.
        assert!(n("R") + n("L") + n("G") <= n("N"), "{c}");
        assert_eq!(n("B"), n("R") + n("L"), "{c}");
        assert_eq!(n("T"), n("R") + n("G"), "{c}");
        for rate in ["acc_base", "acc_trans", "flip_rate"] {
            let r = c[rate].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&r), "{rate}: {c}");
        }
    }
}
