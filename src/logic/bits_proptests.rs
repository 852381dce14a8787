//! Property tests of the truth-table fast path against the BDD path and brute force,
//! over up to 12 atoms (the most the fast path takes): truth tables, atom flips and
//! the whole branch-polarity search.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::bdd::Space;
use super::bits::{MAX_ATOMS, Table};
use super::canon::canonical;
use super::eval::evaluate;
use super::expr::{Atom, Expr};
use super::parse::parse_expr;
use super::polarity::{bits_space, search_bdd, search_bits, top_level_conjuncts};
use super::semantics::{Semantics, Values};
use super::test_support::negate_nth;

/// Up to `MAX_ATOMS` distinct atoms: names x0..x8, and `y`, `y == 1`, `y == 2` (which
/// two-state semantics relates to each other).
fn atom() -> impl Strategy<Value = Expr> {
    prop_oneof![
        9 => (0..MAX_ATOMS - 3).prop_map(|i| Expr::ident(format!("x{i}"))),
        1 => Just(Expr::ident("y")),
        1 => (1..3u8).prop_map(|v| parse_expr(&format!("y == {v}")).unwrap()),
    ]
}

fn semantics(two_state: bool) -> Semantics {
    Semantics::new(if two_state {
        Values::TwoState
    } else {
        Values::Atoms
    })
}

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![12 => atom(), 1 => any::<bool>().prop_map(Expr::Const)];
    leaf.prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(Expr::not),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Expr::And),
            prop::collection::vec(inner, 2..4).prop_map(Expr::Or),
        ]
    })
}

/// A generated antecedent related to `reference` in one of several ways: some
/// conjuncts negated, one occurrence negated, or unrelated.
fn generated_from(reference: &Expr, how: u8, pick: usize, other: &Expr) -> Expr {
    match how % 3 {
        0 => Expr::And(
            top_level_conjuncts(reference)
                .into_iter()
                .enumerate()
                .map(|(i, c)| {
                    if pick >> (i % 8) & 1 == 1 {
                        Expr::not(c)
                    } else {
                        c
                    }
                })
                .collect(),
        ),
        1 => negate_nth(&canonical(reference), pick % 16, &mut 0),
        _ => other.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Every table row is the value of the expression under that assignment.
    #[test]
    fn tables_agree_with_brute_force(e in expr(), target in 0usize..16) {
        let c = canonical(&e);
        let Some(table) = Table::new(&[&c], &semantics(false)) else { return Ok(()) };
        let atoms = c.atoms_in_order();
        let t = table.eval(&c);
        let flipped = table.eval_flipping(&c, target, &mut 0);
        let by_hand = negate_nth(&c, target, &mut 0);
        let rows = 1usize << atoms.len();
        for row in 0..rows {
            let values: BTreeMap<&Atom, bool> = atoms
                .iter()
                .map(|a| (a, row >> table.var(a).unwrap() & 1 == 1))
                .collect();
            let mut value = |a: &Atom| values[a];
            prop_assert_eq!(Table::value(&t, row), evaluate(&c, &mut value));
            prop_assert_eq!(Table::value(&flipped, row), evaluate(&by_hand, &mut value));
        }
        for a in &atoms {
            let i = table.var(a).unwrap();
            let ft = table.flip_var(&t, i);
            for row in 0..rows {
                prop_assert_eq!(Table::value(&ft, row), Table::value(&t, row ^ (1 << i)));
            }
        }
    }

    /// The truth-table search answers exactly as the BDD search.
    #[test]
    fn polarity_fast_path_agrees_with_bdds(
        conjuncts in prop::collection::vec(expr(), 1..5),
        other in expr(),
        how in any::<u8>(),
        pick in any::<usize>(),
        two_state in any::<bool>(),
    ) {
        let sem = semantics(two_state);
        let reference = Expr::And(conjuncts);
        let generated = generated_from(&reference, how, pick, &other);
        let cc: Vec<Expr> = top_level_conjuncts(&reference).iter().map(|c| sem.canonical(c)).collect();
        let (cr, cg) = (sem.canonical(&reference), sem.canonical(&generated));
        let mut all: Vec<&Expr> = cc.iter().collect();
        all.push(&cg);
        let Some(table) = bits_space(&all, &cr, &sem) else { return Ok(()) };
        let fast = search_bits(&table, &cc, &cr, &cg, &sem);
        let exact = search_bdd(&cc, &cr, &cg, &sem);
        prop_assert_eq!(fast, exact, "{} vs {}", reference, generated);
    }

    /// The fast path's implications agree with BDDs (the two-state domain included).
    #[test]
    fn implications_agree_with_bdds(a in expr(), b in expr(), two_state in any::<bool>()) {
        let sem = semantics(two_state);
        let (ca, cb) = (sem.canonical(&a), sem.canonical(&b));
        let Some(found) = super::bits::implications(&ca, &cb, &sem) else { return Ok(()) };
        let space = Space::new(&[&ca, &cb], &sem);
        let (ba, bb) = (space.bdd(&ca), space.bdd(&cb));
        prop_assert_eq!(found, (
            space.allowed(ba.and_not(&bb)).is_false(),
            space.allowed(bb.and_not(&ba)).is_false(),
        ));
    }
}
