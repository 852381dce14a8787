//! Hostile RTL through the binary (issue 15): deep and long conditions, exploding
//! macros, huge input, includes and misleading diagnostics get located errors or
//! warnings, never a crash, a hang or unbounded memory; and a command whose output
//! cannot be written says so and exits 1.

mod common;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

struct Files(tempfile::TempDir);

impl Files {
    fn new() -> Files {
        Files(tempfile::tempdir().unwrap())
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn dir(&self) -> &Path {
        self.0.path()
    }
}

fn run(args: &[&str]) -> Output {
    let cache = tempfile::tempdir().unwrap();
    common::flipscope()
        .env("XDG_CACHE_HOME", cache.path())
        .args(args)
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A run that fails as bad input (exit 1), with its message.
fn bad_input(args: &[&str]) -> String {
    let out = run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    err
}

fn parens(n: usize) -> String {
    format!(
        "if ({}a{}) begin\n  x = y;\nend\n",
        "(".repeat(n),
        ")".repeat(n)
    )
}

fn nested_ifs(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!("{}if (a{i}) begin\n", "  ".repeat(i.min(8))));
    }
    s.push_str("x = y;\n");
    s.push_str(&"end\n".repeat(n));
    s
}

fn and_chain(n: usize) -> String {
    let atoms: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
    format!("if ({}) x = y;\n", atoms.join(" && "))
}

