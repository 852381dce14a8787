//! The statement walker: visits every `always` block (or the wrapped fragment) and
//! records each blocking and non-blocking assignment with its path condition built
//! from enclosing `if`/`else if`/`else` branches and `case` items, to any depth.

use sv_parser::{
    BlockingAssignment, CaseInsideItem, CaseItem, CaseKeyword, CasePatternItem, CaseStatement,
    CondPredicate, ConditionalStatement, EventControl, Expression, ExpressionOrCondPattern,
    LoopStatement, ProceduralTimingControl, RefNode, Statement, StatementItem, StatementOrNull,
    SyntaxTree, VariableLvalue,
};

use std::sync::Arc;

use super::behavior::{AssignKind, Behavior, negate, path_of, path_of_branches};
use super::condition::Conditions;
use super::error::RtlError;
use super::limits::MAX_NESTING;
use super::source::Wrapped;
use super::text::{compact, expression_text, first_locate};
use crate::logic::{Atom, Declarations, Expr, Term};

/// Where the walker is: the branch predicates on the way down and what they carry.
#[derive(Clone, Default)]
struct Context {
    path: Vec<Expr>,
    xz: bool,
    clock: Option<String>,
}

impl Context {
    fn with(&self, predicates: impl IntoIterator<Item = Expr>, xz: bool) -> Context {
        let mut next = self.clone();
        next.path.extend(predicates);
        next.xz |= xz;
        next
    }
}

/// Deepest statement nesting walked. `limits` keeps real input far below it (each of
/// its levels is at most two statements); this guard stands for the cases it misses.
const MAX_STATEMENT_DEPTH: usize = 4 * MAX_NESTING;

/// Most path-condition terms over all behaviors of one text: an `else if` chain gives
/// each branch the negations of all earlier ones, which grows with the square of the
/// chain (1,000 branches took 245 MB).
pub const MAX_PATH_TERMS: usize = 100_000;

/// Collects the behaviors of a parsed text, in reading order (ids not yet assigned).
pub fn extract(tree: &SyntaxTree, wrapped: &Wrapped) -> Result<Vec<Behavior>, RtlError> {
    let mut walker = Walker {
        tree,
        wrapped,
        conditions: Conditions::new(tree),
        declarations: Arc::new(super::declarations::read(tree)),
        out: Vec::new(),
        depth: 0,
        terms: 0,
        error: None,
    };
    for node in tree {
        if let RefNode::AlwaysConstruct(always) = node {
            let statement = &always.nodes.1;
            let context = Context {
                clock: clock_of(tree, statement),
                ..Context::default()
            };
            walker.statement(statement, &context);
        }
    }
    match walker.error {
        Some(e) => Err(e),
        None => Ok(walker.out),
    }
}

/// The first edge event of a block's leading event control (`posedge clk`).
fn clock_of(tree: &SyntaxTree, statement: &Statement) -> Option<String> {
    let StatementItem::ProceduralTimingControlStatement(timing) = &statement.nodes.2 else {
        return None;
    };
    let ProceduralTimingControl::EventControl(control) = &timing.nodes.0 else {
        return None;
    };
    let control: &EventControl = control;
    for node in RefNode::from(control) {
        if let RefNode::EventExpressionExpression(event) = node
            && let Some(edge) = &event.nodes.0
        {
            return Some(format!(
                "{} {}",
                compact(tree, edge),
                expression_text(tree, &event.nodes.1)
            ));
        }
    }
    None
}

struct Walker<'a> {
    tree: &'a SyntaxTree,
    wrapped: &'a Wrapped,
    conditions: Conditions<'a>,
    /// The text's declarations: named constants decide which case labels are
    /// distinct constants; all of it goes with each behavior.
    declarations: Arc<Declarations>,
    out: Vec<Behavior>,
    /// Statements entered and not yet left.
    depth: usize,
    /// Path terms recorded so far (against [`MAX_PATH_TERMS`]).
    terms: usize,
    /// The first limit reached; the walk stops there.
    error: Option<RtlError>,
}

