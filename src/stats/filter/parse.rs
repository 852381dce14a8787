//! Parsing filter expressions into terms, with errors that point at the bad word.

use super::{Key, Op, Pattern, Term};

/// A filter that cannot be compiled, located in the expression (1-based line and
/// column counted in characters; `offset` is the byte offset of `word`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("filter:{line}:{column}: {message}")]
pub struct FilterError {
    pub offset: usize,
    pub line: usize,
    pub column: usize,
    /// The word (or part of it) that is wrong.
    pub word: String,
    /// What was wrong and what was expected.
    pub message: String,
}

impl FilterError {
    pub(super) fn at(source: &str, offset: usize, word: &str, message: String) -> Self {
        let (line, column) = crate::text::line_column(source, offset);
        Self {
            offset,
            line,
            column,
            word: word.to_string(),
            message,
        }
    }
}

const FLIPS: [&str; 4] = ["CC", "CW", "WC", "WW"];

/// Splits the expression into words and compiles each into a term.
pub(super) fn parse_terms(source: &str) -> Result<Vec<Term>, FilterError> {
    words(source)
        .map(|(offset, word)| parse_term(source, offset, word))
        .collect()
}

/// The whitespace-separated words with their byte offsets.
pub(super) fn words(source: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = 0usize;
    std::iter::from_fn(move || {
        let tail = &source[rest..];
        let start = rest + tail.find(|c: char| !c.is_whitespace())?;
        let len = source[start..]
            .find(char::is_whitespace)
            .unwrap_or(source.len() - start);
        rest = start + len;
        Some((start, &source[start..start + len]))
    })
}

fn parse_term(source: &str, offset: usize, word: &str) -> Result<Term, FilterError> {
    let Some((at, op)) = find_operator(word) else {
        return Err(FilterError::at(
            source,
            offset,
            word,
            format!("expected key=value, key!=value or key~text, found \"{word}\""),
        ));
    };
    let name = &word[..at];
    if name.is_empty() {
        return Err(FilterError::at(
            source,
            offset,
            word,
            format!(
                "expected a key before \"{}\" in \"{word}\" ({})",
                op.symbol(),
                key_list()
            ),
        ));
    }
    let Some(key) = Key::from_name(name) else {
        return Err(FilterError::at(
            source,
            offset,
            name,
            format!("unknown key \"{name}\" (expected {})", key_list()),
        ));
    };
    let alternatives = alternatives(source, offset, word, at, op, |pos, value| {
        pattern(source, pos, key, op, value)
    })?;
    Ok(Term {
        key,
        op,
        alternatives,
    })
}

/// The comma-separated values after the operator at `at` of `word` (which starts at
/// byte `offset` of `source`), each made a pattern by `make` with its byte offset: an
/// empty value list or an empty alternative is an error located where it is.
pub(super) fn alternatives(
    source: &str,
    offset: usize,
    word: &str,
    at: usize,
    op: Op,
    mut make: impl FnMut(usize, &str) -> Result<Pattern, FilterError>,
) -> Result<Vec<Pattern>, FilterError> {
    let value_start = at + op.symbol().len();
    let values = &word[value_start..];
    if values.is_empty() {
        return Err(FilterError::at(
            source,
            offset + at,
            word,
            format!("expected a value after \"{}\" in \"{word}\"", op.symbol()),
        ));
    }
    let mut alternatives = Vec::new();
    let mut pos = offset + value_start;
    for value in values.split(',') {
        if value.is_empty() {
            return Err(FilterError::at(
                source,
                pos,
                word,
                format!("empty alternative in \"{word}\": expected a value between commas"),
            ));
        }
        alternatives.push(make(pos, value)?);
        pos += value.len() + 1;
    }
    Ok(alternatives)
}

/// The first operator in the word: `!=`, `!~`, `=` or `~`.
pub(super) fn find_operator(word: &str) -> Option<(usize, Op)> {
    let (at, c) = word
        .char_indices()
        .find(|&(_, c)| matches!(c, '=' | '~' | '!'))?;
    let next = word[at + 1..].chars().next();
    match (c, next) {
        ('!', Some('=')) => Some((at, Op::IsNot)),
        ('!', Some('~')) => Some((at, Op::LacksText)),
        ('=', _) => Some((at, Op::Is)),
        ('~', _) => Some((at, Op::Contains)),
        _ => None,
    }
}

fn pattern(
    source: &str,
    pos: usize,
    key: Key,
    op: Op,
    value: &str,
) -> Result<Pattern, FilterError> {
    if matches!(op, Op::Contains | Op::LacksText) {
        return Ok(Pattern::contains(value));
    }
    if key == Key::Sensitive && !matches!(value, "yes" | "no") {
        return Err(FilterError::at(
            source,
            pos,
            value,
            format!("unknown value \"{value}\" of sensitive (expected yes or no)"),
        ));
    }
    if key == Key::Flip && !value.contains(['*', '?']) {
        let upper = value.to_ascii_uppercase();
        if !FLIPS.contains(&upper.as_str()) {
            return Err(FilterError::at(
                source,
                pos,
                value,
                format!("unknown flip class \"{value}\" (expected CC, CW, WC or WW)"),
            ));
        }
        return Ok(Pattern::Exact(upper));
    }
    Ok(Pattern::equality(value))
}

fn key_list() -> String {
    let names: Vec<&str> = Key::ALL.iter().map(|k| k.name()).collect();
    names.join(", ")
}
