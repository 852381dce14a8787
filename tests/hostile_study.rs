//! Hostile study files through the binary (issue 15): what a load must refuse with a
//! located error instead of hanging, growing without bound or silently dropping
//! records, and what it must only warn about.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::{Value, json};

struct Study(tempfile::TempDir);

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

impl Study {
    /// Two good programs with a generation for each variant.
    fn new() -> Study {
        let s = Study(tempfile::tempdir().unwrap());
        s.write("programs.jsonl", &lines(&[program("p1"), program("p2")]));
        let g: Vec<Value> = ["p1", "p2"]
            .iter()
            .flat_map(|p| ["original", "T1"].map(|v| generation(p, v)))
            .collect();
        s.write("generations.jsonl", &lines(&g));
        s
    }

    fn dir(&self) -> &Path {
        self.0.path()
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir().join(name)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn arg(&self) -> &str {
        self.dir().to_str().unwrap()
    }
}

/// Runs flipscope under `timeout`, so a regression that hangs fails instead.
fn run(args: &[&str]) -> Output {
    let cache = tempfile::tempdir().unwrap();
    std::process::Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_flipscope"))
        .args(args)
        .env("XDG_CACHE_HOME", cache.path())
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The run exits 1 (bad input) and says `needle`.
fn refused(args: &[&str], needle: &str) -> String {
    let out = run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(
        err.contains(needle),
        "{args:?}: expected {needle:?} in:\n{err}"
    );
    err
}

fn succeeds(args: &[&str]) -> (String, String) {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr(&out),
    )
}

fn mkfifo(path: &Path) {
    let ok = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(ok.success());
}

#[test]
fn a_line_that_never_ends_is_an_error_not_a_memory_blowup() {
    let s = Study::new();
    // 17 MiB of zero bytes without a newline (a sparse file: no disk is used).
    let f = std::fs::File::create(s.path("programs.jsonl")).unwrap();
    f.set_len(17 * 1024 * 1024).unwrap();
    refused(
        &["validate", s.arg()],
        "programs.jsonl:1:1: line 1 is longer than 16 MiB",
    );
    // A device that never ends is not a study file at all.
    refused(&["validate", "/dev/zero"], "/dev/zero:1:1: is a device");
}

#[test]
fn fifos_are_refused_at_once_whatever_their_name() {
    let s = Study::new();
    std::fs::remove_file(s.path("programs.jsonl")).unwrap();
    mkfifo(&s.path("programs.jsonl"));
    refused(
        &["validate", s.arg()],
        "programs.jsonl:1:1: is a named pipe (FIFO)",
    );
    let odd = s.path("odd.jsonl");
    mkfifo(&odd);
    refused(
        &["validate", odd.to_str().unwrap()],
        "odd.jsonl:1:1: is a named pipe (FIFO)",
    );
}

/// Makes a special file at a study file's path.
type MakeFile<'a> = Box<dyn Fn() + 'a>;

#[test]
fn study_files_that_are_not_regular_files_are_errors_that_name_them() {
    for name in ["programs.jsonl", "generations.jsonl"] {
        let s = Study::new();
        let path = s.path(name);
        let make: [(&str, MakeFile); 3] = [
            (
                "is a directory",
                Box::new(|| std::fs::create_dir(&path).unwrap()),
            ),
            (
                "dangling link",
                Box::new(|| std::os::unix::fs::symlink("nowhere.jsonl", &path).unwrap()),
            ),
            (
                "Too many levels of symbolic links",
                Box::new(|| {
                    std::os::unix::fs::symlink(&path, s.path("loop")).unwrap();
                    std::os::unix::fs::symlink(s.path("loop"), &path).unwrap();
                }),
            ),
        ];
        for (needle, make) in make {
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_dir(&path);
            let _ = std::fs::remove_file(s.path("loop"));
            make();
            let err = refused(&["validate", s.arg()], needle);
            assert!(err.contains(&format!("{name}:1:1: ")), "{err}");
            refused(&["audit", s.arg()], name);
        }
    }
}

#[test]
fn a_study_directory_that_cannot_be_entered_says_permission_denied() {
    let s = Study::new();
    let dir = s.path("locked");
    std::fs::create_dir(&dir).unwrap();
    std::fs::copy(s.path("programs.jsonl"), dir.join("programs.jsonl")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(s.dir(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o444)).unwrap();
    let bin = env!("CARGO_BIN_EXE_flipscope");
    let dir_arg = dir.to_str().unwrap();
    // Root reads any directory: run as `nobody` then.
    let out = if running_as_root() {
        std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", bin])
            .args(["validate", dir_arg])
            .output()
            .unwrap()
    } else {
        std::process::Command::new(bin)
            .args(["validate", dir_arg])
            .output()
            .unwrap()
    };
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("programs.jsonl:1:1: cannot open: Permission denied"),
        "{err}"
    );
    assert!(!err.contains("holds no study files"), "{err}");
}

/// Whether this test runs as root (uid 0), read from `/proc/self/status`.
fn running_as_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

#[test]
fn text_after_an_object_and_cr_only_endings_are_located_errors() {
    let s = Study::new();
    let g = |p: &str, v: &str| generation(p, v).to_string();
    let one = g("p1", "original");
    // A second generation on the line of the first: it would be lost.
    let text = format!(
        "{one} {}\n{}\n{}\n",
        g("p1", "T1"),
        g("p2", "original"),
        g("p2", "T1")
    );
    s.write("generations.jsonl", &text);
    let col = one.chars().count() + 2;
    refused(
        &["validate", s.arg()],
        &format!("generations.jsonl:1:{col}: a second JSON object on the same line"),
    );
    refused(&["score", s.arg()], "a second JSON object");
    s.write("generations.jsonl", &format!("{one} // first\n"));
    refused(&["validate", s.arg()], "text after the JSON object");
    s.write("generations.jsonl", &format!("{one}\r{}\r", g("p1", "T1")));
    refused(
        &["validate", s.arg()],
        &format!(
            "generations.jsonl:1:{}: a carriage return alone ends a line",
            col - 1
        ),
    );
    // CRLF line endings are fine.
    s.write(
        "generations.jsonl",
        &format!("{one}\r\n{}\r\n", g("p1", "T1")),
    );
    succeeds(&["validate", s.arg()]);
}

#[test]
fn a_duplicate_key_is_reported_at_the_key() {
    let s = Study::new();
    let line = r#"{"id": "p1", "stratum": "s", "synchronous": false, "rtl": "x = y;", "reference": "", "rtl": "z = w;"}"#;
    s.write("programs.jsonl", &format!("{line}\n"));
    std::fs::remove_file(s.path("generations.jsonl")).unwrap();
    let col = line.rfind("\"rtl\"").unwrap() + 1;
    refused(
        &["validate", s.arg()],
        &format!("programs.jsonl:1:{col}: duplicate key \"rtl\""),
    );
}

#[test]
fn a_broken_program_line_does_not_cascade_to_its_generations() {
    let s = Study::new();
    let good = program("p2").to_string();
    s.write(
        "programs.jsonl",
        &format!("{{\"id\": \"p1\", \"stratum\": \"s\", oops\n{good}\n"),
    );
    let err = refused(&["validate", s.arg()], "programs.jsonl:1:");
    assert!(!err.contains("unknown program"), "{err}");
    assert!(err.contains("1 error: "), "{err}");
}

fn with_rename(rename: Value, variant_rtl: &str) -> String {
    let mut p = program("p1");
    p["variants"]["T2"] = json!({"rtl": variant_rtl, "rename": rename});
    format!("{p}\n")
}

#[test]
fn rename_maps_that_are_not_bijections_are_refused_everywhere() {
    let cases = [
        (
            json!({"v1": "a", "v2": "a", "x": "x", "y": "y"}),
            "if (v1 && v2) x = y;\n",
            "`v1` and `v2` both map to `a`",
        ),
        (
            json!({"v1": "a"}),
            "if (v1 && v2) x = y;\n",
            "is incomplete: `v2`",
        ),
        (
            json!({"v1": "a", "v2": "b", "v9": "x"}),
            "if (v1 && v2) x = y;\n",
            "`v9` is not an identifier of the variant's RTL",
        ),
        (
            json!({"v1": "a", "": "b"}),
            "if (v1 && b) x = y;\n",
            "an empty name",
        ),
    ];
    for (rename, rtl, needle) in cases {
        let s = Study::new();
        s.write("programs.jsonl", &with_rename(rename, rtl));
        s.write(
            "generations.jsonl",
            &lines(&[generation("p1", "original"), generation("p1", "T2")]),
        );
        refused(&["validate", s.arg()], needle);
        refused(&["score", s.arg()], needle);
    }
    // A bijection loads.
    let s = Study::new();
    let p1 = with_rename(json!({"v1": "a", "v2": "b"}), "if (v1 && v2) x = y;\n");
    s.write("programs.jsonl", &format!("{p1}{}\n", program("p2")));
    succeeds(&["validate", s.arg()]);
}

#[test]
fn variant_rtl_that_does_not_parse_is_reported_by_validate_and_audit() {
    let s = Study::new();
    let mut p = program("p1");
    p["variants"]["T1"]["rtl"] = json!("if (b && a) x = y\n");
    let line = p.to_string();
    s.write("programs.jsonl", &format!("{line}\n{}\n", program("p2")));
    let col = line.find("\"if (b && a) x = y\\n\"").unwrap() + 1;
    // Reported, located, as a warning: scoring against the reference needs no RTL.
    let (summary, _) = succeeds(&["validate", s.arg()]);
    assert!(
        summary.contains(&format!(
            "programs.jsonl:1:{col}: the RTL of variant \"T1\" of program \"p1\" does not parse: 2:1:"
        )),
        "{summary}"
    );
    let (out, _) = succeeds(&["audit", "--format", "json", s.arg()]);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["variant_rtl_errors"], 1, "{report}");
    let example = &report["variant_rtl_error_examples"][0];
    assert_eq!(example["program"], "p1");
    assert!(
        example["message"]
            .as_str()
            .unwrap()
            .starts_with("variant \"T1\": 2:1:")
    );
    let (table, _) = succeeds(&["audit", s.arg()]);
    assert!(
        table.contains("Variant RTL syntax errors (1 variants"),
        "{table}"
    );
}

