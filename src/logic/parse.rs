//! The antecedent parser (SCORING.md §5): identifiers (with bit and part selects),
//! constants, `!`, `&&`, `||`, `==`, `!=` and parentheses with SystemVerilog precedence
//! (`!` > `==`/`!=` > `&&` > `||`); under the two-state grammar also `===`, `!==` and
//! the bitwise operators (`~` and reductions > `==` > `&` > `^ ~^` > `|` > `&&`).
//! `a != b` becomes `!(a == b)`.

use super::error::ParseError;
use super::expr::{Atom, Constant, Expr, Term};
use super::lexer::{Grammar, Token, tokenize};
use super::semantics::Semantics;
use super::value::{Binary, Unary, Value};

/// Deepest nesting of parentheses, `!` and chained equalities accepted; deeper input
/// is an error instead of a stack overflow.
pub const MAX_DEPTH: usize = 256;

/// Parses an antecedent with the two-state grammar (the default).
pub fn parse_expr(text: &str) -> Result<Expr, ParseError> {
    parse_expr_in(text, Grammar::TwoState)
}

/// Parses an antecedent. Parentheses group without leaving a trace, except that
/// `(a && b) && c` keeps its inner conjunction as one operand (a branch predicate), and
/// so does a lone `(a && b)`: it is one conjunct, `And([a && b])`, as it would be
/// followed by `&& c`.
pub fn parse_expr_in(text: &str, grammar: Grammar) -> Result<Expr, ParseError> {
    let tokens = tokenize(text, grammar)?;
    let lone_group = encloses_all(&tokens);
    let mut p = Parser {
        text,
        tokens,
        pos: 0,
        depth: 0,
    };
    if p.peek() == &Token::End {
        return Err(p.error_here("expected an expression, found the end of the text"));
    }
    let e = p.or()?;
    p.expect_end()?;
    Ok(match e.into_expr() {
        Expr::And(v) if lone_group => Expr::And(vec![Expr::And(v)]),
        other => other,
    })
}

/// The whole of `text` read as one value expression (two-state grammar), or `None`.
pub(crate) fn parse_value(text: &str) -> Option<Value> {
    let tokens = tokenize(text, Grammar::TwoState).ok()?;
    let mut p = Parser {
        text,
        tokens,
        pos: 0,
        depth: 0,
    };
    let v = p.or().ok()?;
    p.expect_end().ok()?;
    Some(v.into_value())
}

/// Whether the first token is a `(` closed by the last one.
fn encloses_all(tokens: &[(Token, usize)]) -> bool {
    if !matches!(tokens.first(), Some((Token::LParen, _))) {
        return false;
    }
    let mut depth = 0usize;
    for (i, (t, _)) in tokens.iter().enumerate() {
        match t {
            Token::LParen => depth += 1,
            Token::RParen => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 2 == tokens.len();
                }
            }
            _ => {}
        }
    }
    false
}

/// An operand before we know how it is used: bare identifiers and constants become
/// equality terms as written, value expressions opaque operands, anything else a
/// compound operand.
enum Operand {
    Ident(String),
    Const { term: Constant, truthy: bool },
    Expr(Expr),
    Value(Value),
}

impl Operand {
    fn into_expr(self) -> Expr {
        match self {
            Operand::Ident(n) => Expr::Atom(Atom::Ident(n)),
            Operand::Const { truthy, .. } => Expr::Const(truthy),
            Operand::Expr(e) => e,
            // What needs no width is read at once; the rest waits for `canonical`.
            Operand::Value(v) => v.condition(Semantics::default_ref()),
        }
    }

    fn into_term(self) -> Term {
        match self {
            Operand::Ident(n) => Term::Ident(n),
            Operand::Const { term, .. } => Term::Const(term),
            Operand::Expr(e) => Term::Expr(Box::new(e)),
            Operand::Value(v) => v.term(Semantics::default_ref()),
        }
    }

