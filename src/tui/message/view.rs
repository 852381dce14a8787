//! The message popup: the status message, wrapped to the popup.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::tui::shell::Shell;
use crate::tui::theme::Role;
use crate::tui::widgets::wrap::wrap_line;

/// Draws the popup centred in `area`.
pub fn draw(shell: &Shell, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let width = area.width.saturating_sub(4).min(100);
    let text = shell.message.map(str::to_string).unwrap_or_default();
    let lines: Vec<Line> = text
        .lines()
        .flat_map(|l| {
            wrap_line(
                &Line::raw(l.to_string()),
                width.saturating_sub(2) as usize,
                0,
            )
        })
        .collect();
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
        width,
        height,
    );
    let block = Block::bordered()
        .border_style(theme.style(Role::Focus))
        .title_top(Line::styled(" Message ", theme.style(Role::Title)))
        .title_bottom(Line::styled(" Esc closes ", theme.style(Role::Muted)).right_aligned());
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(block), popup);
}
