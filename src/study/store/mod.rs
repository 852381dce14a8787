//! The annotation store: the decisions a person makes on pairs (tag, untag, note),
//! kept in `annotations.jsonl` and written atomically after every decision.
//!
//! - Location: the study's directory, or the user's data directory when the study's
//!   directory cannot be written ([`StoreLocation`]).
//! - One writer: a lock on `annotations.jsonl.lock` (held while the store is open)
//!   refuses a second instance, in this process or another.
//! - Never loses or breaks a file: every decision rewrites the whole file through a
//!   temporary file, fsync, rename and a directory fsync; a file with lines that are
//!   not decisions is reported (located) and the store opens read-only.
//!
//! See `docs/annotations.md`.

pub mod file;
pub mod gather;
pub mod location;

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

pub use location::{FILE_NAME, StoreLocation};

use super::annotation::{Annotation, AnnotationAction, PairAudit, replay};
use super::error::LocatedError;
use super::pair::PairKey;

/// What went wrong with the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another flipscope (or another store in this one) has the file open for writing.
    #[error(
        "{path} is already open in another flipscope (the lock {lock} is held): close it there first"
    )]
    Locked { path: String, lock: String },
    /// A file operation failed.
    #[error("{path}: cannot {what}: {source}")]
    Io {
        path: String,
        what: &'static str,
        #[source]
        source: io::Error,
    },
    /// The store is read-only; nothing was written.
    #[error("the decision was not saved: {reason}")]
    ReadOnly { reason: String },
    /// Neither the study directory nor a user data directory can hold the store.
    #[error("no place to keep annotations: {0}")]
    NoLocation(String),
    /// The decision itself is not valid (an empty tag, say).
    #[error("invalid decision: {0}")]
    Invalid(String),
}

/// One decision about a pair, as the UI asks for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Confirm (or add) a tag.
    Tag(String),
    /// Withdraw a tag.
    Untag(String),
    /// Set the note (empty clears it).
    Note(String),
}

/// The open annotation store of one study.
#[derive(Debug)]
pub struct AnnotationStore {
    path: PathBuf,
    location: StoreLocation,
    auditor: String,
    /// The file's text as it was when opened (a final newline added if it lacked one).
    base_text: String,
    /// Decisions read from the file, then those of this session.
    decisions: Vec<Annotation>,
    /// The lines written this session, one per decision after `decisions[opened..]`.
    session_lines: Vec<String>,
    opened: usize,
    audits: BTreeMap<PairKey, PairAudit>,
    problems: Vec<LocatedError>,
    read_only: Option<String>,
    /// Held (locked) while the store is open for writing.
    _lock: Option<File>,
}

fn io_error(path: &Path, what: &'static str) -> impl FnOnce(io::Error) -> StoreError + use<> {
    let path = path.to_path_buf();
    move |source| StoreError::Io {
        path: path.display().to_string(),
        what,
        source,
    }
}

impl AnnotationStore {
    /// Opens the store of the study in `study_dir` (a file stands for its directory)
    /// for `auditor`, with the user's data directory as the fallback location.
    pub fn open(study_dir: &Path, auditor: &str) -> Result<Self, StoreError> {
        Self::open_with(study_dir, auditor, location::default_data_root().as_deref())
    }

