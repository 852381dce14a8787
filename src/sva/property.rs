//! The parsed form of one property declaration: a well-formed property (clock event,
//! antecedent, implication, equality consequent) or a malformed one with its reason.

use std::fmt;

use crate::logic::Expr;

/// `|->` (same cycle) or `|=>` (next cycle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Implication {
    /// `|->`
    Overlapping,
    /// `|=>`
    NonOverlapping,
}

impl fmt::Display for Implication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Implication::Overlapping => "|->",
            Implication::NonOverlapping => "|=>",
        })
    }
}

/// A clock event `@(EDGE SIGNAL)`, kept as its tokens joined by single spaces
/// (`posedge clk`), so comparing two events ignores white space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockEvent(pub String);

impl ClockEvent {
    /// Reads `posedge clk` or `@(posedge clk)` (white space free-form).
    pub fn parse(text: &str) -> ClockEvent {
        let tokens = crate::text::token::tokenize(text);
        let mut inner = &tokens[..];
        if inner.first().is_some_and(|t| t.is(text, "@")) {
            inner = &inner[1..];
        }
        if inner.len() >= 2 && inner[0].is(text, "(") && inner[inner.len() - 1].is(text, ")") {
            inner = &inner[1..inner.len() - 1];
        }
        ClockEvent(crate::text::token::join(text, inner))
    }
}

impl fmt::Display for ClockEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@({})", self.0)
    }
}

/// One equality `lhs == rhs` of a consequent, each side in canonical text (white space
/// and redundant parentheses removed).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Equality {
    pub lhs: String,
    pub rhs: String,
}

impl fmt::Display for Equality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} == {}", self.lhs, self.rhs)
    }
}

/// A well-formed property.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    pub name: String,
    /// Byte offset of the `property` keyword in the text it was read from.
    pub offset: usize,
    pub clock: Option<ClockEvent>,
    /// The condition of `disable iff (...)`, as written; `antecedent` then starts with
    /// its negation.
    pub disable_iff: Option<String>,
    /// The antecedent as written (clock events and repaired parentheses blanked out
    /// with spaces, so offsets within it match the source).
    pub antecedent_text: String,
    pub antecedent: Expr,
    pub implication: Implication,
    /// The equalities of the consequent, in reading order.
    pub consequent: Vec<Equality>,
}

/// A declaration whose header or body breaks the form of SCORING.md §2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The name, when the header got that far.
    pub name: Option<String>,
    /// Byte offset of the `property` keyword.
    pub offset: usize,
    /// Byte offset of the problem.
    pub at: usize,
    /// What is wrong, with its line and column, and what was expected.
    pub reason: String,
    /// The equalities written after the (first) implication, for SCORING.md §2's rule:
    /// a malformed property scores `output-contract` for the behaviors it names.
    pub named: Vec<Equality>,
}

/// One declaration after parsing.
// A few declarations per output, matched by value everywhere: boxing the property
// would cost more in code than the bytes it saves.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Declaration {
    Property(Property),
    Malformed(Malformed),
}

impl Declaration {
    /// The declaration's name, if it has one.
    pub fn name(&self) -> Option<&str> {
        match self {
            Declaration::Property(p) => Some(&p.name),
            Declaration::Malformed(m) => m.name.as_deref(),
        }
    }
}
