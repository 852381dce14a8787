//! `flipscope transform STUDY --kinds T1,T2,T3 --out NEW_STUDY` through the real binary:
//! a hand-written family, the command's usage errors, and the EquivSVA dev split
//! (`../shared/data`), where every rewrite added is proven equivalent (counts per kind
//! asserted) and the audit of the new study agrees. Needs yosys (CI must have it).

mod common;

use std::path::Path;

use serde_json::{Value, json};

const TOGGLE: &str = "module toggle(input clk, input rst, input en, input a, output reg q, output y);\n  reg seen;\n  assign y = a & en;\n  always @(posedge clk)\n    if (rst) begin q <= 1'b0; seen <= 1'b0; end\n    else if (en && !seen) begin q <= ~q; seen <= 1'b1; end\nendmodule\n";
/// No commutative operator, no internal name: only T3 applies.
const WIRE: &str =
    "module wire_through(input clk, input rst, input d, output q);\n  assign q = d;\nendmodule\n";

fn fixture(dir: &Path) {
    let programs = [
        json!({
            "id": "toggle", "stratum": "toggle", "synchronous": true, "clock": "posedge clk",
            "kind": "module", "top": "toggle", "reset": "rst", "rtl": TOGGLE,
            "reference": "a_reset: assert property (@(posedge clk) rst |=> !q);",
        }),
        json!({
            "id": "wire", "stratum": "wire", "synchronous": true, "clock": "posedge clk",
            "kind": "module", "top": "wire_through", "reset": "rst", "rtl": WIRE,
            "reference": "a_same: assert property (@(posedge clk) q == d);",
        }),
    ];
    let text: String = programs.iter().map(|p| format!("{p}\n")).collect();
    std::fs::write(dir.join("programs.jsonl"), text).unwrap();
    std::fs::write(
        dir.join("generations.jsonl"),
        "{\"model\": \"m\", \"program\": \"toggle\", \"variant\": \"original\", \"output\": \"x\"}\n",
    )
    .unwrap();
}

