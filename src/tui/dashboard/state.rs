//! The metrics dashboard's state and its background computation: the metrics of every
//! condition (model x variant) over the pairs the queue's filter selects, computed by
//! `stats` (the same `group_conditions` + `report::compute` + `Provenance` as
//! `flipscope metrics`), never on the UI thread. How `App` drives it (requests, stale
//! results, export) is in `update.rs`; drawing in `view.rs`.

use std::path::PathBuf;
use std::sync::Arc;

use crate::stats::export::Format;
use crate::stats::{
    BootstrapConfig, InputFile, MetricsReport, Provenance, compute as compute_report,
    group_conditions,
};
use crate::tui::action::Action;
use crate::tui::jobs::JobKind;
use crate::tui::model::filter::Filter;
use crate::tui::model::{PairView, StudyView};
use crate::tui::queue::Queue;
use crate::tui::shell::Shell;

/// The export formats, in the order `E` cycles them (those of `flipscope export
/// metrics`; markdown, its default, first).
pub const EXPORT_FORMATS: [Format; 4] =
    [Format::Markdown, Format::Csv, Format::Latex, Format::Json];

/// The figure shown below the table when only one fits (narrow terminals).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Figure {
    #[default]
    Forest,
    Scatter,
}

/// The pairs the dashboard counts: the queue's text filter, model and variant quick
/// keys, but not its flip-class key (as the queue's transition table; with the
/// default `CW` key every metric would be degenerate) nor the audit sample.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    pub model: Option<String>,
    pub variant: Option<String>,
    pub filter: Filter,
}

impl Selection {
    /// The queue's selection.
    pub fn of(queue: &Queue) -> Selection {
        Selection {
            model: queue.model.clone(),
            variant: queue.variant.clone(),
            filter: queue.filter.clone(),
        }
    }

    /// The selection as one filter expression (`model=M variant=V` before the text
    /// filter): what the header shows, the exports record as their filter, and what
    /// `flipscope metrics --filter` selects the same pairs with.
    pub fn text(&self) -> String {
        let mut terms = Vec::new();
        if let Some(m) = &self.model {
            terms.push(format!("model={m}"));
        }
        if let Some(v) = &self.variant {
            terms.push(format!("variant={v}"));
        }
        let text = self.filter.source().trim();
        if !text.is_empty() {
            terms.push(text.to_string());
        }
        terms.join(" ")
    }

    /// Whether the pair is counted.
    pub fn keeps(&self, pair: &PairView) -> bool {
        self.model.as_ref().is_none_or(|m| *m == pair.model)
            && self.variant.as_ref().is_none_or(|v| *v == pair.variant)
            && self.filter.matches(pair)
    }
}

/// What a set of figures was computed for. A newer key supersedes an older one; the
/// figures on screen are stale while their key differs from the current one.
#[derive(Clone, Debug, PartialEq)]
pub struct DashKey {
    /// The selection as a filter expression (`Selection::text`).
    pub filter: String,
    /// Bumped whenever the pairs or their tags change (`data_changes`).
    pub epoch: u64,
    pub config: BootstrapConfig,
}

/// One computation's result.
#[derive(Clone, Debug, PartialEq)]
pub struct MetricsView {
    pub key: DashKey,
    /// Exactly what `flipscope metrics` would compute for the same pairs and filter.
    pub report: MetricsReport,
    /// Distinct programs among the selected pairs.
    pub programs: usize,
}

/// The dashboard's state.
#[derive(Clone, Debug, PartialEq)]
pub struct DashboardState {
    /// Replicates and seed of the bootstrap (`flipscope open --replicates --seed`).
    pub config: BootstrapConfig,
    /// The format `e` writes.
    pub format: Format,
    /// The figure shown when only one fits.
    pub figure: Figure,
    /// The selected condition (a row of the table, a row of the forest plot, a mark).
    pub selected: usize,
    /// The latest figures received (possibly stale).
    pub shown: Option<Arc<MetricsView>>,
    /// The key of the latest request: a change of key asks again.
    pub requested: Option<DashKey>,
    /// Why the latest computation failed.
    pub error: Option<String>,
    /// Counts changes to the pairs and their tags.
    pub epoch: u64,
    /// Animation frame of the spinner.
    pub tick: u64,
    /// `e` was pressed while the figures were being computed: export when they arrive.
    pub export_pending: bool,
    /// Where exports go when the study directory cannot be written (`None`: the user
    /// data directory, `$XDG_DATA_HOME/flipscope/...`).
    pub data_root: Option<PathBuf>,
}

