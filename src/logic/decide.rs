//! Exact decisions on canonical forms, for any number of atoms: equivalence,
//! implication, satisfiability, their relation, and a satisfying assignment. Each
//! works on canonical forms: identical ones are equivalent at once; up to 12 atoms a
//! bit-parallel truth table decides; beyond that, BDDs over the shared atoms.

use std::collections::{BTreeMap, BTreeSet};

use super::bdd::Space;
use super::bits;
use super::expr::{Atom, Expr};
use super::semantics::Semantics;

/// How expression `a` relates to expression `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Relation {
    /// Each implies the other.
    Equivalent,
    /// `a` implies `b`, not conversely (`a` adds conditions).
    Stronger,
    /// `b` implies `a`, not conversely (`a` drops conditions).
    Weaker,
    /// Neither implies the other.
    Incomparable,
}

/// Lower-case names as in reports: `equivalent`, `stronger`, `weaker`, `incomparable`.
impl std::fmt::Display for Relation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Relation::Equivalent => "equivalent",
            Relation::Stronger => "stronger",
            Relation::Weaker => "weaker",
            Relation::Incomparable => "incomparable",
        })
    }
}

/// Whether `a` and `b` are true under exactly the same assignments of their atoms
/// (default semantics: two-state, no widths known).
pub fn equivalent(a: &Expr, b: &Expr) -> bool {
    Semantics::default_ref().equivalent(a, b)
}

/// Whether every assignment that makes `a` true makes `b` true.
pub fn implies(a: &Expr, b: &Expr) -> bool {
    Semantics::default_ref().implies(a, b)
}

/// `implies` on forms already canonical under `semantics`.
pub(crate) fn implies_canonical(ca: &Expr, cb: &Expr, semantics: &Semantics) -> bool {
    if ca == cb {
        return true;
    }
    if let Some((a_to_b, _)) = bits::implications(ca, cb, semantics) {
        return a_to_b;
    }
    let space = Space::new(&[ca, cb], semantics);
    space
        .allowed(space.bdd(ca).and_not(&space.bdd(cb)))
        .is_false()
}

/// Whether some assignment of the atoms makes `e` true.
pub fn satisfiable(e: &Expr) -> bool {
    Semantics::default_ref().satisfiable(e)
}

/// `satisfiable` on a form already canonical under `semantics`.
pub(crate) fn satisfiable_canonical(c: &Expr, semantics: &Semantics) -> bool {
    let space = Space::new(&[c], semantics);
    !space.allowed(space.bdd(c)).is_false()
}

/// The atoms of `canonical(e)`: what SCORING.md §6 rules 5 and 6 compare.
pub fn canonical_atoms(e: &Expr) -> BTreeSet<Atom> {
    Semantics::default_ref().canonical_atoms(e)
}

/// How `a` relates to `b` (both directions of implication at once).
pub fn relation(a: &Expr, b: &Expr) -> Relation {
    Semantics::default_ref().relation(a, b)
}

/// `relation` on forms already canonical under `semantics`.
pub(crate) fn relation_canonical(ca: &Expr, cb: &Expr, semantics: &Semantics) -> Relation {
    if ca == cb {
        return Relation::Equivalent;
    }
    let (a_to_b, b_to_a) = match bits::implications(ca, cb, semantics) {
        Some(found) => found,
        None => bdd_implications(ca, cb, semantics),
    };
    from_implications(a_to_b, b_to_a)
}

/// Both implications between canonical forms, decided on their BDDs.
pub(crate) fn bdd_implications(ca: &Expr, cb: &Expr, semantics: &Semantics) -> (bool, bool) {
    let space = Space::new(&[ca, cb], semantics);
    let (ba, bb) = (space.bdd(ca), space.bdd(cb));
    (
        space.allowed(ba.and_not(&bb)).is_false(),
        space.allowed(bb.and_not(&ba)).is_false(),
    )
}

pub(crate) fn from_implications(a_to_b: bool, b_to_a: bool) -> Relation {
    match (a_to_b, b_to_a) {
        (true, true) => Relation::Equivalent,
        (true, false) => Relation::Stronger,
        (false, true) => Relation::Weaker,
        (false, false) => Relation::Incomparable,
    }
}

