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
    let marks = ranges_by_line(text, changed);
    code_lines_in(text, highlighted, &marks, gutter, theme, 0..usize::MAX)
}

/// The lines `window` (line indexes) of `text`, as [`code_lines`] draws them, from the
/// marks already split by line (`ranges_by_line`): a pane builds only the lines in view.
pub fn code_lines_in(
    text: &str,
    highlighted: Option<&Highlighted>,
    marks_by_line: &[Vec<Range<usize>>],
    gutter: bool,
    theme: &Theme,
    window: Range<usize>,
) -> Vec<Line<'static>> {
    let width = text.lines().count().max(1).to_string().len();
    text.lines()
        .enumerate()
        .skip(window.start)
        .take(window.end.saturating_sub(window.start))
        .map(|(i, line)| {
            let roles = highlighted
                .and_then(|h| h.lines.get(i))
                .map_or(&[][..], Vec::as_slice);
            let marks = marks_by_line.get(i).map_or(&[][..], Vec::as_slice);
            let mut spans = Vec::new();
            if gutter {
                spans.push(Span::styled(
                    format!("{:>width$} ", i + 1),
                    theme.style(Role::Muted),
                ));
            }
            spans.extend(expand_tabs(styled_spans(line, roles, marks, theme)));
            Line::from(spans)
        })
        .collect()
}

/// Columns between tab stops: a terminal cell shows a tab as nothing, so a tab in
/// RTL (`input\trstn;`) is drawn as spaces to the next multiple of this.
pub const TAB_STOP: usize = 4;

