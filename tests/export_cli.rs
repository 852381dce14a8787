//! `flipscope export metrics|tags`, `flipscope agreement` and `flipscope sample`
//! through the real binary, on a small study written here.

mod common;

use std::fs;
use std::path::Path;

use serde_json::Value;

const HASH: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

/// Two models x two variants x six programs: p1-p4 lose (CW), p5 stays (CC), p6 gains.
fn write_study(dir: &Path) {
    let mut pairs = String::new();
    for model in ["m1", "m2"] {
        for variant in ["T1", "T2"] {
            for p in 1..=6 {
                let (base, trans) = match p {
                    5 => (true, true),
                    6 => (false, true),
                    _ => (true, false),
                };
                let cat = |c: bool| if c { "correct" } else { "dropped-predicate" };
                let hash = if p == 2 {
                    format!(r#", "pair_hash": "{HASH}""#)
                } else {
                    String::new()
                };
                pairs.push_str(&format!(
                    r#"{{"model": "{model}", "variant": "{variant}", "program": "p{p}", "stratum": "s{}", "behavior": "x=y", "base": {{"category": "{}", "correct": {base}}}, "trans": {{"category": "{}", "correct": {trans}}}{hash}}}"#,
                    p % 2,
                    cat(base),
                    cat(trans)
                ));
                pairs.push('\n');
            }
        }
    }
    fs::write(dir.join("pairs.jsonl"), pairs).unwrap();
    let ana = [
        decision("p1", "tag", "dropped-predicate", "ana"),
        decision("p2", "tag", "branch-polarity", "ana"),
        r#"{"program": "p2", "behavior": "x=y", "model": "m1", "variant": "T1", "action": "note", "note": "flipped", "auditor": "ana", "time": "2026-11-29T15:04:06Z", "version": "0.1.0", "pair_hash": "1111111111111111111111111111111111111111111111111111111111111111"}"#.to_string(),
        decision("p3", "tag", "dropped-predicate", "ana"),
        decision("p3", "untag", "dropped-predicate", "ana"),
    ];
    fs::write(dir.join("annotations.jsonl"), ana.join("\n") + "\n").unwrap();
}

fn decision(program: &str, action: &str, tag: &str, auditor: &str) -> String {
    format!(
        r#"{{"program": "{program}", "behavior": "x=y", "model": "m1", "variant": "T1", "action": "{action}", "tag": "{tag}", "auditor": "{auditor}", "time": "2026-11-29T15:04:05Z", "version": "0.1.0"}}"#
    )
}

fn other(dir: &Path) -> std::path::PathBuf {
    let bo = [
        decision("p1", "tag", "dropped-predicate", "bo"),
        decision("p2", "tag", "dropped-predicate", "bo"),
        decision("p4", "tag", "boolean-structure", "bo"),
    ];
    let path = dir.join("bo.jsonl");
    fs::write(&path, bo.join("\n") + "\n").unwrap();
    path
}

fn ok(args: &[&str]) -> String {
    let out = common::run(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn export_metrics_in_every_format_with_provenance() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path());
    let study = dir.path().to_str().unwrap();
    let md = ok(&["export", "metrics", study, "--replicates", "50"]);
    assert!(
        md.contains('|') && md.contains("m1") && md.contains("T2"),
        "{md}"
    );
    assert!(
        md.contains("pairs.jsonl"),
        "markdown carries the inputs: {md}"
    );
    let csv = ok(&[
        "export",
        "metrics",
        study,
        "--format",
        "csv",
        "--replicates",
        "50",
    ]);
    assert!(
        csv.lines()
            .any(|l| l.starts_with("m1,T1") || l.contains(",m1,")),
        "{csv}"
    );
    let tex = ok(&[
        "export",
        "metrics",
        study,
        "--format",
        "latex",
        "--replicates",
        "50",
    ]);
    assert!(
        tex.contains("\\begin{tabular}") || tex.contains("tabular"),
        "{tex}"
    );
    let out = dir.path().join("m.json");
    let printed = ok(&[
        "export",
        "metrics",
        study,
        "--format",
        "json",
        "--replicates",
        "50",
        "--seed",
        "3",
        "--filter",
        "model=m1",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(printed.is_empty(), "-o writes the file only: {printed}");
    let json: Value = serde_json::from_str(&fs::read_to_string(&out).unwrap()).unwrap();
    let text = json.to_string();
    assert!(
        text.contains("\"model=m1\""),
        "the filter is recorded: {text}"
    );
    assert!(!text.contains("\"m2\""), "{text}");
    // The same figures as `flipscope metrics`.
    let metrics = ok(&[
        "metrics",
        study,
        "--format",
        "json",
        "--replicates",
        "50",
        "--seed",
        "3",
        "--filter",
        "model=m1",
    ]);
    assert_eq!(serde_json::from_str::<Value>(&metrics).unwrap(), json);
}

#[test]
fn export_tags_lists_tagged_pairs_with_their_state() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path());
    let study = dir.path().to_str().unwrap();
    let rows = lines(&ok(&["export", "tags", study]));
    // p3's only tag was withdrawn and it has no note: not exported.
    assert_eq!(rows.len(), 2, "{rows:?}");
    let p1 = &rows[0];
    assert_eq!(p1["program"], "p1");
    assert_eq!(p1["flip"], "CW");
    assert_eq!(p1["tags"], serde_json::json!(["dropped-predicate"]));
    assert_eq!(p1["trans_category"], "dropped-predicate");
    assert_eq!(p1["auditors"], serde_json::json!(["ana"]));
    assert_eq!(p1["stale"], Value::Null, "no hashes to compare");
    let p2 = &rows[1];
    assert_eq!(p2["note"], "flipped");
    assert_eq!(p2["stale"], true, "the pair's hash changed since the note");

    let out = dir.path().join("tags.jsonl");
    ok(&[
        "export",
        "tags",
        study,
        "--filter",
        "tag=branch-polarity",
        "-o",
        out.to_str().unwrap(),
    ]);
    let rows = lines(&fs::read_to_string(&out).unwrap());
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["program"], "p2");
}

