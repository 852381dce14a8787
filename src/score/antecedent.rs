//! Categories 3 to 7 of SCORING.md §6: comparing a generated antecedent G with the
//! reference antecedent R, exactly, with a reason that names what differs.

use std::collections::{BTreeMap, BTreeSet};

use super::category::Category;
use super::hints::{width_hint, xz_note};
use crate::logic::decide::{implies_canonical, relation_canonical};
use crate::logic::polarity::search_canonical;
use crate::logic::{
    self, Atom, AtomSets, Expr, PolarityFlip, PreparedCondition, Relation, Semantics,
};

const EQUIVALENT: &str = "antecedent is equivalent to the reference";

/// The category of G against R under `semantics`, with its reason. `reference` is
/// taken as parsed (its top-level conjuncts are the branch predicates); canonical
/// forms are computed here. The plain path: scoring uses `classify_prepared`, which
/// must agree with it.
pub fn classify(generated: &Expr, reference: &Expr, semantics: &Semantics) -> (Category, String) {
    let (category, reason) = classify_plain(generated, reference, semantics);
    (
        category,
        with_notes(category, reason, generated, reference, semantics),
    )
}

fn classify_plain(generated: &Expr, reference: &Expr, semantics: &Semantics) -> (Category, String) {
    let g = semantics.canonical(generated);
    let r = semantics.canonical(reference);
    // Fast path: equal canonical forms need no decision procedure.
    if g == r {
        return (Category::Correct, EQUIVALENT.into());
    }
    let relation = relation_canonical(&g, &r, semantics);
    if relation == Relation::Equivalent {
        return (Category::Correct, EQUIVALENT.into());
    }
    // The reference's branch predicates, canonical once for the searches below.
    let reference_conjuncts = logic::top_level_conjuncts(reference);
    let reference_conjuncts: Vec<&Expr> = reference_conjuncts.iter().collect();
    let conjuncts: Vec<Expr> = reference_conjuncts
        .iter()
        .map(|c| semantics.canonical(c))
        .collect();
    if let Some(flip) = search_canonical(&conjuncts, &r, &g, semantics) {
        return (
            Category::BranchPolarity,
            polarity_reason(&flip, &reference_conjuncts),
        );
    }
    let (ga, ra) = (g.atoms(), r.atoms());
    let atoms = AtomSets {
        generated: ga.len(),
        reference: ra.len(),
        subset: ga.is_subset(&ra),
        superset: ga.is_superset(&ra),
    };
    if relation == Relation::Weaker && atoms.generated < atoms.reference && atoms.subset {
        let missed = not_implied_by(reference, &reference_conjuncts, |i| {
            implies_canonical(&g, &conjuncts[i], semantics)
        });
        return dropped(missed);
    }
    if relation == Relation::Stronger && atoms.generated > atoms.reference && atoms.superset {
        return extra(generated, &r, semantics);
    }
    boolean_structure(&g, &r, relation, atoms, semantics)
}

/// The reason of a wrong antecedent with what the semantics adds: which widths would
/// make G and R equivalent, and whether x/z literals are involved.
fn with_notes(
    category: Category,
    mut reason: String,
    generated: &Expr,
    reference: &Expr,
    semantics: &Semantics,
) -> String {
    if category != Category::Correct {
        if let Some(hint) = width_hint(generated, reference, semantics) {
            reason.push_str(&hint);
        }
        if let Some(note) = xz_note(generated, reference) {
            reason.push_str(&note);
        }
    }
    reason
}

/// `classify` against a prepared reference: the same category and reason, with R's
/// canonical forms computed once per reference and the decisions made on one set of
/// truth tables (up to 12 atoms) instead of one per question. `canonical` holds the
/// canonical form of `generated` once computed (here, when `None` and needed), for
/// the next reference the same antecedent is compared with.
pub fn classify_prepared(
    generated: &Expr,
    canonical: &mut Option<Expr>,
    reference: &PreparedCondition,
) -> (Category, String) {
    let (category, reason) = classify_prepared_plain(generated, canonical, reference);
    let semantics = reference.semantics();
    (
        category,
        with_notes(category, reason, generated, reference.parsed(), semantics),
    )
}

