//! Scoring rules as a named choice (`--rules flipscope|equivsva`): flipscope's own
//! (IEEE 1800 semantics, PDR, a vacuous pass is not sound, a family whose RTL is
//! illegal is a dataset defect left out of the figures) or a dataset's published
//! rules as its authors' scripts apply them ([`equivsva`]); the IEEE 1800 keywords
//! both need ([`keywords`]); and the reconciliation of the two ([`reconcile`]).

pub mod equivsva;
pub mod keywords;
pub mod reconcile;

/// Which rules score a whole-module study.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Rules {
    /// flipscope's own.
    #[default]
    Flipscope,
    /// EquivSVA's published ones.
    Equivsva,
}
