//! Reference antecedents against RTL paths, one program at a time (what both the
//! fragment scorer and the data-quality audit compare): reference behaviors
//! are paired with RTL assignments of the same `lhs = rhs` in reading order, and each
//! pair's relation is decided exactly (`logic::relation`).

use crate::logic::{Expr, Relation, Semantics};
use crate::rtl::Behavior;

/// A behavior as the reference gives it: `lhs == rhs` under `antecedent`
/// (`score::reference_behaviors`).
pub use super::Behavior as ReferenceBehavior;

/// How a reference antecedent relates to the RTL path of the same assignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Agreement {
    Equivalent,
    /// The reference implies the RTL path but not the reverse (an extra conjunct).
    ReferenceStronger,
    /// The RTL path implies the reference but not the reverse (a missing conjunct).
    ReferenceWeaker,
    Incomparable,
    /// A reference behavior with no RTL assignment of the same `lhs = rhs`.
    UnmatchedReference,
    /// An RTL assignment no reference property describes.
    UnmatchedRtl,
}

impl Agreement {
    pub const ALL: [Agreement; 6] = [
        Agreement::Equivalent,
        Agreement::ReferenceStronger,
        Agreement::ReferenceWeaker,
        Agreement::Incomparable,
        Agreement::UnmatchedReference,
        Agreement::UnmatchedRtl,
    ];

    /// The name used in JSON and tables.
    pub fn name(self) -> &'static str {
        match self {
            Agreement::Equivalent => "equivalent",
            Agreement::ReferenceStronger => "reference_stronger",
            Agreement::ReferenceWeaker => "reference_weaker",
            Agreement::Incomparable => "incomparable",
            Agreement::UnmatchedReference => "unmatched_reference",
            Agreement::UnmatchedRtl => "unmatched_rtl",
        }
    }
}

/// One behavior of one program after comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct Compared {
    /// `lhs=rhs` (with `#2`, `#3` for repeats).
    pub behavior: String,
    /// Which reference property (0-based) the behavior comes from, if any.
    pub property_index: Option<usize>,
    pub agreement: Agreement,
    pub reference: Option<Expr>,
    pub rtl: Option<Expr>,
    /// Line of the RTL assignment.
    pub line: Option<usize>,
    /// Top-level conjuncts of the reference antecedent the RTL path does not imply.
    pub extra: Vec<Expr>,
    /// Top-level conjuncts of the RTL path the reference antecedent does not imply.
    pub missing: Vec<Expr>,
    /// The RTL path involves x/z literals or wildcard case items.
    pub xz: bool,
    /// When every extra conjunct is the branch predicate of another RTL assignment
    /// that this one is not nested in (a sibling `if`): that assignment's id and line.
    pub sibling: Option<(String, usize)>,
}

/// Compares one program's reference behaviors with its RTL behaviors.
/// Each relation is decided under `semantics`.
pub fn compare_program(
    reference: &[ReferenceBehavior],
    rtl: &[Behavior],
    semantics: &Semantics,
) -> Vec<Compared> {
    let keys: Vec<(String, String)> = rtl.iter().map(|b| (key(&b.lhs), key(&b.rhs))).collect();
    let mut used = vec![false; rtl.len()];
    let mut out = Vec::new();
    for r in reference {
        let k = (key(&r.lhs), key(&r.rhs));
        let id = r.id.clone();
        let found = (0..rtl.len()).find(|&i| !used[i] && keys[i] == k);
        let Some(i) = found else {
            out.push(Compared {
                behavior: id,
                property_index: Some(r.property_index),
                agreement: Agreement::UnmatchedReference,
                reference: Some(r.antecedent.clone()),
                rtl: None,
                line: None,
                extra: Vec::new(),
                missing: Vec::new(),
                xz: false,
                sibling: None,
            });
            continue;
        };
        used[i] = true;
        let b = &rtl[i];
        let agreement = match semantics.relation(&r.antecedent, &b.path) {
            Relation::Equivalent => Agreement::Equivalent,
            Relation::Stronger => Agreement::ReferenceStronger,
            Relation::Weaker => Agreement::ReferenceWeaker,
            Relation::Incomparable => Agreement::Incomparable,
        };
        let (extra, missing) = if agreement == Agreement::Equivalent {
            (Vec::new(), Vec::new())
        } else {
            (
                not_implied(&r.antecedent, &b.path, semantics),
                not_implied(&b.path, &r.antecedent, semantics),
            )
        };
        let sibling = if extra.is_empty() {
            None
        } else {
            sibling_branch(&extra, i, rtl, semantics)
        };
        out.push(Compared {
            behavior: id,
            property_index: Some(r.property_index),
            agreement,
            reference: Some(r.antecedent.clone()),
            rtl: Some(b.path.clone()),
            line: Some(b.line),
            extra,
            missing,
            xz: b.xz,
            sibling,
        });
    }
    for (_, b) in rtl.iter().enumerate().filter(|(i, _)| !used[*i]) {
        out.push(Compared {
            behavior: b.id.clone(),
            property_index: None,
            agreement: Agreement::UnmatchedRtl,
            reference: None,
            rtl: Some(b.path.clone()),
            line: Some(b.line),
            extra: Vec::new(),
            missing: Vec::new(),
            xz: b.xz,
            sibling: None,
        });
    }
    out
}

/// Another RTL assignment (not `own`) whose branch predicates include every extra
/// conjunct: the reference borrowed a sibling branch's condition.
fn sibling_branch(
    extra: &[Expr],
    own: usize,
    rtl: &[Behavior],
    semantics: &Semantics,
) -> Option<(String, usize)> {
    rtl.iter().enumerate().find_map(|(j, other)| {
        let predicates = conjuncts(&other.path);
        let all = extra
            .iter()
            .all(|x| predicates.iter().any(|p| semantics.equivalent(p, x)));
        (j != own && all).then(|| (other.id.clone(), other.line))
    })
}

/// The top-level conjuncts of `e` that `other` does not imply.
fn not_implied(e: &Expr, other: &Expr, semantics: &Semantics) -> Vec<Expr> {
    conjuncts(e)
        .into_iter()
        .filter(|c| !semantics.implies(other, c))
        .collect()
}

fn conjuncts(e: &Expr) -> Vec<Expr> {
    match e {
        Expr::And(v) => v.iter().flat_map(conjuncts).collect(),
        other => vec![other.clone()],
    }
}

/// Matching key of an assignment side: no white space, no enclosing parentheses.
fn key(text: &str) -> String {
    let mut s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    while s.starts_with('(') && s.ends_with(')') && encloses(&s) {
        s = s[1..s.len() - 1].to_string();
    }
    s
}

/// Whether the first `(` of `s` closes at its last character.
fn encloses(s: &str) -> bool {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i == s.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}
