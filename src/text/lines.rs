//! Byte offsets to 1-based lines and character columns: one lookup ([`line_column`])
//! or an index of line starts for many ([`Lines`]).

/// 1-based line and column (in characters) of byte `offset` within `text`; an offset
/// past the end is the end, one inside a character is that character.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The starts of a text's lines, to locate many offsets in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { starts }
    }

    /// 1-based line and column (in characters) of byte `offset` in `text` (the text the
    /// index was made of), as [`line_column`] gives them.
    pub fn line_column(&self, text: &str, offset: usize) -> (usize, usize) {
        let end = floor_char_boundary(text, offset);
        let line = self.starts.partition_point(|&s| s <= end);
        let start = self.starts[line - 1];
        (line, text[start..end].chars().count() + 1)
    }
}

/// The largest character boundary at or before `offset` (the end when past it).
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut i = offset.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn lines_and_character_columns() {
        let s = "ab\ncd é f";
        assert_eq!(line_column(s, 0), (1, 1));
        assert_eq!(line_column(s, 2), (1, 3));
        assert_eq!(line_column(s, 3), (2, 1));
        assert_eq!(line_column(s, 4), (2, 2));
        // Inside `é` (two bytes) is `é`; after it, one column on.
        assert_eq!(line_column(s, 7), (2, 4));
        assert_eq!(line_column(s, 8), (2, 5));
        assert_eq!(line_column(s, 1000), (2, 7));
    }

    proptest! {
        #[test]
        fn the_index_agrees_with_the_single_lookup(s in "[a\\né\n x]{0,40}", at in 0usize..60) {
            prop_assert_eq!(Lines::new(&s).line_column(&s, at), line_column(&s, at));
        }
    }
}
