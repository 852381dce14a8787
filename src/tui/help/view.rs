//! The help overlay, generated from the keymap table: every binding of every mode with
//! its keys and what it does (digit keys name their taxonomy tags).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::keymap::{Binding, Mode};
use crate::tui::layout::centered;
use crate::tui::theme::Role;

/// The help text's lines.
pub fn help_lines(app: &App) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let mut lines = Vec::new();
    let mut section = |title: &str, bindings: &[Binding]| {
        lines.push(Line::styled(title.to_string(), theme.style(Role::Header)));
        for b in bindings {
            lines.push(Line::from(vec![
                Span::styled(
                    format!("  {:<24}", b.keys.join(" ")),
                    theme.style(Role::Key),
                ),
                Span::raw(describe(app, &b.action)),
            ]));
        }
        lines.push(Line::raw(""));
    };
    section(
        "everywhere (queue, audit, dashboard, help)",
        &app.keymap.global,
    );
    for mode in Mode::ALL {
        section(mode.name(), app.keymap.bindings(mode));
    }
    lines
}

/// What an action does; a digit key names its taxonomy tag.
fn describe(app: &App, action: &Action) -> String {
    match action {
        Action::ToggleTag(key) => match app.tagging.taxonomy.for_key(*key) {
            Some(tag) => format!("toggle tag {tag}"),
            None => "toggle tag (none on this key)".into(),
        },
        other => other.describe().to_string(),
    }
}

/// Draws the help over `area`.
pub fn draw(app: &App, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    let popup = centered(area, 70, 90);
    frame.render_widget(Clear, popup);
    let lines = help_lines(app);
    let visible = popup.height.saturating_sub(2) as usize;
    let scroll = app.help_scroll.min(lines.len().saturating_sub(visible));
    let hints: Vec<String> = app
        .keymap
        .hints(Mode::Help)
        .into_iter()
        .map(|(k, what)| format!("{k} {what}"))
        .collect();
    let block = Block::bordered()
        .border_style(theme.style(Role::Focus))
        .title_top(Line::styled(" Keys ", theme.style(Role::Title)))
        .title_bottom(
            Line::styled(format!(" {} ", hints.join(", ")), theme.style(Role::Muted))
                .right_aligned(),
        );
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .scroll((scroll as u16, 0)),
        popup,
    );
}
