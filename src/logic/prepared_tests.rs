//! The prepared comparison answers exactly as the plain functions: on the truth-table
//! path (up to 12 atoms between G and R) and beyond it.

use proptest::prelude::*;

use super::*;
use crate::logic::decide::{implies_canonical, relation_canonical};
use crate::logic::semantics::Values;
use crate::logic::test_support::negate_nth;
use crate::logic::{canonical, parse_expr, top_level_conjuncts};

fn p(t: &str) -> Expr {
    parse_expr(t).unwrap()
}

/// Every answer of `compare`, next to the plain function's, under both semantics.
fn check(reference: &Expr, generated: &Expr) -> Result<(), TestCaseError> {
    for values in Values::ALL {
        check_in(reference, generated, &Semantics::new(values))?;
    }
    Ok(())
}

fn check_in(reference: &Expr, generated: &Expr, sem: &Semantics) -> Result<(), TestCaseError> {
    let prepared = PreparedCondition::with_semantics(reference, sem.clone());
    let g = sem.canonical(generated);
    let r = sem.canonical(reference);
    let mut cmp = prepared.compare(&g);
    prop_assert_eq!(prepared.canonical(), &r);
    let conjuncts: Vec<Expr> = prepared.conjuncts().iter().map(|c| (*c).clone()).collect();
    prop_assert_eq!(conjuncts, top_level_conjuncts(reference));
    prop_assert_eq!(cmp.relation(), relation_canonical(&g, &r, sem));
    prop_assert_eq!(cmp.polarity(), sem.polarity_search(reference, generated));
    for (i, c) in top_level_conjuncts(reference).iter().enumerate() {
        prop_assert_eq!(
            cmp.implies_conjunct(i),
            implies_canonical(&g, &sem.canonical(c), sem)
        );
    }
    let (ga, ra) = (g.atoms(), r.atoms());
    let expected = AtomSets {
        generated: ga.len(),
        reference: ra.len(),
        subset: ga.is_subset(&ra),
        superset: ga.is_superset(&ra),
    };
    prop_assert_eq!(cmp.atom_sets(), expected);
    Ok(())
}

#[test]
fn answers_like_the_plain_functions_on_vert_shapes() {
    let r = p("(s && r && a) && (h && k || q) && (k1 && k7 != e3 && !q4)");
    for g in [
        "s && r && a && (q || h && k) && k1 && !(k7 == e3) && !q4",
        "s && r && a && !(h && k || q) && (k1 && k7 != e3 && !q4)",
        "(s && r) && (h && k || q) && (k1 && k7 != e3 && !q4)",
        "s && r && a && (h && k || q) && (k1 && k7 == e3 && !q4)",
        "s && r && a && (h && k || q) && (k1 && k7 != e3 && !q4) && z",
        "s || r",
        "1",
        "0",
    ] {
        let prepared = PreparedCondition::new(&r);
        let cg = canonical(&p(g));
        assert!(prepared.compare(&cg).on_tables(), "{g}");
        check(&r, &p(g)).unwrap();
    }
}

#[test]
fn beyond_twelve_atoms_the_plain_functions_decide() {
    let names: Vec<String> = (0..13).map(|i| format!("x{i}")).collect();
    let r = p(&names.join(" && "));
    let g = p(&format!("!x0 && {}", names[1..].join(" && ")));
    let prepared = PreparedCondition::new(&r);
    let cg = canonical(&g);
    let mut cmp = prepared.compare(&cg);
    assert!(!cmp.on_tables());
    assert_eq!(
        cmp.polarity(),
        Some(PolarityFlip::NegatedConjuncts(vec![0]))
    );
    check(&r, &g).unwrap();
    // Twelve in R, one more in G: past the fast path as well.
    let r = p(&names[..12].join(" && "));
    let cg = canonical(&g);
    assert!(!PreparedCondition::new(&r).compare(&cg).on_tables());
    check(&r, &g).unwrap();
}

#[test]
fn a_repeated_atom_flipped_once_is_no_polarity_flip_on_tables() {
    let r = p("(a && b) || (!a && c)");
    let g = p("(a && b) || (a && c)");
    let prepared = PreparedCondition::new(&r);
    let cg = canonical(&g);
    let mut cmp = prepared.compare(&cg);
    assert!(cmp.on_tables());
    assert_eq!(cmp.polarity(), None);
    check(&r, &g).unwrap();
}

/// Names x0..x13 (so some pairs of R and G pass 12 atoms) and a few equalities.
fn atom() -> impl Strategy<Value = Expr> {
    prop_oneof![
        6 => (0..14usize).prop_map(|i| Expr::ident(format!("x{i}"))),
        1 => (0..3usize, 0..3u8).prop_map(|(i, v)| p(&format!("y{i} == 2'd{v}"))),
        1 => (0..3usize).prop_map(|i| p(&format!("y{i} == z{i}"))),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![12 => atom(), 1 => any::<bool>().prop_map(Expr::Const)];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(Expr::not),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Expr::And),
            prop::collection::vec(inner, 2..4).prop_map(Expr::Or),
        ]
    })
}

/// A generated antecedent related to `reference`: some conjuncts negated or dropped,
/// one occurrence negated, one more conjunct, or unrelated.
fn generated_from(reference: &Expr, how: u8, pick: usize, other: &Expr) -> Expr {
    let conjuncts = top_level_conjuncts(reference);
    let chosen = |i: usize| pick >> (i % 8) & 1 == 1;
    match how % 5 {
        0 => Expr::And(
            conjuncts
                .into_iter()
                .enumerate()
                .map(|(i, c)| if chosen(i) { Expr::not(c) } else { c })
                .collect(),
        ),
        1 => negate_nth(&canonical(reference), pick % 16, &mut 0),
        2 => Expr::And(
            conjuncts
                .into_iter()
                .enumerate()
                .filter(|&(i, _)| !chosen(i))
                .map(|(_, c)| c)
                .collect(),
        ),
        3 => Expr::And(conjuncts.into_iter().chain([other.clone()]).collect()),
        _ => other.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn compare_answers_like_the_plain_functions(
        conjuncts in prop::collection::vec(expr(), 1..5),
        other in expr(),
        how in any::<u8>(),
        pick in any::<usize>(),
    ) {
        let reference = Expr::And(conjuncts);
        let generated = generated_from(&reference, how, pick, &other);
        check(&reference, &generated)?;
        check(&other, &generated)?;
    }
}
