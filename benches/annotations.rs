//! Annotation speed: one decision saved (atomic rewrite with fsync) in a store that
//! already holds 2,000 decisions; agreement over 10,000 annotated pairs; an audit
//! sample from 50,000 pairs.

use std::collections::BTreeMap;

use criterion::{Criterion, criterion_group, criterion_main};

use flipscope::stats::{Observation, agreement, audit_sample};
use flipscope::study::{AnnotationStore, Decision, PairAudit, PairKey};

fn key(i: usize) -> PairKey {
    PairKey {
        model: ["deepseek-coder-v2-lite", "qwen2.5-coder-7b"][i % 2].into(),
        variant: ["T1", "T2", "T3"][i % 3].into(),
        program: format!("vert/{:04}", i / 6),
        behavior: "x=y".into(),
        sample: 0,
    }
}

fn record(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut store = AnnotationStore::open_with(dir.path(), "bench", None).unwrap();
        for i in 0..2_000 {
            store
                .record(&key(i), Decision::Tag("dropped-predicate".into()), None)
                .unwrap();
        }
    }
    let mut store = AnnotationStore::open_with(dir.path(), "bench", None).unwrap();
    c.bench_function("record+undo with 2,000 decisions", |b| {
        b.iter(|| {
            store
                .record(&key(7), Decision::Note("n".into()), None)
                .unwrap();
            store.undo().unwrap();
        })
    });
}

fn agree(c: &mut Criterion) {
    let tags = ["branch-polarity", "dropped-predicate", "boolean-structure"];
    let audits = |shift: usize| -> BTreeMap<PairKey, PairAudit> {
        (0..10_000)
            .map(|i| {
                let audit = PairAudit {
                    tags: [tags[(i + shift * (i % 5 / 4)) % 3].to_string()].into(),
                    ..PairAudit::default()
                };
                (key(i), audit)
            })
            .collect()
    };
    let (a, b) = (audits(0), audits(1));
    c.bench_function("agreement over 10,000 pairs", |bench| {
        bench.iter(|| agreement(&a, &b))
    });
}

fn sample(c: &mut Criterion) {
    let rows: Vec<Observation> = (0..50_000)
        .map(|i| {
            let k = key(i);
            Observation {
                model: k.model,
                variant: k.variant,
                program: k.program,
                stratum: "s".into(),
                behavior: format!("x=y#{}", i % 7),
                base: true,
                trans: i % 4 != 0,
                ..Observation::default()
            }
        })
        .collect();
    c.bench_function("sample 5 per condition from 50,000 pairs", |b| {
        b.iter(|| audit_sample(&rows, 5, 1))
    });
}

criterion_group!(benches, record, agree, sample);
criterion_main!(benches);
