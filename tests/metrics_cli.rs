//! `flipscope metrics` through the real binary: every format, the JSON shape,
//! provenance, filters, determinism and bad input.

mod common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// A pairs file with the paper's DeepSeek-Coder-V2-Lite / T2 counts (N=295, B=159,
/// L=31, G=60 over 40 programs in 4 strata) and a second, smaller condition.
fn paper_pairs(dir: &Path) -> PathBuf {
    let flips = [("CC", 128), ("CW", 31), ("WC", 60), ("WW", 76)];
    let mut text = String::new();
    let mut i = 0;
    for (flip, k) in flips {
        for _ in 0..k {
            let p = (i * 7) % 40;
            let stratum = [
                "nested-if/async",
                "nested-if/sync",
                "if-else/async",
                "if-else/sync",
            ][p / 10];
            let base = flip.starts_with('C');
            let trans = flip.ends_with('C');
            let category = if trans { "correct" } else { "branch-polarity" };
            writeln!(
                text,
                r#"{{"model": "deepseek-coder-v2-lite", "variant": "T2", "program": "p{p:02}", "stratum": "{stratum}", "behavior": "x{i}=y", "base": {base}, "trans": {{"correct": {trans}, "category": "{category}"}}, "flip": "{flip}"}}"#
            )
            .unwrap();
            i += 1;
        }
    }
    let small = [
        (1, true, false),
        (1, true, true),
        (2, false, true),
        (3, true, true),
    ];
    for (i, (p, base, trans)) in small.into_iter().enumerate() {
        writeln!(
            text,
            r#"{{"model": "qwen2.5-coder-7b", "variant": "T3", "program": "p{p:02}", "stratum": "nested-if/async", "behavior": "y=z{i}", "base": {base}, "trans": {trans}}}"#
        )
        .unwrap();
    }
    let path = dir.join("pairs.jsonl");
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `flipscope metrics ARGS...`, which must succeed, and returns its output.
fn stdout(args: &[&str]) -> String {
    let mut all = vec!["metrics"];
    all.extend(args);
    let out = common::run(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    serde_json::from_str(&stdout(&all)).unwrap()
}

#[test]
fn json_shape_and_the_papers_figures() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = paper_pairs(dir.path());
    let v = json(&[pairs.to_str().unwrap(), "--replicates", "500"]);
    let conditions = v["conditions"].as_array().unwrap();
    assert_eq!(conditions.len(), 2);
    let c = &conditions[0];
    assert_eq!(
        (c["model"].as_str(), c["variant"].as_str()),
        (Some("deepseek-coder-v2-lite"), Some("T2"))
    );
    let count = |k: &str| c[k].as_u64().unwrap();
    assert_eq!(
        [
            count("programs"),
            count("N"),
            count("B"),
            count("T"),
            count("R"),
            count("L"),
            count("G")
        ],
        [40, 295, 159, 188, 128, 31, 60]
    );
    assert_eq!(c["acc_base"], 159.0 / 295.0);
    assert_eq!(c["acc_trans"], 188.0 / 295.0);
    assert_eq!(c["delta_acc"], 29.0 / 295.0);
    assert_eq!(c["conditional_robustness"], 128.0 / 159.0);
    assert_eq!(c["invariance_failure"], 31.0 / 159.0);
    assert_eq!(c["flip_rate"], 91.0 / 295.0);
    assert!((c["mcnemar_p"].as_f64().unwrap() - 0.003_112_69).abs() < 1e-7);
    for k in [
        "delta_acc",
        "conditional_robustness",
        "invariance_failure",
        "flip_rate",
    ] {
        let ci = c["ci95"][k]
            .as_array()
            .unwrap_or_else(|| panic!("ci95.{k}"));
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        let est = c[k].as_f64().unwrap();
        assert!(lo <= est && est <= hi, "{k}: {est} not in [{lo}, {hi}]");
    }
    assert_eq!(c["ci95"]["replicates_left_out"], 0);
    // The small condition: p02 has no correct-on-original behavior, so some
    // replicates have B = 0 and are counted.
    let q = &conditions[1];
    assert_eq!(q["programs"], 3);
    assert!(q["ci95"]["replicates_left_out"].as_u64().unwrap() > 0);

    let p = &v["provenance"];
    assert_eq!(p["filter"], "");
    assert_eq!(p["replicates"], 500);
    assert_eq!(p["seed"], 0);
    assert_eq!(p["interval"], "percentile");
    assert_eq!(p["stratified"], false);
    assert_eq!(p["flipscope_version"], env!("CARGO_PKG_VERSION"));
    assert!(p.as_object().unwrap().contains_key("oracle"));
    let input = &p["inputs"][0];
    assert!(input["path"].as_str().unwrap().ends_with("pairs.jsonl"));
    let sha = input["sha256"].as_str().unwrap();
    assert_eq!(sha.len(), 64);
    assert!(sha.bytes().all(|b| b.is_ascii_hexdigit()));
}

#[test]
fn table_is_the_default_and_shows_percents_and_provenance() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = paper_pairs(dir.path());
    let out = stdout(&[
        pairs.to_str().unwrap(),
        "--replicates",
        "200",
        "--seed",
        "3",
    ]);
    let row = out.lines().find(|l| l.starts_with("deepseek")).unwrap();
    for part in ["53.9%", "63.7%", "+9.8 [", "19.5% [", "30.8% [", "0.0031"] {
        assert!(row.contains(part), "{part} missing in:\n{out}");
    }
    for part in [
        "bootstrap: 200 replicates resampling programs, seed 3, percentile 95% intervals",
        "sha256:",
    ] {
        assert!(out.contains(part), "{part} missing in:\n{out}");
    }
    assert!(
        out.contains("qwen2.5-coder-7b T3:"),
        "left-out note missing:\n{out}"
    );
}

