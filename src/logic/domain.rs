//! The two-state domain constraint over a list of atoms: which assignments of the
//! atoms some values of the terms can give. Atoms about one signal-like term `t` (an
//! identifier or an opaque operand) form a group: its truth `t` (`t != 0`) and its
//! equalities with constants `t == c`. Exactly one value class holds: `t` equals one
//! of the constants, or is zero, or (when its width leaves room) some other value.
//! Every other atom (an equality of two signals, one with an x/z constant, a compound
//! one) is unconstrained. Decisions restrict every comparison to the assignments
//! allowed here.

use std::collections::HashMap;

use biodivine_lib_bdd::{Bdd, BddVariableSet};

use super::compiled::Shape;
use super::expr::{Atom, Constant, Term};
use super::reread;
use super::semantics::Semantics;

/// One value class of a group: the variables that hold (`true`) or not in it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Class(Vec<(usize, bool)>);

/// The constraint, as one disjunction of value classes per group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Domain {
    groups: Vec<Vec<Class>>,
}

#[derive(Default)]
struct Group<'a> {
    term: Option<&'a Term>,
    name: &'a str,
    truth: Option<usize>,
    values: Vec<(usize, u128)>,
}

/// The signal-like term of an atom and, for an equality, the constant's value.
fn classify(atom: &Atom) -> Option<(&str, bool, Option<u128>, Option<&Term>)> {
    let known = |c: &Constant| c.value.filter(|_| !c.has_xz);
    match atom {
        Atom::Ident(n) => Some((n, false, None, None)),
        Atom::Opaque(t) => Some((t, true, None, None)),
        Atom::Eq(t @ Term::Ident(n), Term::Const(c))
        | Atom::Eq(Term::Const(c), t @ Term::Ident(n)) => {
            Some((n, false, Some(known(c)?), Some(t)))
        }
        Atom::Eq(t @ Term::Opaque(o), Term::Const(c))
        | Atom::Eq(Term::Const(c), t @ Term::Opaque(o)) => {
            Some((o, true, Some(known(c)?), Some(t)))
        }
        _ => None,
    }
}

impl Domain {
    /// The constraint over `atoms` (variable `i` is `atoms[i]`) under `semantics`;
    /// `None` when it allows every assignment (always under `atoms` semantics).
    pub fn new(atoms: &[&Atom], semantics: &Semantics) -> Option<Domain> {
        if !semantics.is_two_state() {
            return None;
        }
        // Nothing to constrain without an equality with a constant.
        if !atoms
            .iter()
            .any(|a| matches!(a, Atom::Eq(Term::Const(_), _) | Atom::Eq(_, Term::Const(_))))
        {
            return None;
        }
        let mut groups: Vec<Group> = Vec::new();
        let mut by_key: HashMap<(&str, bool), usize> = HashMap::new();
        for (i, atom) in atoms.iter().enumerate() {
            let Some((name, opaque, value, term)) = classify(atom) else {
                continue;
            };
            let g = *by_key.entry((name, opaque)).or_insert_with(|| {
                groups.push(Group {
                    name,
                    ..Group::default()
                });
                groups.len() - 1
            });
            let group = &mut groups[g];
            match value {
                None => group.truth = Some(i),
                Some(v) => {
                    group.values.push((i, v));
                    group.term = term;
                }
            }
        }
        let classes: Vec<Vec<Class>> = groups
            .iter()
            .filter(|g| g.values.len() >= 2 || (g.truth.is_some() && !g.values.is_empty()))
            .map(|g| {
                let width = match g.term {
                    Some(Term::Ident(_)) => semantics.width(g.name),
                    Some(Term::Opaque(_)) => reread::opaque_width(g.name, semantics),
                    _ => None,
                };
                group_classes(g, width)
            })
            .collect();
        (!classes.is_empty()).then_some(Domain { groups: classes })
    }

    /// The table of allowed assignments (bit per assignment, as in `Shape`).
    pub fn table(&self, shape: Shape) -> Vec<u64> {
        let mut out = vec![u64::MAX; shape.words];
        for group in &self.groups {
            let mut any = vec![0u64; shape.words];
            for class in group {
                let mut all = vec![u64::MAX; shape.words];
                for &(var, holds) in &class.0 {
                    for (w, word) in all.iter_mut().enumerate() {
                        let v = Shape::var_word(var as u8, w);
                        *word &= if holds { v } else { !v };
                    }
                }
                for (a, b) in any.iter_mut().zip(&all) {
                    *a |= b;
                }
            }
            for (o, a) in out.iter_mut().zip(&any) {
                *o &= a;
            }
        }
        out
    }

