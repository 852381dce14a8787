//! Edits of the user's text by span: replace `start..end` with new text (an insertion
//! when the span is empty). Everything outside the edited spans stays byte for byte.

use serde::Serialize;

use super::span::Span;

/// One edit of the user's text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Edit {
    /// Byte offset where the replaced text starts.
    pub start: usize,
    /// Byte offset where it ends (equal to `start` for an insertion).
    pub end: usize,
    /// What was there.
    pub before: String,
    /// What is there now.
    pub after: String,
}

impl Edit {
    pub fn replace(text: &str, span: Span, after: impl Into<String>) -> Edit {
        Edit {
            start: span.start,
            end: span.end,
            before: text[span.start..span.end].to_string(),
            after: after.into(),
        }
    }

    pub fn insert(at: usize, after: impl Into<String>) -> Edit {
        Edit {
            start: at,
            end: at,
            before: String::new(),
            after: after.into(),
        }
    }
}

/// Two edits touch the same text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlap {
    pub at: usize,
}

/// Sorts the edits into text order (insertions at one offset keep their given order)
/// and applies them; overlapping replacements are refused.
pub fn apply(text: &str, edits: &mut [Edit]) -> Result<String, Overlap> {
    edits.sort_by_key(|e| (e.start, e.end));
    let mut out = String::with_capacity(text.len() + edits.len() * 2);
    let mut copied = 0;
    for e in edits.iter() {
        if e.start < copied || e.end > text.len() || e.start > e.end {
            return Err(Overlap { at: e.start });
        }
        out.push_str(&text[copied..e.start]);
        out.push_str(&e.after);
        copied = e.end;
    }
    out.push_str(&text[copied..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applies_replacements_and_insertions_in_order() {
        let text = "if (a && b) x = y;";
        let mut edits = vec![
            Edit::insert(10, ")"),
            Edit::replace(text, Span { start: 4, end: 5 }, "v1"),
            Edit::insert(9, "("),
        ];
        assert_eq!(apply(text, &mut edits).unwrap(), "if (v1 && (b)) x = y;");
    }

    #[test]
    fn refuses_overlaps() {
        let text = "abcdef";
        let mut edits = vec![
            Edit::replace(text, Span { start: 0, end: 3 }, "x"),
            Edit::replace(text, Span { start: 2, end: 4 }, "y"),
        ];
        assert_eq!(apply(text, &mut edits), Err(Overlap { at: 2 }));
    }
}
