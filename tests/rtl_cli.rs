//! Integration tests of `flipscope behaviors` and `flipscope audit` through the binary.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rtl")
        .join(name)
}

/// Runs the binary with its cache under `cache_home` (never the user's own).
fn run_cached(cache_home: &Path, args: &[&str]) -> Output {
    common::flipscope()
        .env("XDG_CACHE_HOME", cache_home)
        .args(args)
        .output()
        .expect("run flipscope")
}

fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(files_under(&p))
            } else {
                out.push(p)
            }
        }
    }
    out
}

#[test]
fn behaviors_of_whole_modules_match_their_expected_lists() {
    let home = tempfile::tempdir().unwrap();
    for name in ["fifo_ctrl", "uart_tx_fsm", "uart_rx_fsm"] {
        let file = fixture(&format!("{name}.sv"));
        let got = json(&run_cached(
            home.path(),
            &["behaviors", file.to_str().unwrap()],
        ));
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(fixture(&format!("{name}.expected.json"))).unwrap(),
        )
        .unwrap();
        let (got, expected) = (got.as_array().unwrap(), expected.as_array().unwrap());
        assert_eq!(got.len(), expected.len(), "{name}");
        for (g, e) in got.iter().zip(expected) {
            for (key, value) in e.as_object().unwrap() {
                assert_eq!(&g[key], value, "{name}: field {key} of {}", e["id"]);
            }
        }
    }
}

