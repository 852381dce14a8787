//! The bundled sample study (`sample-runs/`) through the binary: `flipscope synth`
//! reproduces it byte for byte, it validates, and every reference equals its RTL path.

mod common;

use std::path::{Path, PathBuf};

use flipscope::study::Program;

fn sample_runs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-runs")
}

fn read_jsonl<T: serde::de::DeserializeOwned>(path: &Path) -> Vec<T> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn synth_with_default_settings_reproduces_sample_runs_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let out = common::run(&["synth", "--out", dir.path().to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The files synth writes, compared with the checkout's: whatever else a user's
    // run left beside them (a lock, a temporary file, exports) is not the study's.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "README.md",
            "annotations.jsonl",
            "generations.jsonl",
            "programs.jsonl"
        ]
    );
    for name in names {
        let committed = std::fs::read(sample_runs().join(&name)).unwrap();
        let fresh = std::fs::read(dir.path().join(&name)).unwrap();
        assert!(
            committed == fresh,
            "{name} differs from a fresh `flipscope synth`"
        );
    }
}

#[test]
fn synth_with_another_seed_writes_another_study_and_rejects_too_few_programs() {
    let dir = tempfile::tempdir().unwrap();
    let out = common::run(&[
        "synth",
        "--out",
        dir.path().to_str().unwrap(),
        "--programs",
        "8",
        "--seed",
        "5",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let programs: Vec<Program> = read_jsonl(&dir.path().join("programs.jsonl"));
    assert_eq!(programs.len(), 8);
    let committed: Vec<Program> = read_jsonl(&sample_runs().join("programs.jsonl"));
    assert_ne!(programs[0].rtl, committed[0].rtl);
    let out = common::run(&[
        "synth",
        "--out",
        dir.path().to_str().unwrap(),
        "--programs",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn sample_runs_validates() {
    let path = sample_runs();
    let out = common::run(&["validate", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn audit_finds_every_reference_equivalent_to_the_rtl_path() {
    let path = sample_runs();
    let out = common::run(&["audit", "--format", "json", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["programs"], 40);
    assert_eq!(report["behaviors"], 295);
    assert_eq!(report["equivalent"], 295);
    for key in [
        "reference_stronger",
        "reference_weaker",
        "incomparable",
        "unmatched",
        "rtl_errors",
        "reference_errors",
    ] {
        assert_eq!(report[key], 0, "{key}");
    }
}
