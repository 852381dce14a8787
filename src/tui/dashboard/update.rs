//! How `App` drives the metrics dashboard: opening it, asking for the figures whenever
//! what they are computed for changes (latest request wins: the id of the latest
//! request is the generation, and results of earlier ones are dropped), showing the
//! old figures as stale meanwhile, and exporting the table.

use crate::tui::action::Action;
use std::sync::Arc;

use crate::study::FileKind;
use crate::study::store::StoreLocation;
use crate::tui::app::{App, LoadState, Request, Screen};
use crate::tui::dashboard::export::{self as dashboard_export, study_dir_of};
use crate::tui::dashboard::{DashKey, MetricsView, Selection};
use crate::tui::jobs::JobKind;

impl App {
    /// The dashboard's own meaning of `action`; the action back when it has none.
    pub(crate) fn dashboard_action(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::Open => self.open_condition(),
            other => return Some(other),
        }
        None
    }

    /// The dashboard's keys, from whichever screen offers them.
    pub(crate) fn dashboard_keys(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::OpenDashboard => self.open_dashboard(),
            Action::ExportMetrics => self.export_metrics(),
            Action::CycleExportFormat => {
                self.dashboard.cycle_format();
                self.message = Some(format!("export format: {}", self.dashboard.format.name()));
            }
            Action::ToggleFigure if super::figures_side_by_side(self.size) => {
                self.message = Some(
                    "both figures are shown at this size (Tab switches them below 110x30)".into(),
                );
            }
            Action::ToggleFigure => self.dashboard.toggle_figure(),
            other => return Some(other),
        }
        None
    }

    /// Shows the dashboard (its figures are asked for by `sync_dashboard`). From an
    /// audit screen, Esc (or `M`) on the dashboard comes back to the pair audited.
    pub(crate) fn open_dashboard(&mut self) {
        if matches!(self.screen, Screen::Audit | Screen::Family) {
            self.push_back(Screen::Dashboard);
        }
        self.screen = Screen::Dashboard;
        self.overlay = None;
    }

    /// Enter on a condition: its pairs in the queue (the condition's model and variant
    /// as quick keys; the flip-class key and the text filter stay). Esc comes back.
    pub(crate) fn open_condition(&mut self) {
        let Some(view) = self.dashboard.shown.clone() else {
            self.message = Some("no figures yet".into());
            return;
        };
        let Some(c) = view.report.conditions.get(self.dashboard.selected) else {
            return;
        };
        let (model, variant) = (c.model.clone(), c.variant.clone());
        self.push_back(Screen::Queue);
        self.change_queue(|q| {
            q.model = Some(model.clone());
            q.variant = Some(variant.clone());
        });
        self.screen = Screen::Queue;
        self.message = Some(format!(
            "pairs of {model} × {variant} ({} shown; Esc: back to the dashboard)",
            self.queue.visible.len()
        ));
    }

    /// What the figures on screen should be computed for now.
    pub fn dashboard_key(&self) -> DashKey {
        self.dashboard.key(&self.queue)
    }

    /// Whether the figures on screen are stale (see `DashboardState::is_stale`).
    pub fn dashboard_is_stale(&self) -> bool {
        self.dashboard.is_stale(&self.shell())
    }

    /// Asks for the figures when the dashboard is shown and its key has changed since
    /// the latest request. Called after every action, so a filter typed on the
    /// dashboard recomputes as it changes, and one changed elsewhere recomputes when
    /// the dashboard opens. Waits while the study loads or is being scored.
    pub(crate) fn sync_dashboard(&mut self) {
        if self.screen != Screen::Dashboard
            || self.load != LoadState::Ready
            || self.awaiting.contains_key(&JobKind::Score)
        {
            return;
        }
        let key = self.dashboard_key();
        if self.dashboard.requested.as_ref() == Some(&key) {
            return;
        }
        let id = self.ask(JobKind::Metrics);
        self.dashboard.requested = Some(key.clone());
        self.requests.push(Request::Metrics {
            id,
            study: Arc::clone(&self.study),
            selection: Selection::of(&self.queue),
            key,
        });
    }

    /// A computation finished: shown if it answers the latest request, else dropped.
    pub(crate) fn metrics_computed(&mut self, id: u64, result: Result<Arc<MetricsView>, String>) {
        if !self.answered(JobKind::Metrics, id) {
            return;
        }
        match result {
            Ok(view) => {
                let n = view.report.conditions.len();
                self.dashboard.shown = Some(view);
                self.dashboard.error = None;
                self.dashboard.selected = self.dashboard.selected.min(n.saturating_sub(1));
                if self.dashboard.export_pending {
                    self.export_metrics();
                }
            }
            Err(message) => {
                self.dashboard.error = Some(message.clone());
                self.dashboard.export_pending = false;
                self.message = Some(message);
            }
        }
    }

    /// Writes the table in the chosen format into the study directory (or the user
    /// data directory) and says where; waits for figures being computed.
    pub(crate) fn export_metrics(&mut self) {
        let format = self.dashboard.format;
        let fresh = !self.dashboard_is_stale();
        let Some(view) = self.dashboard.shown.clone().filter(|_| fresh) else {
            self.dashboard.export_pending = self.dashboard.requested.is_some();
            self.message = Some(if self.dashboard.export_pending {
                format!(
                    "{} export waits for the figures being computed…",
                    format.name()
                )
            } else {
                "nothing to export yet".into()
            });
            return;
        };
        self.dashboard.export_pending = false;
        let Some(dir) = self.study_dir.as_deref().map(study_dir_of) else {
            self.message = Some("not exported: no study directory".into());
            return;
        };
        let annotation_paths: Vec<String> = self
            .study
            .inputs
            .iter()
            .filter(|s| s.kind == FileKind::Annotations)
            .map(|s| s.path.to_string_lossy().into_owned())
            .collect();
        let store = self
            .tagging
            .store
            .as_ref()
            .filter(|s| *s.location() == StoreLocation::StudyDir)
            .map(|s| s.path().to_path_buf());
        let report = dashboard_export::with_current_annotations(
            &view.report,
            &annotation_paths,
            store.as_deref(),
        );
        let root = self
            .dashboard
            .data_root
            .clone()
            .or_else(crate::study::store::location::default_data_root);
        let name = dashboard_export::file_name(&view.key.filter, format);
        self.message = Some(
            match dashboard_export::write(&report, format, &dir, root.as_deref(), &name) {
                Ok(written) => match written.fallback {
                    None => format!("exported {} to {}", format.name(), written.path.display()),
                    Some(why) => format!(
                        "exported {} to {} ({why})",
                        format.name(),
                        written.path.display()
                    ),
                },
                Err(e) => format!("not exported: {e}"),
            },
        );
    }
}
