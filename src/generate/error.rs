//! Why a run cannot start or had to stop.

use crate::study::LocatedError;

/// A problem of `flipscope generate` (the CLI maps each to an exit status).
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The filter names a key that a generation does not have.
    #[error(
        "--filter: the key \"{key}\" does not choose what is generated (use program, stratum, variant or model)"
    )]
    FilterKey { key: String },
    /// `--variants` names a variant no program has.
    #[error("--variants: no program has a variant \"{variant}\"")]
    UnknownVariant { variant: String },
    /// A prompt could not be rendered.
    #[error("the prompt of {target}: {message}")]
    Render { target: String, message: String },
    /// A file of the study's generations cannot be written or is damaged.
    #[error("{0}")]
    File(LocatedError),
    /// Writing an answer failed (the line was taken back out; the run stopped). The
    /// reason is part of the message and not a chained source, so `{:#}` says it once.
    #[error("{file}: cannot write: {reason}")]
    Write {
        file: String,
        reason: std::io::Error,
    },
}
