//! Study inputs that used to be dropped or misreported (issue 29, items 12 and 13),
//! through the binary: a study file whose name is not UTF-8, files of blank lines, a
//! program line of bad bytes, help that cannot be written, variant RTL that does not
//! parse, and a comment or string in fragment RTL that is never closed.

mod common;

use std::path::Path;
use std::process::Output;

use serde_json::{Value, json};

fn program(id: &str) -> Value {
    json!({
        "id": id, "stratum": "s", "synchronous": false,
        "rtl": "if (a && b) x = y;\n",
        "reference": "property p; (a && b) |=> x == y; endproperty",
        "variants": {"T1": {"rtl": "if (b && a) x = y;\n"}},
    })
}

fn generation(program: &str, variant: &str) -> Value {
    json!({"program": program, "variant": variant, "model": "m",
           "output": "property p; (a && b) |=> x == y; endproperty"})
}

fn lines(values: &[Value]) -> String {
    values.iter().map(|v| format!("{v}\n")).collect()
}

/// Eight generations (p1..p4, original and T1).
fn generations() -> String {
    let g: Vec<Value> = ["p1", "p2", "p3", "p4"]
        .iter()
        .flat_map(|p| ["original", "T1"].map(|v| generation(p, v)))
        .collect();
    lines(&g)
}

/// A study of four programs and their generations in a fresh directory.
fn study() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let p: Vec<Value> = ["p1", "p2", "p3", "p4"].map(program).to_vec();
    std::fs::write(dir.path().join("programs.jsonl"), lines(&p)).unwrap();
    std::fs::write(dir.path().join("generations.jsonl"), generations()).unwrap();
    dir
}

fn arg(dir: &Path) -> &str {
    dir.to_str().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The run exits 1 and says `needle`; returns standard error.
fn refused(args: &[&str], needle: &str) -> String {
    let out = common::run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(
        err.contains(needle),
        "{args:?}: expected {needle:?} in:\n{err}"
    );
    err
}

#[test]
fn a_study_file_named_with_a_non_utf8_byte_is_refused_by_name_not_skipped() {
    use std::os::unix::ffi::OsStrExt;
    let dir = study();
    let name = std::ffi::OsStr::from_bytes(b"generations-\xff.jsonl");
    std::fs::write(dir.path().join(name), generations()).unwrap();
    for command in ["validate", "score"] {
        let err = refused(
            &[command, arg(dir.path())],
            "generations-\\xff.jsonl:1:1: the file name is not valid UTF-8",
        );
        assert!(err.contains("rename the file"), "{err}");
    }
    // Another file whose name is not UTF-8 (and names no study file) is not a study file.
    std::fs::remove_file(dir.path().join(name)).unwrap();
    std::fs::write(
        dir.path()
            .join(std::ffi::OsStr::from_bytes(b"notes-\xff.txt")),
        "x",
    )
    .unwrap();
    let out = common::run(&["validate", arg(dir.path())]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_generations_file_of_blank_lines_is_an_error_like_an_empty_one() {
    for blank in ["", "\n", "  \n\t\n\r\n"] {
        let dir = study();
        let path = dir.path().join("generations.jsonl");
        std::fs::write(&path, blank).unwrap();
        let needle = if blank.is_empty() {
            "generations.jsonl:1:1: the file is empty".to_string()
        } else {
            let n = blank.matches('\n').count();
            let s = if n == 1 { "" } else { "s" };
            format!("generations.jsonl:1:1: the file holds no record, only {n} blank line{s}")
        };
        for command in ["score", "validate"] {
            refused(&[command, arg(dir.path())], &needle);
        }
    }
}

#[test]
fn a_programs_file_of_blank_lines_says_so_once_without_an_unknown_program_per_generation() {
    let dir = study();
    std::fs::write(dir.path().join("programs.jsonl"), "\n".repeat(16)).unwrap();
    let err = refused(
        &["validate", arg(dir.path())],
        "programs.jsonl:1:1: the file holds no record, only 16 blank lines",
    );
    assert!(!err.contains("unknown program"), "{err}");
    assert!(err.contains("1 error: "), "{err}");
}

#[test]
fn invalid_utf8_in_a_program_line_does_not_cascade_to_its_generations() {
    let dir = study();
    let mut bytes = Vec::new();
    for id in ["p1", "p2", "p3", "p4"] {
        let mut line = program(id).to_string().into_bytes();
        if id == "p2" {
            // A bad byte inside the RTL, after the id.
            let at = line.windows(5).position(|w| w == b"x = y").unwrap();
            line[at] = 0xff;
        }
        bytes.extend(line);
        bytes.push(b'\n');
    }
    std::fs::write(dir.path().join("programs.jsonl"), bytes).unwrap();
    let err = refused(&["validate", arg(dir.path())], "programs.jsonl:2:");
    assert!(err.contains("invalid UTF-8 byte 0xff"), "{err}");
    assert!(!err.contains("unknown program"), "{err}");
    assert!(err.contains("1 error: "), "{err}");
}

#[test]
fn help_that_cannot_be_written_is_a_failure_with_a_message() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    for args in [&["--help"][..], &["score", "--help"], &["--version"]] {
        let out = common::flipscope()
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("cannot write the output (standard output)"),
            "{args:?}: {err}"
        );
    }
    // Written, it succeeds.
    let out = common::run(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
}

/// What docs/commands.md says of `validate` and what it does agree: variant RTL that
/// does not parse is a located warning (exit 0), not an error.
#[test]
fn variant_rtl_that_does_not_parse_is_a_warning_as_the_docs_say() {
    let dir = study();
    let mut p = program("p1");
    p["variants"]["T1"]["rtl"] = json!("if (b && a) x = y\n");
    let rest: Vec<Value> = ["p2", "p3", "p4"].map(program).to_vec();
    std::fs::write(
        dir.path().join("programs.jsonl"),
        format!("{p}\n{}", lines(&rest)),
    )
    .unwrap();
    let out = common::run(&["validate", arg(dir.path())]);
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("the RTL of variant \"T1\" of program \"p1\" does not parse"),
        "{text}"
    );
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/commands.md"))
            .unwrap();
    let start = docs
        .find("## `flipscope validate")
        .expect("validate's section");
    let section = &docs[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    let flat = section.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("RTL that does not parse is a warning"),
        "docs/commands.md must say variant RTL that does not parse is a warning:\n{section}"
    );
    assert!(
        !flat.contains("Errors do, RTL that does not parse among them"),
        "docs/commands.md still calls it an error"
    );
}

#[test]
fn a_comment_or_string_never_closed_in_fragment_rtl_is_said_so_where_it_opens() {
    let dir = study();
    let mut p = program("p1");
    p["rtl"] = json!("if (a && b)\n  x = y; /* the rest\n");
    p["variants"]["T1"]["rtl"] = json!("if (b && a)\n  x = \"y;\n");
    let rest: Vec<Value> = ["p2", "p3", "p4"].map(program).to_vec();
    std::fs::write(
        dir.path().join("programs.jsonl"),
        format!("{p}\n{}", lines(&rest)),
    )
    .unwrap();
    let out = common::run(&["validate", "--no-cache", arg(dir.path())]);
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
    assert!(
        text.contains(
            "the RTL of program \"p1\" does not parse: 2:10: the comment opened here with `/*` \
             is never closed by `*/`"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "the RTL of variant \"T1\" of program \"p1\" does not parse: 2:7: the string opened \
             here is never closed"
        ),
        "{text}"
    );
    assert!(!text.contains("expected a statement"), "{text}");
}
