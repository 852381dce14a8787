//! P, C and E per (model, shots): the mean of each over the designs' cells, with a
//! percentile interval from a design-clustered bootstrap (designs are drawn with
//! replacement, each bringing all its cells of the group; within their groups when
//! stratified). Replicate `r` draws from the seeded stream `r` of the pair metrics'
//! bootstrap, so the same seed gives the same intervals on any machine.

use std::collections::BTreeMap;

use rand::Rng;
use rayon::prelude::*;

use super::tally::RunTally;
use crate::stats::bootstrap::replicate_rng;
use crate::stats::interval::{BootstrapConfig, Interval};
use crate::stats::quantile::quantile_sorted;

/// A mean with its interval (none without replicates or cells).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub interval: Option<Interval>,
}

/// The summary of one (model, shots) group.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupSummary {
    pub model: String,
    pub shots: Option<u32>,
    /// Designs with a counted cell.
    pub designs: usize,
    /// Cells counted (one per design unless a filter merges shot counts).
    pub cells: usize,
    pub assertions: u64,
    pub proven: u64,
    pub cex: u64,
    /// Cells that failed whole (E = 1).
    pub errors: u64,
    pub p: Estimate,
    pub c: Estimate,
    pub e: Estimate,
}

/// Per design: its cells' (P, C, E) sums and count, and its group for stratifying.
struct Cluster<'a> {
    stratum: &'a str,
    sums: [f64; 3],
    cells: u32,
}

/// The groups of the counted cells, in (model, shots) order.
pub fn summarise(tallies: &[&RunTally], config: &BootstrapConfig) -> Vec<GroupSummary> {
    let mut groups: BTreeMap<(&str, Option<u32>), Vec<&RunTally>> = BTreeMap::new();
    for t in tallies.iter().filter(|t| t.counts()) {
        groups.entry((&t.model, t.shots)).or_default().push(t);
    }
    groups
        .into_iter()
        .map(|((model, shots), cells)| group(model, shots, &cells, config))
        .collect()
}

fn group(
    model: &str,
    shots: Option<u32>,
    cells: &[&RunTally],
    config: &BootstrapConfig,
) -> GroupSummary {
    let mut by_design: BTreeMap<&str, Cluster> = BTreeMap::new();
    for t in cells {
        let c = by_design.entry(&t.design).or_insert(Cluster {
            stratum: &t.group,
            sums: [0.0; 3],
            cells: 0,
        });
        c.sums[0] += t.p();
        c.sums[1] += t.c();
        c.sums[2] += t.e();
        c.cells += 1;
    }
    let mut clusters: Vec<Cluster> = by_design.into_values().collect();
    if config.stratified {
        // Stable: designs stay in id order within a group.
        clusters.sort_by(|a, b| a.stratum.cmp(b.stratum));
    }
    let mean = |i: usize| {
        let (s, n) = clusters
            .iter()
            .fold((0.0, 0u32), |(s, n), c| (s + c.sums[i], n + c.cells));
        if n == 0 { 0.0 } else { s / f64::from(n) }
    };
    let intervals = intervals(&clusters, config);
    let estimate = |i: usize| Estimate {
        value: mean(i),
        interval: intervals.map(|iv| iv[i]),
    };
    GroupSummary {
        model: model.to_string(),
        shots,
        designs: clusters.len(),
        cells: cells.len(),
        assertions: cells.iter().map(|t| t.assertions).sum(),
        proven: cells.iter().map(|t| t.proven).sum(),
        cex: cells.iter().map(|t| t.cex).sum(),
        errors: cells.iter().filter(|t| t.outcome.is_error()).count() as u64,
        p: estimate(0),
        c: estimate(1),
        e: estimate(2),
    }
}

