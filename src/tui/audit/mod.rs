//! The audit screen of one pair: the RTL original and transformed (word diff marked),
//! the properties with their verdicts, and the truth table of the antecedents.
//! `state` holds the screen's state, `update` applies its actions, `view` lays out the
//! panes drawn by `rtl`, `properties` and `truth_view`; `truth` builds the table in the
//! background job.

pub mod properties;
pub mod rtl;
pub mod state;
pub mod truth;
pub mod truth_view;
mod update;
pub mod view;

pub use state::{AuditState, Pane};

#[cfg(test)]
pub(crate) mod big_pair_tests;
#[cfg(test)]
mod view_tests;
