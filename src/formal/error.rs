//! Errors of the formal checks that stop a whole run (a missing tool, an unreadable
//! design), and the file positions every message carries.

use serde::Serialize;

/// A position in a user's file: 1-based line and column (in characters).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
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

/// What stops `flipscope prove` before any property is checked.
#[derive(Debug, thiserror::Error)]
pub enum FormalError {
    /// yosys or yosys-abc is not on the PATH (or does not run).
    #[error("{0}")]
    MissingTool(String),
    /// A temporary directory or file could not be made.
    #[error("cannot write the work files of the formal checks: {0}")]
    Io(#[from] std::io::Error),
}
