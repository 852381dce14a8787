//! `flipscope reprove STUDY --out FILE` prints the command that lists its
//! disagreements, and that command, pasted into a shell as printed, lists them: it
//! names the study and, since the records are not in `STUDY/reproof.jsonl`, gives
//! `--reproof FILE`; paths with spaces and quotes come out quoted. A hand-written study
//! (a 2-bit counter and one assertion JasperGold is said to prove, which fails) makes
//! the disagreement. Needs yosys (CI must have it).

mod common;

use std::path::Path;

const PROGRAM: &str = r#"{"id": "cnt", "stratum": "demo", "synchronous": true, "clock": "posedge clk", "rtl": "module cnt(input clk, input rst, output reg [1:0] q);\n  always @(posedge clk) if (rst) q <= 0; else q <= q + 1;\nendmodule\n", "reference": "", "variants": {}, "kind": "module", "top": "cnt", "rtl_name": "cnt.v", "reset": "rst", "meta": {"dataset": "assertionbench"}}"#;

const GENERATION: &str = r#"{"program": "cnt", "variant": "original", "model": "m", "shots": 1, "output": "module i_cnt(input clk, input rst, input [1:0] q);\nassert property(@(posedge clk) q != 3);\nendmodule\n", "meta": {"file": "p.sva"}, "external": {"engine": "jaspergold", "version": "x", "outcome": "ok", "log": "l", "analysed": "p.sva", "verdicts": [{"assertion": 1, "name": "cnt.i_cnt._assert_1", "status": "proven", "precondition": "covered", "text": "assert property(@(posedge clk) q != 3);", "line": 2}]}}"#;

fn study(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("programs.jsonl"), format!("{PROGRAM}\n")).unwrap();
    std::fs::write(dir.join("generations.jsonl"), format!("{GENERATION}\n")).unwrap();
}

/// The `disagreements:` hint of a `reprove` run in `cwd`, run through bash there.
fn hint_runs(cwd: &Path, args: &[&str]) -> (String, String) {
    let out = common::flipscope()
        .current_dir(cwd)
        .arg("reprove")
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let hint = text
        .lines()
        .find_map(|l| l.strip_prefix("disagreements: "))
        .unwrap_or_else(|| panic!("no hint:\n{text}"))
        .to_string();
    let bin = Path::new(env!("CARGO_BIN_EXE_flipscope")).parent().unwrap();
    let listed = std::process::Command::new("bash")
        .args(["--noprofile", "--norc", "-c", &hint])
        .current_dir(cwd)
        .env(
            "PATH",
            format!("{}:{}", bin.display(), std::env::var("PATH").unwrap()),
        )
        .env("XDG_CACHE_HOME", common::cache_home())
        .output()
        .unwrap();
    let list = String::from_utf8_lossy(&listed.stdout).into_owned();
    assert!(
        listed.status.success(),
        "`{hint}`: {}",
        String::from_utf8_lossy(&listed.stderr)
    );
    (hint, list)
}

#[test]
fn the_hint_after_reprove_out_lists_the_disagreements() {
    if !common::have_tools(&["yosys"]) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    study(&tmp.path().join("my study"));
    let (hint, list) = hint_runs(tmp.path(), &["my study", "--out", "it's here.jsonl"]);
    assert_eq!(
        hint,
        "flipscope assertions 'my study' --filter agree=no --reproof 'it'\\''s here.jsonl'"
    );
    assert!(
        list.contains("cnt/m/1-shot/#1") && list.ends_with("1 assertions\n"),
        "{list}"
    );
    assert!(!tmp.path().join("my study/reproof.jsonl").exists());

    // Records in the study's own file: no --reproof needed, none printed.
    let (hint, list) = hint_runs(tmp.path(), &["my study"]);
    assert_eq!(hint, "flipscope assertions 'my study' --filter agree=no");
    assert!(list.ends_with("1 assertions\n"), "{list}");
}

/// An empty records file (made by a shell's `> FILE`, or left by an earlier run that
/// was killed before it wrote) holds no earlier records: `reprove` writes its records
/// there instead of refusing it.
#[test]
fn an_empty_records_file_is_written_over() {
    if !common::have_tools(&["yosys"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("study");
    study(&s);
    for empty in ["", "\n \n"] {
        std::fs::write(s.join("reproof.jsonl"), empty).unwrap();
        let out = common::flipscope()
            .arg("reprove")
            .arg(&s)
            .arg("--no-cache")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let records = std::fs::read_to_string(s.join("reproof.jsonl")).unwrap();
        assert_eq!(records.lines().count(), 1, "{records}");
        assert!(records.contains("\"id\""), "{records}");
    }
}
