//! The sv-parser bridge: fragments wrapped into a module, assignment behaviors with
//! their path conditions, clocks, and a parse cache keyed by content hash.
//!
//! Entry points: [`behaviors`] for one text, [`analyse_many`] for many (parallel,
//! cached).

mod batch;
pub mod behavior;
pub mod cache;
mod condition;
mod const_eval;
pub mod constant;
pub mod declarations;
pub mod error;
pub mod limits;
pub(crate) mod macros;
mod parse;
mod path_text;
pub(crate) mod precedence;
pub mod source;
pub mod stack;
mod stored;
pub mod text;
pub mod unclosed;
mod walk;

pub use batch::{RtlInput, analyse_many};
pub use behavior::{AssignKind, Behavior};
pub use cache::ParseCache;
pub use error::{RtlError, RtlWarning};
pub use parse::{analyse, parse_tree, warnings, with_fragment_clock};
pub use path_text::path_text;
pub use source::SourceKind;

/// The behaviors of one RTL text; `fragment_clock` is the program's clock event
/// (`posedge clk`) and applies only when the text is a fragment.
pub fn behaviors(source: &str, fragment_clock: Option<&str>) -> Result<Vec<Behavior>, RtlError> {
    let (kind, behaviors) = analyse(source)?;
    Ok(with_fragment_clock(kind, behaviors, fragment_clock))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod declarations_tests;

#[cfg(test)]
mod prop_tests;
