//! Several samples per (program, variant, model) in a whole-module study, through the
//! real binary: each sample is an output of the figures, each variant's sample is
//! paired with the canonical output of the same sample, and the self-flip rate (the
//! canonical output against itself across samples) is reported (docs/equivsva.md,
//! "Several samples per prompt").

mod common;

use serde_json::Value;

/// Family `a`, implementations `original` and `v`, two samples each: in sample 0 both
/// have a sound property; in sample 1 only `v` has one (the canonical output's fails,
/// and its second line has no property at all in another output of sample 1).
const VERDICTS: &str = r#"{"program": "a", "variant": "original", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass"}}
{"program": "a", "variant": "v", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass"}}
{"program": "a", "variant": "original", "model": "m", "sample": 1, "index": 0, "interface_only": true, "status": {"status": "fail"}}
{"program": "a", "variant": "v", "model": "m", "sample": 1, "index": 0, "interface_only": true, "status": {"status": "pass"}}
{"program": "a", "variant": "w", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass"}}
{"program": "a", "variant": "w", "model": "m", "sample": 1, "index": null, "syntax": {"ok": false, "message": "no property"}}
"#;

#[test]
fn samples_are_outputs_paired_within_their_sample_with_a_self_flip_rate() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("verdicts.jsonl"), VERDICTS).unwrap();
    let d = dir.path().to_str().unwrap();
    let out = common::run(&["metrics", d, "--format", "json", "--replicates", "0"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let m = &v["models"]["m"];
    let n = |k: &str| m[k].as_i64().unwrap();
    assert_eq!(
        (
            n("outputs"),
            n("syntax_valid"),
            n("tasks_with_sound"),
            n("families")
        ),
        (6, 5, 4, 1)
    );
    assert_eq!(n("variant_sensitive"), 1, "sample 1: original 0 sound, v 1");
    assert_eq!(m["by_variant"]["original"]["outputs"], 2);
    // The paired view: v and w against the canonical output of their own sample.
    let conditions = v["conditions"].as_array().unwrap();
    let cond = |variant: &str| {
        conditions
            .iter()
            .find(|c| c["model"] == "m" && c["variant"] == variant)
            .unwrap_or_else(|| panic!("{variant}: {conditions:#?}"))
    };
    assert_eq!(cond("v")["N"], 2, "{}", cond("v"));
    // v: sample 0 CC, sample 1 WC (a gain); w: sample 0 CC, sample 1 WW.
    assert_eq!(
        (cond("v")["L"].as_i64(), cond("v")["G"].as_i64()),
        (Some(0), Some(1))
    );
    assert_eq!(
        (cond("w")["L"].as_i64(), cond("w")["G"].as_i64()),
        (Some(0), Some(0))
    );
    // The self-flip rate: the canonical output of sample 1 against sample 0 (C -> W).
    let noise = v["noise_floor"]
        .as_array()
        .expect("a noise floor with samples");
    let row = noise.iter().find(|r| r["variant"] == "v").unwrap();
    assert_eq!(row["self_flip"], 1.0, "{row}");
    // A variant's lines of two samples are two outputs, not a second verdict.
    let out = common::run(&["validate", d]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
