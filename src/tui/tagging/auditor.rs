//! The name prompt: asked at the first decision when neither the configuration nor
//! `$USER` names the auditor (Enter stamps this session's decisions with the name, Esc
//! decides nothing).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::tui::shell::Shell;
use crate::tui::tagging::Tagging;
use crate::tui::theme::Role;

/// Draws the prompt centred in `area`.
pub fn draw(shell: &Shell, state: &Tagging, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let width = area.width.saturating_sub(4).min(76);
    let height = 6.min(area.height);
    let popup = Rect::new(
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
        width,
        height,
    );
    let block = Block::bordered()
        .border_style(theme.style(Role::Focus))
        .title_top(Line::styled(" Who is auditing? ", theme.style(Role::Title)))
        .title_bottom(Line::styled(
            " Enter use this name · Esc decide nothing ",
            theme.style(Role::Muted),
        ));
    let lines = vec![
        Line::styled(
            "No auditor name: no `auditor` in the config and $USER is not set. Decisions carry a name:",
            theme.style(Role::Muted),
        ),
        Line::from(vec![
            Span::raw(state.auditor_input.clone()),
            Span::styled("▏", theme.style(Role::Key)),
        ]),
    ];
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block),
        popup,
    );
}
