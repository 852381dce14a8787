//! Reusable widgets: the one generic table, the styled-text builder for code, cuts
//! with an ellipsis, and the dashboard's figures (a forest plot and a scatter plot on
//! shared axes code), the audit panes' block with its focus and scroll position, and
//! wrapping styled lines to a width.

pub mod axis;
pub mod code;
pub mod ellipsis;
pub mod forest;
pub mod pane;
pub mod scatter;
pub mod table;
pub mod waveform;
pub mod wrap;
