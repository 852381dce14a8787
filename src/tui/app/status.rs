//! The status line (the idle signal `ready`, job progress, errors, the filter bar) and
//! the footer of key hints generated from the keymap.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::app::{App, LoadState, Overlay};
use crate::tui::jobs::JobKind;
use crate::tui::theme::Role;

/// The status line's left part: `ready` exactly when no job runs.
pub fn status_text(app: &App) -> (String, Role) {
    match &app.load {
        LoadState::Loading(Some(p)) => {
            let file = p.file.rsplit('/').next().unwrap_or(&p.file);
            return (
                format!(
                    "loading {file}: {} records, {}/{} files",
                    p.records, p.files_done, p.files_total
                ),
                Role::Busy,
            );
        }
        LoadState::Loading(None) => return ("loading".into(), Role::Busy),
        LoadState::Failed(_) if app.is_idle() => return ("error".into(), Role::Error),
        _ => {}
    }
    if app.awaiting.contains_key(&JobKind::Score) {
        let generations = app.raw.as_ref().map_or(0, |r| r.0.generations.len());
        return (
            format!(
                "scoring {generations} generations under the {} oracle…",
                app.oracle.name()
            ),
            Role::Busy,
        );
    }
    match app.awaiting.keys().next() {
        Some(kind) => (format!("{}…", kind.name()), Role::Busy),
        None => ("ready".into(), Role::Ready),
    }
}

/// Draws the status line (or the filter bar while it is open).
pub fn draw_status(app: &App, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    if app.overlay == Some(Overlay::Filter) {
        let mut spans = vec![
            Span::styled("/", theme.style(Role::Key)),
            Span::raw(app.filter_input.clone()),
            Span::styled("▏", theme.style(Role::Key)),
        ];
        if let Some(e) = &app.filter_error {
            spans.push(Span::raw("  "));
            spans.push(Span::styled(e.clone(), theme.style(Role::Error)));
        }
        frame.render_widget(Paragraph::new(Line::from(spans)), area);
        return;
    }
    let (text, role) = status_text(app);
    let message = app.message.clone().unwrap_or_default();
    let [left, right] = Layout::horizontal([
        Constraint::Length(text.chars().count() as u16 + 2),
        Constraint::Min(0),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(Span::styled(text, theme.style(role))), left);
    frame.render_widget(
        Paragraph::new(Line::styled(message, theme.style(Role::Status)).right_aligned()),
        right,
    );
}

/// Draws the key hints of the current mode.
pub fn draw_footer(app: &App, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    let mut spans = Vec::new();
    for (key, what) in app.keymap.hints(app.mode()) {
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(key, theme.style(Role::Key)));
        spans.push(Span::styled(format!(" {what}"), theme.style(Role::Muted)));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
