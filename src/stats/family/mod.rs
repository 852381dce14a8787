//! Whole-module studies (EquivSVA families) from their property verdicts: the verdicts
//! gathered per output ([`outputs`]), EquivSVA's figures per model and implementation
//! style with family-clustered bootstrap intervals ([`figures`]), the paired view
//! against the canonical implementation ([`pairs`]), property-level invariance
//! against it ([`invariance`]), and their tables ([`export`]).

pub mod export;
pub mod figures;
pub mod invariance;
pub mod outputs;
pub mod pairs;

#[cfg(test)]
mod tests;

pub use figures::{Figures, KEYS, ModelFigures, RATES, model_counts, model_figures};
pub use outputs::{OutputRow, OutputSummary, SOUND_BEHAVIOR, outputs, rows};
pub use pairs::derived_pairs;