fn programs(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("programs.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn transform(study: &Path, out: &Path) -> std::process::Output {
    common::module_study::transform(study, out, "T1,T2,T3", &[])
}

#[test]
fn a_fixture_gets_its_proven_rewrites_and_the_reasons_for_the_others() {
    if !common::have_tools(&["yosys"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fixture(dir.path());
    let out = dir.path().join("new");
    let run = transform(dir.path(), &out);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("program \"wire\": T1: not applicable: no commutative operand to reorder"),
        "{stderr}"
    );
    assert!(
        stderr.contains("program \"wire\": T2: not applicable: no internal signal"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T1: 1 added (proven equivalent), 1 not applicable\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T2: 1 added (proven equivalent), 1 not applicable\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T3: 2 added (proven equivalent)\n"),
        "{stderr}"
    );
    let p = programs(&out);
    let toggle = &p[0]["variants"];
    assert_eq!(
        toggle["T1"]["rtl"],
        TOGGLE
            .replace("a & en", "en & a")
            .replace("en && !seen", "!seen && en")
    );
    assert_eq!(toggle["T2"]["rename"], json!({"v1": "seen"}));
    assert_eq!(toggle["T2"]["meta"]["transform"]["equivalence"], "proven");
    assert_eq!(
        toggle["T2"]["meta"]["transform"]["gold"],
        json!({"a_reset": "pass"})
    );
    assert_eq!(toggle["T3"]["rtl_name"], "toggle.T3.sv");
    assert_eq!(
        p[1]["variants"]["T3"]["rtl"],
        WIRE.replace("= d;", "= (d);")
    );
    // The generations are the study's own, byte for byte.
    assert_eq!(
        std::fs::read(out.join("generations.jsonl")).unwrap(),
        std::fs::read(dir.path().join("generations.jsonl")).unwrap()
    );
    // A second run into the same directory is refused: the new study is there.
    let again = transform(dir.path(), &out);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("the directory is not empty"));
}

#[test]
fn usage_errors_are_named() {
    let dir = tempfile::tempdir().unwrap();
    fixture(dir.path());
    let d = dir.path().to_str().unwrap();
    let no_out = common::run(&["transform", d, "--kinds", "T1"]);
    assert_eq!(no_out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_out.stderr).contains("--out"));
    let bad = common::run(&["transform", d, "--kinds", "T1,T9", "--out", "x"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown transformation `T9`"));
    let both = common::run(&[
        "transform",
        d,
        "--kind",
        "T1",
        "--kinds",
        "T1",
        "--out",
        "x",
    ]);
    assert_eq!(both.status.code(), Some(2));
    // A study of fragments only is not a whole-module study.
    let frag = tempfile::tempdir().unwrap();
    std::fs::write(
        frag.path().join("programs.jsonl"),
        "{\"id\": \"p\", \"stratum\": \"s\", \"synchronous\": false, \"rtl\": \"if (a && b) x = 1;\\n\", \"reference\": \"\"}\n",
    )
    .unwrap();
    let out = frag.path().join("new");
    let run = transform(frag.path(), &out);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no whole-module program"));
    assert!(!out.exists());
}

#[test]
fn every_rewrite_of_the_equivsva_dev_split_is_proven_and_counted() {
    if !common::have_tools(&["yosys"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let Some(study) = common::module_study::dev_study(dir.path(), &[]) else {
        return;
    };
    let imported = std::fs::read(study.join("programs.jsonl")).unwrap();
    assert!(!imported.is_empty());
    let out = dir.path().join("new");
    let run = transform(&study, &out);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    // T1 finds no commutative operand in 8 canonical implementations (their conditions
    // are single signals and `!signal`); T2 and T3 apply everywhere. Nothing unproven.
    assert!(
        stderr.contains("T1: 16 added (proven equivalent), 8 not applicable\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T2: 24 added (proven equivalent)\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T3: 24 added (proven equivalent)\n"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("unproven") && !stderr.contains("gold flip"),
        "{stderr}"
    );
    let before: Vec<Value> = imported
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let after = programs(&out);
    assert_eq!(after.len(), 24);
    let mut per_kind = std::collections::BTreeMap::new();
    for (b, a) in before.iter().zip(&after) {
        // Everything but the variants is as imported, and the dataset's three other
        // implementations are still there.
        let strip = |v: &Value| {
            let mut v = v.clone();
            v.as_object_mut().unwrap().remove("variants");
            v
        };
        assert_eq!(strip(b), strip(a));
        for (name, v) in b["variants"].as_object().unwrap() {
            assert_eq!(&a["variants"][name], v);
        }
        for (name, v) in a["variants"].as_object().unwrap() {
            let Some(t) = v["meta"].get("transform") else {
                continue;
            };
            *per_kind.entry(name.clone()).or_insert(0) += 1;
            assert_eq!(t["kind"], name.as_str());
            assert_eq!(t["source"], "original");
            assert_eq!(t["equivalence"], "proven");
            let gold = t["gold"].as_object().unwrap();
            assert!(!gold.is_empty(), "{}: {name}", a["id"]);
            assert!(
                gold.values().all(|s| s == "pass"),
                "{}: {name}: {gold:?}",
                a["id"]
            );
            assert_ne!(v["rtl"], a["rtl"]);
            if name != "T2" {
                assert!(v.get("rename").is_none());
            }
        }
    }
    assert_eq!(
        per_kind,
        [
            ("T1".to_string(), 16),
            ("T2".to_string(), 24),
            ("T3".to_string(), 24)
        ]
        .into_iter()
        .collect()
    );
    // The module audit of two families of the new study, an independent path: every
    // pair of their seven implementations equivalent, every gold property passing.
    let two = dir.path().join("two");
    std::fs::create_dir(&two).unwrap();
    let text: String = after
        .iter()
        .filter(|p| p["id"] == "arbiter_0007" || p["id"] == "counter_0007")
        .map(|p| format!("{p}\n"))
        .collect();
    std::fs::write(two.join("programs.jsonl"), text).unwrap();
    let audit = common::run(&["audit", two.to_str().unwrap(), "--format", "json"]);
    assert!(
        audit.status.success(),
        "{}",
        String::from_utf8_lossy(&audit.stderr)
    );
    let a: Value = serde_json::from_slice(&audit.stdout).unwrap();
    let eq = a["equivalence"].as_array().unwrap();
    assert!(eq.len() >= 2 * 15, "{}", eq.len());
    assert!(eq.iter().all(|c| c["status"] == "equivalent"), "{eq:?}");
    let gold = a["gold"].as_array().unwrap();
    assert!(gold.iter().all(|g| g["status"] == "pass"), "{gold:?}");
}

#[test]
fn with_implementations_all_every_implementation_gets_its_own_rewrites() {
    if !common::have_tools(&["yosys"]) {
        return;
    }
    let b = "module toggle_b(input clk, input rst, input en, output reg q);\n  wire n;\n  assign n = q ^ en;\n  always @(posedge clk) q <= rst ? 1'b0 : n;\nendmodule\n";
    let a = "module toggle_a(input clk, input rst, input en, output reg q);\n  always @(posedge clk)\n    if (rst) q <= 1'b0;\n    else if (en && !rst) q <= ~q;\nendmodule\n";
    let dir = tempfile::tempdir().unwrap();
    let program = json!({
        "id": "toggle", "stratum": "toggle", "synchronous": true, "clock": "posedge clk",
        "kind": "module", "top": "toggle_a", "reset": "rst", "rtl": a,
        "reference": "a_reset: assert property (@(posedge clk) rst |=> !q);",
        "variants": {"b": {"rtl": b, "top": "toggle_b"}},
    });
    std::fs::write(dir.path().join("programs.jsonl"), format!("{program}\n")).unwrap();
    let out = dir.path().join("new");
    let run = common::module_study::transform(
        dir.path(),
        &out,
        "T1,T2,T3",
        &["--implementations", "all"],
    );
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("program \"toggle\": T2: not applicable"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T1: 2 added (proven equivalent)\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T2: 1 added (proven equivalent), 1 not applicable\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T3: 2 added (proven equivalent)\n"),
        "{stderr}"
    );
    let p = &programs(&out)[0]["variants"];
    assert_eq!(p["b.T1"]["rtl"], b.replace("q ^ en", "en ^ q"));
    assert_eq!(p["b.T2"]["rename"], json!({"v1": "n"}));
    assert_eq!(p["b.T1"]["top"], "toggle_b");
    assert_eq!(p["b.T1"]["meta"]["transform"]["source"], "b");
    assert_eq!(p["b.T3"]["rtl_name"], "toggle_b.T3.sv");
    assert_eq!(p["T1"]["rtl"], a.replace("en && !rst", "!rst && en"));
    assert!(p.get("T1.T1").is_none() && p.get("b.T1.T1").is_none());
}