fn classify_prepared_plain(
    generated: &Expr,
    canonical: &mut Option<Expr>,
    reference: &PreparedCondition,
) -> (Category, String) {
    // Equal as parsed, so equal canonical forms: the first check of `classify`.
    if generated == reference.parsed() {
        return (Category::Correct, EQUIVALENT.into());
    }
    let semantics = reference.semantics();
    let g = &*canonical.get_or_insert_with(|| semantics.canonical(generated));
    let r = reference.canonical();
    if g == r {
        return (Category::Correct, EQUIVALENT.into());
    }
    let mut comparison = reference.compare(g);
    let relation = comparison.relation();
    if relation == Relation::Equivalent {
        return (Category::Correct, EQUIVALENT.into());
    }
    if let Some(flip) = comparison.polarity() {
        return (
            Category::BranchPolarity,
            polarity_reason(&flip, reference.conjuncts()),
        );
    }
    let atoms = comparison.atom_sets();
    if relation == Relation::Weaker && atoms.generated < atoms.reference && atoms.subset {
        let missed = not_implied_by(reference.parsed(), reference.conjuncts(), |i| {
            comparison.implies_conjunct(i)
        });
        return dropped(missed);
    }
    if relation == Relation::Stronger && atoms.generated > atoms.reference && atoms.superset {
        return extra(generated, r, semantics);
    }
    boolean_structure(g, r, relation, atoms, semantics)
}

fn dropped(missed: String) -> (Category, String) {
    (
        Category::DroppedPredicate,
        format!("antecedent misses {missed}: the reference implies it, not the converse"),
    )
}

/// `extra-predicate`: the reason names G's top-level conjuncts that R (canonical) does
/// not imply.
fn extra(generated: &Expr, r: &Expr, semantics: &Semantics) -> (Category, String) {
    let conjuncts = logic::top_level_conjuncts(generated);
    let conjuncts: Vec<&Expr> = conjuncts.iter().collect();
    let canonical_conjuncts: Vec<Expr> = conjuncts.iter().map(|c| semantics.canonical(c)).collect();
    let added = not_implied_by(generated, &conjuncts, |i| {
        implies_canonical(r, &canonical_conjuncts[i], semantics)
    });
    (
        Category::ExtraPredicate,
        format!("antecedent adds {added}: it implies the reference, not the converse"),
    )
}

/// `boolean-structure`, with the relation, how the atom sets compare and one
/// assignment on which the canonical forms `g` and `r` differ.
fn boolean_structure(
    g: &Expr,
    r: &Expr,
    relation: Relation,
    atoms: AtomSets,
    semantics: &Semantics,
) -> (Category, String) {
    let atoms = if atoms.subset && atoms.superset {
        "over the same atoms"
    } else if atoms.subset {
        "over fewer atoms"
    } else if atoms.superset {
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
    // An assignment the semantics allows (no `a=1, (a == 0)=1`, no two constants at
    // once), read off the canonical forms.
    let witness = match semantics.satisfying_assignment(&difference) {
        Some(a) if !a.is_empty() => {
            let which = if logic::evaluate(g, &mut |atom| a.get(atom).copied().unwrap_or(false)) {
                "holds only for the antecedent"
            } else {
                "holds only for the reference"
            };
            // Atoms shared with the reference are shown as the model wrote them
            // (`s == 4'hA`, not the reference's `s == 10`): atoms compare by value.
            let written = g.atoms();
            format!("; {} {which}", describe_assignment(&a, &written))
        }
        _ => String::new(),
    };
    (
        Category::BooleanStructure,
        format!("antecedent `{g}` is {relation}, {atoms}{witness}"),
    )
}

/// `conjuncts` are R's top-level conjuncts as parsed.
fn polarity_reason(flip: &PolarityFlip, conjuncts: &[&Expr]) -> String {
    match flip {
        PolarityFlip::NegatedConjuncts(indices) => {
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
    }
}

/// The top-level conjuncts of `strong` (`conjuncts`, as parsed) that the weaker side
/// does not imply (`implied(i)`: whether it implies conjunct `i`), as `a && b`.
fn not_implied_by(
    strong: &Expr,
    conjuncts: &[&Expr],
    mut implied: impl FnMut(usize) -> bool,
) -> String {
    let missing: Vec<String> = conjuncts
        .iter()
        .enumerate()
        .filter(|&(i, _)| !implied(i))
        .map(|(_, c)| match *c {
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
fn describe_assignment(assignment: &BTreeMap<Atom, bool>, written: &BTreeSet<Atom>) -> String {
    let parts: Vec<String> = assignment
        .iter()
        .map(|(a, v)| (written.get(a).unwrap_or(a), v))
        .map(|(a, v)| match a {
            Atom::Eq(..) => format!("({a})={}", u8::from(*v)),
            _ => format!("{a}={}", u8::from(*v)),
        })
        .collect();
    parts.join(", ")
}
