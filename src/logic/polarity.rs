//! The branch-polarity search of SCORING.md §6 rule 4: negated top-level conjuncts of
//! the reference, or one atom of the generated antecedent with its polarity flipped.

use biodivine_lib_bdd::Bdd;

use super::bdd::{Space, unrealized_negation};
use super::bits::Table;
use super::eval::evaluate;
use super::expr::{Atom, Expr};
use super::semantics::Semantics;

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
}

/// For people: `negated conjuncts 1, 3` (1-based), `flipped atom a == 3`.
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
/// (not canonical) so its branch predicates stay whole. Default semantics.
pub fn polarity_search(reference: &Expr, generated: &Expr) -> Option<PolarityFlip> {
    search_in(reference, generated, Semantics::default_ref())
}

/// `polarity_search` under `semantics`.
pub(crate) fn search_in(
    reference: &Expr,
    generated: &Expr,
    semantics: &Semantics,
) -> Option<PolarityFlip> {
    let conjuncts: Vec<Expr> = top_level_conjuncts(reference)
        .iter()
        .map(|c| semantics.canonical(c))
        .collect();
    search_canonical(
        &conjuncts,
        &semantics.canonical(reference),
        &semantics.canonical(generated),
        semantics,
    )
}

/// `polarity_search` on forms already canonical: `conjuncts` are the canonical forms
/// of the top-level conjuncts of the reference, `cr` and `cg` the canonical forms of
/// the reference and the generated antecedent. Up to `bits::MAX_ATOMS` atoms it
/// compares truth tables, beyond that BDDs; both give the same answer.
pub(crate) fn search_canonical(
    conjuncts: &[Expr],
    cr: &Expr,
    cg: &Expr,
    semantics: &Semantics,
) -> Option<PolarityFlip> {
    let mut all = conjuncts.iter().collect::<Vec<_>>();
    all.push(cg);
    match bits_space(&all, cr, semantics) {
        Some(table) => search_bits(&table, conjuncts, cr, cg, semantics),
        None => search_bdd(conjuncts, cr, cg, semantics),
    }
}

/// The table space of the BDD path (the atoms of the conjuncts and of G), or `None`
/// when the reference has atoms outside it or there are too many atoms.
pub(super) fn bits_space<'a>(
    all: &[&'a Expr],
    cr: &Expr,
    semantics: &Semantics,
) -> Option<Table<'a>> {
    let table = Table::new(all, semantics)?;
    let mut inside = true;
    cr.visit_atoms(&mut |a| inside &= table.var(a).is_some());
    inside.then_some(table)
}

/// The search on truth tables: the same steps as `search_bdd`.
pub(super) fn search_bits(
    table: &Table,
    conjuncts: &[Expr],
    cr: &Expr,
    cg: &Expr,
    semantics: &Semantics,
) -> Option<PolarityFlip> {
    let (tr, tg) = (table.eval(cr), table.eval(cg));
    if table.same(&tr, &tg) {
        return None;
    }
    // Negated conjuncts: the conjuncts false under one assignment of G are the only
    // candidates (any flip relating them makes exactly those false on G).
    if let Some(row) = table.first_true(&tg) {
        let tables: Vec<Vec<u64>> = conjuncts.iter().map(|c| table.eval(c)).collect();
        let negated: Vec<usize> = (0..tables.len())
            .filter(|&i| !Table::value(&tables[i], row))
            .collect();
        if !negated.is_empty() {
            let mut flipped = vec![u64::MAX; tg.len()];
            for (i, t) in tables.iter().enumerate() {
                let neg = negated.contains(&i);
                for (acc, w) in flipped.iter_mut().zip(t) {
                    *acc &= if neg { !w } else { *w };
                }
            }
            if table.same(&flipped, &tg) {
                return Some(PolarityFlip::NegatedConjuncts(negated));
            }
        }
    } else if let Some(negated) = unrealized_negation(conjuncts, semantics) {
        // G is unsatisfiable: negating these conjuncts of R gives an unsatisfiable
        // expression too.
        return Some(PolarityFlip::NegatedConjuncts(negated));
    }
    for atom in cg.atoms_in_order() {
        let Some(i) = table.var(&atom) else { continue };
        if table.same(&table.flip_var(&tg, i), &tr) {
            return Some(PolarityFlip::FlippedAtom(atom));
        }
    }
    None
}

/// The exact search on BDDs, for any number of atoms.
pub(super) fn search_bdd(
    conjuncts: &[Expr],
    cr: &Expr,
    cg: &Expr,
    semantics: &Semantics,
) -> Option<PolarityFlip> {
    let mut all = conjuncts.iter().collect::<Vec<_>>();
    all.push(cg);
    let space = Space::new(&all, semantics);
    let (br, bg) = (space.bdd(cr), space.bdd(cg));
    let same = |a: &Bdd, b: &Bdd| space.allowed(a.xor(b)).is_false();
    if same(&br, &bg) {
        return None;
    }
    if let Some(negated) = negated_conjuncts(&space, conjuncts, &bg, semantics) {
        return Some(PolarityFlip::NegatedConjuncts(negated));
    }
    // Two cheap necessary conditions keep the search linear on long conditions (each
    // full check below copies G). Negating one variable maps a reduced BDD to one of
    // the same size, and when every assignment is allowed `same` is BDD identity: so
    // BDDs of different sizes are no atom flip apart. And at an allowed assignment `w`
    // where R and G differ, G with `x` negated must take R's value, so flipping `x` must
    // change G at `w`.
    if space.valid().is_true() && br.size() != bg.size() {
        return None;
    }
    let witness = space.allowed(br.xor(&bg)).sat_witness();
    let changes_at_witness = |v| {
        witness.as_ref().is_none_or(|w| {
            let mut flipped = w.clone();
            flipped.flip_value(v);
            bg.eval_in(w) != bg.eval_in(&flipped)
        })
    };
    for atom in cg.atoms_in_order() {
        let Some(v) = space.var(&atom) else { continue };
        if !changes_at_witness(v) {
            continue;
        }
        let low = bg.var_restrict(v, false);
        let high = bg.var_restrict(v, true);
        let flipped = Bdd::if_then_else(&space.bdd(&Expr::Atom(atom.clone())), &low, &high);
        if same(&flipped, &br) {
            return Some(PolarityFlip::FlippedAtom(atom));
        }
    }
    None
}

/// One allowed satisfying assignment of G fixes which conjuncts would have to be
/// negated: those it makes false. A single equivalence check then decides.
fn negated_conjuncts(
    space: &Space,
    conjuncts: &[Expr],
    bg: &Bdd,
    semantics: &Semantics,
) -> Option<Vec<usize>> {
    let Some(witness) = space.allowed(bg.clone()).sat_witness() else {
        // G is unsatisfiable: negating conjuncts gives an equivalent expression when
        // some combination of conjunct values never occurs.
        return unrealized_negation(conjuncts, semantics);
    };
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
    space
        .allowed(space.bdd(&flipped).xor(bg))
        .is_false()
        .then_some(negated)
}

#[cfg(test)]
#[path = "polarity_tests.rs"]
mod tests;
