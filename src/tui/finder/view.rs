//! The finder overlay: the query line and the best fuzzy hits (matched characters
//! marked), Enter jumps to the pair.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::tui::finder::FinderKind;
use crate::tui::finder::FinderState;
use crate::tui::layout::centered;
use crate::tui::shell::Shell;
use crate::tui::theme::Role;

/// Draws the finder over `area`.
pub fn draw(shell: &Shell, state: &FinderState, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let popup = centered(area, 80, 80);
    frame.render_widget(Clear, popup);
    let block = Block::bordered()
        .border_style(theme.style(Role::Focus))
        .title_top(Line::styled(
            " Find: program, behavior, signal, property ",
            theme.style(Role::Title),
        ));
    let inner = block.inner(popup);
    frame.render_widget(block, popup);
    let [input, list] = Layout::vertical([Constraint::Length(2), Constraint::Min(1)]).areas(inner);
    let query = Line::from(vec![
        Span::styled("> ", theme.style(Role::Key)),
        Span::raw(state.query.clone()),
        Span::styled("▏", theme.style(Role::Key)),
    ]);
    frame.render_widget(Paragraph::new(query), input);
    let hits = &state.hits;
    let rows = list.height as usize;
    let program_width = hits
        .iter()
        .map(|h| h.program.chars().count())
        .max()
        .unwrap_or(0)
        .min(24);
    let offset = state.selected.saturating_sub(rows.saturating_sub(1));
    let lines: Vec<Line> = hits
        .iter()
        .enumerate()
        .skip(offset)
        .take(rows)
        .map(|(i, hit)| {
            // The program, then the kind, then the text (matched characters marked).
            let program_start = hit.text.chars().count() + 1;
            let mut spans = Vec::new();
            for (ci, ch) in hit.program.chars().enumerate() {
                let style = if hit.kind != FinderKind::Program
                    && hit.positions.contains(&(program_start + ci))
                {
                    theme.style(Role::Key)
                } else {
                    theme.style(Role::Header)
                };
                spans.push(Span::styled(ch.to_string(), style));
            }
            let pad = program_width.saturating_sub(hit.program.chars().count()) + 1;
            spans.push(Span::raw(" ".repeat(pad)));
            spans.push(Span::styled(
                format!("{:<9}", hit.kind.label()),
                theme.style(Role::Muted),
            ));
            if hit.kind != FinderKind::Program {
                for (ci, ch) in hit.text.chars().enumerate() {
                    let style = if hit.positions.contains(&ci) {
                        theme.style(Role::Key)
                    } else {
                        theme.style(Role::Normal)
                    };
                    spans.push(Span::styled(ch.to_string(), style));
                }
            }
            let line = Line::from(spans);
            if i == state.selected {
                line.style(theme.style(Role::Selected))
            } else {
                line
            }
        })
        .collect();
    if lines.is_empty() {
        let none = if shell.jobs.contains_key(&crate::tui::jobs::JobKind::Find) {
            "searching…"
        } else {
            "no match"
        };
        frame.render_widget(
            Paragraph::new(Line::styled(none, theme.style(Role::Muted))),
            list,
        );
    } else {
        frame.render_widget(Paragraph::new(lines), list);
    }
}