    fn into_value(self) -> Value {
        match self {
            Operand::Ident(n) => Value::Ident(n),
            Operand::Const { term, .. } => Value::Const(term),
            Operand::Expr(e) => Value::Bool(e),
            Operand::Value(v) => v,
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    tokens: Vec<(Token, usize)>,
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> &Token {
        &self.tokens[self.pos].0
    }

    fn offset(&self) -> usize {
        self.tokens[self.pos].1
    }

    fn bump(&mut self) {
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
    }

    /// The current token, moved out (it is never looked at again), and the next.
    fn take(&mut self) -> Token {
        let t = std::mem::replace(&mut self.tokens[self.pos].0, Token::End);
        self.bump();
        t
    }

    fn error_here(&self, message: impl Into<String>) -> ParseError {
        ParseError::at(self.text, self.offset(), message)
    }

    fn enter(&mut self, n: usize) -> Result<(), ParseError> {
        self.depth += n;
        if self.depth > MAX_DEPTH {
            return Err(self.error_here(format!(
                "expression nested too deeply (more than {MAX_DEPTH} levels)"
            )));
        }
        Ok(())
    }

    fn expect_end(&self) -> Result<(), ParseError> {
        match self.peek() {
            Token::End => Ok(()),
            Token::RParen => Err(self.error_here("unmatched `)`")),
            t => {
                let found = t.describe();
                Err(self.error_here(format!(
                    "expected `&&`, `||`, `==`, `!=` or the end of the expression, found {found}"
                )))
            }
        }
    }

    fn or(&mut self) -> Result<Operand, ParseError> {
        let first = self.and()?;
        if !matches!(self.peek(), Token::OrOr) {
            return Ok(first);
        }
        let mut items = Vec::with_capacity(8);
        items.push(first.into_expr());
        while matches!(self.peek(), Token::OrOr) {
            self.bump();
            items.push(self.and()?.into_expr());
        }
        Ok(Operand::Expr(Expr::Or(items)))
    }

    fn and(&mut self) -> Result<Operand, ParseError> {
        let first = self.bit_or()?;
        if !matches!(self.peek(), Token::AndAnd) {
            return Ok(first);
        }
        let mut items = Vec::with_capacity(8);
        items.push(first.into_expr());
        while matches!(self.peek(), Token::AndAnd) {
            self.bump();
            items.push(self.bit_or()?.into_expr());
        }
        Ok(Operand::Expr(Expr::And(items)))
    }

    fn bit_or(&mut self) -> Result<Operand, ParseError> {
        let mut acc = self.bit_xor()?;
        while matches!(self.peek(), Token::Pipe) {
            self.bump();
            let rhs = self.bit_xor()?;
            acc = binary(Binary::Or, acc, rhs);
        }
        Ok(acc)
    }

    fn bit_xor(&mut self) -> Result<Operand, ParseError> {
        let mut acc = self.bit_and()?;
        while let Some(op) = match self.peek() {
            Token::Caret => Some(Binary::Xor),
            Token::Xnor => Some(Binary::Xnor),
            _ => None,
        } {
            self.bump();
            let rhs = self.bit_and()?;
            acc = binary(op, acc, rhs);
        }
        Ok(acc)
    }

    fn bit_and(&mut self) -> Result<Operand, ParseError> {
        let mut acc = self.equality()?;
        while matches!(self.peek(), Token::Amp) {
            self.bump();
            let rhs = self.equality()?;
            acc = binary(Binary::And, acc, rhs);
        }
        Ok(acc)
    }

    fn equality(&mut self) -> Result<Operand, ParseError> {
        let mut acc = self.unary()?;
        let depth = self.depth;
        while matches!(self.peek(), Token::EqEq | Token::NotEq) {
            let negate = matches!(self.peek(), Token::NotEq);
            self.bump();
            // Each chained comparison nests the previous one as a compound operand.
            self.enter(1)?;
            let rhs = self.unary()?;
            let eq = Expr::Atom(Atom::Eq(acc.into_term(), rhs.into_term()));
            acc = Operand::Expr(if negate { Expr::not(eq) } else { eq });
        }
        self.depth = depth;
        Ok(acc)
    }

    fn unary(&mut self) -> Result<Operand, ParseError> {
        // `None` is `!`.
        let mut prefixes: Vec<Option<Unary>> = Vec::new();
        loop {
            let op = match self.peek() {
                Token::Not => None,
                Token::Tilde => Some(Unary::Invert),
                Token::Amp => Some(Unary::And),
                Token::Pipe => Some(Unary::Or),
                Token::Caret => Some(Unary::Xor),
                Token::Nand => Some(Unary::Nand),
                Token::Nor => Some(Unary::Nor),
                Token::Xnor => Some(Unary::Xnor),
                _ => break,
            };
            self.bump();
            prefixes.push(op);
        }
        self.enter(prefixes.len())?;
        let mut e = self.primary()?;
        self.depth -= prefixes.len();
        for op in prefixes.into_iter().rev() {
            e = match op {
                None => Operand::Expr(Expr::not(e.into_expr())),
                Some(op) => Operand::Value(Value::Unary(op, Box::new(e.into_value()))),
            };
        }
        Ok(e)
    }

    fn primary(&mut self) -> Result<Operand, ParseError> {
        match self.peek() {
            Token::Ident(_) => {
                let Token::Ident(name) = self.take() else {
                    unreachable!("the token was just matched as an identifier")
                };
                if matches!(self.peek(), Token::LParen) {
                    return Err(self.error_here(format!(
                        "function call `{name}(...)` is outside the grammar"
                    )));
                }
                if matches!(self.peek(), Token::LBracket) {
                    return self.select(name);
                }
                Ok(Operand::Ident(name))
            }
            Token::Const(_) => {
                let Token::Const(c) = self.take() else {
                    unreachable!("the token was just matched as a constant")
                };
                Ok(Operand::Const {
                    term: c.constant,
                    truthy: c.truthy,
                })
            }
            Token::LParen => {
                let open = self.offset();
                self.bump();
                self.enter(1)?;
                if matches!(self.peek(), Token::RParen) {
                    return Err(self.error_here("empty parentheses: expected an expression"));
                }
                let inner = self.or()?;
                if !matches!(self.peek(), Token::RParen) {
                    let at = ParseError::at(self.text, open, "");
                    let found = self.peek().describe();
                    return Err(self.error_here(format!(
                        "expected `)` to close the `(` at {}:{}, found {found}",
                        at.line, at.column
                    )));
                }
                self.bump();
                self.depth -= 1;
                Ok(inner)
            }
            t => {
                let found = t.describe();
                Err(self.error_here(format!(
                    "expected an identifier, a constant, `!` or `(`, found {found}"
                )))
            }
        }
    }

    /// `name[i]`, `name[hi:lo]` (indices are constants or identifiers), possibly
    /// several in a row.
    fn select(&mut self, name: String) -> Result<Operand, ParseError> {
        let mut text = name.clone();
        let mut bits = None;
        while matches!(self.peek(), Token::LBracket) {
            self.bump();
            let (hi_text, hi) = self.index()?;
            text.push('[');
            text.push_str(&hi_text);
            bits = None;
            if matches!(self.peek(), Token::Colon) {
                self.bump();
                let (lo_text, lo) = self.index()?;
                text.push(':');
                text.push_str(&lo_text);
                bits = match (hi, lo) {
                    (Some(h), Some(l)) => u32::try_from(h.abs_diff(l) + 1).ok(),
                    _ => None,
                };
            }
            if !matches!(self.peek(), Token::RBracket) {
                let found = self.peek().describe();
                return Err(self.error_here(format!(
                    "expected `]` to end the select of `{name}`, found {found}"
                )));
            }
            self.bump();
            text.push(']');
        }
        Ok(Operand::Value(Value::Select { name, text, bits }))
    }

    /// One index of a select: its text and value.
    fn index(&mut self) -> Result<(String, Option<u128>), ParseError> {
        match self.peek() {
            Token::Ident(_) => {
                let Token::Ident(n) = self.take() else {
                    unreachable!("the token was just matched as an identifier")
                };
                Ok((n, None))
            }
            Token::Const(_) => {
                let Token::Const(c) = self.take() else {
                    unreachable!("the token was just matched as a constant")
                };
                Ok((c.constant.text, c.constant.value))
            }
            t => {
                let found = t.describe();
                Err(self.error_here(format!(
                    "expected a constant or an identifier as the index of a select, found {found}"
                )))
            }
        }
    }
}

fn binary(op: Binary, l: Operand, r: Operand) -> Operand {
    Operand::Value(Value::Binary(
        op,
        Box::new(l.into_value()),
        Box::new(r.into_value()),
    ))
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
