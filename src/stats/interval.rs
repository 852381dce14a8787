//! 95% (or any level) intervals of every metric of a condition from its bootstrap
//! replicates: percentile or BCa. Replicates where a ratio is undefined (B = 0 for
//! R/B and L/B) are left out of that ratio's interval and counted.

use super::bootstrap::Clusters;
use super::condition::Condition;
use super::counts::{Counts, Metric};
use super::joint::joint_replicates;
use super::normal;
use super::quantile::quantile_sorted;
use rayon::prelude::*;

/// How an interval is read off the replicates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IntervalMethod {
    /// The α/2 and 1-α/2 quantiles of the replicates.
    #[default]
    Percentile,
    /// Bias-corrected and accelerated (Efron 1987), acceleration from the
    /// leave-one-program-out jackknife.
    Bca,
}

impl IntervalMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            IntervalMethod::Percentile => "percentile",
            IntervalMethod::Bca => "bca",
        }
    }
}

/// Settings of the bootstrap.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BootstrapConfig {
    pub replicates: usize,
    pub seed: u64,
    /// Resample programs within their strata.
    pub stratified: bool,
    pub method: IntervalMethod,
    /// Coverage, e.g. 0.95.
    pub level: f64,
}

impl Default for BootstrapConfig {
    fn default() -> Self {
        Self {
            replicates: 10_000,
            seed: 0,
            stratified: false,
            method: IntervalMethod::Percentile,
            level: 0.95,
        }
    }
}

/// A closed interval [lo, hi].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub lo: f64,
    pub hi: f64,
}

/// The intervals of every metric of one condition.
#[derive(Debug, Clone, PartialEq)]
pub struct Intervals {
    /// In the order of [`Metric::ALL`]; `None` when no replicate defines the metric.
    pub by_metric: [Option<Interval>; 6],
    /// Replicates where B = 0, left out of the intervals of R/B and L/B.
    pub left_out: usize,
}

impl Intervals {
    pub fn get(&self, metric: Metric) -> Option<Interval> {
        let i = Metric::ALL.iter().position(|&m| m == metric).unwrap_or(0);
        self.by_metric[i]
    }
}

/// Bootstraps one condition.
pub fn intervals(condition: &Condition, config: &BootstrapConfig) -> Intervals {
    intervals_all(std::slice::from_ref(condition), config).remove(0)
}

/// Bootstraps several conditions (sharing the draws of conditions with the same
/// layout); the result for each is the same as [`intervals`] on it alone.
pub fn intervals_all(conditions: &[Condition], config: &BootstrapConfig) -> Vec<Intervals> {
    let clusters: Vec<Clusters> = conditions
        .iter()
        .map(|c| Clusters::new(c, config.stratified))
        .collect();
    let replicates = joint_replicates(&clusters, config.seed, config.replicates);
    conditions
        .par_iter()
        .zip(replicates)
        .map(|(condition, replicates)| {
            if condition.programs.is_empty() || replicates.is_empty() {
                Intervals {
                    by_metric: [None; 6],
                    left_out: 0,
                }
            } else {
                intervals_from_replicates(condition, &replicates, config)
            }
        })
        .collect()
}

/// The intervals from replicates already drawn (kept separate for testing).
pub fn intervals_from_replicates(
    condition: &Condition,
    replicates: &[Counts],
    config: &BootstrapConfig,
) -> Intervals {
    let left_out = replicates.iter().filter(|c| c.b == 0).count();
    // Rounded so that a level of 0.95 gives exactly the quantiles 0.025 and 0.975
    // (1.0 - 0.95 is 0.05000000000000004 in binary floating point).
    let alpha = (((1.0 - config.level) * 1e12).round() / 1e12).clamp(0.0, 1.0);
    let mut by_metric = [None; 6];
    let mut values = Vec::with_capacity(replicates.len());
    for (slot, metric) in by_metric.iter_mut().zip(Metric::ALL) {
        values.clear();
        values.extend(replicates.iter().filter_map(|c| metric.value(c)));
        values.sort_by(f64::total_cmp);
        let (p_lo, p_hi) = match config.method {
            IntervalMethod::Percentile => (alpha / 2.0, 1.0 - alpha / 2.0),
            IntervalMethod::Bca => match bca_levels(condition, metric, &values, alpha) {
                Some(levels) => levels,
                None => continue,
            },
        };
        if let (Some(lo), Some(hi)) = (
            quantile_sorted(&values, p_lo),
            quantile_sorted(&values, p_hi),
        ) {
            *slot = Some(Interval { lo, hi });
        }
    }
    Intervals {
        by_metric,
        left_out,
    }
}

