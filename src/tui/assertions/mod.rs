//! The assertions screens of a study with external verdicts (AssertionBench): a queue
//! of every assertion with its JasperGold and flipscope verdicts, filtered by
//! `design=`, `model=`, `shots=`, `jasper=`, `flipscope=`, `agree=` ...; and the audit
//! of one assertion: the design's RTL, the statement, both verdicts and flipscope's
//! counterexample as a waveform table. Assertions are tagged, noted, searched, sorted
//! and exported as pairs are; `M` shows their agreement metrics.

pub mod audit_view;
pub mod metrics_view;
pub mod model;
pub mod state;
pub mod tagging;
pub mod update;
pub mod view;

pub use model::{AssertionStudy, DesignText};
pub use state::{AssertionAudit, AssertionPane, AssertionsState};

#[cfg(test)]
mod parity_tests;
#[cfg(test)]
pub(crate) mod tests;
