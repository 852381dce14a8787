//! Tokens of the antecedent grammar. Operators outside the grammar are recognised here
//! (longest match) so the error can name them.

use super::constant::{LexedConstant, lex_constant};
use super::error::ParseError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token {
    Ident(String),
    Const(LexedConstant),
    Not,
    AndAnd,
    OrOr,
    EqEq,
    NotEq,
    LParen,
    RParen,
    End,
}

impl Token {
    /// How the token reads in a message.
    pub fn describe(&self) -> String {
        match self {
            Token::Ident(n) => format!("`{n}`"),
            Token::Const(c) => format!("`{}`", c.constant.text),
            Token::Not => "`!`".into(),
            Token::AndAnd => "`&&`".into(),
            Token::OrOr => "`||`".into(),
            Token::EqEq => "`==`".into(),
            Token::NotEq => "`!=`".into(),
            Token::LParen => "`(`".into(),
            Token::RParen => "`)`".into(),
            Token::End => "the end of the text".into(),
        }
    }
}

/// Operators outside the grammar, longest first, with what they are.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("<<<=", "arithmetic shift assignment"),
    (">>>=", "arithmetic shift assignment"),
    ("<->", "logical equivalence"),
    ("===", "case equality"),
    ("!==", "case inequality"),
    ("==?", "wildcard equality"),
    ("!=?", "wildcard inequality"),
    ("<<<", "arithmetic shift"),
    (">>>", "arithmetic shift"),
    ("|->", "overlapping implication"),
    ("|=>", "non-overlapping implication"),
    ("->", "logical implication"),
    ("<<", "shift"),
    (">>", "shift"),
    ("<=", "relational comparison"),
    (">=", "relational comparison"),
    ("**", "power"),
    ("~&", "reduction NAND"),
    ("~|", "reduction NOR"),
    ("~^", "bitwise XNOR"),
    ("^~", "bitwise XNOR"),
    ("##", "cycle delay"),
    ("&", "bitwise AND"),
    ("|", "bitwise OR"),
    ("^", "bitwise XOR"),
    ("~", "bitwise negation"),
    ("+", "addition"),
    ("-", "subtraction"),
    ("*", "multiplication"),
    ("/", "division"),
    ("%", "modulo"),
    ("<", "relational comparison"),
    (">", "relational comparison"),
    ("?", "conditional operator"),
    (":", "conditional operator"),
    ("[", "bit or part select"),
    ("]", "bit or part select"),
    ("{", "concatenation"),
    ("}", "concatenation"),
    ("=", "assignment"),
    (",", "list separator"),
    (";", "statement end"),
    ("@", "event control"),
    ("#", "delay"),
];

/// Splits `text` into tokens with their byte offsets; the last token is `End`.
pub(crate) fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, ParseError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(text.len() / 3 + 1);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            i += 1;
        } else if b.is_ascii_alphabetic() || b == b'_' {
            let end = identifier_end(bytes, i);
            out.push((Token::Ident(text[i..end].to_string()), i));
            i = end;
        } else if let Some((tok, len)) = supported(bytes, i) {
            out.push((tok, i));
            i += len;
        } else {
            i = other(text, i, &mut out)?;
        }
    }
    out.push((Token::End, text.len()));
    Ok(out)
}

/// Comments, escaped identifiers, constants and errors, at `i`: where the next token
/// starts.
fn other(text: &str, i: usize, out: &mut Vec<(Token, usize)>) -> Result<usize, ParseError> {
    let bytes = text.as_bytes();
    let b = bytes[i];
    let rest = &text[i..];
    if rest.starts_with("//") {
        Ok(i + rest.find('\n').unwrap_or(rest.len()))
    } else if let Some(body) = rest.strip_prefix("/*") {
        let Some(close) = body.find("*/") else {
            return Err(ParseError::at(
                text,
                i,
                "unterminated comment: expected `*/`",
            ));
        };
        Ok(i + close + 4)
    } else if b == b'\\' {
        // Escaped identifier: up to the next white space.
        let end = i + rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
        if end == i + 1 {
            return Err(ParseError::at(
                text,
                i,
                "expected an escaped identifier after `\\`",
            ));
        }
        out.push((Token::Ident(text[i..end].to_string()), i));
        Ok(end)
    } else if b.is_ascii_digit() || b == b'\'' {
        let c = lex_constant(text, i)?;
        let end = c.end;
        out.push((Token::Const(c), i));
        Ok(end)
    } else if b == b'$' {
        let end = identifier_end(bytes, i + 1);
        Err(ParseError::at(
            text,
            i,
            format!("system function `{}` is outside the grammar", &text[i..end]),
        ))
    } else if let Some((op, what)) = UNSUPPORTED.iter().find(|(op, _)| rest.starts_with(op)) {
        Err(ParseError::at(
            text,
            i,
            format!(
                "unsupported operator `{op}` ({what}); antecedents allow only \
                 `!`, `&&`, `||`, `==`, `!=` and parentheses"
            ),
        ))
    } else {
        let c = rest.chars().next().unwrap_or(' ');
        Err(ParseError::at(
            text,
            i,
            format!("unexpected character `{c}`"),
        ))
    }
}

