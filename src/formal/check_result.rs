//! The verdict of one property on one design, as a check gives it and the cache stores
//! it.

use serde::{Deserialize, Serialize};

use super::outcome::{Counterexample, FailureCategory, FormalStatus};

/// The verdict of one property on one design (what the cache stores).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckResult {
    pub status: FormalStatus,
    pub vacuous: Option<bool>,
    pub reason: String,
    pub counterexample: Option<Counterexample>,
    /// Identifiers of the property the design does not declare.
    pub undeclared: Vec<String>,
    /// The ports of the top module (empty when the design did not elaborate).
    pub ports: Vec<String>,
    /// What kind of failure a `fail` is, when flipscope knows one.
    #[serde(default)]
    pub failure: Option<FailureCategory>,
}

impl CheckResult {
    pub(super) fn new(
        status: FormalStatus,
        reason: impl Into<String>,
        ports: &[String],
    ) -> CheckResult {
        CheckResult {
            status,
            vacuous: if status == FormalStatus::Pass {
                None
            } else {
                Some(false)
            },
            reason: reason.into(),
            counterexample: None,
            undeclared: Vec::new(),
            ports: ports.to_vec(),
            failure: None,
        }
    }
}
