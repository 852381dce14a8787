//! The bordered block every audit pane is drawn in: its title, a heavy border while it
//! has focus (so focus shows without colours, under NO_COLOR), and the scroll position
//! (`lines a-b/n`) at its bottom right when the text is longer than the pane.

use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType};

use crate::tui::theme::{Role, Theme};

/// A pane's block titled `title`, heavy and in the focus role when `focused`.
pub fn pane_block<'a>(theme: &Theme, title: impl Into<String>, focused: bool) -> Block<'a> {
    let b = Block::bordered()
        .border_style(theme.style(if focused { Role::Focus } else { Role::Border }))
        .title_top(Line::styled(
            format!(" {} ", title.into()),
            theme.style(Role::Title),
        ));
    if focused {
        b.border_type(BorderType::Thick)
    } else {
        b
    }
}

/// `lines a-b/n` for `visible` lines shown from `scroll` of `total`; `None` when all of
/// the text fits.
pub fn position(scroll: usize, visible: usize, total: usize) -> Option<String> {
    if total <= visible {
        return None;
    }
    let last = (scroll + visible).min(total);
    Some(format!(" lines {}-{last}/{total} ", scroll + 1))
}

/// `block` with the scroll position at its bottom right, when the text does not fit.
pub fn with_position<'a>(
    block: Block<'a>,
    theme: &Theme,
    scroll: usize,
    visible: usize,
    total: usize,
) -> Block<'a> {
    match position(scroll, visible, total) {
        Some(p) => block.title_bottom(Line::styled(p, theme.style(Role::Muted)).right_aligned()),
        None => block,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_position_shows_only_when_the_text_is_longer_than_the_pane() {
        assert_eq!(position(0, 10, 10), None);
        assert_eq!(position(0, 10, 25).as_deref(), Some(" lines 1-10/25 "));
        assert_eq!(position(20, 10, 25).as_deref(), Some(" lines 21-25/25 "));
    }
}
