//! Source text of syntax-tree nodes: compact token text (white space and comments
//! dropped) and the canonical text of expressions (one space around binary operators),
//! which is how opaque atoms, right-hand sides and left-hand sides are named.

use sv_parser::{
    Expression, Iter, Locate, MintypmaxExpression, NodeEvent, Primary, RefNode, RefNodes,
    SyntaxTree,
};

/// The tokens of a node in order, white space and comments left out.
pub fn tokens<'a, T: Into<RefNodes<'a>>>(tree: &'a SyntaxTree, node: T) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut in_white_space = 0usize;
    for event in Iter::new(node.into()).event() {
        match event {
            NodeEvent::Enter(RefNode::WhiteSpace(_)) => in_white_space += 1,
            NodeEvent::Leave(RefNode::WhiteSpace(_)) => {
                in_white_space = in_white_space.saturating_sub(1)
            }
            NodeEvent::Enter(RefNode::Locate(locate)) if in_white_space == 0 => {
                if let Some(text) = tree.get_str(locate) {
                    out.push(text);
                }
            }
            _ => {}
        }
    }
    out
}

/// The first token's location of a node, if it has one.
pub fn first_locate<'a, T: Into<RefNodes<'a>>>(node: T) -> Option<&'a Locate> {
    let mut in_white_space = 0usize;
    for event in Iter::new(node.into()).event() {
        match event {
            NodeEvent::Enter(RefNode::WhiteSpace(_)) => in_white_space += 1,
            NodeEvent::Leave(RefNode::WhiteSpace(_)) => {
                in_white_space = in_white_space.saturating_sub(1)
            }
            NodeEvent::Enter(RefNode::Locate(locate)) if in_white_space == 0 => {
                return Some(locate);
            }
            _ => {}
        }
    }
    None
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// Tokens joined without white space, except a single space where two words would
/// otherwise run together (`4'hA`, `a[i+1]`, `posedge clk`).
pub fn join_compact<'s>(tokens: impl IntoIterator<Item = &'s str>) -> String {
    let mut out = String::new();
    let mut previous: Option<&str> = None;
    for token in tokens {
        if let Some(prev) = previous {
            let glued = prev.starts_with('\'');
            let words = prev.chars().last().is_some_and(is_word_char)
                && token.chars().next().is_some_and(is_word_char);
            if words && !glued {
                out.push(' ');
            }
        }
        out.push_str(token);
        previous = Some(token);
    }
    out
}

/// Compact text of any node.
pub fn compact<'a, T: Into<RefNodes<'a>>>(tree: &'a SyntaxTree, node: T) -> String {
    join_compact(tokens(tree, node))
}

/// Canonical text of an expression: binary operators with one space on each side,
/// everything else compact, parentheses kept as written.
pub fn expression_text(tree: &SyntaxTree, e: &Expression) -> String {
    match e {
        Expression::Binary(b) => {
            let (l, op, _, r) = &b.nodes;
            format!(
                "{} {} {}",
                expression_text(tree, l),
                compact(tree, op),
                expression_text(tree, r)
            )
        }
        Expression::Unary(u) => {
            let (op, _, p) = &u.nodes;
            format!("{}{}", compact(tree, op), primary_text(tree, p))
        }
        Expression::Primary(p) => primary_text(tree, p),
        other => compact(tree, other),
    }
}

/// Canonical text of a primary (parenthesised sub-expressions keep their inner spacing).
pub fn primary_text(tree: &SyntaxTree, p: &Primary) -> String {
    if let Primary::MintypmaxExpression(m) = p
        && let MintypmaxExpression::Expression(inner) = &m.nodes.0.nodes.1
    {
        return format!("({})", expression_text(tree, inner));
    }
    compact(tree, p)
}

/// Collapses runs of white space into one space and trims the ends.
pub fn normalise_white_space(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_words_with_one_space_and_symbols_without() {
        assert_eq!(join_compact(["a", "[", "i", "+", "1", "]"]), "a[i+1]");
        assert_eq!(join_compact(["4", "'h", "A"]), "4'hA");
        assert_eq!(join_compact(["posedge", "clk"]), "posedge clk");
    }

    #[test]
    fn normalises_white_space() {
        assert_eq!(normalise_white_space("  a \n&&\tb "), "a && b");
    }
}
