//! The help overlay, generated from the keymap table: every binding of every mode with
//! its keys and what it does (digit keys name their taxonomy tags), a section per
//! screen. It shows which lines are in view, and the search field (`/`) with its
//! matches marked.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::state::matches;
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::keymap::{Binding, Mode};
use crate::tui::layout::{centered, frame_areas};
use crate::tui::theme::Role;

/// The title of the section of keys that work everywhere.
const GLOBAL: &str = "everywhere (queue, audit, dashboard, agreement, help)";

/// The sections: (title, mode or `None` for the global keys, bindings).
fn sections(app: &App) -> Vec<(&'static str, Option<Mode>, &[Binding])> {
    let mut out = vec![(GLOBAL, None, app.keymap.global.as_slice())];
    for mode in Mode::ALL {
        out.push((mode.title(), Some(mode), app.keymap.bindings(mode)));
    }
    out
}

/// The help text's lines.
pub fn help_lines(app: &App) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let mut lines = Vec::new();
    for (title, _, bindings) in sections(app) {
        lines.push(Line::styled(title.to_string(), theme.style(Role::Header)));
        for b in bindings {
            lines.push(Line::from(vec![
                Span::styled(
                    format!("  {:<24}", b.keys.join(" ")),
                    theme.style(Role::Key),
                ),
                Span::raw(describe(app, b)),
            ]));
        }
        lines.push(Line::raw(""));
    }
    lines
}

/// The line where `mode`'s section starts.
pub fn section_start(app: &App, mode: Mode) -> usize {
    let mut at = 0;
    for (_, m, bindings) in sections(app) {
        if m == Some(mode) {
            return at;
        }
        at += bindings.len() + 2;
    }
    0
}

/// What a binding does; a digit key names its taxonomy tag.
fn describe(app: &App, binding: &Binding) -> String {
    match binding.action {
        Action::ToggleTag(key) => match app.tagging.taxonomy.for_key(key) {
            Some(tag) => format!("toggle tag {tag}"),
            None => "toggle tag (none on this key)".into(),
        },
        _ => binding.describe().to_string(),
    }
}

/// The popup at the app's size.
fn popup(app: &App) -> Rect {
    let [body, _, _] = frame_areas(Rect::new(0, 0, app.size.0, app.size.1));
    centered(body, 70, 90)
}

/// Whether the search line shows (the field is open, or a search is kept).
fn search_line_shown(app: &App) -> bool {
    app.help.searching || !app.help.query.is_empty()
}

/// Lines of help in view at the app's size.
pub fn visible_lines(app: &App) -> usize {
    let inner = popup(app).height.saturating_sub(2);
    inner.saturating_sub(u16::from(search_line_shown(app))) as usize
}

/// Draws the help over `area`.
pub fn draw(app: &App, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    let popup = centered(area, 70, 90);
    frame.render_widget(Clear, popup);
    let lines = help_lines(app);
    let visible = visible_lines(app);
    let scroll = app.help.scroll.min(lines.len().saturating_sub(visible));
    let query = &app.help.query;
    let shown: Vec<Line> = lines
        .into_iter()
        .enumerate()
        .skip(scroll)
        .take(visible)
        .map(|(i, l)| {
            if !matches(&l.to_string(), query) {
                return l;
            }
            let mark = if app.help.current == Some(i) {
                theme.style(Role::Selected)
            } else {
                theme.style(Role::Differs)
            };
            l.patch_style(mark.add_modifier(Modifier::BOLD))
        })
        .collect();
    let total = help_lines(app).len();
    let position = format!(
        " {}-{}/{} ",
        scroll + 1,
        (scroll + visible).min(total),
        total
    );
    let block = Block::bordered()
        .border_style(theme.style(Role::Focus))
        .title_top(Line::styled(" Keys ", theme.style(Role::Title)))
        .title_bottom(Line::styled(position, theme.style(Role::Muted)).right_aligned());
    let inner = block.inner(popup);
    frame.render_widget(block, popup);
    frame.render_widget(Paragraph::new(shown), inner);
    if search_line_shown(app) && inner.height > 0 {
        let line = Rect {
            y: inner.y + inner.height - 1,
            height: 1,
            ..inner
        };
        let mut spans = vec![
            Span::styled("/", theme.style(Role::Key)),
            Span::raw(query.clone()),
        ];
        if app.help.searching {
            spans.push(Span::styled("▏", theme.style(Role::Key)));
            spans.push(Span::styled(
                "  Enter keeps it, Esc cancels",
                theme.style(Role::Muted),
            ));
        } else {
            spans.push(Span::styled(
                "  n next, N previous",
                theme.style(Role::Muted),
            ));
        }
        frame.render_widget(Paragraph::new(Line::from(spans)), line);
    }
}
