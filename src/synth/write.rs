//! Writing a simulated study as files: `programs.jsonl`, `generations.jsonl`,
//! `annotations.jsonl` and `README.md`, byte for byte the same for the same options.

use std::fs;
use std::path::Path;

use serde::Serialize;

use super::readme::readme;
use super::{SampleStudy, SynthError};

fn jsonl<T: Serialize>(items: &[T]) -> String {
    let mut out = String::new();
    for item in items {
        out.push_str(&serde_json::to_string(item).expect("study records serialise"));
        out.push('\n');
    }
    out
}

/// Writes `study` into `dir` (created if missing; the four files are replaced).
pub fn write_study(dir: &Path, study: &SampleStudy) -> Result<(), SynthError> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| SynthError::Io { path, source }
    };
    fs::create_dir_all(dir).map_err(io(dir))?;
    let files = [
        ("programs.jsonl", jsonl(&study.programs)),
        ("generations.jsonl", jsonl(&study.generations)),
        ("annotations.jsonl", jsonl(&study.annotations)),
        ("README.md", readme(study)),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        fs::write(&path, text).map_err(io(&path))?;
    }
    Ok(())
}
