//! The finder's state: the query typed, the hits of the latest search, the selection.

use std::sync::Arc;

use super::index::FinderHit;

/// The finder's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FinderState {
    pub query: String,
    pub hits: Arc<Vec<FinderHit>>,
    pub selected: usize,
}
