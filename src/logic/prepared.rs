//! A reference path condition prepared once for comparing many generated antecedents
//! with it (the scorer compares every output of a program with the same references):
//! its canonical form, its top-level conjuncts, their canonical forms, and, up to
//! `bits::MAX_ATOMS` atoms, all of them compiled for truth tables. Comparing a
//! generated antecedent G then costs G's own compilation and one evaluation per
//! expression; every answer is the one `relation`, `implies` and `polarity_search`
//! give (beyond the fast path, they are what runs).

use std::sync::OnceLock;

use super::compiled::{self, Compiled, Shape};
use super::decide::{Relation, from_implications, implies_canonical, relation_canonical};
use super::domain::Domain;
use super::expr::{Atom, Expr};
use super::polarity::{PolarityFlip, search_canonical};
use super::semantics::Semantics;

/// A reference condition R, ready for `compare`. Its canonical form is computed at
/// once (an equal canonical form decides `correct` alone); the rest, which only a
/// generated antecedent with another canonical form needs, when first needed.
#[derive(Clone, Debug)]
pub struct PreparedCondition<'r> {
    parsed: &'r Expr,
    semantics: Semantics,
    canonical: Expr,
    rest: OnceLock<Rest<'r>>,
}

#[derive(Clone, Debug)]
struct Rest<'r> {
    /// R's top-level conjuncts as parsed (its branch predicates): the operands of
    /// `top_level_conjuncts(R)`, borrowed.
    conjuncts: Vec<&'r Expr>,
    canonical_conjuncts: Vec<Expr>,
    tables: Option<ReferenceTables>,
}

impl<'r> Rest<'r> {
    fn new(parsed: &'r Expr, canonical: &Expr, semantics: &Semantics) -> Rest<'r> {
        let conjuncts: Vec<&Expr> = match parsed {
            Expr::And(v) if !v.is_empty() => v.iter().collect(),
            other => vec![other],
        };
        let canonical_conjuncts: Vec<Expr> =
            conjuncts.iter().map(|c| semantics.canonical(c)).collect();
        Rest {
            tables: ReferenceTables::new(canonical, &canonical_conjuncts),
            conjuncts,
            canonical_conjuncts,
        }
    }
}

/// R compiled over its own atoms (those of its canonical conjuncts, then any other of
/// its canonical form), numbered from 0.
#[derive(Clone, Debug, PartialEq)]
struct ReferenceTables {
    index: Vec<Atom>,
    canonical: Compiled,
    conjuncts: Vec<Compiled>,
}

impl ReferenceTables {
    fn new(canonical: &Expr, conjuncts: &[Expr]) -> Option<ReferenceTables> {
        let mut index = Vec::new();
        let conjuncts = conjuncts
            .iter()
            .map(|c| Compiled::extending(c, &mut index))
            .collect::<Option<Vec<_>>>()?;
        let canonical = Compiled::extending(canonical, &mut index)?;
        Some(ReferenceTables {
            index: index.into_iter().cloned().collect(),
            canonical,
            conjuncts,
        })
    }
}

impl<'r> PreparedCondition<'r> {
    /// Prepares `reference` as parsed (its top-level conjuncts are the branch
    /// predicates of the polarity rule), under the default semantics.
    pub fn new(reference: &'r Expr) -> PreparedCondition<'r> {
        PreparedCondition::with_semantics(reference, Semantics::default_ref().clone())
    }

    /// Prepares `reference` for comparisons under `semantics`.
    pub fn with_semantics(reference: &'r Expr, semantics: Semantics) -> PreparedCondition<'r> {
        PreparedCondition {
            parsed: reference,
            canonical: semantics.canonical(reference),
            semantics,
            rest: OnceLock::new(),
        }
    }

    fn rest(&self) -> &Rest<'r> {
        self.rest
            .get_or_init(|| Rest::new(self.parsed, &self.canonical, &self.semantics))
    }

    /// The semantics comparisons are made under.
    pub fn semantics(&self) -> &Semantics {
        &self.semantics
    }

    /// R as parsed.
    pub fn parsed(&self) -> &'r Expr {
        self.parsed
    }

    /// `canonical(R)`.
    pub fn canonical(&self) -> &Expr {
        &self.canonical
    }

    /// The operands of `top_level_conjuncts(R)`.
    pub fn conjuncts(&self) -> &[&'r Expr] {
        &self.rest().conjuncts
    }

    /// A comparison of the canonical form `g` (under the same semantics) of a
    /// generated antecedent with R.
    pub fn compare<'a>(&'a self, g: &'a Expr) -> Comparison<'a, 'r> {
        let rest = self.rest();
        let fast = rest
            .tables
            .as_ref()
            .and_then(|t| Fast::new(t, g, &self.semantics));
        Comparison {
            reference: self,
            rest,
            g,
            fast,
        }
    }
}

/// How the atoms of G and R compare (as sets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtomSets {
    pub generated: usize,
    pub reference: usize,
    /// G's atoms are a subset (not necessarily proper) of R's.
    pub subset: bool,
    /// G's atoms are a superset (not necessarily proper) of R's.
    pub superset: bool,
}

/// G (canonical) compared with a prepared R; each question answered as the plain
/// functions would answer it.
pub struct Comparison<'a, 'r> {
    reference: &'a PreparedCondition<'r>,
    rest: &'a Rest<'r>,
    g: &'a Expr,
    fast: Option<Fast<'a>>,
}

