//! `flipscope score` through the real binary, and `flipscope metrics` on raw studies.

mod common;

use serde_json::Value;

fn fixture() -> String {
    fixture_str().to_string()
}

/// Runs `flipscope` and returns (stdout, stderr), asserting success.
fn ok(args: &[&str]) -> (String, String) {
    let out = common::run(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{args:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

fn pairs(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn flip_of(pairs: &[Value], program: &str, behavior: &str) -> String {
    pairs
        .iter()
        .find(|p| p["program"] == program && p["behavior"] == behavior)
        .map(|p| p["flip"].as_str().unwrap().to_string())
        .unwrap()
}

#[test]
fn score_writes_pairs_and_reports_what_is_left_out() {
    let (stdout, stderr) = ok(&["score", &fixture()]);
    let pairs = pairs(&stdout);
    assert_eq!(pairs.len(), 9);
    let first = &pairs[0];
    for key in ["model", "variant", "program", "stratum", "behavior", "flip"] {
        assert!(first[key].is_string(), "{key} in {first}");
    }
    assert_eq!(first["base"]["category"], "correct");
    assert_eq!(first["oracle"], "reference");
    assert!(
        stderr.contains("program \"p4\" cannot be scored"),
        "{stderr}"
    );
    assert!(stderr.contains("reference 1:16:"), "{stderr}");
    assert!(
        stderr.contains("model \"m2\", program \"p1\", variant \"T2\""),
        "{stderr}"
    );
    assert!(stderr.contains("scored 9 pairs"), "{stderr}");
}

#[test]
fn rtl_oracle_differs_on_the_sibling_if() {
    let (reference, _) = ok(&["score", &fixture()]);
    let (rtl, _) = ok(&["score", &fixture(), "--oracle", "rtl", "--no-cache"]);
    assert_eq!(flip_of(&pairs(&reference), "p3", "z=w"), "WC");
    assert_eq!(flip_of(&pairs(&rtl), "p3", "z=w"), "CW");
    assert_eq!(flip_of(&pairs(&rtl), "p3", "x=y"), "CC");
}

#[test]
fn metrics_on_the_raw_study_equals_metrics_on_its_pairs() {
    let dir = tempfile::tempdir().unwrap();
    for oracle in ["reference", "rtl"] {
        let (stdout, _) = ok(&["score", &fixture(), "--oracle", oracle]);
        let path = dir.path().join(format!("pairs-{oracle}.jsonl"));
        std::fs::write(&path, stdout).unwrap();
        let args = ["--format", "json", "--replicates", "200", "--seed", "3"];
        let mut raw = vec!["metrics", fixture_str(), "--oracle", oracle];
        raw.extend(args);
        let mut scored = vec!["metrics", path.to_str().unwrap()];
        scored.extend(args);
        let raw: Value = serde_json::from_str(&ok(&raw).0).unwrap();
        let scored: Value = serde_json::from_str(&ok(&scored).0).unwrap();
        assert_eq!(raw["conditions"], scored["conditions"], "{oracle}");
        assert!(raw["conditions"].as_array().is_some_and(|c| !c.is_empty()));
        assert_eq!(raw["provenance"]["oracle"], oracle);
        assert_eq!(scored["provenance"]["oracle"], oracle);
    }
}

fn fixture_str() -> &'static str {
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/score-study")
}

#[test]
fn scoring_flags_on_pairs_files_are_usage_errors_and_bad_input_exits_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pairs.jsonl");
    std::fs::write(&path, ok(&["score", &fixture()]).0).unwrap();
    let out = common::run(&["metrics", path.to_str().unwrap(), "--oracle", "rtl"]);
    assert_eq!(out.status.code(), Some(2));
    let out = common::run(&["score", &fixture(), "--oracle", "both"]);
    assert_eq!(out.status.code(), Some(2));

    let bad = dir.path().join("programs.jsonl");
    std::fs::write(&bad, "{\"id\": \"p\", \"stratum\": 3}\n").unwrap();
    let out = common::run(&["score", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("programs.jsonl:1:"), "{stderr}");
}
