//! Canonical text of a consequent operand with SystemVerilog operator precedence:
//! parentheses the precedence makes redundant (`a + (b * c)`) are dropped, those it
//! needs (`(a + b) * c`, `a - (b - c)`) kept. Operands this reader does not follow
//! (`None`) keep the token-level canonical text.

use super::token::{Token, TokenKind};
use crate::logic::operators::binary_binding as binary;

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
                    super::consequent::token_text(self.source, &self.tokens[self.pos..=close]);
                self.pos = close + 1;
                Some(Node::Primary(text))
            }
            _ if matches!(first.kind, TokenKind::Ident | TokenKind::Number) => {
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
                    super::consequent::token_text(self.source, self.tokens.get(start..self.pos)?);
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
    if super::token::needs_space(out, piece) {
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
