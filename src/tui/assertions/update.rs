//! How `App` applies the assertions screens' actions: moving and filtering the queue,
//! opening an assertion's audit, stepping to the next one, scrolling the focused pane.

use crate::stats::FieldFilter;
use crate::tui::action::Action;
use crate::tui::app::{App, Request, Screen};
use crate::tui::jobs::JobKind;
use crate::tui::text::highlight::text_key;

use super::audit_view::rtl_text;
use super::state::{AssertionAudit, AssertionPane};

impl App {
    /// The assertions queue's own meaning of `action`; the action back when it has none.
    pub(crate) fn assertions_action(&mut self, action: Action) -> Option<Action> {
        if self.assertions.as_ref().is_some_and(|s| s.metrics) {
            return self.assertion_metrics_action(action);
        }
        match action {
            Action::Open => self.open_assertion(),
            Action::ClearFilters
                if self
                    .assertions
                    .as_ref()
                    .is_some_and(|s| s.filter.is_empty()) =>
            {
                self.message = Some("no filter to clear: every assertion is shown".into());
            }
            Action::ClearFilters => {
                self.filter_input.clear();
                self.edit_assertion_filter(|_| {});
            }
            Action::CycleSort => self.sort_assertions(false),
            Action::ReverseSort => self.sort_assertions(true),
            Action::OpenDashboard => self.toggle_assertion_metrics(),
            Action::OpenPrograms => {
                self.open_programs();
            }
            other => return self.assertion_tagging_action(other),
        }
        None
    }

