//! Properties in generated text: extraction (strict and lenient), parsing, and the
//! output contract.

pub mod consequent;
pub mod contract;
pub mod extract;
#[cfg(test)]
mod extract_props;
pub mod group;
pub mod operand;
pub mod parse;
pub mod property;
pub mod rename;
mod token_text;

pub use contract::check_contract;
pub use extract::{Extraction, Mode, RawDeclaration, RawKind, Violation, extract};
pub use parse::{Dialect, parse_declaration, parse_declaration_in};
pub use property::{ClockEvent, Declaration, Equality, Implication, Malformed, Property};
pub use rename::rename_identifiers;
