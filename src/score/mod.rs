//! Verdicts: behaviors of a reference, matching properties to behaviors, failure
//! categories, and pairs of original and transformed verdicts.

pub mod antecedent;
pub mod behavior;
pub mod boolean_widths;
pub mod category;
pub mod compare;
mod hints;
pub mod matching;
pub mod output;
pub mod pairs_stream;
pub mod prepared;
pub mod study;
pub mod verdict;

pub use behavior::{Behavior, ReferenceError, reference_behaviors, reference_behaviors_in};
pub use category::Category;
pub use output::{score_output, score_prepared};
pub use prepared::PreparedReference;
pub use verdict::{ScoreOptions, Verdict};

#[cfg(test)]
mod defects_tests;
#[cfg(test)]
mod props_tests;
#[cfg(test)]
mod rejections_props;
#[cfg(test)]
mod rules_tests;
