//! How `App` applies the audit screen's actions: opening a pair (asking for its
//! highlighting and truth table in the background), stepping through the queue,
//! focusing and scrolling the panes, rename mode, and going back.

use std::sync::Arc;

use super::truth::TruthView;
use super::{AuditState, Pane, rtl, view};
use crate::tui::app::{App, Request, Screen};
use crate::tui::jobs::JobKind;
use crate::tui::model::AuditData;
use crate::tui::text::highlight::text_key;

impl App {
    /// Opens the audit screen on pair index `pair` (keeping the focused pane and
    /// rename mode of the pair audited before).
    pub(crate) fn open_pair(&mut self, pair: usize) {
        if self.is_family_study() {
            // A family pair is audited on the family screen.
            self.open_family(pair);
            return;
        }
        let Some(data) = AuditData::of(&self.study, pair) else {
            return;
        };
        let mut audit = AuditState::new(pair, data);
        if let Some(a) = &self.audit {
            (audit.pane, audit.rename, audit.linked) = (a.pane, a.rename, a.linked);
        }
        self.audit = Some(audit);
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
        let edge = self.queue.step(delta, rows);
        self.open_selected();
        // A status was about the pair left (or says this is the end).
        self.message = edge;
    }

    /// Focuses the pane `step` places further in focus order.
    pub(crate) fn cycle_pane(&mut self, step: usize) {
        if let Some(audit) = &mut self.audit {
            let at = Pane::ALL.iter().position(|p| *p == audit.pane).unwrap_or(0);
            audit.pane = Pane::ALL[(at + step) % Pane::ALL.len()];
        }
    }

    /// Scrolls the focused pane by `delta` rows, no further than its content (both RTL
    /// panes when they scroll together).
    pub(crate) fn scroll_pane(&mut self, delta: isize) {
        let Some(audit) = &self.audit else { return };
        let pane = audit.pane;
        let to = {
            let inner = view::pane_inner(&self.shell(), audit, pane);
            let (_, max) = view::pane_extent(&self.shell(), audit, pane, inner);
            audit
                .scroll_of(pane)
                .min(max)
                .saturating_add_signed(delta)
                .min(max)
        };
        let bounds = self.scroll_bounds(&self.linked_panes(pane));
        let Some(audit) = &mut self.audit else { return };
        audit.scroll.insert(pane, to);
        for (p, max) in bounds {
            audit.scroll.insert(p, to.min(max));
        }
    }

    /// After a resize: every pane scrolled no further than its content allows at the
    /// new size, so a pane that now fits shows from its top (the truth table's legend
    /// with its rows).
    pub(crate) fn clamp_scrolls(&mut self) {
        let bounds = self.scroll_bounds(&Pane::ALL);
        let Some(audit) = &mut self.audit else { return };
        for (p, max) in bounds {
            if let Some(at) = audit.scroll.get_mut(&p) {
                *at = (*at).min(max);
            }
        }
    }

    /// How far each of `panes` scrolls at the terminal's size.
    fn scroll_bounds(&self, panes: &[Pane]) -> Vec<(Pane, usize)> {
        let Some(audit) = &self.audit else {
            return Vec::new();
        };
        panes
            .iter()
            .map(|&p| {
                let inner = view::pane_inner(&self.shell(), audit, p);
                (p, view::pane_extent(&self.shell(), audit, p, inner).1)
            })
            .collect()
    }

    /// The other RTL pane when the two scroll together.
    fn linked_panes(&self, pane: Pane) -> Vec<Pane> {
        match (&self.audit, pane) {
            (Some(a), Pane::RtlOriginal) if a.linked => vec![Pane::RtlTransformed],
            (Some(a), Pane::RtlTransformed) if a.linked => vec![Pane::RtlOriginal],
            _ => Vec::new(),
        }
    }

    /// `H`/`L`: scrolls the focused RTL pane sideways by a quarter of its width.
    pub(crate) fn scroll_sideways(&mut self, direction: isize) {
        let Some(audit) = &self.audit else { return };
        let pane = audit.pane;
        if !matches!(pane, Pane::RtlOriginal | Pane::RtlTransformed) {
            self.message = Some("H and L scroll the RTL panes sideways".into());
            return;
        }
        let inner = view::pane_inner(&self.shell(), audit, pane);
        let step = (inner.width as usize / 4).max(4) as isize;
        let max = rtl::max_hscroll(audit, pane, inner.width);
        let to = audit
            .hscroll_of(pane)
            .saturating_add_signed(direction * step)
            .min(max);
        let bounds: Vec<(Pane, usize)> = self
            .linked_panes(pane)
            .into_iter()
            .map(|p| {
                let inner = view::pane_inner(&self.shell(), audit, p);
                (p, rtl::max_hscroll(audit, p, inner.width))
            })
            .collect();
        let Some(audit) = &mut self.audit else { return };
        audit.hscroll.insert(pane, to);
        for (p, max) in bounds {
            audit.hscroll.insert(p, to.min(max));
        }
    }

    /// `s`: the RTL panes scroll together (lined up at the focused one's place), or
    /// apart.
    pub(crate) fn toggle_linked_scroll(&mut self) {
        let Some(audit) = &mut self.audit else { return };
        audit.linked = !audit.linked;
        self.message = Some(if audit.linked {
            "the RTL panes scroll together".into()
        } else {
            "the RTL panes scroll apart".into()
        });
        if audit.linked && matches!(audit.pane, Pane::RtlOriginal | Pane::RtlTransformed) {
            // Line the other pane up with the focused one.
            self.scroll_pane(0);
            self.scroll_sideways(0);
        }
    }

    /// A page of the focused pane: its visible lines.
    pub(crate) fn audit_page(&self) -> usize {
        self.audit.as_ref().map_or(1, |a| {
            let inner = view::pane_inner(&self.shell(), a, a.pane);
            (inner.height as usize).saturating_sub(1).max(1)
        })
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
        let texts = vec![audit.data.rtl_original.clone(), audit.transformed_rtl()];
        self.request_highlight_of(texts);
    }

    /// Asks the background worker to highlight those of `texts` not highlighted yet.
    pub(crate) fn request_highlight_of(&mut self, texts: Vec<String>) {
        let texts: Vec<String> = texts
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
