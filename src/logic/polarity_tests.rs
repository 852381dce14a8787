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

/// Long conditions go the BDD way. An atom flip inside an `||` of 2,000 atoms is
/// found (same BDD size, the flipped atom changes G where R and G differ), and a
/// dropped atom of a 2,000-atom chain is none (its BDD is one node smaller).
#[test]
fn long_conditions_find_a_flipped_atom_and_refuse_a_dropped_one() {
    let atoms: Vec<String> = (0..2000).map(|i| format!("a{i}")).collect();
    let mut flipped = atoms.clone();
    flipped[1234] = "!a1234".into();
    let r = atoms.join(" || ");
    assert_eq!(
        search(
            &format!("x && ({r})"),
            &format!("x && ({})", flipped.join(" || "))
        ),
        Some(PolarityFlip::FlippedAtom(Atom::Ident("a1234".into())))
    );
    assert_eq!(search(&atoms.join(" && "), &atoms[1..].join(" && ")), None);
    // Comparisons constrain the space (`s == 1` and `s == 2` exclude each other), so the
    // size filter is off there, and the witness filter alone keeps the answer exact.
    let mut cmp: Vec<String> = (0..200).map(|i| format!("s == {i}")).collect();
    let r = format!("k && ({})", cmp.join(" || "));
    cmp[7] = "s != 7".into();
    let g = format!("k && ({})", cmp.join(" || "));
    assert_eq!(search(&r, &g), polarity_search_exhaustive(&p(&r), &p(&g)),);
}

/// The atom-flip search without its filters: every atom of G tried in turn.
fn polarity_search_exhaustive(r: &Expr, g: &Expr) -> Option<PolarityFlip> {
    let sem = crate::logic::Semantics::default_ref();
    let (cr, cg) = (sem.canonical(r), sem.canonical(g));
    let conjuncts: Vec<Expr> = top_level_conjuncts(r)
        .iter()
        .map(|c| sem.canonical(c))
        .collect();
    let mut all = conjuncts.iter().collect::<Vec<_>>();
    all.push(&cg);
    let space = crate::logic::bdd::Space::new(&all, sem);
    let (br, bg) = (space.bdd(&cr), space.bdd(&cg));
    if space.allowed(br.xor(&bg)).is_false() {
        return None;
    }
    cg.atoms_in_order().into_iter().find_map(|atom| {
        let v = space.var(&atom)?;
        let flipped = biodivine_lib_bdd::Bdd::if_then_else(
            &space.bdd(&Expr::Atom(atom.clone())),
            &bg.var_restrict(v, false),
            &bg.var_restrict(v, true),
        );
        space
            .allowed(flipped.xor(&br))
            .is_false()
            .then_some(PolarityFlip::FlippedAtom(atom))
    })
}
