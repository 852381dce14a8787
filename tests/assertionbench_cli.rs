//! AssertionBench end to end through the binary: import the shared data, the P/C/E
//! metrics in CSV, and the re-proof of a handful of small designs with their agreement
//! figures (needs yosys: skipped without it, failed under CI).

mod common;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn yosys_present() -> bool {
    let ok = Command::new("yosys")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok && std::env::var_os("CI").is_some() {
        panic!("CI is set but yosys is missing (.ci/run installs it)");
    }
    ok
}

fn run_ok(args: &[&str]) -> (String, String) {
    let out = common::run(args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "flipscope {args:?} failed:\n{stderr}");
    (stdout, stderr)
}

fn import(dir: &Path) -> Option<String> {
    let data = common::shared_data("assertionbench/Jasper_llama_results")?;
    let data = data.parent().unwrap().to_str().unwrap().to_string();
    let out = dir.join("ab");
    let (_, stderr) = run_ok(&[
        "import",
        "assertionbench",
        &data,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stderr.contains("123 programs, 860 generations"), "{stderr}");
    assert!(stderr.contains("[count-mismatch]"), "{stderr}");
    Some(out.to_str().unwrap().to_string())
}

#[test]
fn import_metrics_and_reproof_of_small_designs() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(study) = import(tmp.path()) else {
        return;
    };
    for f in [
        "programs.jsonl",
        "generations.jsonl",
        "import-warnings.jsonl",
    ] {
        assert!(Path::new(&study).join(f).is_file(), "{f}");
    }
    // The study loads like any other.
    let (validate, _) = run_ok(&["validate", &study]);
    assert!(validate.contains("123"), "{validate}");

    // P, C, E per (design, model, shots).
    // Plain CSV: the provenance goes to standard error, or to --provenance FILE.
    let (csv, stderr) = run_ok(&["metrics", &study, "--format", "csv", "--replicates", "100"]);
    let rows: Vec<&str> = csv.lines().collect();
    assert!(rows.iter().all(|r| !r.starts_with('#')), "{csv}");
    assert!(stderr.contains("verdicts: jaspergold"), "{stderr}");
    assert_eq!(
        rows[0],
        "design,top,model,shots,assertions,proven,cex,P,C,E"
    );
    assert_eq!(rows.len() - 1, 686, "cells with verdicts");
    assert!(
        rows.contains(&"fht_bfly,fht_bfly,codellama2-70b,1,2,0,2,0,1,0"),
        "{csv}"
    );
    assert!(
        rows.iter()
            .any(|r| r.starts_with("fht_1d_x8,fht_1d_x8,gpt-3.5,1,0,0,0,0,0,1")),
        "a syntax error: E = 1"
    );
    // Rows are named by the design's folder (the paper's name), the top module beside it.
    for (folder, top) in [("RMON_ctrl", "RMON_CTRL"), ("MAC_tx_Ctrl", "MAC_tx_ctrl")] {
        assert!(
            rows.iter()
                .any(|r| r.starts_with(&format!("{folder},{top},"))),
            "{folder}: {csv}"
        );
    }
    let sidecar = tmp.path().join("provenance.txt");
    let (again, stderr) = run_ok(&[
        "metrics",
        &study,
        "--format",
        "csv",
        "--replicates",
        "100",
        "--provenance",
        sidecar.to_str().unwrap(),
    ]);
    assert_eq!(again, csv);
    assert!(!stderr.contains("verdicts: jaspergold"), "{stderr}");
    assert!(
        std::fs::read_to_string(&sidecar)
            .unwrap()
            .contains("verdicts: jaspergold")
    );
    // Aggregated with design-clustered intervals, over a filter.
    let (json, _) = run_ok(&[
        "metrics",
        &study,
        "--format",
        "json",
        "--replicates",
        "200",
        "--filter",
        "shots=5",
    ]);
    let v: Value = serde_json::from_str(&json).unwrap();
    let groups = v["per_model"].as_array().unwrap();
    assert_eq!(groups.len(), 4, "four models at 5 shots");
    for g in groups {
        let p = &g["P"];
        assert!(p["lo"].as_f64().unwrap() <= p["value"].as_f64().unwrap());
        assert!(p["value"].as_f64().unwrap() <= p["hi"].as_f64().unwrap());
        assert_eq!(g["shots"], 5);
    }
    let (csv, _) = run_ok(&[
        "metrics",
        &study,
        "--format",
        "csv",
        "--per",
        "model",
        "--replicates",
        "100",
    ]);
    assert!(
        csv.starts_with(
            "model,shots,designs,assertions,proven,cex,errors,P,P_lo,P_hi,C,C_lo,C_hi,E,E_lo,E_hi\n"
        ),
        "{csv}"
    );

    if !yosys_present() {
        eprintln!("skipping the re-proof: yosys is missing");
        return;
    }
    let designs = "design=bitNegator,byteNegator,PSGOutputSummer";
    let (json, _) = run_ok(&[
        "reprove",
        &study,
        "--filter",
        designs,
        "--no-cache",
        "--timeout",
        "60",
        "--format",
        "json",
    ]);
    let s: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(s["designs"], 3);
    assert_eq!(s["assertions"], 123, "{s}");
    // Every assertion both engines decide, they decide alike.
    assert_eq!(s["disagree"], 0, "{s}");
    assert_eq!(s["compared"], s["agree"]);
    assert_eq!(s["agreement"]["proven"]["proven"], 35, "{s}");
    assert_eq!(s["agreement"]["cex"]["cex"], 17, "{s}");
    assert!(s["design_failures"].as_array().unwrap().is_empty());
    // byteNegator's llama3 5-shot file names scoped names and `if`: counted and named.
    assert!(s["unsupported"]["if"].as_u64().unwrap() >= 2, "{s}");
    let (table, _) = run_ok(&[
        "reprove",
        &study,
        "--filter",
        "design=bitNegator",
        "--no-cache",
    ]);
    assert!(table.starts_with("JasperGold \\ flipscope"), "{table}");
    assert!(table.contains("agree 25 (100.0%), disagree 0"), "{table}");

    // Every assertion is listed with both verdicts; one opens in full.
    let (list, _) = run_ok(&[
        "assertions",
        &study,
        "--filter",
        "design=bitNegator jasper=cex",
        "--format",
        "json",
    ]);
    let list: Value = serde_json::from_str(&list).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 7);
    assert!(
        list.iter()
            .all(|a| a["flipscope"] == "cex" && a["agree"] == "yes")
    );
    let id = list[0]["id"].as_str().unwrap();
    let (shown, _) = run_ok(&["assertions", &study, "--show", id]);
    assert!(
        shown.contains("JasperGold  cex") && shown.contains("counterexample (fails at cycle"),
        "{shown}"
    );
    let (none, _) = run_ok(&["assertions", &study, "--filter", "agree=no"]);
    assert!(none.ends_with("0 assertions\n"), "{none}");
}

#[test]
fn bad_input_and_usage() {
    let tmp = tempfile::tempdir().unwrap();
    let out = common::run(&[
        "import",
        "assertionbench",
        tmp.path().to_str().unwrap(),
        "--out",
        "x",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an AssertionBench folder"));
    let file = tmp.path().join("f");
    std::fs::write(&file, "").unwrap();
    let out = common::run(&["reprove", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let out = common::run(&[
        "assertions",
        tmp.path().to_str().unwrap(),
        "--filter",
        "modle=x",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown key \"modle\""));
}
