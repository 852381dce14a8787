//! Why a program got no variant of a kind.

use super::kind::Kind;
use crate::rtl::RtlError;

/// A rewrite that could not be made or did not validate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransformError {
    /// The original text does not parse (located in the user's text).
    #[error("{0}")]
    Rtl(RtlError),
    /// The rewritten text does not parse: a bug in the rewrite, never written out.
    #[error("{kind}: the rewritten text does not parse: {error}")]
    Unparsable { kind: Kind, error: RtlError },
    /// The rewritten text parses but its behaviors differ from the original's.
    #[error("{kind}: not a faithful rewrite: {message}")]
    Invalid { kind: Kind, message: String },
    /// Two edits of the rewrite touch the same text (a bug in the rewrite).
    #[error("{kind}: overlapping edits at byte {at}")]
    Overlap { kind: Kind, at: usize },
}
