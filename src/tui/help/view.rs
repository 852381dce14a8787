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
use crate::tui::help::HelpState;
use crate::tui::keymap::{Binding, Mode};
use crate::tui::layout::{centered, frame_areas};
use crate::tui::shell::Shell;
use crate::tui::theme::Role;

/// The title of the section of keys that work everywhere.
const GLOBAL: &str = "everywhere (queue, audit, dashboard, agreement, help)";

/// The sections: (title, mode or `None` for the global keys, bindings).
fn sections<'a>(shell: &Shell<'a>) -> Vec<(&'static str, Option<Mode>, &'a [Binding])> {
    let mut out = vec![(GLOBAL, None, shell.keymap.global.as_slice())];
    for mode in Mode::ALL {
        out.push((mode.title(), Some(mode), shell.keymap.bindings(mode)));
    }
    out
}

/// The help text's lines.
pub fn help_lines(shell: &Shell) -> Vec<Line<'static>> {
    let theme = &shell.theme;
    let mut lines = Vec::new();
    for (title, _, bindings) in sections(shell) {
        lines.push(Line::styled(title.to_string(), theme.style(Role::Header)));
        for b in bindings {
            lines.push(Line::from(vec![
                Span::styled(
                    format!("  {:<24}", b.keys.join(" ")),
                    theme.style(Role::Key),
                ),
                Span::raw(describe(shell, b)),
            ]));
        }
        lines.push(Line::raw(""));
    }
    lines
}

/// The line where `mode`'s section starts.
pub fn section_start(shell: &Shell, mode: Mode) -> usize {
    let mut at = 0;
    for (_, m, bindings) in sections(shell) {
        if m == Some(mode) {
            return at;
        }
        at += bindings.len() + 2;
    }
    0
}

/// What a binding does; a digit key names its taxonomy tag.
fn describe(shell: &Shell, binding: &Binding) -> String {
    match binding.action {
        Action::ToggleTag(key) => match shell.tagging.taxonomy.for_key(key) {
            Some(tag) => format!("toggle tag {tag}"),
            None => "toggle tag (none on this key)".into(),
        },
        _ => binding.describe().to_string(),
    }
}

/// The popup at the app's size.
fn popup(shell: &Shell) -> Rect {
    let [body, _, _] = frame_areas(Rect::new(0, 0, shell.size.0, shell.size.1));
    centered(body, 70, 90)
}

/// Whether the search line shows (the field is open, or a search is kept).
fn search_line_shown(help: &HelpState) -> bool {
    help.searching || !help.query.is_empty()
}

/// Lines of help in view at the app's size.
pub fn visible_lines(shell: &Shell, help: &HelpState) -> usize {
    let inner = popup(shell).height.saturating_sub(2);
    inner.saturating_sub(u16::from(search_line_shown(help))) as usize
}

/// Draws the help over `area`.
pub fn draw(shell: &Shell, help: &HelpState, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let popup = centered(area, 70, 90);
    frame.render_widget(Clear, popup);
    let lines = help_lines(shell);
    let visible = visible_lines(shell, help);
    let scroll = help.scroll.min(lines.len().saturating_sub(visible));
    let query = &help.query;
    let shown: Vec<Line> = lines
        .into_iter()
        .enumerate()
        .skip(scroll)
        .take(visible)
        .map(|(i, l)| {
            if !matches(&l.to_string(), query) {
                return l;
            }
            let mark = if help.current == Some(i) {
                theme.style(Role::Selected)
            } else {
                theme.style(Role::Differs)
            };
            l.patch_style(mark.add_modifier(Modifier::BOLD))
        })
        .collect();
    let total = help_lines(shell).len();
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
    if search_line_shown(help) && inner.height > 0 {
        let line = Rect {
            y: inner.y + inner.height - 1,
            height: 1,
            ..inner
        };
        let mut spans = vec![
            Span::styled("/", theme.style(Role::Key)),
            Span::raw(query.clone()),
        ];
        if help.searching {
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
