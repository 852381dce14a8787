//! Text every reader of SystemVerilog shares, below every other module: the one
//! tokenizer ([`token`]), the one reader of properties in generated text ([`read`], for
//! the fragment scorer and the prover), the place in a file a message points at
//! ([`Location`]), and where a byte sits as a 1-based line and column ([`line_column`],
//! [`Lines`] for many lookups in one text). Columns count characters, not bytes, so a message points at the character a
//! person sees; an offset inside a multi-byte character is read as that character's.

mod lines;
mod location;
pub mod read;
pub mod token;

pub use lines::{Lines, line_column};
pub use location::Location;
