//! The one reader of properties in generated text, for the fragment scorer (strict and
//! lenient) and the prover: it finds `property NAME ... endproperty` declarations,
//! `assert property (...)` statements, `sequence` declarations and the `default
//! clocking` and `default disable iff` of a text, once, as token ranges and byte spans
//! with their 1-based line and column. Parsing what it found is the callers' (the
//! fragment scorer's `sva::parse`, the prover's `formal::property`). Where the two read
//! differently is a [`Rules`] option; nothing else is written twice. It never fails and
//! never panics: what it cannot read is a [`Violation`] (strict rules), an [`Issue`] of
//! a property, or ignored as prose, as the rules say.

mod assertion;
mod rules;
mod scan;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_props;

use std::ops::Range;

pub use rules::{Assertions, End, Header, Incomplete, Names, Rules};
#[cfg(test)]
pub(crate) use scan::stray;

use super::token::{Kind, Token};
#[cfg(test)]
use super::token::{join, tokenize};
use super::{Lines, line_column};

/// How a property was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `property NAME ... endproperty`.
    Declared,
    /// `[LABEL:] assert property (...)` with the property written inside.
    Inline,
}

/// What kind of problem the reader found with a property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IssueKind {
    /// Not SystemVerilog as written (no `endproperty`, an unclosed `(`, a header
    /// without its `;`, a name asserted but never declared).
    Syntax,
    /// SystemVerilog the prover does not check (a property with arguments); the
    /// message says what, without saying it is unsupported.
    Unsupported,
}

/// A problem the reader found with a property, at a byte span of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    pub kind: IssueKind,
    pub message: String,
    pub span: Range<usize>,
}

/// One property found in the text, not parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    pub form: Form,
    /// The declared name, else the label, else a name of its position (per
    /// [`Names`]).
    pub name: String,
    /// The label of the `assert property` statement that states or asserts it.
    pub label: Option<String>,
    /// Whether an `assert property` statement asserts it (always, for inline ones).
    pub asserted: bool,
    /// Byte offset of its first token: the `property` keyword, the label or `assert`.
    pub start: usize,
    /// 1-based line and column (in characters) of `start`.
    pub line: usize,
    pub column: usize,
    /// Byte offset just after its last token: `endproperty`, the assertion's `)`;
    /// without either, the end of `text`.
    pub end: usize,
    /// Token indices between `property` and `endproperty` (name, header and body), or
    /// inside the assertion's parentheses.
    pub inner: Range<usize>,
    /// Token indices of the property itself: after `NAME;` (or its arguments) up to
    /// `endproperty` or, without one, its first `;`; inside the parentheses.
    pub body: Range<usize>,
    /// Byte span of the property's text (what `body` covers).
    pub text: Range<usize>,
    /// Token indices of the `@(EVENT)` and `disable iff (E)` written in front of the
    /// name on the `assert property` that asserts a declaration ([`Assertions::Resolved`]).
    pub prefix: Option<Range<usize>>,
    /// Why it cannot be read as it is, when the reader already knows.
    pub issue: Option<Issue>,
}

/// A complete `sequence NAME; BODY endsequence`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    pub name: String,
    /// Token indices of `BODY`.
    pub body: Range<usize>,
}

/// Why a text read with strict rules breaks the contract as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Byte offset of the offending token.
    pub offset: usize,
    /// What was found, with its line and column, and what was expected.
    pub message: String,
}

/// Everything read from one text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The properties, in order of `start` (the order a reference resolves in does not
    /// matter).
    pub properties: Vec<Property>,
    /// Complete sequences without issues, in reading order.
    pub sequences: Vec<Sequence>,
    /// Token indices of the `@(EVENT)` of the text's last `default clocking`.
    pub default_clock: Option<Range<usize>>,
    /// Token indices of `EXPR` in the text's last `default disable iff (EXPR);`
    /// (parentheses included).
    pub default_disable: Option<Range<usize>>,
    /// Strict rules: the first thing outside a declaration (reading stopped there).
    pub violation: Option<Violation>,
    /// Whether the text holds nothing but comments and white space.
    pub empty: bool,
}

/// Reads `source`, whose tokens are `toks` (`token::tokenize(source)`), by `rules`.
pub fn read(source: &str, toks: &[Token], rules: Rules) -> Reading {
    let mut scan = scan::Scan::new(source, toks, rules);
    scan.run();
    scan.finish()
}

/// The name of a property found without one of its own, and the position part of it.
fn position_name(names: Names, line: usize, column: usize) -> String {
    match names {
        Names::Fragment => format!("assertion at {line}:{column}"),
        Names::Prover => format!("assert_{line}_{column}"),
    }
}

/// Names found properties by `names`, in order: declared name, label, position; the
/// prover's repeats numbered.
fn name_all(source: &str, found: Vec<scan::Found>, names: Names) -> Vec<Property> {
    let lines = Lines::new(source);
    let mut seen: std::collections::HashMap<String, usize> = Default::default();
    found
        .into_iter()
        .map(|f| {
            let (line, column) = lines.line_column(source, f.property.start);
            let base = f
                .name
                .or_else(|| f.property.label.clone())
                .unwrap_or_else(|| position_name(names, line, column));
            let count = seen.entry(base.clone()).or_insert(0);
            *count += 1;
            let name = if *count == 1 || names == Names::Fragment {
                base
            } else {
                format!("{base}#{count}")
            };
            Property {
                name,
                line,
                column,
                ..f.property
            }
        })
        .collect()
}
