//! The shell: the read-only part of the app that every screen draws and updates with,
//! beside its own state. It holds the study model, the theme, the key table, the
//! terminal's size, the status (the study's loading and the status message), the
//! jobs in flight and the highlighted texts. A screen never reaches past it into
//! `App`: the app builds a `Shell` from its fields and hands it down.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;

use crate::tui::jobs::JobKind;
use crate::tui::keymap::Keymap;
use crate::tui::model::StudyView;
use crate::tui::model::load::LoadProgress;
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
}

impl Shell<'_> {
    /// Whether a job of `kind` is running.
    pub fn busy(&self, kind: JobKind) -> bool {
        self.jobs.contains_key(&kind)
    }
}
