//! T1 on a whole module: the operands of the commutative operators `&&`, `||`, `==`,
//! `!=`, `===`, `!==`, `&`, `|` and `^` are written in reverse order, in every `if`
//! condition, every `?:` condition and the right-hand side of every continuous
//! assignment, where evaluating them has no side effect.
//!
//! The outermost commutative operation of each such expression is reversed (a chain of
//! one associative operator, `a & b & c`, as a whole; `==`/`!=` only between two
//! operands); its operands keep their own text, so the operations inside them are left
//! as they are. Under a non-commutative operator, inside parentheses, `!`/`~` and the
//! branches of `?:`, the search goes on. An operand that binds as loosely as the
//! operator (`a ^~ b` in `a ^~ b ^ c`) stops the reversal. Unlike T1 on fragments, a
//! chain may hold tighter chains of the other Boolean operator (`a && b || c` becomes
//! `c || a && b`): precedence keeps the grouping. Every module rewrite is proven
//! equivalent to its source afterwards (`transform::study`).

use sv_parser::{Expression, Primary, RefNode};

use super::conditions::{has_side_effects, if_conditions, single_expression};
use super::edit::Edit;
use super::reorder::{chain, paren_inner};
use super::span::Parsed;
use crate::logic::operators::binary_binding;
use crate::rtl::precedence::{Operation, regroup};
use crate::rtl::text::compact;

/// Associative and commutative: a chain is reversed whole.
const CHAINS: [&str; 5] = ["&&", "||", "&", "|", "^"];
/// Commutative only: two operands are swapped.
const PAIRS: [&str; 4] = ["==", "!=", "===", "!=="];

/// The expressions T1 may reorder in a module: `if` conditions, `?:` conditions and
/// continuous-assignment right-hand sides, in reading order.
pub fn module_expressions<'a>(p: &Parsed<'a>) -> Vec<&'a Expression> {
    let mut out: Vec<&Expression> = if_conditions(p.tree);
    for node in p.tree {
        match node {
            RefNode::ConditionalExpression(c) => out.extend(single_expression(&c.nodes.0)),
            RefNode::NetAssignment(n) => out.push(&n.nodes.2),
            _ => {}
        }
    }
    out
}

/// The edits of T1 on a module, in text order; empty when nothing commutes.
pub fn module_reorder_edits(p: &Parsed<'_>) -> Vec<Edit> {
    let mut edits = Vec::new();
    for e in module_expressions(p) {
        if has_side_effects(e) {
            continue;
        }
        leaf(p, e, &mut edits);
    }
    outermost(edits)
}

/// Keeps the outermost of nested edits (a `?:` condition inside an operand that moves
/// moves with it).
fn outermost(mut edits: Vec<Edit>) -> Vec<Edit> {
    edits.sort_by_key(|e| (e.start, std::cmp::Reverse(e.end)));
    let mut out: Vec<Edit> = Vec::new();
    for e in edits {
        if out.last().is_some_and(|last| e.start < last.end) {
            continue;
        }
        out.push(e);
    }
    out
}

fn binds_tighter(x: &Operation<'_>, than: u8) -> bool {
    match x {
        Operation::Binary(_, o, _) => binary_binding(o).is_some_and(|b| b > than),
        Operation::Leaf(_) => true,
    }
}

fn visit(p: &Parsed<'_>, op: &Operation<'_>, edits: &mut Vec<Edit>) {
    let Operation::Binary(l, o, r) = op else {
        if let Operation::Leaf(e) = op {
            leaf(p, e, edits);
        }
        return;
    };
    let level = binary_binding(o).unwrap_or(0);
    let operands: Vec<&Operation<'_>> = if CHAINS.contains(&o.as_str()) {
        let mut v = Vec::new();
        chain(op, o, &mut v);
        v
    } else if PAIRS.contains(&o.as_str()) {
        vec![&**l, &**r]
    } else {
        visit(p, l, edits);
        visit(p, r, edits);
        return;
    };
    if !operands.iter().all(|x| binds_tighter(x, level)) {
        for x in operands {
            visit(p, x, edits);
        }
        return;
    }
    let Some(spans) = operands
        .iter()
        .map(|x| p.operation_span(x))
        .collect::<Option<Vec<_>>>()
    else {
        return;
    };
    let n = spans.len();
    let before = edits.len();
    for (i, span) in spans.iter().enumerate() {
        let moved = p.slice(spans[n - 1 - i]);
        if moved != p.slice(*span) {
            edits.push(Edit::replace(p.text(), *span, moved));
        }
    }
    if edits.len() == before {
        // `a == a`: nothing moves; look inside.
        for x in operands {
            visit(p, x, edits);
        }
    }
}

/// Looks through parentheses, `!`/`~` and the branches of `?:` (whose condition is
/// an expression of its own).
fn leaf(p: &Parsed<'_>, e: &Expression, edits: &mut Vec<Edit>) {
    if let Some(inner) = paren_inner(e) {
        return visit(p, &regroup(p.tree, inner), edits);
    }
    match e {
        Expression::Binary(_) => visit(p, &regroup(p.tree, e), edits),
        Expression::Unary(u) => {
            let op = compact(p.tree, &u.nodes.0);
            if (op == "!" || op == "~")
                && let Primary::MintypmaxExpression(m) = &u.nodes.2
                && let sv_parser::MintypmaxExpression::Expression(inner) = &m.nodes.0.nodes.1
            {
                visit(p, &regroup(p.tree, inner), edits);
            }
        }
        Expression::ConditionalExpression(c) => {
            leaf(p, &c.nodes.3, edits);
            leaf(p, &c.nodes.5, edits);
        }
        _ => {}
    }
}
