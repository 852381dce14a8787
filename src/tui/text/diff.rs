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

/// The most tokens (both sides together, after their common start and end) the word
/// diff compares token by token. Myers' diff costs (N+M)·D, so two 10,000-atom texts
/// whose operands are reordered cost about 10^9 steps per drawn frame; past this many,
/// the whole differing middle is marked instead (issue 29, item 10).
pub const MAX_DIFF_TOKENS: usize = 4000;

/// The byte ranges of `old` and of `new` that the other side lacks (changed tokens,
/// white space not counted). The tokens both texts start and end with are never
/// marked; a middle of more than [`MAX_DIFF_TOKENS`] tokens is marked whole.
pub fn word_diff(old: &str, new: &str) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    let old_tokens = significant(old);
    let new_tokens = significant(new);
    let old_all: Vec<&str> = old_tokens.iter().map(|r| &old[r.clone()]).collect();
    let new_all: Vec<&str> = new_tokens.iter().map(|r| &new[r.clone()]).collect();
    let head = old_all
        .iter()
        .zip(&new_all)
        .take_while(|(a, b)| a == b)
        .count();
    let tail = old_all[head..]
        .iter()
        .rev()
        .zip(new_all[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let old_tokens = &old_tokens[head..old_tokens.len() - tail];
    let new_tokens = &new_tokens[head..new_tokens.len() - tail];
    if old_tokens.len() + new_tokens.len() > MAX_DIFF_TOKENS {
        return (old_tokens.to_vec(), new_tokens.to_vec());
    }
    let old_words = &old_all[head..old_all.len() - tail];
    let new_words = &new_all[head..new_all.len() - tail];
    let mut old_changed = Vec::new();
    let mut new_changed = Vec::new();
    for op in capture_diff_slices(Algorithm::Myers, old_words, new_words) {
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
    // One sweep over the ranges in order, not every range for every line (a 10,000-line
    // text with as many marks was 10^8 steps per drawn frame).
    let mut sorted = ranges.to_vec();
    sorted.sort_by_key(|r| (r.start, r.end));
    let mut first = 0;
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let end = start + content.len();
        let mut here = Vec::new();
        while first < sorted.len() && sorted[first].end <= start {
            first += 1;
        }
        for r in sorted[first..].iter().take_while(|r| r.start < end) {
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

    /// The diff of two 10,000-atom conditions whose operands are reversed: the common
    /// start and end are never marked, and the middle, past the cap, is marked whole
    /// (token by token, Myers would find the `&&`s common to both: not marked).
    #[test]
    fn a_middle_past_the_cap_is_marked_whole_not_diffed() {
        let atoms: Vec<String> = (0..10_000).map(|i| format!("a{i}")).collect();
        let mut reversed = atoms.clone();
        reversed.reverse();
        let old = format!("if ({}) x = y;", atoms.join(" && "));
        let new = format!("if ({}) x = y;", reversed.join(" && "));
        let (o, n) = word_diff(&old, &new);
        let middle = 2 * 10_000 - 1;
        assert!(2 * middle > MAX_DIFF_TOKENS);
        assert_eq!(o.len(), middle, "every token between `(` and `)`");
        assert_eq!(n.len(), middle);
        assert_eq!(texts(&old, &o[1..2]), ["&&"], "`&&` marked too");
        assert!(!texts(&old, &o).contains(&"if") && !texts(&old, &o).contains(&"x"));
        // Under the cap the diff is token by token.
        let (o, _) = word_diff("if (a && b && c) x = y;", "if (c && b && a) x = y;");
        assert!(!texts("if (a && b && c) x = y;", &o).contains(&"&&"));
    }

    #[test]
    fn ranges_by_line_sweeps_unsorted_ranges_once() {
        let text = "ab\ncd\n\nef";
        assert_eq!(
            ranges_by_line(text, &[7..9, 1..4, 0..1]),
            vec![vec![0..1, 1..2], vec![0..1], vec![], vec![0..2]]
        );
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
