//! `flipscope import vert` and `flipscope validate` through the real binary: exit
//! statuses, located messages for every kind of bad input, and the real VERT files.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

const P1: &str = r#"{"id": "p1", "stratum": "nested-if/async", "synchronous": false, "clock": null, "rtl": "if (a) begin\n x = y;\nend\n", "reference": "property name; (a) |=> x == y; endproperty", "variants": {"T1": {"rtl": "if (a) begin\n x = y;\nend\n"}}}"#;
const P2: &str = r#"{"id": "p2", "stratum": "nested-if/sync", "synchronous": true, "clock": "posedge clk", "rtl": "if (b) begin\n u = v;\nend\n", "reference": "property name; @(posedge clk) (b) |-> u == v; endproperty"}"#;

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn validate(paths: &[&Path]) -> Output {
    let mut args = vec!["validate"];
    args.extend(paths.iter().map(|p| p.to_str().unwrap()));
    common::run(&args)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// 1-based column of the first `needle` in `line`.
fn col(line: &str, needle: &str) -> usize {
    line[..line.find(needle).expect("needle in line")]
        .chars()
        .count()
        + 1
}

/// Asserts a failed load (exit 1) whose messages include `file:line:column: message...`.
fn assert_error(out: &Output, file: &Path, line: usize, column: usize, message: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "stderr: {err}");
    let expected = format!("{}:{line}:{column}: {message}", file.display());
    assert!(err.contains(&expected), "expected `{expected}` in:\n{err}");
}

#[test]
fn wrong_type_names_file_line_column_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let bad = P2.replace(r#""rtl": "if (b) begin\n u = v;\nend\n""#, r#""rtl": 17"#);
    let path = write(dir.path(), "programs.jsonl", format!("{P1}\n\n{bad}\n"));
    let out = validate(&[&path]);
    let message = "invalid type: integer `17`, expected a string for \"rtl\"";
    assert_error(&out, &path, 3, col(&bad, "17"), message);
}

#[test]
fn a_truncated_third_line_is_reported_as_line_3() {
    let dir = tempfile::tempdir().unwrap();
    let p3 = P2.replace("p2", "p3");
    let path = write(
        dir.path(),
        "programs.jsonl",
        format!("{P1}\n{P2}\n{}", &p3[..60]),
    );
    let out = validate(&[&path]);
    // At the last character of the cut line.
    assert_error(&out, &path, 3, 60, "the line ends early (truncated JSON)");
}

#[test]
fn a_duplicate_program_id_points_at_both_places() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "programs.jsonl", format!("{P1}\n{P2}\n{P1}\n"));
    let out = validate(&[&path]);
    let message = format!(
        "duplicate program id \"p1\": the first is at {}:1",
        path.display()
    );
    assert_error(&out, &path, 3, col(P1, "\"p1\""), &message);
}

#[test]
fn generations_for_unknown_programs_or_variants_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let programs = write(dir.path(), "programs.jsonl", format!("{P1}\n{P2}\n"));
    let unknown_program = r#"{"program": "p9", "variant": "original", "model": "m", "output": ""}"#;
    let unknown_variant = r#"{"program": "p2", "variant": "T1", "model": "m", "output": ""}"#;
    let generations = write(
        dir.path(),
        "generations.jsonl",
        format!("{unknown_program}\n{unknown_variant}\n"),
    );
    let out = validate(&[&generations, &programs]);
    assert_error(
        &out,
        &generations,
        1,
        col(unknown_program, "\"p9\""),
        "unknown program \"p9\"",
    );
    assert_error(
        &out,
        &generations,
        2,
        col(unknown_variant, "\"T1\""),
        "program \"p2\" has no variant \"T1\": expected one of \"original\"",
    );
    assert!(stderr(&out).contains("2 errors"), "{}", stderr(&out));
}

