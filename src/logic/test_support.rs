//! Helpers shared by the logic module's property tests.

use super::expr::Expr;

/// `e` with its `target`-th atom occurrence negated.
pub fn negate_nth(e: &Expr, target: usize, seen: &mut usize) -> Expr {
    match e {
        Expr::Atom(_) => {
            *seen += 1;
            if *seen - 1 == target {
                Expr::not(e.clone())
            } else {
                e.clone()
            }
        }
        Expr::Not(x) => Expr::not(negate_nth(x, target, seen)),
        Expr::And(v) => Expr::And(v.iter().map(|x| negate_nth(x, target, seen)).collect()),
        Expr::Or(v) => Expr::Or(v.iter().map(|x| negate_nth(x, target, seen)).collect()),
        other => other.clone(),
    }
}