/// The truth tables of G, R and R's conjuncts over the atoms of all of them (at most
/// `MAX_ATOMS`): R's atoms first, then G's others.
struct Fast<'a> {
    tables: &'a ReferenceTables,
    /// G's atoms beyond R's, by variable number from `tables.index.len()`.
    extra: Vec<&'a Atom>,
    g: Compiled,
    shape: Shape,
    /// The assignments the semantics allows, when not all.
    valid: Option<Vec<u64>>,
    tr: Vec<u64>,
    tg: Vec<u64>,
    stack: Vec<u64>,
}

impl<'a> Fast<'a> {
    fn new(tables: &'a ReferenceTables, g: &'a Expr, semantics: &Semantics) -> Option<Fast<'a>> {
        let mut index: Vec<&Atom> = tables.index.iter().collect();
        let known = index.len();
        let compiled = Compiled::extending(g, &mut index)?;
        let shape = Shape::new(index.len());
        let valid = Domain::new(&index, semantics).map(|d| d.table(shape));
        let extra = index.split_off(known);
        let mut stack = Vec::new();
        let mut tr = Vec::with_capacity(shape.words);
        shape.eval_into(&tables.canonical, usize::MAX, &mut stack, &mut tr);
        let mut tg = Vec::with_capacity(shape.words);
        shape.eval_into(&compiled, usize::MAX, &mut stack, &mut tg);
        Some(Fast {
            tables,
            extra,
            g: compiled,
            shape,
            valid,
            tr,
            tg,
            stack,
        })
    }

    fn atom(&self, var: u8) -> &'a Atom {
        let v = usize::from(var);
        match self.tables.index.get(v) {
            Some(a) => a,
            None => self.extra[v - self.tables.index.len()],
        }
    }

    fn conjunct_table(&mut self, i: usize) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.shape.words);
        let c = &self.tables.conjuncts[i];
        self.shape
            .eval_into(c, usize::MAX, &mut self.stack, &mut out);
        out
    }

    /// `polarity::search_bits`, step by step, on these tables.
    fn polarity(
        &mut self,
        canonical_conjuncts: &[Expr],
        semantics: &Semantics,
    ) -> Option<PolarityFlip> {
        let shape = self.shape;
        let valid = self.valid.clone();
        let valid = valid.as_deref();
        if shape.same(&self.tr, &self.tg, valid) {
            return None;
        }
        if let Some(row) = shape.first_true(&self.tg, valid) {
            let tables: Vec<Vec<u64>> = (0..self.tables.conjuncts.len())
                .map(|i| self.conjunct_table(i))
                .collect();
            let negated: Vec<usize> = (0..tables.len())
                .filter(|&i| !compiled::value(&tables[i], row))
                .collect();
            if !negated.is_empty() {
                let mut flipped = vec![u64::MAX; shape.words];
                for (i, t) in tables.iter().enumerate() {
                    let neg = negated.contains(&i);
                    for (acc, w) in flipped.iter_mut().zip(t) {
                        *acc &= if neg { !w } else { *w };
                    }
                }
                if shape.same(&flipped, &self.tg, valid) {
                    return Some(PolarityFlip::NegatedConjuncts(negated));
                }
            }
        } else if let Some(negated) =
            super::bdd::unrealized_negation(canonical_conjuncts, semantics)
        {
            return Some(PolarityFlip::NegatedConjuncts(negated));
        }
        for var in self.g.vars_in_order() {
            if shape.same(&shape.flip_var(&self.tg, usize::from(var)), &self.tr, valid) {
                return Some(PolarityFlip::FlippedAtom(self.atom(var).clone()));
            }
        }
        None
    }
}

impl Comparison<'_, '_> {
    /// Whether the tables decide (at most `MAX_ATOMS` atoms between G and R).
    pub fn on_tables(&self) -> bool {
        self.fast.is_some()
    }

    /// `relation(G, R)`.
    pub fn relation(&self) -> Relation {
        match &self.fast {
            Some(f) => {
                let valid = f.valid.as_deref();
                from_implications(
                    f.shape.implies(&f.tg, &f.tr, valid),
                    f.shape.implies(&f.tr, &f.tg, valid),
                )
            }
            None => {
                relation_canonical(self.g, &self.reference.canonical, &self.reference.semantics)
            }
        }
    }

    /// `polarity_search(R, G)`.
    pub fn polarity(&mut self) -> Option<PolarityFlip> {
        match &mut self.fast {
            Some(f) => f.polarity(&self.rest.canonical_conjuncts, &self.reference.semantics),
            None => search_canonical(
                &self.rest.canonical_conjuncts,
                &self.reference.canonical,
                self.g,
                &self.reference.semantics,
            ),
        }
    }

    /// Whether G implies R's `i`-th top-level conjunct.
    pub fn implies_conjunct(&mut self, i: usize) -> bool {
        match &mut self.fast {
            Some(f) => {
                let t = f.conjunct_table(i);
                f.shape.implies(&f.tg, &t, f.valid.as_deref())
            }
            None => implies_canonical(
                self.g,
                &self.rest.canonical_conjuncts[i],
                &self.reference.semantics,
            ),
        }
    }

    /// How the atoms of G and of R compare.
    pub fn atom_sets(&self) -> AtomSets {
        match &self.fast {
            Some(f) => {
                let (g, r) = (f.g.var_mask(), f.tables.canonical.var_mask());
                AtomSets {
                    generated: g.count_ones() as usize,
                    reference: r.count_ones() as usize,
                    subset: g & !r == 0,
                    superset: r & !g == 0,
                }
            }
            None => {
                let (g, r) = (self.g.atoms(), self.reference.canonical.atoms());
                AtomSets {
                    generated: g.len(),
                    reference: r.len(),
                    subset: g.is_subset(&r),
                    superset: g.is_superset(&r),
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "prepared_tests.rs"]
mod tests;
