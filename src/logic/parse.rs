//! The antecedent parser (SCORING.md §5): identifiers, constants, `!`, `&&`, `||`,
//! `==`, `!=` and parentheses with SystemVerilog precedence
//! (`!` > `==`/`!=` > `&&` > `||`). `a != b` becomes `!(a == b)`.

use super::error::ParseError;
use super::expr::{Atom, Expr, Term};
use super::lexer::{Token, tokenize};

/// Deepest nesting of parentheses, `!` and chained equalities accepted; deeper input
/// is an error instead of a stack overflow.
pub const MAX_DEPTH: usize = 256;

/// Parses an antecedent. Parentheses group without leaving a trace, except that
/// `(a && b) && c` keeps its inner conjunction as one operand (a branch predicate).
pub fn parse_expr(text: &str) -> Result<Expr, ParseError> {
    let tokens = tokenize(text)?;
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
    match p.peek() {
        Token::End => Ok(e.into_expr()),
        Token::RParen => Err(p.error_here("unmatched `)`")),
        t => {
            let found = t.describe();
            Err(p.error_here(format!(
                "expected `&&`, `||`, `==`, `!=` or the end of the expression, found {found}"
            )))
        }
    }
}

/// An operand before we know whether it is compared: bare identifiers and constants
/// become equality terms as written, anything else a compound operand.
enum Operand {
    Ident(String),
    Const {
        term: super::expr::Constant,
        truthy: bool,
    },
    Expr(Expr),
}

impl Operand {
    fn into_expr(self) -> Expr {
        match self {
            Operand::Ident(n) => Expr::Atom(Atom::Ident(n)),
            Operand::Const { truthy, .. } => Expr::Const(truthy),
            Operand::Expr(e) => e,
        }
    }

    fn into_term(self) -> Term {
        match self {
            Operand::Ident(n) => Term::Ident(n),
            Operand::Const { term, .. } => Term::Const(term),
            Operand::Expr(e) => Term::Expr(Box::new(e)),
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
        let first = self.equality()?;
        if !matches!(self.peek(), Token::AndAnd) {
            return Ok(first);
        }
        let mut items = Vec::with_capacity(8);
        items.push(first.into_expr());
        while matches!(self.peek(), Token::AndAnd) {
            self.bump();
            items.push(self.equality()?.into_expr());
        }
        Ok(Operand::Expr(Expr::And(items)))
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
        let mut nots = 0;
        while matches!(self.peek(), Token::Not) {
            self.bump();
            nots += 1;
        }
        self.enter(nots)?;
        let mut e = self.primary()?;
        self.depth -= nots;
        for _ in 0..nots {
            e = Operand::Expr(Expr::not(e.into_expr()));
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
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
