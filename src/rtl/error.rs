//! Errors of the RTL analysis, located in the caller's own coordinates (a fragment's
//! lines and columns, not those of the module it was wrapped into).

use serde::{Deserialize, Serialize};

use crate::study::LocatedError;

/// Why an RTL text has no behaviors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum RtlError {
    /// sv-parser rejected the text (or its preprocessor did).
    #[error("{line}:{column}: {message}")]
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// The parser itself failed (a panic inside sv-parser); reported, never fatal.
    #[error("1:1: the SystemVerilog parser failed on this text: {0}")]
    Internal(String),
}

impl RtlError {
    /// Line and column (1-based) of the problem.
    pub fn position(&self) -> (usize, usize) {
        match self {
            RtlError::Syntax { line, column, .. } => (*line, *column),
            RtlError::Internal(_) => (1, 1),
        }
    }

    /// What went wrong, without the position.
    pub fn message(&self) -> String {
        match self {
            RtlError::Syntax { message, .. } => message.clone(),
            RtlError::Internal(m) => format!("the SystemVerilog parser failed on this text: {m}"),
        }
    }

    /// The error placed in a file (`-` for standard input).
    pub fn located(&self, file: &str) -> LocatedError {
        let (line, column) = self.position();
        LocatedError::new(file, line, column, self.message())
    }
}

/// Something about an RTL text worth saying that does not stop its analysis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RtlWarning {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl RtlWarning {
    /// The warning placed in a file (`-` for standard input).
    pub fn located(&self, file: &str) -> LocatedError {
        LocatedError::new(file, self.line, self.column, self.message.clone())
    }
}
