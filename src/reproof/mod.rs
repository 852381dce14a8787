//! Re-proving a study's assertions with flipscope's own engine and comparing with the
//! dataset's external verdicts (AssertionBench's JasperGold runs).
//!
//! Flow: [`unit`] lists every assertion of every generation with its external verdict
//! -> [`scope`] turns a program into the design to prove on and an assertion into the
//! text to prove in the top module's scope -> [`run`] proves each design's assertions
//! with an [`engine::Engine`] (one model per design) and writes one [`record`] per
//! assertion -> [`agreement`] tabulates the external status against flipscope's and
//! lists the disagreements, the designs that do not elaborate and the constructs
//! outside the lowered subset.

pub mod agreement;
pub mod agreement_text;
pub mod assertion_view;
pub mod cause;
pub mod cause_kind;
pub mod engine;
pub mod formal_engine;
pub mod record;
pub mod run;
pub mod scope;
pub mod unit;
pub mod widths;

pub use agreement::{Agreement, ExternalClass, FlipscopeClass};
pub use assertion_view::{AssertionView, join};
pub use engine::{
    AssertionText, DesignOutcome, DesignSpec, Engine, EngineVerdict, SignalRole, Trace, TraceSignal,
};
pub use formal_engine::FormalEngine;
pub use record::{REPROOF_FILE, ReproofRecord, read_records, write_records};
pub use run::{ReproofOptions, ReproofSummary, ResetPhase, reprove};
pub use unit::{AssertionUnit, units_of};
