//! flipscope: metamorphic robustness studies of LLM-generated SystemVerilog assertions.
//!
//! Data flows one way: files -> [`study`] (load, validate) -> [`rtl`] + [`sva`] +
//! [`logic`] -> [`score`] (verdicts, pairs) -> [`stats`] (filter -> metrics) ->
//! [`cli`] or [`tui`]. The domain modules know nothing of the terminal.

/// mimalloc for every allocation of the binary, its tests and its benches: scoring
/// allocates small trees per property, and glibc's malloc took a fifth of the
/// instructions of `score_prepared` (docs/scoring.md, "Speed").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod audit;
pub mod cli;
pub mod formal;
pub mod formal_score;
pub mod generate;
pub mod logic;
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
pub mod transform;
pub mod tui;
