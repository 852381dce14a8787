//! Many programs at once: rewrites made in parallel (one parse of each original), then
//! the behaviors of the originals and of every variant through the RTL parse cache
//! (`rtl::analyse_many`), then validation. Results come back in input order.

use rayon::prelude::*;

use super::error::TransformError;
use super::kind::Kind;
use super::{Rewrite, check, rewrite};
use crate::rtl::{ParseCache, RtlInput, analyse_many};

/// One program to rewrite: its id (for reports), its RTL and its clock field.
#[derive(Debug, Clone, Copy)]
pub struct ProgramInput<'a> {
    pub id: &'a str,
    pub source: &'a str,
    pub clock: Option<&'a str>,
}

/// The outcome of one kind for one program: a validated rewrite, `None` when the kind
/// does not apply, or why it failed.
pub type Outcome = Result<Option<Rewrite>, TransformError>;

/// Every kind of every program, validated; one outcome per (program, kind) in order.
pub fn transform_many(
    inputs: &[ProgramInput<'_>],
    kinds: &[Kind],
    cache: &ParseCache,
) -> Vec<Vec<(Kind, Outcome)>> {
    let make = || {
        inputs
            .par_iter()
            .map(|p| rewrite(p.source, p.clock, kinds))
            .collect::<Vec<_>>()
    };
    let rewrites = match rayon::ThreadPoolBuilder::new()
        .stack_size(crate::rtl::stack::STACK_BYTES)
        .start_handler(|_| crate::rtl::stack::mark_deep())
        .build()
    {
        Ok(pool) => pool.install(make),
        Err(_) => make(),
    };
    // Originals first, then every variant, analysed in one cached parallel batch.
    let mut texts: Vec<RtlInput<'_>> = inputs
        .iter()
        .map(|p| RtlInput {
            source: p.source,
            clock: p.clock,
        })
        .collect();
    for r in rewrites.iter().flatten() {
        for (_, rewrite) in r {
            if let Some(rw) = rewrite {
                texts.push(RtlInput {
                    source: &rw.rtl,
                    clock: rw.clock.as_deref(),
                });
            }
        }
    }
    let analysed = analyse_many(&texts, cache);
    let (originals, variants) = analysed.split_at(inputs.len());
    let mut variants = variants.iter();
    rewrites
        .iter()
        .zip(originals)
        .map(|(r, original)| match r {
            Err(e) => kinds.iter().map(|&k| (k, Err(e.clone()))).collect(),
            Ok(list) => list
                .iter()
                .map(|(kind, rewrite)| {
                    let Some(rw) = rewrite else {
                        return (*kind, Ok(None));
                    };
                    let variant = variants.next().expect("one analysis per variant");
                    let outcome = match (original, variant) {
                        (Err(e), _) => Err(TransformError::Rtl(e.clone())),
                        (_, Err(e)) => Err(TransformError::Unparsable {
                            kind: *kind,
                            error: e.clone(),
                        }),
                        (Ok(o), Ok(v)) => check(*kind, o, v, rw).map(|()| Some(rw.clone())),
                    };
                    (*kind, outcome)
                })
                .collect(),
        })
        .collect()
}
