//! Going between screens that are components: opening one (when it has something to
//! show) and closing it (to where the study can be looked at).

use crate::tui::app::{App, Screen};

impl App {
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
        if self.assertions.is_some() {
            self.screen = Screen::Assertions;
        } else if self.study.pairs.is_empty() && self.raw.is_none() {
            self.message = Some("no pairs yet: generate, then score (see the hint)".into());
        } else {
            self.screen = Screen::Queue;
        }
    }
}
