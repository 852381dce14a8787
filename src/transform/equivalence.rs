//! Exact equivalence of two path conditions, on a BDD over their atoms (atoms are
//! compared as written: the rewrites never reorder the operands of `==`).
//!
//! The shared `logic::equivalent` was not on a branch yet when this was written;
//! validation goes through [`equivalent`] here so switching is one line.

use std::collections::BTreeMap;

use biodivine_lib_bdd::{Bdd, BddVariableSet};

use crate::logic::{Atom, Expr};

/// Whether `a` and `b` have the same truth value under every assignment of their atoms.
pub fn equivalent(a: &Expr, b: &Expr) -> bool {
    let mut atoms: BTreeMap<Atom, usize> = BTreeMap::new();
    for atom in a.atoms().into_iter().chain(b.atoms()) {
        let next = atoms.len();
        atoms.entry(atom).or_insert(next);
    }
    let Ok(count) = u16::try_from(atoms.len()) else {
        return a == b;
    };
    let vars = BddVariableSet::new_anonymous(count);
    let variables = vars.variables();
    let build = |e: &Expr| to_bdd(e, &vars, &|atom| vars.mk_var(variables[atoms[atom]]));
    build(a) == build(b)
}

fn to_bdd(e: &Expr, vars: &BddVariableSet, atom: &dyn Fn(&Atom) -> Bdd) -> Bdd {
    match e {
        Expr::Const(true) => vars.mk_true(),
        Expr::Const(false) => vars.mk_false(),
        Expr::Atom(a) => atom(a),
        Expr::Not(inner) => to_bdd(inner, vars, atom).not(),
        Expr::And(items) => items
            .iter()
            .fold(vars.mk_true(), |acc, x| acc.and(&to_bdd(x, vars, atom))),
        Expr::Or(items) => items
            .iter()
            .fold(vars.mk_false(), |acc, x| acc.or(&to_bdd(x, vars, atom))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reordering_and_regrouping_are_equivalent_dropping_is_not() {
        let (a, b, c) = (Expr::ident("a"), Expr::ident("b"), Expr::ident("c"));
        let abc = Expr::and([a.clone(), Expr::or([b.clone(), c.clone()])]);
        let cba = Expr::and([Expr::or([c.clone(), b.clone()]), a.clone()]);
        assert!(equivalent(&abc, &cba));
        assert!(!equivalent(&abc, &Expr::and([a.clone(), b.clone()])));
        let de_morgan = Expr::not(Expr::or([Expr::not(a.clone()), Expr::not(b.clone())]));
        assert!(equivalent(&de_morgan, &Expr::and([a, b])));
    }
}
