//! Annotations from the TUI, on the queue and the audit screen: the store, the digit
//! keys' tags, the suggestion, the note popup, undo, the audit sample and `E` (the
//! tagged pairs exported), the auditor's name. `state` holds the store and taxonomy,
//! `update` applies the actions, `note` draws the note popup, `auditor` the name
//! prompt, `export` writes the tagged pairs.

pub mod auditor;
pub mod export;
pub mod note;
pub mod state;
mod update;

pub use state::{SAMPLE_K, SAMPLE_SEED, Sample, Tagging, pair_key, suggestion_counts};

#[cfg(test)]
mod export_tests;
#[cfg(test)]
mod pair_hash_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod view_tests;
