//! What a formal check says about one property: its status, vacuity, reason,
//! counterexample, the identifiers it names and its status on each mutant.

use serde::{Deserialize, Serialize};

use super::error::Location;
pub use crate::study::FormalStatus;

/// A kind of failure auditors can filter on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FailureCategory {
    /// The property fails in cycle 0 only, before the first edge of the assumed reset
    /// (the design's registers start anywhere): typically an invariant without
    /// `disable iff` on a synchronous-reset design.
    Cycle0BeforeReset,
}

impl FailureCategory {
    pub fn as_str(self) -> &'static str {
        match self {
            FailureCategory::Cycle0BeforeReset => "cycle-0-before-reset",
        }
    }
}

/// What a row of a counterexample shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SignalRole {
    /// An input port of the top module.
    Input,
    /// An output (or inout) port of the top module.
    Output,
    /// A sub-expression of the property, as written.
    Expression,
    /// The monitor's own verdict rows: whether an antecedent matched (an attempt
    /// started whose consequent is checked), and where the property fails.
    Monitor,
}

/// One row of a counterexample: a signal's value at every cycle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceSignal {
    pub name: String,
    pub role: SignalRole,
    pub width: usize,
    /// One value per cycle, in binary, most significant bit first (`width` digits).
    pub values: Vec<String>,
}

/// A counterexample: the cycle-by-cycle values of every interface signal (the clock
/// aside) and of the property's sub-expressions, from cycle 0 (where the reset
/// assumption holds) to the cycle where the property fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counterexample {
    /// The cycle (0-based) at which the property fails: the last one of the trace.
    pub fail_cycle: usize,
    pub signals: Vec<TraceSignal>,
}

impl Counterexample {
    /// The row named `name`.
    pub fn signal(&self, name: &str) -> Option<&TraceSignal> {
        self.signals.iter().find(|s| s.name == name)
    }
}

/// The verdict of one property on one mutant design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MutantOutcome {
    /// The mutant's file (its first file when it has several).
    pub file: String,
    /// `fail` means the property detects the mutant.
    pub status: FormalStatus,
    pub reason: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<Counterexample>,
}

/// The verdict of one property on a design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The declared or labelled name (`assert_LINE_COLUMN` for an unnamed assertion).
    pub name: String,
    /// Where the property is in its text.
    pub location: Location,
    pub status: FormalStatus,
    /// For a `pass`: whether no attempt's antecedent can ever match (for an invariant:
    /// whether the property is always disabled). `None` when the vacuity check was
    /// inconclusive; `Some(false)` for every other status.
    pub vacuous: Option<bool>,
    /// Why: the construct outside the subset, the located error, the solver's limit,
    /// the identifiers outside the interface, or what was proven.
    pub reason: String,
    pub counterexample: Option<Counterexample>,
    /// For a `fail`: its category when flipscope knows one (`cycle-0-before-reset`).
    pub failure: Option<FailureCategory>,
    /// Every identifier the property names (the clocking event's signal aside).
    pub referenced_identifiers: Vec<String>,
    /// The referenced identifiers that are not ports of the top module (parameters,
    /// internal signals, functions, undeclared names).
    pub non_interface_identifiers: Vec<String>,
    /// Its status on each mutant (only for a `pass`, and only when mutants were given).
    pub mutants: Vec<MutantOutcome>,
}

impl Outcome {
    /// Sound in EquivSVA's sense: passes and names only ports of the top module.
    pub fn sound(&self) -> bool {
        self.status == FormalStatus::Pass && self.non_interface_identifiers.is_empty()
    }
}
