//! The one tokenizer of SystemVerilog text, used by every reader of generated
//! properties (the fragment scorer's contract and grammar, the prover's reader, the
//! dataset checks) and by the RTL limits. Identifiers, numbers, strings, operators (the
//! SVA ones included: `|->`, `##`, `[*`, `+:`, ...) and any other character, each with
//! its byte span; comments and white space are skipped. It never fails: what it does not
//! recognise becomes an [`Kind::Other`] token, so garbage reaches the reader intact.
//!
//! An unterminated `/*` is no comment: it is an `Other` token of its own (a strict
//! reader rejects the text there; a lenient one goes on after it), so it never swallows
//! the rest of the text.

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An identifier or keyword (`clk_4`, `property`), a system name (`$past`) or an
    /// escaped identifier (`\a+b `).
    Ident,
    /// An integer literal: `3`, `4'b10_10`, `4 'hF`, `'h1F`, `'0` (a real, `1.5`, too:
    /// the readers reject it).
    Number,
    /// A string literal (`"text"`, up to its closing quote or the end of the line).
    Str,
    /// An operator or punctuation (`|->`, `&&`, `[*`, `(`, `;`).
    Op,
    /// Any other character (a Markdown back-tick, non-ASCII prose) or an unterminated
    /// `/*`.
    Other,
}

/// One token: its kind and byte span within the text it was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

impl Token {
    /// The token's text within `source` (the text it was read from).
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.start..self.end]
    }

    pub fn is(&self, source: &str, text: &str) -> bool {
        self.text(source) == text
    }
}

/// Operators of two or more characters, longest first within each first character, so
/// that `|->` wins over `|`.
const MULTI: [&str; 36] = [
    "<<<=", ">>>=", "|->", "|=>", "===", "!==", "==?", "!=?", "<<<", ">>>", "<->", "[->", "#-#",
    "#=#", "==", "!=", "&&", "||", "<=", ">=", "->", "##", "**", "<<", ">>", "~&", "~|", "~^",
    "^~", "+:", "-:", "::", "[*", "[=", "[+", "'{",
];

/// One-character operators and punctuation.
const SINGLE: &[u8] = b"()[]{};:,.@!&|^~=<>+-*/%?#'";

/// Splits `source` into tokens (what [`Tokens`] yields, collected).
pub fn tokenize(source: &str) -> Vec<Token> {
    let mut out = Vec::with_capacity(source.len() / 3);
    out.extend(Tokens::new(source));
    out
}

/// The tokens of a text, one at a time. Cloning it is a cheap way to look ahead.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    source: &'a str,
    at: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(source: &'a str) -> Tokens<'a> {
        Tokens { source, at: 0 }
    }
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        let source = self.source;
        let bytes = source.as_bytes();
        let mut i = self.at;
        while i < bytes.len() {
            let b = bytes[i];
            let start = i;
            let kind = if b.is_ascii_whitespace() {
                i += 1;
                continue;
            } else if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
                i = source[i..].find('\n').map_or(bytes.len(), |n| i + n);
                continue;
            } else if b == b'/' && bytes.get(i + 1) == Some(&b'*') {
                match source[i + 2..].find("*/") {
                    Some(n) => {
                        i += 2 + n + 2;
                        continue;
                    }
                    None => {
                        i += 2;
                        Kind::Other
                    }
                }
            } else if b.is_ascii_alphabetic() || b == b'_' || b == b'$' {
                i = word_end(bytes, i + 1);
                Kind::Ident
            } else if b == b'\\' && bytes.get(i + 1).is_some_and(|c| !c.is_ascii_whitespace()) {
                // Escaped identifier: up to the next white space.
                i += 1;
                while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                Kind::Ident
            } else if b.is_ascii_digit() {
                i = number_end(bytes, i);
                Kind::Number
            } else if b == b'\'' && bytes.get(i + 1).is_some_and(|&c| is_base_or_fill(c)) {
                i = based_end(bytes, i);
                Kind::Number
            } else if b == b'"' {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
                Kind::Str
            } else if let Some(len) = operator_len(&source[i..]) {
                i += len;
                Kind::Op
            } else {
                // Any other character, whole (it may be several bytes of UTF-8).
                i += source[i..].chars().next().map_or(1, char::len_utf8);
                Kind::Other
            };
            self.at = i;
            return Some(Token {
                kind,
                start,
                end: i,
            });
        }
        self.at = i;
        None
    }
}

