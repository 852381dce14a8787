//! Many RTL texts at once: cache look-ups first, then the misses parsed in parallel on
//! a rayon pool with deep stacks (sv-parser recurses deeply), results in input order.

use rayon::prelude::*;

use super::behavior::Behavior;
use super::cache::ParseCache;
use super::error::RtlError;
use super::parse::{analyse_wrapped, with_fragment_clock};
use super::source::Wrapped;
use super::stored::Outcome;

/// One RTL text and, for a fragment, the program's clock event.
#[derive(Debug, Clone, Copy)]
pub struct RtlInput<'a> {
    pub source: &'a str,
    pub clock: Option<&'a str>,
}

/// The behaviors of every input, in order, using and filling the cache.
pub fn analyse_many(
    inputs: &[RtlInput<'_>],
    cache: &ParseCache,
) -> Vec<Result<Vec<Behavior>, RtlError>> {
    let run = || {
        inputs
            .par_iter()
            .map(|input| {
                let wrapped = Wrapped::new(input.source);
                let key = cache.dir().map(|_| ParseCache::key(&wrapped.text));
                let outcome: Outcome = match key.as_deref().and_then(|k| cache.get(k)) {
                    Some(hit) => hit,
                    None => {
                        let fresh = analyse_wrapped(&wrapped);
                        if let Some(k) = &key {
                            cache.put(k, &fresh);
                        }
                        fresh
                    }
                };
                outcome.map(|(kind, behaviors)| with_fragment_clock(kind, behaviors, input.clock))
            })
            .collect()
    };
    let out = match rayon::ThreadPoolBuilder::new()
        .stack_size(crate::rtl::stack::STACK_BYTES)
        .start_handler(|_| crate::rtl::stack::mark_deep())
        .build()
    {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    };
    cache.flush();
    out
}
