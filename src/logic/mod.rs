//! Boolean expressions over path-condition atoms: parsing, canonical form, exact
//! equivalence and implication, truth tables for display, and the polarity search.

mod constant;
pub mod error;
pub mod expr;
mod lexer;
pub mod parse;

pub use error::ParseError;
pub use expr::{Atom, Constant, Expr, Term};
pub use parse::parse_expr;
