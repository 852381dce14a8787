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
    for name in ["fifo_ctrl", "uart_tx_fsm"] {
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
