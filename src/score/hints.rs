//! What a wrong antecedent's reason adds about the semantics: which signals, if they
//! were known to be 1 bit wide, would make the antecedent equivalent to the reference
//! (two-state semantics compares `a == 1'b1` with `a` and `a & b` with `a && b` only
//! for 1-bit signals), and whether x/z literals are involved.

use std::collections::{BTreeMap, BTreeSet};

use crate::logic::{Atom, Expr, Semantics, Term, Widths};

/// Most signals tried at width 1 at once (each further one doubles nothing, but the
/// search stays cheap and the reason short).
const MAX_CANDIDATES: usize = 8;

/// `; if `a` were known to be 1 bit wide they would be equivalent (...)`, when some
/// signals of unknown width make the difference.
pub fn width_hint(generated: &Expr, reference: &Expr, semantics: &Semantics) -> Option<String> {
    if !semantics.is_two_state() {
        return None;
    }
    let mut candidates = BTreeSet::new();
    for e in [generated, reference] {
        width_sensitive(e, &mut candidates);
    }
    candidates.retain(|n| semantics.width(n).is_none());
    if candidates.is_empty()
        || candidates.len() > MAX_CANDIDATES
        || private_equalities_only([generated, reference], &candidates, semantics)
    {
        return None;
    }
    let with = |names: &BTreeSet<String>| {
        let mut widths: Widths = semantics.widths().clone();
        widths.extend(names.iter().map(|n| (n.clone(), 1)));
        semantics.clone().with_widths(widths)
    };
    if !with(&candidates).equivalent(generated, reference) {
        return None;
    }
    // Keep only the signals that are needed.
    let mut needed = candidates.clone();
    for name in &candidates {
        let mut fewer = needed.clone();
        fewer.remove(name);
        if with(&fewer).equivalent(generated, reference) {
            needed = fewer;
        }
    }
    let names: Vec<String> = needed.iter().map(|n| format!("`{n}`")).collect();
    let flags: Vec<String> = needed.iter().map(|n| format!("--width {n}=1")).collect();
    let (subject, verb) = if names.len() == 1 {
        (names[0].clone(), "were")
    } else {
        (names.join(", "), "were all")
    };
    Some(format!(
        "; they are equivalent if {subject} {verb} 1 bit wide (give the width: `{}`, or \
         \"widths\" in programs.jsonl)",
        flags.join(" ")
    ))
}

/// Whether width 1 for every candidate cannot change how the antecedents relate (so
/// the exact check is not needed): each candidate is compared with exactly one other
/// candidate, in one equality `a == b`, and occurs nowhere else. Width 1 then only
/// replaces that equality by `a && b || !a && !b` over atoms of its own, which is
/// true or false wherever the equality was, so an assignment on which the antecedents
/// differ still exists. The usual case in VERT: `k_7 != e_3` in both antecedents.
fn private_equalities_only(
    exprs: [&Expr; 2],
    candidates: &BTreeSet<String>,
    semantics: &Semantics,
) -> bool {
    let mut partner: BTreeMap<String, String> = BTreeMap::new();
    let mut private = true;
    for e in exprs {
        e.visit_atoms(&mut |a| {
            if !private {
                return;
            }
            match a {
                Atom::Eq(Term::Ident(x), Term::Ident(y))
                    if x != y
                        && candidates.contains(x)
                        && candidates.contains(y)
                        && semantics.constant(x).is_none()
                        && semantics.constant(y).is_none() =>
                {
                    for (p, q) in [(x, y), (y, x)] {
                        match partner.get(p) {
                            Some(other) if other != q => private = false,
                            Some(_) => {}
                            None => {
                                partner.insert(p.clone(), q.clone());
                            }
                        }
                    }
                }
                other => {
                    let mut named = BTreeSet::new();
                    width_sensitive(&Expr::Atom(other.clone()), &mut named);
                    if let Atom::Ident(n) = other {
                        named.insert(n.clone());
                    }
                    if named.iter().any(|n| candidates.contains(n)) {
                        private = false;
                    }
                }
            }
        });
    }
    private && candidates.iter().all(|c| partner.contains_key(c))
}

/// `; x/z literals ... `, when an antecedent compares with one.
pub fn xz_note(generated: &Expr, reference: &Expr) -> Option<String> {
    let mut found = None;
    for e in [generated, reference] {
        e.visit_atoms(&mut |a| {
            if let Atom::Eq(l, r) = a {
                for t in [l, r] {
                    if let Term::Const(c) = t
                        && c.has_xz
                        && found.is_none()
                    {
                        found = Some(c.text.clone());
                    }
                }
            }
        });
    }
    found.map(|text| {
        format!(
            "; `{text}` has x/z digits: such an equality is an atom of its own, outside \
             two-state values"
        )
    })
}

