//! Wrapping styled lines to a width ourselves (rather than `Paragraph::wrap`), so a
//! view knows how many lines its text takes: the scroll position it shows and how far
//! it can scroll are exact. Words break at spaces; a word longer than the width is cut
//! where it reaches the edge. Continuation lines may be indented.

use ratatui::text::{Line, Span};

/// `line` in lines of at most `width` characters; continuation lines start with
/// `indent` spaces. The line's own style carries over to every piece.
pub fn wrap_line(line: &Line<'_>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let indent = if indent >= width { 0 } else { indent };
    // (char, span index) for every character.
    let chars: Vec<(char, usize)> = line
        .spans
        .iter()
        .enumerate()
        .flat_map(|(i, s)| s.content.chars().map(move |c| (c, i)))
        .collect();
    let mut out = Vec::new();
    let mut start = 0;
    let mut first = true;
    while start < chars.len() || first {
        let room = if first { width } else { width - indent };
        let end = if chars.len() - start <= room {
            chars.len()
        } else {
            // Break after the last space that fits, else at the edge.
            let limit = start + room;
            (start + 1..=limit)
                .rev()
                .find(|&i| chars[i - 1].0 == ' ')
                .unwrap_or(limit)
        };
        let mut spans: Vec<Span<'static>> = Vec::new();
        if !first && indent > 0 {
            spans.push(Span::raw(" ".repeat(indent)));
        }
        let mut at = start;
        while at < end {
            let span = chars[at].1;
            let mut text = String::new();
            while at < end && chars[at].1 == span {
                text.push(chars[at].0);
                at += 1;
            }
            spans.push(Span::styled(text, line.spans[span].style));
        }
        out.push(Line::from(spans).style(line.style));
        first = false;
        start = end;
        // A continuation does not start with the space it broke at.
        while start < chars.len() && chars[start].0 == ' ' && end < chars.len() {
            start += 1;
        }
    }
    out
}

/// Every line of `lines` wrapped to `width`.
pub fn wrap_lines(lines: &[Line<'_>], width: usize, indent: usize) -> Vec<Line<'static>> {
    lines
        .iter()
        .flat_map(|l| wrap_line(l, width, indent))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use ratatui::style::{Style, Stylize};

    fn texts(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn words_break_at_spaces_and_long_words_at_the_edge() {
        let line = Line::from("reason b is missing from the antecedent");
        assert_eq!(
            texts(&wrap_line(&line, 16, 2)),
            ["reason b is ", "  missing from ", "  the antecedent"]
        );
        let long = Line::from("aaaaaaaaaaaa");
        assert_eq!(texts(&wrap_line(&long, 5, 0)), ["aaaaa", "aaaaa", "aa"]);
        assert_eq!(texts(&wrap_line(&Line::from(""), 5, 0)), [""]);
    }

    #[test]
    fn styles_stay_with_their_characters() {
        let line = Line::from(vec![Span::raw("ab "), "cd".red(), Span::raw(" ef")]);
        let out = wrap_line(&line, 4, 0);
        assert_eq!(texts(&out), ["ab ", "cd ", "ef"]);
        assert_eq!(out[1].spans[0].style, Style::new().red());
    }

    proptest! {
        #[test]
        fn nothing_is_lost_or_too_wide(text in "[a-z ]{0,60}", width in 1usize..30) {
            let out = wrap_line(&Line::from(text.clone()), width, 0);
            for l in &out {
                prop_assert!(l.width() <= width);
            }
            let joined: String = out.iter().map(|l| l.to_string()).collect();
            prop_assert_eq!(
                joined.replace(' ', ""),
                text.replace(' ', "")
            );
        }
    }
}
