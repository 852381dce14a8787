//! Where an action goes: to the screen in front (its own meaning of a key), to the open
//! overlay (typing, the help's search), or to the keys every screen shares. Each router
//! gives the action back when it is not its own, so `App::apply` chains them.

use crate::tui::action::Action;
use crate::tui::app::{App, Overlay, Screen};

impl App {
    /// The screen in front's own meaning of `action`; the action back when it has none.
    pub(super) fn screen_action(&mut self, action: Action) -> Option<Action> {
        if self.component().is_some() {
            return self
                .with_component(|c, shell| c.update(action, shell))
                .flatten();
        }
        match self.screen {
            Screen::Agreement => self.agreement_action(action),
            Screen::Assertions => self.assertions_action(action),
            Screen::AssertionAudit => self.assertion_audit_action(action),
            Screen::Family => self.family_action(action),
            Screen::Dashboard => self.dashboard_action(action),
            // Not components yet: their keys are the shared ones.
            Screen::Queue | Screen::Audit | Screen::Programs => Some(action),
        }
    }

    /// The open overlay's meaning of `action` (typing into a prompt, the help's
    /// search); the action back when it has none.
    pub(super) fn overlay_action(&mut self, action: Action) -> Option<Action> {
        let help = self.overlay == Some(Overlay::Help);
        match action {
            Action::OpenSearch if help => self.open_help_search(),
            Action::NextMatch if help => self.help_match(true),
            Action::PrevMatch if help => self.help_match(false),
            Action::Input(c) => self.edit(|s| s.push(c)),
            Action::DeleteChar => self.edit(|s| {
                s.pop();
            }),
            Action::ClearInput => self.edit(String::clear),
            Action::Submit => self.submit(),
            other => return Some(other),
        }
        None
    }

    fn edit(&mut self, change: impl FnOnce(&mut String)) {
        match self.overlay {
            Some(Overlay::Filter) if self.screen == Screen::Assertions => {
                self.edit_assertion_filter(change);
            }
            Some(Overlay::Filter) => self.edit_filter(change),
            Some(Overlay::Note) => change(&mut self.tagging.note_input),
            Some(Overlay::Compare) => {
                change(&mut self.compare.input);
                self.compare.error = None;
            }
            Some(Overlay::Finder) => self.edit_finder(change),
            Some(Overlay::Search) => self.edit_search(change),
            Some(Overlay::Help) if self.help.searching => self.edit_help_search(change),
            Some(Overlay::Auditor) => change(&mut self.tagging.auditor_input),
            _ => {}
        }
    }

    fn submit(&mut self) {
        match self.overlay {
            Some(Overlay::Filter) if self.filter_error.is_none() => self.overlay = None,
            Some(Overlay::Note) => self.save_note(),
            Some(Overlay::Compare) => self.submit_compare(),
            Some(Overlay::Finder) => self.submit_finder(),
            Some(Overlay::Search) => self.submit_search(),
            Some(Overlay::Help) if self.help.searching => self.help.searching = false,
            Some(Overlay::Auditor) => self.submit_auditor(),
            _ => {}
        }
    }
}
