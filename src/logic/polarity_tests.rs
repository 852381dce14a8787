//! Unit tests of the branch-polarity search.

use super::*;
use crate::logic::parse_expr;

fn p(t: &str) -> Expr {
    parse_expr(t).unwrap()
}

fn search(r: &str, g: &str) -> Option<PolarityFlip> {
    polarity_search(&p(r), &p(g))
}

#[test]
fn conjuncts_are_the_operands_as_written() {
    let c = top_level_conjuncts(&p("(a && b) && (c || d) && e"));
    assert_eq!(c.len(), 3);
    assert_eq!(c[0].to_string(), "a && b");
    assert_eq!(top_level_conjuncts(&p("a || b")), vec![p("a || b")]);
}

#[test]
fn finds_negated_branch_predicates() {
    assert_eq!(
        search("(a && b) && (c || d) && e", "!(a && b) && (c || d) && !e"),
        Some(PolarityFlip::NegatedConjuncts(vec![0, 2]))
    );
    assert_eq!(
        search("(s != 3) && (t || u)", "s == 3 && (u || t)"),
        Some(PolarityFlip::NegatedConjuncts(vec![0]))
    );
    assert_eq!(
        search("a", "!a"),
        Some(PolarityFlip::NegatedConjuncts(vec![0]))
    );
}

#[test]
fn finds_a_flipped_atom_inside_a_predicate() {
    assert_eq!(
        search("(a && b && c) && d", "(a && !b && c) && d"),
        Some(PolarityFlip::FlippedAtom(Atom::Ident("b".into())))
    );
    assert_eq!(
        search("a || (b && c)", "a || (b && !c)"),
        Some(PolarityFlip::FlippedAtom(Atom::Ident("c".into())))
    );
}

/// SCORING.md §6 rule 4 flips an atom, every occurrence of it: negating one
/// occurrence of a repeated atom is not a polarity flip.
#[test]
fn flipping_one_occurrence_of_a_repeated_atom_is_not_a_polarity_flip() {
    assert_eq!(
        search(
            "(a && b) || (!a && c) || (a && d)",
            "(a && b) || (!a && c) || (!a && d)",
        ),
        None
    );
    // G = a && !(a && b) is a && !b: an added predicate, not a flipped atom.
    assert_eq!(search("a", "a && !(a && b)"), None);
}

#[test]
fn equivalent_or_unrelated_is_none() {
    assert_eq!(search("a && b", "b && a"), None);
    assert_eq!(search("a && b", "a || b"), None);
    assert_eq!(search("a && b", "a && !a"), None);
    assert_eq!(search("a && b && c", "a && c"), None);
}

#[test]
fn describes_flips_for_people() {
    assert_eq!(
        PolarityFlip::NegatedConjuncts(vec![0, 2]).to_string(),
        "negated conjuncts 1, 3"
    );
    assert_eq!(
        PolarityFlip::NegatedConjuncts(vec![1]).to_string(),
        "negated conjunct 2"
    );
    let atom = Atom::Ident("a".into());
    assert_eq!(
        PolarityFlip::FlippedAtom(atom).to_string(),
        "flipped atom a"
    );
}
