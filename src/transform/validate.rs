//! Validation of a variant: its behaviors, mapped back through the rename map, must be
//! the original's one for one (same order, assignment, kind, clock and x/z flag), each
//! with an exactly equivalent path condition.

use std::collections::HashMap;

use crate::logic::{Atom, Expr, Term, equivalent};
use crate::rtl::Behavior;
use crate::sva::rename_identifiers;

/// Why a variant is not a faithful rewrite, in words (the caller adds program and kind).
pub fn validate(
    original: &[Behavior],
    variant: &[Behavior],
    back: Option<&HashMap<String, String>>,
) -> Result<(), String> {
    if original.len() != variant.len() {
        return Err(format!(
            "the original has {} behaviors, the variant {}",
            original.len(),
            variant.len()
        ));
    }
    let empty = HashMap::new();
    let map = back.unwrap_or(&empty);
    let text = |t: &str| rename_identifiers(t, map).into_owned();
    for (i, (o, v)) in original.iter().zip(variant).enumerate() {
        let n = i + 1;
        let (lhs, rhs) = (text(&v.lhs), text(&v.rhs));
        if (lhs.as_str(), rhs.as_str()) != (o.lhs.as_str(), o.rhs.as_str()) {
            return Err(format!(
                "behavior {n}: the original assigns `{} = {}` (line {}), the variant `{lhs} = {rhs}` \
                 (line {})",
                o.lhs, o.rhs, o.line, v.line
            ));
        }
        if o.kind != v.kind || o.xz != v.xz {
            return Err(format!(
                "behavior {n} (`{}`): assignment kind or x/z flag differs",
                o.id
            ));
        }
        let clock = v.clock.as_deref().map(text);
        if clock != o.clock {
            return Err(format!(
                "behavior {n} (`{}`): clock {:?} in the original, {:?} in the variant",
                o.id, o.clock, clock
            ));
        }
        let path = map_back(&v.path, map);
        if !equivalent(&o.path, &path) {
            return Err(format!(
                "behavior {n} (`{}`): path `{}` in the original is not equivalent to `{}` in \
                 the variant",
                o.id, o.path, path
            ));
        }
    }
    Ok(())
}

/// The expression with identifiers mapped through `map`, inside opaque atoms too.
pub fn map_back(e: &Expr, map: &HashMap<String, String>) -> Expr {
    if map.is_empty() {
        return e.clone();
    }
    match e {
        Expr::Const(b) => Expr::Const(*b),
        Expr::Atom(Atom::Ident(n)) => Expr::ident(map.get(n).cloned().unwrap_or_else(|| n.clone())),
        Expr::Atom(Atom::Eq(l, r)) => Expr::Atom(Atom::Eq(term(l, map), term(r, map))),
        Expr::Atom(Atom::Opaque(t)) => {
            Expr::Atom(Atom::Opaque(rename_identifiers(t, map).into_owned()))
        }
        Expr::Not(inner) => Expr::not(map_back(inner, map)),
        Expr::And(v) => Expr::And(v.iter().map(|x| map_back(x, map)).collect()),
        Expr::Or(v) => Expr::Or(v.iter().map(|x| map_back(x, map)).collect()),
    }
}

fn term(t: &Term, map: &HashMap<String, String>) -> Term {
    match t {
        Term::Ident(n) => Term::Ident(map.get(n).cloned().unwrap_or_else(|| n.clone())),
        Term::Const(c) => Term::Const(c.clone()),
        Term::Expr(e) => Term::Expr(Box::new(map_back(e, map))),
        Term::Opaque(text) => Term::Opaque(rename_identifiers(text, map).into_owned()),
    }
}