impl Walker<'_> {
    fn statement_or_null(&mut self, s: &StatementOrNull, cx: &Context) {
        if let StatementOrNull::Statement(s) = s {
            self.statement(s, cx);
        }
    }

    fn statement(&mut self, s: &Statement, cx: &Context) {
        if !self.enter(s) {
            return;
        }
        match &s.nodes.2 {
            StatementItem::BlockingAssignment(b) => self.blocking(&b.0, cx),
            StatementItem::NonblockingAssignment(n) => {
                let (lhs, _, _, rhs) = &n.0.nodes;
                let rhs = expression_text(self.tree, rhs);
                self.record(lhs, rhs, AssignKind::Nonblocking, cx);
            }
            StatementItem::ConditionalStatement(c) => self.conditional(c, cx),
            StatementItem::CaseStatement(c) => self.case(c, cx),
            StatementItem::SeqBlock(b) => {
                b.nodes.3.iter().for_each(|s| self.statement_or_null(s, cx))
            }
            StatementItem::ParBlock(b) => {
                b.nodes.3.iter().for_each(|s| self.statement_or_null(s, cx))
            }
            StatementItem::ProceduralTimingControlStatement(t) => {
                self.statement_or_null(&t.nodes.1, cx)
            }
            // Loop bodies keep the enclosing path: the walker does not unroll loops.
            StatementItem::LoopStatement(l) => match &**l {
                LoopStatement::Forever(x) => self.statement_or_null(&x.nodes.1, cx),
                LoopStatement::Repeat(x) => self.statement_or_null(&x.nodes.2, cx),
                LoopStatement::While(x) => self.statement_or_null(&x.nodes.2, cx),
                LoopStatement::For(x) => self.statement_or_null(&x.nodes.2, cx),
                LoopStatement::DoWhile(x) => self.statement_or_null(&x.nodes.1, cx),
                LoopStatement::Foreach(x) => self.statement(&x.nodes.2, cx),
            },
            _ => {}
        }
        self.depth -= 1;
    }

    /// Enters a statement, or stops the walk (false) at a limit already reached or at
    /// [`MAX_STATEMENT_DEPTH`].
    fn enter(&mut self, s: &Statement) -> bool {
        if self.error.is_some() {
            return false;
        }
        if self.depth >= MAX_STATEMENT_DEPTH {
            let message =
                format!("statements nested too deeply: more than {MAX_STATEMENT_DEPTH} levels");
            self.error = Some(self.error_at(first_locate(s), message));
            return false;
        }
        self.depth += 1;
        true
    }

    fn error_at(&self, locate: Option<&sv_parser::Locate>, message: String) -> RtlError {
        let (line, column) = locate
            .and_then(|l| self.tree.get_origin(l))
            .map_or((1, 1), |(_, offset)| self.wrapped.position(offset));
        RtlError::Syntax {
            line,
            column,
            message,
        }
    }

    fn blocking(&mut self, b: &BlockingAssignment, cx: &Context) {
        match b {
            BlockingAssignment::OperatorAssignment(o) => {
                let (lhs, op, rhs) = &o.nodes;
                let op = compact(self.tree, op);
                let rhs_text = expression_text(self.tree, rhs);
                let rhs_text = match op.strip_suffix('=') {
                    Some("") | None => rhs_text,
                    Some(binary) => {
                        let simple = matches!(rhs, Expression::Primary(_));
                        let lhs_text = compact(self.tree, lhs);
                        if simple {
                            format!("{lhs_text} {binary} {rhs_text}")
                        } else {
                            format!("{lhs_text} {binary} ({rhs_text})")
                        }
                    }
                };
                self.record(lhs, rhs_text, AssignKind::Blocking, cx);
            }
            BlockingAssignment::Variable(v) => {
                let (lhs, _, _, rhs) = &v.nodes;
                let rhs = expression_text(self.tree, rhs);
                self.record(lhs, rhs, AssignKind::Blocking, cx);
            }
            // `x = new ...` and dynamic arrays are not behaviors of the abstraction.
            _ => {}
        }
    }

    fn record(&mut self, lhs: &VariableLvalue, rhs: String, kind: AssignKind, cx: &Context) {
        if self.error.is_some() {
            return;
        }
        for predicate in &cx.path {
            predicate.visit_atoms(&mut |_| self.terms += 1);
        }
        if self.terms > MAX_PATH_TERMS {
            let message = format!(
                "path conditions too large: more than {MAX_PATH_TERMS} terms over the text's \
                 behaviors (flipscope's limit; a long `else if` chain repeats every earlier \
                 condition in each branch)"
            );
            self.error = Some(self.error_at(first_locate(lhs), message));
            return;
        }
        let (line, column) = first_locate(lhs)
            .and_then(|l| self.tree.get_origin(l))
            .map_or((1, 1), |(_, offset)| self.wrapped.position(offset));
        self.out.push(Behavior {
            id: String::new(),
            lhs: compact(self.tree, lhs),
            rhs,
            path: path_of_branches(&cx.path),
            line,
            column,
            kind,
            clock: cx.clock.clone(),
            xz: cx.xz,
            declarations: self.declarations.clone(),
        });
    }

    /// The predicate of an `if`, and whether it holds x/z literals.
    fn predicate(&mut self, p: &CondPredicate) -> (Expr, bool) {
        self.conditions.saw_xz = false;
        let parts: Vec<Expr> = p
            .nodes
            .0
            .contents()
            .into_iter()
            .map(|part| match part {
                ExpressionOrCondPattern::Expression(e) => self.conditions.expr(e),
                ExpressionOrCondPattern::CondPattern(_) => {
                    Expr::Atom(Atom::Opaque(compact(self.tree, part)))
                }
            })
            .collect();
        let xz = std::mem::take(&mut self.conditions.saw_xz);
        (path_of(&parts), xz)
    }

    fn conditional(&mut self, c: &ConditionalStatement, cx: &Context) {
        let (_, _, predicate, then, else_ifs, otherwise) = &c.nodes;
        let (first, mut xz) = self.predicate(&predicate.nodes.1);
        self.statement_or_null(then, &cx.with([first.clone()], xz));
        let mut earlier = vec![negate(&first)];
        for (_, _, predicate, body) in else_ifs {
            let (cond, cond_xz) = self.predicate(&predicate.nodes.1);
            xz |= cond_xz;
            let preds = earlier.iter().cloned().chain([cond.clone()]);
            self.statement_or_null(body, &cx.with(preds, xz));
            earlier.push(negate(&cond));
        }
        if let Some((_, body)) = otherwise {
            self.statement_or_null(body, &cx.with(earlier, xz));
        }
    }

    fn case(&mut self, c: &CaseStatement, cx: &Context) {
        let CaseStatement::Normal(c) = c else {
            // `case ... matches` and `case ... inside`: items are patterns and ranges,
            // kept as opaque predicates by their text.
            return self.pattern_case(c, cx);
        };
        let (_, keyword, selector, first, rest, _) = &c.nodes;
        let wildcard = !matches!(keyword, CaseKeyword::Case(_));
        self.conditions.saw_xz = false;
        let selector = self.conditions.term(&selector.nodes.1.nodes.0);
        let items: Vec<&CaseItem> = std::iter::once(first).chain(rest).collect();
        // Labels of each non-default item, as equalities with the selector.
        let mut labels: Vec<Option<(Vec<Term>, bool)>> = Vec::new();
        for item in &items {
            labels.push(match item {
                CaseItem::NonDefault(n) => {
                    self.conditions.saw_xz = false;
                    let terms: Vec<Term> = n
                        .nodes
                        .0
                        .contents()
                        .into_iter()
                        .map(|l| self.conditions.term(&l.nodes.0))
                        .collect();
                    Some((terms, std::mem::take(&mut self.conditions.saw_xz)))
                }
                CaseItem::Default(_) => None,
            });
        }
        let conds: Vec<Option<Expr>> = labels
            .iter()
            .map(|l| {
                l.as_ref().map(|(terms, _)| {
                    let eqs: Vec<Expr> = terms
                        .iter()
                        .map(|t| Expr::Atom(Atom::Eq(selector.clone(), t.clone())))
                        .collect();
                    if eqs.len() == 1 {
                        eqs[0].clone()
                    } else {
                        Expr::Or(eqs)
                    }
                })
            })
            .collect();
        let any_xz = labels.iter().flatten().any(|(_, xz)| *xz);
        let mut earlier: Vec<(Vec<Term>, Expr)> = Vec::new();
        for (i, item) in items.iter().enumerate() {
            match (item, &conds[i], &labels[i]) {
                (CaseItem::NonDefault(n), Some(cond), Some((terms, xz))) => {
                    // First-match order: an earlier item's negation is needed only when
                    // its labels may match together with this item's. Named constants
                    // (`localparam`, `parameter`, enum members) are compared by value.
                    let terms: Vec<Term> = terms.iter().map(|t| self.resolved(t)).collect();
                    let mut preds: Vec<Expr> = earlier
                        .iter()
                        .filter(|(labels, _)| overlap(labels, &terms, wildcard))
                        .map(|(_, negated)| negated.clone())
                        .collect();
                    preds.push(cond.clone());
                    self.statement_or_null(&n.nodes.2, &cx.with(preds, *xz));
                    earlier.push((terms, negate(cond)));
                }
                (CaseItem::Default(d), _, _) => {
                    let preds: Vec<Expr> = conds.iter().flatten().map(negate).collect();
                    self.statement_or_null(&d.nodes.2, &cx.with(preds, any_xz));
                }
                _ => {}
            }
        }
    }

    /// A case label with a named constant replaced by its value.
    fn resolved(&self, t: &Term) -> Term {
        match t {
            Term::Ident(n) => match self.declarations.constants.get(n) {
                Some(c) => Term::Const(c.clone()),
                None => t.clone(),
            },
            other => other.clone(),
        }
    }

    /// `case ... inside` and `case ... matches`: each item's ranges or pattern is an
    /// opaque predicate `sel inside {..}` / `sel matches ..`, with first-match order.
    fn pattern_case(&mut self, c: &CaseStatement, cx: &Context) {
        let mut items: Vec<(Option<Expr>, &StatementOrNull)> = Vec::new();
        match c {
            CaseStatement::Inside(c) => {
                let (_, _, selector, _, first, rest, _) = &c.nodes;
                let sel = expression_text(self.tree, &selector.nodes.1.nodes.0);
                for item in std::iter::once(first).chain(rest) {
                    items.push(match item {
                        CaseInsideItem::NonDefault(n) => {
                            let text =
                                format!("{sel} inside {{{}}}", compact(self.tree, &n.nodes.0));
                            (Some(Expr::Atom(Atom::Opaque(text))), &n.nodes.2)
                        }
                        CaseInsideItem::Default(d) => (None, &d.nodes.2),
                    });
                }
            }
            CaseStatement::Matches(c) => {
                let (_, _, selector, _, first, rest, _) = &c.nodes;
                let sel = expression_text(self.tree, &selector.nodes.1.nodes.0);
                for item in std::iter::once(first).chain(rest) {
                    items.push(match item {
                        CasePatternItem::NonDefault(n) => {
                            let text = format!("{sel} matches {}", compact(self.tree, &n.nodes.0));
                            (Some(Expr::Atom(Atom::Opaque(text))), &n.nodes.3)
                        }
                        CasePatternItem::Default(d) => (None, &d.nodes.2),
                    });
                }
            }
            CaseStatement::Normal(_) => return,
        }
        let all: Vec<Expr> = items
            .iter()
            .filter_map(|(c, _)| c.as_ref().map(negate))
            .collect();
        let mut earlier = Vec::new();
        for (cond, body) in items {
            match cond {
                Some(cond) => {
                    let preds = earlier.iter().cloned().chain([cond.clone()]);
                    self.statement_or_null(body, &cx.with(preds, false));
                    earlier.push(negate(&cond));
                }
                None => self.statement_or_null(body, &cx.with(all.clone(), false)),
            }
        }
    }
}

/// Whether some label of one item may match together with some label of another.
/// Two constants without x/z digits overlap only when their values are equal; under a
/// plain `case`, x/z digits are matched literally (distinct texts never overlap); under
/// `casez`/`casex` they are wildcards, taken as overlapping. Anything else may overlap.
fn overlap(a: &[Term], b: &[Term], wildcard: bool) -> bool {
    a.iter().any(|x| {
        b.iter().any(|y| match (x, y) {
            (Term::Const(x), Term::Const(y)) if !x.has_xz && !y.has_xz => {
                x.value.is_none() || x.value == y.value
            }
            (Term::Const(x), Term::Const(y)) => wildcard || x.text == y.text,
            _ => true,
        })
    })
}
