//! The decisions of the logic core under one `Semantics`: canonical form, equivalence,
//! implication, relation, satisfiability, the polarity search and the truth table.
//! They are methods of the value (`semantics.rs`), kept here so that the value depends
//! on nothing but the expressions, and the deciding files can read it.

use std::collections::{BTreeMap, BTreeSet};

use super::canon;
use super::decide::{self, Relation};
use super::expr::{Atom, Expr};
use super::polarity::{self, PolarityFlip};
use super::semantics::Semantics;
use super::truth_table::{self, TruthTable};

impl Semantics {
    /// `canonical(e)` under this semantics.
    pub fn canonical(&self, e: &Expr) -> Expr {
        canon::canonical_in(e, self)
    }

    /// The text of `self.canonical(e)`.
    pub fn canonical_text(&self, e: &Expr) -> String {
        self.canonical(e).to_string()
    }

    /// Whether `a` and `b` are true under exactly the same assignments.
    pub fn equivalent(&self, a: &Expr, b: &Expr) -> bool {
        self.relation(a, b) == Relation::Equivalent
    }

    /// Whether every assignment that makes `a` true makes `b` true.
    pub fn implies(&self, a: &Expr, b: &Expr) -> bool {
        decide::implies_canonical(&self.canonical(a), &self.canonical(b), self)
    }

    /// How `a` relates to `b`.
    pub fn relation(&self, a: &Expr, b: &Expr) -> Relation {
        decide::relation_canonical(&self.canonical(a), &self.canonical(b), self)
    }

    /// Whether some assignment makes `e` true.
    pub fn satisfiable(&self, e: &Expr) -> bool {
        decide::satisfiable_canonical(&self.canonical(e), self)
    }

    /// One assignment of the atoms of the canonical form of `e` that makes it true.
    pub fn satisfying_assignment(&self, e: &Expr) -> Option<BTreeMap<Atom, bool>> {
        decide::assignment_canonical(&self.canonical(e), self)
    }

    /// The atoms of the canonical form (what SCORING.md §6 rules 5 and 6 compare).
    pub fn canonical_atoms(&self, e: &Expr) -> BTreeSet<Atom> {
        self.canonical(e).atoms()
    }

    /// The polarity search of SCORING.md §6 rule 4.
    pub fn polarity_search(&self, reference: &Expr, generated: &Expr) -> Option<PolarityFlip> {
        polarity::search_in(reference, generated, self)
    }

    /// The truth table of `exprs` (rows the semantics allows only), at most `cap` rows.
    pub fn truth_table(&self, exprs: &[&Expr], cap: usize) -> TruthTable {
        truth_table::table_in(exprs, cap, self)
    }
}
