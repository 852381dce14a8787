//! Value expressions of the two-state grammar: bit and part selects (`a[3]`,
//! `a[3:0]`), the bitwise operators `~ & | ^ ~^` and the reductions. They are kept as
//! opaque operands and atoms named by a canonical text (`a & b`, the same text the RTL
//! side gives them); what two-state semantics can say exactly becomes logic:
//!
//! - on operands known to be 1 bit wide, the bitwise operators are the logical ones
//!   (`a & b` is `a && b`), and the reductions are the operand itself;
//! - for any width, `a | b` as a condition is `a || b`, `|a` is `a` and `~|a` is `!a`;
//! - `&a` of a known width `w` is `a == 2^w - 1`.
//!
//! The parser applies the rules that need no width; `canonical` applies all of them
//! under the known widths, by reading the opaque text again.

use std::fmt::Write;

use super::expr::{Atom, Constant, Expr, Term};
use super::semantics::Semantics;

/// A unary operator: `~` or a reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unary {
    Invert,
    And,
    Or,
    Xor,
    Nand,
    Nor,
    Xnor,
}

/// A binary bitwise operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Binary {
    And,
    Or,
    Xor,
    Xnor,
}

impl Unary {
    fn text(self) -> &'static str {
        match self {
            Unary::Invert => "~",
            Unary::And => "&",
            Unary::Or => "|",
            Unary::Xor => "^",
            Unary::Nand => "~&",
            Unary::Nor => "~|",
            Unary::Xnor => "~^",
        }
    }
}

impl Binary {
    fn text(self) -> &'static str {
        match self {
            Binary::And => "&",
            Binary::Or => "|",
            Binary::Xor => "^",
            Binary::Xnor => "~^",
        }
    }

    /// Binding strength (IEEE 1800 Table 11-2): `&` > `^ ~^` > `|`.
    fn binding(self) -> u8 {
        match self {
            Binary::And => 3,
            Binary::Xor | Binary::Xnor => 2,
            Binary::Or => 1,
        }
    }
}

/// A value expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    /// A logical (1-bit) sub-expression: a comparison, `!`, `&&`, `||`.
    Bool(Expr),
    Ident(String),
    Const(Constant),
    /// `name[index]` or `name[hi:lo]`, by its text; `bits` is `hi - lo + 1` for a part
    /// select with constant bounds, `None` for a bit select.
    Select {
        name: String,
        text: String,
        bits: Option<u32>,
    },
    Unary(Unary, Box<Value>),
    Binary(Binary, Box<Value>, Box<Value>),
}

impl Value {
    /// Canonical text: one space around binary operators, unary operators and selects
    /// written compactly, parentheses only where the precedence needs them.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    /// Binding strength when printed (a compound logical part prints its own
    /// parentheses).
    fn binding(&self) -> u8 {
        match self {
            Value::Binary(op, ..) => op.binding(),
            _ => 4,
        }
    }

    fn write(&self, out: &mut String) {
        match self {
            Value::Bool(e) if is_compound(e) => {
                let _ = write!(out, "({e})");
            }
            Value::Bool(e) => {
                let _ = write!(out, "{e}");
            }
            Value::Ident(n) => out.push_str(n),
            Value::Const(c) => out.push_str(&c.text),
            Value::Select { text, .. } => out.push_str(text),
            Value::Unary(op, v) => {
                out.push_str(op.text());
                if v.binding() < 4 || matches!(**v, Value::Unary(..)) {
                    out.push('(');
                    v.write(out);
                    out.push(')');
                } else {
                    v.write(out);
                }
            }
            Value::Binary(op, l, r) => {
                let b = op.binding();
                let paren = |v: &Value, strict: bool, out: &mut String| {
                    let needs = if strict {
                        v.binding() <= b
                    } else {
                        v.binding() < b
                    };
                    if needs {
                        out.push('(');
                        v.write(out);
                        out.push(')');
                    } else {
                        v.write(out);
                    }
                };
                paren(l, false, out);
                let _ = write!(out, " {} ", op.text());
                paren(r, true, out);
            }
        }
    }

