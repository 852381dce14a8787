//! `validate` refuses a T2 rename map that is one to one but pairs the wrong names: the
//! map applied to the original RTL must give the variant's RTL (issue 29, item 12).

mod common;

const PROGRAM: &str = r#"{"id": "p1", "stratum": "s", "synchronous": false, "clock": null, "rtl": "if (a && b) begin\n  x = y;\nend\n", "reference": "property p1; (a && b) |-> x == y; endproperty", "variants": {"T2": {"rtl": "if (v0 && v1) begin\n  v2 = v3;\nend\n", "rename": RENAME}}}"#;

fn validate(rename: &str) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    let line = PROGRAM.replace("RENAME", rename);
    std::fs::write(dir.path().join("programs.jsonl"), format!("{line}\n")).unwrap();
    common::run(&["validate", dir.path().to_str().unwrap()])
}

#[test]
fn a_right_rename_map_validates() {
    let out = validate(r#"{"v0": "a", "v1": "b", "v2": "x", "v3": "y"}"#);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_one_to_one_map_pairing_the_wrong_names_is_a_located_error() {
    let out = validate(r#"{"v0": "b", "v1": "a", "v2": "x", "v3": "y"}"#);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let col = PROGRAM.find(r#""rename""#).unwrap() + 1;
    assert!(
        err.contains(&format!(
            "programs.jsonl:1:{col}: rename map of variant \"T2\" does not give the variant's RTL"
        )),
        "{err}"
    );
    assert!(
        err.contains("it gives `v1` (line 1 of the original) where the variant has `v0`"),
        "{err}"
    );
}
