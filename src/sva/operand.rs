//! Canonical text of a consequent operand with SystemVerilog operator precedence:
//! parentheses the precedence makes redundant (`a + (b * c)`) are dropped, those it
//! needs (`(a + b) * c`, `a - (b - c)`) kept. Operands this reader does not follow
//! (`None`) keep the token-level canonical text.

use crate::logic::operators::binary_binding as binary;
use crate::text::token::{Kind, Token};

/// One node of an operand; `Primary` is the canonical text of an identifier or number
/// with its selects, calls and member accesses, or of a concatenation.
enum Node {
    Primary(String),
    Unary(String, Box<Node>),
    Binary(String, Box<Node>, Box<Node>),
    Conditional(Box<Node>, Box<Node>, Box<Node>),
}

const UNARY: u8 = 13;
const PRIMARY: u8 = 14;
const CONDITIONAL: u8 = 1;

fn right_associative(op: &str) -> bool {
    matches!(op, "->" | "<->")
}

fn is_unary(op: &str) -> bool {
    matches!(
        op,
        "+" | "-" | "!" | "~" | "&" | "~&" | "|" | "~|" | "^" | "~^" | "^~"
    )
}

impl Node {
    fn strength(&self) -> u8 {
        match self {
            Node::Primary(_) => PRIMARY,
            Node::Unary(..) => UNARY,
            Node::Binary(op, ..) => binary(op).unwrap_or(0),
            Node::Conditional(..) => CONDITIONAL,
        }
    }
}

/// The canonical text of `tokens` read as one expression, or `None` when they are not
/// one that this reader follows.
pub fn precedence_text(source: &str, tokens: &[Token]) -> Option<String> {
    let mut p = Reader {
        source,
        tokens,
        pos: 0,
        depth: 0,
    };
    let node = p.expression()?;
    if p.pos != tokens.len() {
        return None;
    }
    let mut out = String::new();
    write(&node, &mut out);
    Some(out)
}

/// Deepest nesting followed; deeper operands keep the token-level text.
const MAX_DEPTH: usize = 64;

