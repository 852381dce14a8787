//! The error of the antecedent parser: a position within the given text and what was
//! expected there.

use std::fmt;

/// A problem in an expression's text, located within that text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// Byte offset of the problem within the text.
    pub offset: usize,
    /// 1-based line within the text.
    pub line: usize,
    /// 1-based column within the line, counted in characters.
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl ParseError {
    /// An error at byte `offset` of `text` (line and column are computed from it).
    pub fn at(text: &str, offset: usize, message: impl Into<String>) -> Self {
        let offset = offset.min(text.len());
        let (line, column) = crate::text::line_column(text, offset);
        Self {
            offset,
            line,
            column,
            message: message.into(),
        }
    }
}

impl ParseError {
    /// The (line, column) of the problem in a file where the parsed text starts at
    /// `line`:`column` (all 1-based), for callers that parse a piece of a file.
    pub fn position_in_file(&self, line: usize, column: usize) -> (usize, usize) {
        if self.line == 1 {
            (line, column + self.column - 1)
        } else {
            (line + self.line - 1, self.column)
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_line_and_column_in_characters() {
        let e = ParseError::at("a &&\n  é & b", 10, "unsupported operator `&`");
        assert_eq!((e.line, e.column), (2, 5));
        assert_eq!(e.to_string(), "2:5: unsupported operator `&`");
    }

    #[test]
    fn shifts_into_the_enclosing_file() {
        let first_line = ParseError::at("a & b", 2, "x");
        assert_eq!(first_line.position_in_file(10, 20), (10, 22));
        let later_line = ParseError::at("a &&\n b & c", 8, "x");
        assert_eq!(later_line.position_in_file(10, 20), (11, 4));
    }

    #[test]
    fn clamps_offsets_past_the_end() {
        let e = ParseError::at("ab", 99, "x");
        assert_eq!((e.offset, e.line, e.column), (2, 1, 3));
    }
}
