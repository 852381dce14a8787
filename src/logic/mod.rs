//! Boolean expressions over path-condition atoms: parsing, canonical form, exact
//! equivalence and implication, truth tables for display, and the polarity search.

pub mod expr;

pub use expr::{Atom, Constant, Expr, Term};