    /// The width, when `semantics` knows it.
    pub fn width(&self, semantics: &Semantics) -> Option<u32> {
        match self {
            Value::Bool(_) => Some(1),
            Value::Ident(n) => semantics.width(n),
            Value::Const(c) => c.width,
            Value::Select { name, bits, .. } => match bits {
                Some(b) => Some(*b),
                // A bit select of a declared vector is one bit (an element of an array
                // is not: arrays have no width here).
                None => semantics.width(name).map(|_| 1),
            },
            Value::Unary(Unary::Invert, v) => v.width(semantics),
            Value::Unary(..) => Some(1),
            Value::Binary(_, l, r) => Some(l.width(semantics)?.max(r.width(semantics)?)),
        }
    }

    /// The value as a logical expression, when it is one bit wide and every part of it
    /// is known exactly.
    fn logic(&self, semantics: &Semantics) -> Option<Expr> {
        match self {
            Value::Bool(e) => Some(e.clone()),
            Value::Ident(n) if semantics.width(n) == Some(1) => Some(Expr::ident(n)),
            Value::Const(c) if c.width == Some(1) => c.value.map(|v| Expr::Const(v == 1)),
            Value::Select { .. } if self.width(semantics) == Some(1) => {
                Some(Expr::Atom(Atom::Opaque(self.text())))
            }
            Value::Unary(op, v) => {
                let negate = matches!(op, Unary::Invert | Unary::Nand | Unary::Nor | Unary::Xnor);
                let inner = match op {
                    Unary::Or | Unary::Nor => v.condition(semantics),
                    Unary::And | Unary::Nand => match v.width(semantics) {
                        Some(1) => v.logic(semantics)?,
                        Some(w) if w < 128 => {
                            Expr::Atom(Atom::Eq(v.term(semantics), Term::Const(all_ones(w))))
                        }
                        _ => return None,
                    },
                    Unary::Invert | Unary::Xor | Unary::Xnor => v.logic(semantics)?,
                };
                Some(if negate { Expr::not(inner) } else { inner })
            }
            Value::Binary(op, l, r) => {
                let (a, b) = (l.logic(semantics)?, r.logic(semantics)?);
                Some(match op {
                    Binary::And => Expr::and([a, b]),
                    Binary::Or => Expr::or([a, b]),
                    Binary::Xor => xor(a, b),
                    Binary::Xnor => Expr::not(xor(a, b)),
                })
            }
            _ => None,
        }
    }

    /// The value used as a condition (`value != 0`).
    pub fn condition(&self, semantics: &Semantics) -> Expr {
        match self {
            Value::Bool(e) => e.clone(),
            Value::Ident(n) => Expr::ident(n),
            Value::Const(c) => Expr::Const(c.value.is_none_or(|v| v != 0) && !c.has_xz),
            // `a | b` is non-zero exactly when one of them is.
            Value::Binary(Binary::Or, l, r) => {
                Expr::or([l.condition(semantics), r.condition(semantics)])
            }
            other => other
                .logic(semantics)
                .unwrap_or_else(|| Expr::Atom(Atom::Opaque(other.text()))),
        }
    }

    /// The value as an operand of an equality.
    pub fn term(&self, semantics: &Semantics) -> Term {
        match self {
            Value::Bool(e) => Term::Expr(Box::new(e.clone())),
            Value::Ident(n) => Term::Ident(n.clone()),
            Value::Const(c) => Term::Const(c.clone()),
            // A one-bit value (a bit select included) is its truth value.
            other => match other.logic(semantics) {
                Some(e) => Term::Expr(Box::new(e)),
                None => Term::Opaque(other.text()),
            },
        }
    }
}

fn is_compound(e: &Expr) -> bool {
    !matches!(e, Expr::Atom(Atom::Ident(_)) | Expr::Const(_))
}

fn xor(a: Expr, b: Expr) -> Expr {
    Expr::or([
        Expr::and([a.clone(), Expr::not(b.clone())]),
        Expr::and([Expr::not(a), b]),
    ])
}

/// `w'h..F`: all ones of width `w` (`w < 128`).
fn all_ones(w: u32) -> Constant {
    let value = (1u128 << w) - 1;
    Constant {
        text: format!("{w}'h{value:x}"),
        width: Some(w),
        value: Some(value),
        has_xz: false,
    }
}
