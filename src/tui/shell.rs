//! The shell: the read-only part of the app that every screen draws and updates with,
//! beside its own state. It holds the study model, the theme, the key table, the
//! terminal's size, the status (the study's loading and the status message), the
//! jobs in flight and the highlighted texts, and what every screen reads of the
//! audit in progress: the oracle in force, the annotations (tags, notes, the audit
//! sample) and the queue (the pairs in the order the audit steps through them). A
//! screen never reaches past it into `App`: the app builds a `Shell` from its fields
//! and hands it down.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;

use crate::study::PairKey;
use crate::tui::agreement::state::AgreementView;
use crate::tui::family::model::FamilyStudy;
use crate::tui::jobs::JobKind;
use crate::tui::keymap::Keymap;
use crate::tui::model::load::LoadProgress;
use crate::tui::model::{Oracle, StudyView};
use crate::tui::queue::Queue;
use crate::tui::tagging::{Tagging, pair_key};
use crate::tui::text::highlight::Highlighted;
use crate::tui::theme::Theme;

/// The study's loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadState {
    Loading(Option<LoadProgress>),
    Failed(String),
    Ready,
}

/// What a screen may read of the app.
#[derive(Clone, Copy)]
pub struct Shell<'a> {
    pub study: &'a StudyView,
    /// Where the study was opened from (its first path).
    pub study_dir: Option<&'a Path>,
    pub theme: &'a Theme,
    pub keymap: &'a Keymap,
    /// Terminal columns and rows.
    pub size: (u16, u16),
    pub load: &'a LoadState,
    /// The status line's message.
    pub message: Option<&'a str>,
    /// The request id each job kind's latest request has (empty: idle).
    pub jobs: &'a BTreeMap<JobKind, u64>,
    /// Highlighted texts by `text_key`.
    pub highlights: &'a HashMap<u64, Arc<Highlighted>>,
    /// The oracle in force.
    pub oracle: Oracle,
    /// The annotations: the store, the taxonomy, the audit sample.
    pub tagging: &'a Tagging,
    /// The queue: its filter, quick keys, order and selection.
    pub queue: &'a Queue,
    /// The families of a whole-module study (an EquivSVA import).
    pub family: Option<&'a FamilyStudy>,
    /// The agreement shown, when the audit was opened from the agreement screen.
    pub agreement: Option<&'a AgreementView>,
}

impl Shell<'_> {
    /// Whether a job of `kind` is running.
    pub fn busy(&self, kind: JobKind) -> bool {
        self.jobs.contains_key(&kind)
    }

    /// The note of pair `i`: the store's once it has decided the pair, else the one the
    /// study's annotations files hold (so a read-only session, whose store did not
    /// open, shows every note too).
    pub fn note_of(&self, i: usize) -> Option<String> {
        let pair = self.study.pairs.get(i)?;
        self.note_on(&pair_key(pair))
    }

    /// The note of the item of `key` (a pair, or an AssertionBench assertion), as
    /// [`Shell::note_of`].
    pub fn note_on(&self, key: &PairKey) -> Option<String> {
        let note = if self.decided(key) {
            self.tagging.note_on(key)
        } else {
            self.study.notes.get(key).cloned()
        };
        note.filter(|n| !n.trim().is_empty())
    }

    /// The tags of the item of `key`: the store's once it has decided it, else
    /// `loaded` (what the study's annotations files hold).
    pub fn tags_on(&self, key: &PairKey, loaded: Option<&Vec<String>>) -> Vec<String> {
        if self.decided(key) {
            return self.tagging.tags_on(key).unwrap_or_default();
        }
        loaded.cloned().unwrap_or_default()
    }

    fn decided(&self, key: &PairKey) -> bool {
        self.tagging
            .store
            .as_ref()
            .is_some_and(|s| s.audits().contains_key(key))
    }

    /// `sample 3/30 audited (seed 42)` while the sample is shown.
    pub fn sample_progress(&self) -> Option<String> {
        let sample = self.tagging.sample.as_ref()?;
        Some(format!(
            "sample {}/{} audited (k {}, seed {})",
            sample.audited(self.study, self.tagging.store.as_ref()),
            sample.pairs.len(),
            sample.k,
            sample.seed
        ))
    }

    /// `pair 12/183` (the place of pair `i` in the queue shown), or `disagreement 3/5`
    /// when the audit was opened from the agreement screen.
    pub fn position(&self, i: usize) -> String {
        if let Some(view) = self.agreement {
            return format!(
                "disagreement {}/{}",
                view.selected + 1,
                view.result.disagreements.len()
            );
        }
        let q = self.queue;
        match q.visible.iter().position(|&p| p == i) {
            Some(at) => format!("pair {}/{}", at + 1, q.visible.len()),
            None => format!("not in the queue shown ({} pairs)", q.visible.len()),
        }
    }
}
