//! A place in a user's file: the file as named, 1-based line and column (in
//! characters), shown `file:line:column` the way editors and compilers write it. Every
//! located message of the prover carries one.

use serde::{Deserialize, Serialize};

/// A position in a user's file: 1-based line and column (in characters).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Location {
    pub file: String,
    pub line: usize,
    pub column: usize,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

impl Location {
    pub fn new(file: impl Into<String>, line: usize, column: usize) -> Location {
        Location {
            file: file.into(),
            line,
            column,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_as_editors_read_it() {
        let (line, column) = crate::text::line_column("ab\n  é x", 7);
        let at = Location::new("d.sv", line, column);
        assert_eq!((at.line, at.column), (2, 4));
        assert_eq!(at.to_string(), "d.sv:2:4");
    }
}
