//! `flipscope reprove` on a hand-written AssertionBench-style study: a property module
//! whose port is narrower than the design signal bound to it reads the signal
//! truncated (IEEE 1800 23.3.3) and the mismatch is listed; verdicts of a run whose
//! bind did not take (`i_<top>._assert_N`) get their own row and are not compared.
//! Needs yosys.

mod common;

use std::path::Path;

use serde_json::{Value, json};

/// `cnt` counts to 255 and wraps; `low` is its low nibble.
const RTL: &str = "module top(input clk, input rst, output reg [7:0] cnt);
  always @(posedge clk)
    if (rst) cnt <= 8'd0;
    else cnt <= cnt + 8'd1;
endmodule
";

/// The property module declares `cnt` 4 bits wide: it sees the counter's low nibble.
const PROPERTIES: &str = "module i_top(input clk, input rst, input [3:0] cnt);
assert property (@(posedge clk) disable iff (rst) cnt <= 4'd15);
assert property (@(posedge clk) disable iff (rst) cnt != 4'd15 |=> cnt == 4'd0 || cnt != 4'd0);
endmodule
";

fn study(dir: &Path, bind_taken: bool) {
    let program = json!({
        "id": "top", "stratum": "assertionbench", "synchronous": true,
        "clock": "posedge clk", "reset": "rst", "rtl": RTL, "reference": "",
        "kind": "module", "top": "top", "rtl_name": "top.v",
        "meta": {"bind": {"target": "top", "module": "i_top", "instance": "v_top",
                 "ports": {"clk": "clk", "rst": "rst", "cnt": "cnt"}}}
    });
    let scope = if bind_taken { "top.v_top" } else { "i_top" };
    let statements: Vec<&str> = PROPERTIES
        .lines()
        .filter(|l| l.starts_with("assert"))
        .collect();
    let verdicts: Vec<Value> = statements
        .iter()
        .enumerate()
        .map(|(i, text)| {
            json!({"assertion": i + 1, "name": format!("{scope}._assert_{}", i + 1),
                   "status": if i == 0 { "cex" } else { "proven" }, "text": text, "line": i + 2})
        })
        .collect();
    let generation = json!({
        "program": "top", "variant": "original", "model": "m", "output": PROPERTIES,
        "shots": 1,
        "external": {"engine": "jaspergold", "outcome": "ok", "verdicts": verdicts}
    });
    std::fs::write(dir.join("programs.jsonl"), format!("{program}\n")).unwrap();
    std::fs::write(dir.join("generations.jsonl"), format!("{generation}\n")).unwrap();
}

fn reprove(dir: &Path) -> Value {
    let out = common::flipscope()
        .arg("reprove")
        .arg(dir)
        .args(["--no-cache", "--format", "json"])
        .output()
        .expect("run flipscope");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_narrower_port_reads_the_signal_truncated_and_is_listed() {
    let dir = tempfile::tempdir().unwrap();
    study(dir.path(), true);
    let s = reprove(dir.path());
    let mismatches = s["width_mismatches"].as_array().unwrap();
    assert_eq!(mismatches.len(), 1, "{s}");
    let line = mismatches[0].as_str().unwrap();
    assert!(
        line.contains("port `cnt` is 4 bits, bound to `cnt` of 8 bits: read as `4'(cnt)`"),
        "{line}"
    );
    // Read through the 4-bit port, `cnt <= 15` always holds: proven (JasperGold's `cex`
    // here is made up, so the two disagree on it).
    let records = std::fs::read_to_string(dir.path().join("reproof.jsonl")).unwrap();
    let first: Value = serde_json::from_str(records.lines().next().unwrap()).unwrap();
    assert_eq!(first["status"], "pass", "{first}");
    assert!(
        first["property"].as_str().unwrap().contains("(4'(cnt))"),
        "{first}"
    );
    assert_eq!(s["disagree"], 1, "{s}");
}

#[test]
fn verdicts_of_a_bind_not_taken_are_not_compared() {
    let dir = tempfile::tempdir().unwrap();
    study(dir.path(), false);
    let s = reprove(dir.path());
    assert_eq!(s["compared"], 0, "{s}");
    assert_eq!(s["disagree"], 0, "{s}");
    assert_eq!(s["agreement"]["bind-not-taken"]["proven"], 2, "{s}");
    let table = common::flipscope()
        .arg("reprove")
        .arg(dir.path())
        .arg("--no-cache")
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&table.stdout);
    assert!(table.contains("bind-not-taken (not compared)"), "{table}");
}
