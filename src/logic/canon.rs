//! The canonical form of an expression (SCORING.md §5): double negations removed,
//! `&&`/`||` flattened, sorted and deduplicated, constants folded, equality operands
//! ordered, compound equalities against constants reduced; under two-state semantics
//! also `t == 0` read as `!t`, one-bit signals equal to their truth value, constants
//! out of a known width false, and opaque value expressions read under the known
//! widths. Idempotent.

use std::cmp::Ordering;

use super::expr::{Atom, Constant, Expr, Term};
use super::reread;
use super::semantics::Semantics;

/// The canonical form of `e` under the default semantics (two-state, no widths):
/// equal canonical forms mean equal expressions up to operand order, redundant
/// parentheses and the folding rules in `docs/logic.md`.
pub fn canonical(e: &Expr) -> Expr {
    canonical_in(e, Semantics::default_ref())
}

/// The text of the canonical form.
pub fn canonical_text(e: &Expr) -> String {
    canonical(e).to_string()
}

/// The canonical form of `e` under `semantics`.
pub(crate) fn canonical_in(e: &Expr, semantics: &Semantics) -> Expr {
    Canon { semantics }.expr(e)
}

/// The canonical form of an equality's operand, on its own.
pub fn canonical_term(t: &Term) -> Term {
    Canon {
        semantics: Semantics::default_ref(),
    }
    .term(t)
}

/// A constant as canonical forms keep it: as written when it has a value (its identity
/// is the value: `4'hA`, `'d10` and `10` are one constant); constants with x/z digits
/// lower-cased and without `_` (`?` is `z`), so spelling variants are one constant.
pub fn canonical_constant(c: &Constant) -> Constant {
    match c.value {
        Some(_) if !c.has_xz => c.clone(),
        _ => Constant {
            text: c
                .text
                .to_ascii_lowercase()
                .replace('_', "")
                .replace('?', "z"),
            width: c.width,
            value: c.value,
            has_xz: c.has_xz,
        },
    }
}

fn bit(b: bool) -> Constant {
    Constant {
        text: if b { "1'b1" } else { "1'b0" }.into(),
        width: Some(1),
        value: Some(u128::from(b)),
        has_xz: false,
    }
}

/// Largest pair of compound operands (in nodes) whose equality is expanded into
/// `a && b || !a && !b`; larger ones (chains such as `!a == !b == !c == ...` would
/// grow exponentially) stay an `Eq` atom with canonical operands.
const MAX_XNOR_SIZE: usize = 64;

/// Number of nodes of `e`, counting no further than `MAX_XNOR_SIZE + 1`.
fn size(e: &Expr) -> usize {
    fn count(e: &Expr, n: &mut usize) {
        *n += 1;
        if *n > MAX_XNOR_SIZE {
            return;
        }
        match e {
            Expr::Not(x) => count(x, n),
            Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| count(x, n)),
            Expr::Atom(Atom::Eq(l, r)) => {
                for t in [l, r] {
                    if let Term::Expr(x) = t {
                        count(x, n);
                    }
                }
            }
            _ => {}
        }
    }
    let mut n = 0;
    count(e, &mut n);
    n
}

/// `!c` of a canonical `c`, still canonical.
fn negate(c: Expr) -> Expr {
    match c {
        Expr::Const(b) => Expr::Const(!b),
        Expr::Not(inner) => *inner,
        other => Expr::Not(Box::new(other)),
    }
}

fn is_xz(t: &Term) -> bool {
    matches!(t, Term::Const(c) if c.value.is_none())
}

/// A signal-like term: what two-state semantics gives a value and, used as a
/// condition, the truth `term != 0`.
fn is_signal(t: &Term) -> bool {
    matches!(t, Term::Ident(_) | Term::Opaque(_))
}

struct Canon<'s> {
    semantics: &'s Semantics,
}

