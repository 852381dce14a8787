//! flipscope: metamorphic robustness studies of LLM-generated SystemVerilog assertions.
//!
//! Data flows one way, down this list: a module imports from the modules below it, never
//! from those above (`.ci/module-graph` prints the edges and circles):
//!
//! - [`cli`], [`tui`]: the commands and the terminal interface (the only modules that
//!   print or draw; the domain modules know nothing of the terminal);
//! - [`reproof`]: re-proving a dataset's assertions against its external verdicts;
//! - [`dataset_audit`]: the data-quality audit of a dataset (its references against its
//!   RTL, its module designs), the `flipscope audit` command's core;
//! - [`rules`]: scoring rules as a named choice (flipscope's, EquivSVA's);
//! - [`synth`]: simulated studies; [`transform`]: the T1/T2/T3 rewrites;
//! - [`module_score`]: whole-module programs scored by proof; [`score`]: fragments
//!   scored by path-condition equivalence (verdicts, pairs);
//! - [`formal`]: the prover (yosys, ABC);
//! - [`generate`]: model outputs from an endpoint; [`stats`]: filters, metrics,
//!   bootstrap intervals, exports;
//! - [`rtl`]: RTL behaviors (sv-parser), with the RTL limits, the deep stack and the
//!   finder of unclosed comments and strings that the prover's readers use too;
//! - [`sva`]: reading SVA from model outputs; [`logic`]: Boolean antecedents and their
//!   exact relations;
//! - [`study`]: the study's files (load, validate, store);
//! - [`pack_cache`], [`printable`], [`text`]: utilities every floor may use (the
//!   content-keyed cache, the escaping of untrusted text, lines and columns of a text).
//!
//! Names say what a module owns in the study's words (DESIGN.md), with no other meaning
//! in the crate: `dataset_audit` is the data-quality audit (the TUI's audit screen and
//! the annotation store's audit sample are other things); `module_score` scores whole
//! modules, `score` fragments; `formal::property` is the prover's SVA reader, distinct
//! from `sva`, the fragment reader; `stats::pce` is AssertionBench's P, C and E.
//!
//! Edges that still run up this list: `rtl` reads `study`'s located error, and `study`
//! reads `generate`'s reset description (the EquivSVA importer) and `stats`' filter
//! rows (the pair stream); `cli` and `tui` call each other (`open`, the TUI's exports).

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
