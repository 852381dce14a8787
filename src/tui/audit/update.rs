//! How `App` applies the audit screen's actions: opening a pair (asking for its
//! highlighting and truth table in the background), stepping through the queue,
//! focusing and scrolling the panes, rename mode, and going back.

use std::collections::HashMap;
use std::sync::Arc;

use super::truth::TruthView;
use super::{AuditState, Pane};
use crate::tui::app::{App, Request, Screen};
use crate::tui::jobs::JobKind;
use crate::tui::model::AuditData;
use crate::tui::text::highlight::text_key;

impl App {
    /// Opens the audit screen on pair index `pair` (keeping the focused pane and
    /// rename mode of the pair audited before).
    pub(crate) fn open_pair(&mut self, pair: usize) {
        let Some(data) = AuditData::of(&self.study, pair) else {
            return;
        };
        let (pane, rename) = match &self.audit {
            Some(a) => (a.pane, a.rename),
            None => (Pane::RtlOriginal, false),
        };
        self.audit = Some(AuditState {
            pair,
            data,
            pane,
            scroll: HashMap::new(),
            rename,
            truth: None,
        });
        self.screen = Screen::Audit;
        self.overlay = None;
        self.request_highlights();
        self.request_truth();
    }

    /// `]`/`[`: audits the next or previous pair of the queue.
    pub(crate) fn step_pair(&mut self, delta: isize) {
        if self.screen != Screen::Audit {
            return;
        }
        let rows = self.queue_rows();
        self.queue.move_by(delta, rows);
        self.open_selected();
    }

    /// Focuses the pane `step` places further in focus order.
    pub(crate) fn cycle_pane(&mut self, step: usize) {
        if let Some(audit) = &mut self.audit {
            let at = Pane::ALL.iter().position(|p| *p == audit.pane).unwrap_or(0);
            audit.pane = Pane::ALL[(at + step) % Pane::ALL.len()];
        }
    }

    /// Scrolls the focused pane by `delta` rows, no further than its content.
    pub(crate) fn scroll_pane(&mut self, delta: isize) {
        if let Some(audit) = &mut self.audit {
            let max = audit.max_scroll(audit.pane);
            let at = audit.scroll.entry(audit.pane).or_insert(0);
            *at = at.saturating_add_signed(delta).min(max);
        }
    }

    /// `r`: shows the transformed side in the original names, or as generated.
    pub(crate) fn toggle_rename(&mut self) {
        if let Some(audit) = &mut self.audit {
            audit.rename = !audit.rename;
            self.message = Some(if audit.rename {
                "transformed side in the original names".into()
            } else {
                "transformed side as generated".into()
            });
            self.request_highlights();
        }
    }

    /// Esc: back to the queue (or to the agreement screen the audit was opened from).
    pub(crate) fn back_to_queue(&mut self) {
        self.screen = Screen::Queue;
        self.audit = None;
        self.awaiting.remove(&JobKind::Truth);
        if self.compare.view.is_some() {
            // The audit was opened from the agreement screen: back there.
            self.back_to_agreement();
        }
    }

    pub(crate) fn request_highlights(&mut self) {
        let Some(audit) = &self.audit else { return };
        let texts: Vec<String> = [audit.data.rtl_original.clone(), audit.transformed_rtl()]
            .into_iter()
            .filter(|t| !self.highlights.contains_key(&text_key(t)))
            .collect();
        if !texts.is_empty() {
            let id = self.ask(JobKind::Highlight);
            self.requests.push(Request::Highlight { id, texts });
        }
    }

    pub(crate) fn request_truth(&mut self) {
        let Some(data) = self.audit.as_ref().map(|a| Arc::clone(&a.data)) else {
            return;
        };
        if let Some(audit) = &mut self.audit {
            audit.truth = None;
        }
        let id = self.ask(JobKind::Truth);
        self.requests.push(Request::Truth {
            id,
            data,
            oracle: self.oracle,
        });
    }

    /// A truth table came back: shown if it answers the latest request.
    pub(crate) fn truth_computed(&mut self, id: u64, table: Arc<TruthView>) {
        if self.answered(JobKind::Truth, id)
            && let Some(audit) = &mut self.audit
        {
            audit.truth = Some(table);
        }
    }
}
