//! Errors about an input file, located by file, line and column (both 1-based): a
//! `text::Location` and a message, serialized flat (`{"file", "line", "column",
//! "message"}`).

use std::fmt;
use std::path::Path;

use crate::text::Location;

/// A problem with an input, at a place a person can open in an editor.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
pub struct LocatedError {
    /// The file as the user named it (or `-` for standard input), line and column.
    #[serde(flatten)]
    pub location: Location,
    /// What was wrong and what was expected.
    pub message: String,
}

impl LocatedError {
    pub fn new(
        file: impl Into<String>,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        Self {
            location: Location::new(file, line, column),
            message: message.into(),
        }
    }

    /// An error about a whole file (reported at 1:1).
    pub fn whole_file(path: &Path, message: impl Into<String>) -> Self {
        Self::new(display_path(path), 1, 1, message)
    }
}

impl fmt::Display for LocatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

/// How a path is shown in messages: as given, lossily for non-UTF-8 names.
pub fn display_path(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialized_flat_and_shown_as_editors_read_it() {
        let e = LocatedError::new("s.jsonl", 3, 9, "expected a string");
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"file":"s.jsonl","line":3,"column":9,"message":"expected a string"}"#
        );
        assert_eq!(e.to_string(), "s.jsonl:3:9: expected a string");
    }
}
