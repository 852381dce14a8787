//! The noise floor of flips: with several samples per prompt, the **self-flip rate**
//! is the invariance failure of the original against itself across samples. Each
//! (model, program, behavior) with a verdict on sample 0 of the original gives one
//! self pair per further sample k: base = sample 0's verdict, trans = sample k's. They
//! form the pseudo-variant [`SELF_VARIANT`], whose invariance failure L/B is the
//! self-flip rate, with the same program-clustered interval as any condition. Beside
//! it, each transformation's invariance failure minus the self-flip rate, with a
//! program-clustered percentile interval from one bootstrap that draws the same
//! programs for both (the programs that have pairs in both).

use std::collections::BTreeMap;

use rand::Rng;

use super::bootstrap::replicate_rng;
use super::condition::Condition;
use super::counts::Counts;
use super::interval::Interval;
use super::quantile::quantile_sorted;
use super::row::{FilterRow, Observation};

/// The variant name of the self pairs (original sample 0 against original sample k).
pub const SELF_VARIANT: &str = "self";

/// The self pairs of `rows`: one per (model, program, behavior) and sample k > 0 whose
/// sample 0 is known too. The original's verdict of a sample is read from any pair of
/// that sample (every variant's pair carries the same original side).
pub fn self_pairs<R: FilterRow>(rows: &[R]) -> Vec<Observation> {
    type Key<'a> = (&'a str, &'a str, &'a str);
    let mut by_behavior: BTreeMap<Key<'_>, (&str, BTreeMap<u32, bool>)> = BTreeMap::new();
    for r in rows {
        by_behavior
            .entry((r.model(), r.program(), r.behavior()))
            .or_insert_with(|| (r.stratum(), BTreeMap::new()))
            .1
            .entry(r.sample())
            .or_insert(r.base_correct());
    }
    let mut out = Vec::new();
    for ((model, program, behavior), (stratum, samples)) in by_behavior {
        let Some(&first) = samples.get(&0) else {
            continue;
        };
        for (_, &other) in samples.range(1..) {
            out.push(Observation {
                model: model.to_string(),
                variant: SELF_VARIANT.to_string(),
                program: program.to_string(),
                stratum: stratum.to_string(),
                behavior: behavior.to_string(),
                base: first,
                trans: other,
                ..Observation::default()
            });
        }
    }
    out
}

/// One transformation read against its model's self-flip rate.
#[derive(Debug, Clone, PartialEq)]
pub struct AgainstNoise {
    pub model: String,
    pub variant: String,
    /// Invariance failure L/B under the transformation.
    pub invariance_failure: Option<f64>,
    /// The model's self-flip rate (invariance failure of its self pairs).
    pub self_flip: Option<f64>,
    /// The first minus the second.
    pub difference: Option<f64>,
    /// Its program-clustered percentile interval (none without replicates).
    pub interval: Option<Interval>,
    /// Programs with pairs in both (the bootstrap's clusters).
    pub programs: usize,
}

/// Every (model, transformation) against the model's self condition, for the models
/// that have one; `replicates` draws of the programs, seeded like the metrics.
pub fn against_noise(
    conditions: &[Condition],
    replicates: usize,
    seed: u64,
    level: f64,
) -> Vec<AgainstNoise> {
    let mut out = Vec::new();
    for own in conditions.iter().filter(|c| c.variant == SELF_VARIANT) {
        for c in conditions
            .iter()
            .filter(|c| c.model == own.model && c.variant != SELF_VARIANT)
        {
            out.push(against(c, own, replicates, seed, level));
        }
    }
    out
}

