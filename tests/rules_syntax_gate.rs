//! flipscope's syntax gate through the real binary, on a hand-written module study:
//! IEEE 1800 legality of each output with its design (sv-parser, then yosys), a
//! property name declared twice rejected under both rules, and a family whose own RTL
//! uses a keyword as a port name left out as a dataset defect (never charged to the
//! model) unless `--include-invalid-designs` (docs/equivsva.md, "Scoring rules").
//! Needs yosys, yosys-smtbmc and z3.

mod common;

use std::path::Path;

use serde_json::Value;

const GOOD: &str = "module good(input clk, input rst, input a, output reg q);\n  always @(posedge clk) q <= rst ? 1'b0 : a;\nendmodule\n";
const BAD: &str = "module bad(\n  input clk,\n  input rst,\n  input use,\n  output reg q\n);\n  always @(posedge clk) q <= rst ? 1'b0 : use;\nendmodule\n";
/// Declares `p_q` twice: slang's "redefinition of 'p_q'"; yosys accepts it.
const TWICE: &str = "```systemverilog\nproperty p_q;\n  @(posedge clk) disable iff (rst) a |=> q;\nendproperty\nproperty p_q;\n  @(posedge clk) disable iff (rst) a |=> q;\nendproperty\nassert property (p_q);\n```";
const ONCE: &str =
    "```systemverilog\nassert property (@(posedge clk) disable iff (rst) a |=> q);\n```";
const ON_BAD: &str = "assert property (@(posedge clk) rst |=> !q);";

fn study(dir: &Path) {
    let program = |id: &str, rtl: &str| {
        serde_json::json!({"id": id, "stratum": id, "synchronous": true, "clock": "posedge clk",
            "kind": "module", "top": id, "reset": "rst", "rtl": rtl, "reference": ""})
    };
    let generation = |program: &str, model: &str, output: &str| serde_json::json!({"program": program, "variant": "original", "model": model, "output": output});
    let lines = |v: Vec<Value>| v.iter().map(|x| format!("{x}\n")).collect::<String>();
    std::fs::write(
        dir.join("programs.jsonl"),
        lines(vec![program("good", GOOD), program("bad", BAD)]),
    )
    .unwrap();
    std::fs::write(
        dir.join("generations.jsonl"),
        lines(vec![
            generation("good", "m1", TWICE),
            generation("good", "m2", ONCE),
            generation("bad", "m1", ON_BAD),
            generation("bad", "m2", ON_BAD),
        ]),
    )
    .unwrap();
}

fn run(args: &[&str]) -> (String, String) {
    let out = common::run(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "flipscope {args:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// (outputs, syntax_valid, sound) per model.
fn figures(v: &Value, model: &str) -> (i64, i64, i64) {
    let m = &v["models"][model];
    let n = |k: &str| m[k].as_i64().unwrap_or(-1);
    (n("outputs"), n("syntax_valid"), n("sound"))
}

#[test]
fn the_gate_rejects_a_redefinition_and_never_charges_a_dataset_defect() {
    if !common::have_tools(&["yosys", "yosys-smtbmc", "z3"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    study(dir.path());
    let d = dir.path().to_str().unwrap();
    let verdicts = dir.path().join("verdicts.jsonl");
    run(&["score", d, "--verdicts", verdicts.to_str().unwrap()]);
    let lines: Vec<Value> = std::fs::read_to_string(&verdicts)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let line = |program: &str, model: &str, index: u64| {
        lines
            .iter()
            .find(|v| v["program"] == program && v["model"] == model && v["index"] == index)
            .unwrap_or_else(|| panic!("{program} {model} {index}: {lines:#?}"))
    };
    // The second declaration of `p_q` is not legal IEEE 1800; the first is sound.
    assert_eq!(line("good", "m1", 0)["syntax"]["ok"], true);
    let second = &line("good", "m1", 1)["syntax"];
    assert_eq!(second["ok"], false, "{second}");
    let message = second["message"].as_str().unwrap();
    assert!(
        message.contains("redefinition of 'p_q' (first declared at"),
        "{message}"
    );
    assert_eq!(line("good", "m2", 0)["sound"], true);
    // The defect family's outputs keep yosys' verdict: the model is not charged.
    assert_eq!(line("bad", "m1", 0)["syntax"]["ok"], true);
    assert_eq!(line("bad", "m2", 0)["syntax"]["ok"], true);

    let metrics = |extra: &[&str]| {
        let mut args = vec!["metrics", d, "--format", "json", "--replicates", "0"];
        args.extend_from_slice(extra);
        let (out, stderr) = run(&args);
        (serde_json::from_str::<Value>(&out).unwrap(), stderr)
    };
    // flipscope's rules: the defect family is left out, with a warning naming it.
    let (v, stderr) = metrics(&[]);
    assert_eq!(figures(&v, "m1"), (1, 0, 0), "the redefinition: not valid");
    assert_eq!(figures(&v, "m2"), (1, 1, 1));
    assert!(
        stderr.contains("program \"bad\" is a dataset defect: its original is not legal IEEE 1800 (4:9: the IEEE 1800-2017 keyword `use` is used as a port name); left out of the figures"),
        "{stderr}"
    );
    // Counted on request, and then valid: the design's fault is not the model's.
    let (v, _) = metrics(&["--include-invalid-designs"]);
    assert_eq!(figures(&v, "m1"), (2, 1, 1));
    assert_eq!(figures(&v, "m2"), (2, 2, 2));
    // EquivSVA's rules reject the redefinition too, and every output of the defect.
    let (v, _) = metrics(&["--rules", "equivsva"]);
    assert_eq!(figures(&v, "m1"), (2, 0, 0));
    assert_eq!(figures(&v, "m2"), (2, 1, 1));

    // The reconciliation: the defect is a cause of its own, the redefinition none (both
    // rules reject it), and the causes add up to each difference.
    let (out, _) = run(&["reconcile", d, "--rules", "equivsva", "--format", "json"]);
    let r: Value = serde_json::from_str(&out).unwrap();
    for model in ["m1", "m2"] {
        for row in r["models"][model].as_array().unwrap() {
            let causes = row["causes"].as_object().unwrap();
            let sum: i64 = causes.values().map(|c| c.as_i64().unwrap()).sum();
            let diff = row["equivsva"].as_i64().unwrap() - row["flipscope"].as_i64().unwrap();
            assert_eq!(sum, diff, "{model} {row}");
            assert!(!causes.contains_key("syntax:redefinition"), "{model} {row}");
        }
    }
    let outputs = r["models"]["m1"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["figure"] == "outputs")
        .unwrap();
    assert_eq!(outputs["causes"]["dataset-defect"], 1, "{outputs}");
    let defects = r["dataset_defects"].as_array().unwrap();
    assert_eq!(defects.len(), 1, "{defects:?}");
    assert!(defects[0].to_string().contains("bad"), "{defects:?}");
}