    /// The keys while the metrics replace the queue: Esc or `M` closes them, `/`
    /// filters (the metrics follow), the rest say so.
    fn assertion_metrics_action(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::Back | Action::OpenDashboard => self.toggle_assertion_metrics(),
            Action::OpenFilter
            | Action::Quit
            | Action::ToggleHelp
            | Action::ToggleTheme
            | Action::ShowMessage
            | Action::Resize(..)
            | Action::Input(_)
            | Action::DeleteChar
            | Action::ClearInput
            | Action::Submit => return Some(action),
            _ if self.overlay.is_some() => return Some(action),
            _ => self.message = Some("on the metrics: Esc or M goes back to the assertions".into()),
        }
        None
    }

    /// `M`: the agreement metrics of the assertions shown, or back to the queue.
    pub(crate) fn toggle_assertion_metrics(&mut self) {
        if let Some(s) = &mut self.assertions {
            s.metrics = !s.metrics;
        }
    }

    /// `O` (the next column) and `R` (reversed) on the assertions queue.
    fn sort_assertions(&mut self, reverse: bool) {
        let rows = self.assertion_rows();
        let Some(s) = &mut self.assertions else {
            return;
        };
        let (column, descending) = if reverse {
            (s.sort, !s.descending)
        } else {
            let next = match s.sort {
                None => Some(0),
                Some(c) if c + 1 < super::view::COLUMNS.len() => Some(c + 1),
                Some(_) => None,
            };
            (next, false)
        };
        s.sort_by(column, descending);
        s.move_by(0, rows);
        let arrow = if descending { "▼" } else { "▲" };
        self.message = Some(match column {
            Some(c) => format!("sorted by {} {arrow}", super::view::COLUMNS[c]),
            None => format!("the study's order {arrow}"),
        });
    }

    /// The assertion audit's own meaning of `action`; the action back when it has none.
    pub(crate) fn assertion_audit_action(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::NextPane => self.cycle_assertion_pane(1),
            Action::PrevPane => self.cycle_assertion_pane(AssertionPane::ALL.len() - 1),
            Action::NextPair => self.step_assertion(1),
            Action::PrevPair => self.step_assertion(-1),
            Action::ScrollLeft => self.assertion_cycles(-1),
            Action::ScrollRight => self.assertion_cycles(1),
            other => return self.assertion_tagging_action(other),
        }
        None
    }

    /// Enter on the queue: the selected assertion's audit.
    pub(crate) fn open_assertion(&mut self) {
        let Some(s) = &mut self.assertions else {
            return;
        };
        let Some(&index) = s.visible.get(s.selected) else {
            return;
        };
        s.audit = Some(fresh_audit(&s.study, index, AssertionPane::Rtl));
        self.screen = Screen::AssertionAudit;
        self.clamp_assertion_scroll();
        self.request_assertion_highlights();
    }

    /// The next (or previous) assertion of the queue, audited.
    pub(crate) fn step_assertion(&mut self, delta: isize) {
        let rows = self.assertion_rows();
        let Some(s) = &mut self.assertions else {
            return;
        };
        s.move_by(delta, rows);
        let pane = s.audit.as_ref().map_or(AssertionPane::Rtl, |a| a.pane);
        if let Some(&index) = s.visible.get(s.selected) {
            s.audit = Some(fresh_audit(&s.study, index, pane));
        }
        self.clamp_assertion_scroll();
        self.request_assertion_highlights();
    }

    /// The RTL pane no further down than it scrolls at this size (it opens on the top
    /// module, which may be in view from the first line).
    fn clamp_assertion_scroll(&mut self) {
        let Some(max) = self.assertion_scroll_max(Some(AssertionPane::Rtl)) else {
            return;
        };
        if let Some(a) = self.assertions.as_mut().and_then(|s| s.audit.as_mut()) {
            a.scroll[0] = a.scroll[0].min(max);
        }
    }

    /// How far `pane` (`None`: the focused one) of the open assertion audit scrolls at
    /// this size; `None` when no assertion is audited.
    fn assertion_scroll_max(&self, pane: Option<AssertionPane>) -> Option<usize> {
        let s = self.assertions.as_ref()?;
        let a = s.audit.as_ref()?;
        Some(super::audit_view::scroll_max(
            &self.shell(),
            s,
            a,
            pane.unwrap_or(a.pane),
        ))
    }

    /// Tab: the next pane of the audit.
    pub(crate) fn cycle_assertion_pane(&mut self, step: usize) {
        if let Some(a) = self.assertions.as_mut().and_then(|s| s.audit.as_mut()) {
            let all = AssertionPane::ALL;
            a.pane = all[(a.pane.index() + step) % all.len()];
        }
    }

    /// Scrolls the focused pane: the RTL and the assertion by lines, the waveform by
    /// signals (no further than its last).
    pub(crate) fn scroll_assertion_pane(&mut self, delta: isize) {
        let Some(max) = self.assertion_scroll_max(None) else {
            return;
        };
        let Some(s) = self.assertions.as_mut() else {
            return;
        };
        let study = std::sync::Arc::clone(&s.study);
        let Some(a) = s.audit.as_mut() else { return };
        match a.pane {
            AssertionPane::Waveform => a.wave.move_rows(delta, counterexample(&study, a.index)),
            pane => {
                let i = pane.index();
                a.scroll[i] = a.scroll[i].min(max).saturating_add_signed(delta).min(max);
            }
        }
    }

    /// `H`/`L`: the counterexample's earlier or later cycles, whichever pane has focus.
    pub(crate) fn assertion_cycles(&mut self, delta: isize) {
        let Some(s) = self.assertions.as_mut() else {
            return;
        };
        let study = std::sync::Arc::clone(&s.study);
        let Some(a) = s.audit.as_mut() else { return };
        let trace = counterexample(&study, a.index);
        if trace.is_none() {
            self.message = Some("no counterexample to scroll: flipscope found none".into());
            return;
        }
        a.wave.move_cycles(delta, trace);
    }

    /// Moves the queue's selection.
    pub(crate) fn move_assertions(&mut self, delta: isize) {
        let rows = self.assertion_rows();
        if let Some(s) = &mut self.assertions {
            s.move_by(delta, rows);
        }
    }

    /// Esc on the audit: back to the queue.
    pub(crate) fn back_to_assertions(&mut self) {
        self.screen = Screen::Assertions;
        if let Some(s) = &mut self.assertions {
            s.audit = None;
        }
    }

    /// Rows of the queue's table at the current size.
    pub fn assertion_rows(&self) -> usize {
        super::view::rows(self.size)
    }

    /// The filter bar's text on the assertions queue: applied when it parses.
    pub(crate) fn edit_assertion_filter(&mut self, change: impl FnOnce(&mut String)) {
        change(&mut self.filter_input);
        match FieldFilter::parse::<crate::reproof::AssertionView>(&self.filter_input) {
            Ok(filter) => {
                self.filter_error = None;
                let rows = self.assertion_rows();
                if let Some(s) = &mut self.assertions {
                    s.filter = filter;
                    s.refilter();
                    s.move_by(0, rows);
                }
            }
            Err(e) => self.filter_error = Some(e),
        }
    }

    fn request_assertion_highlights(&mut self) {
        let Some(s) = &self.assertions else { return };
        let Some(a) = &s.audit else { return };
        let Some(view) = s.study.views.get(a.index) else {
            return;
        };
        let mut texts = vec![view.unit.text.clone()];
        if let Some(d) = s.study.designs.get(&view.unit.program) {
            texts.push(rtl_text(d));
        }
        texts.retain(|t| !self.highlights.contains_key(&text_key(t)));
        if !texts.is_empty() {
            let id = self.ask(JobKind::Highlight);
            self.requests.push(Request::Highlight { id, texts });
        }
    }
}

/// The audit of assertion `index` with `pane` focused, its RTL scrolled to the top
/// module's declaration.
fn fresh_audit(
    study: &super::model::AssertionStudy,
    index: usize,
    pane: AssertionPane,
) -> AssertionAudit {
    let mut audit = AssertionAudit::new(index, pane);
    if let Some(design) = study
        .views
        .get(index)
        .and_then(|v| study.designs.get(&v.unit.program))
    {
        audit.scroll[0] = super::audit_view::top_line(design);
    }
    audit
}

/// The counterexample flipscope found for assertion `index`, if any.
fn counterexample(
    study: &super::model::AssertionStudy,
    index: usize,
) -> Option<&crate::reproof::Trace> {
    study
        .views
        .get(index)
        .and_then(|v| v.record.as_ref())
        .and_then(|r| r.counterexample.as_ref())
}
