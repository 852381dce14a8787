//! The frame: the current screen's body, the status line and the footer, then the
//! overlay on top. Every screen's view draws from `&App` only.

use ratatui::Frame;

use super::status;
use super::{App, Overlay, Screen};
use crate::tui::layout;
use crate::tui::{agreement, assertions, audit, dashboard, finder, help, queue, tagging};

/// Draws the whole app.
pub fn draw(app: &App, frame: &mut Frame) {
    let [body, status_area, footer] = layout::frame_areas(frame.area());
    match app.screen {
        Screen::Queue => queue::view::draw(app, frame, body),
        Screen::Audit => audit::view::draw(app, frame, body),
        Screen::Agreement => agreement::view::draw(app, frame, body),
        Screen::Dashboard => dashboard::view::draw(app, frame, body),
        Screen::Assertions => assertions::view::draw(app, frame, body),
        Screen::AssertionAudit => assertions::audit_view::draw(app, frame, body),
    }
    status::draw_status(app, frame, status_area);
    status::draw_footer(app, frame, footer);
    match app.overlay {
        Some(Overlay::Finder) => finder::view::draw(app, frame, body),
        Some(Overlay::Help) => help::view::draw(app, frame, body),
        Some(Overlay::Note) => tagging::note::draw(app, frame, body),
        Some(Overlay::Compare) => agreement::compare::draw(app, frame, body),
        Some(Overlay::Filter) | None => {}
    }
}
