//! T3, redundant parentheses: in every `if` condition, each operand of an `&&`/`||`
//! chain and the operand of each `!` gets a pair of parentheses unless it already has
//! one; a condition that is a single atom (or `!atom`) is wrapped as a whole; every
//! `case` selector is wrapped. Inside an atom (`a == b`, `cnt > 3`) nothing changes.
//! On a whole module, `?:` conditions and continuous assignments are wrapped too.

use std::collections::BTreeMap;

use sv_parser::{Expression, Primary};

use super::conditions::{case_selectors, if_conditions};
use super::edit::Edit;
use super::reorder::{chain, paren_inner};
use super::span::{Parsed, Span};
use crate::rtl::precedence::{Operation, regroup};
use crate::rtl::text::compact;

/// Closing and opening parentheses to insert at one offset.
#[derive(Default, Clone, Copy)]
struct Marks {
    close: usize,
    open: usize,
}

/// The insertions of T3, one edit per offset (closing before opening parentheses).
pub fn paren_edits(p: &Parsed<'_>) -> Vec<Edit> {
    paren_edits_of(p, if_conditions(p.tree))
}

/// T3 on a whole module: as on a fragment, and also every `?:` condition and the
/// right-hand side of every continuous assignment, each visited as a condition (its
/// `&&`/`||` operands and `!` operands wrapped, an atom wrapped whole).
pub fn module_paren_edits(p: &Parsed<'_>) -> Vec<Edit> {
    paren_edits_of(p, super::module_reorder::module_expressions(p))
}

fn paren_edits_of(p: &Parsed<'_>, roots: Vec<&Expression>) -> Vec<Edit> {
    let mut marks: BTreeMap<usize, Marks> = BTreeMap::new();
    for e in roots {
        let op = regroup(p.tree, e);
        visit(p, &op, true, &mut marks);
    }
    for e in case_selectors(p.tree) {
        if let Some(span) = p.span(e) {
            wrap(span, &mut marks);
        }
    }
    marks
        .into_iter()
        .map(|(at, m)| Edit::insert(at, format!("{}{}", ")".repeat(m.close), "(".repeat(m.open))))
        .collect()
}

fn wrap(span: Span, marks: &mut BTreeMap<usize, Marks>) {
    marks.entry(span.start).or_default().open += 1;
    marks.entry(span.end).or_default().close += 1;
}

fn wrap_op(p: &Parsed<'_>, op: &Operation<'_>, marks: &mut BTreeMap<usize, Marks>) {
    if let Some(span) = p.operation_span(op) {
        wrap(span, marks);
    }
}

fn is_parenthesised(op: &Operation<'_>) -> bool {
    matches!(op, Operation::Leaf(e) if paren_inner(e).is_some())
}

/// Adds the parentheses of one Boolean sub-expression; `root` is the whole condition
/// (already in the `if`'s own parentheses).
fn visit(p: &Parsed<'_>, op: &Operation<'_>, root: bool, marks: &mut BTreeMap<usize, Marks>) {
    match op {
        Operation::Binary(_, o, _) if o == "&&" || o == "||" => {
            let mut operands = Vec::new();
            chain(op, o, &mut operands);
            for x in operands {
                if !is_parenthesised(x) {
                    wrap_op(p, x, marks);
                }
                visit(p, x, false, marks);
            }
        }
        Operation::Leaf(e) => {
            if let Some(inner) = paren_inner(e) {
                return visit(p, &regroup(p.tree, inner), root, marks);
            }
            if root {
                wrap_op(p, op, marks);
            }
            if let Expression::Unary(u) = e
                && compact(p.tree, &u.nodes.0) == "!"
            {
                let operand = &u.nodes.2;
                match operand {
                    Primary::MintypmaxExpression(_) => {
                        if let Some(inner) = primary_inner(operand) {
                            visit(p, &regroup(p.tree, inner), false, marks);
                        }
                    }
                    other => {
                        if let Some(span) = p.span(other) {
                            wrap(span, marks);
                        }
                    }
                }
            }
        }
        Operation::Binary(..) => {
            if root {
                wrap_op(p, op, marks);
            }
        }
    }
}

fn primary_inner(p: &Primary) -> Option<&Expression> {
    if let Primary::MintypmaxExpression(m) = p
        && let sv_parser::MintypmaxExpression::Expression(inner) = &m.nodes.0.nodes.1
    {
        return Some(inner);
    }
    None
}
