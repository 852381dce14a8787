//! How `App` applies the queue's actions: quick keys and the filter bar change which
//! pairs are shown (the filter applies as it is typed when it parses, and says why
//! when it does not), Enter opens the selected pair's audit, Space marks pairs, `O`
//! and `R` sort.

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

    /// Esc in the filter bar: closes it; a text that does not parse is dropped and the
    /// filter in force stays (the status line says which).
    pub(crate) fn cancel_filter(&mut self) {
        self.overlay = None;
        if let Some(e) = self.filter_error.take() {
            let kept = self.queue.filter.source().trim();
            self.message = Some(if kept.is_empty() {
                format!("not applied ({}): no filter, as before", e.message)
            } else {
                format!("not applied ({}): the filter stays `{kept}`", e.message)
            });
        }
    }

    /// Space: marks or unmarks the selected pair and moves down.
    pub(crate) fn toggle_mark(&mut self) {
        let Some(pair) = self.queue.selected_pair() else {
            return;
        };
        if !self.queue.marked.remove(&pair) {
            self.queue.marked.insert(pair);
        }
        let rows = self.queue_rows();
        self.queue.move_by(1, rows);
        let n = self.queue.marked.len();
        self.message = Some(match n {
            0 => "no pair marked".into(),
            n => format!("{n} marked: the tag keys act on all of them (Esc clears)"),
        });
    }

    /// `O`: sorts by the next column (after the last, back to the default order);
    /// `R` (`reverse`): reverses the order.
    pub(crate) fn change_sort(&mut self, reverse: bool) {
        let (column, descending) = if reverse {
            (self.queue.sort, !self.queue.descending)
        } else {
            let next = match self.queue.sort {
                None => Some(0),
                Some(c) if c + 1 < super::COLUMNS.len() => Some(c + 1),
                Some(_) => None,
            };
            (next, false)
        };
        self.queue.sort_by(&self.study, column, descending);
        let rows = self.queue_rows();
        self.queue.scroll_into_view(rows);
        let arrow = if descending { "▼" } else { "▲" };
        self.message = Some(match column {
            Some(c) => format!("sorted by {} {arrow}", super::COLUMNS[c]),
            None => format!("default order (model, variant, program, behavior) {arrow}"),
        });
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
            Err(e) => self.filter_error = Some(e),
        }
    }
}
