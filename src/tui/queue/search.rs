//! How `App` searches the queue (`s`): unlike the filter, the search changes nothing
//! that is shown; it moves the selection to the next row holding the text in any
//! column (smart case), as the text is typed. Enter keeps the row and the text, `]`
//! and `[` go to the next and previous match (wrapping around), Esc goes back to the
//! row the search started from.

use super::state::row_matches;
use crate::tui::app::{App, Overlay};

impl App {
    /// `s`: opens the search bar.
    pub(crate) fn open_search(&mut self) {
        self.overlay = Some(Overlay::Search);
        self.search.query.clear();
        self.search.start = self.queue.selected;
    }

    /// Edits the search text and selects the first row from the start holding it.
    pub(crate) fn edit_search(&mut self, change: impl FnOnce(&mut String)) {
        change(&mut self.search.query);
        let start = self.search.start;
        if self.search.query.is_empty() {
            self.select_row(start);
            return;
        }
        if let Some(pos) = self.next_match(start, true) {
            self.select_row(pos);
        }
    }

    /// Enter: keeps the row found and the text (for `]`/`[`).
    pub(crate) fn submit_search(&mut self) {
        self.overlay = None;
        self.message = Some(self.search_note());
    }

    /// Esc: back to the row the search started from; the text is dropped.
    pub(crate) fn cancel_search(&mut self) {
        self.overlay = None;
        let start = self.search.start;
        self.search.query.clear();
        self.select_row(start);
    }

    /// `]`/`[`: the next or previous row holding the search text.
    pub(crate) fn step_search(&mut self, forward: bool) {
        if self.search.query.is_empty() {
            self.message = Some("no search: s searches the list".into());
            return;
        }
        let n = self.queue.visible.len().max(1);
        let from = if forward {
            self.queue.selected + 1
        } else {
            self.queue.selected + n - 1
        };
        match self.next_match(from % n, forward) {
            Some(pos) => {
                let wrapped = if forward {
                    pos <= self.queue.selected
                } else {
                    pos >= self.queue.selected
                };
                self.select_row(pos);
                let note = self.search_note();
                self.message = Some(if wrapped {
                    format!("{note} (wrapped around)")
                } else {
                    note
                });
            }
            None => self.message = Some(self.search_note()),
        }
    }

    fn next_match(&self, from: usize, forward: bool) -> Option<usize> {
        let query = &self.search.query;
        let pairs = &self.study.pairs;
        self.queue
            .find(from, forward, |i| row_matches(&pairs[i], query))
    }

    fn select_row(&mut self, pos: usize) {
        if pos < self.queue.visible.len() {
            self.queue.selected = pos;
            let rows = self.queue_rows();
            self.queue.scroll_into_view(rows);
        }
    }

    /// `3 of 12 rows match` (or that none does), for the search bar and the status line.
    pub fn search_note(&self) -> String {
        let query = &self.search.query;
        if query.is_empty() {
            return "type to search the rows; Enter keeps the row, Esc goes back".into();
        }
        let pairs = &self.study.pairs;
        let q = &self.queue;
        let matching: Vec<usize> = (0..q.visible.len())
            .filter(|&pos| row_matches(&pairs[q.visible[pos]], query))
            .collect();
        match matching.iter().position(|&pos| pos == q.selected) {
            _ if matching.is_empty() => format!("no row holds `{query}`"),
            Some(at) => format!("`{query}`: row {} of {} matching", at + 1, matching.len()),
            None => format!("`{query}`: {} rows match", matching.len()),
        }
    }
}
