//! The AssertionBench metrics of whole-file property runs: per (design, model, shots)
//! cell, P (the fraction of assertions proven), C (the fraction with a counterexample)
//! and E (1 when a syntax error, or a file without assertions, fails the whole file);
//! per (model, shots), their means over designs with design-clustered bootstrap
//! intervals. Over any filter of the cells.
//!
//! Flow: [`tally`] (cells from a study's verdicts) -> [`summary`] (means, bootstrap) ->
//! [`render`] (table, CSV, JSON, Markdown, LaTeX).

pub mod render;
pub mod summary;
pub mod tally;

pub use render::{PceReport, Per};
pub use summary::{Estimate, GroupSummary, summarise};
pub use tally::{RunTally, jasper_tallies};
