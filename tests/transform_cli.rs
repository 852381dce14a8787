//! `flipscope transform` and `flipscope import vert --variants` through the real binary:
//! golden rewrites of hand-made programs, the JSON form, errors and exit statuses, and
//! every variant of both VERT nested-if files validating.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/transform")
        .join(name)
}

/// Runs the binary with its parse cache under `cache_home` (never the user's own).
fn run_cached(cache_home: &Path, args: &[&str]) -> Output {
    common::flipscope()
        .env("XDG_CACHE_HOME", cache_home)
        .args(args)
        .output()
        .expect("run flipscope")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn golden_rewrites_of_hand_made_programs() {
    for name in ["else_if_tree", "case_fsm", "counter_module"] {
        let source = fixture(&format!("{name}.sv"));
        for kind in ["T1", "T2", "T3"] {
            let out = common::run(&[
                "transform",
                "--no-cache",
                "--kind",
                kind,
                source.to_str().unwrap(),
            ]);
            assert!(out.status.success(), "{name} {kind}: {}", stderr(&out));
            let expected = std::fs::read_to_string(fixture(&format!("{name}.{kind}.sv"))).unwrap();
            assert_eq!(stdout(&out), expected, "{name} {kind}");
        }
    }
}

#[test]
fn t1_without_a_chain_leaves_the_text_and_says_why() {
    let source = fixture("mixed_only.sv");
    let out = common::run(&[
        "transform",
        "--no-cache",
        "--kind",
        "T1",
        source.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), std::fs::read_to_string(&source).unwrap());
    assert!(
        stderr(&out).contains("T1 does not apply"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn json_carries_the_rename_map_the_clock_and_the_edits() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.sv");
    std::fs::write(&path, "if (en && clk_en) q <= d;\n").unwrap();
    let out = run_cached(
        dir.path(),
        &[
            "transform",
            "--kind",
            "T2",
            "--clock",
            "posedge clk",
            "--json",
            path.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"], "T2");
    assert_eq!(v["applied"], true);
    assert_eq!(v["rtl"], "if (v2 && v3) v4 <= v5;\n");
    assert_eq!(v["clock"], "posedge v1");
    assert_eq!(v["rename"]["v1"], "clk");
    assert_eq!(v["rename"]["v3"], "clk_en");
    let edits = v["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 4);
    assert_eq!(edits[0]["start"], 4);
    assert_eq!(edits[0]["before"], "en");
    assert_eq!(edits[0]["after"], "v2");
}

#[test]
fn bad_input_exits_1_with_its_position_and_bad_usage_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.sv");
    std::fs::write(&path, "if (a && b)\n  x = 1\ny = 2;\n").unwrap();
    let out = common::run(&[
        "transform",
        "--no-cache",
        "--kind",
        "T1",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("broken.sv:3:1:"), "{err}");
    assert!(err.contains("expected `;`"), "{err}");
    assert!(stdout(&out).is_empty());

    let out = common::run(&["transform", "--kind", "T4", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("expected T1, T2 or T3"),
        "{}",
        stderr(&out)
    );

    let vert = fixture("case_fsm.sv");
    let out = common::run(&[
        "import",
        "vert",
        vert.to_str().unwrap(),
        "--variants",
        "T1,T9",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// Imports a VERT file with all three variants and checks every one validated.
fn import_all_variants(rel: &str) {
    let Some(path) = common::shared_data(rel) else {
        return;
    };
    let cache = tempfile::tempdir().unwrap();
    let out = run_cached(
        cache.path(),
        &[
            "import",
            "vert",
            path.to_str().unwrap(),
            "--variants",
            "T1,T2,T3",
        ],
    );
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(
            "variants of 3008 programs: T1: 2607 written, 401 not applicable, 0 failed; \
             T2: 3008 written, 0 not applicable, 0 failed; T3: 3008 written, 0 not applicable, 0 failed"
        ),
        "{err}"
    );
    assert!(!err.contains("variant not written"), "{err}");
    let programs: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(programs.len(), 3008);
    let mut t1 = 0;
    for p in &programs {
        let rtl = p["rtl"].as_str().unwrap();
        let variants = &p["variants"];
        if let Some(v) = variants.get("T1") {
            t1 += 1;
            assert_ne!(v["rtl"].as_str().unwrap(), rtl, "{}", p["id"]);
        }
        // T2 maps back to the original text exactly through its rename map.
        let t2 = &variants["T2"];
        let back: HashMap<String, String> = t2["rename"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
            .collect();
        let t2_rtl = t2["rtl"].as_str().unwrap();
        assert_eq!(
            flipscope::sva::rename_identifiers(t2_rtl, &back),
            rtl,
            "{}",
            p["id"]
        );
        if p["synchronous"] == true {
            let clock = t2["clock"].as_str().unwrap();
            assert_eq!(
                flipscope::sva::rename_identifiers(clock, &back),
                p["clock"].as_str().unwrap()
            );
        }
        // T3 only adds parentheses.
        let t3 = variants["T3"]["rtl"].as_str().unwrap();
        assert_eq!(
            t3.replace(['(', ')'], ""),
            rtl.replace(['(', ')'], ""),
            "{}",
            p["id"]
        );
    }
    assert_eq!(t1, 2607);
}

#[test]
fn every_variant_of_the_async_nested_if_file_validates() {
    import_all_variants("vert/ifdataset-not-else.json");
}

#[test]
fn every_variant_of_the_sync_nested_if_file_validates() {
    import_all_variants("vert/ifdataset-not-else-synch.json");
}

#[test]
fn import_reports_a_variant_it_cannot_make_with_the_program_id() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.json");
    let records = serde_json::json!([
        {"Code": "if (a && b) begin\n  x = y;\nend\n",
         "Assertion": "property name; (a && b) |=> x == y ;endproperty",
         "Synchronous": "False"},
        {"Code": "if (a && b) begin\n  x = y\nend\n",
         "Assertion": "property name; (a && b) |=> x == y ;endproperty",
         "Synchronous": "False"}
    ]);
    std::fs::write(&path, records.to_string()).unwrap();
    let out = run_cached(
        dir.path(),
        &[
            "import",
            "vert",
            path.to_str().unwrap(),
            "--variants",
            "T1,T2",
        ],
    );
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("variant not written: program small/0001: T1: the RTL does not parse: 3:1:"),
        "{err}"
    );
    assert!(
        err.contains("T1: 1 written, 0 not applicable, 1 failed"),
        "{err}"
    );
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[0]["variants"]["T1"]["rtl"],
        "if (b && a) begin\n  x = y;\nend\n"
    );
    assert_eq!(lines[0]["variants"]["T2"]["rename"]["v1"], "a");
    assert!(
        lines[1]
            .get("variants")
            .is_none_or(|v| v.as_object().unwrap().is_empty())
    );
}
