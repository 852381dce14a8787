//! Where syntax-tree nodes sit in the user's own text: byte spans taken from
//! sv-parser's `Locate` offsets, mapped through the preprocessor's origin table and
//! out of the module a fragment was wrapped into.

use serde::Serialize;
use sv_parser::{Iter, Locate, NodeEvent, RefNode, RefNodes, SyntaxTree};

use crate::rtl::precedence::Operation;
use crate::rtl::source::Wrapped;

/// A byte range `start..end` of the user's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

/// A parsed text and the wrapping that maps its offsets back to the user's text.
pub struct Parsed<'a> {
    pub tree: &'a SyntaxTree,
    pub wrapped: &'a Wrapped,
}

impl Parsed<'_> {
    /// The user's text.
    pub fn text(&self) -> &str {
        self.wrapped.user_text()
    }

    /// The span of one token in the user's text; `None` when the token comes from the
    /// wrapper or from another file.
    pub fn locate_span(&self, locate: &Locate) -> Option<Span> {
        let (path, offset) = self.tree.get_origin(locate)?;
        if path.as_os_str() != "flipscope.sv" {
            return None;
        }
        let start = self.wrapped.user_offset(offset)?;
        let end = start + locate.len;
        (end <= self.text().len()).then_some(Span { start, end })
    }

    /// From the first token of a node to the end of its last (white space and comments
    /// around it left out).
    pub fn span<'b, T: Into<RefNodes<'b>>>(&self, node: T) -> Option<Span> {
        let tokens = token_locates(node);
        let first = self.locate_span(tokens.first()?)?;
        let last = self.locate_span(tokens.last()?)?;
        (first.start <= last.end).then_some(Span {
            start: first.start,
            end: last.end,
        })
    }

    /// The span of a regrouped operation: its leftmost leaf to its rightmost leaf.
    pub fn operation_span(&self, op: &Operation<'_>) -> Option<Span> {
        match op {
            Operation::Leaf(e) => self.span(*e),
            Operation::Binary(l, _, r) => {
                let l = self.operation_span(l)?;
                let r = self.operation_span(r)?;
                Some(Span {
                    start: l.start,
                    end: r.end,
                })
            }
        }
    }

    /// The user's text of a span.
    pub fn slice(&self, span: Span) -> &str {
        &self.text()[span.start..span.end]
    }
}

/// The token locations of a node in order, white space and comments left out.
pub fn token_locates<'a, T: Into<RefNodes<'a>>>(node: T) -> Vec<&'a Locate> {
    let mut out = Vec::new();
    let mut in_white_space = 0usize;
    for event in Iter::new(node.into()).event() {
        match event {
            NodeEvent::Enter(RefNode::WhiteSpace(_)) => in_white_space += 1,
            NodeEvent::Leave(RefNode::WhiteSpace(_)) => {
                in_white_space = in_white_space.saturating_sub(1)
            }
            NodeEvent::Enter(RefNode::Locate(locate)) if in_white_space == 0 => out.push(locate),
            _ => {}
        }
    }
    out
}
