//! Loading a study for the TUI: finds `pairs*.jsonl` and `programs*.jsonl` in the paths
//! given, reads them streaming with located errors, and adapts the records into the view
//! model (`tui::model`). The only place that knows the files' record shapes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use std::sync::Arc;

use super::finder::{FinderEntry, build_index};
use super::model::{FlipClass, PairView, ProgramView, SideView, StudyView, VariantView};
use super::queue::Queue;
use crate::study::LocatedError;
use crate::study::jsonl::JsonlReader;

/// Why a study could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Located(#[from] LocatedError),
    #[error("{path}: cannot read the directory: {message}")]
    Directory { path: String, message: String },
    #[error("{path}: no such file or directory")]
    Missing { path: String },
    #[error("no pairs*.jsonl file in {0}: expected the output of `flipscope score`")]
    NoPairs(String),
}

/// How far loading has come (sent to the status line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProgress {
    /// The file being read.
    pub file: String,
    /// Files finished so far and in all.
    pub files_done: usize,
    pub files_total: usize,
    /// Records read so far over all files.
    pub records: usize,
}

#[derive(Deserialize)]
struct SideRecord {
    correct: bool,
    #[serde(default)]
    category: String,
    #[serde(default)]
    property: Option<String>,
    #[serde(default)]
    reason: String,
}

#[derive(Deserialize)]
struct PairRecord {
    program: String,
    #[serde(default)]
    stratum: String,
    behavior: String,
    model: String,
    variant: String,
    base: SideRecord,
    trans: SideRecord,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Deserialize)]
struct VariantRecord {
    rtl: String,
    #[serde(default)]
    rename: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct ProgramRecord {
    id: String,
    #[serde(default)]
    stratum: String,
    #[serde(default)]
    synchronous: bool,
    #[serde(default)]
    clock: Option<String>,
    rtl: String,
    #[serde(default)]
    reference: String,
    #[serde(default)]
    variants: BTreeMap<String, VariantRecord>,
}

impl From<SideRecord> for SideView {
    fn from(r: SideRecord) -> Self {
        SideView {
            correct: r.correct,
            category: r.category,
            property: r.property.unwrap_or_default(),
            reason: r.reason,
        }
    }
}

impl From<PairRecord> for PairView {
    fn from(r: PairRecord) -> Self {
        PairView {
            flip: FlipClass::of(r.base.correct, r.trans.correct),
            program: r.program,
            stratum: r.stratum,
            behavior: r.behavior,
            model: r.model,
            variant: r.variant,
            base: r.base.into(),
            trans: r.trans.into(),
            tags: r.tags,
        }
    }
}

impl From<ProgramRecord> for ProgramView {
    fn from(r: ProgramRecord) -> Self {
        ProgramView {
            id: r.id,
            stratum: r.stratum,
            synchronous: r.synchronous,
            clock: r.clock,
            rtl: r.rtl,
            reference: r.reference,
            variants: r
                .variants
                .into_iter()
                .map(|(k, v)| {
                    (
                        k,
                        VariantView {
                            rtl: v.rtl,
                            rename: v.rename,
                        },
                    )
                })
                .collect(),
        }
    }
}

/// A loaded study with what the UI needs precomputed off the UI thread: the queue
/// (sorted, filtered to `CW`) and the finder's index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prepared {
    pub study: Arc<StudyView>,
    pub queue: Queue,
    pub index: Arc<Vec<FinderEntry>>,
}

impl Prepared {
    pub fn new(study: StudyView) -> Prepared {
        let queue = Queue::new(&study);
        let index = Arc::new(build_index(&study));
        Prepared {
            study: Arc::new(study),
            queue,
            index,
        }
    }
}

