//! Tokens of generated text for the formal reader: identifiers and keywords, numbers,
//! strings, operators (with the SVA ones: `|->`, `##`, `[*`, ...) and any other
//! character, each with its byte span in the file it was read from. Comments and white
//! space are skipped. Never fails: what is not recognised becomes an `Other` token.

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An identifier or keyword (`clk`, `property`), a system name (`$past`) or an
    /// escaped identifier (`\a+b `).
    Ident,
    /// An integer literal: `3`, `4'b10_10`, `'h1F`, `'0` (a real, `1.5`, too: rejected later).
    Number,
    /// A string literal.
    Str,
    /// An operator or punctuation.
    Op,
    /// Any other character (a Markdown back-tick, `#` alone, non-ASCII prose).
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
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.start..self.end]
    }
}

/// Operators of two or more characters, longest first within each first character.
const MULTI: [&str; 36] = [
    "<<<=", ">>>=", "|->", "|=>", "===", "!==", "==?", "!=?", "<<<", ">>>", "<->", "[->", "#-#",
    "#=#", "==", "!=", "&&", "||", "<=", ">=", "->", "##", "**", "<<", ">>", "~&", "~|", "~^",
    "^~", "+:", "-:", "::", "[*", "[=", "[+", "'{",
];

/// One-character operators and punctuation.
const SINGLE: &[u8] = b"()[]{};:,.@!&|^~=<>+-*/%?#";

/// Splits `source` into tokens, skipping white space and `//`, `/* */` comments (an
/// unterminated block comment runs to the end of the text).
pub fn tokenize(source: &str) -> Vec<Token> {
    let bytes = source.as_bytes();
    let mut out = Vec::with_capacity(source.len() / 4);
    let mut i = 0;
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
            i = source[i + 2..]
                .find("*/")
                .map_or(bytes.len(), |n| i + 2 + n + 2);
            continue;
        } else if b.is_ascii_alphabetic() || b == b'_' || b == b'$' {
            i = word_end(bytes, i + 1);
            Kind::Ident
        } else if b == b'\\' && bytes.get(i + 1).is_some_and(|c| !c.is_ascii_whitespace()) {
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
        } else if let Some(op) = MULTI.iter().find(|op| source[i..].starts_with(**op)) {
            i += op.len();
            Kind::Op
        } else if SINGLE.contains(&b) || b == b'\'' {
            i += 1;
            Kind::Op
        } else {
            i += source[i..].chars().next().map_or(1, char::len_utf8);
            Kind::Other
        };
        out.push(Token {
            kind,
            start,
            end: i.min(bytes.len()),
        });
    }
    out
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

/// `'` then an optional `s`, a base letter and digits (`'hA`, `'sb01`), or a fill (`'1`).
fn based_end(bytes: &[u8], quote: usize) -> usize {
    let mut i = quote + 1;
    if i < bytes.len() && matches!(bytes[i], b'0' | b'1' | b'x' | b'X' | b'z' | b'Z') {
        return i + 1;
    }
    if i < bytes.len() && matches!(bytes[i], b's' | b'S') {
        i += 1;
    }
    if i < bytes.len() {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<&str> {
        tokenize(s).iter().map(|t| t.text(s)).collect()
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
            texts("'0 4 'hF_f 8'sb1 x[i+:2]"),
            ["'0", "4 'hF_f", "8'sb1", "x", "[", "i", "+:", "2", "]"]
        );
        assert_eq!(
            texts("```sv\n/* c */ \"s\" <|im_end|>"),
            ["`", "`", "`", "sv", "\"s\"", "<", "|", "im_end", "|", ">"]
        );
    }
}
