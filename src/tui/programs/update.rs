//! How the app applies the programs screen's actions: opening it from the queue,
//! moving between programs, cycling the variant shown, going back.

use crate::tui::action::Action;
use crate::tui::app::{App, Screen};
use crate::tui::programs::view;

impl App {
    /// The programs screen's own meaning of `action`; the action back when it has none.
    pub(crate) fn programs_action(&mut self, action: Action) -> Option<Action> {
        match action {
            // The programs screen has nothing to open.
            Action::Open => {}
            Action::NextPane => self.programs.cycle_variant(1),
            Action::PrevPane => self.programs.cycle_variant(-1),
            other => return Some(other),
        }
        None
    }

    /// Opens the programs screen (when the study has programs).
    pub(crate) fn open_programs(&mut self) {
        if self.programs.catalog.programs.is_empty() {
            self.message = Some("no programs in this study".into());
            return;
        }
        self.screen = Screen::Programs;
    }

    /// Back from the programs screen: to the queue when there are pairs to show.
    pub(crate) fn close_programs(&mut self) {
        if self.study.pairs.is_empty() && self.raw.is_none() {
            self.message = Some("no pairs yet: generate, then score (see the hint)".into());
        } else {
            self.screen = Screen::Queue;
        }
    }

    pub(crate) fn move_programs(&mut self, delta: isize) {
        let rows = view::program_rows(self.size);
        self.programs.move_by(delta, rows);
    }

    pub(crate) fn programs_page(&self) -> usize {
        view::program_rows(self.size).max(1)
    }
}
