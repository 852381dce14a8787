//! A T2 variant is the original with identifiers renamed and nothing else, so its rename
//! map, applied to the original RTL (each original name replaced by the variant name
//! that maps to it), must give the variant's RTL, token for token (whitespace and
//! comments aside). A map that is one to one but pairs the wrong names (`v2 -> b`,
//! `v3 -> a` for `if (v2 && v3)` from `if (a && b)`) passes the bijection rules of
//! [`super::rename_map`] and still changed 2 of 66 verdicts (issue 29): this check
//! names the first token where the renamed original and the variant differ.
//!
//! Only variants named `T2` are checked: another named rewrite may rename and reshape.

use std::collections::HashMap;

use super::error::LocatedError;
use super::record_line::Line;

/// The variant the check applies to.
pub const RENAME_VARIANT: &str = "T2";

/// One token of RTL and the line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Token<'a> {
    text: &'a str,
    line: usize,
}

/// The tokens of `text`: words (identifiers, keywords, numbers with their base, macro
/// and system names), escaped identifiers, strings, and single other characters;
/// whitespace and comments dropped.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'\'' | b'`');
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < b.len() {
        let start = i;
        let at = line;
        match b[i] {
            b'\n' => {
                line += 1;
                i += 1;
                continue;
            }
            c if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").map_or(b.len(), |n| i + n + 4);
                line += text[i..end].matches('\n').count();
                i = end;
                continue;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
            }
            b'\\' => {
                while i < b.len() && !b[i].is_ascii_whitespace() {
                    i += 1;
                }
            }
            c if word(c) => {
                while i < b.len() && word(b[i]) {
                    i += 1;
                }
            }
            _ => {
                // One character (UTF-8 kept whole).
                i += text[i..].chars().next().map_or(1, char::len_utf8);
            }
        }
        out.push(Token {
            text: &text[start..i.min(b.len())],
            line: at,
        });
    }
    out
}

/// The problem of variant `name`'s rename map `map` (variant name -> original name)
/// when it does not turn `original` into `variant`.
pub fn check(
    at: &Line,
    name: &str,
    map: &std::collections::BTreeMap<String, String>,
    original: &str,
    variant: &str,
) -> Option<LocatedError> {
    let to_variant: HashMap<&str, &str> =
        map.iter().map(|(v, o)| (o.as_str(), v.as_str())).collect();
    let renamed: Vec<(&str, usize)> = tokens(original)
        .into_iter()
        .map(|t| (*to_variant.get(t.text).unwrap_or(&t.text), t.line))
        .collect();
    let wanted = tokens(variant);
    let message = |what: String| {
        at.at_key(
            &["variants", name, "rename"],
            format!(
                "rename map of variant \"{name}\" does not give the variant's RTL: applied to \
                 the original RTL, {what}"
            ),
        )
    };
    for (i, (got, line)) in renamed.iter().enumerate() {
        match wanted.get(i) {
            Some(w) if w.text == *got => {}
            Some(w) => {
                return Some(message(format!(
                    "it gives `{}` (line {line} of the original) where the variant has `{}` \
                     (line {})",
                    crate::printable::escape(got),
                    crate::printable::escape(w.text),
                    w.line
                )));
            }
            None => {
                return Some(message(format!(
                    "it gives `{}` (line {line} of the original) after the variant's RTL ends",
                    crate::printable::escape(got)
                )));
            }
        }
    }
    wanted.get(renamed.len()).map(|w| {
        message(format!(
            "it ends where the variant still has `{}` (line {})",
            crate::printable::escape(w.text),
            w.line
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(map: &[(&str, &str)], original: &str, variant: &str) -> Option<String> {
        let map = map
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let at = Line {
            file: "programs.jsonl",
            line: 1,
            text: "{}",
        };
        check(&at, "T2", &map, original, variant).map(|e| e.to_string())
    }

    #[test]
    fn a_right_map_gives_the_variant_whatever_the_spacing() {
        let map = [("v2", "a"), ("v3", "b")];
        let original = "if (a && b) // a comment\n  x = 4'hA;";
        assert_eq!(problem(&map, original, "if (v2&&v3)\n x = 4'hA;"), None);
    }

    #[test]
    fn a_swapped_map_is_named_at_the_first_difference() {
        let map = [("v2", "b"), ("v3", "a")];
        let got = problem(&map, "if (a && b)\n  x = y;", "if (v2 && v3)\n  x = y;").unwrap();
        assert!(
            got.contains("it gives `v3` (line 1 of the original) where the variant has `v2`"),
            "{got}"
        );
        let short = problem(&[], "x = y;", "x = y; z = w;").unwrap();
        assert!(
            short.contains("it ends where the variant still has `z`"),
            "{short}"
        );
    }
}
