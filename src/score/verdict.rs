//! The verdict of one behavior in one generation, and the options of scoring.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::category::Category;
use crate::logic::Semantics;

/// How one generated output is read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreOptions {
    /// The program clock (`posedge clk` or `@(posedge clk)`): `Some` for a synchronous
    /// record, `None` for an asynchronous one.
    pub clock: Option<String>,
    /// Use every well-formed declaration anywhere in the output and ignore the rest.
    pub lenient: bool,
    /// Identifiers of the generated text mapped back (from -> to) before anything else.
    pub rename: HashMap<String, String>,
    /// What atoms mean (two-state by default) and the known widths of signals.
    /// `score_output` prepares the behaviors under it; `score_prepared` uses the
    /// semantics the reference was prepared with.
    pub semantics: Semantics,
}

/// The score of one behavior in one generation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// `lhs=rhs` (`#2`, ... for repeats).
    pub behavior_id: String,
    pub lhs: String,
    pub rhs: String,
    pub category: Category,
    pub correct: bool,
    /// One line a person can act on.
    pub reason: String,
    /// The declaration that decided the verdict (the first wrong one, or the last one
    /// checked when all are right), as written after renaming; `None` when no
    /// declaration did.
    pub property: Option<String>,
}
