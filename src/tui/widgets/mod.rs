//! Reusable widgets: the one generic table, the styled-text builder for code, and the
//! dashboard's figures (a forest plot and a scatter plot on shared axes code).

pub mod axis;
pub mod code;
pub mod ellipsis;
pub mod forest;
pub mod scatter;
pub mod table;

/// Cuts `text` to `width` cells, keeping its start and end around a `…`.
pub fn cut_middle(text: &str, width: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= width {
        return text.to_string();
    }
    if width <= 1 {
        return "…".chars().take(width).collect();
    }
    let tail = (width - 1) / 2;
    let head = width - 1 - tail;
    let mut out: String = chars[..head].iter().collect();
    out.push('…');
    out.extend(&chars[chars.len() - tail..]);
    out
}
