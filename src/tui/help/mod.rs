//! The help screen, generated from the keymap table (so it cannot drift from what the
//! keys do). It opens at the keys of the screen it was opened on and searches with
//! `/`. `state` holds where it is and its search, `update` shows, hides, scrolls and
//! searches it; `view` draws it.

pub mod state;
mod update;
pub mod view;

pub use state::HelpState;

#[cfg(test)]
mod view_tests;
