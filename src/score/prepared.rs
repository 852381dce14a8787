//! A program's behaviors prepared once for scoring many outputs against them (every
//! model's output for every variant of the program, in a study): each distinct
//! reference antecedent with its canonical forms and truth-table compilation
//! (`logic::PreparedCondition`).

use super::behavior::Behavior;
use crate::logic::{PreparedCondition, Semantics};

/// The behaviors of one program, with their antecedents prepared under one semantics.
#[derive(Clone, Debug)]
pub struct PreparedReference<'b> {
    behaviors: &'b [Behavior],
    semantics: Semantics,
    /// The distinct antecedents, in order of first use.
    conditions: Vec<PreparedCondition<'b>>,
    /// For each behavior, the index of its antecedent in `conditions`.
    condition_of: Vec<usize>,
}

impl<'b> PreparedReference<'b> {
    /// Prepares `behaviors` under `semantics` (behaviors of one property share one
    /// antecedent, prepared once).
    pub fn new(behaviors: &'b [Behavior], semantics: &Semantics) -> PreparedReference<'b> {
        let mut conditions = Vec::new();
        // The first behavior with each distinct antecedent.
        let mut first: Vec<usize> = Vec::new();
        let condition_of = behaviors
            .iter()
            .enumerate()
            .map(|(i, b)| {
                match first
                    .iter()
                    .position(|&f| behaviors[f].antecedent == b.antecedent)
                {
                    Some(c) => c,
                    None => {
                        first.push(i);
                        conditions.push(PreparedCondition::with_semantics(
                            &b.antecedent,
                            semantics.clone(),
                        ));
                        conditions.len() - 1
                    }
                }
            })
            .collect();
        PreparedReference {
            behaviors,
            semantics: semantics.clone(),
            conditions,
            condition_of,
        }
    }

    /// The semantics the behaviors were prepared under.
    pub fn semantics(&self) -> &Semantics {
        &self.semantics
    }

    pub fn behaviors(&self) -> &'b [Behavior] {
        self.behaviors
    }

    /// The index of behavior `i`'s antecedent among the distinct ones: equal indices,
    /// equal antecedents.
    pub fn condition_of(&self, behavior: usize) -> usize {
        self.condition_of[behavior]
    }

    /// The prepared antecedent with index `condition`.
    pub fn condition(&self, condition: usize) -> &PreparedCondition<'b> {
        &self.conditions[condition]
    }
}

#[cfg(test)]
#[path = "prepared_tests.rs"]
mod tests;
