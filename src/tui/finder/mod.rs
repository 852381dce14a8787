//! The finder popup: fuzzy search over programs, behaviors, signals and properties,
//! Enter jumps to the pair. `index` builds the index and searches it (in the
//! background job), `state` holds the query and hits, `update` applies its actions,
//! `view` draws it.

pub mod index;
pub mod state;
mod update;
pub mod view;

pub use index::{FinderEntry, FinderHit, FinderKind, build_index, search};
pub use state::FinderState;

#[cfg(test)]
mod view_tests;
