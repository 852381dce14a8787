//! Program-clustered bootstrap: each replicate resamples the programs of a condition
//! with replacement (within strata when asked) and sums their pre-aggregated counts.
//!
//! Determinism: replicate `r` draws from `ChaCha8Rng::seed_from_u64(seed)` on stream
//! `r`, so its draws depend only on (seed, r), never on the thread that ran it, and the
//! replicates are collected in index order. The same seed gives the same intervals
//! whatever the number of threads. Conditions over the same programs get the same
//! draws in a replicate (a paired bootstrap across conditions).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::condition::Condition;
use super::counts::Counts;

/// The random number generator of one replicate.
pub fn replicate_rng(seed: u64, replicate: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(replicate);
    rng
}

/// A condition's programs laid out for fast resampling: (N, B, L, G) per program,
/// strata as contiguous runs (a single run when not stratified).
#[derive(Debug, Clone)]
pub struct Clusters {
    pub(super) tallies: Vec<[u32; 4]>,
    /// (start, length) of each stratum, strata in name order, programs in id order.
    pub(super) strata: Vec<(usize, usize)>,
}

impl Clusters {
    pub fn new(condition: &Condition, stratified: bool) -> Self {
        let mut order: Vec<usize> = (0..condition.programs.len()).collect();
        if stratified {
            // Stable: programs stay in id order within a stratum.
            order.sort_by(|&a, &b| {
                condition.programs[a]
                    .stratum
                    .cmp(&condition.programs[b].stratum)
            });
        }
        let small = |x: u64| u32::try_from(x).unwrap_or(u32::MAX);
        let tallies = order
            .iter()
            .map(|&i| {
                let c = condition.programs[i].counts;
                [small(c.n), small(c.b), small(c.l), small(c.g)]
            })
            .collect();
        let stratum = |pos: usize| &condition.programs[order[pos]].stratum;
        let mut strata: Vec<(usize, usize)> = Vec::new();
        for pos in 0..order.len() {
            match strata.last_mut() {
                Some((_, len)) if !stratified || stratum(pos - 1) == stratum(pos) => *len += 1,
                _ => strata.push((pos, 1)),
            }
        }
        Self { tallies, strata }
    }

    /// The number of programs.
    pub fn len(&self) -> usize {
        self.tallies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tallies.is_empty()
    }

    /// The summed counts of replicate `replicate`: as many draws with replacement from
    /// each stratum as it has programs.
    pub fn replicate(&self, seed: u64, replicate: u64) -> Counts {
        let mut rng = replicate_rng(seed, replicate);
        let mut acc = [0u64; 4];
        for &(start, len) in &self.strata {
            let run = &self.tallies[start..start + len];
            let bound = u32::try_from(len).expect("fewer than 2^32 programs");
            for _ in 0..len {
                let t = run[rng.random_range(0..bound) as usize];
                for (a, &x) in acc.iter_mut().zip(&t) {
                    *a += u64::from(x);
                }
            }
        }
        Counts::from_nblg(acc[0], acc[1], acc[2], acc[3])
    }

    /// All replicates in index order, computed in parallel.
    pub fn replicates(&self, seed: u64, replicates: usize) -> Vec<Counts> {
        (0..replicates as u64)
            .into_par_iter()
            .map(|r| self.replicate(seed, r))
            .collect()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::stats::condition::group_conditions;
    use crate::stats::row::{FilterRow, Observation};

    pub(crate) fn rows(programs: usize, seed: u64) -> Vec<Observation> {
        let mut rng = replicate_rng(seed, 999);
        let mut out = Vec::new();
        for p in 0..programs {
            for b in 0..rng.random_range(1..12u32) {
                out.push(Observation {
                    model: "m".into(),
                    variant: "T2".into(),
                    program: format!("p{p:03}"),
                    stratum: ["nested-if/async", "if-else/sync", "x"][p % 3].into(),
                    behavior: format!("x{b}=y"),
                    base: rng.random_bool(0.55),
                    trans: rng.random_bool(0.6),
                    ..Default::default()
                });
            }
        }
        out
    }

    /// The straightforward reference: draw programs by name, then count their pairs
    /// one by one.
    fn naive_replicate(rows: &[Observation], stratified: bool, seed: u64, r: u64) -> Counts {
        let mut names: Vec<(String, String)> = rows
            .iter()
            .map(|o| (o.stratum.clone(), o.program.clone()))
            .collect();
        names.sort_by(|a, b| a.1.cmp(&b.1));
        names.dedup_by(|a, b| a.1 == b.1);
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for (stratum, program) in names {
            let key = if stratified { stratum } else { String::new() };
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.1.push(program),
                None => groups.push((key, vec![program])),
            }
        }
        groups.sort_by(|a, b| a.0.cmp(&b.0));
        let mut rng = replicate_rng(seed, r);
        let mut counts = Counts::default();
        for (_, programs) in &groups {
            for _ in 0..programs.len() {
                let chosen = &programs[rng.random_range(0..programs.len() as u32) as usize];
                for o in rows.iter().filter(|o| &o.program == chosen) {
                    counts.add_pair(o.base_correct(), o.trans_correct());
                }
            }
        }
        counts
    }

    #[test]
    fn replicates_equal_the_naive_resampling_loop() {
        let rows = rows(17, 3);
        let cond = &group_conditions(&rows)[0];
        for stratified in [false, true] {
            let clusters = Clusters::new(cond, stratified);
            let fast = clusters.replicates(42, 200);
            for (r, c) in fast.iter().enumerate() {
                assert_eq!(
                    *c,
                    naive_replicate(&rows, stratified, 42, r as u64),
                    "replicate {r}"
                );
            }
        }
    }

    #[test]
    fn stratified_replicates_keep_stratum_sizes() {
        let rows = rows(12, 5);
        let cond = &group_conditions(&rows)[0];
        let clusters = Clusters::new(cond, true);
        assert_eq!(clusters.strata, vec![(0, 4), (4, 4), (8, 4)]);
        assert_eq!(Clusters::new(cond, false).strata, vec![(0, 12)]);
    }

    #[test]
    fn same_seed_same_replicates_with_one_or_two_threads() {
        let rows = rows(30, 1);
        let cond = &group_conditions(&rows)[0];
        let clusters = Clusters::new(cond, false);
        let run = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| clusters.replicates(7, 500))
        };
        assert_eq!(run(1), run(2));
        assert_ne!(clusters.replicates(7, 50), clusters.replicates(8, 50));
    }
}
