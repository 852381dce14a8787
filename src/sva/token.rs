//! Tokens of SystemVerilog assertion text: identifiers, numbers, operators and any other
//! character, with comments and white space skipped. Never fails: whatever is not
//! recognised becomes an `Other` token, so garbage reaches the contract check intact.

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier or keyword (`clk_4`, `property`, `$rose`, `\esc `).
    Ident,
    /// An integer literal (`3`, `1'b0`, `4'hA`, `'1`).
    Number,
    /// An operator or punctuation (`|->`, `&&`, `(`, `;`).
    Op,
    /// A string literal or any character the grammar does not know (`` ` ``, `#`).
    Other,
}

/// One token: its kind and where it sits in the text (byte offsets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
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

/// Operators of more than one character, longest first so that `|->` wins over `|`
/// (what `operator_len` matches, kept to test it).
#[cfg(test)]
const OPERATORS: [&str; 25] = [
    "<->", "|->", "|=>", "===", "!==", "==?", "!=?", "<<<", ">>>", "==", "!=", "&&", "||", "<=",
    ">=", "->", "##", "**", "<<", ">>", "~&", "~|", "~^", "^~", "::",
];

/// Splits `source` into tokens, skipping white space and `//`, `/* */` comments. An
/// unterminated `/*` is no comment: it is an `Other` token of its own (a strict
/// output breaks the contract there; lenient reading goes on after it), so it never
/// swallows the rest of the text.
pub fn tokenize(source: &str) -> Vec<Token> {
    let mut out = Vec::with_capacity(source.len() / 3);
    out.extend(Tokens::new(source));
    out
}

/// The tokens of a text, one at a time (what `tokenize` collects). Cloning it is a
/// cheap way to look ahead.
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
            } else if b.is_ascii_alphabetic() || b == b'_' || b == b'$' {
                i = scan_word(bytes, i + 1);
                TokenKind::Ident
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
                        TokenKind::Other
                    }
                }
            } else if b == b'\\' {
                // Escaped identifier: up to the next white space.
                i += 1;
                while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                TokenKind::Ident
            } else if b.is_ascii_digit() {
                i = scan_word(bytes, i + 1);
                if i < bytes.len() && bytes[i] == b'\'' {
                    i = scan_based(bytes, i);
                }
                TokenKind::Number
            } else if b == b'\'' && i + 1 < bytes.len() && is_base_or_fill(bytes[i + 1]) {
                i = scan_based(bytes, i);
                TokenKind::Number
            } else if b == b'"' {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
                TokenKind::Other
            } else if let Some(len) = operator_len(&bytes[i..]) {
                i += len;
                TokenKind::Op
            } else {
                // Any other character, whole (it may be several bytes of UTF-8).
                i += source[i..].chars().next().map_or(1, char::len_utf8);
                TokenKind::Other
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

/// The length of the operator `rest` starts with, if any: the longest of
/// `OPERATORS`, else one character of `()[]{};:,.@!&|^~=<>+-*/%?`.
fn operator_len(rest: &[u8]) -> Option<usize> {
    let second = rest.get(1).copied();
    let third = rest.get(2).copied();
    let len = match (rest[0], second) {
        (b'<', Some(b'-')) if third == Some(b'>') => 3,
        (b'<', Some(b'<')) if third == Some(b'<') => 3,
        (b'<', Some(b'=' | b'<')) => 2,
        (b'>', Some(b'>')) if third == Some(b'>') => 3,
        (b'>', Some(b'=' | b'>')) => 2,
        (b'|', Some(b'-' | b'=')) if third == Some(b'>') => 3,
        (b'|', Some(b'|')) => 2,
        (b'=' | b'!', Some(b'=')) if matches!(third, Some(b'=' | b'?')) => 3,
        (b'=' | b'!', Some(b'=')) => 2,
        (b'&', Some(b'&')) | (b'-', Some(b'>')) | (b'#', Some(b'#')) | (b'*', Some(b'*')) => 2,
        (b'~', Some(b'&' | b'|' | b'^')) | (b'^', Some(b'~')) | (b':', Some(b':')) => 2,
        (b, _) if SINGLE.contains(&b) => 1,
        _ => return None,
    };
    Some(len)
}

/// One-character operators and punctuation.
const SINGLE: &[u8] = b"()[]{};:,.@!&|^~=<>+-*/%?";

fn scan_word(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len()
        && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'$')
    {
        i += 1;
    }
    i
}

fn is_base_or_fill(b: u8) -> bool {
    matches!(
        b,
        b'b' | b'B' | b'o' | b'O' | b'd' | b'D' | b'h' | b'H' | b's' | b'S'
    ) || matches!(b, b'0' | b'1' | b'x' | b'X' | b'z' | b'Z')
}

/// `'` then an optional `s`, a base letter and digits (`'hA`, `'sb01`), or a fill (`'1`).
fn scan_based(bytes: &[u8], quote: usize) -> usize {
    let mut i = quote + 1;
    if i < bytes.len() && matches!(bytes[i], b's' | b'S') {
        i += 1;
    }
    if i < bytes.len() && is_base_or_fill(bytes[i]) {
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
    use crate::text::line_column;

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
    fn operators_are_the_longest_match_of_the_table() {
        // Every string of up to three characters over the operators' alphabet.
        let alphabet = b"()[]{};:,.@!&|^~=<>+-*/%?#a";
        let by_table = |rest: &[u8]| {
            OPERATORS
                .iter()
                .find(|op| rest.starts_with(op.as_bytes()))
                .map(|op| op.len())
                .or_else(|| SINGLE.contains(&rest[0]).then_some(1))
        };
        for &a in alphabet {
            for &b in alphabet {
                for &c in alphabet {
                    for text in [&[a][..], &[a, b][..], &[a, b, c][..]] {
                        assert_eq!(operator_len(text), by_table(text), "{text:?}");
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
        assert_eq!(tokenize("/* x")[0].kind, TokenKind::Other);
        assert_eq!(texts("```sv\nä"), ["`", "`", "`", "sv", "ä"]);
    }

    #[test]
    fn operators_that_would_merge_need_a_space() {
        assert!(needs_space("&", "&c"));
        assert!(needs_space("-", "-"));
        assert!(needs_space("a", "b"));
        assert!(needs_space("/", "/"));
        assert!(!needs_space("&", "c"));
        assert!(!needs_space("a", "+"));
        assert!(!needs_space("(", "("));
        assert!(!needs_space("&&", "!"));
    }

    #[test]
    fn locates_offsets_in_characters() {
        let s = "ab\nçd x";
        assert_eq!(line_column(s, 0), (1, 1));
        assert_eq!(line_column(s, s.find('x').unwrap()), (2, 4));
    }
}
