//! Operator precedence for binary expressions. sv-parser builds `a op b op c` chains
//! without SystemVerilog precedence, so a chain is flattened back into its operands
//! and operators in source order and rebuilt here by precedence climbing
//! (IEEE 1800-2017 table 11-2).

use crate::logic::operators::binary_binding;
use sv_parser::{Expression, SyntaxTree};

use super::text::{compact, expression_text};

/// An expression with its binary operators grouped by precedence. Leaves are
/// expressions that are not binary (primaries, unary operators, `?:`, ...).
#[derive(Debug)]
pub enum Operation<'a> {
    Leaf(&'a Expression),
    Binary(Box<Operation<'a>>, String, Box<Operation<'a>>),
}

/// Regroups an expression by SystemVerilog precedence.
pub fn regroup<'a>(tree: &SyntaxTree, e: &'a Expression) -> Operation<'a> {
    let mut operands = Vec::new();
    let mut operators = Vec::new();
    flatten(tree, e, &mut operands, &mut operators);
    let mut operands = operands.into_iter().map(Operation::Leaf);
    let mut operators = operators.into_iter().peekable();
    let first = operands.next().expect("an expression has an operand");
    climb(first, 0, &mut operands, &mut operators)
}

fn flatten<'a>(
    tree: &SyntaxTree,
    e: &'a Expression,
    operands: &mut Vec<&'a Expression>,
    operators: &mut Vec<String>,
) {
    if let Expression::Binary(b) = e {
        let (l, op, _, r) = &b.nodes;
        flatten(tree, l, operands, operators);
        operators.push(compact(tree, op));
        flatten(tree, r, operands, operators);
    } else {
        operands.push(e);
    }
}

fn climb<'a>(
    mut lhs: Operation<'a>,
    min: u8,
    operands: &mut impl Iterator<Item = Operation<'a>>,
    operators: &mut std::iter::Peekable<impl Iterator<Item = String>>,
) -> Operation<'a> {
    while let Some(op) = operators.next_if(|op| binding(op) >= min) {
        let prec = binding(&op);
        let mut rhs = operands.next().expect("an operator has a right operand");
        while let Some(next) = operators.peek() {
            let next_prec = binding(next);
            if next_prec > prec || (next_prec == prec && right_associative(next)) {
                let step = if next_prec > prec { prec + 1 } else { prec };
                rhs = climb(rhs, step, operands, operators);
            } else {
                break;
            }
        }
        lhs = Operation::Binary(Box::new(lhs), op, Box::new(rhs));
    }
    lhs
}

/// Binding strength of a binary operator: higher binds tighter (`->`, `<->` and
/// anything unknown bind least).
fn binding(op: &str) -> u8 {
    binary_binding(op).unwrap_or(0)
}

fn right_associative(op: &str) -> bool {
    matches!(op, "->" | "<->")
}

impl Operation<'_> {
    /// Canonical text: one space around binary operators, leaves compact.
    pub fn text(&self, tree: &SyntaxTree) -> String {
        match self {
            Operation::Leaf(e) => expression_text(tree, e),
            Operation::Binary(l, op, r) => format!("{} {op} {}", l.text(tree), r.text(tree)),
        }
    }
}