    /// The BDD of the allowed assignments, variable `i` being `vars.variables()[i]`.
    pub fn bdd(&self, vars: &BddVariableSet) -> Bdd {
        let list = vars.variables();
        let mut out = vars.mk_true();
        for group in &self.groups {
            let mut any = vars.mk_false();
            for class in group {
                let mut all = vars.mk_true();
                for &(var, holds) in &class.0 {
                    match list.get(var) {
                        Some(&v) => all = all.and(&vars.mk_literal(v, holds)),
                        None => {
                            // Outside the variable set (more than u16::MAX atoms): false.
                            if holds {
                                all = vars.mk_false();
                            }
                        }
                    }
                }
                any = any.or(&all);
            }
            out = out.and(&any);
        }
        out
    }
}

/// The value classes of one group: each constant, zero, and any other value.
fn group_classes(g: &Group, width: Option<u32>) -> Vec<Class> {
    let values: Vec<usize> = g.values.iter().map(|(i, _)| *i).collect();
    let none_but = |keep: Option<usize>| -> Vec<(usize, bool)> {
        values.iter().map(|&i| (i, Some(i) == keep)).collect()
    };
    let fits = |v: u128| width.is_none_or(|w| w >= 128 || v >> w == 0);
    let mut classes = Vec::new();
    for &(i, v) in &g.values {
        if !fits(v) {
            continue;
        }
        let mut literals = none_but(Some(i));
        if let Some(t) = g.truth {
            literals.push((t, v != 0));
        }
        classes.push(Class(literals));
    }
    let zero_listed = g.values.iter().any(|&(_, v)| v == 0);
    if !zero_listed {
        let mut literals = none_but(None);
        if let Some(t) = g.truth {
            literals.push((t, false));
        }
        classes.push(Class(literals));
    }
    // Another value exists unless the constants and zero fill the width.
    let mut listed: Vec<u128> = g
        .values
        .iter()
        .map(|&(_, v)| v)
        .filter(|&v| fits(v))
        .collect();
    listed.push(0);
    listed.sort_unstable();
    listed.dedup();
    let other = match width {
        Some(w) if w < 128 => (listed.len() as u128) < (1u128 << w),
        _ => true,
    };
    if other {
        let mut literals = none_but(None);
        if let Some(t) = g.truth {
            literals.push((t, true));
        }
        classes.push(Class(literals));
    }
    classes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::semantics::{Values, Widths};
    use crate::logic::{canonical, parse_expr};

    /// The allowed rows of the atoms of `text` (in order of appearance).
    fn rows(text: &str, widths: &[(&str, u32)]) -> Vec<usize> {
        let sem = Semantics::new(Values::TwoState).with_widths(
            widths
                .iter()
                .map(|(n, w)| (n.to_string(), *w))
                .collect::<Widths>(),
        );
        let e = canonical(&parse_expr(text).unwrap());
        let atoms = e.atoms_in_order();
        let refs: Vec<&Atom> = atoms.iter().collect();
        let shape = Shape::new(refs.len());
        match Domain::new(&refs, &sem) {
            None => (0..1 << refs.len()).collect(),
            Some(d) => {
                let t = d.table(shape);
                (0..1 << refs.len())
                    .filter(|&r| crate::logic::compiled::value(&t, r))
                    .collect()
            }
        }
    }

    #[test]
    fn equalities_with_distinct_constants_exclude_each_other() {
        // Atoms: s == 1 (bit 0), s == 2 (bit 1): never both.
        assert_eq!(rows("s == 1 || s == 2", &[]), [0, 1, 2]);
    }

    #[test]
    fn an_equality_with_a_nonzero_constant_implies_the_truth() {
        // Atoms: s (bit 0), s == 1 (bit 1): s == 1 without s is impossible.
        assert_eq!(rows("s || s == 1", &[]), [0, 1, 3]);
    }

    #[test]
    fn a_full_width_leaves_no_other_value() {
        // 2-bit s: s, s == 1, s == 2, s == 3. s true means one of them.
        let r = rows("s || s == 1 || s == 2 || s == 3", &[("s", 2)]);
        assert_eq!(r, [0, 0b0011, 0b0101, 0b1001]);
        let r = rows("s || s == 1 || s == 2 || s == 3", &[]);
        assert_eq!(r, [0, 0b0001, 0b0011, 0b0101, 0b1001]);
    }

    #[test]
    fn unconstrained_without_constants() {
        assert_eq!(rows("a == b || a", &[]), [0, 1, 2, 3]);
        assert!(Domain::new(&[], &Semantics::new(Values::Atoms)).is_none());
    }
}
