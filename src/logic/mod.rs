//! Boolean expressions over path-condition atoms: parsing, canonical form, exact
//! equivalence and implication under a value semantics (two-state by default, or the
//! paper's independent atoms), truth tables for display, and the polarity search.

mod bdd;
mod bits;
#[cfg(test)]
mod bits_proptests;
pub mod canon;
mod compiled;
pub mod constant;
pub mod decide;
mod decisions;
mod domain;
pub mod error;
pub mod eval;
pub mod expr;
mod lexer;
pub mod operators;
pub mod parse;
pub mod polarity;
pub mod prepared;
#[cfg(test)]
mod proptests;
mod reread;
pub mod semantics;
#[cfg(test)]
mod test_support;
pub mod truth_table;
mod value;

pub use canon::{canonical, canonical_text};
pub use decide::{
    Relation, canonical_atoms, equivalent, implies, relation, satisfiable, satisfying_assignment,
};
pub use error::ParseError;
pub use eval::evaluate;
pub use expr::{Atom, Constant, Expr, Term};
pub use lexer::Grammar;
pub use parse::{parse_expr, parse_expr_in};
pub use polarity::{PolarityFlip, polarity_search, top_level_conjuncts};
pub use prepared::{AtomSets, Comparison, PreparedCondition};
pub use semantics::{Declarations, Semantics, Values, Widths};
pub use truth_table::{TruthRow, TruthTable, truth_table};
