//! Where things go on screen, as pure functions of the terminal size, shared by the
//! views (to draw) and by `App::update` (to page and scroll by what is visible). Each
//! screen's own geometry is in its `view.rs` (`queue::view::queue_rows`,
//! `audit::view::audit_page`, ...).

use ratatui::layout::{Constraint, Layout, Rect};

/// Scroll offsets never pass this (a pane clamps further when drawn).
pub const MAX_SCROLL: usize = 1 << 20;

/// The frame cut into the screen body, the status line and the footer.
pub fn frame_areas(area: Rect) -> [Rect; 3] {
    Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// A rectangle of `percent_x` by `percent_y` of `area`, centred.
pub fn centered(area: Rect, percent_x: u16, percent_y: u16) -> Rect {
    let [_, middle, _] = Layout::vertical([
        Constraint::Percentage((100 - percent_y) / 2),
        Constraint::Percentage(percent_y),
        Constraint::Percentage((100 - percent_y) / 2),
    ])
    .areas(area);
    let [_, center, _] = Layout::horizontal([
        Constraint::Percentage((100 - percent_x) / 2),
        Constraint::Percentage(percent_x),
        Constraint::Percentage((100 - percent_x) / 2),
    ])
    .areas(middle);
    center
}
