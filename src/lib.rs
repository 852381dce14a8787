//! flipscope: metamorphic robustness studies of LLM-generated SystemVerilog assertions.
//!
//! Data flows one way, down this list: a module imports from the modules below it, never
//! from those above (`.ci/module-graph` prints the edges and circles):
//!
//! - [`cli`], [`tui`]: the commands and the terminal interface (the only modules that
//!   print or draw; the domain modules know nothing of the terminal);
//! - [`reproof`]: re-proving a dataset's assertions against its external verdicts;
//! - [`synth`]: simulated studies; [`transform`]: the T1/T2/T3 rewrites, with their
//!   proofs of equivalence (the miter of the module audit);
//! - [`dataset_audit`]: the data-quality audit of a dataset (its references against its
//!   RTL, its module designs), the `flipscope audit` command's core;
//! - [`module_score`]: whole-module programs scored by proof; [`score`]: fragments
//!   scored by path-condition equivalence (verdicts, pairs);
//! - [`rules`]: scoring rules as a named choice (flipscope's, EquivSVA's);
//! - [`formal`]: the prover (yosys, ABC);
//! - [`generate`]: model outputs from an endpoint; [`stats`]: filters, metrics,
//!   bootstrap intervals, exports;
//! - [`rtl`]: RTL behaviors (sv-parser), with the RTL limits, the deep stack and the
//!   finder of unclosed comments and strings that the prover's readers use too;
//! - [`sva`]: the fragment scorer's reading of SVA (behaviors, antecedents);
//! - [`study`]: the study's files (load, validate, store);
//! - [`logic`]: Boolean antecedents and their exact relations;
//! - [`pack_cache`], [`printable`], [`text`]: utilities every floor may use (the
//!   content-keyed cache, the escaping of untrusted text; the tokenizer, lines and
//!   columns, locations, and `text::read`, the one reader of property declarations and
//!   assertions in generated text, with the fragment scorer's and the prover's rules).
//!
//! Names say what a module owns in the study's words (DESIGN.md), with no other meaning
//! in the crate: `dataset_audit` is the data-quality audit (the TUI's audit screen and
//! the annotation store's audit sample are other things); `module_score` scores whole
//! modules, `score` fragments; `formal::property` parses the temporal properties the
//! prover lowers, `sva` the fragment dialect, both from what `text::read` found;
//! `stats::pce` is AssertionBench's P, C and E.
//!
//! One edge runs up this list, in tests only: `tui`'s unit tests call `cli`, to compare
//! the TUI's figures, agreement and exports with the commands' output.

/// mimalloc for every allocation of the binary, its tests and its benches: scoring
/// allocates small trees per property, and glibc's malloc took a fifth of the
/// instructions of `score_prepared` (docs/scoring.md, "Speed").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod cli;
pub mod dataset_audit;
pub mod formal;
pub mod generate;
pub mod logic;
pub mod module_score;
pub mod pack_cache;
pub mod printable;
pub mod reproof;
pub mod rtl;
pub mod rules;
pub mod score;
pub mod stats;
pub mod study;
pub mod sva;
pub mod synth;
pub mod text;
pub mod transform;
pub mod tui;
