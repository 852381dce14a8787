//! The raw answer popup: each answer under its title, wrapped to the popup and never
//! cut, with the scroll position and the keys at the bottom.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};

use super::state::AnswerState;
use crate::tui::shell::Shell;
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::wrap::wrap_line;

/// The popup's area in the frame's body `area`: nearly all of it.
pub fn popup(area: Rect) -> Rect {
    let width = area.width.saturating_sub(4).max(1);
    let height = area.height.saturating_sub(2).max(1);
    Rect::new(
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
        width,
        height,
    )
}

/// The answers as wrapped lines `width` wide: each title, then its text whole.
pub fn lines(theme: &Theme, state: &AnswerState, width: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for (n, a) in state.answers.iter().enumerate() {
        if n > 0 {
            out.push(Line::raw(""));
        }
        let count = a.text.lines().count();
        out.extend(wrap_line(
            &Line::styled(
                format!("{} ({count} lines)", a.title),
                theme.style(Role::Header),
            ),
            width,
            2,
        ));
        if a.text.trim().is_empty() {
            out.push(Line::styled("(an empty answer)", theme.style(Role::Muted)));
        }
        for l in a.text.lines() {
            out.extend(wrap_line(&Line::raw(l.to_string()), width, 0));
        }
    }
    out
}

/// Rows of text in view, and how far the popup can scroll, in the body `area`.
pub fn extent(theme: &Theme, state: &AnswerState, area: Rect) -> (usize, usize) {
    let inner = popup(area);
    let rows = inner.height.saturating_sub(2) as usize;
    let total = lines(theme, state, inner.width.saturating_sub(2) as usize).len();
    (rows.max(1), total.saturating_sub(rows))
}

/// Draws the popup in the frame's body `area`.
pub fn draw(shell: &Shell, state: &AnswerState, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let rect = popup(area);
    let all = lines(theme, state, rect.width.saturating_sub(2) as usize);
    let (rows, max) = extent(theme, state, area);
    let scroll = state.scroll.min(max);
    let shown: Vec<Line> = all.iter().skip(scroll).take(rows).cloned().collect();
    let position = format!(
        " lines {}-{}/{} · j/k scroll · Esc closes ",
        (scroll + 1).min(all.len()),
        (scroll + rows).min(all.len()),
        all.len()
    );
    let block = Block::bordered()
        .border_style(theme.style(Role::Focus))
        .title_top(Line::styled(
            " The model's raw answer ",
            theme.style(Role::Title),
        ))
        .title_bottom(Line::styled(position, theme.style(Role::Muted)).right_aligned());
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(shown).block(block), rect);
}
