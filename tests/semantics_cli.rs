//! Two-state semantics and the atoms option through the binary: `check-sva --semantics`
//! and `--width`, `score --semantics`, a study's `study.toml`, `programs.jsonl`
//! widths, and an enum state machine scored under the RTL oracle.

mod common;

use std::path::Path;

use serde_json::{Value, json};

fn check(args: &[&str]) -> Vec<Value> {
    let out = common::run(&[&["check-sva"], args].concat());
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["behaviors"].as_array().unwrap().clone()
}

fn category(args: &[&str]) -> String {
    check(args)[0]["category"].as_str().unwrap().to_string()
}

#[test]
fn check_sva_is_two_state_by_default_and_atoms_on_request() {
    let r = "property r; !a && s == 2'd1 |=> x == y; endproperty";
    let g = "property g; a == 0 && s != 2'd0 && s == 2'd1 |=> x == y; endproperty";
    assert_eq!(category(&["--reference", r, "--generated", g]), "correct");
    assert_eq!(
        category(&[
            "--reference",
            r,
            "--generated",
            g,
            "--semantics",
            "two-state"
        ]),
        "correct"
    );
    assert_ne!(
        category(&["--reference", r, "--generated", g, "--semantics", "atoms"]),
        "correct"
    );
    let out = common::run(&[
        "check-sva",
        "--reference",
        r,
        "--generated",
        g,
        "--semantics",
        "three",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn check_sva_takes_widths() {
    let r = "property r; a && b |=> x == y; endproperty";
    let g = "property g; a & b |=> x == y; endproperty";
    let without = &check(&["--reference", r, "--generated", g])[0];
    assert_ne!(without["category"], "correct");
    let reason = without["reason"].as_str().unwrap();
    assert!(reason.contains("--width a=1 --width b=1"), "{reason}");
    let args = [
        "--reference",
        r,
        "--generated",
        g,
        "--width",
        "a=1",
        "--width",
        "b=1",
    ];
    assert_eq!(category(&args), "correct");
    let out = common::run(&[
        "check-sva",
        "--reference",
        r,
        "--generated",
        g,
        "--width",
        "a=0",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// Issue 14: a generated text that starts with `-` is a generated text.
#[test]
fn a_generated_text_starting_with_a_dash_is_scored() {
    let r = "property r; a |=> x == y; endproperty";
    for g in [
        "-- a comment, then nothing",
        "- property g; a |=> x == y; endproperty",
    ] {
        let out = common::run(&["check-sva", "--reference", r, "--generated", g]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{g}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let v = check(&["--reference", r, "--generated", "-x"]);
    assert_eq!(v[0]["category"], "output-contract");
}

/// A study with one whole-module program (the enum FSM of the RTL fixtures), its
/// reference, a T3 variant and one model's outputs.
fn fsm_study(dir: &Path, original: &str, widths: Option<Value>) {
    let rtl = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rtl/uart_rx_fsm.sv"),
    )
    .unwrap();
    let reference = "property p_data; @(posedge clk) rst_n && state == START && tick && !rx |-> state == DATA; endproperty";
    let mut program = json!({
        "id": "fsm", "stratum": "fsm/sync", "synchronous": true, "clock": "posedge clk",
        "rtl": rtl, "reference": reference, "variants": {"T3": {"rtl": rtl}},
    });
    if let Some(w) = widths {
        program["widths"] = w;
    }
    std::fs::write(dir.join("programs.jsonl"), format!("{program}\n")).unwrap();
    let generation = |variant: &str, output: &str| {
        json!({"program": "fsm", "variant": variant, "model": "m", "output": output}).to_string()
    };
    let right = "property g; @(posedge clk) rst_n && state == START && tick && !rx |-> state == DATA; endproperty";
    std::fs::write(
        dir.join("generations.jsonl"),
        format!(
            "{}\n{}\n",
            generation("original", original),
            generation("T3", right)
        ),
    )
    .unwrap();
}

fn base_categories(dir: &Path, extra: &[&str]) -> Vec<String> {
    let cache = tempfile::tempdir().unwrap();
    let out = common::flipscope()
        .env("XDG_CACHE_HOME", cache.path())
        .args([&["score", dir.to_str().unwrap()], extra].concat())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let p: Value = serde_json::from_str(l).unwrap();
            p["base"]["category"].as_str().unwrap().to_string()
        })
        .collect()
}

/// Issue 14: a correct property of an enum FSM is correct under the RTL oracle (its
/// path has no negation of `IDLE`), whether it names the state or writes its value.
#[test]
fn an_fsm_property_is_correct_under_the_rtl_oracle() {
    let dir = tempfile::tempdir().unwrap();
    let right = "property g; @(posedge clk) rst_n && state == START && tick && !rx |-> state == DATA; endproperty";
    fsm_study(dir.path(), right, None);
    assert_eq!(
        base_categories(dir.path(), &["--oracle", "rtl"]),
        ["correct"]
    );
    assert_eq!(base_categories(dir.path(), &[]), ["correct"]);
    // The member's value in its place: the same constant under two-state semantics.
    let by_value = "property g; @(posedge clk) rst_n && state == 2'd1 && tick && !rx |-> state == DATA; endproperty";
    fsm_study(dir.path(), by_value, None);
    assert_eq!(
        base_categories(dir.path(), &["--oracle", "rtl"]),
        ["correct"]
    );
    assert_ne!(
        base_categories(dir.path(), &["--oracle", "rtl", "--semantics", "atoms"]),
        ["correct"]
    );
    // The RTL declares `tick` and `rx` 1 bit wide: `tick & ~rx` is `tick && !rx`.
    let bitwise = "property g; @(posedge clk) rst_n && state == START && (tick & ~rx) |-> state == DATA; endproperty";
    fsm_study(dir.path(), bitwise, None);
    assert_eq!(
        base_categories(dir.path(), &["--oracle", "rtl"]),
        ["correct"]
    );
}

#[test]
fn a_study_toml_chooses_the_semantics_and_the_flag_overrides_it() {
    let dir = tempfile::tempdir().unwrap();
    let by_value = "property g; @(posedge clk) rst_n && state == 2'd1 && tick && !rx |-> state == DATA; endproperty";
    fsm_study(dir.path(), by_value, None);
    std::fs::write(
        dir.path().join("study.toml"),
        "[scoring]\nsemantics = \"atoms\"\n",
    )
    .unwrap();
    assert_ne!(
        base_categories(dir.path(), &["--oracle", "rtl"]),
        ["correct"]
    );
    assert_eq!(
        base_categories(dir.path(), &["--oracle", "rtl", "--semantics", "two-state"]),
        ["correct"]
    );
    // Pairs say which semantics scored them.
    let cache = tempfile::tempdir().unwrap();
    let out = common::flipscope()
        .env("XDG_CACHE_HOME", cache.path())
        .args(["score", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    let pair: Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(pair["semantics"], "atoms");
    // A bad setting is bad input, located.
    std::fs::write(dir.path().join("study.toml"), "[scoring]\nsemantics = 3\n").unwrap();
    let out = common::run(&["score", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("study.toml:2:"), "{stderr}");
}

#[test]
fn widths_in_programs_jsonl_are_used() {
    // A fragment declares nothing: the study file gives the widths.
    let dir = tempfile::tempdir().unwrap();
    let program = json!({
        "id": "p", "stratum": "s", "synchronous": false, "clock": null,
        "rtl": "if (a && b) begin\n  x = y;\nend\n",
        "reference": "property r; a && b |=> x == y; endproperty",
        "variants": {"T3": {"rtl": "if (((a) && (b))) begin\n  x = y;\nend\n"}},
        "widths": {"a": 1, "b": 1},
    });
    std::fs::write(dir.path().join("programs.jsonl"), format!("{program}\n")).unwrap();
    let generation = |variant: &str| {
        json!({"program": "p", "variant": variant, "model": "m",
               "output": "property g; a & b |=> x == y; endproperty"})
        .to_string()
    };
    std::fs::write(
        dir.path().join("generations.jsonl"),
        format!("{}\n{}\n", generation("original"), generation("T3")),
    )
    .unwrap();
    assert_eq!(base_categories(dir.path(), &[]), ["correct"]);
    // Widths the study gives win over the fragment's Boolean-only reading: 2-bit `a`
    // and `b` make `a & b` differ from `a && b`.
    let programs = std::fs::read_to_string(dir.path().join("programs.jsonl")).unwrap();
    let wide = programs.replace(
        "\"widths\":{\"a\":1,\"b\":1}",
        "\"widths\":{\"a\":2,\"b\":2}",
    );
    assert_ne!(wide, programs);
    std::fs::write(dir.path().join("programs.jsonl"), wide).unwrap();
    assert_ne!(base_categories(dir.path(), &[]), ["correct"]);
    // Without widths, `a` and `b` are used only as Booleans in the fragment: 1 bit.
    let none = programs.replace(",\"widths\":{\"a\":1,\"b\":1}", "");
    assert_ne!(none, programs);
    std::fs::write(dir.path().join("programs.jsonl"), none).unwrap();
    assert_eq!(base_categories(dir.path(), &[]), ["correct"]);
}
