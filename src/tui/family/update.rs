//! How `App` applies the family screen's actions: opening a family pair from the queue
//! (asking for the implementations' highlighting), stepping through the queue,
//! choosing the implementation, focusing and scrolling the panes, and going back.

use super::state::{FamilyAudit, FamilyPane};
use super::view;
use crate::tui::action::Action;
use crate::tui::app::{App, Screen};

impl App {
    /// The family screen's own meaning of `action`; the action back when it has none.
    pub(crate) fn family_action(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::NextPane => self.cycle_family_pane(1),
            Action::PrevPane => self.cycle_family_pane(FamilyPane::ALL.len() - 1),
            Action::NextPair => self.step_family(1),
            Action::PrevPair => self.step_family(-1),
            Action::CycleVariant => self.next_implementation(),
            Action::ScrollLeft => self.family_cycles(-1),
            Action::ScrollRight => self.family_cycles(1),
            Action::Open => self.choose_counterexample(),
            other => return Some(other),
        }
        None
    }

    /// Whether the study's pairs are family pairs (audited on the family screen).
    pub fn is_family_study(&self) -> bool {
        self.family.is_some()
    }

    /// Opens the family screen on pair index `pair` (keeping the focused pane of the
    /// pair audited before).
    pub(crate) fn open_family(&mut self, pair: usize) {
        let Some(state) = &self.family else { return };
        let Some(p) = self.study.pairs.get(pair) else {
            return;
        };
        let family = state.study.families.get(&p.program);
        let mut audit = FamilyAudit::new(pair, &p.program, &p.model, &p.variant, p.sample, family);
        if let Some(old) = &state.audit {
            audit.pane = old.pane;
        }
        let texts: Vec<String> = family
            .map(|f| f.implementations.iter().map(|i| i.rtl.clone()).collect())
            .unwrap_or_default();
        if let Some(state) = &mut self.family {
            state.audit = Some(audit);
        }
        self.audit = None;
        self.screen = Screen::Family;
        self.overlay = None;
        self.request_highlight_of(texts);
    }

    /// Esc: back to the queue.
    pub(crate) fn close_family(&mut self) {
        if let Some(state) = &mut self.family {
            state.audit = None;
        }
        self.screen = Screen::Queue;
    }

    /// `]`/`[`: audits the next or previous pair of the queue.
    pub(crate) fn step_family(&mut self, delta: isize) {
        let rows = self.queue_rows();
        let edge = self.queue.step(delta, rows);
        if let Some(pair) = self.queue.selected_pair() {
            self.open_family(pair);
        }
        // A status was about the pair left (or says this is the end).
        self.message = edge;
    }

    /// Focuses the pane `step` places further in focus order.
    pub(crate) fn cycle_family_pane(&mut self, step: usize) {
        if let Some(a) = self.family_audit_mut() {
            let n = FamilyPane::ALL.len();
            a.pane = FamilyPane::ALL[(a.pane.index() + step) % n];
        }
    }

    /// `v`: shows the family's next implementation.
    pub(crate) fn next_implementation(&mut self) {
        let Some(state) = &mut self.family else {
            return;
        };
        let study = std::sync::Arc::clone(&state.study);
        if let Some(a) = &mut state.audit {
            a.next_implementation(&study);
            let shown = a.shown_variant(&study).to_string();
            self.message = Some(format!("implementation: {shown}"));
        }
    }

    /// `j`/`k` and pages: the properties (and the transfer matrix, whose rows are the
    /// properties) select; the RTL and the waveform scroll, no further than their
    /// content.
    pub(crate) fn move_family(&mut self, delta: isize) {
        let size = self.size;
        let Some(state) = &mut self.family else {
            return;
        };
        let study = std::sync::Arc::clone(&state.study);
        let Some(a) = &mut state.audit else { return };
        match a.pane {
            FamilyPane::Properties | FamilyPane::Transfer => a.move_property(delta, &study),
            FamilyPane::Rtl => {
                let lines = study
                    .families
                    .get(&a.program)
                    .and_then(|f| f.implementations.get(a.implementation))
                    .map_or(0, |i| i.rtl.lines().count());
                let max = lines.saturating_sub(view::rtl_rows(size));
                let i = FamilyPane::Rtl.index();
                a.scroll[i] = a.scroll[i].min(max).saturating_add_signed(delta).min(max);
            }
            FamilyPane::Counterexample => {
                let trace = a.shown_trace(&study).map(|(_, t)| t);
                a.wave.move_rows(delta, trace);
            }
        }
    }

    /// `H`/`L`: on the transfer matrix, the cell cursor's column; elsewhere the
    /// waveform's earlier or later cycles.
    pub(crate) fn family_cycles(&mut self, delta: isize) {
        let Some(state) = &mut self.family else {
            return;
        };
        let study = std::sync::Arc::clone(&state.study);
        let Some(a) = &mut state.audit else { return };
        if a.pane == FamilyPane::Transfer {
            let columns = study
                .families
                .get(&a.program)
                .map_or(0, |f| f.implementations.len())
                + 1;
            a.column = a.column.saturating_add_signed(delta).min(columns - 1);
            return;
        }
        let trace = a.shown_trace(&study).map(|(_, t)| t);
        a.wave.move_cycles(delta, trace);
    }

    /// A page of the family screen's panes.
    pub(crate) fn family_page(&self) -> usize {
        view::rtl_rows(self.size).saturating_sub(1).max(1)
    }

    /// The open family audit.
    pub fn family_audit(&self) -> Option<&FamilyAudit> {
        self.family.as_ref().and_then(|s| s.audit.as_ref())
    }

    fn family_audit_mut(&mut self) -> Option<&mut FamilyAudit> {
        self.family.as_mut().and_then(|s| s.audit.as_mut())
    }
}
