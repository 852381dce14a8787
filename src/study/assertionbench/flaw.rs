//! Data-quality warnings of an AssertionBench import: each names the kind of flaw (one
//! of those the dataset's README lists, or one found on the way), the file and line it
//! is seen at, and what flipscope did about it. Nothing is guessed silently.

use std::fmt;

use serde::Serialize;

use crate::study::LocatedError;

/// The kinds of flaw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlawKind {
    /// The log analysed another property file than its project folder's name says.
    AnalysedOtherFile,
    /// The analysed file has another number of `assert property` statements than the
    /// log has `_assert_N` rows (or the rows do not run 1..n): the verdicts are kept
    /// without their statements.
    CountMismatch,
    /// The log's SUMMARY counts differ from its RESULTS rows.
    SummaryMismatch,
    /// A 0-byte log.
    EmptyLog,
    /// A run killed before `report`: no RESULTS table.
    IncompleteRun,
    /// A run that stopped on a JasperGold internal error.
    InternalError,
    /// The bind did not take: assertions are named `i_<top>._assert_N` and were proved
    /// on the property module's free inputs, not on the design.
    BindNotTaken,
    /// A run or its log names a property file that is not in the folder.
    MissingPropertyFile,
    /// A script analyses a file that is not in the folder.
    MissingRtlFile,
    /// Two design folders have the same top module.
    DuplicateDesign,
    /// A design folder without an `FPV_*.tcl` script.
    NoScript,
    /// A design folder with more than one `FPV_*.tcl`.
    ExtraScript,
    /// A script without `elaborate -top`: the top module is taken from the RTL.
    NoTop,
    /// A script without `clock` or `reset`.
    NoClockOrReset,
    /// `jg_4o_1shout.out` and the like.
    MisspeltLogName,
    /// A file that is not UTF-8 (read with replacement characters).
    NotUtf8,
    /// Two logs of one run disagree on the verdicts.
    LogsDisagree,
    /// A property file without any JasperGold log: no verdicts.
    NoLog,
    /// Two project folders for the same run.
    DuplicateRun,
    /// `bindings.sva` missing or unreadable, or binding another module than the top.
    BindingProblem,
}

impl FlawKind {
    /// The kind's name in reports: `count-mismatch`.
    pub fn name(self) -> &'static str {
        match self {
            FlawKind::AnalysedOtherFile => "analysed-other-file",
            FlawKind::CountMismatch => "count-mismatch",
            FlawKind::SummaryMismatch => "summary-mismatch",
            FlawKind::EmptyLog => "empty-log",
            FlawKind::IncompleteRun => "incomplete-run",
            FlawKind::InternalError => "internal-error",
            FlawKind::BindNotTaken => "bind-not-taken",
            FlawKind::MissingPropertyFile => "missing-property-file",
            FlawKind::MissingRtlFile => "missing-rtl-file",
            FlawKind::DuplicateDesign => "duplicate-design",
            FlawKind::NoScript => "no-script",
            FlawKind::ExtraScript => "extra-script",
            FlawKind::NoTop => "no-top",
            FlawKind::NoClockOrReset => "no-clock-or-reset",
            FlawKind::MisspeltLogName => "misspelt-log-name",
            FlawKind::NotUtf8 => "not-utf8",
            FlawKind::LogsDisagree => "logs-disagree",
            FlawKind::NoLog => "no-log",
            FlawKind::DuplicateRun => "duplicate-run",
            FlawKind::BindingProblem => "binding-problem",
        }
    }
}

impl fmt::Display for FlawKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One data-quality warning, located.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Flaw {
    pub kind: FlawKind,
    /// Where it is seen (a path relative to the dataset folder), and what was done.
    #[serde(flatten)]
    pub at: LocatedError,
}

impl Flaw {
    pub fn new(
        kind: FlawKind,
        file: impl Into<String>,
        line: usize,
        message: impl Into<String>,
    ) -> Self {
        Self {
            kind,
            at: LocatedError::new(file, line.max(1), 1, message),
        }
    }
}

impl fmt::Display for Flaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]", self.at, self.kind)
    }
}
