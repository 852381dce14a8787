//! `flipscope prove` and `reprove` against hostile input (issue 29, items 1, 2 and 5):
//! no path, name or text reaches the yosys script (a design folder named with a quote
//! and `;`, or with a newline and `!`, runs no command); includes are resolved by
//! flipscope (a relative design path finds its sibling header); a study's header names
//! outside its folder are refused at load and by `validate`; the engine's own wire
//! names are refused in properties; a cache entry copied under another key is not
//! trusted. Every test works in its own temp dir (TMPDIR and the cache too), without
//! network. Needs yosys.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const DESIGN: &str = "module c(input clk, input a, output reg q);
  always @(posedge clk) q <= a;
endmodule
";

const PASSES: &str = "assert property (@(posedge clk) a |=> q);\n";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&p, text).unwrap();
    p
}

/// `flipscope` with TMPDIR and the cache inside `dir`.
fn flipscope(dir: &Path) -> Command {
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let mut c = common::flipscope();
    c.env("TMPDIR", &tmp)
        .env("XDG_CACHE_HOME", dir.join("cache"));
    c
}

fn prove(dir: &Path, args: &[&str]) -> Output {
    flipscope(dir)
        .arg("prove")
        .args(args)
        .arg("--no-cache")
        .output()
        .expect("run flipscope")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The design in a folder named `folder`, proven with the command `touch $PWN` hidden
/// in the name; `PWN` is a file of the test's dir that must not appear.
fn injection_is_inert(folder: &str) {
    let dir = tempfile::tempdir().unwrap();
    let pwned = dir.path().join("PWNED");
    let rtl = write(&dir.path().join(folder), "c.sv", DESIGN);
    let props = write(dir.path(), "p.sva", PASSES);
    let out = flipscope(dir.path())
        .args(["prove", rtl.to_str().unwrap(), "--properties"])
        .arg(&props)
        .args(["--no-cache", "--format", "json"])
        .env("PWN", &pwned)
        .output()
        .unwrap();
    assert!(!pwned.exists(), "the folder's name ran a command");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["properties"][0]["status"], "pass");
}

#[test]
fn a_quote_and_semicolon_in_a_folder_name_run_no_command() {
    injection_is_inert("x\" d0.sv; exec -- touch $PWN; # ");
}

#[test]
fn a_newline_and_bang_in_a_folder_name_run_no_command() {
    injection_is_inert("a\" d0.sv\n!touch $PWN\n#");
}

#[test]
fn a_relative_design_path_finds_its_sibling_include() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "rtl/defs.vh", "`define NEXT(x) (x)\n");
    write(
        dir.path(),
        "rtl/c.sv",
        "`include \"defs.vh\"\nmodule c(input clk, input a, output reg q);\n  always @(posedge clk) q <= `NEXT(a);\nendmodule\n",
    );
    write(dir.path(), "p.sva", PASSES);
    let out = flipscope(dir.path())
        .current_dir(dir.path())
        .args([
            "prove",
            "rtl/c.sv",
            "--properties",
            "p.sva",
            "--no-cache",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["properties"][0]["status"], "pass");
}

#[test]
fn includes_of_devices_folders_macros_and_missing_files_are_located_errors() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "p.sva", PASSES);
    std::fs::create_dir_all(dir.path().join("sub")).unwrap();
    let cases = [
        (
            "`include \"/dev/zero\"\n",
            "z.sv:1:1: `include \"/dev/zero\"",
            "not a regular file",
        ),
        (
            "`include \"sub\"\n",
            "d.sv:1:1: `include \"sub\"",
            "a folder",
        ),
        (
            "`define F \"/dev/zero\"\n`include `F\n",
            "m.sv:2:1: `include",
            "double quotes",
        ),
        (
            "\n\n`include \"nosuch.vh\"\n",
            "n.sv:3:1: `include \"nosuch.vh\"",
            "no such file",
        ),
    ];
    for ((text, place, why), name) in cases.iter().zip(["z.sv", "d.sv", "m.sv", "n.sv"]) {
        let rtl = write(dir.path(), name, &format!("{text}{DESIGN}"));
        let out = flipscope(dir.path())
            .current_dir(dir.path())
            .args(["prove", name, "--properties", "p.sva", "--no-cache"])
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{}: {err}", rtl.display());
        assert!(err.contains(place) && err.contains(why), "{err}");
    }
}

#[test]
fn a_header_that_includes_itself_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.vh", "`include \"b.vh\"\n");
    write(dir.path(), "b.vh", "`include \"a.vh\"\n");
    let rtl = write(dir.path(), "c.sv", &format!("`include \"a.vh\"\n{DESIGN}"));
    let props = write(dir.path(), "p.sva", PASSES);
    let out = prove(
        dir.path(),
        &[
            rtl.to_str().unwrap(),
            "--properties",
            props.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("include cycles"), "{}", stderr(&out));
}

