//! The replicates of several conditions at once, per condition in index order, equal
//! to calling [`Clusters::replicates`] on each, only faster:
//!
//! - conditions whose strata have the same sizes draw the same programs in a
//!   replicate (a paired bootstrap), so the draws are made once per replicate for
//!   each such layout, in bulk (`super::draws`);
//! - the (N, B, L, G) of every condition of a layout sit side by side in one row per
//!   program, so a draw adds one row of 32-bit lanes, eight at a time, whatever the
//!   number of conditions (64-bit sums when a replicate's sums could pass 2^32).

use rayon::prelude::*;

use super::bootstrap::{Clusters, replicate_rng};
use super::counts::Counts;
use super::draws::{DrawBuffers, draw_into, start_stream};

/// Lanes added at a time.
const LANES: usize = 8;

/// The conditions that share one layout of strata, their tallies packed by program.
struct Layout<'a> {
    strata: &'a [(usize, usize)],
    members: Vec<usize>,
    /// Per program, `rows` lanes: (N, B, L, G) of each member in turn, zero-padded.
    packed: Vec<[u32; LANES]>,
    rows: usize,
    /// Whether every replicate's sums fit 32 bits.
    narrow: bool,
}

impl<'a> Layout<'a> {
    fn new(clusters: &'a [Clusters], strata: &'a [(usize, usize)], members: Vec<usize>) -> Self {
        let programs = clusters[members[0]].tallies.len();
        let rows = (members.len() * 4).div_ceil(LANES);
        let mut packed = vec![[0u32; LANES]; programs * rows];
        let mut largest = 0u64;
        for (k, &m) in members.iter().enumerate() {
            for (p, t) in clusters[m].tallies.iter().enumerate() {
                for (j, &x) in t.iter().enumerate() {
                    let lane = k * 4 + j;
                    packed[p * rows + lane / LANES][lane % LANES] = x;
                    largest = largest.max(u64::from(x));
                }
            }
        }
        let draws = strata.iter().map(|&(_, len)| len as u64).sum::<u64>();
        Self {
            strata,
            members,
            packed,
            rows,
            narrow: largest.saturating_mul(draws) <= u64::from(u32::MAX),
        }
    }

    /// Replicate `r` of every member, into `out`.
    fn replicate(&self, seed: u64, r: u64, scratch: &mut Scratch, out: &mut [Counts]) {
        let mut rng = replicate_rng(seed, r);
        start_stream(&mut scratch.buffers);
        scratch.draws.clear();
        for &(start, len) in self.strata {
            let bound = u32::try_from(len).expect("fewer than 2^32 programs");
            let offset = u32::try_from(start).expect("fewer than 2^32 programs");
            draw_into(
                &mut rng,
                &mut scratch.buffers,
                bound,
                offset,
                len,
                &mut scratch.draws,
            );
        }
        let draws = &scratch.draws;
        let sums: Vec<u64> = if self.narrow {
            // The sums held in registers: a width known to the compiler.
            match self.rows {
                1 => sum_rows::<1>(&self.packed, draws),
                2 => sum_rows::<2>(&self.packed, draws),
                3 => sum_rows::<3>(&self.packed, draws),
                4 => sum_rows::<4>(&self.packed, draws),
                _ => {
                    let mut acc = vec![[0u32; LANES]; self.rows];
                    for &d in draws {
                        let row = &self.packed[d as usize * self.rows..][..self.rows];
                        for (a, x) in acc.iter_mut().zip(row) {
                            add(a, x);
                        }
                    }
                    acc.iter().flatten().map(|&x| u64::from(x)).collect()
                }
            }
        } else {
            let mut acc = vec![0u64; self.rows * LANES];
            for &d in draws {
                let row = &self.packed[d as usize * self.rows..][..self.rows];
                for (a, &x) in acc.iter_mut().zip(row.iter().flatten()) {
                    *a += u64::from(x);
                }
            }
            acc
        };
        for (k, &m) in self.members.iter().enumerate() {
            let s = &sums[k * 4..k * 4 + 4];
            out[m] = Counts::from_nblg(s[0], s[1], s[2], s[3]);
        }
    }
}

/// The sums of the rows drawn, `R` rows of lanes per program. Not inlined: inlined
/// into the replicate loop, its sums were spilled to the stack and added one lane at
/// a time (five times slower, measured on 900k pairs).
#[inline(never)]
fn sum_rows<const R: usize>(packed: &[[u32; LANES]], draws: &[u32]) -> Vec<u64> {
    let (programs, _) = packed.as_chunks::<R>();
    let mut acc = [[0u32; LANES]; R];
    for &d in draws {
        for (a, x) in acc.iter_mut().zip(&programs[d as usize]) {
            add(a, x);
        }
    }
    acc.iter().flatten().map(|&x| u64::from(x)).collect()
}

