//! The pieces of the TUI's state besides `App` itself: the oracle, the screens,
//! overlays and panes, the audit and finder states, and the requests for background
//! work (with the answer to one whose job failed).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use super::action::Action;
use super::dashboard::{DashKey, Selection};
use super::diff::apply_rename;
use super::finder::{FinderEntry, FinderHit};
use super::jobs::JobKind;
use super::load::{LoadProgress, RawStudy};
use super::model::{AuditData, StudyView};
use super::truth::TruthView;

/// Where the true path condition comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Oracle {
    /// The dataset's reference properties (the paper's choice, the default).
    Reference,
    /// The path condition flipscope derives from the RTL.
    Rtl,
}

impl Oracle {
    pub fn name(self) -> &'static str {
        match self {
            Oracle::Reference => "reference",
            Oracle::Rtl => "rtl",
        }
    }
}

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
}

/// The panes of the audit screen, in focus order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pane {
    RtlOriginal,
    RtlTransformed,
    Properties,
    TruthTable,
}

impl Pane {
    pub const ALL: [Pane; 4] = [
        Pane::RtlOriginal,
        Pane::RtlTransformed,
        Pane::Properties,
        Pane::TruthTable,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Pane::RtlOriginal => "RTL original",
            Pane::RtlTransformed => "RTL transformed",
            Pane::Properties => "Properties",
            Pane::TruthTable => "Truth table",
        }
    }
}

/// The study's loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadState {
    Loading(Option<LoadProgress>),
    Failed(String),
    Ready,
}

/// The audit screen's state for one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditState {
    /// Index of the pair in the study.
    pub pair: usize,
    pub data: Arc<AuditData>,
    pub pane: Pane,
    /// Scroll offset (rows) per pane.
    pub scroll: HashMap<Pane, usize>,
    /// Show the transformed side in the original names.
    pub rename: bool,
    pub truth: Option<Arc<TruthView>>,
}

impl AuditState {
    pub fn scroll_of(&self, pane: Pane) -> usize {
        self.scroll.get(&pane).copied().unwrap_or(0)
    }

    /// How far a pane can scroll: its last line (or row) at the top. The properties
    /// pane wraps, so its bound is generous; the view clamps it further to what fits.
    pub fn max_scroll(&self, pane: Pane) -> usize {
        let lines = |t: &str| t.lines().count().saturating_sub(1);
        match pane {
            Pane::RtlOriginal => lines(&self.data.rtl_original),
            Pane::RtlTransformed => lines(&self.data.rtl_transformed),
            Pane::Properties => {
                let texts = [&self.data.base.property, &self.data.trans.property];
                let reference = self.data.reference_property.as_deref().unwrap_or("");
                12 + lines(reference) * 2 + texts.iter().map(|t| lines(t) * 2).sum::<usize>()
            }
            Pane::TruthTable => self
                .truth
                .as_ref()
                .map_or(0, |t| t.rows.len().saturating_sub(1)),
        }
    }

    /// The transformed RTL as shown (in the original names in rename mode).
    pub fn transformed_rtl(&self) -> String {
        if self.rename {
            apply_rename(&self.data.rtl_transformed, &self.data.rename)
        } else {
            self.data.rtl_transformed.clone()
        }
    }
}

/// The finder's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FinderState {
    pub query: String,
    pub hits: Arc<Vec<FinderHit>>,
    pub selected: usize,
}
