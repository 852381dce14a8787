//! Code as styled lines: syntax roles from the highlighter, the diff's changed ranges
//! drawn in the `differs` role on top, and an optional line-number gutter; and one line
//! clipped to a window for horizontal scrolling, with a marker where text is cut.

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

/// Marks text cut off at the right edge of a pane.
pub const CUT_RIGHT: char = '›';
/// Marks text scrolled off at the left edge.
pub const CUT_LEFT: char = '‹';

/// `line` as a window `width` characters wide: its first `gutter` characters (the line
/// numbers) stay, then the rest starts `skip` characters in. A line cut at the right
/// edge ends in `›`, one scrolled at the left starts with `‹` (both in the `key` role).
pub fn clip_line(
    line: &Line<'_>,
    gutter: usize,
    skip: usize,
    width: usize,
    theme: &Theme,
) -> Line<'static> {
    let chars: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|s| s.content.chars().map(move |c| (c, s.style)))
        .collect();
    let gutter = gutter.min(chars.len()).min(width);
    let room = width - gutter;
    let body = &chars[gutter..];
    let start = skip.min(body.len());
    let end = (start + room).min(body.len());
    let mut shown: Vec<(char, Style)> = chars[..gutter].to_vec();
    let mut window: Vec<(char, Style)> = body[start..end].to_vec();
    let marker = theme.style(Role::Key);
    if end < body.len()
        && let Some(last) = window.last_mut()
    {
        *last = (CUT_RIGHT, marker);
    }
    if start > 0
        && let Some(first) = window.first_mut()
    {
        *first = (CUT_LEFT, marker);
    }
    shown.extend(window);
    let mut spans: Vec<Span<'static>> = Vec::new();
    for (c, style) in shown {
        match spans.last_mut() {
            Some(s) if s.style == style => s.content.to_mut().push(c),
            _ => spans.push(Span::styled(c.to_string(), style)),
        }
    }
    Line::from(spans)
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
    fn clipped_lines_keep_the_gutter_and_mark_the_cuts() {
        let theme = Theme::builtin(ThemeKind::Dark);
        let line = Line::from(vec![Span::raw("1 "), Span::raw("if (alpha && beta)")]);
        let text = |l: Line| l.to_string();
        assert_eq!(text(clip_line(&line, 2, 0, 10, &theme)), "1 if (alp›");
        assert_eq!(text(clip_line(&line, 2, 4, 10, &theme)), "1 ‹lpha &›");
        assert_eq!(text(clip_line(&line, 2, 12, 10, &theme)), "1 ‹beta)");
        assert_eq!(
            text(clip_line(&line, 2, 0, 40, &theme)),
            "1 if (alpha && beta)"
        );
        let cut = clip_line(&line, 2, 0, 10, &theme);
        assert_eq!(cut.spans.last().unwrap().style, theme.style(Role::Key));
        assert_eq!(text(clip_line(&line, 2, 0, 1, &theme)), "1");
    }

    #[test]
    fn gutters_number_the_lines() {
        let theme = Theme::builtin(ThemeKind::Dark);
        let lines = code_lines("a\nb\n", None, &[], true, &theme);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1].spans[0].content, "2 ");
    }
}
