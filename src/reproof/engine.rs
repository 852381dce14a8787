//! What the re-proof needs of a formal engine, in its own words: prove a list of
//! assertion texts on one design (its model built once), each getting a status, a
//! reason and, for a failure, a counterexample trace. `crate::formal` implements it;
//! tests use a scripted engine. Statuses are the study's [`FormalStatus`], the prover's own.

use crate::study::FormalStatus;

/// A counterexample, as `flipscope prove` gives it (the cycle the assertion fails at
/// and every signal's value per cycle).
pub use crate::formal::{Counterexample as Trace, SignalRole, TraceSignal};

/// The engine's verdict on one assertion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineVerdict {
    pub status: FormalStatus,
    /// Whether a pass is vacuous (its antecedent never holds), when known.
    pub vacuous: Option<bool>,
    pub reason: String,
    pub counterexample: Option<Trace>,
}

/// A design to prove on: its source files (read in order), its header files (only
/// `` `include``d), its top module, clock and reset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesignSpec {
    /// The program id, for messages.
    pub name: String,
    pub sources: Vec<(String, String)>,
    pub headers: Vec<(String, String)>,
    pub top: String,
    /// The default clocking event (`posedge clk`) for assertions without their own.
    pub clock: Option<String>,
    /// The reset expression assumed in the first cycle; `None`: no reset assumption.
    pub reset: Option<String>,
}

/// What the engine says about a design: a design-level error (it does not elaborate),
/// or one verdict per assertion in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesignOutcome {
    pub error: Option<String>,
    pub verdicts: Vec<EngineVerdict>,
}

/// One assertion to prove: its text, and where it is written (for located messages).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssertionText {
    pub text: String,
    /// The property file it comes from.
    pub file: String,
    /// Its first line there (1-based), when known.
    pub line: Option<usize>,
}

/// A formal engine.
pub trait Engine: Sync {
    /// The engine's name and version for the records, e.g. `flipscope 0.1.0 (yosys 0.23, abc pdr)`.
    fn describe(&self) -> String;

    /// Proves every assertion (a text with one `assert property` statement and the
    /// declarations it needs) on the design, in the top module's scope.
    fn prove(&self, design: &DesignSpec, assertions: &[AssertionText]) -> DesignOutcome;

    /// Proves many designs; by default one after the other in parallel (an engine with
    /// its own scheduler overrides it).
    fn prove_all(&self, jobs: &[(DesignSpec, Vec<AssertionText>)]) -> Vec<DesignOutcome> {
        use rayon::prelude::*;
        jobs.par_iter().map(|(d, a)| self.prove(d, a)).collect()
    }
}