struct Reader<'a> {
    source: &'a str,
    tokens: &'a [Token],
    pos: usize,
    depth: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.pos).map(|t| t.text(self.source))
    }

    fn expression(&mut self) -> Option<Node> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let condition = self.binary(0)?;
        let node = if self.peek() == Some("?") {
            self.pos += 1;
            let then = self.expression()?;
            if self.peek() != Some(":") {
                return None;
            }
            self.pos += 1;
            let otherwise = self.expression()?;
            Node::Conditional(Box::new(condition), Box::new(then), Box::new(otherwise))
        } else {
            condition
        };
        self.depth -= 1;
        Some(node)
    }

    /// Operators binding at least as strongly as `min`.
    fn binary(&mut self, min: u8) -> Option<Node> {
        let mut left = self.unary()?;
        while let Some(op) = self.peek() {
            let Some(strength) = binary(op).filter(|&s| s >= min) else {
                break;
            };
            let op = op.to_string();
            self.pos += 1;
            let next = if right_associative(&op) {
                strength
            } else {
                strength + 1
            };
            let right = self.binary(next)?;
            left = Node::Binary(op, Box::new(left), Box::new(right));
        }
        Some(left)
    }

    fn unary(&mut self) -> Option<Node> {
        match self.peek() {
            Some(op) if is_unary(op) => {
                let op = op.to_string();
                self.pos += 1;
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return None;
                }
                let operand = self.unary()?;
                self.depth -= 1;
                Some(Node::Unary(op, Box::new(operand)))
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Option<Node> {
        let first = self.tokens.get(self.pos)?;
        match first.text(self.source) {
            "(" => {
                let close = self.close(self.pos)?;
                let inner = &self.tokens[self.pos + 1..close];
                let mut nested = Reader {
                    source: self.source,
                    tokens: inner,
                    pos: 0,
                    depth: self.depth,
                };
                let node = nested.expression()?;
                if nested.pos != inner.len() {
                    return None;
                }
                self.pos = close + 1;
                Some(node)
            }
            "{" => {
                let close = self.close(self.pos)?;
                let text =
                    super::token_text::token_text(self.source, &self.tokens[self.pos..=close]);
                self.pos = close + 1;
                Some(Node::Primary(text))
            }
            _ if matches!(first.kind, Kind::Ident | Kind::Number) => {
                let start = self.pos;
                self.pos += 1;
                // Selects, calls and member accesses belong to the primary.
                loop {
                    match self.peek() {
                        Some("[" | "(") => self.pos = self.close(self.pos)? + 1,
                        Some(".") => self.pos += 2,
                        _ => break,
                    }
                }
                let text =
                    super::token_text::token_text(self.source, self.tokens.get(start..self.pos)?);
                Some(Node::Primary(text))
            }
            _ => None,
        }
    }

    /// The index of the bracket closing the one at `open` (same kind).
    fn close(&self, open: usize) -> Option<usize> {
        let (o, c) = match self.tokens[open].text(self.source) {
            "(" => ("(", ")"),
            "[" => ("[", "]"),
            _ => ("{", "}"),
        };
        let mut depth = 0usize;
        for (i, t) in self.tokens.iter().enumerate().skip(open) {
            let text = t.text(self.source);
            if text == o {
                depth += 1;
            } else if text == c {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
        }
        None
    }
}

/// Appends `piece`, with a space where the two would run together (two words, or
/// operators such as `&` `&c` that would read as `&&`).
fn push(out: &mut String, piece: &str) {
    if crate::text::token::needs_space(out, piece) {
        out.push(' ');
    }
    out.push_str(piece);
}

fn write_child(node: &Node, parenthesise: bool, out: &mut String) {
    if parenthesise {
        push(out, "(");
        write(node, out);
        push(out, ")");
    } else {
        write(node, out);
    }
}

fn write(node: &Node, out: &mut String) {
    match node {
        Node::Primary(text) => push(out, text),
        Node::Unary(op, operand) => {
            push(out, op);
            write_child(operand, operand.strength() < UNARY, out);
        }
        Node::Binary(op, left, right) => {
            let strength = binary(op).unwrap_or(0);
            let (l, r) = if right_associative(op) {
                (left.strength() <= strength, right.strength() < strength)
            } else {
                (left.strength() < strength, right.strength() <= strength)
            };
            write_child(left, l, out);
            push(out, op);
            write_child(right, r, out);
        }
        Node::Conditional(condition, then, otherwise) => {
            write_child(condition, condition.strength() <= CONDITIONAL, out);
            push(out, "?");
            write(then, out);
            push(out, ":");
            write_child(otherwise, otherwise.strength() < CONDITIONAL, out);
        }
    }
}

/// The key under which an operand is compared by value (two-state semantics): the
/// operand read as one expression, with the operands of a commutative operator
/// (`+ * & | ^ && || == != ^~`) sorted and those of an associative one flattened
/// (`1 + y` and `y + 1` are one key, `(a + b) + c` and `a + (b + c)` too), `===` as
/// `==`, constants inside an operator by value and width (`4'hA + y` is `4'd10 + y`,
/// not `10 + y`: an unsized constant widens the sum). `None` when the tokens are not
/// one expression this reader follows. The key is not SystemVerilog text: it starts
/// with `\u{1}`, so it never equals an operand's canonical text.
pub fn value_key(source: &str, tokens: &[Token]) -> Option<String> {
    let mut p = Reader {
        source,
        tokens,
        pos: 0,
        depth: 0,
    };
    let node = p.expression()?;
    if p.pos != tokens.len() {
        return None;
    }
    let mut out = String::from("\u{1}");
    write_key(&node, &mut out);
    Some(out)
}

fn associative(op: &str) -> bool {
    matches!(op, "+" | "*" | "&" | "|" | "^" | "&&" | "||")
}

fn commutative(op: &str) -> bool {
    associative(op) || matches!(op, "==" | "!=" | "^~")
}

/// `===` and `!==` are `==` and `!=` under two-state values; `~^` is `^~`.
fn value_operator(op: &str) -> &str {
    match op {
        "===" => "==",
        "!==" => "!=",
        "~^" => "^~",
        other => other,
    }
}

/// The operands of a chain of `op` (flattened when `op` is associative).
fn chain<'n>(op: &str, node: &'n Node, out: &mut Vec<&'n Node>) {
    match node {
        Node::Binary(inner, l, r) if associative(op) && value_operator(inner) == op => {
            chain(op, l, out);
            chain(op, r, out);
        }
        other => out.push(other),
    }
}

fn key_of(node: &Node) -> String {
    let mut s = String::new();
    write_key(node, &mut s);
    s
}

fn write_key(node: &Node, out: &mut String) {
    match node {
        Node::Primary(text) => match crate::logic::constant::sized_value(text) {
            Some((value, Some(width))) => out.push_str(&format!("#{value}'{width}")),
            Some((value, None)) => out.push_str(&format!("#{value}")),
            None => out.push_str(text),
        },
        Node::Unary(op, operand) => {
            out.push('(');
            out.push_str(op);
            out.push(' ');
            write_key(operand, out);
            out.push(')');
        }
        Node::Binary(op, left, right) => {
            let op = value_operator(op);
            let mut operands = Vec::new();
            if associative(op) {
                chain(op, left, &mut operands);
                chain(op, right, &mut operands);
            } else {
                operands.extend([&**left, &**right]);
            }
            let mut keys: Vec<String> = operands.into_iter().map(key_of).collect();
            if commutative(op) {
                keys.sort();
            }
            out.push('(');
            out.push_str(op);
            for k in keys {
                out.push(' ');
                out.push_str(&k);
            }
            out.push(')');
        }
        Node::Conditional(condition, then, otherwise) => {
            out.push_str("(? ");
            write_key(condition, out);
            out.push(' ');
            write_key(then, out);
            out.push(' ');
            write_key(otherwise, out);
            out.push(')');
        }
    }
}

#[cfg(test)]
mod value_key_tests {
    use super::*;

    fn key(text: &str) -> Option<String> {
        value_key(text, &crate::text::token::tokenize(text))
    }

    #[test]
    fn commutative_and_associative_operands_are_one_key() {
        for (a, b) in [
            ("1 + y", "y + 1"),
            ("a + b + c", "c + (b + a)"),
            ("a & b | c", "c | b & a"),
            ("(a == b) && c", "c && (b === a)"),
            ("a * 4'hA", "4'd10 * a"),
            ("s ? a + 1 : b", "s ? 1 + a : b"),
        ] {
            assert_eq!(key(a), key(b), "{a} / {b}");
            assert!(key(a).is_some(), "{a}");
        }
        for (a, b) in [
            ("a - b", "b - a"),
            ("a + b * c", "(a + b) * c"),
            ("y + 4'hA", "y + 10"),
            ("a << 1", "1 << a"),
            ("s ? a : b", "s ? b : a"),
        ] {
            assert_ne!(key(a), key(b), "{a} / {b}");
        }
        assert_eq!(key("a +"), None);
    }
}
