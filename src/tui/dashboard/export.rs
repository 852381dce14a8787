//! Writing the dashboard's table to a file: rendered by `stats::export` (the same text
//! `flipscope export metrics` writes for the same pairs, filter, replicates and seed),
//! named after the filter and format, into the study's directory, or into the user data
//! directory when the study's directory cannot be written.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::stats::export::{Format, render};
use crate::stats::{InputFile, MetricsReport};
use crate::study::source::hex;
use crate::study::store::file::replace_atomically;
use crate::study::store::location::study_folder;

/// The file extension of a format.
pub fn extension(format: Format) -> &'static str {
    match format {
        Format::Markdown => "md",
        Format::Csv => "csv",
        Format::Latex => "tex",
        Format::Json => "json",
        Format::Table => "txt",
    }
}

/// `metrics.md` for no filter, else `metrics-<filter>.md` with every character other
/// than letters, digits, `.` and `-` replaced by `_` (at most 80 of them). An export
/// of the same filter and format replaces the earlier one.
pub fn file_name(filter: &str, format: Format) -> String {
    let slug: String = filter
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    if slug.is_empty() {
        format!("metrics.{}", extension(format))
    } else {
        format!("metrics-{slug}.{}", extension(format))
    }
}

/// The report as exported now: the annotation files among its inputs hashed again
/// (this session's tags are written to them, and the figures count those tags), and
/// `store`, the study directory's annotations file when this session created it,
/// listed with them. Every other input keeps the hash it had when it was read.
pub fn with_current_annotations(
    report: &MetricsReport,
    annotation_paths: &[String],
    store: Option<&Path>,
) -> MetricsReport {
    let mut report = report.clone();
    let inputs = &mut report.provenance.inputs;
    let mut annotations: Vec<InputFile> = Vec::new();
    inputs.retain(|f| {
        let is_annotation = annotation_paths.contains(&f.path);
        if is_annotation {
            annotations.push(f.clone());
        }
        !is_annotation
    });
    if let Some(store) = store {
        let path = store.to_string_lossy().into_owned();
        let same = |listed: &str| match (Path::new(listed).canonicalize(), store.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => listed == path,
        };
        if !annotations.iter().any(|f| same(&f.path)) {
            annotations.push(InputFile {
                path,
                sha256: String::new(),
            });
            // The loader reads a directory's annotations files in name order.
            annotations.sort_by(|a, b| a.path.cmp(&b.path));
        }
    }
    for mut file in annotations {
        if let Ok(bytes) = std::fs::read(&file.path) {
            file.sha256 = hex(&Sha256::digest(&bytes));
            inputs.push(file);
        }
    }
    report
}

/// Where an export went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub path: PathBuf,
    /// Why the study directory was not used, when it was not.
    pub fallback: Option<String>,
}

/// Writes `report` in `format` as `name` into `study_dir`, or, when that fails, into
/// `data_root`'s folder for the study (the folder the annotation store uses, with a
/// `study-path.txt` naming the study).
pub fn write(
    report: &MetricsReport,
    format: Format,
    study_dir: &Path,
    data_root: Option<&Path>,
    name: &str,
) -> Result<Written, String> {
    let text = render(report, format);
    let first = study_dir.join(name);
    let reason = match replace_atomically(&first, &text) {
        Ok(()) => {
            return Ok(Written {
                path: first,
                fallback: None,
            });
        }
        Err(e) => format!("{} cannot be written: {e}", study_dir.display()),
    };
    let Some(root) = data_root else {
        return Err(format!("{reason}, and there is no user data directory"));
    };
    let canonical = std::fs::canonicalize(study_dir).unwrap_or_else(|_| study_dir.to_path_buf());
    let folder = root.join(study_folder(&canonical));
    let write_there = || -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(&folder)?;
        let note = folder.join("study-path.txt");
        if !note.exists() {
            std::fs::write(&note, format!("{}\n", canonical.display()))?;
        }
        let path = folder.join(name);
        replace_atomically(&path, &text)?;
        Ok(path)
    };
    match write_there() {
        Ok(path) => Ok(Written {
            path,
            fallback: Some(reason),
        }),
        Err(e) => Err(format!("{reason}; {}: {e}", folder.display())),
    }
}

