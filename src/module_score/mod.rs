//! Scoring whole-module programs (EquivSVA families, AssertionBench designs) by formal
//! proof: every generated property of every output is read (strict and lenient),
//! checked for IEEE 1800 legality with its design ([`legality`]), syntax and elaboration, for naming only interface signals, proven on its
//! own implementation, on the program's other implementations (transfer) and, when it
//! passes, on the mutants; the result is one [`PropertyVerdict`] per property (see
//! `docs/formats.md`, `verdicts.jsonl`). The proofs are `crate::formal`'s.
//!
//! [`PropertyVerdict`]: crate::study::PropertyVerdict

mod convert;
pub mod legality;
mod run;
pub mod strict;

#[cfg(test)]
mod tests;

pub use run::{
    DesignError, MissingModuleGeneration, ModuleScoreOptions, ModuleScoreReport, score_modules,
};
