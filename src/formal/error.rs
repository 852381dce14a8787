//! Errors of the formal checks that stop a whole run (a missing tool, an unreadable
//! design); the file positions every message carries are `text::Location`.

pub use crate::text::Location;

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
