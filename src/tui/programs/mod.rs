//! The programs screen (`P` on the queue; where a study with programs but no
//! generations opens): every program with its variants and assignment behaviors, the
//! RTL of the chosen variant, and the state of each model's generation per variant, with
//! truncated and failed generations shown distinctly. A study with no generations yet
//! says how to make them (`flipscope generate`). `state` holds the selection, `update`
//! applies the actions, `view` draws it.

pub mod state;
mod update;
pub mod view;

pub use state::ProgramsState;

#[cfg(test)]
mod view_tests;
