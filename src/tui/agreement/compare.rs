//! The compare prompt: a one-line path input over the screen for another auditor's
//! annotations file (Enter compares, Esc cancels), with why the last path could not be
//! compared, or the other annotations files found in the study directory.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::tui::agreement::CompareState;
use crate::tui::shell::Shell;
use crate::tui::theme::Role;

/// The line under the input: the error, else the files found.
fn note(state: &CompareState) -> (String, Role) {
    let c = state;
    if let Some(e) = &c.error {
        return (e.clone(), Role::Error);
    }
    let names: Vec<String> = c
        .candidates
        .iter()
        .map(|p| {
            p.file_name()
                .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
        })
        .collect();
    if names.is_empty() {
        (
            "no other annotations file in the study directory: type a path".into(),
            Role::Muted,
        )
    } else {
        (
            format!(
                "annotations files in the study directory: {}",
                names.join(", ")
            ),
            Role::Muted,
        )
    }
}

/// Draws the prompt centred in `area`.
pub fn draw(shell: &Shell, state: &CompareState, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let width = area.width.saturating_sub(4).min(96);
    let (text, role) = note(state);
    let inner = width.saturating_sub(2).max(1) as usize;
    let note_lines = text.chars().count().div_ceil(inner).clamp(1, 6) as u16;
    let height = (4 + note_lines).min(area.height);
    let popup = Rect::new(
        area.x + (area.width.saturating_sub(width)) / 2,
        area.y + (area.height.saturating_sub(height)) / 2,
        width,
        height,
    );
    let block = Block::bordered()
        .border_style(theme.style(Role::Focus))
        .title_top(Line::styled(
            " Compare with another auditor's annotations ",
            theme.style(Role::Title),
        ))
        .title_bottom(Line::styled(
            " Enter compare · Ctrl-u clear · Esc cancel ",
            theme.style(Role::Muted),
        ));
    let lines = vec![
        Line::from(vec![
            Span::raw(state.input.clone()),
            Span::styled("▏", theme.style(Role::Key)),
        ]),
        Line::raw(""),
        Line::styled(text, theme.style(role)),
    ];
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block),
        popup,
    );
}
