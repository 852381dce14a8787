//! How `App` searches the queue (`s`): unlike the filter, the search changes nothing
//! that is shown; it moves the selection to the next row holding the text in any
//! column (smart case), as the text is typed. Enter keeps the row and the text, `]`
//! and `[` go to the next and previous match (wrapping around), Esc goes back to the
//! row the search started from. The assertions queue of an AssertionBench study is
//! searched the same way (design, model, verdicts, statement).

use super::state::{fields_match, row_matches};
use crate::tui::app::{App, Overlay};

impl App {
    /// `s`: opens the search bar.
    pub(crate) fn open_search(&mut self) {
        self.overlay = Some(Overlay::Search);
        self.search.query.clear();
        self.search.start = self.search_list().1;
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
        let (len, selected) = self.search_list();
        let n = len.max(1);
        let from = if forward {
            selected + 1
        } else {
            selected + n - 1
        };
        match self.next_match(from % n, forward) {
            Some(pos) => {
                let wrapped = if forward {
                    pos <= selected
                } else {
                    pos >= selected
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

    /// The list searched (the assertions queue on its screen, else the pairs queue):
    /// its rows shown and the selection's position.
    fn search_list(&self) -> (usize, usize) {
        match &self.assertions {
            Some(s) if self.on_assertions() => (s.visible.len(), s.selected),
            _ => (self.queue.visible.len(), self.queue.selected),
        }
    }

    /// Whether row `pos` of the list searched holds the search text.
    fn row_holds(&self, pos: usize) -> bool {
        let query = &self.search.query;
        match &self.assertions {
            Some(s) if self.on_assertions() => s.visible.get(pos).is_some_and(|&i| {
                let v = &s.study.views[i];
                let u = &v.unit;
                let fields = [
                    u.program.as_str(),
                    &u.model,
                    u.external_class(),
                    v.flipscope(),
                    &u.text,
                    &u.file,
                ];
                fields_match(fields, query)
            }),
            _ => self
                .queue
                .visible
                .get(pos)
                .is_some_and(|&i| row_matches(&self.study.pairs[i], query)),
        }
    }

    fn next_match(&self, from: usize, forward: bool) -> Option<usize> {
        let n = self.search_list().0;
        (0..n)
            .map(|k| {
                if forward {
                    (from + k) % n
                } else {
                    (from + n - k) % n
                }
            })
            .find(|&pos| self.row_holds(pos))
    }

    fn select_row(&mut self, pos: usize) {
        if self.on_assertions() {
            let rows = self.assertion_rows();
            if let Some(s) = &mut self.assertions
                && pos < s.visible.len()
            {
                let delta = pos as isize - s.selected as isize;
                s.move_by(delta, rows);
            }
            return;
        }
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
        let (len, selected) = self.search_list();
        let matching: Vec<usize> = (0..len).filter(|&pos| self.row_holds(pos)).collect();
        match matching.iter().position(|&pos| pos == selected) {
            _ if matching.is_empty() => format!("no row holds `{query}`"),
            Some(at) => format!("`{query}`: row {} of {} matching", at + 1, matching.len()),
            None => format!("`{query}`: {} rows match", matching.len()),
        }
    }
}
