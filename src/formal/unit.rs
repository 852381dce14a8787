//! What one check of a design is given and gives: the settings it depends on, the
//! design with its distinct properties (a unit), the unit's results, and the numbering
//! of one property's outputs in its model (a job) that the rounds of ABC checks share.

use std::time::Duration;

use super::cache::Cache;
use super::check_result::CheckResult;
use super::design::Design;
use super::engine::limits::Limits;
use super::engine::tools::Tools;
use super::lower::Lowered;

/// How to check (the parts of the options a check depends on).
pub struct Settings<'a> {
    pub tools: &'a Tools,
    pub cache: &'a Cache,
    pub depth: u32,
    pub timeout: Duration,
    pub interface_only: bool,
    pub limits: Limits,
    pub jobs: usize,
}

/// One property to check on a unit's design.
#[derive(Clone, Debug)]
pub struct UnitEntry {
    pub lowered: Lowered,
    /// The identifiers it names (for the interface check).
    pub identifiers: Vec<String>,
}

/// A design and the distinct properties to check on it.
pub struct Unit<'a> {
    pub design: &'a Design,
    pub entries: Vec<UnitEntry>,
    /// Whether to check vacuity (the `trig` output) of the passing properties.
    pub vacuity: bool,
    /// The reset expression assumed in the first cycle.
    pub reset: Option<String>,
}

/// The results of a unit, one per entry, and what the design was.
pub struct UnitResult {
    pub top: Option<String>,
    /// Set when the design itself could not be checked (every result is then `error`).
    pub error: Option<String>,
    pub results: Vec<CheckResult>,
}

/// The checks of one property: (entry position in `active`, `bad` output, `trig` output,
/// `late` output).
pub(super) type Job = (usize, usize, usize, Option<usize>);