#[test]
fn every_format_renders_and_carries_provenance() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = paper_pairs(dir.path());
    let p = pairs.to_str().unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let sidecar = dir.path().join("provenance.txt");
    let csv = stdout(&[
        p,
        "--replicates",
        "100",
        "--format",
        "csv",
        "--provenance",
        sidecar.to_str().unwrap(),
    ]);
    // Plain CSV: the header is the first line; the provenance is in its sidecar.
    assert!(!csv.lines().any(|l| l.starts_with('#')), "{csv}");
    let header = csv.lines().next().unwrap();
    assert!(header.starts_with(
        "model,variant,programs,N,B,T,R,L,G,acc_base,acc_trans,delta_acc,delta_acc_lo"
    ));
    assert!(
        csv.lines()
            .any(|l| l.starts_with("deepseek-coder-v2-lite,T2,40,295,159,188,128,31,60,"))
    );
    let md = stdout(&[p, "--replicates", "100", "--format", "markdown"]);
    assert!(
        md.contains("| deepseek-coder-v2-lite | T2 | 40 | 295 |"),
        "{md}"
    );
    let tex = stdout(&[p, "--replicates", "100", "--format", "latex"]);
    assert!(tex.contains("53.9\\%"), "{tex}");
    let provenance = std::fs::read_to_string(&sidecar).unwrap();
    for (name, out) in [("csv", &provenance), ("markdown", &md), ("latex", &tex)] {
        assert!(
            out.contains(version) && out.contains("sha256"),
            "{name} lacks provenance"
        );
        assert!(
            out.contains("100 replicates"),
            "{name} lacks the replicates"
        );
    }
}

#[test]
fn filter_selects_pairs_and_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = paper_pairs(dir.path());
    let p = pairs.to_str().unwrap();
    let v = json(&[p, "--replicates", "0", "--filter", "model=qwen* flip!=CC"]);
    let c = &v["conditions"].as_array().unwrap();
    assert_eq!(c.len(), 1);
    assert_eq!(
        (c[0]["N"].as_u64(), c[0]["L"].as_u64(), c[0]["G"].as_u64()),
        (Some(2), Some(1), Some(1))
    );
    assert!(
        c[0]["ci95"]["delta_acc"].is_null(),
        "no replicates, no interval"
    );
    assert_eq!(v["provenance"]["filter"], "model=qwen* flip!=CC");
    assert_eq!(v["provenance"]["pairs_matched"], 2);
    let v = json(&[p, "--replicates", "0", "--filter", "trans=branch-polarity"]);
    assert_eq!(v["conditions"][0]["N"], 31 + 76);
    let v = json(&[p, "--replicates", "0", "--filter", "program=nothing"]);
    assert_eq!(v["conditions"], serde_json::json!([]));
}

