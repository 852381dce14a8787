//! The help screen, generated from the keymap table (so it cannot drift from what the
//! keys do). `update` shows, hides and scrolls it; `view` draws it.

mod update;
pub mod view;

#[cfg(test)]
mod view_tests;
