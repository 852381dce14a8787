//! The terminal interface: one `Action` enum, one `update`, read-only rendering, one
//! folder per screen, and the shared pieces beside them (see docs/tui.md).
//!
//! - `app`: the app core: `App`, its one `update` (routing each action to its screen),
//!   the screens and overlays, the frame (`app::draw`) and the status line and footer;
//! - one folder per screen or popup, each holding its state, its `update.rs` (an
//!   `impl App` block) and its view: `queue` (with the filter bar), `audit` (its panes
//!   and the truth table), `finder`, `help`, `dashboard` (with its exports),
//!   `agreement` (with the compare prompt), `family` (the family audit screen of an
//!   EquivSVA study), `tagging` (tags, the note popup, undo, the
//!   audit sample, `E` export, the auditor's name prompt), `copy` (the copy menu),
//!   `message` (the whole status message);
//! - `model`: the view model and its adapters from the study's files (`load`, `filter`);
//! - `text`: word diffs and syntax highlighting of RTL and properties;
//! - `component`: the trait a screen implements (update, move, page, draw);
//! - `shell`: what a screen reads of the app (study, theme, key table, size, status,
//!   jobs, highlights), handed down by `app`;
//! - `action`, `keymap` (+ `keymap.toml`), `theme`, `layout`, `widgets`: shared;
//! - `jobs`, `input`, `signals`, `runner`: background work, what the event loop waits
//!   on (keys, signals, the hang-up) and the event loop.

pub mod action;
pub mod agreement;
pub mod answer;
pub mod app;
pub mod assertions;
pub mod audit;
pub mod component;
pub mod copy;
pub mod dashboard;
pub mod family;
pub mod finder;
pub mod help;
pub mod input;
pub mod jobs;
pub mod keymap;
pub mod layout;
pub mod memo;
pub mod message;
pub mod model;
pub mod programs;
pub mod queue;
pub mod runner;
pub mod shell;
pub mod signals;
pub mod tagging;
pub mod text;
pub mod theme;
pub mod widgets;

pub use app::draw::draw;
pub use runner::{Options, TuiError, run};

#[cfg(test)]
mod snapshot_checks;
#[cfg(test)]
mod testing;
