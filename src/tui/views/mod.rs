//! Read-only rendering: one file per screen or overlay, all drawing from `&App`.

pub mod agreement;
pub mod audit;
pub mod compare;
pub mod dashboard;
pub mod finder;
pub mod help;
pub mod layout;
pub mod metrics_table;
pub mod note;
pub mod properties;
pub mod queue;
pub mod rtl;
pub mod status;
pub mod truth;

use ratatui::Frame;

use super::app::{App, Overlay, Screen};

/// Draws the whole app.
pub fn draw(app: &App, frame: &mut Frame) {
    let [body, status_area, footer] = layout::frame_areas(frame.area());
    match app.screen {
        Screen::Queue => queue::draw(app, frame, body),
        Screen::Audit => audit::draw(app, frame, body),
        Screen::Agreement => agreement::draw(app, frame, body),
        Screen::Dashboard => dashboard::draw(app, frame, body),
    }
    status::draw_status(app, frame, status_area);
    status::draw_footer(app, frame, footer);
    match app.overlay {
        Some(Overlay::Finder) => finder::draw(app, frame, body),
        Some(Overlay::Help) => help::draw(app, frame, body),
        Some(Overlay::Note) => note::draw(app, frame, body),
        Some(Overlay::Compare) => compare::draw(app, frame, body),
        Some(Overlay::Filter) | None => {}
    }
}
