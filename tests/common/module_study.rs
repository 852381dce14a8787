//! The first steps of a metamorphic study of whole designs, shared by the tests that
//! run it through the binary: the EquivSVA dev split imported (every family or some),
//! written as a study, and rewrites added by `flipscope transform`; and the JSONL and
//! run helpers those tests read results with.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

/// The records of a JSONL file (blank lines skipped).
pub fn read_jsonl(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Writes `rows` as a JSONL file.
pub fn write_jsonl(path: &Path, rows: &[Value]) {
    let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(path, text).unwrap();
}

/// Runs flipscope and asserts that it succeeded, naming the arguments and its stderr.
pub fn run_ok(args: &[&str]) -> Output {
    let out = super::run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The root of the EquivSVA dataset in `../shared/data` (`None`: the test skips, or
/// fails under CI, as [`super::shared_data`] says).
pub fn dataset_root() -> Option<PathBuf> {
    let split = super::shared_data("equivsva/dataset/splits_v2.0.json")?;
    Some(split.parent()?.parent()?.to_path_buf())
}

/// A study `DIR/study` holding the dev split's programs (`import equivsva ROOT --split
/// dev`) of `families`, or of every family when it is empty, each line as the importer
/// wrote it; `None` when the dataset is missing.
pub fn dev_study(dir: &Path, families: &[&str]) -> Option<PathBuf> {
    let root = dataset_root()?;
    let import = run_ok(&[
        "import",
        "equivsva",
        root.to_str().unwrap(),
        "--split",
        "dev",
    ]);
    let programs: String = String::from_utf8(import.stdout)
        .unwrap()
        .lines()
        .filter(|l| {
            let p: Value = serde_json::from_str(l).unwrap();
            families.is_empty() || families.contains(&p["id"].as_str().unwrap())
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let study = dir.join("study");
    std::fs::create_dir_all(&study).unwrap();
    std::fs::write(study.join("programs.jsonl"), programs).unwrap();
    Some(study)
}

/// `flipscope transform STUDY --kinds KINDS --out OUT [EXTRA...]`, as it ran (the
/// caller checks its status and report).
pub fn transform(study: &Path, out: &Path, kinds: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "transform",
        study.to_str().unwrap(),
        "--kinds",
        kinds,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    super::run(&args)
}