/// The study files among `paths`: each path is a file, or a directory whose
/// `pairs*.jsonl` and `programs*.jsonl` files are taken (sorted by name).
pub fn study_files(paths: &[PathBuf]) -> Result<(Vec<PathBuf>, Vec<PathBuf>), LoadError> {
    let mut pairs = Vec::new();
    let mut programs = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| LoadError::Directory {
                path: path.display().to_string(),
                message: e.to_string(),
            })?;
            let mut names: Vec<PathBuf> =
                entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            names.sort();
            for file in names {
                match kind_of(&file) {
                    Some(FileKind::Pairs) => pairs.push(file),
                    Some(FileKind::Programs) => programs.push(file),
                    None => {}
                }
            }
        } else if path.exists() {
            match kind_of(path) {
                Some(FileKind::Programs) => programs.push(path.clone()),
                // A file named otherwise is taken as pairs: the user named it.
                _ => pairs.push(path.clone()),
            }
        } else {
            return Err(LoadError::Missing {
                path: path.display().to_string(),
            });
        }
    }
    if pairs.is_empty() {
        let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(LoadError::NoPairs(shown.join(", ")));
    }
    Ok((pairs, programs))
}

enum FileKind {
    Pairs,
    Programs,
}

fn kind_of(path: &Path) -> Option<FileKind> {
    let name = path.file_name()?.to_str()?;
    if !name.ends_with(".jsonl") {
        return None;
    }
    if name.starts_with("pairs") {
        Some(FileKind::Pairs)
    } else if name.starts_with("programs") {
        Some(FileKind::Programs)
    } else {
        None
    }
}

/// Loads the study in `paths`, reporting progress every few thousand records. Stops at
/// the first bad record (its error names the file, line and column).
pub fn load_study(
    paths: &[PathBuf],
    mut progress: impl FnMut(&LoadProgress),
) -> Result<StudyView, LoadError> {
    let (pair_files, program_files) = study_files(paths)?;
    let mut state = LoadProgress {
        file: String::new(),
        files_done: 0,
        files_total: pair_files.len() + program_files.len(),
        records: 0,
    };
    let mut study = StudyView::default();
    for file in &program_files {
        read_records::<ProgramRecord>(file, &mut state, &mut progress, |r| {
            study.programs.insert(r.id.clone(), r.into());
        })?;
        study.sources.push(file.display().to_string());
    }
    for file in &pair_files {
        read_records::<PairRecord>(file, &mut state, &mut progress, |r| {
            study.pairs.push(r.into());
        })?;
        study.sources.push(file.display().to_string());
    }
    Ok(study)
}

fn read_records<T: serde::de::DeserializeOwned>(
    file: &Path,
    state: &mut LoadProgress,
    progress: &mut impl FnMut(&LoadProgress),
    mut take: impl FnMut(T),
) -> Result<(), LoadError> {
    let mut reader = JsonlReader::open(file)?;
    state.file = reader.file().to_string();
    progress(state);
    while let Some(record) = reader.next_record::<T>() {
        let (_, record) = record?;
        take(record);
        state.records += 1;
        if state.records.is_multiple_of(5000) {
            progress(state);
        }
    }
    state.files_done += 1;
    progress(state);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-study")
    }

    #[test]
    fn loads_the_fixture_study() {
        let mut seen = Vec::new();
        let study = load_study(&[fixture()], |p| seen.push(p.clone())).unwrap();
        assert!(study.pairs.len() >= 10, "{}", study.pairs.len());
        assert!(study.programs.contains_key("p01"));
        let last = seen.last().unwrap();
        assert_eq!(last.files_done, last.files_total);
        assert_eq!(last.records, study.pairs.len() + study.programs.len());
    }

    #[test]
    fn a_bad_record_names_its_place() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pairs.jsonl");
        std::fs::write(&file, "{\"program\": \"p1\", \"behavior\": 3}\n").unwrap();
        let err = load_study(&[file], |_| {}).unwrap_err().to_string();
        assert!(err.contains("pairs.jsonl:1:"), "{err}");
    }

    #[test]
    fn a_directory_without_pairs_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let err = load_study(&[dir.path().to_path_buf()], |_| {}).unwrap_err();
        assert!(matches!(err, LoadError::NoPairs(_)), "{err}");
        let missing = load_study(&[dir.path().join("nope")], |_| {}).unwrap_err();
        assert!(missing.to_string().contains("no such file"), "{missing}");
    }
}
