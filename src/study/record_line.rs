//! One line of a study file being loaded: the file's name as shown, the line number
//! and its text, so that a rule broken by a record is reported at the member that
//! breaks it (its value or its key), line and column.

use super::error::LocatedError;
use super::locate::{key_column, value_column};

/// One line of a file being loaded: where it is and its text, to locate problems.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    /// The file as shown in messages.
    pub file: &'a str,
    /// 1-based line number.
    pub line: usize,
    /// The line's text.
    pub text: &'a str,
}

impl Line<'_> {
    /// An error at the value of the member `path` (or at column 1 when it is absent).
    pub fn at(&self, path: &[&str], message: impl Into<String>) -> LocatedError {
        LocatedError::new(self.file, self.line, value_column(self.text, path), message)
    }

    /// An error at the key of the member `path`.
    pub fn at_key(&self, path: &[&str], message: impl Into<String>) -> LocatedError {
        LocatedError::new(self.file, self.line, key_column(self.text, path), message)
    }
}