/// The length of the operator `rest` starts with, if any: the longest of [`MULTI`],
/// else one character of [`SINGLE`].
fn operator_len(rest: &str) -> Option<usize> {
    let first = *rest.as_bytes().first()?;
    if !SINGLE.contains(&first) {
        return None;
    }
    Some(
        MULTI
            .iter()
            .find(|op| rest.starts_with(**op))
            .map_or(1, |op| op.len()),
    )
}

fn word_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len()
        && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'$')
    {
        i += 1;
    }
    i
}

/// A decimal number, a real (`1.5`, `1e3`), or a sized based literal (`4'b1010`,
/// `8 'hFF`).
fn number_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'_') {
        i += 1;
    }
    if i + 1 < bytes.len() && bytes[i] == b'.' && bytes[i + 1].is_ascii_digit() {
        i += 1;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        return i;
    }
    // The base may follow the size after white space (`4 'b1010`).
    let mut j = i;
    while j < bytes.len() && bytes[j] == b' ' {
        j += 1;
    }
    if j + 1 < bytes.len() && bytes[j] == b'\'' && is_base(bytes, j + 1) {
        return based_end(bytes, j);
    }
    i
}

fn is_base(bytes: &[u8], i: usize) -> bool {
    let mut i = i;
    if i < bytes.len() && matches!(bytes[i], b's' | b'S') {
        i += 1;
    }
    i < bytes.len()
        && matches!(
            bytes[i],
            b'b' | b'B' | b'o' | b'O' | b'd' | b'D' | b'h' | b'H'
        )
}

fn is_base_or_fill(b: u8) -> bool {
    matches!(
        b,
        b'b' | b'B' | b'o' | b'O' | b'd' | b'D' | b'h' | b'H' | b's' | b'S'
    ) || matches!(b, b'0' | b'1' | b'x' | b'X' | b'z' | b'Z')
}

/// `'` then an optional `s`, a base letter and digits (`'hA`, `'sb01`, `'h 1F`), or a
/// fill (`'1`).
fn based_end(bytes: &[u8], quote: usize) -> usize {
    let mut i = quote + 1;
    if i < bytes.len() && matches!(bytes[i], b'0' | b'1' | b'x' | b'X' | b'z' | b'Z') {
        return i + 1;
    }
    if i < bytes.len() && matches!(bytes[i], b's' | b'S') {
        i += 1;
    }
    // The base letter (ASCII: never a step into a multi-byte character).
    if is_base(bytes, i) {
        i += 1;
    }
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'_' | b'?')) {
        i += 1;
    }
    i
}

/// Whether writing `next` right after `prev` would read differently from the two
/// tokens: two words run together (`a` `b` -> `ab`), or two operators form another
/// (`&` `&` -> `&&`, `-` `-` -> `--`). Such tokens need a space between them.
pub fn needs_space(prev: &str, next: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '\'' | '\\');
    let (Some(last), Some(first)) = (prev.chars().last(), next.chars().next()) else {
        return false;
    };
    if word(last) && word(first) {
        return true;
    }
    if word(last) || word(first) || last.is_whitespace() || first.is_whitespace() {
        return false;
    }
    // Operators: does a token of the joined text start where `next` starts?
    let tail: String = prev
        .chars()
        .rev()
        .take(3)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let head: String = next.chars().take(3).collect();
    let joined = format!("{tail}{head}");
    let boundary = tail.len();
    // `- -` and `+ +` would read as the decrement and increment operators, `/ /` and
    // `/ *` as a comment.
    (last == first && matches!(last, '-' | '+'))
        || (last == '/' && matches!(first, '/' | '*'))
        || !Tokens::new(&joined).any(|t| t.start == boundary)
}

