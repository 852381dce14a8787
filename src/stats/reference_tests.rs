//! The bootstrap intervals checked against a deliberately naive reference: programs
//! drawn by name in a plain loop with the same RNG derivation, every pair of a drawn
//! program counted one by one, statistics sorted and read off by hand.

use rand::Rng;

use super::bootstrap::replicate_rng;
use super::condition::group_conditions;
use super::counts::Metric;
use super::interval::{BootstrapConfig, Interval, intervals};
use super::row::Observation;

fn study(programs: usize) -> Vec<Observation> {
    let mut rng = replicate_rng(2024, 7);
    let mut rows = Vec::new();
    for p in 0..programs {
        for b in 0..rng.random_range(2..13u32) {
            rows.push(Observation {
                model: "m".into(),
                variant: "T1".into(),
                program: format!("prog-{p}"),
                stratum: format!("s{}", p % 4),
                behavior: format!("b{b}"),
                base: rng.random_bool(0.6),
                trans: rng.random_bool(0.55),
                ..Default::default()
            });
        }
    }
    rows
}

/// The naive percentile interval of `metric` and how many replicates had B = 0.
fn naive(
    rows: &[Observation],
    metric: Metric,
    config: &BootstrapConfig,
) -> (Option<Interval>, usize) {
    // Program names in id order, grouped by stratum (one group when not stratified).
    let mut names: Vec<&Observation> = rows.iter().collect();
    names.sort_by(|a, b| a.program.cmp(&b.program));
    names.dedup_by(|a, b| a.program == b.program);
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for o in names {
        let key = if config.stratified {
            o.stratum.clone()
        } else {
            String::new()
        };
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.1.push(o.program.clone()),
            None => groups.push((key, vec![o.program.clone()])),
        }
    }
    groups.sort();
    let mut values = Vec::new();
    let mut left_out = 0;
    for r in 0..config.replicates as u64 {
        let mut rng = replicate_rng(config.seed, r);
        let (mut n, mut b, mut t, mut rr, mut l, mut g) = (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        for (_, programs) in &groups {
            for _ in 0..programs.len() {
                let chosen = &programs[rng.random_range(0..programs.len() as u32) as usize];
                for o in rows.iter().filter(|o| &o.program == chosen) {
                    n += 1;
                    b += o.base as u64;
                    t += o.trans as u64;
                    rr += (o.base && o.trans) as u64;
                    l += (o.base && !o.trans) as u64;
                    g += (!o.base && o.trans) as u64;
                }
            }
        }
        if b == 0 {
            left_out += 1;
        }
        let value = match metric {
            Metric::AccBase => Some(b as f64 / n as f64),
            Metric::AccTrans => Some(t as f64 / n as f64),
            Metric::DeltaAcc => Some((t as f64 - b as f64) / n as f64),
            Metric::ConditionalRobustness => (b > 0).then(|| rr as f64 / b as f64),
            Metric::InvarianceFailure => (b > 0).then(|| l as f64 / b as f64),
            Metric::FlipRate => Some((l + g) as f64 / n as f64),
        };
        values.extend(value);
    }
    values.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if values.is_empty() {
        return (None, left_out);
    }
    let at = |p: f64| {
        let h = (values.len() - 1) as f64 * p;
        let i = h.floor() as usize;
        let j = (i + 1).min(values.len() - 1);
        if values[i] == values[j] {
            values[i]
        } else {
            values[i] + (h - i as f64) * (values[j] - values[i])
        }
    };
    (
        Some(Interval {
            lo: at(0.025),
            hi: at(0.975),
        }),
        left_out,
    )
}

#[test]
fn intervals_equal_the_naive_reference() {
    let rows = study(23);
    let condition = &group_conditions(&rows)[0];
    for stratified in [false, true] {
        let config = BootstrapConfig {
            replicates: 300,
            seed: 5,
            stratified,
            ..Default::default()
        };
        let fast = intervals(condition, &config);
        for metric in Metric::ALL {
            let (interval, left_out) = naive(&rows, metric, &config);
            assert_eq!(
                fast.get(metric),
                interval,
                "{metric:?} stratified={stratified}"
            );
            assert_eq!(fast.left_out, left_out);
        }
    }
}

#[test]
fn left_out_replicates_match_the_naive_reference() {
    // Few programs, few correct on the original: many replicates have B = 0.
    let mut rows = study(4);
    for o in &mut rows {
        o.base = o.program == "prog-0" && o.behavior == "b0";
    }
    let condition = &group_conditions(&rows)[0];
    let config = BootstrapConfig {
        replicates: 400,
        seed: 1,
        ..Default::default()
    };
    let fast = intervals(condition, &config);
    let (interval, left_out) = naive(&rows, Metric::InvarianceFailure, &config);
    assert!(left_out > 50, "{left_out}");
    assert_eq!(fast.left_out, left_out);
    assert_eq!(fast.get(Metric::InvarianceFailure), interval);
}

#[test]
fn same_seed_same_intervals_with_one_and_two_threads() {
    let rows = study(40);
    let condition = &group_conditions(&rows)[0];
    for method in [
        super::IntervalMethod::Percentile,
        super::IntervalMethod::Bca,
    ] {
        let config = BootstrapConfig {
            replicates: 2000,
            seed: 77,
            stratified: true,
            method,
            ..Default::default()
        };
        let run = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| intervals(condition, &config))
        };
        assert_eq!(run(1), run(2), "{method:?}");
    }
}
