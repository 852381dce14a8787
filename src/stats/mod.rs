//! Counts, rates, program-clustered bootstrap intervals, paired tests, the filter
//! language and exports.
//!
//! Flow: rows implementing [`FilterRow`] -> [`Filter`] -> [`group_conditions`] (per
//! program counts) -> [`intervals`] and [`mcnemar_exact`] -> [`report`] -> [`export`].

pub mod agreement;
pub mod bootstrap;
pub mod condition;
pub mod counts;
pub mod draws;
pub mod export;
pub mod family;
pub mod filter;
pub mod interval;
pub mod joint;
pub mod mcnemar;
pub mod noise;
pub mod normal;
pub mod pair_row;
pub mod pair_tally;
pub mod pce;
pub mod quantile;
pub mod report;
pub mod row;
pub mod sample;
pub mod tag_export;
pub mod tally_bootstrap;

pub use agreement::{Agreement, agreement};
pub use condition::{Condition, ProgramCounts, group_conditions};
pub use counts::{Counts, Metric};
pub use filter::{FieldFilter, FieldRow, Filter, FilterError};
pub use interval::{
    BootstrapConfig, Interval, IntervalMethod, Intervals, intervals, intervals_all,
};
pub use mcnemar::mcnemar_exact;
pub use report::{ConditionReport, InputFile, MetricsReport, Provenance, compute};
pub use row::{FilterRow, Observation, flip_class};
pub use sample::{SampledPair, audit_sample};

#[cfg(test)]
mod reference_tests;
