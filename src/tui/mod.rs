//! The terminal interface: one `Action` enum, one `update`, read-only rendering,
//! views and widgets, keymap, themes and background jobs.
//!
//! - `model`, `load`: the view model and its adapters from the study's files;
//! - `action`, `keymap` (+ `keymap.toml`), `app`, `state`: state and how it changes;
//! - `tagging`, `tag_actions`: annotations (tags, notes, undo, the audit sample);
//! - `dashboard`, `dashboard_export`: the metrics dashboard and its exports;
//! - `queue`, `filter`, `finder`, `truth`, `diff`, `highlight`: what the screens show;
//! - `views`, `widgets`, `theme`: drawing, from `&App` only;
//! - `jobs`, `runner`: background work and the event loop.

pub mod action;
pub mod agreement;
mod agreement_actions;
pub mod app;
pub mod dashboard;
pub mod dashboard_export;
pub mod diff;
pub mod export;
pub mod filter;
pub mod finder;
pub mod highlight;
pub mod jobs;
pub mod keymap;
pub mod load;
pub mod model;
pub mod queue;
pub mod runner;
pub mod state;
pub mod tag_actions;
pub mod tagging;
pub mod theme;
pub mod truth;
pub mod views;
pub mod widgets;

pub use runner::{Options, TuiError, run};

#[cfg(test)]
mod agreement_tests;
#[cfg(test)]
mod dashboard_tests;
#[cfg(test)]
mod export_tests;
#[cfg(test)]
mod pair_hash_tests;
#[cfg(test)]
mod score_tests;
#[cfg(test)]
mod snapshot_tests;
