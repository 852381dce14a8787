//! Scoring one VERT-sized output (3 properties, up to 12 atoms) against behaviors
//! parsed once: the target is at most 20 microseconds per output as scored in a study,
//! where each program's behaviors are prepared once (`score_prepared`) for all its
//! outputs. `score_output` is the cold path: it prepares the behaviors for the one
//! output it scores (a wrong antecedent needs the reference's conjuncts and truth
//! tables, prepared lazily, so the mixed output pays for all of it).

use criterion::{Criterion, criterion_group, criterion_main};
use flipscope::score::{
    PreparedReference, ScoreOptions, reference_behaviors, score_output, score_prepared,
};

/// Shaped like VERT's nested-if records (not taken from the dataset).
const REFERENCE: &str = "property name; (  s_8  && r_2  && a_12 ) |=> c_1 == a_17 && k_43 == c_15 ;endproperty \n\
 property name; (  s_8  && r_2  && a_12 ) &&  (  h_9  && h_18  || a_118 ) |=> k_9 == f_19 && r_1 == e_2 ;endproperty \n\
 property name; (  s_8  && r_2  && a_12 ) &&  (  h_9  && h_18  || a_118 ) &&  (  k_1  && k_7 != e_3 && !q_4 ) |=> r_12 == h_19 && c_13 == h_18 ;endproperty";

/// Every antecedent right, written differently (reordered, parenthesised).
const CORRECT: &str = "property p1; a_12 && r_2 && s_8 |=> c_1 == a_17 && k_43 == c_15; endproperty\n\
property p2; (s_8 && r_2 && a_12) && (a_118 || h_9 && h_18) |=> k_9 == f_19 && r_1 == e_2; endproperty\n\
property p3; s_8 && r_2 && a_12 && (h_9 && h_18 || a_118) && k_1 && !(k_7 == e_3) && !q_4 |=> r_12 == h_19 && c_13 == h_18; endproperty";

/// One right, one dropped predicate, one branch-polarity error.
const MIXED: &str = "property p1; s_8 && r_2 && a_12 |=> c_1 == a_17 && k_43 == c_15; endproperty\n\
property p2; (s_8 && r_2) && (h_9 && h_18 || a_118) |=> k_9 == f_19 && r_1 == e_2; endproperty\n\
property p3; s_8 && r_2 && a_12 && !(h_9 && h_18 || a_118) && (k_1 && k_7 != e_3 && !q_4) |=> r_12 == h_19 && c_13 == h_18; endproperty";

fn bench(c: &mut Criterion) {
    let behaviors = reference_behaviors(REFERENCE).expect("reference parses");
    let options = ScoreOptions::default();
    let prepared = PreparedReference::new(&behaviors, &options.semantics);
    let correct_count = |v: Vec<flipscope::score::Verdict>| v.iter().filter(|v| v.correct).count();
    assert_eq!(
        correct_count(score_output(&behaviors, CORRECT, &options)),
        6
    );
    assert_eq!(correct_count(score_output(&behaviors, MIXED, &options)), 2);
    for output in [CORRECT, MIXED] {
        assert_eq!(
            score_prepared(&prepared, output, &options),
            score_output(&behaviors, output, &options)
        );
    }
    for (name, output) in [("all_correct", CORRECT), ("mixed", MIXED)] {
        c.bench_function(&format!("score_prepared/vert_sized_{name}"), |b| {
            b.iter(|| {
                score_prepared(
                    std::hint::black_box(&prepared),
                    std::hint::black_box(output),
                    &options,
                )
            })
        });
        c.bench_function(&format!("score_output/vert_sized_{name}"), |b| {
            b.iter(|| {
                score_output(
                    std::hint::black_box(&behaviors),
                    std::hint::black_box(output),
                    &options,
                )
            })
        });
    }
    c.bench_function("reference_behaviors/vert_sized", |b| {
        b.iter(|| reference_behaviors(std::hint::black_box(REFERENCE)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
