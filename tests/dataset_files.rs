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

/// A minimal EquivSVA family `fam1` under `root/dataset`: a spec, one implementation
/// and its properties.
fn equivsva_family(root: &Path) -> std::path::PathBuf {
    let family = root.join("dataset/fam1");
    std::fs::create_dir_all(family.join("rtl")).unwrap();
    std::fs::create_dir_all(family.join("properties")).unwrap();
    std::fs::write(family.join("spec.json"), r#"{"category": "counter"}"#).unwrap();
    std::fs::write(
        family.join("rtl/behavioral.sv"),
        "module fam1(input clk, output reg q);\nalways @(posedge clk) q <= !q;\nendmodule\n",
    )
    .unwrap();
    std::fs::write(
        family.join("properties/properties.sva"),
        "assert property (@(posedge clk) q |=> !q);\n",
    )
    .unwrap();
    family
}

#[test]
fn the_minimal_equivsva_family_imports() {
    let dir = tempfile::tempdir().unwrap();
    equivsva_family(dir.path());
    let out = run_bounded(&["import", "equivsva", dir.path().to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"fam1\""));
}

#[test]
fn fifos_anywhere_in_an_equivsva_tree_are_refused_by_name_never_waited_on() {
    // (what is a FIFO, the name the error must give)
    let cases = [
        ("dataset/fam1/rtl/pipelined.sv", "fam1/rtl/pipelined.sv"),
        (
            "dataset/fam1/properties/properties.json",
            "properties/properties.json",
        ),
        ("dataset/fam1/properties/properties.sva", "properties.sva"),
        ("experiments/tasks/dev.jsonl", "tasks/dev.jsonl"),
    ];
    for (fifo, named) in cases {
        let dir = tempfile::tempdir().unwrap();
        equivsva_family(dir.path());
        let path = dir.path().join(fifo);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let _ = std::fs::remove_file(&path);
        mkfifo(&path);
        let out = run_bounded(&["import", "equivsva", dir.path().to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{fifo}: {err}");
        assert!(err.contains(named), "{fifo}: {err}");
        assert!(err.contains("is a named pipe (FIFO)"), "{fifo}: {err}");
    }
}

#[test]
fn an_unreadable_spec_of_a_split_says_why_not_that_it_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let family = equivsva_family(dir.path());
    std::fs::remove_file(family.join("spec.json")).unwrap();
    // A link to itself: there, but it cannot be opened (as root, mode 000 can be).
    std::os::unix::fs::symlink("spec.json", family.join("spec.json")).unwrap();
    std::fs::write(
        dir.path().join("dataset/splits.json"),
        r#"{"dev": ["fam1"]}"#,
    )
    .unwrap();
    for split in ["dev", "all"] {
        let out = run_bounded(&[
            "import",
            "equivsva",
            dir.path().to_str().unwrap(),
            "--split",
            split,
        ]);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("fam1/spec.json"), "{split}: {err}");
        assert!(
            err.contains("cannot open the file this symbolic link names"),
            "{split}: {err}"
        );
        assert!(!err.contains("not in the dataset"), "{split}: {err}");
        assert!(!err.contains("no behavior family"), "{split}: {err}");
    }
}

/// A design folder of an AssertionBench tree under `root` with one run
/// (llama3, 1-shot): its project folder's session log passes every assertion.
fn assertionbench_design(root: &Path) -> std::path::PathBuf {
    let design = root.join("Jasper_llama_results/group/adder");
    let session = design.join("adder_llama3_1shot/sessionLogs/session_0");
    std::fs::create_dir_all(&session).unwrap();
    std::fs::write(
        design.join("adder.v"),
        "module adder(input a, b, output s);\nassign s = a ^ b;\nendmodule\n",
    )
    .unwrap();
    std::fs::write(
        design.join("property_llama3_1shot.sva"),
        "assert property (@(posedge clk) a |-> s);\n",
    )
    .unwrap();
    std::fs::write(
        session.join("jg_session_0.log"),
        "[<embedded>] % prove -all\nSummary: 1 proven\n",
    )
    .unwrap();
    design
}

#[test]
fn a_fifo_or_device_log_of_assertionbench_is_refused_not_replaced_by_another_log() {
    let links: [(&str, Option<&str>); 3] = [
        ("adder_llama3_1shot/jg.log", None),
        ("adder_llama3_1shot/jg.log", Some("/dev/null")),
        ("jg_llama3_1shot.out", Some("/dev/zero")),
    ];
    for (log, device) in links {
        let dir = tempfile::tempdir().unwrap();
        let design = assertionbench_design(dir.path());
        let path = design.join(log);
        match device {
            Some(dev) => std::os::unix::fs::symlink(dev, &path).unwrap(),
            None => mkfifo(&path),
        }
        let study = dir.path().join("study");
        let out = run_bounded(&[
            "import",
            "assertionbench",
            dir.path().to_str().unwrap(),
            "--out",
            study.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{log}: {err}");
        assert!(err.contains(&format!("adder/{log}")), "{log}: {err}");
        let what = if device.is_some() {
            "is a device, not a regular file"
        } else {
            "is a named pipe (FIFO), not a regular file"
        };
        assert!(err.contains(what), "{log}: {err}");
        assert!(!study.join("generations.jsonl").exists(), "{log}");
    }
}

#[test]
fn an_fpv_script_whose_variables_double_is_read_within_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let design = assertionbench_design(dir.path());
    // 2^40 bytes if every doubling were made.
    let mut script = String::from("set a xy\n");
    for _ in 0..40 {
        script.push_str("set a $a$a\n");
    }
    script.push_str("analyze -v2k $a/adder.v\nanalyze -sva ./property_llama3_1shot.sva\n");
    script.push_str("elaborate -top adder\nclock clk\nreset -none\nprove -all\nexit\n");
    std::fs::write(design.join("FPV_adder.tcl"), script).unwrap();
    let study = dir.path().join("study");
    let out = run_bounded(&[
        "import",
        "assertionbench",
        dir.path().to_str().unwrap(),
        "--out",
        study.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    // Read, and its odd analysed file reported or not, but never a crash.
    assert!(matches!(out.status.code(), Some(0 | 1)), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
