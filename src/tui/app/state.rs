//! The pieces of the app core's state besides `App` itself: the screens
//! and overlays, and the requests for background work (with the
//! answer to one whose job failed). Each screen's own state is in its folder.

use std::path::PathBuf;
use std::sync::Arc;

use crate::tui::action::Action;
use crate::tui::audit::truth::TruthView;
use crate::tui::dashboard::{DashKey, Selection};
use crate::tui::finder::FinderEntry;
use crate::tui::jobs::JobKind;
use crate::tui::model::load::RawStudy;
use crate::tui::model::{AuditData, Oracle, StudyView};

/// Background work the app asks for; the runner sends it to the worker of its kind.
#[derive(Clone, Debug)]
pub enum Request {
    Load {
        id: u64,
        paths: Vec<PathBuf>,
    },
    Highlight {
        id: u64,
        texts: Vec<String>,
    },
    Find {
        id: u64,
        index: Arc<Vec<FinderEntry>>,
        query: String,
    },
    Truth {
        id: u64,
        data: Arc<AuditData>,
        oracle: Oracle,
    },
    /// Score the raw study's generations under `oracle`.
    Score {
        id: u64,
        raw: RawStudy,
        oracle: Oracle,
    },
    /// The dashboard's metrics of the pairs `selection` keeps, for `key`.
    Metrics {
        id: u64,
        study: Arc<StudyView>,
        selection: Selection,
        key: DashKey,
    },
}

impl Request {
    pub fn kind(&self) -> JobKind {
        match self {
            Request::Load { .. } => JobKind::Load,
            Request::Highlight { .. } => JobKind::Highlight,
            Request::Find { .. } => JobKind::Find,
            Request::Truth { .. } => JobKind::Truth,
            Request::Score { .. } => JobKind::Score,
            Request::Metrics { .. } => JobKind::Metrics,
        }
    }

    /// The id the app gave the request.
    pub fn id(&self) -> u64 {
        match self {
            Request::Load { id, .. }
            | Request::Highlight { id, .. }
            | Request::Find { id, .. }
            | Request::Truth { id, .. }
            | Request::Score { id, .. }
            | Request::Metrics { id, .. } => *id,
        }
    }
}

/// The answer to a request whose job failed unexpectedly (a bug, not bad input): the
/// app shows `message` where the result would have gone and stops waiting.
pub fn failed_job(kind: JobKind, id: u64, message: String) -> Action {
    match kind {
        JobKind::Load => Action::Loaded(id, Err(message)),
        JobKind::Score => Action::Scored(id, Err(message)),
        JobKind::Metrics => Action::MetricsComputed(id, Err(message)),
        JobKind::Highlight => Action::Highlighted(id, Arc::new(Vec::new())),
        JobKind::Find => Action::FinderResults(id, Arc::new(Vec::new())),
        JobKind::Truth => Action::TruthTable(
            id,
            Arc::new(TruthView {
                note: Some(message),
                ..TruthView::default()
            }),
        ),
    }
}

/// The full-screen views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Queue,
    Audit,
    /// Agreement with another auditor's annotations (`tui::agreement`).
    Agreement,
    /// The metrics dashboard (table and figures of the current filter).
    Dashboard,
    /// The programs, their variants and behaviors, and the generations' states
    /// (`tui::programs`).
    Programs,
    /// The assertions of a study with external verdicts (`tui::assertions`).
    Assertions,
    /// The audit of one assertion.
    AssertionAudit,
    /// The audit of one family pair of a whole-module study (`tui::family`).
    Family,
}

/// What is drawn over the screen and takes the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Filter,
    Finder,
    Help,
    /// The note popup (typed like the filter bar).
    Note,
    /// The path of another auditor's annotations file to compare with (typed like the
    /// filter bar).
    Compare,
    /// The queue's search bar (`s`; typed like the filter bar).
    Search,
    /// The search field of a text pane (`/` on the audit, family and assertion
    /// screens; typed like the filter bar).
    TextSearch,
    /// The copy menu (`y`).
    Copy,
    /// The whole status message (`!`).
    Message,
    /// The auditor's name, asked at the first decision when neither the configuration
    /// nor `$USER` gives one (typed like the filter bar).
    Auditor,
    /// The model's raw answer (`A`).
    Answer,
}
