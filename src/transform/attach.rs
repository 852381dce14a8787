//! Variants for a study's programs: every requested kind of every program, validated,
//! stored in `Program::variants` under the kind's name. A kind that does not apply
//! leaves no variant; one that fails is not stored and comes back as a failure with
//! the program's id.

use serde_json::Value;

use super::batch::{ProgramInput, transform_many};
use super::error::TransformError;
use super::kind::Kind;
use crate::rtl::ParseCache;
use crate::study::{Program, Variant};

/// A variant that was not written, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantFailure {
    pub program: String,
    pub kind: Kind,
    pub error: TransformError,
}

impl std::fmt::Display for VariantFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.error {
            TransformError::Rtl(e) => write!(
                f,
                "program {}: {}: the RTL does not parse: {e}",
                self.program, self.kind
            ),
            other => write!(f, "program {}: {other}", self.program),
        }
    }
}

/// How many variants of one kind were written, did not apply, or failed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KindCounts {
    pub written: usize,
    pub not_applicable: usize,
    pub failed: usize,
}

/// Adds the variants of `kinds` to every program; returns the counts per kind (in the
/// order of `kinds`) and the failures in program order.
pub fn attach_variants(
    programs: &mut [Program],
    kinds: &[Kind],
    cache: &ParseCache,
) -> (Vec<(Kind, KindCounts)>, Vec<VariantFailure>) {
    let inputs: Vec<ProgramInput<'_>> = programs
        .iter()
        .map(|p| ProgramInput {
            id: &p.id,
            source: &p.rtl,
            clock: p.clock.as_deref(),
        })
        .collect();
    let outcomes = transform_many(&inputs, kinds, cache);
    let mut counts: Vec<(Kind, KindCounts)> =
        kinds.iter().map(|&k| (k, KindCounts::default())).collect();
    let mut failures = Vec::new();
    for (program, outcome) in programs.iter_mut().zip(outcomes) {
        for (kind, result) in outcome {
            let slot = &mut counts
                .iter_mut()
                .find(|(k, _)| *k == kind)
                .expect("a count per kind")
                .1;
            match result {
                Ok(Some(rewrite)) => {
                    slot.written += 1;
                    let mut variant = Variant {
                        rtl: rewrite.rtl,
                        rename: rewrite.rename,
                        ..Variant::default()
                    };
                    if variant.rename.is_some()
                        && let Some(clock) = rewrite.clock.filter(|_| program.clock.is_some())
                    {
                        variant.extra.insert("clock".into(), Value::String(clock));
                    }
                    program.variants.insert(kind.to_string(), variant);
                }
                Ok(None) => slot.not_applicable += 1,
                Err(error) => {
                    slot.failed += 1;
                    failures.push(VariantFailure {
                        program: program.id.clone(),
                        kind,
                        error,
                    });
                }
            }
        }
    }
    (counts, failures)
}
