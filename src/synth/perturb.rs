//! Perturbations of a correct antecedent, one per failure mode that lives in the
//! antecedent: a dropped path predicate, a flipped branch polarity, `&&` turned into
//! `||` (Boolean structure) and an extra predicate. Every branch condition of a
//! generated program has atoms of its own, so each perturbation is never equivalent
//! to the true path.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::models::Failure;
use crate::logic::Expr;

/// The top-level conjuncts of a path (a single branch's chain is split too: the RTL
/// keeps a lone `if` condition as one conjunct, `And([a && b])`).
pub fn conjuncts(path: &Expr) -> Vec<Expr> {
    match path {
        Expr::And(items) if items.len() == 1 => conjuncts(&items[0]),
        Expr::And(items) => items.clone(),
        other => vec![other.clone()],
    }
}

/// The antecedent of `failure` applied to `conjuncts`, as one expression; `None` when
/// this failure cannot be made from this path (then another is chosen).
pub fn perturb(
    rng: &mut ChaCha8Rng,
    failure: Failure,
    conjuncts: &[Expr],
    fresh: &str,
) -> Option<Expr> {
    let mut items = conjuncts.to_vec();
    match failure {
        Failure::DroppedPredicate => {
            if items.len() >= 2 {
                items.remove(rng.random_range(0..items.len()));
                Some(and(items))
            } else {
                match &items[0] {
                    Expr::And(inner) if inner.len() >= 2 => {
                        let mut inner = inner.clone();
                        inner.remove(rng.random_range(0..inner.len()));
                        Some(and(inner))
                    }
                    _ => None,
                }
            }
        }
        Failure::BranchPolarity => {
            let i = rng.random_range(0..items.len());
            items[i] = match &items[i] {
                Expr::Not(inner) => (**inner).clone(),
                other => Expr::not(other.clone()),
            };
            Some(and(items))
        }
        Failure::BooleanStructure => {
            if items.len() >= 2 {
                Some(Expr::Or(items))
            } else {
                match &items[0] {
                    Expr::And(inner) if inner.len() >= 2 => Some(Expr::Or(inner.clone())),
                    Expr::Or(inner) if inner.len() >= 2 => Some(Expr::And(inner.clone())),
                    _ => None,
                }
            }
        }
        Failure::ExtraPredicate => {
            items.push(Expr::ident(fresh));
            Some(and(items))
        }
        Failure::OutputContract | Failure::WrongConsequent | Failure::MissingProperty => None,
    }
}

fn and(mut items: Vec<Expr>) -> Expr {
    if items.len() == 1 {
        items.remove(0)
    } else {
        Expr::And(items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Expr, equivalent};
    use rand::SeedableRng;

    fn path() -> Expr {
        Expr::And(vec![
            Expr::and([Expr::ident("a"), Expr::ident("b")]),
            Expr::not(Expr::or([Expr::ident("c"), Expr::ident("d")])),
            Expr::ident("e"),
        ])
    }

    #[test]
    fn every_antecedent_failure_differs_from_the_path() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let path = path();
        for failure in [
            Failure::DroppedPredicate,
            Failure::BranchPolarity,
            Failure::BooleanStructure,
            Failure::ExtraPredicate,
        ] {
            for _ in 0..10 {
                let g = perturb(&mut rng, failure, &conjuncts(&path), "z_300").unwrap();
                assert!(!equivalent(&g, &path), "{failure:?}: {g}");
            }
        }
    }

    #[test]
    fn a_single_atom_has_no_dropped_predicate_or_structure() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let one = [Expr::ident("a")];
        assert!(perturb(&mut rng, Failure::DroppedPredicate, &one, "z").is_none());
        assert!(perturb(&mut rng, Failure::BooleanStructure, &one, "z").is_none());
        assert!(perturb(&mut rng, Failure::BranchPolarity, &one, "z").is_some());
    }
}
