//! The clustered bootstrap of any per-cluster tallies: each replicate resamples the
//! clusters (programs, EquivSVA families) with replacement and sums their tally
//! vectors. Draws come from [`replicate_rng`] exactly as in [`super::bootstrap`]
//! (replicate `r` on stream `r` of the seed, `len` draws of `0..len`), so with the same
//! clusters in the same order a replicate draws the same programs as the pair
//! bootstrap, and the same seed gives the same intervals whatever the threads.

use rand::Rng;
use rayon::prelude::*;

use super::bootstrap::replicate_rng;
use super::interval::Interval;
use super::quantile::quantile_sorted;

/// The tallies of every cluster, all of one width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TallyClusters {
    tallies: Vec<Vec<u64>>,
    width: usize,
}

impl TallyClusters {
    /// Clusters with their tallies (each of `width` numbers).
    pub fn new(tallies: Vec<Vec<u64>>, width: usize) -> Self {
        debug_assert!(tallies.iter().all(|t| t.len() == width));
        Self { tallies, width }
    }

    pub fn len(&self) -> usize {
        self.tallies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tallies.is_empty()
    }

    /// The sum over every cluster (the point estimate's tallies).
    pub fn total(&self) -> Vec<u64> {
        let mut acc = vec![0; self.width];
        for t in &self.tallies {
            for (a, x) in acc.iter_mut().zip(t) {
                *a += x;
            }
        }
        acc
    }

    /// The summed tallies of replicate `replicate`.
    pub fn replicate(&self, seed: u64, replicate: u64) -> Vec<u64> {
        let mut rng = replicate_rng(seed, replicate);
        let mut acc = vec![0; self.width];
        let len = self.tallies.len();
        let bound = u32::try_from(len).expect("fewer than 2^32 clusters");
        for _ in 0..len {
            let t = &self.tallies[rng.random_range(0..bound) as usize];
            for (a, x) in acc.iter_mut().zip(t) {
                *a += x;
            }
        }
        acc
    }

    /// All replicates in index order, computed in parallel.
    pub fn replicates(&self, seed: u64, replicates: usize) -> Vec<Vec<u64>> {
        if self.tallies.is_empty() {
            return Vec::new();
        }
        (0..replicates as u64)
            .into_par_iter()
            .map(|r| self.replicate(seed, r))
            .collect()
    }
}

/// The percentile interval at `level` of a statistic over replicates; replicates where
/// it is undefined are left out. `None` when no replicate defines it.
pub fn percentile_interval(
    replicates: &[Vec<u64>],
    level: f64,
    statistic: impl Fn(&[u64]) -> Option<f64>,
) -> Option<Interval> {
    let mut values: Vec<f64> = replicates.iter().filter_map(|r| statistic(r)).collect();
    values.sort_by(f64::total_cmp);
    // Rounded as in `interval.rs` so that 0.95 gives exactly 0.025 and 0.975.
    let alpha = (((1.0 - level) * 1e12).round() / 1e12).clamp(0.0, 1.0);
    Some(Interval {
        lo: quantile_sorted(&values, alpha / 2.0)?,
        hi: quantile_sorted(&values, 1.0 - alpha / 2.0)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::bootstrap::Clusters;
    use crate::stats::condition::group_conditions;
    use crate::stats::row::Observation;

    #[test]
    fn replicates_draw_the_same_clusters_as_the_pair_bootstrap() {
        let rows: Vec<Observation> = (0..9)
            .flat_map(|p| {
                (0..(p % 3 + 1)).map(move |b| Observation {
                    model: "m".into(),
                    variant: "T1".into(),
                    program: format!("p{p}"),
                    stratum: "s".into(),
                    behavior: format!("b{b}"),
                    base: (p + b) % 2 == 0,
                    trans: p % 3 == 0,
                    ..Default::default()
                })
            })
            .collect();
        let condition = &group_conditions(&rows)[0];
        let pairs = Clusters::new(condition, false);
        let tallies = TallyClusters::new(
            condition
                .programs
                .iter()
                .map(|p| vec![p.counts.n, p.counts.b, p.counts.l, p.counts.g])
                .collect(),
            4,
        );
        for r in 0..50 {
            let c = pairs.replicate(11, r);
            assert_eq!(
                tallies.replicate(11, r),
                vec![c.n, c.b, c.l, c.g],
                "replicate {r}"
            );
        }
        assert_eq!(tallies.total()[0], rows.len() as u64);
    }

    #[test]
    fn intervals_cover_the_estimate_and_skip_undefined_replicates() {
        let t = TallyClusters::new((0..20).map(|i| vec![u64::from(i % 4 == 0), 1]).collect(), 2);
        let reps = t.replicates(3, 400);
        let rate = |r: &[u64]| (r[1] > 0).then(|| r[0] as f64 / r[1] as f64);
        let i = percentile_interval(&reps, 0.95, rate).unwrap();
        assert!(i.lo <= 0.25 && 0.25 <= i.hi && i.lo < i.hi, "{i:?}");
        assert_eq!(percentile_interval(&reps, 0.95, |_| None), None);
        assert!(TallyClusters::new(vec![], 2).replicates(0, 10).is_empty());
    }
}
