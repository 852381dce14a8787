//! The small slips a newcomer met (issue 31), through the real binary: `metrics` on a
//! study that holds only programs points to `generate`; `import --help` says where
//! each importer writes; `score` leaves a study's pairs and verdicts files unread
//! (they are its output), saying so for one named on the command line.

mod common;

use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

#[test]
fn metrics_on_a_programs_only_study_says_how_to_generate() {
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("my-study");
    common::tmux::copy_dir(&fixture("programs-only"), &study);
    let out = common::run(&["metrics", study.to_str().unwrap(), "--replicates", "0"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no generations yet")
            && err.contains(&format!(
                "`flipscope generate {} --endpoint URL --model NAME`",
                study.display()
            ))
            && err.contains("docs/generate.md"),
        "{err}"
    );
    // A study with generations gets no such note.
    let out = common::run(&["metrics", "sample-runs", "--replicates", "0"]);
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("no generations yet"));
}

#[test]
fn import_help_says_where_each_importer_writes() {
    for args in [&["import", "--help"][..], &["--help"][..]] {
        let out = common::run(args);
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            !text.contains("programs.jsonl (written to standard output)"),
            "{text}"
        );
        assert!(text.contains("AssertionBench"), "{text}");
    }
}

#[test]
fn score_reads_neither_pairs_nor_verdicts_files() {
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("s");
    common::tmux::copy_dir(&fixture("score-study"), &study);
    // Empty and broken output files of an earlier run are not read.
    std::fs::write(study.join("pairs.jsonl"), "").unwrap();
    std::fs::write(study.join("verdicts.jsonl"), "{oops\n").unwrap();
    let out = common::run(&["score", study.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.stdout.is_empty());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("not read"));
    // Named on the command line, a pairs file is left out with a warning.
    let pairs = study.join("pairs.jsonl");
    let out = common::run(&[
        "score",
        study.join("programs.jsonl").to_str().unwrap(),
        study.join("generations.jsonl").to_str().unwrap(),
        pairs.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("pairs.jsonl: not read: `score` writes pairs and verdicts"),
        "{err}"
    );
}