/// The adjusted quantile levels of a BCa interval, or `None` when the metric is
/// undefined on the whole condition or in every replicate.
fn bca_levels(
    condition: &Condition,
    metric: Metric,
    sorted: &[f64],
    alpha: f64,
) -> Option<(f64, f64)> {
    let estimate = metric.value(&condition.totals)?;
    if sorted.is_empty() {
        return None;
    }
    // Bias correction: ties with the estimate count half (the statistics are
    // discrete); a proportion of 0 or 1 is pulled in by half a replicate.
    let m = sorted.len() as f64;
    let below = sorted.partition_point(|&v| v < estimate) as f64;
    let ties = sorted[below as usize..].partition_point(|&v| v <= estimate) as f64;
    let proportion = ((below + ties / 2.0) / m).clamp(0.5 / m, 1.0 - 0.5 / m);
    let z0 = normal::quantile(proportion);
    let a = acceleration(condition, metric);
    let adjust = |p: f64| {
        let z = normal::quantile(p);
        let shifted = z0 + z;
        normal::cdf(z0 + shifted / (1.0 - a * shifted))
    };
    Some((adjust(alpha / 2.0), adjust(1.0 - alpha / 2.0)))
}

/// The jackknife acceleration: leave each program out in turn.
fn acceleration(condition: &Condition, metric: Metric) -> f64 {
    let jack: Vec<f64> = condition
        .programs
        .iter()
        .filter_map(|p| metric.value(&(condition.totals - p.counts)))
        .collect();
    if jack.len() < 2 {
        return 0.0;
    }
    let mean = jack.iter().sum::<f64>() / jack.len() as f64;
    let (mut num, mut den) = (0.0, 0.0);
    for v in &jack {
        let d = mean - v;
        num += d * d * d;
        den += d * d;
    }
    if den == 0.0 {
        0.0
    } else {
        num / (6.0 * den.powf(1.5))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::condition::group_conditions;
    use crate::stats::row::Observation;

    fn condition(programs: &[(u64, u64, u64, u64)]) -> Condition {
        let mut rows = Vec::new();
        for (i, &(n, b, l, g)) in programs.iter().enumerate() {
            let c = Counts::from_nblg(n, b, l, g);
            let kinds = [
                (true, true, c.r),
                (true, false, c.l),
                (false, true, c.g),
                (false, false, n - c.r - c.l - c.g),
            ];
            for (base, trans, k) in kinds {
                for _ in 0..k {
                    rows.push(Observation {
                        model: "m".into(),
                        variant: "T1".into(),
                        program: format!("p{i:02}"),
                        stratum: "s".into(),
                        base,
                        trans,
                        ..Default::default()
                    });
                }
            }
        }
        group_conditions(&rows).remove(0)
    }

    #[test]
    fn percentile_interval_is_the_quantiles_of_the_replicates() {
        let cond = condition(&[(10, 6, 1, 2), (8, 2, 2, 1), (5, 5, 0, 0), (7, 3, 1, 3)]);
        let config = BootstrapConfig {
            replicates: 400,
            seed: 9,
            ..Default::default()
        };
        let got = intervals(&cond, &config);
        let reps = Clusters::new(&cond, false).replicates(9, 400);
        let mut v: Vec<f64> = reps.iter().filter_map(Counts::flip_rate).collect();
        v.sort_by(f64::total_cmp);
        let want = Interval {
            lo: quantile_sorted(&v, 0.025).unwrap(),
            hi: quantile_sorted(&v, 0.975).unwrap(),
        };
        assert_eq!(got.get(Metric::FlipRate), Some(want));
        assert_eq!(got.left_out, 0);
        let delta = got.get(Metric::DeltaAcc).unwrap();
        assert!(delta.lo <= cond.totals.delta_acc().unwrap() && delta.hi >= delta.lo);
    }

    #[test]
    fn replicates_without_base_correct_are_left_out_and_counted() {
        // One program out of three has all the correct-on-original behaviors.
        let cond = condition(&[(4, 4, 1, 0), (3, 0, 0, 1), (2, 0, 0, 0)]);
        let config = BootstrapConfig {
            replicates: 1000,
            seed: 1,
            ..Default::default()
        };
        let got = intervals(&cond, &config);
        // P(program 0 never drawn) = (2/3)^3, about 296 of 1000.
        assert!((200..400).contains(&got.left_out), "{}", got.left_out);
        assert!(got.get(Metric::InvarianceFailure).is_some());
        let all_wrong = condition(&[(3, 0, 0, 1), (2, 0, 0, 0)]);
        let got = intervals(&all_wrong, &config);
        assert_eq!(got.left_out, 1000);
        assert_eq!(got.get(Metric::ConditionalRobustness), None);
        assert!(got.get(Metric::FlipRate).is_some());
    }

    #[test]
    fn bca_is_close_to_percentile_for_a_symmetric_statistic_and_defined() {
        let programs: Vec<_> = (0..40)
            .map(|i| (8, 4 + i % 3, i % 2, (i / 2) % 3))
            .collect();
        let cond = condition(&programs);
        let pct = intervals(
            &cond,
            &BootstrapConfig {
                replicates: 2000,
                ..Default::default()
            },
        );
        let bca = intervals(
            &cond,
            &BootstrapConfig {
                replicates: 2000,
                method: IntervalMethod::Bca,
                ..Default::default()
            },
        );
        for m in Metric::ALL {
            let (p, b) = (pct.get(m).unwrap(), bca.get(m).unwrap());
            let width = p.hi - p.lo;
            assert!(
                (p.lo - b.lo).abs() < width / 3.0 && (p.hi - b.hi).abs() < width / 3.0,
                "{m:?}: {p:?} {b:?}"
            );
            let est = m.value(&cond.totals).unwrap();
            assert!(b.lo <= est && est <= b.hi, "{m:?}");
        }
    }

    #[test]
    fn degenerate_statistic_gives_a_point_interval() {
        let cond = condition(&[(4, 4, 0, 0), (3, 3, 0, 0)]);
        for method in [IntervalMethod::Percentile, IntervalMethod::Bca] {
            let got = intervals(
                &cond,
                &BootstrapConfig {
                    replicates: 100,
                    method,
                    ..Default::default()
                },
            );
            assert_eq!(
                got.get(Metric::InvarianceFailure),
                Some(Interval { lo: 0.0, hi: 0.0 })
            );
        }
    }

    #[test]
    fn zero_replicates_give_no_intervals() {
        let cond = condition(&[(4, 2, 1, 0)]);
        let got = intervals(
            &cond,
            &BootstrapConfig {
                replicates: 0,
                ..Default::default()
            },
        );
        assert_eq!(got.by_metric, [None; 6]);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn intervals_are_ordered_and_within_the_replicates(
            programs in proptest::collection::vec((1u64..10, 0u64..10, 0u64..10, 0u64..10), 1..12),
            seed in 0u64..1000,
            bca in proptest::bool::ANY,
        ) {
            let programs: Vec<_> = programs
                .into_iter()
                .map(|(n, b, l, g)| {
                    let b = b.min(n);
                    let l = l.min(b);
                    (n, b, l, g.min(n - b))
                })
                .collect();
            let cond = condition(&programs);
            let method = if bca { IntervalMethod::Bca } else { IntervalMethod::Percentile };
            let config = BootstrapConfig { replicates: 200, seed, method, ..Default::default() };
            let got = intervals(&cond, &config);
            let reps = Clusters::new(&cond, false).replicates(seed, 200);
            for m in Metric::ALL {
                let values: Vec<f64> = reps.iter().filter_map(|c| m.value(c)).collect();
                match got.get(m) {
                    Some(i) => {
                        let min = values.iter().copied().fold(f64::INFINITY, f64::min);
                        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                        proptest::prop_assert!(min <= i.lo && i.lo <= i.hi && i.hi <= max, "{:?} {:?}", m, i);
                    }
                    None => proptest::prop_assert!(values.is_empty() || m.value(&cond.totals).is_none()),
                }
            }
        }
    }
}