/// Issue 14: a `case` over enum members and localparams (distinct constants) gives
/// paths without the negations of the other labels, in `always_ff` (a case in the
/// else of an if, an if in each item), `always_comb` (a case nested in an if) and
/// `always`.
#[test]
fn an_enum_state_machine_has_no_negations_of_the_other_labels() {
    let home = tempfile::tempdir().unwrap();
    let file = fixture("uart_rx_fsm.sv");
    let got = json(&run_cached(
        home.path(),
        &["behaviors", "--no-cache", file.to_str().unwrap()],
    ));
    let path = |id: &str| {
        got.as_array()
            .unwrap()
            .iter()
            .find(|b| b["id"] == id)
            .unwrap_or_else(|| panic!("{id}"))["path"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        path("state=DATA"),
        "rst_n && state == START && (tick && !rx)"
    );
    for id in [
        "state=START",
        "state=STOP",
        "state=IDLE#2",
        "valid=tick",
        "led=~led",
    ] {
        assert!(!path(id).contains("!="), "{id}: {}", path(id));
    }
    // Only a default item negates the others.
    assert_eq!(
        path("valid=1'b0#2"),
        "state == STOP && mode != MODE_ON && mode != MODE_TEST"
    );
}

#[test]
fn behaviors_reads_a_fragment_from_standard_input() {
    let home = tempfile::tempdir().unwrap();
    let mut child = common::flipscope()
        .env("XDG_CACHE_HOME", home.path())
        .args(["behaviors", "--clock", "posedge clk_4", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"if (a && b) begin\n  x <= y;\nend else if (c != d)\n  z = 1;\n")
        .unwrap();
    let got = json(&child.wait_with_output().unwrap());
    assert_eq!(got[0]["path"], "a && b");
    assert_eq!(got[0]["clock"], "posedge clk_4");
    assert_eq!(got[1]["path"], "!(a && b) && c != d");
    assert_eq!(
        (got[1]["line"].as_u64(), got[1]["column"].as_u64()),
        (Some(4), Some(3))
    );
}

#[test]
fn syntax_errors_exit_1_with_the_fragments_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.sv");
    std::fs::write(&file, "if (a) begin\n  x <= y\n  z = 1;\nend\n").unwrap();
    let out = run_cached(
        dir.path(),
        &["behaviors", "--no-cache", file.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{}:3:3: syntax error", file.display())),
        "{stderr}"
    );
    assert!(stderr.contains("expected `;`"), "{stderr}");
}

#[test]
fn cache_lives_under_xdg_cache_home_and_survives_corruption() {
    let home = tempfile::tempdir().unwrap();
    let file = fixture("fifo_ctrl.sv");
    let file = file.to_str().unwrap();
    let cold = json(&run_cached(home.path(), &["behaviors", file]));
    let entries = files_under(&home.path().join("flipscope"));
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(json(&run_cached(home.path(), &["behaviors", file])), cold);
    std::fs::write(&entries[0], b"\x00garbage").unwrap();
    assert_eq!(json(&run_cached(home.path(), &["behaviors", file])), cold);
    let other = tempfile::tempdir().unwrap();
    assert_eq!(
        json(&run_cached(
            other.path(),
            &["behaviors", "--no-cache", file]
        )),
        cold
    );
    assert!(files_under(other.path()).is_empty());
}

#[test]
fn audit_of_the_four_vert_files_adds_up_and_shows_the_sibling_if_defect() {
    let mut paths = Vec::new();
    for (rel, _) in common::VERT_FILES {
        match common::shared_data(rel) {
            Some(p) => paths.push(p),
            None => return,
        }
    }
    let home = tempfile::tempdir().unwrap();
    let mut args = vec!["audit", "--format", "json"];
    args.extend(paths.iter().map(|p| p.to_str().unwrap()));
    let report = json(&run_cached(home.path(), &args));
    let inputs = report["inputs"].as_array().unwrap();
    assert_eq!(inputs.len(), 4);
    let n = |v: &Value, k: &str| v[k].as_u64().unwrap_or_else(|| panic!("{k} missing"));
    for (input, (rel, records)) in inputs.iter().zip(common::VERT_FILES) {
        let c = &input["counts"];
        assert_eq!(n(c, "programs"), records as u64, "{rel}");
        let parts = [
            "equivalent",
            "reference_stronger",
            "reference_weaker",
            "incomparable",
            "unmatched",
        ];
        assert_eq!(
            parts.iter().map(|k| n(c, k)).sum::<u64>(),
            n(c, "behaviors"),
            "{rel}"
        );
        if rel.contains("ifdataset") {
            let share = n(c, "reference_stronger") as f64 / n(c, "behaviors") as f64;
            assert!(
                (0.30..0.36).contains(&share),
                "{rel}: reference_stronger share {share}"
            );
            assert_eq!(
                n(c, "reference_stronger_sibling_branch"),
                n(c, "reference_stronger"),
                "{rel}"
            );
            // All of them come from the third reference property of their record.
            let by = c["reference_stronger_by_property"].as_array().unwrap();
            assert_eq!(by.len(), 3, "{rel}");
            assert_eq!(by[2].as_u64(), Some(n(c, "reference_stronger")), "{rel}");
            assert_eq!(n(c, "rtl_errors"), 0, "{rel}");
        }
    }
    // Every record of the synchronous case file lacks `;`: all RTL errors, located.
    assert_eq!(n(&inputs[3]["counts"], "rtl_errors"), 4000);
    assert!(n(&inputs[2]["counts"], "xz_literals") > 0);
    let total: u64 = inputs.iter().map(|i| n(&i["counts"], "behaviors")).sum();
    assert_eq!(n(&report, "behaviors"), total);
    let example = &report["examples"]["reference_stronger"][0];
    assert!(
        !example["extra_conjuncts"].as_array().unwrap().is_empty(),
        "{example}"
    );
    let error = report["rtl_error_examples"][0]["message"].as_str().unwrap();
    assert!(error.starts_with("4:6: syntax error"), "{error}");
}

const SMALL_VERT: &str = r#"[
 {"Code": "if (a) begin\n  b = c;\n  if (d) begin\n    e = f;\n  end\n    if (g) begin\n      h = i;\n    end\nend\n",
  "Assertion": "property name; (a) |=> b == c ;endproperty \n property name; (a) && (d) |=> e == f ;endproperty \n property name; (a) && (d) && (g) |=> h == i ;endproperty",
  "Synchronous": "False"},
 {"Code": "if (a) begin\n  b = c\n  d = e;\nend\n",
  "Assertion": "property name; (a) |=> b == c && d == e ;endproperty",
  "Synchronous": "True", "Clock": "posedge clk"}
]"#;

#[test]
fn audit_table_shows_reference_stronger_examples_and_located_rtl_errors() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("small.json");
    std::fs::write(&file, SMALL_VERT).unwrap();
    let out = run_cached(dir.path(), &["audit", "--no-cache", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("Reference stronger than RTL"), "{table}");
    assert!(table.contains("program 0  behavior h=i"), "{table}");
    assert!(table.contains("extra in reference: d"), "{table}");
    assert!(
        table.contains("program 1: 3:3: syntax error at `d`"),
        "{table}"
    );
    assert!(
        files_under(dir.path()).iter().all(|p| p == &file),
        "--no-cache wrote a cache entry"
    );
}

#[test]
fn audit_reads_a_study_and_rejects_bad_input_with_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let programs = dir.path().join("programs.jsonl");
    std::fs::write(
        &programs,
        concat!(
            r#"{"id": "p07", "stratum": "nested-if/async", "synchronous": false, "clock": null, "#,
            r#""rtl": "if (a && b) begin\n x = y;\nend\n", "reference": "property name; (b && a) |=> x == y; endproperty"}"#,
            "\n"
        ),
    )
    .unwrap();
    let report = json(&run_cached(
        dir.path(),
        &["audit", "--format", "json", programs.to_str().unwrap()],
    ));
    assert_eq!(
        (report["behaviors"].as_u64(), report["equivalent"].as_u64()),
        (Some(1), Some(1))
    );
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "[\n {\"Code\": 3}\n]").unwrap();
    let out = run_cached(dir.path(), &["audit", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{}:2:", bad.display())),
        "{stderr}"
    );
}
