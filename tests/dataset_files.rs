//! Dataset trees get the study loader's regular-file rule: a FIFO, a device or an
//! unreadable file where an importer expects a file is refused by name, at once, never
//! waited on and never taken for a missing file (issue 29, item 11).

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs flipscope with `args`, failing the test when it has not ended in 20 s.
fn run_bounded(args: &[&str]) -> std::process::Output {
    let mut child = common::flipscope()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("flipscope {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

#[test]
fn a_fifo_spec_in_an_equivsva_tree_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let family = dir.path().join("dataset/fam1");
    std::fs::create_dir_all(&family).unwrap();
    mkfifo(&family.join("spec.json"));
    let out = run_bounded(&["import", "equivsva", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("fam1/spec.json"), "{err}");
    assert!(
        err.contains("is a named pipe (FIFO), not a regular file"),
        "{err}"
    );
}

#[test]
fn a_device_spec_of_a_split_is_not_called_missing() {
    let dir = tempfile::tempdir().unwrap();
    let family = dir.path().join("dataset/fam1");
    std::fs::create_dir_all(&family).unwrap();
    std::os::unix::fs::symlink("/dev/null", family.join("spec.json")).unwrap();
    std::fs::write(
        dir.path().join("dataset/splits.json"),
        r#"{"dev": ["fam1"]}"#,
    )
    .unwrap();
    let out = run_bounded(&[
        "import",
        "equivsva",
        dir.path().to_str().unwrap(),
        "--split",
        "dev",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is a device, not a regular file"), "{err}");
    assert!(!err.contains("not in the dataset"), "{err}");
}

#[test]
fn a_fifo_splits_file_is_refused_not_skipped() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("dataset/fam1")).unwrap();
    mkfifo(&dir.path().join("dataset/splits.json"));
    let out = run_bounded(&["import", "equivsva", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("splits.json"), "{err}");
    assert!(err.contains("is a named pipe (FIFO)"), "{err}");
}