#[test]
fn same_seed_same_intervals_other_seed_other_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = paper_pairs(dir.path());
    let p = pairs.to_str().unwrap();
    let a = json(&[
        p,
        "--replicates",
        "300",
        "--seed",
        "11",
        "--stratified",
        "--interval",
        "bca",
    ]);
    let b = json(&[
        p,
        "--replicates",
        "300",
        "--seed",
        "11",
        "--stratified",
        "--interval",
        "bca",
    ]);
    let c = json(&[
        p,
        "--replicates",
        "300",
        "--seed",
        "12",
        "--stratified",
        "--interval",
        "bca",
    ]);
    assert_eq!(a["conditions"], b["conditions"]);
    assert_ne!(a["conditions"][0]["ci95"], c["conditions"][0]["ci95"]);
    assert_eq!(a["provenance"]["interval"], "bca");
    assert_eq!(a["provenance"]["stratified"], true);
}

#[test]
fn directory_and_minimal_pairs_line() {
    let dir = tempfile::tempdir().unwrap();
    let line = r#"{"model": "m", "variant": "T2", "program": "p1", "stratum": "nested-if/async", "behavior": "x=y", "base": true, "trans": false}"#;
    std::fs::write(dir.path().join("pairs-a.jsonl"), format!("{line}\n")).unwrap();
    let v = json(&[dir.path().to_str().unwrap(), "--replicates", "10"]);
    let c = &v["conditions"][0];
    assert_eq!((c["N"].as_u64(), c["L"].as_u64()), (Some(1), Some(1)));
    assert_eq!(c["invariance_failure"], 1.0);
    assert_eq!(c["mcnemar_p"], 1.0);
}

#[test]
fn bad_filter_exits_one_with_the_position() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = paper_pairs(dir.path());
    let out = common::run(&[
        "metrics",
        pairs.to_str().unwrap(),
        "--filter",
        "variant=T2  modle=qwen*",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("filter:1:13: unknown key \"modle\" (expected model, variant"),
        "{err}"
    );
}

#[test]
fn bad_input_exits_one_naming_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pairs.jsonl");
    let good = r#"{"model": "m", "variant": "T2", "program": "p1", "stratum": "s", "behavior": "x=y", "base": true, "trans": false}"#;
    std::fs::write(
        &path,
        format!(
            "{good}\n{}\n",
            good.replace("\"base\": true", "\"base\": 3")
        ),
    )
    .unwrap();
    let out = common::run(&["metrics", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("pairs.jsonl:2:"), "{err}");
    let out = common::run(&[
        "metrics",
        dir.path().join("missing.jsonl").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn usage_errors_exit_two() {
    assert_eq!(common::run(&["metrics"]).status.code(), Some(2));
    assert_eq!(
        common::run(&["metrics", "x.jsonl", "--format", "yaml"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        common::run(&["metrics", "x.jsonl", "--interval", "normal"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn tag_filter_reads_the_studys_annotations() {
    let dir = tempfile::tempdir().unwrap();
    paper_pairs(dir.path());
    let decision = |behavior: &str, action: &str| {
        format!(
            r#"{{"program": "p00", "behavior": "{behavior}", "model": "deepseek-coder-v2-lite", "variant": "T2", "action": "{action}", "tag": "polarity", "auditor": "ana", "time": "2026-11-29T15:04:05Z", "version": "0.1.0"}}"#
        )
    };
    // x0 and x40 are pairs of p00 ((i * 7) % 40 == 0); x40 is tagged, then untagged.
    let lines = [
        decision("x0=y", "tag"),
        decision("x40=y", "tag"),
        decision("x40=y", "untag"),
    ];
    std::fs::write(
        dir.path().join("annotations.jsonl"),
        lines.join("\n") + "\n",
    )
    .unwrap();
    let d = dir.path().to_str().unwrap();
    let v = json(&[d, "--replicates", "0", "--filter", "tag=polarity"]);
    assert_eq!(v["conditions"][0]["N"], 1);
    assert_eq!(v["provenance"]["inputs"].as_array().unwrap().len(), 2);
    let v = json(&[
        d,
        "--replicates",
        "0",
        "--filter",
        "tag!=polarity model=deep*",
    ]);
    assert_eq!(v["conditions"][0]["N"], 294);
}