/// One assignment of the atoms of `canonical(e)` that makes `e` true, if any.
/// Atoms are those of the canonical form (`b == a` appears as `a == b`); under
/// two-state semantics the assignment is one some values of the signals give.
pub fn satisfying_assignment(e: &Expr) -> Option<BTreeMap<Atom, bool>> {
    Semantics::default_ref().satisfying_assignment(e)
}

/// `satisfying_assignment` of a form already canonical under `semantics`.
pub(crate) fn assignment_canonical(
    c: &Expr,
    semantics: &Semantics,
) -> Option<BTreeMap<Atom, bool>> {
    let space = Space::new(&[c], semantics);
    let witness = space.allowed(space.bdd(c)).sat_witness()?;
    let values = space.values(&witness);
    Some(space.atoms().iter().cloned().zip(values).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::eval::evaluate;
    use crate::logic::{canonical, canonical_text, parse_expr};

    fn p(t: &str) -> Expr {
        parse_expr(t).unwrap()
    }

    #[test]
    fn decides_equivalence_beyond_canonical_text() {
        assert!(equivalent(&p("!(a && b)"), &p("!a || !b")));
        assert!(equivalent(&p("a && (b || c)"), &p("a && b || a && c")));
        assert!(!equivalent(&p("a && b"), &p("a || b")));
        assert!(equivalent(&p("x != y"), &p("!(y == x)")));
    }

    #[test]
    fn classifies_relations() {
        assert_eq!(relation(&p("a && b"), &p("a")), Relation::Stronger);
        assert_eq!(relation(&p("a"), &p("a && b")), Relation::Weaker);
        assert_eq!(relation(&p("a"), &p("b")), Relation::Incomparable);
        assert_eq!(relation(&p("b || a"), &p("a || b")), Relation::Equivalent);
        assert_eq!(Relation::Stronger.to_string(), "stronger");
        assert!(implies(&p("0"), &p("a")));
        assert!(implies(&p("a && !a"), &p("b")));
        assert!(!implies(&p("a"), &p("a && b")));
    }

    #[test]
    fn opaque_rtl_atoms_are_variables() {
        let cnt = Expr::Atom(Atom::Opaque("cnt > 3".into()));
        let a = Expr::and([cnt.clone(), p("a")]);
        let b = Expr::and([p("a"), cnt.clone(), p("a || a")]);
        assert!(equivalent(&a, &b));
        assert_eq!(relation(&a, &cnt), Relation::Stronger);
        assert_eq!(canonical_text(&Expr::not(cnt.clone())), "!(cnt > 3)");
        assert_eq!(canonical_text(&a), "a && (cnt > 3)");
    }

    #[test]
    fn canonical_atoms_merge_spellings() {
        let atoms = canonical_atoms(&p("b == a && a == b && s == 4'hA && s == 10 && c && !!c"));
        assert_eq!(atoms.len(), 3);
        assert!(canonical_atoms(&p("a && 0")).is_empty());
    }

    #[test]
    fn satisfiability_and_witness() {
        assert!(!satisfiable(&p("a && !a")));
        assert!(!satisfiable(&p("(a || b) && !a && !b")));
        let e = p("(a || b) && !a && c != d");
        let w = satisfying_assignment(&e).unwrap();
        assert!(evaluate(&canonical(&e), &mut |x| w[x]));
        assert_eq!(w.len(), 3);
        assert_eq!(satisfying_assignment(&p("a && !a")), None);
        assert_eq!(satisfying_assignment(&p("1")), Some(BTreeMap::new()));
    }

    #[test]
    fn handles_many_atoms_exactly() {
        // 80 atoms: (x0 && x1) || (x2 && x3) || ... against its reordering.
        let pairs: Vec<String> = (0..40)
            .map(|i| format!("x{} && x{}", 2 * i, 2 * i + 1))
            .collect();
        let a = p(&pairs.join(" || "));
        let reversed: Vec<String> = (0..40)
            .rev()
            .map(|i| format!("x{} && x{}", 2 * i + 1, 2 * i))
            .collect();
        assert!(equivalent(&a, &p(&reversed.join(" || "))));
        let weaker = format!("{} || x0", pairs[1..].join(" || "));
        assert_eq!(relation(&a, &p(&weaker)), Relation::Stronger);
    }
}
