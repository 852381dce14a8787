//! The metrics dashboard: the metrics table of the current filter and the paper's two
//! figures. `state` holds the dashboard's state and its background computation,
//! `update` drives it from `App` (requests, stale results, export), `export` writes
//! the table to a file, `view` and `metrics_table` draw it.

pub mod export;
pub mod metrics_table;
pub mod state;
mod update;
pub mod view;

pub use state::{
    DashKey, DashboardState, EXPORT_FORMATS, Figure, MetricsView, Selection, compute, data_changes,
};

/// The figures sit side by side from this size of the terminal on.
pub fn figures_side_by_side(size: (u16, u16)) -> bool {
    size.0 >= 110 && size.1 >= 30
}

#[cfg(test)]
mod tests;