fn against(
    c: &Condition,
    own: &Condition,
    replicates: usize,
    seed: u64,
    level: f64,
) -> AgainstNoise {
    let selfs: BTreeMap<&str, Counts> = own
        .programs
        .iter()
        .map(|p| (p.program.as_str(), p.counts))
        .collect();
    let both: Vec<(Counts, Counts)> = c
        .programs
        .iter()
        .filter_map(|p| Some((p.counts, *selfs.get(p.program.as_str())?)))
        .collect();
    let diff = |t: &Counts, s: &Counts| Some(t.invariance_failure()? - s.invariance_failure()?);
    let (t, s) = both
        .iter()
        .fold((Counts::default(), Counts::default()), |(t, s), (a, b)| {
            (t + *a, s + *b)
        });
    let mut values: Vec<f64> = (0..replicates as u64)
        .filter(|_| !both.is_empty())
        .filter_map(|r| {
            let mut rng = replicate_rng(seed, r);
            let (mut t, mut s) = (Counts::default(), Counts::default());
            for _ in 0..both.len() {
                let (a, b) = both[rng.random_range(0..both.len())];
                t += a;
                s += b;
            }
            diff(&t, &s)
        })
        .collect();
    values.sort_by(f64::total_cmp);
    let alpha = (1.0 - level) / 2.0;
    let interval = match (
        quantile_sorted(&values, alpha),
        quantile_sorted(&values, 1.0 - alpha),
    ) {
        (Some(lo), Some(hi)) => Some(Interval { lo, hi }),
        _ => None,
    };
    AgainstNoise {
        model: c.model.clone(),
        variant: c.variant.clone(),
        invariance_failure: t.invariance_failure(),
        self_flip: s.invariance_failure(),
        difference: diff(&t, &s),
        interval,
        programs: both.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::group_conditions;

    fn pair(program: &str, variant: &str, sample: u32, base: bool, trans: bool) -> Sampled {
        Sampled {
            o: Observation {
                model: "m".into(),
                variant: variant.into(),
                program: program.into(),
                stratum: "s".into(),
                behavior: "x=y".into(),
                base,
                trans,
                ..Observation::default()
            },
            sample,
        }
    }

    struct Sampled {
        o: Observation,
        sample: u32,
    }

    impl FilterRow for Sampled {
        fn model(&self) -> &str {
            &self.o.model
        }
        fn variant(&self) -> &str {
            &self.o.variant
        }
        fn program(&self) -> &str {
            &self.o.program
        }
        fn stratum(&self) -> &str {
            &self.o.stratum
        }
        fn behavior(&self) -> &str {
            &self.o.behavior
        }
        fn base_correct(&self) -> bool {
            self.o.base
        }
        fn trans_correct(&self) -> bool {
            self.o.trans
        }
        fn sample(&self) -> u32 {
            self.sample
        }
    }

    #[test]
    fn self_pairs_join_sample_zero_with_each_other_sample() {
        let rows = vec![
            // p1: correct on sample 0, wrong on sample 1, correct on sample 2.
            pair("p1", "T1", 0, true, true),
            pair("p1", "T3", 0, true, false),
            pair("p1", "T1", 1, false, false),
            pair("p1", "T1", 2, true, false),
            // p2: no sample 0, so no self pair.
            pair("p2", "T1", 1, true, true),
        ];
        let selfs = self_pairs(&rows);
        assert_eq!(selfs.len(), 2);
        assert!(selfs.iter().all(|s| s.variant == SELF_VARIANT && s.base));
        assert_eq!(
            selfs.iter().map(|s| s.trans).collect::<Vec<_>>(),
            [false, true]
        );
        // Self-flip 1 of 2; T1 loses 1 of 2 (sample 2); the difference is 0.
        let mut all: Vec<Observation> = rows.iter().map(|r| r.o.clone()).collect();
        all.extend(selfs);
        let conditions = group_conditions(&all);
        let noise = against_noise(&conditions, 200, 0, 0.95);
        let t1 = noise.iter().find(|n| n.variant == "T1").unwrap();
        assert_eq!(t1.self_flip, Some(0.5));
        assert_eq!(t1.programs, 1);
        assert_eq!(t1.invariance_failure, Some(0.5));
        assert_eq!(t1.difference, Some(0.0));
        let i = t1.interval.unwrap();
        assert!(i.lo <= 0.0 && i.hi >= 0.0, "{i:?}");
    }

    #[test]
    fn without_several_samples_there_is_no_noise_floor() {
        let rows = vec![pair("p1", "T1", 0, true, false)];
        assert!(self_pairs(&rows).is_empty());
        let conditions = group_conditions(&rows.iter().map(|r| r.o.clone()).collect::<Vec<_>>());
        assert!(against_noise(&conditions, 10, 0, 0.95).is_empty());
    }
}
