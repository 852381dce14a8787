//! The fast path for few atoms: bit-parallel truth tables (one bit per assignment,
//! 64 assignments per word) for up to `MAX_ATOMS` atoms. Exact, like the BDD path.

use super::compiled::{self, Compiled, Shape};
use super::domain::Domain;
use super::expr::{Atom, Expr};
use super::semantics::Semantics;

pub(crate) use super::compiled::MAX_ATOMS;

/// Whether `a` implies `b` and whether `b` implies `a` under `semantics`, for
/// canonical forms with at most `MAX_ATOMS` atoms between them; `None` when there are
/// more.
pub(crate) fn implications(a: &Expr, b: &Expr, semantics: &Semantics) -> Option<(bool, bool)> {
    let table = Table::new(&[a, b], semantics)?;
    let (ta, tb) = (table.eval(a), table.eval(b));
    Some((table.implies(&ta, &tb), table.implies(&tb, &ta)))
}

/// Adds the atoms of `e` to `index`; false once there are more than `MAX_ATOMS`.
/// A short list searched in order: cheaper than hashing for at most 12 atoms.
fn collect<'a>(e: &'a Expr, index: &mut Vec<&'a Atom>) -> bool {
    match e {
        Expr::Const(_) => true,
        Expr::Atom(a) => {
            if !index.contains(&a) {
                index.push(a);
            }
            index.len() <= MAX_ATOMS
        }
        Expr::Not(x) => collect(x, index),
        Expr::And(v) | Expr::Or(v) => v.iter().all(|x| collect(x, index)),
    }
}

/// Truth tables over the atoms of a few expressions (numbered by first appearance):
/// bit `k % 64` of word `k / 64` is the value under assignment `k`, where atom `i`
/// is true in assignment `k` when bit `i` of `k` is set. Bits beyond the `2^n`
/// assignments (fewer than 6 atoms) are ignored by every comparison, and so are the
/// assignments the two-state domain rules out (`domain`).
pub(crate) struct Table<'a> {
    index: Vec<&'a Atom>,
    shape: Shape,
    domain: Option<Vec<u64>>,
}

impl<'a> Table<'a> {
    /// Tables over the atoms of `exprs` under `semantics`; `None` when they have more
    /// than `MAX_ATOMS`.
    pub fn new(exprs: &[&'a Expr], semantics: &Semantics) -> Option<Table<'a>> {
        let mut index: Vec<&Atom> = Vec::new();
        for e in exprs {
            if !collect(e, &mut index) {
                return None;
            }
        }
        let shape = Shape::new(index.len());
        let domain = Domain::new(&index, semantics).map(|d| d.table(shape));
        Some(Table {
            index,
            shape,
            domain,
        })
    }

    /// The allowed assignments, when not all are.
    pub fn domain(&self) -> Option<&[u64]> {
        self.domain.as_deref()
    }

    /// The index of an atom of the table.
    pub fn var(&self, atom: &Atom) -> Option<usize> {
        self.index.iter().position(|a| *a == atom)
    }

    /// Whether two tables agree on every allowed assignment.
    pub fn same(&self, a: &[u64], b: &[u64]) -> bool {
        self.shape.same(a, b, self.domain())
    }

    /// Whether every allowed assignment that makes `a` true makes `b` true.
    pub fn implies(&self, a: &[u64], b: &[u64]) -> bool {
        self.shape.implies(a, b, self.domain())
    }

    /// The first allowed assignment (as a row number) that makes `t` true, if any.
    pub fn first_true(&self, t: &[u64]) -> Option<usize> {
        self.shape.first_true(t, self.domain())
    }

    /// The value of table `t` under assignment `row`.
    pub fn value(t: &[u64], row: usize) -> bool {
        compiled::value(t, row)
    }

    /// The table of `e` with variable `i` negated wherever it occurs: the value under
    /// each assignment is that of `t` under the same assignment with atom `i` flipped.
    pub fn flip_var(&self, t: &[u64], i: usize) -> Vec<u64> {
        self.shape.flip_var(t, i)
    }

    /// The table of an expression whose atoms all belong to the table (others are
    /// false, as in the BDD bridge).
    pub fn eval(&self, e: &Expr) -> Vec<u64> {
        self.eval_flipping(e, usize::MAX, &mut 0)
    }

    /// The table of `e` with its `target`-th atom occurrence (0-based, left to right)
    /// negated; `seen` counts the occurrences passed so far.
    pub fn eval_flipping(&self, e: &Expr, target: usize, seen: &mut usize) -> Vec<u64> {
        let c = Compiled::over(e, &self.index);
        let flip = target.checked_sub(*seen).unwrap_or(usize::MAX);
        *seen += c.occurrences().len();
        let mut out = Vec::with_capacity(self.shape.words);
        self.shape.eval_into(&c, flip, &mut Vec::new(), &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{canonical, parse_expr};

    fn imp(a: &str, b: &str) -> Option<(bool, bool)> {
        let (a, b) = (
            canonical(&parse_expr(a).unwrap()),
            canonical(&parse_expr(b).unwrap()),
        );
        implications(&a, &b, Semantics::default_ref())
    }

    #[test]
    fn decides_small_cases() {
        assert_eq!(imp("a && b", "a"), Some((true, false)));
        assert_eq!(imp("!(a && b)", "!a || !b"), Some((true, true)));
        assert_eq!(imp("1", "0"), Some((false, true)));
        assert_eq!(imp("a || !a", "1"), Some((true, true)));
    }

    #[test]
    fn uses_high_variables_across_words() {
        let names: Vec<String> = (0..12).map(|i| format!("s{i}")).collect();
        let all = names.join(" && ");
        let most = names[..11].join(" && ");
        assert_eq!(imp(&all, &most), Some((true, false)));
        assert_eq!(imp(&format!("{all} || s11"), "s11"), Some((true, true)));
        assert_eq!(imp(&format!("{all} && s12"), &most), None);
    }

    #[test]
    fn two_state_constants_exclude_each_other() {
        assert_eq!(imp("s == 1", "s != 2"), Some((true, false)));
        assert_eq!(imp("s == 1 && s == 2", "0"), Some((true, true)));
        assert_eq!(
            imp("x == 2'b01", "x != 2'b00 && x == 2'b01"),
            Some((true, true))
        );
    }
}