impl Canon<'_> {
    fn two_state(&self) -> bool {
        self.semantics.is_two_state()
    }

    fn expr(&self, e: &Expr) -> Expr {
        match e {
            Expr::Const(b) => Expr::Const(*b),
            Expr::Atom(Atom::Eq(l, r)) => self.eq(l, r),
            // A named constant used as a condition is its truth value.
            Expr::Atom(Atom::Ident(n)) if self.semantics.constant(n).is_some() => {
                let c = self.semantics.constant(n).cloned();
                Expr::Const(c.is_some_and(|c| c.value.is_some_and(|v| v != 0)))
            }
            Expr::Atom(Atom::Opaque(t)) if self.two_state() => {
                match reread::resolve_condition(t, self.semantics) {
                    Some(resolved) => self.expr(&resolved),
                    None => e.clone(),
                }
            }
            Expr::Atom(a) => Expr::Atom(a.clone()),
            Expr::Not(x) => negate(self.expr(x)),
            Expr::And(v) => junction(true, v.iter().map(|x| self.expr(x))),
            Expr::Or(v) => junction(false, v.iter().map(|x| self.expr(x))),
        }
    }

    fn term(&self, t: &Term) -> Term {
        match t {
            Term::Ident(n) => match self.semantics.constant(n) {
                Some(c) => Term::Const(c.clone()),
                None => Term::Ident(n.clone()),
            },
            Term::Const(c) => Term::Const(canonical_constant(c)),
            Term::Expr(e) => match self.expr(e) {
                // A compound operand that folds to a constant is a 1-bit constant.
                Expr::Const(b) => Term::Const(canonical_constant(&bit(b))),
                c => Term::Expr(Box::new(c)),
            },
            Term::Opaque(text) if self.two_state() => {
                match reread::resolve_term(text, self.semantics) {
                    Some(resolved) => self.term(&resolved),
                    None => t.clone(),
                }
            }
            Term::Opaque(text) => Term::Opaque(text.clone()),
        }
    }

    /// The width of a canonical signal-like term, when known.
    fn width(&self, t: &Term) -> Option<u32> {
        match t {
            Term::Ident(n) => self.semantics.width(n),
            Term::Opaque(text) => reread::opaque_width(text, self.semantics),
            Term::Expr(_) => Some(1),
            Term::Const(c) => c.width,
        }
    }

    /// A canonical signal-like term used as a condition (`t != 0`).
    fn truth(&self, t: &Term) -> Expr {
        match t {
            Term::Ident(n) => Expr::ident(n),
            Term::Opaque(text) => self.expr(&Expr::Atom(Atom::Opaque(text.clone()))),
            Term::Expr(e) => (**e).clone(),
            Term::Const(c) => Expr::Const(c.value.is_some_and(|v| v != 0)),
        }
    }

    fn eq(&self, l: &Term, r: &Term) -> Expr {
        let (l, r) = (self.term(l), self.term(r));
        match (&l, &r) {
            (Term::Const(a), Term::Const(b)) if a.value.is_some() && b.value.is_some() => {
                return Expr::Const(a.value == b.value);
            }
            _ if l == r && !is_xz(&l) => return Expr::Const(true),
            (Term::Expr(e), Term::Const(c)) | (Term::Const(c), Term::Expr(e)) => {
                // A compound operand is 1 bit wide: it equals 1 when true, 0 when false.
                match (c.value, c.has_xz) {
                    (Some(1), _) => return (**e).clone(),
                    (Some(0), _) => return negate((**e).clone()),
                    (Some(_), _) => return Expr::Const(false),
                    // `'1` fills the 1-bit context: it is 1.
                    (None, false) => return (**e).clone(),
                    (None, true) => {}
                }
            }
            (Term::Expr(a), Term::Expr(b)) if size(a) + size(b) <= MAX_XNOR_SIZE => {
                let (a, b) = ((**a).clone(), (**b).clone());
                let both = Expr::And(vec![a.clone(), b.clone()]);
                let neither = Expr::And(vec![negate(a), negate(b)]);
                return self.expr(&Expr::Or(vec![both, neither]));
            }
            _ if self.two_state() => {
                if let Some(e) = self.two_state_eq(&l, &r) {
                    return e;
                }
            }
            _ => {}
        }
        let (l, r) = if l <= r { (l, r) } else { (r, l) };
        Expr::Atom(Atom::Eq(l, r))
    }

    /// The two-state readings of an equality of canonical operands, when one applies.
    fn two_state_eq(&self, l: &Term, r: &Term) -> Option<Expr> {
        match (l, r) {
            (t, Term::Const(c)) | (Term::Const(c), t) if is_signal(t) => {
                if c.has_xz {
                    return None;
                }
                let width = self.width(t);
                // `'1` is all ones of the signal's width.
                let value = match (c.value, width) {
                    (Some(v), _) => v,
                    (None, Some(w)) if w < 128 => (1u128 << w) - 1,
                    _ => return None,
                };
                if value == 0 {
                    return Some(negate(self.truth(t)));
                }
                match width {
                    Some(w) if w < 128 && value >> w != 0 => Some(Expr::Const(false)),
                    Some(1) => Some(self.truth(t)),
                    _ if c.value.is_none() => Some(self.eq(t, &Term::Const(all_ones(value)))),
                    _ => None,
                }
            }
            // `t == X` for a 1-bit X: `t == 1` when X holds, `t == 0` when not.
            (t, Term::Expr(x)) | (Term::Expr(x), t) if is_signal(t) => {
                if size(x) > MAX_XNOR_SIZE {
                    return None;
                }
                Some(self.value_is_bit(t, x))
            }
            // Two signals, one of them 1 bit wide: the other equals that bit.
            (a, b) if is_signal(a) && is_signal(b) => {
                let (one, other) = if self.width(a) == Some(1) {
                    (a, b)
                } else if self.width(b) == Some(1) {
                    (b, a)
                } else {
                    return None;
                };
                let x = self.truth(one);
                Some(self.value_is_bit(other, &x))
            }
            _ => None,
        }
    }

    /// `t == X` for a canonical 1-bit expression `X`: `X && t == 1 || !X && !t`.
    fn value_is_bit(&self, t: &Term, x: &Expr) -> Expr {
        let is_one = self.eq(t, &Term::Const(bit(true)));
        let is_zero = negate(self.truth(t));
        let e = Expr::Or(vec![
            Expr::And(vec![x.clone(), is_one]),
            Expr::And(vec![negate(x.clone()), is_zero]),
        ]);
        self.expr(&e)
    }
}

