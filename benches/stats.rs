//! Bootstrap speed: 10,000 replicates for 6 conditions of 40 programs (about 1,700
//! pairs; target <= 50 ms) and of 10,000 programs (about 435,000 pairs; target <= 3 s).
//! The data are generated here; grouping into per-program counts is timed separately.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use flipscope::stats::{BootstrapConfig, IntervalMethod, Observation, compute, group_conditions};

/// 2 models x 3 variants, `programs` programs each with 1 to 13 behaviors (7.4 on
/// average, as in the paper's 295 behaviors over 40 programs).
fn study(programs: usize) -> Vec<Observation> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut rows = Vec::new();
    for model in ["deepseek-coder-v2-lite", "qwen2.5-coder-7b"] {
        for variant in ["T1", "T2", "T3"] {
            for p in 0..programs {
                for b in 0..rng.random_range(1..=13u32) {
                    rows.push(Observation {
                        model: model.into(),
                        variant: variant.into(),
                        program: format!("p{p:05}"),
                        stratum: [
                            "nested-if/async",
                            "nested-if/sync",
                            "if-else/async",
                            "if-else/sync",
                        ][p % 4]
                            .into(),
                        behavior: format!("x{b}=y"),
                        base: rng.random_bool(0.6),
                        trans: rng.random_bool(0.6),
                        ..Default::default()
                    });
                }
            }
        }
    }
    rows
}

fn bench(c: &mut Criterion) {
    let config = BootstrapConfig::default();
    let bca = BootstrapConfig {
        method: IntervalMethod::Bca,
        ..config
    };

    let small = study(40);
    eprintln!("small study: {} pairs", small.len());
    let small_conditions = group_conditions(&small);
    c.bench_function("bootstrap 10k x 6 conditions x 40 programs", |b| {
        b.iter(|| compute(&small_conditions, &config))
    });
    c.bench_function("bootstrap 10k x 6 conditions x 40 programs, bca", |b| {
        b.iter(|| compute(&small_conditions, &bca))
    });

    let large = study(10_000);
    eprintln!("large study: {} pairs", large.len());
    c.bench_function("group 435k pairs into conditions", |b| {
        b.iter(|| group_conditions(&large))
    });
    let large_conditions = group_conditions(&large);
    let mut slow = c.benchmark_group("large");
    slow.sample_size(10);
    slow.bench_function("bootstrap 10k x 6 conditions x 10000 programs", |b| {
        b.iter(|| compute(&large_conditions, &config))
    });
    slow.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
