//! Agreement with another auditor: the compare prompt (`K`) and the agreement screen
//! (kappa per tag, the pairs the two disagree on). `state` holds the comparison and
//! reads the second file, `update` applies its actions, `view` draws the screen and
//! `compare` the prompt.

pub mod compare;
pub mod state;
mod update;
pub mod view;

pub use state::{
    AgreementView, AuditorFile, CompareState, Focus, candidates, compare, recompute, resolve_input,
    scroll_into_view,
};

#[cfg(test)]
pub(crate) mod tests;
