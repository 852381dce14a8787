//! Evaluating an expression under an assignment of its atoms (for truth tables and
//! brute-force checks; decisions use BDDs).

use super::expr::{Atom, Expr};

/// The value of `e` when each atom has the value `value_of(atom)`.
pub fn evaluate(e: &Expr, value_of: &mut dyn FnMut(&Atom) -> bool) -> bool {
    match e {
        Expr::Const(b) => *b,
        Expr::Atom(a) => value_of(a),
        Expr::Not(x) => !evaluate(x, value_of),
        Expr::And(v) => v.iter().all(|x| evaluate(x, value_of)),
        Expr::Or(v) => v.iter().any(|x| evaluate(x, value_of)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::parse_expr;

    #[test]
    fn evaluates_under_an_assignment() {
        let e = parse_expr("a && !b || c == d").unwrap();
        let mut only_a = |x: &Atom| *x == Atom::Ident("a".into());
        assert!(evaluate(&e, &mut only_a));
        let mut none = |_: &Atom| false;
        assert!(!evaluate(&e, &mut none));
    }
}