/// `spans` (one line) with every tab replaced by spaces up to the next tab stop,
/// counted from the line's start.
pub fn expand_tabs(spans: Vec<Span<'static>>) -> Vec<Span<'static>> {
    let mut column = 0;
    spans
        .into_iter()
        .map(|mut sp| {
            if !sp.content.contains('\t') {
                column += sp.content.chars().count();
                return sp;
            }
            let mut out = String::with_capacity(sp.content.len() + TAB_STOP);
            for c in sp.content.chars() {
                if c == '\t' {
                    let n = TAB_STOP - column % TAB_STOP;
                    out.extend(std::iter::repeat_n(' ', n));
                    column += n;
                } else {
                    out.push(c);
                    column += 1;
                }
            }
            sp.content = out.into();
            sp
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

/// Line `index` of a text (`line`, its roles and marks, line-relative) as a window
/// `width` characters wide starting `skip` characters in, after a gutter of `gutter`
/// characters (the line number, when given): what [`clip_line`] makes of the whole
/// line, but only the characters in the window are styled, so a line of 80,000
/// characters costs what the pane shows.
pub fn window_line(
    line: &str,
    roles: &[(Range<usize>, Role)],
    marks: &[Range<usize>],
    number: Option<(usize, usize)>,
    skip: usize,
    width: usize,
    theme: &Theme,
) -> Line<'static> {
    let gutter = number.map_or(0, |(_, digits)| digits + 1);
    // One character more on each side than shown, so `clip_line` still sees whether
    // text goes on past either edge.
    let from = skip.saturating_sub(1);
    let to = skip + width.saturating_sub(gutter) + 1;
    let byte = |c: usize| line.char_indices().nth(c).map_or(line.len(), |(b, _)| b);
    let (start, end) = (byte(from), byte(to));
    let cut = |r: &Range<usize>| {
        let (s, e) = (r.start.max(start), r.end.min(end));
        (s < e).then(|| s - start..e - start)
    };
    let roles: Vec<(Range<usize>, Role)> = roles
        .iter()
        .filter_map(|(r, role)| cut(r).map(|r| (r, *role)))
        .collect();
    let marks: Vec<Range<usize>> = marks.iter().filter_map(cut).collect();
    let mut spans = Vec::new();
    if let Some((i, digits)) = number {
        spans.push(Span::styled(
            format!("{:>digits$} ", i + 1),
            theme.style(Role::Muted),
        ));
    }
    // A tab is one column here (the window is counted in characters); whole lines
    // (`code_lines`) expand tabs to their stops.
    spans.extend(
        styled_spans(&line[start..end], &roles, &marks, theme)
            .into_iter()
            .map(|mut sp| {
                if sp.content.contains('\t') {
                    sp.content = sp.content.replace('\t', " ").into();
                }
                sp
            }),
    );
    clip_line(&Line::from(spans), gutter, skip - from, width, theme)
}

/// One line cut at every boundary of its roles and marks. A piece takes the role that
/// covers it (the highlighter's roles are in order and do not overlap) and the
/// `differs` role when a mark covers it. One sweep over the cuts: a 10,000-atom line has
/// some 40,000 cuts and as many marks, and asking every mark about every cut was
/// 10^9 steps per drawn frame (issue 29, item 10).
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
    let mut roles: Vec<&(Range<usize>, Role)> = roles.iter().collect();
    roles.sort_by_key(|(r, _)| r.start);
    let mut marks: Vec<&Range<usize>> = marks.iter().collect();
    marks.sort_by_key(|r| r.start);
    // The roles and marks that start at or before the piece in hand.
    let (mut next_role, mut next_mark) = (0, 0);
    let mut role: Option<&(Range<usize>, Role)> = None;
    let mut marked_to = 0;
    cuts.windows(2)
        .map(|w| {
            let (s, e) = (w[0], w[1]);
            while next_role < roles.len() && roles[next_role].0.start <= s {
                role = Some(roles[next_role]);
                next_role += 1;
            }
            while next_mark < marks.len() && marks[next_mark].start <= s {
                marked_to = marked_to.max(marks[next_mark].end);
                next_mark += 1;
            }
            let mut style = role
                .filter(|(r, _)| e <= r.end)
                .map_or(Style::default(), |(_, role)| theme.style(*role));
            if e <= marked_to {
                style = style.patch(theme.style(Role::Differs));
            }
            Span::styled(line[s..e].to_string(), style)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_are_drawn_as_spaces_to_the_next_stop() {
        let theme = Theme::builtin(crate::tui::theme::ThemeKind::Dark);
        let lines = code_lines("input\trstn;\n\tx\ty", None, &[], false, &theme);
        let text = |l: &Line| {
            l.spans
                .iter()
                .map(|s| s.content.as_ref())
                .collect::<String>()
        };
        assert_eq!(text(&lines[0]), "input   rstn;");
        assert_eq!(text(&lines[1]), "    x   y");
    }
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

    /// The sweep styles every piece as asking each role and mark would (overlapping,
    /// unsorted marks included).
    #[test]
    fn the_sweep_agrees_with_asking_every_range() {
        let theme = Theme::builtin(ThemeKind::Dark);
        let line = "if (a0 && a1 || !a2) x <= 4'hF; // done";
        let roles = [
            (0..2, Role::Keyword),
            (7..9, Role::Operator),
            (13..15, Role::Operator),
            (26..30, Role::Number),
            (32..39, Role::Comment),
        ];
        let marks = [20..31, 4..6, 5..12, 33..35, 0..1];
        let naive: Vec<Span> = {
            let mut cuts = vec![0, line.len()];
            for r in roles.iter().map(|(r, _)| r).chain(&marks) {
                cuts.extend([r.start, r.end]);
            }
            cuts.sort_unstable();
            cuts.dedup();
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
        };
        assert_eq!(styled_spans(line, &roles, &marks, &theme), naive);
    }

    #[test]
    fn a_window_builds_only_its_lines() {
        let theme = Theme::builtin(ThemeKind::Dark);
        let text = "a\nb\nc\nd\n";
        let marks = ranges_by_line(text, std::slice::from_ref(&(4..5)));
        let lines = code_lines_in(text, None, &marks, true, &theme, 1..3);
        let texts: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        assert_eq!(texts, ["2 b", "3 c"]);
        assert_eq!(lines[1].spans[1].style, theme.style(Role::Differs));
        assert_eq!(
            lines,
            code_lines(text, None, std::slice::from_ref(&(4..5)), true, &theme)[1..3]
        );
    }

    /// A window styles only what it shows, and draws what clipping the whole line does.
    #[test]
    fn a_window_of_a_line_is_the_clipped_line() {
        let theme = Theme::builtin(ThemeKind::Dark);
        let line = "if (alpha && beta) x = é;";
        let roles = [(0..2, Role::Keyword), (10..12, Role::Operator)];
        let marks = [4..9, 13..17];
        for skip in [0, 1, 3, 9, 20, 40] {
            for width in [1, 3, 8, 12, 40] {
                let whole = Line::from(
                    [Span::styled("7 ", theme.style(Role::Muted))]
                        .into_iter()
                        .chain(styled_spans(line, &roles, &marks, &theme))
                        .collect::<Vec<_>>(),
                );
                let clipped = clip_line(&whole, 2, skip, width, &theme);
                let window = window_line(line, &roles, &marks, Some((6, 1)), skip, width, &theme);
                let cells = |l: &Line| -> Vec<(char, Style)> {
                    l.spans
                        .iter()
                        .flat_map(|s| s.content.chars().map(move |c| (c, s.style)))
                        .collect()
                };
                assert_eq!(cells(&window), cells(&clipped), "skip {skip} width {width}");
            }
        }
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
