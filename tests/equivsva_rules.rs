//! `--rules equivsva` and `flipscope reconcile` through the real binary, on the raw
//! committed dev generations of `../shared/data/equivsva`: the figures under EquivSVA's
//! rules are the dataset README's exactly, and the reconciliation's causes add up to
//! each figure's difference (docs/equivsva.md, "The dev split: the authors against
//! flipscope", is this command's output). Needs yosys, yosys-smtbmc and z3.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

const RESULTS: &str =
    "equivsva/experiments/results_v2/mlx-community__Qwen2.5-Coder-7B-Instruct-4bit";
const MODEL: &str = "mlx-community/Qwen2.5-Coder-7B-Instruct-4bit";

fn ok(args: &[&str]) -> String {
    let out = common::run(args);
    assert!(
        out.status.success(),
        "flipscope {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The raw dev study (programs and generations) in `dir`; `None` without the data.
fn raw_dev(dir: &Path) -> Option<()> {
    let splits = common::shared_data("equivsva/dataset/splits_v2.0.json")?;
    let root = splits.parent()?.parent()?;
    let results = common::shared_data(RESULTS)?;
    let programs = ok(&["import", "equivsva", root.to_str()?, "--split", "dev"]);
    std::fs::write(dir.join("programs.jsonl"), programs).unwrap();
    let generations = ok(&[
        "import",
        "equivsva-results",
        results.join("dev.jsonl").to_str()?,
    ]);
    std::fs::write(dir.join("generations.jsonl"), generations).unwrap();
    Some(())
}

/// The dataset README's figures (the authors' case study of the dev split).
const PUBLISHED: [(&str, i64); 14] = [
    ("outputs", 96),
    ("syntax_valid", 79),
    ("properties", 400),
    ("interface_only", 302),
    ("sound", 87),
    ("tasks", 96),
    ("tasks_with_sound", 47),
    ("families", 24),
    ("families_all_sound", 6),
    ("families_none_sound", 5),
    ("variant_sensitive", 15),
    ("mutant_checks", 261),
    ("mutant_detections", 0),
    ("mutants_caught", 0),
];

#[test]
fn equivsva_rules_on_the_raw_dev_generations_give_the_published_figures() {
    if !common::have_tools(&["yosys", "yosys-smtbmc", "z3"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let Some(()) = raw_dev(dir.path()) else {
        return;
    };
    let d = dir.path().to_str().unwrap();
    let text = ok(&[
        "metrics",
        d,
        "--rules",
        "equivsva",
        "--format",
        "json",
        "--replicates",
        "0",
    ]);
    let report: Value = serde_json::from_str(&text).unwrap();
    let m = &report["models"][MODEL];
    let got: Vec<(&str, i64)> = PUBLISHED
        .iter()
        .map(|(k, _)| (*k, m[*k].as_i64().unwrap()))
        .collect();
    assert_eq!(got, PUBLISHED);

    // The reconciliation: both columns, and causes that add up exactly.
    let text = ok(&["reconcile", d, "--rules", "equivsva", "--format", "json"]);
    let r: Value = serde_json::from_str(&text).unwrap();
    let rows = r["models"][MODEL].as_array().unwrap();
    let mut table: BTreeMap<&str, (i64, i64, BTreeMap<String, i64>)> = BTreeMap::new();
    for row in rows {
        let causes: BTreeMap<String, i64> = row["causes"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_i64().unwrap()))
            .collect();
        let (f, e) = (
            row["flipscope"].as_i64().unwrap(),
            row["equivsva"].as_i64().unwrap(),
        );
        assert_eq!(causes.values().sum::<i64>(), e - f, "{row}");
        table.insert(row["figure"].as_str().unwrap(), (f, e, causes));
    }
    for (k, v) in PUBLISHED {
        assert_eq!(table[k].1, v, "{k} under equivsva rules");
    }
    let flipscope: Vec<(&str, i64)> = table.iter().map(|(k, v)| (*k, v.0)).collect();
    let expected: BTreeMap<&str, i64> = [
        ("outputs", 96),
        ("syntax_valid", 81),
        ("properties", 410),
        ("interface_only", 328),
        ("sound", 101),
        ("tasks", 96),
        ("tasks_with_sound", 55),
        ("families", 24),
        ("families_all_sound", 7),
        ("families_none_sound", 3),
        ("variant_sensitive", 17),
        ("mutant_checks", 303),
        ("mutant_detections", 1),
        ("mutants_caught", 1),
    ]
    .into_iter()
    .collect();
    assert_eq!(
        flipscope,
        expected.into_iter().collect::<Vec<_>>(),
        "flipscope's column"
    );
    let sound: Vec<(&str, i64)> = table["sound"]
        .2
        .iter()
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(
        sound,
        [
            ("formal-status", -1),
            ("interface-quirk", -6),
            ("lowering-unsupported", -5),
            ("syntax:immediate-assertion-outside-procedure", -4),
            ("vacuity", 2),
        ]
    );
    let syntax: Vec<(&str, &str)> = r["syntax"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["task"].as_str().unwrap(), s["rule"].as_str().unwrap()))
        .collect();
    assert_eq!(
        syntax,
        [
            (
                "rate_limiter_0009__function_update",
                "immediate-assertion-outside-procedure"
            ),
            (
                "rate_limiter_0009__original",
                "immediate-assertion-outside-procedure"
            ),
        ]
    );
    let status = r["formal_status"].as_array().unwrap();
    assert_eq!(status.len(), 1);
    assert_eq!(status[0]["property"], "p_value_decreases_on_dec");
    assert_eq!(
        (
            status[0]["flipscope"].as_str(),
            status[0]["equivsva"].as_str()
        ),
        (Some("pass"), Some("unknown"))
    );
    assert_eq!(r["dataset_defects"], Value::Array(Vec::new()));
    // flipscope's syntax gate rejects the property declared twice too
    // (interrupt_0009__onehot_case's `p_wait_low_to_armed`): no cause of a difference.
    assert!(
        rows.iter()
            .all(|row| row["causes"].get("syntax:redefinition").is_none()),
        "{rows:?}"
    );
}

/// `--rules flipscope` is the default, and reconcile needs other rules.
#[test]
fn reconcile_needs_rules_to_compare() {
    let dir = tempfile::tempdir().unwrap();
    let out = common::run(&[
        "reconcile",
        dir.path().to_str().unwrap(),
        "--rules",
        "flipscope",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to reconcile"));
}

/// A family whose own RTL uses a keyword as a port name is a dataset defect: left out
/// under flipscope's rules (a warning names it), counted with
/// `--include-invalid-designs`, every output of it rejected under EquivSVA's.
#[test]
fn a_family_with_a_keyword_port_is_a_dataset_defect() {
    let dir = tempfile::tempdir().unwrap();
    let good = "module good(input clk, input rst, input a, output reg q);\n  always @(posedge clk) q <= rst ? 1'b0 : a;\nendmodule\n";
    let bad = "module bad(\n  input clk,\n  input rst,\n  input use,\n  output reg q\n);\n  always @(posedge clk) q <= rst ? 1'b0 : use;\nendmodule\n";
    let program = |id: &str, top: &str, rtl: &str| {
        serde_json::json!({"id": id, "stratum": id, "synchronous": true, "clock": "posedge clk",
            "kind": "module", "top": top, "reset": "rst", "rtl": rtl, "reference": ""})
    };
    let verdict = |id: &str| {
        serde_json::json!({"program": id, "variant": "original", "model": "m", "index": 0,
            "name": "p", "text": "property p; @(posedge clk) q; endproperty\nassert property (p);",
            "syntax": {"ok": true}, "interface_only": true, "status": {"status": "fail"}})
    };
    let lines = |v: Vec<Value>| v.iter().map(|x| format!("{x}\n")).collect::<String>();
    std::fs::write(
        dir.path().join("programs.jsonl"),
        lines(vec![
            program("good", "good", good),
            program("bad", "bad", bad),
        ]),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("verdicts.jsonl"),
        lines(vec![verdict("good"), verdict("bad")]),
    )
    .unwrap();
    let d = dir.path().to_str().unwrap();
    let figures = |extra: &[&str]| {
        let mut args = vec!["metrics", d, "--format", "json", "--replicates", "0"];
        args.extend_from_slice(extra);
        let out = common::run(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            v["models"]["m"].clone(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (m, stderr) = figures(&[]);
    assert_eq!(
        (m["families"].as_i64(), m["outputs"].as_i64()),
        (Some(1), Some(1))
    );
    assert!(
        stderr.contains("program \"bad\" is a dataset defect: its original is not legal IEEE 1800 (4:9: the IEEE 1800-2017 keyword `use` is used as a port name)"),
        "{stderr}"
    );
    let (m, _) = figures(&["--include-invalid-designs"]);
    assert_eq!(
        (m["families"].as_i64(), m["syntax_valid"].as_i64()),
        (Some(2), Some(2))
    );
    let (m, _) = figures(&["--rules", "equivsva"]);
    assert_eq!(
        (m["families"].as_i64(), m["syntax_valid"].as_i64()),
        (Some(2), Some(1))
    );
}
