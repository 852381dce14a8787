//! `flipscope audit` on studies of whole-module programs, through the real binary: a
//! hand-written fixture (a family with two equivalent implementations, a mutant that
//! differs but that no gold property catches, and a family whose port is named by an
//! IEEE 1800 keyword), and the EquivSVA dev split (`../shared/data`), whose families
//! keep every promise. Needs yosys (CI must have it).

mod common;

use serde_json::{Value, json};

const TOGGLE_A: &str = "module toggle_a(input clk, input rst, input en, output reg q);\n  always @(posedge clk)\n    if (rst) q <= 1'b0;\n    else if (en) q <= ~q;\nendmodule\n";
const TOGGLE_B: &str = "module toggle_b(input clk, input rst, input en, output reg q);\n  always @(posedge clk) q <= rst ? 1'b0 : (q ^ en);\nendmodule\n";
/// Resets to 1: differs from reset on, but `!en |=> $stable(q)` still holds.
const TOGGLE_MUTANT: &str = "module toggle_m(input clk, input rst, input en, output reg q);\n  always @(posedge clk)\n    if (rst) q <= 1'b1;\n    else if (en) q <= ~q;\nendmodule\n";
/// Its input is named `release`, an IEEE 1800 keyword.
const RELAY: &str = "module relay(\n  input clk,\n  input rst,\n  input release,\n  output reg q\n);\n  always @(posedge clk) q <= rst ? 1'b0 : release;\nendmodule\n";

fn fixture(dir: &std::path::Path) {
    let programs = [
        json!({
            "id": "toggle", "stratum": "toggle", "synchronous": true, "clock": "posedge clk",
            "kind": "module", "top": "toggle_a", "reset": "rst", "rtl": TOGGLE_A,
            "reference": "a_hold: assert property (@(posedge clk) disable iff (rst) !en |=> $stable(q));",
            "variants": {"b": {"rtl": TOGGLE_B, "top": "toggle_b"}},
            "mutants": {"reset_high": {"rtl": TOGGLE_MUTANT, "top": "toggle_m"}},
        }),
        json!({
            "id": "relay", "stratum": "relay", "synchronous": true, "clock": "posedge clk",
            "kind": "module", "top": "relay", "reset": "rst", "rtl": RELAY,
            "reference": "a_reset: assert property (@(posedge clk) rst |=> !q);",
        }),
    ];
    let text: String = programs.iter().map(|p| format!("{p}\n")).collect();
    std::fs::write(dir.join("programs.jsonl"), text).unwrap();
}

#[test]
fn the_fixture_audit_names_the_keyword_and_the_uncaught_mutant() {
    if !common::have_tools(&["yosys"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fixture(dir.path());
    let cache = tempfile::tempdir().unwrap();
    let out = common::flipscope()
        .env("XDG_CACHE_HOME", cache.path())
        .args(["audit", dir.path().to_str().unwrap(), "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(a["summary"]["families"], 2);
    assert_eq!(a["summary"]["clean"], false);
    // The keyword port, named and located.
    let legality = a["legality"].as_array().unwrap();
    assert_eq!(legality.len(), 1, "{legality:?}");
    assert_eq!(legality[0]["program"], "relay");
    assert_eq!(
        (legality[0]["line"].as_u64(), legality[0]["column"].as_u64()),
        (Some(4), Some(9))
    );
    assert!(
        legality[0]["message"]
            .as_str()
            .unwrap()
            .contains("keyword `release`")
    );
    // The two implementations of `toggle` are equivalent from reset.
    let eq: Vec<&Value> = a["equivalence"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["program"] == "toggle")
        .collect();
    assert_eq!(eq.len(), 1);
    assert_eq!(eq[0]["status"], "equivalent", "{}", eq[0]);
    // The gold property holds on both, not vacuously.
    let gold: Vec<&Value> = a["gold"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["program"] == "toggle")
        .collect();
    assert_eq!(gold.len(), 2);
    assert!(
        gold.iter()
            .all(|g| g["status"] == "pass" && g["vacuous"] == false),
        "{gold:?}"
    );
    // The mutant differs (with a trace) and no gold property detects it.
    let m = &a["mutant_checks"][0];
    assert_eq!(m["mutant"], "reset_high");
    assert_eq!(m["differs"]["status"], "differ", "{m}");
    assert_eq!(m["differs"]["output"], "q");
    assert!(m["differs"]["trace"]["signals"].is_array(), "{m}");
    assert_eq!(m["detected_by"], json!([]));
    // The table says the same.
    let out = common::flipscope()
        .env("XDG_CACHE_HOME", cache.path())
        .args(["audit", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("illegal  relay original: relay.sv:4:9: the IEEE 1800-2017 keyword `release` is used as a port name"), "{table}");
    assert!(
        table.contains("mutant-undetected  toggle reset_high"),
        "{table}"
    );
}

/// The dev split keeps every promise: legal designs, the 6 pairs of each family
/// equivalent, every gold property passing non-vacuously on every implementation,
/// every mutant different and detected.
#[test]
fn the_dev_split_keeps_its_promises() {
    if !common::have_tools(&["yosys"]) {
        return;
    }
    let Some(root) = common::shared_data("equivsva/dataset/splits_v2.0.json") else {
        return;
    };
    let root = root.parent().unwrap().parent().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = common::run(&[
        "import",
        "equivsva",
        root.to_str().unwrap(),
        "--split",
        "dev",
    ]);
    assert!(out.status.success());
    std::fs::write(dir.path().join("programs.jsonl"), out.stdout).unwrap();
    let out = common::run(&["audit", dir.path().to_str().unwrap(), "--format", "json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &a["summary"];
    assert_eq!(s["families"], 24);
    assert_eq!(s["implementations"], 96);
    assert_eq!(s["mutants"], 72);
    assert_eq!(s["illegal_designs"], 0);
    assert_eq!(s["equivalence_pairs"], 144);
    assert_eq!(s["equivalent"], 144, "{}", a["equivalence"]);
    assert_eq!(s["gold_checks"], s["gold_hold"]);
    assert_eq!(s["mutants_differ"], 72);
    assert_eq!(s["mutants_detected"], 72);
    assert_eq!(s["clean"], true, "{}", a["notes"]);
}
