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
use super::polarity::{bits_space, search_bdd, search_bits, top_level_conjuncts};
use super::test_support::negate_nth;

/// Plain names x0..x11: up to `MAX_ATOMS` distinct atoms.
fn atom() -> impl Strategy<Value = Expr> {
    (0..MAX_ATOMS).prop_map(|i| Expr::ident(format!("x{i}")))
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
        let Some(table) = Table::new(&[&c]) else { return Ok(()) };
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
    ) {
        let reference = Expr::And(conjuncts);
        let generated = generated_from(&reference, how, pick, &other);
        let cc: Vec<Expr> = top_level_conjuncts(&reference).iter().map(canonical).collect();
        let (cr, cg) = (canonical(&reference), canonical(&generated));
        let mut all: Vec<&Expr> = cc.iter().collect();
        all.push(&cg);
        let Some(table) = bits_space(&all, &cr) else { return Ok(()) };
        let fast = search_bits(&table, &cc, &cr, &cg);
        let exact = search_bdd(&cc, &cr, &cg);
        prop_assert_eq!(fast, exact, "{} vs {}", reference, generated);
    }

    /// The fast path's implications agree with BDDs.
    #[test]
    fn implications_agree_with_bdds(a in expr(), b in expr()) {
        let (ca, cb) = (canonical(&a), canonical(&b));
        let Some(found) = super::bits::implications(&ca, &cb) else { return Ok(()) };
        let space = Space::new(&[&ca, &cb]);
        let (ba, bb) = (space.bdd(&ca), space.bdd(&cb));
        prop_assert_eq!(found, (ba.and_not(&bb).is_false(), bb.and_not(&ba).is_false()));
    }
}
