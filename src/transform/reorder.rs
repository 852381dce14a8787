//! T1, operand reordering: the operands of each safe, homogeneous, top-level `&&` or
//! `||` chain of an `if` condition are written in reverse order, each keeping its own
//! text; the operators and the white space between them stay where they were.
//!
//! Safe: no operand has side effects (function calls, `++`, assignments). Homogeneous:
//! the chain's operands hold no unparenthesised chain of the other operator (`a && b
//! || c` is left alone). Top-level: after any parentheses around the whole condition;
//! chains inside parentheses are not touched.

use sv_parser::{Expression, MintypmaxExpression, Primary};

use super::conditions::{has_side_effects, if_conditions};
use super::edit::Edit;
use super::span::Parsed;
use crate::rtl::precedence::{Operation, regroup};

/// The edits of T1, in text order; empty when no condition has a chain to reverse.
pub fn reorder_edits(p: &Parsed<'_>) -> Vec<Edit> {
    let mut edits = Vec::new();
    for e in if_conditions(p.tree) {
        if has_side_effects(e) {
            continue;
        }
        let op = regroup(p.tree, strip_parens(e));
        let Operation::Binary(_, operator, _) = &op else {
            continue;
        };
        if operator != "&&" && operator != "||" {
            continue;
        }
        let mut operands = Vec::new();
        chain(&op, operator, &mut operands);
        let mixed = operands
            .iter()
            .any(|x| matches!(x, Operation::Binary(_, o, _) if o == "&&" || o == "||"));
        if mixed {
            continue;
        }
        let Some(spans) = operands
            .iter()
            .map(|x| p.operation_span(x))
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        let n = spans.len();
        for (i, span) in spans.iter().enumerate() {
            let moved = p.slice(spans[n - 1 - i]);
            if moved != p.slice(*span) {
                edits.push(Edit::replace(p.text(), *span, moved));
            }
        }
    }
    edits
}

/// The expression inside any parentheses that enclose all of it.
pub fn strip_parens(e: &Expression) -> &Expression {
    let mut e = e;
    while let Some(inner) = paren_inner(e) {
        e = inner;
    }
    e
}

/// `inner` of `(inner)`.
pub fn paren_inner(e: &Expression) -> Option<&Expression> {
    if let Expression::Primary(p) = e
        && let Primary::MintypmaxExpression(m) = &**p
        && let MintypmaxExpression::Expression(inner) = &m.nodes.0.nodes.1
    {
        return Some(inner);
    }
    None
}

/// The operands of a chain of one operator, in order.
pub fn chain<'a, 'b>(op: &'b Operation<'a>, operator: &str, out: &mut Vec<&'b Operation<'a>>) {
    match op {
        Operation::Binary(l, o, r) if o == operator => {
            chain(l, operator, out);
            chain(r, operator, out);
        }
        other => out.push(other),
    }
}