#[test]
fn a_variant_without_rtl_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = P1.replace(
        r#"{"rtl": "if (a) begin\n x = y;\nend\n"}"#,
        r#"{"rename": {}}"#,
    );
    let empty = P2.replace('}', r#", "variants": {"T3": {"rtl": ""}}}"#);
    let path = write(
        dir.path(),
        "programs.jsonl",
        format!("{missing}\n{empty}\n"),
    );
    let out = validate(&[&path]);
    let message = "missing field `rtl` for \"variants.T1\"";
    assert_error(&out, &path, 1, col(&missing, r#"{"rename""#), message);
    let message = "variant \"T3\" has no RTL";
    assert_error(&out, &path, 2, col(&empty, r#""""#), message);
}

#[test]
fn empty_files_and_non_utf8_bytes_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let empty = write(dir.path(), "programs.jsonl", "");
    let out = validate(&[&empty]);
    assert_error(&out, &empty, 1, 1, "the file is empty");

    let mut bytes = P1.as_bytes().to_vec();
    let at = P1.find("x = y").unwrap();
    bytes[at] = 0xff;
    let bad = write(
        dir.path(),
        "programs.jsonl",
        [P2.as_bytes(), b"\n", &bytes].concat(),
    );
    let out = validate(&[&bad]);
    assert_error(&out, &bad, 2, col(P1, "x = y"), "invalid UTF-8 byte 0xff");
}

#[test]
fn a_vert_record_missing_a_field_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[\n  {\"Code\": \"if (a) x = y;\", \"Assertion\": \"p\", \"Synchronous\": \"False\"},\n  {\"Code\": \"if (a) x = y;\", \"Synchronous\": \"False\"}\n]\n";
    let path = write(dir.path(), "mini.json", text);
    let out = common::run(&["import", "vert", path.to_str().unwrap()]);
    assert_error(&out, &path, 3, 3, "record 1: missing field `Assertion`");
    assert!(
        out.stdout.is_empty(),
        "nothing is written when a record is bad"
    );
}

#[test]
fn a_vert_syntax_error_is_located_in_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[\n  {\"Code\": \"x\", \"Assertion\": \"p\", \"Synchronous\": \"False\"}\n  {\"Code\": \"y\"}\n]\n";
    let path = write(dir.path(), "mini.json", text);
    let out = common::run(&["import", "vert", path.to_str().unwrap()]);
    assert_error(&out, &path, 3, 3, "expected `,` or `]`");
}

#[test]
fn the_real_vert_files_import_whole_and_validate() {
    let dir = tempfile::tempdir().unwrap();
    for (rel, count) in common::VERT_FILES {
        let Some(vert) = common::shared_data(rel) else {
            return;
        };
        let out = common::run(&["import", "vert", vert.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{rel}: {}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(text.lines().count(), count, "{rel}");
        let stem = vert.file_stem().unwrap().to_str().unwrap();
        let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(first["id"], format!("{stem}/0000"));
        let programs = write(dir.path(), "programs.jsonl", text);

        let out = common::run(&["validate", "--format", "json", programs.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{rel}: {}", stderr(&out));
        let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(summary["ok"], true);
        assert_eq!(summary["programs"], count, "{rel}");
        let shape = if rel.contains("case") {
            "case"
        } else {
            "nested-if"
        };
        let timing = if rel.contains("synch") {
            "sync"
        } else {
            "async"
        };
        assert_eq!(
            summary["strata"][format!("{shape}/{timing}")],
            count,
            "{rel}"
        );
    }
}

#[test]
fn a_whole_study_directory_validates_with_its_counts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "programs.jsonl", format!("{P1}\n{P2}\n"));
    write(
        d,
        "generations-m.jsonl",
        concat!(
            r#"{"program": "p1", "variant": "original", "model": "m", "output": "a"}"#,
            "\n",
            r#"{"program": "p1", "variant": "T1", "model": "m", "output": "b", "seed": 3}"#,
            "\n",
        ),
    );
    write(
        d,
        "pairs.jsonl",
        concat!(
            r#"{"model": "m", "variant": "T1", "program": "p1", "stratum": "nested-if/async", "behavior": "x=y", "base": {"category": "correct", "correct": true}, "trans": false}"#,
            "\n"
        ),
    );
    write(
        d,
        "annotations.jsonl",
        concat!(
            r#"{"program": "p1", "behavior": "x=y", "model": "m", "variant": "T1", "action": "tag", "tag": "dropped-predicate", "auditor": "ana", "time": "2026-11-29T15:04:05Z", "version": "0.1.0"}"#,
            "\n"
        ),
    );
    let out = validate(&[d]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for expected in [
        "programs: 2",
        "nested-if/sync",
        "models: m",
        "  m: T1 1, original 1",
        "missing generations: 1 (model, program, variant)",
        "  m p2 original",
        "  m T1: CC 0 CW 1 WC 0 WW 0",
        "annotations: 1 decisions, 1 tagged pairs",
        "dropped-predicate",
        "unknown field \"seed\"",
    ] {
        assert!(text.contains(expected), "expected `{expected}` in:\n{text}");
    }
}

#[test]
fn json_format_reports_errors_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "programs.jsonl", format!("{P1}\n{P1}\n"));
    let out = common::run(&["validate", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert_eq!(v["total_errors"], 1);
    assert_eq!(v["errors"][0]["line"], 2);
    assert_eq!(v["errors"][0]["column"], col(P1, "\"p1\""));
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    for args in [
        &["validate"][..],
        &["validate", "--format", "xml", "x"],
        &["import"],
        &["import", "vert"],
        &["import", "csv", "x"],
        &["import", "vert", "-"],
    ] {
        let out = common::run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    for args in [
        &["validate", "--help"][..],
        &["import", "--help"],
        &["import", "vert", "--help"],
    ] {
        let out = common::run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(stdout(&out).contains("Usage"), "{args:?}");
    }
}

#[test]
fn a_missing_file_is_bad_input() {
    let out = common::run(&["validate", "/nonexistent/programs.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("/nonexistent/programs.jsonl:1:1: cannot open"),
        "{}",
        stderr(&out)
    );
    let out = common::run(&["import", "vert", "/nonexistent/vert.json"]);
    assert_eq!(out.status.code(), Some(1));
}
