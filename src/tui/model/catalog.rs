//! The programs screen's view model: every program with its variants, its assignment
//! behaviors (read from the reference) and, per variant and model, whether the model's
//! generation is there, truncated, failed (recorded by `flipscope generate` in
//! `failed-generations.jsonl`) or missing. Built once per load off the UI thread
//! (`load::catalog_of`); no terminal types here.

use std::collections::BTreeMap;

/// One generation's state, for one (program, variant, model).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerationState {
    /// Generated; the finish reason and completion tokens when `meta` has them.
    Done {
        finish_reason: Option<String>,
        tokens: Option<u64>,
    },
    /// Generated but cut short (`meta.truncated`, or finish reason `length`).
    Truncated {
        finish_reason: Option<String>,
        tokens: Option<u64>,
    },
    /// No generation; the last request for it failed (kind and message).
    Failed { kind: String, message: String },
}

/// One assignment behavior of a program, as the reference gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BehaviorEntry {
    /// `lhs=rhs` (`#2`, `#3` for repeats).
    pub id: String,
    /// The path condition, canonical text.
    pub condition: String,
}

/// One program of the study.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramEntry {
    pub id: String,
    pub stratum: String,
    /// A whole-module program (scored by proof, no assignment behaviors).
    pub module: bool,
    /// `original`, then the variant names in order.
    pub variants: Vec<String>,
    /// The behaviors, or why the reference cannot be read.
    pub behaviors: Result<Vec<BehaviorEntry>, String>,
    /// (variant, model) -> its state; absent means missing.
    pub generations: BTreeMap<(String, String), GenerationState>,
}

impl ProgramEntry {
    /// The state of one (variant, model), `None` when missing.
    pub fn state(&self, variant: &str, model: &str) -> Option<&GenerationState> {
        self.generations
            .get(&(variant.to_string(), model.to_string()))
    }

    /// Generations present (done or truncated) over all (variant, model) pairs.
    pub fn generated(&self, models: usize) -> (usize, usize) {
        let done = self
            .generations
            .values()
            .filter(|s| !matches!(s, GenerationState::Failed { .. }))
            .count();
        (done, self.variants.len() * models)
    }

    /// How many are truncated, and how many failed.
    pub fn troubles(&self) -> (usize, usize) {
        let truncated = self
            .generations
            .values()
            .filter(|s| matches!(s, GenerationState::Truncated { .. }))
            .count();
        let failed = self
            .generations
            .values()
            .filter(|s| matches!(s, GenerationState::Failed { .. }))
            .count();
        (truncated, failed)
    }
}

/// Every program, and every model with a generation or a recorded failure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalog {
    pub programs: Vec<ProgramEntry>,
    /// Models by name.
    pub models: Vec<String>,
    /// Why the failures file could not be read, when it could not (the rest still shows).
    pub failures_note: Option<String>,
}

impl Catalog {
    /// Whether no model has a generation or a failure yet.
    pub fn is_ungenerated(&self) -> bool {
        self.models.is_empty()
    }
}
