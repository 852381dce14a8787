//! The canonical form of an expression (SCORING.md §5): double negations removed,
//! `&&`/`||` flattened, sorted and deduplicated, constants folded, equality operands
//! ordered, compound equalities against constants reduced. Idempotent.

use std::cmp::Ordering;

use super::expr::{Atom, Constant, Expr, Term};

/// The canonical form of `e`: equal canonical forms mean equal expressions up to
/// operand order, redundant parentheses and the folding rules in `docs/logic.md`.
pub fn canonical(e: &Expr) -> Expr {
    match e {
        Expr::Const(b) => Expr::Const(*b),
        Expr::Atom(Atom::Eq(l, r)) => canonical_eq(l, r),
        Expr::Atom(a) => Expr::Atom(a.clone()),
        Expr::Not(x) => negate(canonical(x)),
        Expr::And(v) => junction(true, v.iter().map(canonical)),
        Expr::Or(v) => junction(false, v.iter().map(canonical)),
    }
}

/// The text of the canonical form.
pub fn canonical_text(e: &Expr) -> String {
    canonical(e).to_string()
}

/// The canonical form of an equality's operand, on its own.
pub fn canonical_term(t: &Term) -> Term {
    match t {
        Term::Ident(n) => Term::Ident(n.clone()),
        Term::Const(c) => Term::Const(canonical_constant(c)),
        Term::Expr(e) => match canonical(e) {
            // A compound operand that folds to a constant is a 1-bit constant.
            Expr::Const(b) => Term::Const(canonical_constant(&bit(b))),
            c => Term::Expr(Box::new(c)),
        },
        Term::Opaque(t) => Term::Opaque(t.clone()),
    }
}

/// A constant by value: `4'hA`, `'d10` and `10` are all `10` (equality zero-extends,
/// so the width does not matter once the value is known). Constants with x/z digits
/// keep their digits, lower-cased and without `_` (`?` is `z`).
pub fn canonical_constant(c: &Constant) -> Constant {
    match c.value {
        Some(v) if !c.has_xz => Constant {
            text: v.to_string(),
            width: None,
            value: Some(v),
            has_xz: false,
        },
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

fn canonical_eq(l: &Term, r: &Term) -> Expr {
    let (l, r) = (canonical_term(l), canonical_term(r));
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
            return canonical(&Expr::Or(vec![both, neither]));
        }
        _ => {}
    }
    let (l, r) = if l <= r { (l, r) } else { (r, l) };
    Expr::Atom(Atom::Eq(l, r))
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
        let e = parse_expr("(!!a) == b").unwrap();
        assert_eq!(canonical_text(&e), "b == (!!a)");
    }
}