/// Percentile intervals of the three means, or `None` without replicates or designs.
fn intervals(clusters: &[Cluster], config: &BootstrapConfig) -> Option<[Interval; 3]> {
    if config.replicates == 0 || clusters.is_empty() {
        return None;
    }
    // Strata as contiguous runs (one run when not stratified).
    let mut strata: Vec<(usize, usize)> = Vec::new();
    for (i, c) in clusters.iter().enumerate() {
        match strata.last_mut() {
            Some((_, len)) if !config.stratified || clusters[i - 1].stratum == c.stratum => {
                *len += 1
            }
            _ => strata.push((i, 1)),
        }
    }
    let replicates: Vec<[f64; 3]> = (0..config.replicates as u64)
        .into_par_iter()
        .map(|r| {
            let mut rng = replicate_rng(config.seed, r);
            let mut sums = [0.0f64; 3];
            let mut n = 0u32;
            for &(start, len) in &strata {
                for _ in 0..len {
                    let c = &clusters[start + rng.random_range(0..len)];
                    for (s, x) in sums.iter_mut().zip(c.sums) {
                        *s += x;
                    }
                    n += c.cells;
                }
            }
            sums.map(|s| s / f64::from(n.max(1)))
        })
        .collect();
    let alpha = (1.0 - config.level) / 2.0;
    let interval = |i: usize| {
        let mut v: Vec<f64> = replicates.iter().map(|r| r[i]).collect();
        v.sort_by(f64::total_cmp);
        Interval {
            lo: quantile_sorted(&v, alpha).unwrap_or(f64::NAN),
            hi: quantile_sorted(&v, 1.0 - alpha).unwrap_or(f64::NAN),
        }
    };
    Some([interval(0), interval(1), interval(2)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::RunOutcome;

    fn cell(design: &str, shots: u32, outcome: RunOutcome, n: u64, p: u64, c: u64) -> RunTally {
        RunTally {
            design: design.into(),
            top: design.into(),
            group: if design < "m" { "a".into() } else { "z".into() },
            model: "gpt-4o".into(),
            shots: Some(shots),
            outcome,
            assertions: n,
            proven: p,
            cex: c,
        }
    }

    #[test]
    fn means_over_designs_with_intervals_that_hold_them() {
        let cells = [
            cell("a", 1, RunOutcome::Ok, 4, 4, 0),
            cell("b", 1, RunOutcome::Ok, 2, 0, 2),
            cell("c", 1, RunOutcome::Syntax, 0, 0, 0),
            cell("d", 1, RunOutcome::Nolog, 0, 0, 0),
            cell("x", 5, RunOutcome::Ok, 10, 5, 5),
        ];
        let refs: Vec<&RunTally> = cells.iter().collect();
        let config = BootstrapConfig {
            replicates: 2000,
            ..BootstrapConfig::default()
        };
        let s = summarise(&refs, &config);
        assert_eq!(s.len(), 2);
        let one = &s[0];
        assert_eq!(
            (one.designs, one.assertions, one.proven, one.cex, one.errors),
            (3, 6, 4, 2, 1)
        );
        assert!((one.p.value - 1.0 / 3.0).abs() < 1e-12);
        assert!((one.c.value - 1.0 / 3.0).abs() < 1e-12);
        assert!((one.e.value - 1.0 / 3.0).abs() < 1e-12);
        for e in [one.p, one.c, one.e] {
            let i = e.interval.unwrap();
            assert!(
                i.lo <= e.value && e.value <= i.hi && i.lo >= 0.0 && i.hi <= 1.0,
                "{i:?}"
            );
            assert!(i.hi > i.lo);
        }
        // One design: every replicate draws it, the interval is a point.
        let five = &s[1];
        assert_eq!(five.p.interval, Some(Interval { lo: 0.5, hi: 0.5 }));
        // The same seed gives the same intervals; no replicates gives none.
        assert_eq!(summarise(&refs, &config), s);
        let none = BootstrapConfig {
            replicates: 0,
            ..config
        };
        assert!(summarise(&refs, &none)[0].p.interval.is_none());
    }

    #[test]
    fn a_design_with_two_cells_is_drawn_whole() {
        // With shots merged (a filter over model only would not merge groups, but a
        // caller may give cells of one group twice): a design's cells stay together.
        let cells = [
            cell("a", 1, RunOutcome::Ok, 2, 2, 0),
            cell("a", 1, RunOutcome::Ok, 2, 0, 2),
        ];
        let refs: Vec<&RunTally> = cells.iter().collect();
        let s = summarise(
            &refs,
            &BootstrapConfig {
                replicates: 100,
                ..BootstrapConfig::default()
            },
        );
        assert_eq!((s[0].designs, s[0].cells), (1, 2));
        assert_eq!(s[0].p.interval, Some(Interval { lo: 0.5, hi: 0.5 }));
        let stratified = BootstrapConfig {
            replicates: 100,
            stratified: true,
            ..BootstrapConfig::default()
        };
        assert_eq!(summarise(&refs, &stratified)[0].p.value, 0.5);
    }
}
