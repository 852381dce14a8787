//! How `App` applies the help screen's actions: showing and hiding it, scrolling.

use crate::tui::app::{App, Overlay};
use crate::tui::layout::MAX_SCROLL;

impl App {
    /// `?`: shows the help, or hides it.
    pub(crate) fn toggle_help(&mut self) {
        self.overlay = if self.overlay == Some(Overlay::Help) {
            None
        } else {
            Some(Overlay::Help)
        };
        self.help_scroll = 0;
    }

    /// Scrolls the help by `delta` lines.
    pub(crate) fn scroll_help(&mut self, delta: isize) {
        self.help_scroll = self
            .help_scroll
            .saturating_add_signed(delta)
            .min(MAX_SCROLL);
    }
}
