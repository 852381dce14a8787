//! Errors about an input file, located by file, line and column (both 1-based).

use std::fmt;
use std::path::Path;

/// A problem with an input, at a place a person can open in an editor.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
pub struct LocatedError {
    /// The file as the user named it (or `-` for standard input).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
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
            file: file.into(),
            line,
            column,
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
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// How a path is shown in messages: as given, lossily for non-UTF-8 names.
pub fn display_path(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}