impl Default for DashboardState {
    fn default() -> Self {
        DashboardState {
            config: BootstrapConfig::default(),
            format: Format::Markdown,
            figure: Figure::Forest,
            selected: 0,
            shown: None,
            requested: None,
            error: None,
            epoch: 0,
            tick: 0,
            export_pending: false,
            data_root: None,
        }
    }
}

impl DashboardState {
    /// The next export format.
    pub fn cycle_format(&mut self) {
        let at = EXPORT_FORMATS
            .iter()
            .position(|f| *f == self.format)
            .unwrap_or(0);
        self.format = EXPORT_FORMATS[(at + 1) % EXPORT_FORMATS.len()];
    }

    /// The other figure.
    pub fn toggle_figure(&mut self) {
        self.figure = match self.figure {
            Figure::Forest => Figure::Scatter,
            Figure::Scatter => Figure::Forest,
        };
    }

    /// Moves the selected condition by `delta`, clamped to the conditions shown.
    pub fn move_by(&mut self, delta: isize) {
        let n = self.shown.as_ref().map_or(0, |v| v.report.conditions.len());
        self.selected = self
            .selected
            .saturating_add_signed(delta)
            .min(n.saturating_sub(1));
    }

    /// Whether the figures shown were computed for `key`.
    pub fn is_fresh_for(&self, key: &DashKey) -> bool {
        self.shown.as_ref().is_some_and(|v| v.key == *key)
    }

    /// The spinner's current frame.
    pub fn spinner(&self) -> &'static str {
        const FRAMES: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
        FRAMES[(self.tick % FRAMES.len() as u64) as usize]
    }
}

/// Whether an action changes the pairs or their tags (so the figures must be
/// recomputed even under the same filter): a study loaded or (re)scored, a tag
/// toggled, accepted or undone.
pub fn data_changes(action: &Action) -> bool {
    matches!(
        action,
        Action::Loaded(..)
            | Action::Scored(..)
            | Action::ToggleTag(_)
            | Action::AcceptSuggestion
            | Action::Undo
    )
}

/// The metrics of the pairs of `study` that `selection` keeps, with the provenance
/// `flipscope metrics` would give them (the job's work; pure and deterministic).
pub fn compute(study: &StudyView, selection: &Selection, key: DashKey) -> MetricsView {
    let rows: Vec<&PairView> = study.pairs.iter().filter(|p| selection.keeps(p)).collect();
    let mut programs: Vec<&str> = rows.iter().map(|p| p.program.as_str()).collect();
    programs.sort_unstable();
    programs.dedup();
    let conditions = group_conditions(rows.iter().copied());
    let report = MetricsReport {
        conditions: compute_report(&conditions, &key.config),
        provenance: Provenance {
            filter: key.filter.clone(),
            oracle: study.oracle.clone(),
            bootstrap: key.config,
            version: env!("CARGO_PKG_VERSION").to_string(),
            inputs: study
                .inputs
                .iter()
                .map(|s| InputFile {
                    path: s.path.to_string_lossy().into_owned(),
                    sha256: s.sha256.clone(),
                })
                .collect(),
            pairs_read: study.pairs.len(),
            pairs_matched: rows.len(),
        },
    };
    MetricsView {
        key,
        report,
        programs: programs.len(),
    }
}

impl DashboardState {
    /// What the figures on screen should be computed for now: the queue's selection,
    /// the data's epoch and the bootstrap's settings.
    pub fn key(&self, queue: &Queue) -> DashKey {
        DashKey {
            filter: Selection::of(queue).text(),
            epoch: self.epoch,
            config: self.config,
        }
    }

    /// Whether the figures on screen are stale: computed for another filter or other
    /// pairs, being recomputed, or the study being (re)scored.
    pub fn is_stale(&self, shell: &Shell) -> bool {
        shell.busy(JobKind::Metrics)
            || shell.busy(JobKind::Score)
            || !self.is_fresh_for(&self.key(shell.queue))
    }
}