/// The grammar's own operators at `i`, with their length; `None` for anything else,
/// including the longer operators outside the grammar that start like them (`===`,
/// `!==`, `==?`, `!=?`, `|->`, `|=>`).
fn supported(bytes: &[u8], i: usize) -> Option<(Token, usize)> {
    let at = |k: usize| bytes.get(i + k).copied();
    match (bytes[i], at(1)) {
        (b'&', Some(b'&')) => Some((Token::AndAnd, 2)),
        (b'|', Some(b'|')) => Some((Token::OrOr, 2)),
        (b'=', Some(b'=')) if !matches!(at(2), Some(b'=' | b'?')) => Some((Token::EqEq, 2)),
        (b'!', Some(b'=')) if matches!(at(2), Some(b'=' | b'?')) => None,
        (b'!', Some(b'=')) => Some((Token::NotEq, 2)),
        (b'!', _) => Some((Token::Not, 1)),
        (b'(', _) => Some((Token::LParen, 1)),
        (b')', _) => Some((Token::RParen, 1)),
        _ => None,
    }
}

/// End of an identifier, including hierarchical parts (`top.u1.sig`).
fn identifier_end(bytes: &[u8], from: usize) -> usize {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut i = from;
    loop {
        while i < bytes.len() && word(bytes[i]) {
            i += 1;
        }
        let next_starts_word = bytes
            .get(i + 1)
            .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_');
        if bytes.get(i) == Some(&b'.') && next_starts_word {
            i += 1;
        } else {
            return i;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(t: &str) -> Vec<Token> {
        tokenize(t).unwrap().into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn splits_operators_and_names() {
        assert_eq!(
            kinds("!a&&(b||top.c)!=d"),
            [
                Token::Not,
                Token::Ident("a".into()),
                Token::AndAnd,
                Token::LParen,
                Token::Ident("b".into()),
                Token::OrOr,
                Token::Ident("top.c".into()),
                Token::RParen,
                Token::NotEq,
                Token::Ident("d".into()),
                Token::End
            ]
        );
    }

    #[test]
    fn skips_comments() {
        assert_eq!(
            kinds("a /* x & y */ // & z\n"),
            [Token::Ident("a".into()), Token::End]
        );
    }

    #[test]
    fn names_unsupported_operators() {
        for (text, op) in [
            ("a & b", "`&`"),
            ("a | b", "`|`"),
            ("a ^ b", "`^`"),
            ("~a", "`~`"),
            ("a + 1", "`+`"),
            ("a < b", "`<`"),
            ("a <= b", "`<=`"),
            ("a[2]", "`[`"),
            ("a === b", "`===`"),
            ("a !== b", "`!==`"),
            ("a ==? b", "`==?`"),
            ("a |-> b", "`|->`"),
        ] {
            let e = tokenize(text).unwrap_err();
            assert!(
                e.message.contains(&format!("unsupported operator {op}")),
                "{text}: {e}"
            );
        }
        let e = tokenize("x && a & b").unwrap_err();
        assert_eq!((e.line, e.column), (1, 8));
        assert!(
            tokenize("$past(a)")
                .unwrap_err()
                .message
                .contains("`$past`")
        );
        assert!(tokenize("/* open").unwrap_err().message.contains("`*/`"));
    }
}
