//! Categories 3 to 7 of SCORING.md §6: comparing a generated antecedent G with the
//! reference antecedent R, exactly, with a reason that names what differs.

use std::collections::BTreeMap;

use super::category::Category;
use crate::logic::decide::{implies_canonical, relation_canonical};
use crate::logic::polarity::search_canonical;
use crate::logic::{self, Atom, Expr, PolarityFlip, Relation};

/// The category of G against R, with its reason. `reference` is taken as parsed (its
/// top-level conjuncts are the branch predicates); canonical forms are computed here.
pub fn classify(generated: &Expr, reference: &Expr) -> (Category, String) {
    let g = logic::canonical(generated);
    let r = logic::canonical(reference);
    // Fast path: equal canonical forms need no decision procedure.
    if g == r {
        return (
            Category::Correct,
            "antecedent is equivalent to the reference".into(),
        );
    }
    let relation = relation_canonical(&g, &r);
    if relation == Relation::Equivalent {
        return (
            Category::Correct,
            "antecedent is equivalent to the reference".into(),
        );
    }
    // The reference's branch predicates, canonical once for the searches below.
    let conjuncts: Vec<Expr> = logic::top_level_conjuncts(reference)
        .iter()
        .map(logic::canonical)
        .collect();
    if let Some(flip) = search_canonical(&conjuncts, &r, &g) {
        return (Category::BranchPolarity, polarity_reason(&flip, reference));
    }
    let (ga, ra) = (g.atoms(), r.atoms());
    if relation == Relation::Weaker && ga.len() < ra.len() && ga.is_subset(&ra) {
        let missed = not_implied_by(reference, &conjuncts, &g);
        return (
            Category::DroppedPredicate,
            format!("antecedent misses {missed}: the reference implies it, not the converse"),
        );
    }
    if relation == Relation::Stronger && ga.len() > ra.len() && ga.is_superset(&ra) {
        let canonical_conjuncts: Vec<Expr> = logic::top_level_conjuncts(generated)
            .iter()
            .map(logic::canonical)
            .collect();
        let added = not_implied_by(generated, &canonical_conjuncts, &r);
        return (
            Category::ExtraPredicate,
            format!("antecedent adds {added}: it implies the reference, not the converse"),
        );
    }
    let atoms = if ga == ra {
        "over the same atoms"
    } else if ga.is_subset(&ra) {
        "over fewer atoms"
    } else if ga.is_superset(&ra) {
        "over more atoms"
    } else {
        "over different atoms"
    };
    let relation = match relation {
        Relation::Stronger => "stronger than the reference",
        Relation::Weaker => "weaker than the reference",
        _ => "incomparable with the reference",
    };
    let difference = Expr::or([
        Expr::and([g.clone(), Expr::not(r.clone())]),
        Expr::and([r.clone(), Expr::not(g.clone())]),
    ]);
    let witness = match logic::satisfying_assignment(&difference) {
        Some(a) if !a.is_empty() => {
            let which = if logic::evaluate(&g, &mut |atom| a.get(atom).copied().unwrap_or(false)) {
                "holds only for the antecedent"
            } else {
                "holds only for the reference"
            };
            format!("; {} {which}", describe_assignment(&a))
        }
        _ => String::new(),
    };
    (
        Category::BooleanStructure,
        format!("antecedent `{g}` is {relation}, {atoms}{witness}"),
    )
}

fn polarity_reason(flip: &PolarityFlip, reference: &Expr) -> String {
    match flip {
        PolarityFlip::NegatedConjuncts(indices) => {
            let conjuncts = logic::top_level_conjuncts(reference);
            let described: Vec<String> = indices
                .iter()
                .map(|&i| match conjuncts.get(i) {
                    Some(c) => format!("{} ({c})", i + 1),
                    None => format!("{}", i + 1),
                })
                .collect();
            match described.as_slice() {
                [one] => format!("conjunct {one} of the reference is negated"),
                many => format!("conjuncts {} of the reference are negated", many.join(", ")),
            }
        }
        PolarityFlip::FlippedAtom(atom) => {
            format!("atom `{atom}` has the wrong polarity: flipping it gives the reference")
        }
        PolarityFlip::FlippedOccurrence { atom, occurrence } => format!(
            "occurrence {} of atom `{atom}` has the wrong polarity: flipping it gives the reference",
            occurrence + 1
        ),
    }
}

/// The top-level conjuncts of `strong` that `weak` does not imply, as `a && b`.
/// `canonical_conjuncts` are the canonical forms of those conjuncts (same order) and
/// `weak` is canonical.
fn not_implied_by(strong: &Expr, canonical_conjuncts: &[Expr], weak: &Expr) -> String {
    let missing: Vec<String> = logic::top_level_conjuncts(strong)
        .iter()
        .zip(canonical_conjuncts)
        .filter(|(_, cc)| !implies_canonical(weak, cc))
        .map(|(c, _)| match c {
            // A compound conjunct keeps its parentheses: `misses (c || d)`.
            Expr::And(_) | Expr::Or(_) => format!("({c})"),
            _ => c.to_string(),
        })
        .collect();
    match missing.as_slice() {
        [] => format!("part of `{strong}`"),
        [one] => one.clone(),
        many => many.join(" && "),
    }
}

/// `a=1, b=0, (c == 3)=1`.
fn describe_assignment(assignment: &BTreeMap<Atom, bool>) -> String {
    let parts: Vec<String> = assignment
        .iter()
        .map(|(a, v)| match a {
            Atom::Eq(..) => format!("({a})={}", u8::from(*v)),
            _ => format!("{a}={}", u8::from(*v)),
        })
        .collect();
    parts.join(", ")
}