#[test]
fn deep_and_long_conditions_are_located_errors_in_behaviors_and_transform() {
    let files = Files::new();
    let cases = [
        ("parens.sv", parens(2000), "1:67:", "nested too deeply"),
        ("ifs.sv", nested_ifs(5000), "64:", "nested too deeply"),
        (
            "chain.sv",
            and_chain(10_000),
            "1:1948:",
            "expression too long",
        ),
    ];
    for (name, text, at, what) in &cases {
        let path = files.write(name, text);
        let path = path.to_str().unwrap();
        for args in [
            vec!["behaviors", "--no-cache", path],
            vec!["transform", "--kind", "T3", "--no-cache", path],
        ] {
            let err = bad_input(&args);
            assert!(err.contains(&format!("{name}:{at}")), "{args:?}: {err}");
            assert!(err.contains(what), "{args:?}: {err}");
        }
    }
    // At the limits the analysis still works: 62 nested `if (..) begin`, 256 operators.
    let ok = files.write("ok.sv", &format!("{}{}", nested_ifs(62), and_chain(257)));
    let out = run(&["behaviors", "--no-cache", ok.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(list.as_array().unwrap().len(), 2);
}

#[test]
fn huge_rtl_is_refused_before_it_is_read_whole() {
    let files = Files::new();
    let big = files.write("big.sv", &"x = y;\n".repeat(60_000));
    let err = bad_input(&["behaviors", "--no-cache", big.to_str().unwrap()]);
    assert!(
        err.contains("big.sv:1:1: too large: more than 256 KiB"),
        "{err}"
    );
    // Standard input that never ends is cut at the limit too.
    let zero = File::open("/dev/zero").unwrap();
    let out = common::flipscope()
        .args(["behaviors", "--no-cache", "-"])
        .stdin(Stdio::from(zero))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("-:1:1: too large"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_long_else_if_chain_is_bounded() {
    let mut text = "if (a) x = 0;\n".to_string();
    for i in 0..1000 {
        text.push_str(&format!("else if (b{i} && c{i}) x = {i};\n"));
    }
    let files = Files::new();
    let path = files.write("chain.sv", &text);
    let err = bad_input(&["behaviors", "--no-cache", path.to_str().unwrap()]);
    assert!(err.contains("path conditions too large"), "{err}");
}

#[test]
fn exploding_and_self_expanding_macros_are_bounded() {
    let mut text = "`define L0 a\n".to_string();
    for i in 1..=24 {
        text.push_str(&format!("`define L{i} (`L{} && `L{})\n", i - 1, i - 1));
    }
    text.push_str("if (`L24) x = y;\n");
    let files = Files::new();
    let path = files.write("macros.sv", &text);
    let err = bad_input(&["behaviors", "--no-cache", path.to_str().unwrap()]);
    assert!(
        err.contains("macros.sv:26:5: macro expansion too large"),
        "{err}"
    );
    let path = files.write("self.sv", "`define A (`A)\nx = `A;\n");
    let err = bad_input(&["behaviors", "--no-cache", path.to_str().unwrap()]);
    assert!(
        err.contains("self.sv:2:5: macro `A` expands into itself"),
        "{err}"
    );
    // A few macros are fine.
    let path = files.write(
        "fine.sv",
        "`define W 8\n`define C (a && b)\nif (`C) x = `W;\n",
    );
    let out = run(&["behaviors", "--no-cache", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn includes_are_warned_about_where_they_are() {
    let files = Files::new();
    let path = files.write("inc.sv", "x = y;\n  `include \"missing.vh\"\nz = w;\n");
    let out = run(&["behaviors", "--no-cache", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("warning: ")
            && err.contains("inc.sv:2:3: `include \"missing.vh\" is not followed"),
        "{err}"
    );
}

#[test]
fn diagnostics_point_at_the_cause() {
    let files = Files::new();
    let cases = [
        (
            "end.sv",
            "x = y;\nend\nz = w;\n",
            "end.sv:2:1: `end` without a matching `begin`",
        ),
        (
            "ifdef.sv",
            "x = y;\n`ifdef FAST\nz = w;\n",
            "ifdef.sv:2:1: `ifdef FAST has no matching `endif",
        ),
        (
            "macro.sv",
            "x = `FOO;\n",
            "macro.sv:1:5: undefined macro `FOO`",
        ),
    ];
    for (name, text, expected) in cases {
        let path = files.write(name, text);
        let err = bad_input(&["behaviors", "--no-cache", path.to_str().unwrap()]);
        assert!(err.contains(expected), "{err}");
    }
    // A byte-order mark is not a syntax error; positions do not count it.
    let path = files.write("bom.sv", "\u{feff}if (a) x = y;\n");
    let out = run(&["behaviors", "--no-cache", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(list[0]["column"], 8);
}

/// A study whose only program has a deep condition, with one generation per variant.
fn deep_study(files: &Files) -> PathBuf {
    let rtl = parens(200);
    let program = serde_json::json!({
        "id": "deep", "stratum": "s", "synchronous": false, "rtl": rtl,
        "reference": "property p; a |=> x == y; endproperty",
        "variants": {"T3": {"rtl": rtl}},
    });
    files.write("programs.jsonl", &format!("{program}\n"));
    let mut generations = String::new();
    for variant in ["original", "T3"] {
        let g = serde_json::json!({
            "program": "deep", "variant": variant, "model": "m",
            "output": "property p; a |=> x == y; endproperty",
        });
        generations.push_str(&format!("{g}\n"));
    }
    files.write("generations.jsonl", &generations);
    files.dir().to_path_buf()
}

#[test]
fn audit_and_the_rtl_oracle_report_deep_rtl_and_go_on() {
    let files = Files::new();
    let study = deep_study(&files);
    let study = study.to_str().unwrap();
    let out = run(&["audit", "--format", "json", study]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("nested too deeply"), "{text}");
    let out = run(&["score", "--oracle", "rtl", study]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("nested too deeply"),
        "{}",
        stderr(&out)
    );
}

fn dev_full() -> Stdio {
    Stdio::from(File::options().write(true).open("/dev/full").unwrap())
}

/// A pipe whose reading end is already closed.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Stdio::from(writer)
}

#[test]
fn output_that_cannot_be_written_is_an_error_that_says_so() {
    let files = Files::new();
    let rtl = files.write("a.sv", &"if (a) x = y;\n".repeat(200));
    let rtl = rtl.to_str().unwrap();
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/sample-runs");
    let commands: [&[&str]; 4] = [
        &["behaviors", "--no-cache", rtl],
        &["audit", "--no-cache", sample],
        &["audit", "--no-cache", "--format", "json", sample],
        &["validate", sample],
    ];
    for args in commands {
        for (what, stdout) in [("full", dev_full()), ("closed pipe", closed_pipe())] {
            let out = common::flipscope()
                .env("XDG_CACHE_HOME", files.dir())
                .args(args)
                .stdout(stdout)
                .output()
                .unwrap();
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{args:?} to a {what}: {err}");
            assert!(
                err.contains("error: cannot write the output (standard output): "),
                "{args:?} to a {what}: {err}"
            );
            assert!(!err.contains("panicked"), "{err}");
        }
    }
}

/// Runs `behaviors FILE` with the parse cache under `cache`; its standard output.
fn behaviors_cached(cache: &Path, file: &Path) -> String {
    let out = common::flipscope()
        .env("XDG_CACHE_HOME", cache)
        .args(["behaviors", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

/// Every cache pack under `cache`.
fn cache_packs(cache: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![cache.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.to_string_lossy().ends_with(".pack.json") {
                found.push(p);
            }
        }
    }
    found
}

#[test]
fn cache_entries_with_wrong_content_are_not_trusted() {
    let files = Files::new();
    let cache = files.dir().join("cache");
    let a = files.write("a.sv", "if (a && b) x = y;\n");
    let b = files.write("b.sv", "if (c || d) p <= q;\n");
    let a_fresh = behaviors_cached(&cache, &a);
    let b_fresh = behaviors_cached(&cache, &b);
    assert_ne!(a_fresh, b_fresh);
    // Each run wrote one pack of one entry: swap their outcomes (valid JSON, each entry
    // now holds the other source's behaviors under its own key).
    let packs = cache_packs(&cache);
    assert_eq!(packs.len(), 2, "{packs:?}");
    let read = |p: &Path| -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
    };
    let (mut first, mut second) = (read(&packs[0]), read(&packs[1]));
    let entry = |v: &mut serde_json::Value| -> serde_json::Value {
        let obj = v.as_object_mut().unwrap();
        assert_eq!(obj.len(), 1);
        obj.values_mut().next().unwrap()["outcome"].take()
    };
    let (one, two) = (entry(&mut first), entry(&mut second));
    first.as_object_mut().unwrap().values_mut().next().unwrap()["outcome"] = two;
    second.as_object_mut().unwrap().values_mut().next().unwrap()["outcome"] = one;
    std::fs::write(&packs[0], serde_json::to_vec(&first).unwrap()).unwrap();
    std::fs::write(&packs[1], serde_json::to_vec(&second).unwrap()).unwrap();
    assert_eq!(behaviors_cached(&cache, &a), a_fresh);
    assert_eq!(behaviors_cached(&cache, &b), b_fresh);
}
