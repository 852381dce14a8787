//! Word-level differences between two texts (RTL, properties, antecedents) with
//! `similar`, over SystemVerilog-ish tokens (identifiers, numbers, operators), and the
//! rename-aware rewrite that shows a variant in the original names.

use std::collections::BTreeMap;
use std::ops::Range;

use similar::{Algorithm, DiffOp, capture_diff_slices};

/// The byte ranges of the tokens of `text`: identifiers and numbers (with `'` bases),
/// white-space runs, two-character operators (`&&`, `||`, `==`, `!=`, `|->`, `|=>`,
/// `<=`), and single characters.
pub fn tokens(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let c = bytes[i];
        let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'\'';
        if word(c) {
            while i < bytes.len() && word(bytes[i]) {
                i += 1;
            }
        } else if c.is_ascii_whitespace() {
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
        } else if text[i..].starts_with("|->") || text[i..].starts_with("|=>") {
            i += 3;
        } else if ["&&", "||", "==", "!=", "<=", ">=", "->"]
            .iter()
            .any(|op| text[i..].starts_with(op))
        {
            i += 2;
        } else {
            // One character (whole UTF-8 sequence).
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
        out.push(start..i);
    }
    out
}

/// The byte ranges of `old` and of `new` that the other side lacks (changed tokens,
/// white space not counted).
pub fn word_diff(old: &str, new: &str) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    let old_tokens = significant(old);
    let new_tokens = significant(new);
    let old_words: Vec<&str> = old_tokens.iter().map(|r| &old[r.clone()]).collect();
    let new_words: Vec<&str> = new_tokens.iter().map(|r| &new[r.clone()]).collect();
    let mut old_changed = Vec::new();
    let mut new_changed = Vec::new();
    for op in capture_diff_slices(Algorithm::Myers, &old_words, &new_words) {
        match op {
            DiffOp::Equal { .. } => {}
            DiffOp::Delete {
                old_index, old_len, ..
            } => {
                push_ranges(
                    &mut old_changed,
                    &old_tokens[old_index..old_index + old_len],
                );
            }
            DiffOp::Insert {
                new_index, new_len, ..
            } => {
                push_ranges(
                    &mut new_changed,
                    &new_tokens[new_index..new_index + new_len],
                );
            }
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                push_ranges(
                    &mut old_changed,
                    &old_tokens[old_index..old_index + old_len],
                );
                push_ranges(
                    &mut new_changed,
                    &new_tokens[new_index..new_index + new_len],
                );
            }
        }
    }
    (old_changed, new_changed)
}

fn significant(text: &str) -> Vec<Range<usize>> {
    tokens(text)
        .into_iter()
        .filter(|r| !text[r.clone()].trim().is_empty())
        .collect()
}

/// Appends token ranges, merging neighbours.
fn push_ranges(out: &mut Vec<Range<usize>>, ranges: &[Range<usize>]) {
    out.extend(ranges.iter().cloned());
}

/// `text` with every identifier the rename map names replaced by its original name.
pub fn apply_rename(text: &str, rename: &BTreeMap<String, String>) -> String {
    if rename.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for r in tokens(text) {
        let token = &text[r];
        out.push_str(rename.get(token).map_or(token, String::as_str));
    }
    out
}

/// Splits byte ranges over a text into per-line ranges (line-relative), one list per
/// line of `text` (as `str::lines` splits it).
pub fn ranges_by_line(text: &str, ranges: &[Range<usize>]) -> Vec<Vec<Range<usize>>> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let end = start + content.len();
        let mut here = Vec::new();
        for r in ranges {
            let s = r.start.max(start);
            let e = r.end.min(end);
            if s < e {
                here.push(s - start..e - start);
            }
        }
        out.push(here);
        start += line.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(text: &'a str, ranges: &[Range<usize>]) -> Vec<&'a str> {
        ranges.iter().map(|r| &text[r.clone()]).collect()
    }

    #[test]
    fn tokens_keep_operators_and_constants_whole() {
        let t = "if (a&&b == 2'b01) x <= y;";
        let words: Vec<&str> = tokens(t).into_iter().map(|r| &t[r]).collect();
        assert_eq!(
            words,
            [
                "if", " ", "(", "a", "&&", "b", " ", "==", " ", "2'b01", ")", " ", "x", " ", "<=",
                " ", "y", ";"
            ]
        );
    }

    #[test]
    fn word_diff_marks_only_the_changed_tokens() {
        let old = "(en && rst_n) |=> out == data";
        let new = "(en  && !rst_n) |=> out == data";
        let (o, n) = word_diff(old, new);
        assert!(texts(old, &o).is_empty());
        assert_eq!(texts(new, &n), ["!"]);
        let (o, n) = word_diff("a && b", "b && a");
        assert!(!o.is_empty() && !n.is_empty());
        let (o, n) = word_diff("same  text", "same text");
        assert!(o.is_empty() && n.is_empty());
    }

    #[test]
    fn rename_maps_whole_identifiers_only() {
        let map = BTreeMap::from([("v0".to_string(), "en".to_string())]);
        assert_eq!(apply_rename("v0 && v01 || v0", &map), "en && v01 || en");
    }

    #[test]
    fn ranges_split_by_line() {
        let text = "ab\ncd\n";
        assert_eq!(
            ranges_by_line(text, std::slice::from_ref(&(1..4))),
            vec![vec![1..2], vec![0..1]]
        );
    }
}
