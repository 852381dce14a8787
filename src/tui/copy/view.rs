//! The copy menu: one line per entry of the `copy` key table (key and what it copies).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::tui::keymap::Mode;
use crate::tui::shell::Shell;
use crate::tui::theme::Role;

/// Draws the menu centred in `area`.
pub fn draw(shell: &Shell, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let lines: Vec<Line> = shell
        .keymap
        .bindings(Mode::Copy)
        .iter()
        .map(|b| {
            Line::from(vec![
                Span::styled(format!(" {:<8}", b.keys.join(" ")), theme.style(Role::Key)),
                Span::raw(b.describe().to_string()),
            ])
        })
        .collect();
    let width = area.width.min(46);
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
        width,
        height,
    );
    let block = Block::bordered()
        .border_style(theme.style(Role::Focus))
        .title_top(Line::styled(
            " Copy to the clipboard ",
            theme.style(Role::Title),
        ));
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(block), popup);
}
