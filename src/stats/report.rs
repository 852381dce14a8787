//! The metrics of every condition with their intervals and McNemar test, and the
//! provenance that travels with them into every export.

use super::condition::Condition;
use super::counts::{Counts, Metric};
use super::interval::{BootstrapConfig, Intervals, intervals_all};
use super::mcnemar::mcnemar_exact;

/// One condition's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct ConditionReport {
    pub model: String,
    pub variant: String,
    /// Programs with at least one pair in the condition (the bootstrap's clusters).
    pub programs: usize,
    pub counts: Counts,
    /// Exact McNemar p-value of L against G.
    pub mcnemar_p: f64,
    pub intervals: Intervals,
}

impl ConditionReport {
    /// A metric's point estimate.
    pub fn value(&self, metric: Metric) -> Option<f64> {
        metric.value(&self.counts)
    }
}

/// One input file and its content hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFile {
    pub path: String,
    /// Lowercase hex SHA-256 of the file's bytes.
    pub sha256: String,
}

/// Where the figures come from and how they were computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Provenance {
    /// The filter expression as written ("" for none).
    pub filter: String,
    /// The oracle the pairs were scored with, when the pairs say so.
    pub oracle: Option<String>,
    pub bootstrap: BootstrapConfig,
    /// `env!("CARGO_PKG_VERSION")` of the flipscope that computed the figures.
    pub version: String,
    pub inputs: Vec<InputFile>,
    /// Pairs read, and pairs that passed the filter.
    pub pairs_read: usize,
    pub pairs_matched: usize,
}

/// Everything `flipscope metrics` prints.
#[derive(Debug, Clone, PartialEq)]
pub struct MetricsReport {
    pub conditions: Vec<ConditionReport>,
    pub provenance: Provenance,
}

/// Computes every condition's figures (replicates in parallel, deterministic).
pub fn compute(conditions: &[Condition], config: &BootstrapConfig) -> Vec<ConditionReport> {
    let intervals = intervals_all(conditions, config);
    conditions
        .iter()
        .zip(intervals)
        .map(|(c, intervals)| ConditionReport {
            model: c.model.clone(),
            variant: c.variant.clone(),
            programs: c.programs.len(),
            counts: c.totals,
            mcnemar_p: mcnemar_exact(c.totals.l, c.totals.g),
            intervals,
        })
        .collect()
}
