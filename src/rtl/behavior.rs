//! One assignment behavior of an RTL program: `lhs = rhs` under a path condition, with
//! its place in the text, its clock and whether it leaves the 2-state abstraction.

use std::collections::HashMap;
use std::sync::Arc;

use crate::logic::{Declarations, Expr};

/// How the assignment was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AssignKind {
    /// `lhs = rhs` (or an operator assignment such as `+=`).
    Blocking,
    /// `lhs <= rhs`.
    Nonblocking,
}

impl AssignKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AssignKind::Blocking => "blocking",
            AssignKind::Nonblocking => "nonblocking",
        }
    }
}

/// An assignment `lhs = rhs` reached under `path`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Behavior {
    /// Identity within the program: `lhs=rhs`, then `lhs=rhs#2`, `#3` for repeats in
    /// reading order.
    pub id: String,
    /// Canonical text of the assigned variable (`q`, `mem[3]`).
    pub lhs: String,
    /// Canonical text of the assigned expression.
    pub rhs: String,
    /// The path condition: one conjunct per enclosing branch, `Const(true)` when the
    /// assignment is unconditional.
    pub path: Expr,
    /// 1-based line of the assignment in the user's text (a fragment's own lines).
    pub line: usize,
    /// 1-based column of the assignment's first character.
    pub column: usize,
    pub kind: AssignKind,
    /// The clock event (`posedge clk`) of a synchronous block, if any.
    pub clock: Option<String>,
    /// Whether the path involves x/z literals or wildcard case items: outside the
    /// Boolean (2-state) abstraction, so its path is only an approximation.
    pub xz: bool,
    /// What the text declares (signal widths, named constants), shared by all its
    /// behaviors; empty for a fragment.
    pub declarations: Arc<Declarations>,
}

/// Sets the `id` of every behavior from `lhs=rhs` and its repeat count in order.
pub fn assign_ids(behaviors: &mut [Behavior]) {
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
    for b in behaviors {
        let n = seen.entry((b.lhs.clone(), b.rhs.clone())).or_insert(0);
        *n += 1;
        b.id = if *n == 1 {
            format!("{}={}", b.lhs, b.rhs)
        } else {
            format!("{}={}#{}", b.lhs, b.rhs, n)
        };
    }
}

/// The path as one expression from its branch predicates.
pub fn path_of(conjuncts: &[Expr]) -> Expr {
    match conjuncts {
        [] => Expr::Const(true),
        [one] => one.clone(),
        many => Expr::And(many.to_vec()),
    }
}

/// The path of an assignment from its branch predicates: like `path_of`, but a lone
/// predicate that is a conjunction stays one conjunct (`And([a && b])`), as it is one
/// branch predicate (the reference parser reads a lone `(a && b)` the same way).
pub fn path_of_branches(predicates: &[Expr]) -> Expr {
    match predicates {
        [one @ Expr::And(_)] => Expr::And(vec![one.clone()]),
        other => path_of(other),
    }
}

/// `!e`, without stacking double negations (`!(a != b)` reads `a == b`).
pub fn negate(e: &Expr) -> Expr {
    match e {
        Expr::Not(inner) => (**inner).clone(),
        other => Expr::not(other.clone()),
    }
}
