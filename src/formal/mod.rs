//! Formal checks of generated properties on whole modules (`flipscope prove`).
//!
//! Properties are read from any generated text the way the lenient reader reads it
//! ([`read_properties`]), lowered to synthesizable Verilog monitors (IEEE 1800 16.12
//! semantics for the subset in docs/formal.md), placed inside the top module, and
//! proven for every cycle with ABC's PDR on one AIGER model per design built by yosys.
//! Counterexamples are replayed through the model and come with the value of every
//! interface signal and sub-expression at every cycle. Results are cached under the
//! user's cache directory.
//!
//! # The public API (stable: EquivSVA and AssertionBench importers build on it)
//!
//! ```no_run
//! use flipscope::formal::{Design, Job, ProveOptions, Prover, SourceFile, read_properties};
//!
//! let design = Design::new(vec![SourceFile::new("fsm.sv", "module fsm(...); ... endmodule")], None);
//! let properties = read_properties("property p; @(posedge clk) a |=> b; endproperty", "gen.txt");
//! let prover = Prover::new(ProveOptions::default())?; // fails when yosys is missing
//! let report = prover.prove(&design, &properties);
//! for o in &report.outcomes {
//!     println!("{} {} sound={}", o.name, o.status, o.sound());
//! }
//! // Many designs at once (a dataset), mutants, transfer to equivalent designs:
//! let mutants = vec![Design::new(vec![SourceFile::new("m1.sv", "...")], None)];
//! let reports = prover.prove_batch(&[Job { design: &design, properties: &properties, mutants: &mutants }]);
//! # Ok::<(), flipscope::formal::FormalError>(())
//! ```
//!
//! - [`read_properties`]`(text, file) -> PropertySet`: never fails; each
//!   [`ReadProperty`] has its name, label, form, location and text, and its problem
//!   (syntax error or unsupported construct, located) if it has one.
//! - [`Prover::new`]`(ProveOptions) -> Result<Prover, FormalError>`; then
//!   [`Prover::prove`], [`Prover::prove_with_mutants`], [`Prover::prove_batch`].
//! - A [`Report`] per job: the top module, the reset assumed, a design-level error,
//!   and one [`Outcome`] per property in reading order: `name`, `location`, `status`
//!   ([`FormalStatus`]), `vacuous`, `reason`, `counterexample` ([`Counterexample`]),
//!   `referenced_identifiers`, `non_interface_identifiers`, `mutants`
//!   ([`MutantOutcome`]), and [`Outcome::sound`].

pub mod cache;
pub mod check;
pub mod check_result;
pub mod design;
pub mod engine;
pub mod error;
pub mod lower;
pub mod options;
pub mod outcome;
pub mod params;
pub mod property;
pub mod read;
pub mod run;
pub mod schedule;
pub mod trace;
pub mod unit;

pub use design::{Design, SourceFile};
pub use engine::limits::Limits;
pub use engine::process::{interrupt, interrupted};
pub use engine::tools::INSTALL_HINT;
pub use error::{FormalError, Location};
pub use options::{
    CacheChoice, PastConvention, ProgressEvent, ProgressHook, ProveOptions, Reset, parse_clock,
};
pub use outcome::{
    Counterexample, FailureCategory, FormalStatus, MutantOutcome, Outcome, SignalRole, TraceSignal,
};
pub use property::ClockEvent;
pub use read::{PropertyForm, PropertySet, ReadProperty, read_properties};
pub use run::{Job, Prover, Report};