/// The constant `value` written in hexadecimal (a `'1` resolved to a width).
fn all_ones(value: u128) -> Constant {
    Constant {
        text: format!("'h{value:x}"),
        width: None,
        value: Some(value),
        has_xz: false,
    }
}

/// Flattens, folds, sorts and deduplicates the canonical operands of `&&` (`is_and`)
/// or `||`; `a && !a` is false and `a || !a` true.
fn junction(is_and: bool, items: impl Iterator<Item = Expr>) -> Expr {
    let absorbing = Expr::Const(!is_and);
    let mut out = Vec::with_capacity(items.size_hint().0);
    for item in items {
        match item {
            Expr::Const(b) if b == is_and => {}
            Expr::Const(_) => return absorbing,
            Expr::And(v) if is_and => out.extend(v),
            Expr::Or(v) if !is_and => out.extend(v),
            other => out.push(other),
        }
    }
    out.sort_by(order);
    out.dedup();
    let complementary = out.iter().any(|e| match e {
        Expr::Not(inner) => out.binary_search_by(|x| order(x, inner)).is_ok(),
        _ => false,
    });
    if complementary {
        return absorbing;
    }
    match out.len() {
        0 => Expr::Const(is_and),
        1 => out.pop().unwrap_or(Expr::Const(is_and)),
        _ if is_and => Expr::And(out),
        _ => Expr::Or(out),
    }
}

/// Operand order: by the operand without its negation, then plain before negated, so
/// `b && !a` prints as `!a && b` and `a` sits next to `!a`.
fn order(a: &Expr, b: &Expr) -> Ordering {
    fn split(e: &Expr) -> (&Expr, bool) {
        match e {
            Expr::Not(inner) => (inner, true),
            other => (other, false),
        }
    }
    let (ba, na) = split(a);
    let (bb, nb) = split(b);
    ba.cmp(bb).then(na.cmp(&nb))
}

#[cfg(test)]
#[path = "canon_tests.rs"]
mod tests;
#[cfg(test)]
mod text_tests {
    use crate::logic::{canonical_text, equivalent, parse_expr};

    /// Found by the fuzz target `logic_expr`: `!!a` as an equality operand is a truth
    /// value; its canonical text must not read back as the value of `a`.
    #[test]
    fn canonical_text_reads_back_to_an_equivalent_expression() {
        for text in [
            "!!a|| ! !(!!a !=  d)",
            "(!!a) == b",
            "(!a) == b",
            "(a && b) != c",
        ] {
            let e = parse_expr(text).unwrap();
            let back = parse_expr(&canonical_text(&e)).unwrap();
            assert!(equivalent(&e, &back), "{text} -> {}", canonical_text(&e));
        }
    }
}