#[test]
fn the_engines_own_names_are_refused_in_properties() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "c.sv", DESIGN);
    let props = write(
        dir.path(),
        "p.sva",
        "assert property (@(posedge clk) flipscope_live |-> q);\nassert property (@(posedge clk) !flipscope_p0_bad);\n",
    );
    let out = prove(
        dir.path(),
        &[
            rtl.to_str().unwrap(),
            "--properties",
            props.to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    let v = json(&out);
    for (p, name) in v["properties"]
        .as_array()
        .unwrap()
        .iter()
        .zip(["flipscope_live", "flipscope_p0_bad"])
    {
        assert_eq!(p["status"], "error", "{p}");
        let reason = p["reason"].as_str().unwrap();
        assert!(
            reason.contains(&format!("`{name}`")) && reason.contains("reserved"),
            "{reason}"
        );
    }
}

#[test]
fn a_cache_entry_copied_under_another_key_is_not_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "c.sv", DESIGN);
    let props = write(
        dir.path(),
        "p.sva",
        "assert property (@(posedge clk) a |=> q);\nassert property (@(posedge clk) a |=> !q);\n",
    );
    let cached = |dir: &Path| {
        let out = flipscope(dir)
            .args(["prove", rtl.to_str().unwrap(), "--properties"])
            .arg(&props)
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let v = json(&out);
        (
            v["properties"][0]["status"].as_str().unwrap().to_string(),
            v["properties"][1]["status"].as_str().unwrap().to_string(),
        )
    };
    assert_eq!(cached(dir.path()), ("pass".into(), "fail".into()));
    // Every entry of every pack replaced by the passing one, under its own key.
    let formal = dir.path().join("cache/flipscope/formal");
    let mut packs = 0;
    for version in std::fs::read_dir(&formal).unwrap().flatten() {
        for pack in std::fs::read_dir(version.path()).unwrap().flatten() {
            let text = std::fs::read_to_string(pack.path()).unwrap();
            let mut stored: serde_json::Map<String, Value> = serde_json::from_str(&text).unwrap();
            let pass = stored
                .values()
                .find(|e| e["value"]["status"] == "pass")
                .cloned()
                .expect("a cached pass");
            for e in stored.values_mut() {
                *e = pass.clone();
            }
            std::fs::write(pack.path(), serde_json::to_string(&stored).unwrap()).unwrap();
            packs += 1;
        }
    }
    assert!(packs > 0, "the run cached its results");
    assert_eq!(cached(dir.path()), ("pass".into(), "fail".into()));
}

/// A module program whose header is named `name`, with one generation that has an
/// external verdict (so that `reprove` proves it).
fn study_with_header(dir: &Path, name: &str) -> PathBuf {
    let study = dir.join("study");
    let rtl = format!("`include \"{name}\"\n{DESIGN}");
    let program = serde_json::json!({
        "id": "c", "stratum": "g", "synchronous": true, "clock": "posedge clk",
        "rtl": rtl, "reference": "", "kind": "module", "top": "c",
        "files": [{"name": name, "text": "`define W 1\n", "header": true}],
    });
    let generation = serde_json::json!({
        "program": "c", "variant": "original", "model": "m", "output": PASSES,
        "external": {"engine": "jaspergold", "outcome": "ok", "verdicts": [
            {"assertion": 1, "name": "c.v_c._assert_1", "status": "proven", "text": PASSES}]},
    });
    write(&study, "programs.jsonl", &format!("{program}\n"));
    write(&study, "generations.jsonl", &format!("{generation}\n"));
    study
}

#[test]
fn header_names_outside_the_design_are_refused_by_validate_and_reprove() {
    for name in ["../../evil.vh", "/tmp/evil.vh", "a/../../evil.vh"] {
        let dir = tempfile::tempdir().unwrap();
        let study = study_with_header(dir.path(), name);
        let out = flipscope(dir.path())
            .arg("validate")
            .arg(&study)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(
            err.contains("programs.jsonl:1:") && err.contains(&format!("\"{name}\"")),
            "{err}"
        );
        let out = flipscope(dir.path())
            .arg("reprove")
            .arg(&study)
            .arg("--no-cache")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(!dir.path().join("evil.vh").exists());
        assert!(!dir.path().join("tmp/evil.vh").exists());
        assert!(!study.join("reproof.jsonl").exists());
    }
    // A plain relative header name is fine, and nothing is left in TMPDIR.
    let dir = tempfile::tempdir().unwrap();
    let study = study_with_header(dir.path(), "inc/defs.vh");
    let out = flipscope(dir.path())
        .arg("reprove")
        .arg(&study)
        .arg("--no-cache")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("agree 1 (100.0%)"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let left: Vec<_> = std::fs::read_dir(dir.path().join("tmp"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "left in TMPDIR: {left:?}");
}
