//! How `App` applies the help screen's actions: showing it at the keys of the screen
//! it was opened on, scrolling and paging (no further than its last line), and its
//! search: `/` types a text, the help jumps to the first line holding it, `n`/`N` go
//! to the next and previous one, Esc in the field goes back to where it was.

use super::state::matches;
use super::view;
use crate::tui::app::{App, Overlay};

impl App {
    /// `?`: shows the help at the current screen's keys, or hides it.
    pub(crate) fn toggle_help(&mut self) {
        if self.overlay == Some(Overlay::Help) {
            self.overlay = None;
            return;
        }
        self.help.from = self.mode();
        self.help.searching = false;
        self.overlay = Some(Overlay::Help);
        let start = view::section_start(&self.shell(), self.help.from);
        self.help.scroll = start.min(self.help_max_scroll());
    }

    /// The help's lines as plain text (what the search looks through).
    fn help_texts(&self) -> Vec<String> {
        view::help_lines(&self.shell())
            .iter()
            .map(|l| l.to_string())
            .collect()
    }

    /// Lines the help shows at once.
    pub(crate) fn help_page(&self) -> usize {
        view::visible_lines(&self.shell(), &self.help).max(1)
    }

    fn help_max_scroll(&self) -> usize {
        view::help_lines(&self.shell())
            .len()
            .saturating_sub(view::visible_lines(&self.shell(), &self.help))
    }

    /// Scrolls the help by `delta` lines.
    pub(crate) fn scroll_help(&mut self, delta: isize) {
        let max = self.help_max_scroll();
        self.help.scroll = self
            .help
            .scroll
            .min(max)
            .saturating_add_signed(delta)
            .min(max);
    }

    /// `/` in the help: opens its search field.
    pub(crate) fn open_help_search(&mut self) {
        self.help.searching = true;
        self.help.query.clear();
        self.help.current = None;
        self.help.search_from = self.help.scroll;
    }

    /// Edits the search text and jumps to the first line holding it.
    pub(crate) fn edit_help_search(&mut self, change: impl FnOnce(&mut String)) {
        change(&mut self.help.query);
        self.help.scroll = self.help.search_from;
        if !self.help.query.is_empty() {
            self.jump_to_help_match(self.help.search_from, true);
        }
    }

    /// Esc in the search field: back where the help was, the search cleared.
    pub(crate) fn cancel_help_search(&mut self) {
        self.help.searching = false;
        self.help.query.clear();
        self.help.current = None;
        self.help.scroll = self.help.search_from;
    }

    /// `n`/`N`: the next or previous line holding the search text.
    pub(crate) fn help_match(&mut self, forward: bool) {
        if self.help.query.is_empty() {
            self.message = Some("no search: / searches the help".into());
            return;
        }
        let n = self.help_texts().len().max(1);
        let from = match (self.help.current, forward) {
            (Some(c), true) => c + 1,
            (Some(c), false) => c + n - 1,
            (None, _) => self.help.scroll,
        };
        self.jump_to_help_match(from % n, forward);
    }

    /// Scrolls to the first matching line from `from` on (or back), wrapping around.
    fn jump_to_help_match(&mut self, from: usize, forward: bool) {
        let texts = self.help_texts();
        let n = texts.len();
        if n == 0 {
            return;
        }
        let order: Vec<usize> = if forward {
            (0..n).map(|k| (from + k) % n).collect()
        } else {
            (0..n).map(|k| (from + n - k % n) % n).collect()
        };
        let query = self.help.query.clone();
        match order.into_iter().find(|&i| matches(&texts[i], &query)) {
            Some(i) => {
                let count = texts.iter().filter(|t| matches(t, &query)).count();
                let at = texts[..=i].iter().filter(|t| matches(t, &query)).count();
                self.message = Some(format!("`{query}`: match {at} of {count}"));
                self.help.current = Some(i);
                // The match shows at the top, unless the help ends before.
                self.help.scroll = i.min(self.help_max_scroll());
            }
            None => {
                self.help.current = None;
                self.message = Some(format!("no help line holds `{query}`"));
            }
        }
    }
}