#[test]
fn includes_in_a_studys_rtl_are_warnings_of_validate_and_audit() {
    let s = Study::new();
    let mut p = program("p1");
    p["rtl"] = json!("`include \"defs.vh\"\nif (a && b) x = y;\n");
    s.write("programs.jsonl", &format!("{p}\n{}\n", program("p2")));
    let (out, _) = succeeds(&["validate", s.arg()]);
    assert!(
        out.contains("the RTL of program \"p1\", 1:1: `include \"defs.vh\" is not followed"),
        "{out}"
    );
    let (out, _) = succeeds(&["audit", "--format", "json", s.arg()]);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["rtl_warnings"], 1, "{report}");
}

#[test]
fn a_corrupt_annotations_file_is_a_warning_and_scoring_goes_on() {
    let s = Study::new();
    let bad = "{\"program\": \"p1\", this is not a decision\n";
    s.write("annotations.jsonl", bad);
    let (_, err) = succeeds(&["score", s.arg()]);
    assert!(err.contains("warning: "), "{err}");
    assert!(err.contains("annotations.jsonl:1:"), "{err}");
    assert!(err.contains("opens read-only"), "{err}");
    succeeds(&["metrics", "--replicates", "10", s.arg()]);
    succeeds(&["audit", s.arg()]);
    let (out, _) = succeeds(&["validate", s.arg()]);
    assert!(out.contains("annotations.jsonl:1:"), "{out}");
    assert_eq!(
        std::fs::read_to_string(s.path("annotations.jsonl")).unwrap(),
        bad,
        "the file is kept as it is"
    );
}
