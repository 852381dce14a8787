//! The queue screen: every pair of the study, filtered by the quick keys and the text
//! filter (the filter bar), searched (`s`), sorted by a column, with marks and the 2x2
//! transition counts of the current filter. `state` holds the queue, `update` applies
//! its actions, `search` its search, `view` draws it.

mod search;
pub mod state;
mod update;
pub mod view;

pub use state::{COLUMNS, Queue, SearchState};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod view_tests;
