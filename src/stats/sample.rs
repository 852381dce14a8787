//! Audit samples: a seeded random sample of `k` correct-to-wrong (`CW`) pairs per
//! condition (model, variant), as the paper read 5 per condition.
//!
//! Each candidate's rank is the SHA-256 of (seed, model, variant, program, behavior);
//! a condition's sample is its `k` lowest ranks, in rank order. So the sample depends
//! only on the seed and the set of pairs: not on input order, not on other conditions,
//! not on the `rand` crate's version; and the first `j` of a `k`-sample are the
//! `j`-sample.

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::row::FilterRow;
use crate::study::PairKey;

/// One sampled pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SampledPair {
    /// The pair (its model and variant are the condition).
    #[serde(flatten)]
    pub key: PairKey,
    /// 1-based position within its condition's sample.
    pub rank: usize,
    /// The row's index in the slice given to [`audit_sample`].
    #[serde(skip)]
    pub index: usize,
}

/// The rank of a pair under a seed (lower is drawn first).
fn draw(seed: u64, key: &PairKey) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"flipscope-sample-v1");
    h.update(seed.to_le_bytes());
    for part in [&key.model, &key.variant, &key.program, &key.behavior] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.finalize().into()
}

/// Draws up to `k` `CW` pairs per (model, variant) from `rows`; conditions in
/// (model, variant) order, each condition's pairs in draw order. A pair key given
/// twice is drawn once.
pub fn audit_sample<R: FilterRow>(rows: &[R], k: usize, seed: u64) -> Vec<SampledPair> {
    let mut candidates: Vec<([u8; 32], PairKey, usize)> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.flip() == "CW")
        .map(|(i, r)| {
            let key = PairKey {
                model: r.model().to_string(),
                variant: r.variant().to_string(),
                program: r.program().to_string(),
                behavior: r.behavior().to_string(),
                sample: r.sample(),
            };
            (draw(seed, &key), key, i)
        })
        .collect();
    candidates.sort_by(|a, b| {
        (&a.1.model, &a.1.variant, &a.0, &a.1, a.2).cmp(&(
            &b.1.model,
            &b.1.variant,
            &b.0,
            &b.1,
            b.2,
        ))
    });
    candidates.dedup_by(|a, b| a.1 == b.1);
    let mut out: Vec<SampledPair> = Vec::new();
    for (_, key, index) in candidates {
        let rank = match out.last() {
            Some(last) if last.key.model == key.model && last.key.variant == key.variant => {
                last.rank + 1
            }
            _ => 1,
        };
        if rank <= k {
            out.push(SampledPair { key, rank, index });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Observation;

    fn rows() -> Vec<Observation> {
        let mut rows = Vec::new();
        for model in ["a", "b"] {
            for variant in ["T1", "T2"] {
                for p in 0..12 {
                    rows.push(Observation {
                        model: model.into(),
                        variant: variant.into(),
                        program: format!("p{p:02}"),
                        stratum: "s".into(),
                        behavior: "x=y".into(),
                        base: true,
                        trans: p % 3 == 0, // p00, p03, p06, p09 stay correct
                        ..Observation::default()
                    });
                }
            }
        }
        rows
    }

    fn keys(s: &[SampledPair]) -> Vec<String> {
        s.iter().map(|p| p.key.to_string()).collect()
    }

    #[test]
    fn k_cw_pairs_per_condition_in_condition_order() {
        let rows = rows();
        let s = audit_sample(&rows, 5, 1);
        assert_eq!(s.len(), 20);
        for (i, chunk) in s.chunks(5).enumerate() {
            let (m, v) = (&chunk[0].key.model, &chunk[0].key.variant);
            assert_eq!(
                (m.as_str(), v.as_str()),
                [("a", "T1"), ("a", "T2"), ("b", "T1"), ("b", "T2")][i]
            );
            assert!(
                chunk
                    .iter()
                    .all(|p| &p.key.model == m && &p.key.variant == v)
            );
            assert_eq!(
                chunk.iter().map(|p| p.rank).collect::<Vec<_>>(),
                [1, 2, 3, 4, 5]
            );
            assert!(chunk.iter().all(|p| rows[p.index].flip() == "CW"));
        }
        // Fewer candidates than k: all of them.
        assert_eq!(audit_sample(&rows, 100, 1).len(), 4 * 8);
        assert!(audit_sample(&rows, 0, 1).is_empty());
    }

    #[test]
    fn same_seed_same_sample_whatever_the_order() {
        let rows = rows();
        let mut reversed = rows.clone();
        reversed.reverse();
        let a = audit_sample(&rows, 5, 42);
        assert_eq!(keys(&a), keys(&audit_sample(&reversed, 5, 42)));
        assert_ne!(
            keys(&a),
            keys(&audit_sample(&rows, 5, 43)),
            "the seed matters"
        );
        // A prefix of a larger sample.
        let big = audit_sample(&rows, 7, 42);
        let big_prefix: Vec<_> = big.iter().filter(|p| p.rank <= 5).cloned().collect();
        assert_eq!(keys(&a), keys(&big_prefix));
        // Other conditions do not change a condition's sample.
        let only_a_t1: Vec<_> = rows
            .iter()
            .filter(|r| r.model == "a" && r.variant == "T1")
            .cloned()
            .collect();
        assert_eq!(keys(&audit_sample(&only_a_t1, 5, 42)), keys(&a[..5]));
    }

    proptest::proptest! {
        #[test]
        fn any_order_gives_the_same_sample(seed in 0u64..1000, k in 0usize..10, order in proptest::collection::vec(0usize..1000, 48)) {
            let rows = rows();
            let mut shuffled: Vec<(usize, Observation)> = order.into_iter().zip(rows.iter().cloned()).collect();
            shuffled.sort_by_key(|(o, _)| *o);
            let shuffled: Vec<Observation> = shuffled.into_iter().map(|(_, r)| r).collect();
            let a = audit_sample(&rows, k, seed);
            let b = audit_sample(&shuffled, k, seed);
            proptest::prop_assert_eq!(keys(&a), keys(&b));
            proptest::prop_assert!(b.iter().all(|p| shuffled[p.index].flip() == "CW" && p.rank <= k));
        }
    }
}
