//! The branch-polarity search of SCORING.md §6 rule 4: negated top-level conjuncts of
//! the reference, or one atom of the generated antecedent with its polarity flipped.

use biodivine_lib_bdd::Bdd;

use super::bdd::Space;
use super::canon::canonical;
use super::eval::evaluate;
use super::expr::{Atom, Expr};

/// Most single occurrences tried one by one (each costs one BDD build).
const MAX_OCCURRENCES: usize = 256;

/// How the generated antecedent G differs from the reference R by polarity only.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PolarityFlip {
    /// Negating these top-level conjuncts of R (indices into
    /// `top_level_conjuncts(R)`, ascending, never empty) gives an expression
    /// equivalent to G.
    NegatedConjuncts(Vec<usize>),
    /// Negating every occurrence of this atom of `canonical(G)` gives an expression
    /// equivalent to R.
    FlippedAtom(Atom),
    /// Negating only the `occurrence`-th (0-based, left to right in the text of
    /// `canonical(G)`) occurrence of `atom` gives an expression equivalent to R.
    FlippedOccurrence { atom: Atom, occurrence: usize },
}

/// For people: `negated conjuncts 1, 3` (1-based), `flipped atom a == 3`,
/// `flipped occurrence 2 of a`.
impl std::fmt::Display for PolarityFlip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PolarityFlip::NegatedConjuncts(v) => {
                let list: Vec<String> = v.iter().map(|i| (i + 1).to_string()).collect();
                let noun = if v.len() == 1 {
                    "conjunct"
                } else {
                    "conjuncts"
                };
                write!(f, "negated {noun} {}", list.join(", "))
            }
            PolarityFlip::FlippedAtom(a) => write!(f, "flipped atom {a}"),
            PolarityFlip::FlippedOccurrence { atom, occurrence } => {
                write!(f, "flipped occurrence {} of {atom}", occurrence + 1)
            }
        }
    }
}

/// The top-level `&&` operands of `e` as written (a parenthesised group such as the
/// condition of one `if` stays one conjunct); `e` itself when it is no conjunction.
pub fn top_level_conjuncts(e: &Expr) -> Vec<Expr> {
    match e {
        Expr::And(v) if !v.is_empty() => v.clone(),
        other => vec![other.clone()],
    }
}

/// Searches for a polarity flip relating `generated` to `reference`; `None` when they
/// are already equivalent or no single flip relates them. Pass the reference as parsed
/// (not canonical) so its branch predicates stay whole.
pub fn polarity_search(reference: &Expr, generated: &Expr) -> Option<PolarityFlip> {
    let conjuncts: Vec<Expr> = top_level_conjuncts(reference)
        .iter()
        .map(canonical)
        .collect();
    let cr = canonical(reference);
    let cg = canonical(generated);
    let mut all = conjuncts.iter().collect::<Vec<_>>();
    all.push(&cg);
    let space = Space::new(&all);
    let (br, bg) = (space.bdd(&cr), space.bdd(&cg));
    if same(&br, &bg) {
        return None;
    }
    if let Some(negated) = negated_conjuncts(&space, &conjuncts, &bg) {
        return Some(PolarityFlip::NegatedConjuncts(negated));
    }
    for atom in cg.atoms_in_order() {
        let Some(v) = space.var(&atom) else { continue };
        let low = bg.var_restrict(v, false);
        let high = bg.var_restrict(v, true);
        let flipped = Bdd::if_then_else(&space.bdd(&Expr::Atom(atom.clone())), &low, &high);
        if same(&flipped, &br) {
            return Some(PolarityFlip::FlippedAtom(atom));
        }
    }
    single_occurrence(&space, &cg, &br)
}

/// One satisfying assignment of G fixes which conjuncts would have to be negated:
/// those it makes false. A single equivalence check then decides.
fn negated_conjuncts(space: &Space, conjuncts: &[Expr], bg: &Bdd) -> Option<Vec<usize>> {
    let witness = bg.sat_witness()?;
    let value_of = |a: &Atom| space.var(a).is_some_and(|v| witness.value(v));
    let negated: Vec<usize> = conjuncts
        .iter()
        .enumerate()
        .filter(|(_, c)| !evaluate(c, &mut |a| value_of(a)))
        .map(|(i, _)| i)
        .collect();
    if negated.is_empty() {
        return None;
    }
    let flipped = Expr::And(
        conjuncts
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if negated.contains(&i) {
                    Expr::not(c.clone())
                } else {
                    c.clone()
                }
            })
            .collect(),
    );
    same(&space.bdd(&flipped), bg).then_some(negated)
}

/// Tries negating one occurrence at a time of atoms that occur more than once.
fn single_occurrence(space: &Space, cg: &Expr, br: &Bdd) -> Option<PolarityFlip> {
    let mut occurrences = Vec::new();
    cg.visit_atoms(&mut |a| occurrences.push(a.clone()));
    if occurrences.len() > MAX_OCCURRENCES {
        return None;
    }
    for (k, atom) in occurrences.iter().enumerate() {
        let before = occurrences[..k].iter().filter(|a| *a == atom).count();
        let total = before + occurrences[k..].iter().filter(|a| *a == atom).count();
        if total < 2 {
            continue;
        }
        let mut seen = 0;
        let flipped = negate_occurrence(cg, k, &mut seen);
        if same(&space.bdd(&flipped), br) {
            return Some(PolarityFlip::FlippedOccurrence {
                atom: atom.clone(),
                occurrence: before,
            });
        }
    }
    None
}

/// `e` with its `target`-th atom occurrence (left to right) negated.
fn negate_occurrence(e: &Expr, target: usize, seen: &mut usize) -> Expr {
    match e {
        Expr::Const(b) => Expr::Const(*b),
        Expr::Atom(a) => {
            *seen += 1;
            let atom = Expr::Atom(a.clone());
            if *seen - 1 == target {
                Expr::not(atom)
            } else {
                atom
            }
        }
        Expr::Not(x) => Expr::not(negate_occurrence(x, target, seen)),
        Expr::And(v) => Expr::And(
            v.iter()
                .map(|x| negate_occurrence(x, target, seen))
                .collect(),
        ),
        Expr::Or(v) => Expr::Or(
            v.iter()
                .map(|x| negate_occurrence(x, target, seen))
                .collect(),
        ),
    }
}

fn same(a: &Bdd, b: &Bdd) -> bool {
    a.xor(b).is_false()
}

#[cfg(test)]
#[path = "polarity_tests.rs"]
mod tests;
