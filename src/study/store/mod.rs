//! The annotation store: the decisions a person makes on pairs (tag, untag, note),
//! kept in `annotations.jsonl` and written atomically after every decision.
//!
//! - Location: the study's directory, or the user's data directory when the study's
//!   directory cannot be written ([`StoreLocation`]).
//! - One writer: a lock on `annotations.jsonl.lock` (held while the store is open,
//!   removed when it closes) refuses a second instance, in this process or another;
//!   a stale one is reported and taken over ([`lock`]).
//! - Never loses or breaks a file: every decision rewrites the whole file through a
//!   temporary file, fsync, rename and a directory fsync; a file with lines that are
//!   not decisions is reported (located) and the store opens read-only.
//! - Never drops a line another program wrote: before each write the file is compared
//!   with what the store last saw; decisions appended meanwhile are merged, any other
//!   change stops the writing ([`merge`]).
//!
//! See `docs/annotations.md`.

pub mod file;
pub mod gather;
pub mod location;
pub mod lock;
pub mod merge;

use std::collections::{BTreeMap, BTreeSet};
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
    /// `holder` says who (see [`lock::Holder::describe`]), `hint` what to do.
    #[error("already open in another flipscope, by {holder}{hint} ({path}, lock {lock})")]
    Locked {
        path: String,
        lock: String,
        holder: String,
        hint: String,
    },
    /// A file operation failed.
    /// The reason is in the message and is not also the error's source, so that a
    /// chain-printing caller (`anyhow`'s `{:#}`) says a full disk once.
    #[error("{path}: cannot {what}: {reason}")]
    Io {
        path: String,
        what: &'static str,
        reason: io::Error,
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

/// A line after the text the store opened with.
#[derive(Debug, Clone)]
struct StoreLine {
    text: String,
    decision: Option<Annotation>,
    /// Written by this session (and so undoable), else merged from another program.
    session: bool,
}

/// The open annotation store of one study.
#[derive(Debug)]
pub struct AnnotationStore {
    path: PathBuf,
    location: StoreLocation,
    auditor: String,
    /// The file's text as it was when opened (a final newline added if it lacked one).
    base_text: String,
    /// The decisions of `base_text`.
    base_decisions: Vec<Annotation>,
    /// The lines after `base_text`: this session's and those merged from others.
    lines: Vec<StoreLine>,
    /// Every decision in file order.
    decisions: Vec<Annotation>,
    /// The file's bytes as the store last read or wrote them, and their snapshot.
    on_disk: Vec<u8>,
    snapshot: merge::Snapshot,
    /// Decisions other programs added while the store was open, merged.
    merged: usize,
    /// The pairs of merged decisions not yet taken by [`AnnotationStore::take_merged`].
    merged_keys: Vec<PairKey>,
    audits: BTreeMap<PairKey, PairAudit>,
    problems: Vec<LocatedError>,
    read_only: Option<String>,
    /// Held (locked) while the store is open for writing.
    _lock: Option<lock::StoreLock>,
    /// What the lock taken on opening took over (a stale lock), for the user.
    lock_report: Option<String>,
}

fn io_error(path: &Path, what: &'static str) -> impl FnOnce(io::Error) -> StoreError + use<> {
    let path = path.to_path_buf();
    move |reason| StoreError::Io {
        path: path.display().to_string(),
        what,
        reason,
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
        Self::open_taking_over(study_dir, auditor, data_root, false)
    }

    /// [`AnnotationStore::open_with`]; `take_over`: also take over a lock held on
    /// another host (a lock whose holder on this host is gone is always taken over,
    /// and one held by a live process here never is).
    pub fn open_taking_over(
        study_dir: &Path,
        auditor: &str,
        data_root: Option<&Path>,
        take_over: bool,
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
        let lock::Taken {
            lock,
            took_over: lock_report,
        } = lock::take(&path, &lock_path(&path), auditor.trim(), take_over)?;
        // A temporary file left by a failed write or a crash holds space: with the lock
        // held, no other store is writing it.
        let _ = std::fs::remove_file(file::temp_path(&path));
        let contents = file::read(&path).map_err(io_error(&path, "read"))?;
        let snapshot = if path.exists() {
            merge::Snapshot::of(&path, contents.text.as_bytes())
        } else {
            merge::Snapshot::absent()
        };
        let on_disk = contents.text.as_bytes().to_vec();
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
            base_decisions: contents.decisions.clone(),
            decisions: contents.decisions,
            path,
            location: resolved.location,
            auditor: auditor.trim().to_string(),
            base_text,
            lines: Vec::new(),
            on_disk,
            snapshot,
            merged: 0,
            merged_keys: Vec::new(),
            audits,
            problems: contents.errors,
            _lock: if read_only.is_some() {
                None
            } else {
                Some(lock)
            },
            read_only,
            lock_report,
        })
    }

    /// Whether opening took over a stale lock, and whose: a report for the user.
    pub fn lock_report(&self) -> Option<&str> {
        self.lock_report.as_deref()
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
        self.sync()?;
        self.lines.push(StoreLine {
            text: line,
            decision: Some(a),
            session: true,
        });
        if let Err(e) = self.persist() {
            self.lines.pop();
            return Err(e);
        }
        self.rebuild();
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
        let Some(at) = self.lines.iter().rposition(|l| l.session) else {
            return Ok(None);
        };
        if let Some(reason) = &self.read_only {
            return Err(StoreError::ReadOnly {
                reason: reason.clone(),
            });
        }
        // Lines merged by `sync` come after `at`, which stays where it is.
        self.sync()?;
        let line = self.lines.remove(at);
        if let Err(e) = self.persist() {
            self.lines.insert(at, line);
            return Err(e);
        }
        self.rebuild();
        Ok(line.decision)
    }

    /// Takes in the decisions another program appended to the file since the store
    /// last read or wrote it; on any other change, stops writing (read-only) and says
    /// why, so that a rewrite never drops what someone else wrote.
    fn sync(&mut self) -> Result<(), StoreError> {
        let change = merge::change(&self.path, &self.on_disk, &self.snapshot)
            .map_err(io_error(&self.path, "read"))?;
        match change {
            merge::Change::None => Ok(()),
            merge::Change::Appended { lines, bytes } => {
                let keys = lines
                    .iter()
                    .filter_map(|l| l.decision.as_ref().map(|a| a.key()));
                let before = self.merged_keys.len();
                self.merged_keys.extend(keys);
                self.merged += self.merged_keys.len() - before;
                self.lines.extend(lines.into_iter().map(|l| StoreLine {
                    text: l.text,
                    decision: l.decision,
                    session: false,
                }));
                self.snapshot = merge::Snapshot::of(&self.path, &bytes);
                self.on_disk = bytes;
                self.rebuild();
                Ok(())
            }
            merge::Change::Other(why) => {
                let reason = format!(
                    "{} was changed by another program while flipscope had it open ({why}); \
                     nothing was written over it, so nothing of it is lost, and the store is \
                     now read-only: reopen the study to see the changes",
                    self.path.display()
                );
                self.read_only = Some(reason.clone());
                self._lock = None;
                Err(StoreError::ReadOnly { reason })
            }
        }
    }

    /// Writes the whole text (atomically) and remembers what is on disk.
    fn persist(&mut self) -> Result<(), StoreError> {
        let mut text = self.base_text.clone();
        for line in &self.lines {
            text.push_str(&line.text);
            text.push('\n');
        }
        file::replace_atomically(&self.path, &text).map_err(io_error(&self.path, "write"))?;
        self.snapshot = merge::Snapshot::of(&self.path, text.as_bytes());
        self.on_disk = text.into_bytes();
        Ok(())
    }

    /// Every decision in file order, and where each pair stands.
    fn rebuild(&mut self) {
        self.decisions = self.base_decisions.clone();
        self.decisions
            .extend(self.lines.iter().filter_map(|l| l.decision.clone()));
        self.audits = replay(&self.decisions);
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
        self.lines.iter().filter(|l| l.session).count()
    }

    /// How many decisions other programs appended to the file while the store was
    /// open, merged into it (kept in the file, shown, never undone by this session).
    pub fn merged(&self) -> usize {
        self.merged
    }

    /// The pairs of the decisions merged since the last call (for a UI to refresh them
    /// and say so).
    pub fn take_merged(&mut self) -> Vec<PairKey> {
        std::mem::take(&mut self.merged_keys)
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

#[cfg(test)]
mod tests;

#[cfg(test)]
mod crash_tests;
