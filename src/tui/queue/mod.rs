//! The queue screen: every pair of the study, filtered by the quick keys and the text
//! filter (the filter bar), with the 2x2 transition counts of the current filter.
//! `state` holds the queue, `update` applies its actions, `view` draws it.

pub mod state;
mod update;
pub mod view;

pub use state::{COLUMNS, Queue};

#[cfg(test)]
mod view_tests;