#[test]
fn agreement_table_and_json_match_hand_computed_kappas() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path());
    let others = tempfile::tempdir().unwrap();
    let bo = other(others.path());
    let study = dir.path().to_str().unwrap();
    let json: Value = serde_json::from_str(&ok(&[
        "agreement",
        study,
        "--with",
        bo.to_str().unwrap(),
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(json["pairs"], 4);
    assert_eq!(json["identical"], 2);
    let tag = |name: &str| {
        json["tags"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["tag"] == name)
            .unwrap()
            .clone()
    };
    // dropped-predicate: p1 both, p2 bo only, p3 p4 neither: po .75, pe .5, kappa .5.
    let dp = tag("dropped-predicate");
    assert_eq!(
        (dp["both"].as_u64(), dp["only_second"].as_u64()),
        (Some(1), Some(1))
    );
    assert!((dp["kappa"].as_f64().unwrap() - 0.5).abs() < 1e-9);
    // branch-polarity: p2 ana only: po .75, pe .75, kappa 0.
    assert!(tag("branch-polarity")["kappa"].as_f64().unwrap().abs() < 1e-9);
    assert_eq!(json["first"]["auditors"], serde_json::json!(["ana"]));
    assert_eq!(json["second"]["auditors"], serde_json::json!(["bo"]));
    let programs: Vec<&str> = json["disagreements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["program"].as_str().unwrap())
        .collect();
    assert_eq!(programs, ["p2", "p4"]);

    let table = ok(&["agreement", study, "--with", bo.to_str().unwrap()]);
    assert!(table.contains("dropped-predicate"), "{table}");
    assert!(table.contains("0.500"), "{table}");
    assert!(table.contains("disagreements: 2"), "{table}");
    assert!(
        table.contains("m1 T1 p4 x=y  first: -  second: boolean-structure"),
        "{table}"
    );
}

#[test]
fn sample_is_reproducible_and_draws_only_losses() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path());
    let study = dir.path().to_str().unwrap();
    let args = [
        "sample", study, "--k", "2", "--seed", "9", "--format", "jsonl",
    ];
    let first = ok(&args);
    assert_eq!(first, ok(&args), "same seed, same sample");
    let rows = lines(&first);
    assert_eq!(rows.len(), 8, "2 per condition, 4 conditions");
    for r in &rows {
        let p = r["program"].as_str().unwrap();
        assert!(["p1", "p2", "p3", "p4"].contains(&p), "{r}");
    }
    let seeds: Vec<String> = (0..6)
        .map(|s| {
            ok(&[
                "sample",
                study,
                "--k",
                "2",
                "--seed",
                &s.to_string(),
                "--format",
                "jsonl",
            ])
        })
        .collect();
    assert!(
        seeds.iter().any(|s| s != &first),
        "the seed changes the sample"
    );
    let filtered = lines(&ok(&[
        "sample",
        study,
        "--filter",
        "model=m2 variant=T1",
        "--format",
        "jsonl",
    ]));
    assert_eq!(filtered.len(), 4, "k=5 but only 4 losses");
    assert!(
        filtered
            .iter()
            .all(|r| r["model"] == "m2" && r["variant"] == "T1")
    );
    let table = ok(&["sample", study, "--k", "1"]);
    assert_eq!(
        table.lines().count(),
        5,
        "a header and one row per condition: {table}"
    );
}

/// A raw study (programs and generations, no pairs) is scored first, as `metrics`
/// does: under the reference oracle by default, or as `--oracle` says.
#[test]
fn export_tags_and_sample_score_a_raw_study() {
    let from =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/score-study");
    let dir = tempfile::tempdir().unwrap();
    for name in ["programs.jsonl", "generations.jsonl"] {
        fs::copy(from.join(name), dir.path().join(name)).unwrap();
    }
    let line = r#"{"program": "p3", "behavior": "z=w", "model": "m1", "variant": "T1", "action": "tag", "tag": "reference-error", "auditor": "ana", "time": "2026-11-29T15:04:05Z", "version": "0.1.0"}"#;
    fs::write(dir.path().join("annotations.jsonl"), format!("{line}\n")).unwrap();
    let study = dir.path().to_str().unwrap();
    let rows = lines(&ok(&["export", "tags", study, "--no-cache"]));
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        rows[0]["flip"], "WC",
        "the reference is stronger than the RTL path"
    );
    let rows = lines(&ok(&[
        "export",
        "tags",
        study,
        "--oracle",
        "rtl",
        "--no-cache",
    ]));
    assert_eq!(
        rows[0]["flip"], "CW",
        "under the RTL's own path it is a loss"
    );
    let sample = lines(&ok(&["sample", study, "--format", "jsonl", "--no-cache"]));
    assert_eq!(sample.len(), 2, "the two losses: {sample:?}");
    // Scoring flags with a pairs file are a usage error, as for `metrics`.
    let pairs = tempfile::tempdir().unwrap();
    write_study(pairs.path());
    let out = common::run(&[
        "export",
        "tags",
        pairs.path().to_str().unwrap(),
        "--oracle",
        "rtl",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_annotations_exit_one_naming_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path());
    let bad = dir.path().join("bad.jsonl");
    fs::write(
        &bad,
        format!("{}\n{{\"program\": 7}}\n", decision("p1", "tag", "x", "bo")),
    )
    .unwrap();
    let out = common::run(&[
        "agreement",
        dir.path().to_str().unwrap(),
        "--with",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.jsonl:2:"), "{err}");
}

#[test]
fn usage_errors_exit_two() {
    for args in [
        &["export"][..],
        &["export", "tags"],
        &["export", "metrics", ".", "--format", "table"],
        &["agreement", "."],
        &["sample", ".", "--k", "many"],
    ] {
        let out = common::run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
