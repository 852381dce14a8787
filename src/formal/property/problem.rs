//! Why a property cannot be checked: a syntax error or a construct outside the lowered
//! subset, with the span of the text at fault.

use super::ast::Span;

/// The two ways reading a property can fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// The text is not a property (status `error`).
    Syntax,
    /// A property outside the subset flipscope lowers (status `unsupported`).
    Unsupported,
}

/// A located problem with one property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    pub message: String,
    pub span: Span,
}

impl Problem {
    pub fn syntax(message: impl Into<String>, span: Span) -> Problem {
        Problem {
            kind: ProblemKind::Syntax,
            message: message.into(),
            span,
        }
    }

    /// `what` names the construct (`` `s_eventually` ``); the message says it is
    /// outside the subset.
    pub fn unsupported(what: impl Into<String>, span: Span) -> Problem {
        Problem {
            kind: ProblemKind::Unsupported,
            message: format!("{} is outside the lowered subset", what.into()),
            span,
        }
    }
}