/// The directory a study path stands for (a file stands for its directory).
pub fn study_dir_of(path: &Path) -> PathBuf {
    if path.is_file() {
        match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        }
    } else {
        path.to_path_buf()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_follow_the_filter_and_format() {
        assert_eq!(file_name("", Format::Markdown), "metrics.md");
        assert_eq!(file_name("  ", Format::Latex), "metrics.tex");
        assert_eq!(
            file_name("model=qwen* variant=T2,T3", Format::Csv),
            "metrics-model_qwen__variant_T2_T3.csv"
        );
        assert_eq!(file_name("flip!=WW", Format::Json), "metrics-flip__WW.json");
        assert!(file_name(&"x".repeat(200), Format::Markdown).len() < 100);
    }

    #[test]
    fn a_read_only_study_dir_falls_back_to_the_data_root() {
        let study = tempfile::tempdir().unwrap();
        let root = tempfile::tempdir().unwrap();
        let report = MetricsReport {
            conditions: vec![],
            provenance: crate::stats::Provenance {
                filter: String::new(),
                oracle: None,
                bootstrap: Default::default(),
                version: "0".into(),
                inputs: vec![],
                pairs_read: 0,
                pairs_matched: 0,
            },
        };
        let ok = write(
            &report,
            Format::Csv,
            study.path(),
            Some(root.path()),
            "m.csv",
        )
        .unwrap();
        assert_eq!(ok.path, study.path().join("m.csv"));
        assert_eq!(ok.fallback, None);
        let missing = study.path().join("gone");
        let fell = write(&report, Format::Csv, &missing, Some(root.path()), "m.csv").unwrap();
        assert!(fell.path.starts_with(root.path()), "{:?}", fell.path);
        assert!(fell.fallback.is_some());
        let note = fell.path.parent().unwrap().join("study-path.txt");
        assert!(std::fs::read_to_string(note).unwrap().contains("gone"));
        assert!(write(&report, Format::Csv, &missing, None, "m.csv").is_err());
    }

    #[test]
    fn annotation_files_are_hashed_as_they_are_now() {
        let dir = tempfile::tempdir().unwrap();
        let listed = dir.path().join("annotations.jsonl");
        std::fs::write(&listed, "now\n").unwrap();
        let created = dir.path().join("annotations-x.jsonl");
        std::fs::write(&created, "new\n").unwrap();
        let input = |p: &Path, sha: &str| InputFile {
            path: p.to_string_lossy().into_owned(),
            sha256: sha.into(),
        };
        let programs = dir.path().join("programs.jsonl");
        let report = MetricsReport {
            conditions: vec![],
            provenance: crate::stats::Provenance {
                filter: String::new(),
                oracle: None,
                bootstrap: Default::default(),
                version: "0".into(),
                inputs: vec![input(&programs, "p"), input(&listed, "old")],
                pairs_read: 0,
                pairs_matched: 0,
            },
        };
        let annotations = [listed.to_string_lossy().into_owned()];
        let now = with_current_annotations(&report, &annotations, Some(&created));
        let inputs = &now.provenance.inputs;
        assert_eq!(inputs.len(), 3, "{inputs:?}");
        assert_eq!(inputs[0], input(&programs, "p"), "other inputs as read");
        // Annotation files in name order: `annotations-x` before `annotations.`.
        assert_eq!(inputs[1].path, created.to_string_lossy());
        assert_eq!(inputs[2].path, listed.to_string_lossy());
        assert_eq!(inputs[2].sha256, hex(&Sha256::digest(b"now\n")));
        // The store listed already (spelled differently) is not listed twice.
        let spelled = dir.path().join(".").join("annotations.jsonl");
        let again = with_current_annotations(&report, &annotations, Some(&spelled));
        assert_eq!(again.provenance.inputs.len(), 2);
    }
}
