//! Where things go on screen, as pure functions of the terminal size, shared by the
//! views (to draw) and by `App::update` (to page and scroll by what is visible).

use ratatui::layout::{Constraint, Layout, Rect};

/// Scroll offsets never pass this (a pane clamps further when drawn).
pub const MAX_SCROLL: usize = 1 << 20;

/// Lines of the queue's header block (borders included).
pub const QUEUE_HEADER: u16 = 5;

/// The audit screen shows its panes side by side from this width on.
pub const WIDE: u16 = 110;

/// The frame cut into the screen body, the status line and the footer.
pub fn frame_areas(area: Rect) -> [Rect; 3] {
    Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// The queue screen's header and table.
pub fn queue_areas(body: Rect) -> [Rect; 2] {
    Layout::vertical([Constraint::Length(QUEUE_HEADER), Constraint::Min(3)]).areas(body)
}

/// Rows of the queue table at a terminal size.
pub fn queue_rows(size: (u16, u16)) -> usize {
    let [body, _, _] = frame_areas(Rect::new(0, 0, size.0, size.1));
    let [_, table] = queue_areas(body);
    table.height.saturating_sub(3).max(1) as usize
}

/// Whether the audit panes go side by side.
pub fn audit_is_wide(size: (u16, u16)) -> bool {
    size.0 >= WIDE && size.1 >= 30
}

/// A page of the audit screen's focused pane.
pub fn audit_page(size: (u16, u16)) -> usize {
    let body = size.1.saturating_sub(6) as usize;
    if audit_is_wide(size) {
        (body / 2).max(1)
    } else {
        body.max(1)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queue_rows_follow_the_terminal() {
        assert_eq!(queue_rows((80, 24)), 14);
        assert_eq!(queue_rows((120, 40)), 30);
        assert_eq!(queue_rows((10, 3)), 1);
    }
}
