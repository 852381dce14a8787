//! The conditions a rewrite may touch: the predicate of every `if` and `else if` (one
//! plain expression, no `&&&` patterns) and every `case` selector, in reading order.

use sv_parser::{
    CaseExpression, CaseStatement, CondPredicate, Expression, ExpressionOrCondPattern, RefNode,
    SyntaxTree,
};

/// The expression of every `if`/`else if` predicate, in reading order.
pub fn if_conditions(tree: &SyntaxTree) -> Vec<&Expression> {
    let mut out = Vec::new();
    for node in tree {
        if let RefNode::ConditionalStatement(c) = node {
            let (_, _, first, _, else_ifs, _) = &c.nodes;
            out.extend(single_expression(&first.nodes.1));
            for (_, _, predicate, _) in else_ifs {
                out.extend(single_expression(&predicate.nodes.1));
            }
        }
    }
    out
}

/// The selector expression of every `case`, `casex`, `casez` (not `inside`/`matches`).
pub fn case_selectors(tree: &SyntaxTree) -> Vec<&Expression> {
    let mut out = Vec::new();
    for node in tree {
        if let RefNode::CaseStatement(CaseStatement::Normal(c)) = node {
            let selector: &CaseExpression = &c.nodes.2.nodes.1;
            out.push(&selector.nodes.0);
        }
    }
    out
}

pub fn single_expression(p: &CondPredicate) -> Option<&Expression> {
    let parts = p.nodes.0.contents();
    match parts.as_slice() {
        [ExpressionOrCondPattern::Expression(e)] => Some(e),
        _ => None,
    }
}

/// Whether evaluating the expression could do anything besides computing a value:
/// function and method calls, `++`/`--`, assignments inside expressions.
pub fn has_side_effects(e: &Expression) -> bool {
    RefNode::from(e).into_iter().any(|n| {
        matches!(
            n,
            RefNode::FunctionSubroutineCall(_)
                | RefNode::SubroutineCall(_)
                | RefNode::SystemTfCall(_)
                | RefNode::TfCall(_)
                | RefNode::MethodCall(_)
                | RefNode::SequenceMethodCall(_)
                | RefNode::LetExpression(_)
                | RefNode::IncOrDecExpression(_)
                | RefNode::OperatorAssignment(_)
        )
    })
}
