//! RTL conditions as Boolean expressions: `!`, `&&`, `||`, `==`, `!=`, identifiers and
//! constants map onto [`Expr`]; everything outside that grammar (arithmetic, bit
//! selects, relational and bitwise operators, `===`) becomes an opaque atom named by
//! its canonical text. Constants with x/z digits are noted on the way.

use sv_parser::{Expression, MintypmaxExpression, Primary, PrimaryLiteral, RefNode, SyntaxTree};

use super::constant::parse_constant;
use super::precedence::{Operation, regroup};
use super::text::{compact, primary_text};
use crate::logic::{Atom, Expr, Term};

/// Converts conditions of one syntax tree and remembers whether any x/z literal was seen.
pub struct Conditions<'a> {
    tree: &'a SyntaxTree,
    /// Set when a converted condition or case label holds an x/z/`?` literal.
    pub saw_xz: bool,
}

impl<'a> Conditions<'a> {
    pub fn new(tree: &'a SyntaxTree) -> Self {
        Self {
            tree,
            saw_xz: false,
        }
    }

    /// The Boolean meaning of a condition.
    pub fn expr(&mut self, e: &Expression) -> Expr {
        let op = regroup(self.tree, e);
        self.operation(&op)
    }

    /// An operand of `==`/`!=` or a case selector/label.
    pub fn term(&mut self, e: &Expression) -> Term {
        let op = regroup(self.tree, e);
        self.operation_term(&op)
    }

    fn operation(&mut self, op: &Operation<'_>) -> Expr {
        match op {
            Operation::Leaf(e) => self.leaf(e),
            Operation::Binary(l, o, r) => match o.as_str() {
                "&&" | "||" => {
                    let mut parts = Vec::new();
                    self.chain(op, o, &mut parts);
                    if o == "&&" {
                        Expr::And(parts)
                    } else {
                        Expr::Or(parts)
                    }
                }
                "==" => Expr::Atom(Atom::Eq(self.operation_term(l), self.operation_term(r))),
                "!=" => Expr::not(Expr::Atom(Atom::Eq(
                    self.operation_term(l),
                    self.operation_term(r),
                ))),
                _ => self.opaque(op),
            },
        }
    }

    /// Operands of a chain of one operator (`a && b && c`), in order.
    fn chain(&mut self, op: &Operation<'_>, operator: &str, out: &mut Vec<Expr>) {
        match op {
            Operation::Binary(l, o, r) if o == operator => {
                self.chain(l, operator, out);
                self.chain(r, operator, out);
            }
            other => out.push(self.operation(other)),
        }
    }

    fn leaf(&mut self, e: &Expression) -> Expr {
        match e {
            Expression::Primary(p) => self.primary(p),
            Expression::Unary(u) if compact(self.tree, &u.nodes.0) == "!" => {
                Expr::not(self.primary(&u.nodes.2))
            }
            _ => self.opaque(&Operation::Leaf(e)),
        }
    }

    fn primary(&mut self, p: &Primary) -> Expr {
        match p {
            Primary::MintypmaxExpression(m) => match &m.nodes.0.nodes.1 {
                MintypmaxExpression::Expression(inner) => self.expr(inner),
                MintypmaxExpression::Ternary(_) => self.opaque_primary(p),
            },
            Primary::PrimaryLiteral(lit) if matches!(**lit, PrimaryLiteral::Number(_)) => {
                let c = parse_constant(&compact(self.tree, p));
                match c.value {
                    Some(v) if !c.has_xz => Expr::Const(v != 0),
                    _ => self.opaque_primary(p),
                }
            }
            Primary::Hierarchical(_) => {
                let text = compact(self.tree, p);
                if is_identifier(&text) {
                    Expr::ident(text)
                } else {
                    Expr::Atom(Atom::Opaque(text))
                }
            }
            _ => self.opaque_primary(p),
        }
    }

    fn operation_term(&mut self, op: &Operation<'_>) -> Term {
        match op {
            Operation::Leaf(Expression::Primary(p)) => match &**p {
                Primary::MintypmaxExpression(m) => match &m.nodes.0.nodes.1 {
                    MintypmaxExpression::Expression(inner) => self.term(inner),
                    MintypmaxExpression::Ternary(_) => self.opaque_term(op),
                },
                Primary::PrimaryLiteral(lit) if matches!(**lit, PrimaryLiteral::Number(_)) => {
                    let c = parse_constant(&compact(self.tree, &**p));
                    self.saw_xz |= c.has_xz;
                    Term::Const(c)
                }
                Primary::Hierarchical(_) => {
                    let text = compact(self.tree, &**p);
                    if is_identifier(&text) {
                        Term::Ident(text)
                    } else {
                        Term::Opaque(text)
                    }
                }
                _ => self.opaque_term(op),
            },
            Operation::Leaf(Expression::Unary(u)) if compact(self.tree, &u.nodes.0) == "!" => {
                Term::Expr(Box::new(self.operation(op)))
            }
            Operation::Binary(_, o, _) if matches!(o.as_str(), "&&" | "||" | "==" | "!=") => {
                Term::Expr(Box::new(self.operation(op)))
            }
            _ => self.opaque_term(op),
        }
    }

    fn opaque(&mut self, op: &Operation<'_>) -> Expr {
        self.note_xz(op);
        Expr::Atom(Atom::Opaque(op.text(self.tree)))
    }

    fn opaque_primary(&mut self, p: &Primary) -> Expr {
        self.note_xz_in(p.into());
        Expr::Atom(Atom::Opaque(primary_text(self.tree, p)))
    }

    fn opaque_term(&mut self, op: &Operation<'_>) -> Term {
        self.note_xz(op);
        Term::Opaque(op.text(self.tree))
    }

    fn note_xz(&mut self, op: &Operation<'_>) {
        match op {
            Operation::Leaf(e) => self.note_xz_in((*e).into()),
            Operation::Binary(l, _, r) => {
                self.note_xz(l);
                self.note_xz(r);
            }
        }
    }

    /// Notes x/z literals anywhere inside an opaque part.
    fn note_xz_in(&mut self, node: RefNode<'_>) {
        for n in node.into_iter() {
            if let RefNode::Number(num) = n
                && parse_constant(&compact(self.tree, num)).has_xz
            {
                self.saw_xz = true;
            }
        }
    }
}

/// A plain (possibly hierarchical) name without selects: `a`, `top.u1.q`, `\esc `.
pub fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '\\')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}
