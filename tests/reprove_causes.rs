//! `flipscope reprove` gives every verdict that differs from JasperGold's one cause,
//! decided from evidence (docs/assertionbench.md, "Disagreements by cause"): on a
//! hand-written AssertionBench-style study whose JasperGold verdicts are made up so
//! that each assertion disagrees for one reason. The records carry the cause (the
//! `assertions` filter key `cause`) and the summary counts them. Needs yosys.

mod common;

use std::path::Path;

use serde_json::{Value, json};

/// `cnt` counts and wraps; `prod` is a product JasperGold black-boxed.
const RTL: &str = "module top(input clk, input rst, input [3:0] a, input [3:0] b, input [7:0] data,
           output reg [7:0] cnt, output [7:0] prod);
  assign prod = a * b;
  always @(posedge clk)
    if (rst) cnt <= 8'd0;
    else cnt <= cnt + 8'd1;
endmodule
";

/// The property module: `low` is declared 4 bits and bound to the 8-bit `cnt`.
const PROPERTIES: &str = "module i_top(input clk, input rst, input [3:0] a, input [3:0] b,
  input [7:0] data, input [7:0] cnt, input [7:0] prod, input [3:0] low);
assert property (@(posedge clk) prod == a * b);
assert property (@(posedge clk) !clk);
assert property (@(posedge clk) disable iff (rst) low <= 4'd15);
assert property (@(posedge clk) data[a] == 1'b0 || 1'b1);
assert property (@(posedge clk) rst |=> cnt == 8'd7);
assert property (@(posedge clk) disable iff (rst) cnt != 8'd3);
endmodule
";

/// (JasperGold's made-up status, flipscope's expected one, the cause).
const EXPECTED: [(&str, &str, &str); 6] = [
    ("cex", "pass", "black-boxed-multiplier"),
    ("cex", "pass", "clock-as-data"),
    ("cex", "pass", "width"),
    ("cex", "pass", "out-of-range-read"),
    ("cex", "pass", "reset-convention"),
    ("proven", "fail", "unexplained"),
];

fn study(dir: &Path) {
    let program = json!({
        "id": "top", "stratum": "assertionbench", "synchronous": true,
        "clock": "posedge clk", "reset": "rst", "rtl": RTL, "reference": "",
        "kind": "module", "top": "top", "rtl_name": "top.v",
        "meta": {"bind": {"target": "top", "module": "i_top", "instance": "v_top",
                 "ports": {"clk": "clk", "rst": "rst", "a": "a", "b": "b", "data": "data",
                           "cnt": "cnt", "prod": "prod", "low": "cnt"}}}
    });
    let statements: Vec<&str> = PROPERTIES
        .lines()
        .filter(|l| l.starts_with("assert"))
        .collect();
    let verdicts = |scope: &str| -> Vec<Value> {
        statements
            .iter()
            .enumerate()
            .map(|(i, text)| {
                json!({"assertion": i + 1, "name": format!("{scope}._assert_{}", i + 1),
                       "status": EXPECTED[i].0, "text": text, "line": i + 3})
            })
            .collect()
    };
    let generation = |model: &str, scope: &str| {
        json!({
            "program": "top", "variant": "original", "model": model, "output": PROPERTIES,
            "shots": 1,
            "external": {"engine": "jaspergold", "outcome": "ok", "verdicts": verdicts(scope),
                         "black_boxed": ["top.v(3): multiplication operator mult_4u_4u (size 8) automatically black boxed."]}
        })
    };
    std::fs::write(dir.join("programs.jsonl"), format!("{program}\n")).unwrap();
    std::fs::write(
        dir.join("generations.jsonl"),
        format!(
            "{}\n{}\n",
            generation("m", "top.v_top"),
            generation("unbound", "i_top")
        ),
    )
    .unwrap();
}

#[test]
fn every_differing_verdict_gets_the_cause_its_evidence_shows() {
    let dir = tempfile::tempdir().unwrap();
    study(dir.path());
    let out = common::flipscope()
        .arg("reprove")
        .arg(dir.path())
        .args(["--no-cache", "--format", "json"])
        .output()
        .expect("run flipscope");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    let records = std::fs::read_to_string(dir.path().join("reproof.jsonl")).unwrap();
    let records: Vec<Value> = records
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (i, (_, status, cause)) in EXPECTED.iter().enumerate() {
        let bound = records
            .iter()
            .find(|r| r["id"] == format!("top/m/1-shot/#{}", i + 1))
            .unwrap();
        assert_eq!(bound["status"], *status, "{bound}");
        assert_eq!(bound["cause"], *cause, "{bound}");
        // The same verdicts of a run whose bind did not take: that is their cause.
        let unbound = records
            .iter()
            .find(|r| r["id"] == format!("top/unbound/1-shot/#{}", i + 1))
            .unwrap();
        assert_eq!(unbound["cause"], "bind-not-taken", "{unbound}");
    }
    assert_eq!(s["disagree"], 6, "{s}");
    assert_eq!(s["by_cause"]["bind-not-taken"]["cex_proven"], 5, "{s}");
    assert_eq!(s["by_cause"]["bind-not-taken"]["proven_cex"], 1, "{s}");
    assert_eq!(s["by_cause"]["width"]["cex_proven"], 1, "{s}");
    assert_eq!(s["by_cause"]["unexplained"]["proven_cex"], 1, "{s}");

    // The table by cause, and one cause listed by `assertions`.
    let table = common::flipscope()
        .arg("reprove")
        .arg(dir.path())
        .arg("--no-cache")
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&table.stdout);
    assert!(
        table.contains("multiplier black-boxed by JasperGold (WNL018)"),
        "{table}"
    );
    assert!(table.contains("cause of differing verdicts"), "{table}");
    let listed = common::flipscope()
        .arg("assertions")
        .arg(dir.path())
        .args(["--filter", "cause=clock-as-data", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        listed.status.success(),
        "{}",
        String::from_utf8_lossy(&listed.stderr)
    );
    let listed = String::from_utf8_lossy(&listed.stdout);
    assert!(listed.contains("top/m/1-shot/#2"), "{listed}");
    assert!(!listed.contains("top/m/1-shot/#1\""), "{listed}");
}