    /// [`AnnotationStore::open`] with an explicit data root for the fallback
    /// (`None`: no fallback).
    pub fn open_with(
        study_dir: &Path,
        auditor: &str,
        data_root: Option<&Path>,
    ) -> Result<Self, StoreError> {
        if auditor.trim().is_empty() {
            return Err(StoreError::Invalid("the auditor's name is empty".into()));
        }
        let study_dir = if study_dir.is_file() {
            study_dir.parent().unwrap_or(Path::new("."))
        } else {
            study_dir
        };
        let study_dir = if study_dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            study_dir
        };
        let resolved = location::resolve(study_dir, data_root).map_err(StoreError::NoLocation)?;
        if matches!(resolved.location, StoreLocation::UserData { .. }) {
            location::prepare_user_data(&resolved, study_dir)
                .map_err(io_error(&resolved.path, "prepare the user data folder"))?;
        }
        let path = resolved.path;
        let lock = lock(&path)?;
        let contents = file::read(&path).map_err(io_error(&path, "read"))?;
        let mut base_text = contents.text;
        if !base_text.is_empty() && !base_text.ends_with('\n') {
            base_text.push('\n');
        }
        let read_only = (!contents.errors.is_empty()).then(|| {
            format!(
                "{} has {} line{} that {} not annotation decisions (first: {}); it is kept as it is and opened read-only",
                path.display(),
                contents.errors.len(),
                if contents.errors.len() == 1 { "" } else { "s" },
                if contents.errors.len() == 1 { "is" } else { "are" },
                contents.errors[0]
            )
        });
        let audits = replay(&contents.decisions);
        Ok(Self {
            opened: contents.decisions.len(),
            decisions: contents.decisions,
            path,
            location: resolved.location,
            auditor: auditor.trim().to_string(),
            base_text,
            session_lines: Vec::new(),
            audits,
            problems: contents.errors,
            _lock: if read_only.is_some() {
                None
            } else {
                Some(lock)
            },
            read_only,
        })
    }

    /// Records a decision on the pair `key`, stamped with the auditor, the time, the
    /// flipscope version and `pair_hash` (the pair's input hash as shown). Returns once
    /// the decision is on disk; on error nothing changed.
    pub fn record(
        &mut self,
        key: &PairKey,
        decision: Decision,
        pair_hash: Option<&str>,
    ) -> Result<(), StoreError> {
        if let Some(reason) = &self.read_only {
            return Err(StoreError::ReadOnly {
                reason: reason.clone(),
            });
        }
        let (action, tag, note) = match decision {
            Decision::Tag(t) => (AnnotationAction::Tag, Some(t), None),
            Decision::Untag(t) => (AnnotationAction::Untag, Some(t), None),
            Decision::Note(n) => (AnnotationAction::Note, None, Some(n)),
        };
        let mut a = Annotation::decision(key, action, &self.auditor);
        a.tag = tag.map(|t| t.trim().to_string());
        a.note = note;
        a.pair_hash = pair_hash.map(str::to_string);
        a.check().map_err(|p| StoreError::Invalid(p.message))?;
        let line = serde_json::to_string(&a).map_err(|e| StoreError::Invalid(e.to_string()))?;
        self.session_lines.push(line);
        if let Err(e) = self.persist() {
            self.session_lines.pop();
            return Err(e);
        }
        self.decisions.push(a);
        self.audits = replay(&self.decisions);
        Ok(())
    }

    /// Tags the pair with `tag` when it does not have it, untags it otherwise; returns
    /// whether the pair has the tag afterwards.
    pub fn toggle_tag(
        &mut self,
        key: &PairKey,
        tag: &str,
        pair_hash: Option<&str>,
    ) -> Result<bool, StoreError> {
        let has = self.current_tags(key).contains(tag.trim());
        let decision = if has {
            Decision::Untag(tag.to_string())
        } else {
            Decision::Tag(tag.to_string())
        };
        self.record(key, decision, pair_hash)?;
        Ok(!has)
    }

    /// Removes the last decision made in this session (persisted) and returns it;
    /// `None` when this session made none. Decisions read from the file are never
    /// undone.
    pub fn undo(&mut self) -> Result<Option<Annotation>, StoreError> {
        let Some(line) = self.session_lines.pop() else {
            return Ok(None);
        };
        if let Err(e) = self.persist() {
            self.session_lines.push(line);
            return Err(e);
        }
        let undone = self.decisions.pop();
        self.audits = replay(&self.decisions);
        Ok(undone)
    }

    fn persist(&self) -> Result<(), StoreError> {
        let mut text = self.base_text.clone();
        for line in &self.session_lines {
            text.push_str(line);
            text.push('\n');
        }
        file::replace_atomically(&self.path, text).map_err(io_error(&self.path, "write"))
    }

    /// The tags currently confirmed on a pair.
    pub fn current_tags(&self, key: &PairKey) -> BTreeSet<String> {
        self.audits
            .get(key)
            .map(|a| a.tags.clone())
            .unwrap_or_default()
    }

    /// The pair's current note.
    pub fn note(&self, key: &PairKey) -> Option<&str> {
        self.audits.get(key).and_then(|a| a.note.as_deref())
    }

    /// Where every annotated pair stands.
    pub fn audits(&self) -> &BTreeMap<PairKey, PairAudit> {
        &self.audits
    }

    /// Every decision, in file order (those of this session last).
    pub fn decisions(&self) -> &[Annotation] {
        &self.decisions
    }

    /// How many decisions this session made (and [`AnnotationStore::undo`] can undo).
    pub fn session_len(&self) -> usize {
        self.decisions.len() - self.opened
    }

    /// Where the store is.
    pub fn location(&self) -> &StoreLocation {
        &self.location
    }

    /// The annotations file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Who the decisions of this session are stamped with.
    pub fn auditor(&self) -> &str {
        &self.auditor
    }

    /// Why nothing can be saved, when the store opened read-only.
    pub fn read_only_reason(&self) -> Option<&str> {
        self.read_only.as_deref()
    }

    /// The lines of the file that are not decisions, located.
    pub fn problems(&self) -> &[LocatedError] {
        &self.problems
    }
}

/// The lock file of the store at `path`.
pub fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    path.with_file_name(name)
}

/// How long a held lock is waited for before the store is reported as locked: long
/// enough for an instance that is closing to let go (and for a process forked at that
/// moment, which holds a copy of the lock's descriptor until it executes its program),
/// short enough that a second instance is refused at once to the eye.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_millis(300);

/// Takes the store's lock, or says who holds it.
fn lock(path: &Path) -> Result<File, StoreError> {
    let lock_path = lock_path(path);
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)
        .map_err(io_error(&lock_path, "create the lock file"))?;
    let start = std::time::Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(TryLockError::WouldBlock) if start.elapsed() < LOCK_PATIENCE => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(StoreError::Locked {
                    path: path.display().to_string(),
                    lock: lock_path.display().to_string(),
                });
            }
            Err(TryLockError::Error(e)) => return Err(io_error(&lock_path, "lock")(e)),
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod crash_tests;
