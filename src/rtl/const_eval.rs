//! Constant expressions of declarations (`WIDTH-1`, `2'd3`, `$clog2(DEPTH)`, an earlier
//! `localparam`): a small tokenizer over compact text and an evaluator with
//! SystemVerilog precedence. Anything it does not follow has no value (`None`), never
//! an error.

use std::collections::BTreeMap;

use crate::logic::Constant;

/// A token of compact declaration text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Num(String),
    Ident(String),
    Op(String),
}

impl Tok {
    pub fn is(&self, text: &str) -> bool {
        match self {
            Tok::Op(o) | Tok::Ident(o) => o == text,
            Tok::Num(_) => false,
        }
    }
}

const OPERATORS: [&str; 22] = [
    "<<<", ">>>", "**", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "~&", "~|", "~^", "^~",
    "::", "+:", "-:", "'{", "->", "|->", "|=>",
];

/// Splits compact text into tokens (numbers keep their size, base and digits).
pub fn lex(text: &str) -> Vec<Tok> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        if b.is_ascii_whitespace() {
            i += 1;
        } else if b.is_ascii_digit()
            || (b == b'\'' && bytes.get(i + 1).is_some_and(|c| c.is_ascii_alphanumeric()))
        {
            let mut based = false;
            while i < bytes.len()
                && (word(bytes[i]) || bytes[i] == b'\'' || (based && bytes[i] == b'?'))
            {
                based |= bytes[i] == b'\'';
                i += 1;
            }
            out.push(Tok::Num(text[start..i].to_string()));
        } else if b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b == b'\\' {
            i += 1;
            while i < bytes.len()
                && (word(bytes[i]) || (b == b'\\' && !bytes[i].is_ascii_whitespace()))
            {
                i += 1;
            }
            out.push(Tok::Ident(text[start..i].to_string()));
        } else {
            let rest = &text[i..];
            let op = OPERATORS
                .iter()
                .find(|op| rest.starts_with(**op))
                .map_or_else(
                    || rest.chars().next().map_or(1, char::len_utf8),
                    |op| op.len(),
                );
            out.push(Tok::Op(text[i..i + op].to_string()));
            i += op;
        }
    }
    out
}

/// A value with the width of a sized literal, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluated {
    pub value: i128,
    pub width: Option<u32>,
}

/// Evaluates `tokens` as one constant expression, names looked up in `constants`.
pub fn eval(tokens: &[Tok], constants: &BTreeMap<String, Constant>) -> Option<Evaluated> {
    let mut e = Eval {
        tokens,
        pos: 0,
        constants,
        depth: 0,
    };
    let v = e.ternary()?;
    (e.pos == tokens.len()).then_some(v)
}

struct Eval<'a> {
    tokens: &'a [Tok],
    pos: usize,
    constants: &'a BTreeMap<String, Constant>,
    depth: usize,
}

fn binding(op: &str) -> Option<u8> {
    crate::logic::operators::binary_binding(op).filter(|&b| b > 0)
}

