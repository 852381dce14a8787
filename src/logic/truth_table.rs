//! Truth tables for display (never for deciding): the rows where the expressions
//! disagree first, found through the BDD of their disagreement rather than by
//! enumeration, then agreeing rows, up to a cap.

use super::bdd::{Space, exact_count};
use super::expr::{Atom, Expr};
use super::semantics::Semantics;

/// Some rows of the joint truth table of a few expressions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TruthTable {
    /// The atoms of the canonical forms, in order of first appearance (the columns).
    pub atoms: Vec<Atom>,
    /// Disagreeing rows first, then agreeing ones; at most `cap`.
    pub rows: Vec<TruthRow>,
    /// The number of assignments of the atoms the semantics allows: 2^(number of
    /// atoms) under `atoms` semantics (saturating at `u128::MAX`), fewer under
    /// two-state semantics when constants exclude each other.
    pub total_rows: u128,
    /// How many rows disagree, when the count fits in 128 bits.
    pub disagreeing_rows: Option<u128>,
    /// Whether rows were left out.
    pub truncated: bool,
}

/// One assignment of the atoms and the value of each expression under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TruthRow {
    /// One value per atom of `TruthTable::atoms`.
    pub values_of_atoms: Vec<bool>,
    /// One value per expression, in the order given.
    pub values: Vec<bool>,
    /// Whether the expressions take different values.
    pub disagree: bool,
}

/// The truth table of `exprs` (as canonical forms, default semantics) with at most
/// `cap` rows.
pub fn truth_table(exprs: &[&Expr], cap: usize) -> TruthTable {
    table_in(exprs, cap, Semantics::default_ref())
}

/// `truth_table` under `semantics`: only the rows it allows.
pub(crate) fn table_in(exprs: &[&Expr], cap: usize, semantics: &Semantics) -> TruthTable {
    let canon: Vec<Expr> = exprs.iter().map(|e| semantics.canonical(e)).collect();
    let refs: Vec<&Expr> = canon.iter().collect();
    let space = Space::new(&refs, semantics);
    let bdds: Vec<_> = canon.iter().map(|e| space.bdd(e)).collect();
    let mut disagree = space.mk_false();
    if let Some(first) = bdds.first() {
        for b in &bdds[1..] {
            disagree = disagree.or(&first.xor(b));
        }
    }
    let disagree = space.allowed(disagree);
    let agree = space.allowed(disagree.not());
    let n = space.atoms().len();
    let num_vars = u16::try_from(n).unwrap_or(u16::MAX);
    let all = if n >= 128 { u128::MAX } else { 1u128 << n };
    let total_rows = exact_count(&space.valid(), num_vars).unwrap_or(all);
    let disagreeing_rows = exact_count(&disagree, num_vars);
    let mut rows = Vec::new();
    for (set, differs) in [(&disagree, true), (&agree, false)] {
        for valuation in set.sat_valuations().take(cap.saturating_sub(rows.len())) {
            rows.push(TruthRow {
                values_of_atoms: space.values(&valuation),
                values: bdds.iter().map(|b| b.eval_in(&valuation)).collect(),
                disagree: differs,
            });
        }
    }
    let truncated = (rows.len() as u128) < total_rows;
    TruthTable {
        atoms: space.atoms().to_vec(),
        rows,
        total_rows,
        disagreeing_rows,
        truncated,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::eval::evaluate;
    use crate::logic::parse_expr;

    fn p(t: &str) -> Expr {
        parse_expr(t).unwrap()
    }

    #[test]
    fn lists_disagreeing_rows_first() {
        let (r, g) = (p("a && b"), p("a || b"));
        let t = truth_table(&[&r, &g], 10);
        assert_eq!(t.atoms, [Atom::Ident("a".into()), Atom::Ident("b".into())]);
        assert_eq!(t.total_rows, 4);
        assert_eq!(t.disagreeing_rows, Some(2));
        assert_eq!(t.rows.len(), 4);
        assert!(!t.truncated);
        let flags: Vec<bool> = t.rows.iter().map(|r| r.disagree).collect();
        assert_eq!(flags, [true, true, false, false]);
        for row in &t.rows {
            let value = |e: &Expr, row: &TruthRow| {
                evaluate(e, &mut |a| {
                    row.values_of_atoms[t.atoms.iter().position(|x| x == a).unwrap()]
                })
            };
            assert_eq!(row.values, [value(&r, row), value(&g, row)]);
            assert_eq!(row.disagree, row.values[0] != row.values[1]);
        }
    }

    #[test]
    fn caps_rows_and_counts_exactly_with_many_atoms() {
        let names: Vec<String> = (0..100).map(|i| format!("s{i}")).collect();
        let r = p(&names.join(" && "));
        let g = p(&names[1..].join(" && "));
        let t = truth_table(&[&r, &g], 5);
        assert_eq!(t.atoms.len(), 100);
        assert_eq!(t.total_rows, 1u128 << 100);
        // Disagree exactly when s1..s99 hold and s0 does not.
        assert_eq!(t.disagreeing_rows, Some(1));
        assert_eq!(t.rows.len(), 5);
        assert!(t.rows[0].disagree && !t.rows[1].disagree);
        assert_eq!(t.rows[0].values, [false, true]);
        assert!(t.truncated);
    }

    #[test]
    fn saturates_beyond_128_atoms() {
        let names: Vec<String> = (0..130).map(|i| format!("s{i}")).collect();
        let r = p(&names.join(" || "));
        let t = truth_table(&[&r, &r], 1);
        assert_eq!(t.total_rows, u128::MAX);
        assert_eq!(t.disagreeing_rows, Some(0));
        let g = p(&names[1..].join(" || "));
        let t = truth_table(&[&r, &g], 1);
        assert_eq!(t.disagreeing_rows, Some(1));
    }

    #[test]
    fn two_state_rows_are_the_values_signals_can_take() {
        // s == 1, s == 2: three rows (neither, one, the other), never both.
        let t = truth_table(&[&p("s == 1"), &p("s != 2")], 10);
        assert_eq!(t.total_rows, 3);
        assert!(
            t.rows
                .iter()
                .all(|r| !(r.values_of_atoms[0] && r.values_of_atoms[1]))
        );
        // `a == 0` is `!a`: one atom, no row with a=1 and (a == 0)=1.
        let t = truth_table(&[&p("a == 0"), &p("!a")], 10);
        assert_eq!((t.atoms.len(), t.disagreeing_rows), (1, Some(0)));
    }

    #[test]
    fn constants_have_one_row() {
        let t = truth_table(&[&p("1"), &p("0")], 4);
        assert_eq!(t.total_rows, 1);
        assert_eq!(t.rows.len(), 1);
        assert_eq!(t.rows[0].values, [true, false]);
        assert_eq!(t.disagreeing_rows, Some(1));
    }
}
