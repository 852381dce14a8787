//! Tokens of the antecedent grammar. Operators outside the grammar are recognised here
//! (longest match) so the error can name them.

use super::constant::{LexedConstant, lex_constant};
use super::error::ParseError;

/// Which operators an antecedent may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Grammar {
    /// SCORING.md §5 as the paper reads it: `!`, `&&`, `||`, `==`, `!=`, parentheses,
    /// identifiers (with bit and part selects) and constants.
    Atoms,
    /// The same, and what two-state semantics gives a meaning: `===` and `!==` (read
    /// as `==` and `!=`), bitwise `~ & | ^ ~^` and the reductions `& | ^ ~& ~| ~^`.
    #[default]
    TwoState,
}

impl Grammar {
    /// The grammar that goes with a value semantics.
    pub fn of(values: super::Values) -> Grammar {
        match values {
            super::Values::Atoms => Grammar::Atoms,
            super::Values::TwoState => Grammar::TwoState,
        }
    }
}

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
    /// `[`, `]` and `:` of a bit or part select.
    LBracket,
    RBracket,
    Colon,
    /// `~`
    Tilde,
    /// `&` (bitwise AND, or the AND reduction before an operand)
    Amp,
    /// `|`
    Pipe,
    /// `^`
    Caret,
    /// `~^` or `^~`
    Xnor,
    /// `~&` (NAND reduction)
    Nand,
    /// `~|` (NOR reduction)
    Nor,
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
            Token::LBracket => "`[`".into(),
            Token::RBracket => "`]`".into(),
            Token::Colon => "`:`".into(),
            Token::Tilde => "`~`".into(),
            Token::Amp => "`&`".into(),
            Token::Pipe => "`|`".into(),
            Token::Caret => "`^`".into(),
            Token::Xnor => "`~^`".into(),
            Token::Nand => "`~&`".into(),
            Token::Nor => "`~|`".into(),
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
    ("{", "concatenation"),
    ("}", "concatenation"),
    ("=", "assignment"),
    (",", "list separator"),
    (";", "statement end"),
    ("@", "event control"),
    ("#", "delay"),
];

/// Splits `text` into tokens with their byte offsets; the last token is `End`.
/// Operators outside `grammar` are errors naming them.
pub(crate) fn tokenize(text: &str, grammar: Grammar) -> Result<Vec<(Token, usize)>, ParseError> {
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
        } else if let Some((tok, len)) = supported(bytes, i, grammar) {
            out.push((tok, i));
            i += len;
        } else {
            i = other(text, i, grammar, &mut out)?;
        }
    }
    out.push((Token::End, text.len()));
    Ok(out)
}

/// Comments, escaped identifiers, constants and errors, at `i`: where the next token
/// starts.
fn other(
    text: &str,
    i: usize,
    grammar: Grammar,
    out: &mut Vec<(Token, usize)>,
) -> Result<usize, ParseError> {
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
                 `!`, `&&`, `||`, `==`, `!=`{more} and parentheses",
                more = match grammar {
                    Grammar::Atoms => "",
                    Grammar::TwoState => ", `===`, `!==`, `~`, `&`, `|`, `^`, `~^`",
                }
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
/// including the longer operators outside the grammar that start like them (`==?`,
/// `!=?`, `|->`, `|=>`, and under `Grammar::Atoms` `===`, `!==` and every bitwise
/// operator).
fn supported(bytes: &[u8], i: usize, grammar: Grammar) -> Option<(Token, usize)> {
    let at = |k: usize| bytes.get(i + k).copied();
    let two_state = grammar == Grammar::TwoState;
    let token = match (bytes[i], at(1)) {
        (b'&', Some(b'&')) => (Token::AndAnd, 2),
        (b'|', Some(b'|')) => (Token::OrOr, 2),
        (b'=', Some(b'=')) if at(2) == Some(b'=') && two_state => (Token::EqEq, 3),
        (b'!', Some(b'=')) if at(2) == Some(b'=') && two_state => (Token::NotEq, 3),
        (b'=' | b'!', Some(b'=')) if matches!(at(2), Some(b'=' | b'?')) => return None,
        (b'=', Some(b'=')) => (Token::EqEq, 2),
        (b'!', Some(b'=')) => (Token::NotEq, 2),
        (b'!', _) => (Token::Not, 1),
        (b'(', _) => (Token::LParen, 1),
        (b')', _) => (Token::RParen, 1),
        (b'[', _) => (Token::LBracket, 1),
        (b']', _) => (Token::RBracket, 1),
        (b':', _) => (Token::Colon, 1),
        _ if !two_state => return None,
        (b'|', Some(b'-' | b'=')) if at(2) == Some(b'>') => return None,
        (b'~', Some(b'^')) | (b'^', Some(b'~')) => (Token::Xnor, 2),
        (b'~', Some(b'&')) => (Token::Nand, 2),
        (b'~', Some(b'|')) => (Token::Nor, 2),
        (b'~', _) => (Token::Tilde, 1),
        (b'&', _) => (Token::Amp, 1),
        (b'|', _) => (Token::Pipe, 1),
        (b'^', _) => (Token::Caret, 1),
        _ => return None,
    };
    Some(token)
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
        tokenize(t, Grammar::Atoms)
            .unwrap()
            .into_iter()
            .map(|(t, _)| t)
            .collect()
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
        for (text, op, two_state) in [
            ("a & b", "`&`", false),
            ("a | b", "`|`", false),
            ("a ^ b", "`^`", false),
            ("~a", "`~`", false),
            ("a + 1", "`+`", true),
            ("a < b", "`<`", true),
            ("a <= b", "`<=`", true),
            ("a === b", "`===`", false),
            ("a !== b", "`!==`", false),
            ("a ==? b", "`==?`", true),
            ("a |-> b", "`|->`", true),
            ("a |=> b", "`|=>`", true),
        ] {
            let e = tokenize(text, Grammar::Atoms).unwrap_err();
            assert!(
                e.message.contains(&format!("unsupported operator {op}")),
                "{text}: {e}"
            );
            assert_eq!(
                tokenize(text, Grammar::TwoState).is_err(),
                two_state,
                "{text}"
            );
        }
        let e = tokenize("x && a & b", Grammar::Atoms).unwrap_err();
        assert_eq!((e.line, e.column), (1, 8));
        assert!(
            tokenize("$past(a)", Grammar::TwoState)
                .unwrap_err()
                .message
                .contains("`$past`")
        );
        assert!(
            tokenize("/* open", Grammar::TwoState)
                .unwrap_err()
                .message
                .contains("`*/`")
        );
    }

    #[test]
    fn two_state_reads_case_equality_and_bitwise_operators() {
        let kinds = |t: &str| -> Vec<Token> {
            tokenize(t, Grammar::TwoState)
                .unwrap()
                .into_iter()
                .map(|(t, _)| t)
                .collect()
        };
        assert_eq!(
            kinds("a === b !== c"),
            [
                Token::Ident("a".into()),
                Token::EqEq,
                Token::Ident("b".into()),
                Token::NotEq,
                Token::Ident("c".into()),
                Token::End
            ]
        );
        // `b & &c` is `b` AND the AND reduction of `c`, never `b && c`.
        assert_eq!(
            kinds("b & &c ~^ ^~ ~& ~|"),
            [
                Token::Ident("b".into()),
                Token::Amp,
                Token::Amp,
                Token::Ident("c".into()),
                Token::Xnor,
                Token::Xnor,
                Token::Nand,
                Token::Nor,
                Token::End
            ]
        );
        assert_eq!(kinds("a[3:0]").len(), 7);
    }
}