/// The texts of `tokens` joined by single spaces: a white space-insensitive rendering.
pub fn join(source: &str, tokens: &[Token]) -> String {
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(t.text(source));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn texts(s: &str) -> Vec<&str> {
        tokenize(s).iter().map(|t| t.text(s)).collect()
    }

    #[test]
    fn splits_operators_numbers_and_identifiers() {
        assert_eq!(
            texts("@(posedge clk) a&&!b|->x==4'hA;"),
            [
                "@", "(", "posedge", "clk", ")", "a", "&&", "!", "b", "|->", "x", "==", "4'hA", ";"
            ]
        );
        assert_eq!(texts("a |=> b != 'b1"), ["a", "|=>", "b", "!=", "'b1"]);
        assert_eq!(
            texts("x == 7'bxx01 || $rose(c)"),
            ["x", "==", "7'bxx01", "||", "$rose", "(", "c", ")"]
        );
    }

    #[test]
    fn reads_sva_operators_and_literals() {
        assert_eq!(
            texts("a |-> ##[1:3] b[*2] |=> $past(c, 2) == 3'd7 // x\n"),
            [
                "a", "|->", "##", "[", "1", ":", "3", "]", "b", "[*", "2", "]", "|=>", "$past",
                "(", "c", ",", "2", ")", "==", "3'd7"
            ]
        );
        assert_eq!(
            texts("'0 4 'hF_f 8'sb1 x[i+:2] 1.5 #1"),
            [
                "'0", "4 'hF_f", "8'sb1", "x", "[", "i", "+:", "2", "]", "1.5", "#", "1"
            ]
        );
        assert_eq!(tokenize("\"s\" x")[0].kind, Kind::Str);
        // A signed mark before a character that is no base letter ends the literal
        // there (the prover's tokenizer once stepped into `ä` and split it).
        assert_eq!(texts("'Sä"), ["'S", "ä"]);
    }

    #[test]
    fn operators_are_the_longest_match_of_the_table() {
        // Every string of up to four characters over the operators' alphabet.
        let alphabet = b"()[]{};:,.@!&|^~=<>+-*%?#'a";
        let by_table = |rest: &str| {
            MULTI
                .iter()
                .filter(|op| rest.starts_with(**op))
                .map(|op| op.len())
                .max()
                .or_else(|| SINGLE.contains(&rest.as_bytes()[0]).then_some(1))
        };
        let mut text = String::new();
        for &a in alphabet {
            for &b in alphabet {
                for &c in alphabet {
                    for &d in b"=>a" {
                        for len in 1..=4 {
                            text.clear();
                            text.extend([a, b, c, d][..len].iter().map(|&x| x as char));
                            assert_eq!(operator_len(&text), by_table(&text), "{text:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn skips_comments_and_keeps_unknown_characters() {
        assert_eq!(texts("a // c\n/* d */ b"), ["a", "b"]);
        // An unterminated `/*` is a token of its own; what follows is still read.
        assert_eq!(texts("a /* open b"), ["a", "/*", "open", "b"]);
        assert_eq!(tokenize("/* x")[0].kind, Kind::Other);
        assert_eq!(texts("```sv\nä"), ["`", "`", "`", "sv", "ä"]);
        assert_eq!(
            texts("<|im_end|> \\ x"),
            ["<", "|", "im_end", "|", ">", "\\", "x"]
        );
    }

    #[test]
    fn operators_that_would_merge_need_a_space() {
        assert!(needs_space("&", "&c"));
        assert!(needs_space("-", "-"));
        assert!(needs_space("a", "b"));
        assert!(needs_space("/", "/"));
        assert!(needs_space("[", "*"));
        assert!(!needs_space("&", "c"));
        assert!(!needs_space("a", "+"));
        assert!(!needs_space("(", "("));
        assert!(!needs_space("&&", "!"));
    }

    proptest! {
        /// Tokens never overlap, come in order, sit on character boundaries, and only
        /// white space and comments lie between them.
        #[test]
        fn tokens_cover_the_text_in_order(s in "[ -~\\n\\tä]{0,60}") {
            let mut last = 0;
            for t in Tokens::new(&s) {
                prop_assert!(t.start >= last && t.end > t.start && t.end <= s.len());
                prop_assert!(s.is_char_boundary(t.start) && s.is_char_boundary(t.end));
                let gap = &s[last..t.start];
                prop_assert!(
                    gap.trim().is_empty() || gap.contains("//") || gap.contains("/*"),
                    "{gap:?}"
                );
                last = t.end;
            }
        }
    }
}