impl Eval<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos)
    }

    fn ternary(&mut self) -> Option<Evaluated> {
        self.depth += 1;
        if self.depth > 64 {
            return None;
        }
        let c = self.binary(0)?;
        let out = if self.peek().is_some_and(|t| t.is("?")) {
            self.pos += 1;
            let a = self.ternary()?;
            if !self.peek().is_some_and(|t| t.is(":")) {
                return None;
            }
            self.pos += 1;
            let b = self.ternary()?;
            if c.value != 0 { a } else { b }
        } else {
            c
        };
        self.depth -= 1;
        Some(out)
    }

    fn binary(&mut self, min: u8) -> Option<Evaluated> {
        let mut left = self.unary()?;
        while let Some(Tok::Op(op)) = self.peek() {
            let Some(b) = binding(op).filter(|&b| b >= min) else {
                break;
            };
            let op = op.clone();
            self.pos += 1;
            let right = if op == "**" {
                self.binary(b)?
            } else {
                self.binary(b + 1)?
            };
            left = apply(&op, left, right)?;
        }
        Some(left)
    }

    fn unary(&mut self) -> Option<Evaluated> {
        let t = self.peek()?.clone();
        match t {
            Tok::Op(op) if matches!(op.as_str(), "-" | "+" | "~" | "!") => {
                self.pos += 1;
                self.depth += 1;
                if self.depth > 64 {
                    return None;
                }
                let v = self.unary()?;
                self.depth -= 1;
                let value = match op.as_str() {
                    "-" => v.value.checked_neg()?,
                    "+" => v.value,
                    "~" => match v.width {
                        Some(w) if w < 127 => !v.value & ((1i128 << w) - 1),
                        _ => return None,
                    },
                    _ => i128::from(v.value == 0),
                };
                Some(Evaluated { value, ..v })
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Option<Evaluated> {
        let t = self.peek()?.clone();
        self.pos += 1;
        match t {
            Tok::Num(text) => {
                let c = super::constant::parse_constant(&text);
                if c.has_xz {
                    return None;
                }
                Some(Evaluated {
                    value: i128::try_from(c.value?).ok()?,
                    width: c.width,
                })
            }
            Tok::Ident(name) if name == "$clog2" => {
                let v = self.parenthesised()?;
                let mut bits = 0i128;
                while (1i128 << bits) < v.value {
                    bits += 1;
                    if bits > 126 {
                        return None;
                    }
                }
                Some(Evaluated {
                    value: bits,
                    width: None,
                })
            }
            Tok::Ident(name) => {
                let c = self.constants.get(&name)?;
                Some(Evaluated {
                    value: i128::try_from(c.value?).ok()?,
                    width: c.width,
                })
            }
            Tok::Op(o) if o == "(" => {
                self.pos -= 1;
                self.parenthesised()
            }
            _ => None,
        }
    }

    fn parenthesised(&mut self) -> Option<Evaluated> {
        if !self.peek().is_some_and(|t| t.is("(")) {
            return None;
        }
        self.pos += 1;
        let v = self.ternary()?;
        if !self.peek().is_some_and(|t| t.is(")")) {
            return None;
        }
        self.pos += 1;
        Some(v)
    }
}

fn apply(op: &str, a: Evaluated, b: Evaluated) -> Option<Evaluated> {
    let (x, y) = (a.value, b.value);
    let bool_value = |v: bool| Evaluated {
        value: i128::from(v),
        width: Some(1),
    };
    let value = match op {
        "+" => x.checked_add(y)?,
        "-" => x.checked_sub(y)?,
        "*" => x.checked_mul(y)?,
        "/" => x.checked_div(y)?,
        "%" => x.checked_rem(y)?,
        "**" => x.checked_pow(u32::try_from(y).ok()?)?,
        "<<" | "<<<" => x.checked_shl(u32::try_from(y).ok()?)?,
        ">>" | ">>>" => x.checked_shr(u32::try_from(y).ok()?)?,
        "&" => x & y,
        "|" => x | y,
        "^" => x ^ y,
        "==" => return Some(bool_value(x == y)),
        "!=" => return Some(bool_value(x != y)),
        "<" => return Some(bool_value(x < y)),
        "<=" => return Some(bool_value(x <= y)),
        ">" => return Some(bool_value(x > y)),
        ">=" => return Some(bool_value(x >= y)),
        "&&" => return Some(bool_value(x != 0 && y != 0)),
        "||" => return Some(bool_value(x != 0 || y != 0)),
        _ => return None,
    };
    let width = match (a.width, b.width) {
        (Some(w), Some(v)) => Some(w.max(v)),
        _ => None,
    };
    Some(Evaluated { value, width })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str, constants: &[(&str, u128)]) -> Option<i128> {
        let map = constants
            .iter()
            .map(|(n, v)| {
                (
                    n.to_string(),
                    Constant {
                        text: n.to_string(),
                        width: None,
                        value: Some(*v),
                        has_xz: false,
                    },
                )
            })
            .collect();
        eval(&lex(text), &map).map(|e| e.value)
    }

    #[test]
    fn evaluates_declaration_expressions() {
        assert_eq!(value("2'd3", &[]), Some(3));
        assert_eq!(value("WIDTH-1", &[("WIDTH", 8)]), Some(7));
        assert_eq!(value("(A+1)*2", &[("A", 2)]), Some(6));
        assert_eq!(value("$clog2(DEPTH)", &[("DEPTH", 16)]), Some(4));
        assert_eq!(value("$clog2(5)", &[]), Some(3));
        assert_eq!(value("1<<3", &[]), Some(8));
        assert_eq!(value("2**3", &[]), Some(8));
        assert_eq!(value("A>2?4:5", &[("A", 3)]), Some(4));
        assert_eq!(value("unknown+1", &[]), None);
        assert_eq!(value("4'bxx01", &[]), None);
        assert_eq!(value("1/0", &[]), None);
    }
}