/// The identifiers whose width could change the meaning of `e`: compared with a
/// constant or with a 1-bit operand, or inside an opaque (bitwise) expression.
fn width_sensitive(e: &Expr, out: &mut BTreeSet<String>) {
    e.visit_atoms(&mut |a| match a {
        Atom::Eq(l, r) => {
            for t in [l, r] {
                match t {
                    Term::Ident(n) => {
                        out.insert(n.clone());
                    }
                    Term::Opaque(text) => words(text, out),
                    Term::Expr(inner) => width_sensitive(inner, out),
                    Term::Const(_) => {}
                }
            }
        }
        Atom::Opaque(text) => words(text, out),
        Atom::Ident(_) => {}
    });
}

/// The identifiers of an opaque text (outside its selects' brackets).
pub(super) fn words(text: &str, out: &mut BTreeSet<String>) {
    let mut depth = 0usize;
    let mut word = String::new();
    let mut flush = |word: &mut String, depth: usize| {
        if depth == 0 && word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            out.insert(std::mem::take(word));
        }
        word.clear();
    };
    for c in text.chars() {
        match c {
            '[' => {
                flush(&mut word, depth);
                depth += 1;
            }
            ']' => {
                word.clear();
                depth = depth.saturating_sub(1);
            }
            c if c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '\'' => word.push(c),
            _ => flush(&mut word, depth),
        }
    }
    flush(&mut word, depth);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::parse_expr;

    fn hint(g: &str, r: &str) -> Option<String> {
        width_hint(
            &parse_expr(g).unwrap(),
            &parse_expr(r).unwrap(),
            Semantics::default_ref(),
        )
    }

    #[test]
    fn names_the_signals_that_would_need_one_bit() {
        let h = hint("a == 1'b1 && b", "a && b").unwrap();
        assert!(h.contains("if `a` were 1 bit wide"), "{h}");
        assert!(h.contains("--width a=1"), "{h}");
        let h = hint("(a & b) && c", "a && b && c").unwrap();
        assert!(h.contains("`a`, `b` were all 1 bit wide"), "{h}");
        assert_eq!(hint("a == 2", "a"), None);
        assert_eq!(hint("a && c", "a && b"), None);
    }

    /// Where the shortcut says width 1 cannot matter, the exact check agrees.
    #[test]
    fn private_equalities_need_no_exact_check() {
        let cases = [
            ("a != b && c", "a != b", true),
            ("a != b && c != d", "c != d && a != b && e", true),
            ("a == b", "b == a && c", true),
            ("a != b && a", "a != b", false),
            ("a != b && b != c", "a != b", false),
            ("a != b && (a & c)", "a != b", false),
            ("a != b && a == 2'd1", "a != b", false),
            ("a != b || !(a != b) && c", "c", true),
        ];
        let sem = Semantics::default_ref();
        for (g, r, private) in cases {
            let (g, r) = (parse_expr(g).unwrap(), parse_expr(r).unwrap());
            let mut candidates = BTreeSet::new();
            width_sensitive(&g, &mut candidates);
            width_sensitive(&r, &mut candidates);
            assert_eq!(
                private_equalities_only([&g, &r], &candidates, sem),
                private,
                "{g} / {r}"
            );
            if private {
                let mut widths = sem.widths().clone();
                widths.extend(candidates.iter().map(|n| (n.clone(), 1)));
                let one_bit = sem.clone().with_widths(widths);
                assert_eq!(
                    one_bit.relation(&g, &r),
                    sem.relation(&g, &r),
                    "{g} / {r}: width 1 changed the relation"
                );
            }
        }
    }

    #[test]
    fn notes_x_and_z_literals() {
        let g = parse_expr("s == 4'b1x0z").unwrap();
        let note = xz_note(&g, &parse_expr("s").unwrap()).unwrap();
        assert!(note.contains("`4'b1x0z` has x/z digits"), "{note}");
        assert!(xz_note(&parse_expr("s == 4").unwrap(), &g.clone()).is_some());
        assert_eq!(
            xz_note(&parse_expr("s == 4").unwrap(), &parse_expr("s").unwrap()),
            None
        );
    }
}
