//! The frame: the current screen's body, the status line and the footer, then the
//! overlay on top. A component screen draws from the `Shell` and its state, the others
//! from `&App`; nothing draws mutably. Below `MIN_SIZE` the
//! frame is a "terminal too small" notice instead, so no screen is ever drawn into a
//! space it was not made for (keys still work: `q` quits).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::status;
use super::{App, Overlay, Screen};
use crate::tui::layout;
use crate::tui::theme::Role;
use crate::tui::{
    agreement, answer, assertions, audit, copy, dashboard, family, finder, help, message, queue,
    tagging,
};

/// The smallest terminal (columns, rows) the screens are drawn in.
pub const MIN_SIZE: (u16, u16) = (60, 16);

/// Whether `area` is too small for the screens.
pub fn too_small(area: Rect) -> bool {
    area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1
}

/// Draws the whole app.
pub fn draw(app: &App, frame: &mut Frame) {
    let area = frame.area();
    if too_small(area) {
        draw_too_small(app, frame, area);
        return;
    }
    let [body, status_area, footer] = layout::frame_areas(area);
    if let Some(c) = app.component() {
        c.draw(&app.shell(), frame, body);
    }
    let shell = app.shell();
    match app.screen {
        Screen::Queue => queue::view::draw(&shell, frame, body),
        Screen::Audit => {
            if let Some(a) = &app.audit {
                audit::view::draw(&shell, a, frame, body);
            }
        }
        Screen::Agreement => agreement::view::draw(&shell, &app.compare, frame, body),
        Screen::Dashboard => dashboard::view::draw(&shell, &app.dashboard, frame, body),
        // The component screens are drawn above.
        Screen::Programs => {}
        Screen::Assertions => {
            if let Some(s) = &app.assertions {
                assertions::view::draw(&shell, s, frame, body);
            }
        }
        Screen::AssertionAudit => {
            if let Some(s) = &app.assertions {
                assertions::audit_view::draw(&shell, s, frame, body);
            }
        }
        Screen::Family => {
            if let Some(f) = &app.family {
                family::view::draw(&shell, f, frame, body);
            }
        }
    }
    // The search of a text pane: its matches reversed wherever the screen shows them.
    if let Some(query) = app.text_search_shown() {
        super::text_search::mark_matches(frame.buffer_mut(), body, query);
    }
    status::draw_status(app, frame, status_area);
    status::draw_footer(app, frame, footer);
    match app.overlay {
        Some(Overlay::Finder) => finder::view::draw(&app.shell(), &app.finder, frame, body),
        Some(Overlay::Help) => help::view::draw(&shell, &app.help, frame, body),
        Some(Overlay::Note) => tagging::note::draw(&app.shell(), &app.tagging, frame, body),
        Some(Overlay::Auditor) => tagging::auditor::draw(&app.shell(), &app.tagging, frame, body),
        Some(Overlay::Compare) => agreement::compare::draw(&app.shell(), &app.compare, frame, body),
        Some(Overlay::Copy) => copy::view::draw(&app.shell(), frame, body),
        Some(Overlay::Message) => message::view::draw(&app.shell(), frame, body),
        Some(Overlay::Answer) => answer::view::draw(&app.shell(), &app.answer, frame, body),
        Some(Overlay::Filter | Overlay::Search | Overlay::TextSearch) | None => {}
    }
}

/// The notice, as much of it as fits (one line on a one-row terminal).
fn draw_too_small(app: &App, frame: &mut Frame, area: Rect) {
    let (w, h) = MIN_SIZE;
    let text = vec![
        Line::styled(
            format!("terminal too small: {}x{}", area.width, area.height),
            app.theme.style(Role::Error),
        ),
        Line::raw(format!("flipscope needs at least {w}x{h}")),
        Line::styled("q quits", app.theme.style(Role::Muted)),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}
