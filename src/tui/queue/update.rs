//! How `App` applies the queue's actions: quick keys and the filter bar change which
//! pairs are shown (the filter applies as it is typed when it parses, and says why
//! when it does not), Enter opens the selected pair's audit.

use crate::tui::app::{App, Overlay};
use crate::tui::model::filter::Filter;

use super::Queue;

impl App {
    /// Changes the queue's keys or filter, then shows what passes.
    pub(crate) fn change_queue(&mut self, change: impl FnOnce(&mut Queue)) {
        change(&mut self.queue);
        self.queue.refilter(&self.study);
        let rows = self.queue_rows();
        self.queue.scroll_into_view(rows);
    }

    /// Opens the audit screen on the selected pair.
    pub(crate) fn open_selected(&mut self) {
        if let Some(pair) = self.queue.selected_pair() {
            self.open_pair(pair);
        }
    }

    /// `/`: opens the filter bar on the filter in force.
    pub(crate) fn open_filter(&mut self) {
        self.overlay = Some(Overlay::Filter);
        self.filter_input = match (&self.assertions, self.screen) {
            (Some(a), crate::tui::app::Screen::Assertions) => a.filter.source().to_string(),
            _ => self.queue.filter.source().to_string(),
        };
        self.filter_error = None;
    }

    /// Edits the filter bar's text; applies it when it parses.
    pub(crate) fn edit_filter(&mut self, change: impl FnOnce(&mut String)) {
        change(&mut self.filter_input);
        // Apply as the user types when the text parses; say why when it does not.
        match Filter::parse(&self.filter_input) {
            Ok(filter) => {
                self.filter_error = None;
                self.change_queue(|q| q.filter = filter);
            }
            Err(e) => self.filter_error = Some(e.to_string()),
        }
    }
}
