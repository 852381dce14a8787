//! The note popup: a one-line input over the screen for the selected pair's free-text
//! note (Enter saves, Esc cancels).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::tui::shell::Shell;
use crate::tui::tagging::Tagging;
use crate::tui::theme::Role;

/// Draws the note popup centred in `area`.
pub fn draw(shell: &Shell, state: &Tagging, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let width = area.width.saturating_sub(4).min(70);
    let height = 5.min(area.height);
    let popup = Rect::new(
        area.x + (area.width.saturating_sub(width)) / 2,
        area.y + (area.height.saturating_sub(height)) / 2,
        width,
        height,
    );
    let block = Block::bordered()
        .border_style(theme.style(Role::Border))
        .title_top(Line::styled(" Note ", theme.style(Role::Title)))
        .title_bottom(Line::styled(
            " Enter save · Esc cancel ",
            theme.style(Role::Muted),
        ));
    let text = Line::from(vec![
        Span::raw(state.note_input.clone()),
        Span::styled("▏", theme.style(Role::Key)),
    ]);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(text).wrap(Wrap { trim: false }).block(block),
        popup,
    );
}
