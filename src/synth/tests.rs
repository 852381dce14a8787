//! Generator tests: shapes read back through `rtl` with the planned number of
//! behaviors and references equal to the RTL paths; plans hit their targets for any
//! program sizes (property test).

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::calibrate::{ProgramSize, plan};
use super::models::MODELS;
use super::shape::{Stratum, generate};
use crate::logic::equivalent;
use crate::score::reference_behaviors;

#[test]
fn every_stratum_and_size_reads_back_with_references_equal_to_the_rtl_paths() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for stratum in Stratum::ALL {
        for (k, simple) in [(4, false), (7, true), (9, false), (11, false)] {
            let shape = generate(&mut rng, stratum, k, simple);
            assert_eq!(shape.behavior_count(), k);
            let rtl = crate::rtl::behaviors(&shape.rtl, shape.clock.as_deref()).unwrap();
            let reference = reference_behaviors(&shape.reference()).unwrap();
            assert_eq!(rtl.len(), k, "{}", shape.rtl);
            assert_eq!(reference.len(), k, "{}", shape.reference());
            for (r, b) in rtl.iter().zip(&reference) {
                assert_eq!((&r.lhs, &r.rhs), (&b.lhs, &b.rhs));
                assert!(
                    equivalent(&r.path, &b.antecedent),
                    "{}\n{}",
                    shape.rtl,
                    shape.reference()
                );
                let synchronous = r.clock.is_some();
                assert_eq!(synchronous, stratum.synchronous());
            }
            if simple {
                assert!(!shape.rtl.contains("&&") && !shape.rtl.contains("||"));
            }
        }
    }
}

#[test]
fn if_else_trees_negate_earlier_branches_in_their_references() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let shape = generate(&mut rng, Stratum::IfElseAsync, 8, false);
    assert!(shape.rtl.contains("end else"), "{}", shape.rtl);
    assert!(shape.reference().contains("!(  "), "{}", shape.reference());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn plans_realise_their_scaled_targets(
        sizes in proptest::collection::vec((4usize..=11, proptest::bool::weighted(0.9)), 4..60),
        seed in any::<u64>(),
    ) {
        let sizes: Vec<ProgramSize> = sizes
            .into_iter()
            .map(|(behaviors, t1)| ProgramSize { behaviors, t1 })
            .collect();
        let n: usize = sizes.iter().map(|s| s.behaviors).sum();
        let n1: usize = sizes.iter().filter(|s| s.t1).map(|s| s.behaviors).sum();
        for model in &MODELS {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let p = plan(&mut rng, model, &sizes);
            let base = (model.base as f64 * n as f64 / 295.0).round() as usize;
            let total: usize = p.original.iter().flatten().filter(|&&c| c).count();
            prop_assert_eq!(total, base.min(n));
            for (variant, per_program) in &p.variants {
                for (s, v) in sizes.iter().zip(per_program) {
                    let applies = *variant != "T1" || s.t1;
                    prop_assert_eq!(v.is_some(), applies);
                    if let Some(v) = v {
                        prop_assert_eq!(v.len(), s.behaviors);
                    }
                }
                let c = p.counts(variant).unwrap();
                let size = if *variant == "T1" { n1 } else { n };
                prop_assert!(c.losses <= c.base && c.gains <= size - c.base);
            }
        }
    }
}
