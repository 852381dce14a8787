//! The help screen's state: where it is scrolled, the screen it was opened on (it
//! opens at that screen's keys), and its search (`/`, then `n`/`N`).

use crate::tui::keymap::Mode;

/// The help screen's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpState {
    /// The first line shown.
    pub scroll: usize,
    /// The key table in force when the help opened.
    pub from: Mode,
    /// The search text (kept after Enter, for `n`/`N`).
    pub query: String,
    /// Whether the search field is open (it types like the filter bar).
    pub searching: bool,
    /// Where the help was scrolled when the search opened (Esc goes back there).
    pub search_from: usize,
    /// The line of the match last jumped to (`n`/`N` go on from it).
    pub current: Option<usize>,
}

impl Default for HelpState {
    fn default() -> Self {
        HelpState {
            scroll: 0,
            from: Mode::Queue,
            query: String::new(),
            searching: false,
            search_from: 0,
            current: None,
        }
    }
}

/// Whether `line` holds `query`, ignoring case.
pub fn matches(line: &str, query: &str) -> bool {
    !query.is_empty() && line.to_lowercase().contains(&query.to_lowercase())
}