fn add(acc: &mut [u32; LANES], row: &[u32; LANES]) {
    for (a, x) in acc.iter_mut().zip(row) {
        *a += x;
    }
}

/// Buffers reused from one replicate to the next on a thread.
#[derive(Default)]
struct Scratch {
    buffers: DrawBuffers,
    draws: Vec<u32>,
}

/// The replicates of every condition, per condition in index order.
pub fn joint_replicates(clusters: &[Clusters], seed: u64, replicates: usize) -> Vec<Vec<Counts>> {
    // (strata layout, the conditions that have it)
    type Groups<'a> = Vec<(&'a [(usize, usize)], Vec<usize>)>;
    let mut groups: Groups = Vec::new();
    for (i, c) in clusters.iter().enumerate() {
        match groups
            .iter_mut()
            .find(|(strata, _)| *strata == c.strata.as_slice())
        {
            Some((_, members)) => members.push(i),
            None => groups.push((&c.strata, vec![i])),
        }
    }
    let layouts: Vec<Layout> = groups
        .into_iter()
        .map(|(strata, members)| Layout::new(clusters, strata, members))
        .collect();
    let by_replicate: Vec<Vec<Counts>> = (0..replicates as u64)
        .into_par_iter()
        .map_init(Scratch::default, |scratch, r| {
            let mut out = vec![Counts::default(); clusters.len()];
            for layout in &layouts {
                layout.replicate(seed, r, scratch, &mut out);
            }
            out
        })
        .collect();
    let mut per_condition: Vec<Vec<Counts>> = vec![Vec::with_capacity(replicates); clusters.len()];
    for replicate in by_replicate {
        for (column, counts) in per_condition.iter_mut().zip(replicate) {
            column.push(counts);
        }
    }
    per_condition
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::bootstrap::tests::rows;
    use crate::stats::condition::group_conditions;
    use crate::stats::row::Observation;

    #[test]
    fn joint_replicates_equal_separate_ones() {
        let mut all = rows(20, 4);
        all.extend(rows(20, 5).into_iter().map(|o| Observation {
            variant: "T3".into(),
            ..o
        }));
        all.extend(rows(9, 6).into_iter().map(|o| Observation {
            model: "z".into(),
            ..o
        }));
        // Six conditions over the same 20 programs: one set of draws for all six.
        for (seed, variant) in [(7, "T4"), (8, "T5"), (9, "T6"), (10, "T7")] {
            all.extend(rows(20, seed).into_iter().map(|o| Observation {
                variant: variant.into(),
                ..o
            }));
        }
        let conditions = group_conditions(&all);
        assert_eq!(conditions.len(), 7);
        for stratified in [false, true] {
            let clusters: Vec<Clusters> = conditions
                .iter()
                .map(|c| Clusters::new(c, stratified))
                .collect();
            let joint = joint_replicates(&clusters, 3, 150);
            for (c, j) in clusters.iter().zip(&joint) {
                assert_eq!(&c.replicates(3, 150), j);
            }
        }
    }

    #[test]
    fn sums_past_32_bits_are_added_in_64() {
        let clusters = [Clusters {
            tallies: (0..6u32).map(|i| [u32::MAX - i, 7, i, 1]).collect(),
            strata: vec![(0, 6)],
        }];
        let layout = Layout::new(&clusters, &clusters[0].strata, vec![0]);
        assert!(!layout.narrow);
        assert_eq!(
            joint_replicates(&clusters, 5, 40)[0],
            clusters[0].replicates(5, 40)
        );
    }

    #[test]
    fn any_number_of_conditions_sums_as_each_alone() {
        // 1 to 10 conditions on one layout: one to five rows of lanes per program.
        for members in 1..=10u32 {
            let clusters: Vec<Clusters> = (0..members)
                .map(|m| Clusters {
                    tallies: (0..13u32)
                        .map(|p| [p % 5 + m + 8, p % 3 + 1, p % 2, (p + m) % 4])
                        .collect(),
                    strata: vec![(0, 6), (6, 7)],
                })
                .collect();
            let joint = joint_replicates(&clusters, 21, 30);
            for (c, j) in clusters.iter().zip(&joint) {
                assert_eq!(&c.replicates(21, 30), j, "{members} conditions");
            }
        }
    }
}
