//! Code as styled lines: syntax roles from the highlighter, the diff's changed ranges
//! drawn in the `differs` role on top, and an optional line-number gutter.

use std::ops::Range;

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::tui::text::diff::ranges_by_line;
use crate::tui::text::highlight::Highlighted;
use crate::tui::theme::{Role, Theme};

/// The lines of `text`, highlighted when `highlighted` is given (plain otherwise), with
/// the byte ranges `changed` (over the whole text) marked.
pub fn code_lines(
    text: &str,
    highlighted: Option<&Highlighted>,
    changed: &[Range<usize>],
    gutter: bool,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let changed = ranges_by_line(text, changed);
    let width = text.lines().count().max(1).to_string().len();
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let roles = highlighted
                .and_then(|h| h.lines.get(i))
                .map_or(&[][..], Vec::as_slice);
            let marks = changed.get(i).map_or(&[][..], Vec::as_slice);
            let mut spans = Vec::new();
            if gutter {
                spans.push(Span::styled(
                    format!("{:>width$} ", i + 1),
                    theme.style(Role::Muted),
                ));
            }
            spans.extend(styled_spans(line, roles, marks, theme));
            Line::from(spans)
        })
        .collect()
}

/// One line cut at every boundary of its roles and marks.
pub fn styled_spans(
    line: &str,
    roles: &[(Range<usize>, Role)],
    marks: &[Range<usize>],
    theme: &Theme,
) -> Vec<Span<'static>> {
    let mut cuts = vec![0, line.len()];
    for r in roles.iter().map(|(r, _)| r).chain(marks) {
        cuts.push(r.start.min(line.len()));
        cuts.push(r.end.min(line.len()));
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts.retain(|&c| line.is_char_boundary(c));
    cuts.windows(2)
        .map(|w| {
            let (s, e) = (w[0], w[1]);
            let mut style = roles
                .iter()
                .find(|(r, _)| r.start <= s && e <= r.end)
                .map_or(Style::default(), |(_, role)| theme.style(*role));
            if marks.iter().any(|r| r.start <= s && e <= r.end) {
                style = style.patch(theme.style(Role::Differs));
            }
            Span::styled(line[s..e].to_string(), style)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::ThemeKind;

    #[test]
    fn marks_patch_the_syntax_style() {
        let theme = Theme::builtin(ThemeKind::Dark);
        let spans = styled_spans(
            "if (a)",
            &[(0..2, Role::Keyword)],
            std::slice::from_ref(&(4..5)),
            &theme,
        );
        let texts: Vec<&str> = spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(texts, ["if", " (", "a", ")"]);
        assert_eq!(spans[0].style, theme.style(Role::Keyword));
        assert_eq!(spans[2].style, theme.style(Role::Differs));
    }

    #[test]
    fn gutters_number_the_lines() {
        let theme = Theme::builtin(ThemeKind::Dark);
        let lines = code_lines("a\nb\n", None, &[], true, &theme);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1].spans[0].content, "2 ");
    }
}
