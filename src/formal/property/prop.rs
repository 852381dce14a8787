//! The property parser: `[@(edge clk)] [disable iff (e)] body`, where the body is read by
//! a Pratt parser over the sequence and property operators of IEEE 1800 Table 16-1
//! (`|->`/`|=>` lowest, then `or`, `and`, `throughout`, `##`, repetitions), with Verilog
//! expressions as operands. The tree is then checked against the lowered subset: every
//! construct outside it is named and located.

use std::collections::HashMap;

use super::ast::{ClockEvent, Expr, ExprKind, Prop, PropertySpec, Seq, Span};
use super::expr::Cursor;
use super::problem::Problem;
use crate::text::token::Token;

/// Longest delay or repetition count accepted (larger ones are beyond the limits).
pub const MAX_CYCLES: u32 = 256;

/// A parsed but not yet checked sequence or property body.
#[derive(Clone, Debug)]
pub enum Tree {
    Expr(Expr),
    Delay {
        lhs: Option<Box<Tree>>,
        min: u32,
        max: u32,
        rhs: Box<Tree>,
        span: Span,
    },
    Repeat {
        inner: Box<Tree>,
        min: u32,
        max: u32,
        span: Span,
    },
    Implies {
        ante: Box<Tree>,
        overlapping: bool,
        cons: Box<Tree>,
        span: Span,
    },
    And(Box<Tree>, Box<Tree>, Span),
    Or(Box<Tree>, Box<Tree>, Span),
    Throughout(Box<Tree>, Box<Tree>, Span),
    Paren(Box<Tree>, Span),
}

impl Tree {
    pub fn span(&self) -> Span {
        match self {
            Tree::Expr(e) => e.span,
            Tree::Delay { span, .. }
            | Tree::Repeat { span, .. }
            | Tree::Implies { span, .. }
            | Tree::And(_, _, span)
            | Tree::Or(_, _, span)
            | Tree::Throughout(_, _, span)
            | Tree::Paren(_, span) => *span,
        }
    }
}

/// A named sequence (or property without its own clock and disable condition) that
/// other properties may use by name.
#[derive(Clone, Debug)]
pub struct Named {
    pub clock: Option<ClockEvent>,
    pub tree: Tree,
}

/// Reads one property from its tokens (the text between `property NAME;` and
/// `endproperty`, or inside `assert property (...)`). `end` is the byte offset just
/// after the text, for messages about a missing end. `named` holds the sequences the
/// property may instantiate.
pub fn parse_property(
    src: &str,
    toks: &[Token],
    end: usize,
    named: &HashMap<String, Named>,
    consts: Option<&super::fold::Constants>,
) -> Result<PropertySpec, Problem> {
    let mut c = Cursor::new(src, toks, end);
    c.consts = consts;
    let (clock, disable) = clock_and_disable(&mut c)?;
    let tree = tree(&mut c, 0)?;
    if c.at(";") {
        c.bump();
    }
    if !c.done() {
        let rest = c.here();
        let what = if c.toks[..c.pos].last().is_some_and(|t| t.text(src) == ";") {
            "a property holds one property expression; more text follows its `;`".to_string()
        } else {
            format!(
                "expected an operator or the end of the property, found {}",
                c.describe_next()
            )
        };
        return Err(Problem::syntax(what, rest));
    }
    let body = to_prop(&tree, named, clock.as_ref(), 0)?;
    Ok(PropertySpec {
        clock,
        disable,
        body,
    })
}

/// `[@(edge clk)] [disable iff (e)]` at the cursor, in either order.
fn clock_and_disable(c: &mut Cursor) -> Result<(Option<ClockEvent>, Option<Expr>), Problem> {
    let mut clock = None;
    let mut disable = None;
    loop {
        if c.at("@") && clock.is_none() {
            clock = Some(clocking_event(c)?);
        } else if c.at("disable") && disable.is_none() {
            c.bump();
            c.expect("iff", "after `disable`")?;
            c.expect("(", "after `disable iff`")?;
            disable = Some(c.expr()?);
            c.expect(")", "to close `disable iff (...)`")?;
        } else {
            break;
        }
    }
    Ok((clock, disable))
}

/// Reads the clocking event and disable condition written on an `assert property`
/// statement in front of a declared property's name
/// (`assert property (@(posedge clk) disable iff (rst) p_name);`): the tokens before
/// the name.
pub fn parse_assert_prefix(
    src: &str,
    toks: &[Token],
    end: usize,
) -> Result<(Option<ClockEvent>, Option<Expr>), Problem> {
    let mut c = Cursor::new(src, toks, end);
    let out = clock_and_disable(&mut c)?;
    if !c.done() {
        return Err(Problem::syntax(
            format!("expected the property's name, found {}", c.describe_next()),
            c.here(),
        ));
    }
    Ok(out)
}

/// Reads a named sequence's body (`sequence NAME; ... endsequence`).
pub fn parse_sequence(
    src: &str,
    toks: &[Token],
    end: usize,
    consts: Option<&super::fold::Constants>,
) -> Result<Named, Problem> {
    let mut c = Cursor::new(src, toks, end);
    c.consts = consts;
    let clock = if c.at("@") {
        Some(clocking_event(&mut c)?)
    } else {
        None
    };
    let tree = tree(&mut c, 0)?;
    if c.at(";") {
        c.bump();
    }
    if !c.done() {
        return Err(Problem::syntax(
            format!(
                "expected the end of the sequence, found {}",
                c.describe_next()
            ),
            c.here(),
        ));
    }
    Ok(Named { clock, tree })
}

/// `@(posedge clk)` or `@(negedge clk)`.
pub fn clocking_event(c: &mut Cursor) -> Result<ClockEvent, Problem> {
    let start = c.pos;
    c.expect("@", "to start a clocking event")?;
    c.expect("(", "after `@`")?;
    let posedge = match c.peek() {
        Some("posedge") => true,
        Some("negedge") => false,
        _ => {
            return Err(Problem::unsupported(
                "a clocking event without `posedge` or `negedge`",
                c.span_from(start),
            ));
        }
    };
    c.bump();
    let sig = c.here();
    let signal = match c.peek_tok() {
        Some(t) if t.kind == crate::text::token::Kind::Ident && !t.text(c.src).starts_with('$') => {
            c.bump();
            t.text(c.src).to_string()
        }
        _ => {
            return Err(Problem::syntax(
                format!("expected a clock signal, found {}", c.describe_next()),
                sig,
            ));
        }
    };
    if !c.at(")") {
        return Err(Problem::unsupported(
            "a clocking event other than `@(posedge CLK)` or `@(negedge CLK)`",
            c.span_from(start).join(c.here()),
        ));
    }
    c.bump();
    Ok(ClockEvent { posedge, signal })
}

/// Property keywords outside the subset, recognised to name them.
const UNSUPPORTED_PREFIX: &[&str] = &[
    "not",
    "if",
    "case",
    "always",
    "s_always",
    "eventually",
    "s_eventually",
    "nexttime",
    "s_nexttime",
    "first_match",
    "strong",
    "weak",
    "accept_on",
    "reject_on",
    "sync_accept_on",
    "sync_reject_on",
];

const UNSUPPORTED_INFIX: &[&str] = &[
    "iff",
    "implies",
    "until",
    "s_until",
    "until_with",
    "s_until_with",
    "intersect",
    "within",
    "#-#",
    "#=#",
];

fn tree(c: &mut Cursor, min_bp: u8) -> Result<Tree, Problem> {
    let start = c.pos;
    let mut lhs = prefix(c)?;
    while let Some(op) = c.peek() {
        match op {
            "|->" | "|=>" => {
                if 10 < min_bp {
                    break;
                }
                c.bump();
                let rhs = tree(c, 10)?;
                lhs = Tree::Implies {
                    ante: Box::new(lhs),
                    overlapping: op == "|->",
                    cons: Box::new(rhs),
                    span: c.span_from(start),
                };
            }
            "or" | "and" => {
                let bp = if op == "or" { 20 } else { 30 };
                if bp < min_bp {
                    break;
                }
                c.bump();
                let rhs = tree(c, bp + 1)?;
                let span = c.span_from(start);
                lhs = if op == "or" {
                    Tree::Or(Box::new(lhs), Box::new(rhs), span)
                } else {
                    Tree::And(Box::new(lhs), Box::new(rhs), span)
                };
            }
            "throughout" => {
                if 50 < min_bp {
                    break;
                }
                c.bump();
                let rhs = tree(c, 50)?;
                lhs = Tree::Throughout(Box::new(lhs), Box::new(rhs), c.span_from(start));
            }
            "##" => {
                if 60 < min_bp {
                    break;
                }
                let (min, max) = delay(c)?;
                let rhs = tree(c, 61)?;
                lhs = Tree::Delay {
                    lhs: Some(Box::new(lhs)),
                    min,
                    max,
                    rhs: Box::new(rhs),
                    span: c.span_from(start),
                };
            }
            "[*" | "[+" | "[=" | "[->" => {
                let (min, max) = repetition(c)?;
                lhs = Tree::Repeat {
                    inner: Box::new(lhs),
                    min,
                    max,
                    span: c.span_from(start),
                };
            }
            _ if UNSUPPORTED_INFIX.contains(&op) => {
                return Err(Problem::unsupported(
                    format!("the property operator `{op}`"),
                    c.here(),
                ));
            }
            _ => break,
        }
    }
    Ok(lhs)
}

fn prefix(c: &mut Cursor) -> Result<Tree, Problem> {
    let start = c.pos;
    match c.peek() {
        Some("##") => {
            let (min, max) = delay(c)?;
            let rhs = tree(c, 61)?;
            Ok(Tree::Delay {
                lhs: None,
                min,
                max,
                rhs: Box::new(rhs),
                span: c.span_from(start),
            })
        }
        Some("(") => {
            // An expression in parentheses (`(a && b) ##1 c`) or a parenthesised
            // sequence or property (`(a ##1 b)`, `(a |-> b) and (c |-> d)`).
            let mut ahead = c.clone();
            if let Ok(e) = ahead.expr() {
                *c = ahead;
                return Ok(Tree::Expr(e));
            }
            c.bump();
            let inner = tree(c, 0)?;
            c.expect(")", "to close the parenthesis")?;
            Ok(Tree::Paren(Box::new(inner), c.span_from(start)))
        }
        Some("@") => Err(Problem::unsupported(
            "a clocking event inside a property (multiple clocks)",
            c.here(),
        )),
        Some(word) if UNSUPPORTED_PREFIX.contains(&word) => Err(Problem::unsupported(
            format!("the property operator `{word}`"),
            c.here(),
        )),
        _ => Ok(Tree::Expr(c.expr()?)),
    }
}

/// The cycle count of `##N` or `##[M:N]`, after the `##`.
fn delay(c: &mut Cursor) -> Result<(u32, u32), Problem> {
    let start = c.pos;
    c.bump();
    if c.at("[") {
        c.bump();
        let min = count(c, "the delay range", true)?;
        c.expect(":", "in the delay range `##[M:N]`")?;
        if c.at("$") {
            return Err(Problem::unsupported(
                "an unbounded delay `##[M:$]`",
                c.span_from(start).join(c.here()),
            ));
        }
        let max = count(c, "the delay range", true)?;
        c.expect("]", "to close the delay range")?;
        if max < min {
            return Err(Problem::syntax(
                format!("the delay range `##[{min}:{max}]` is empty"),
                c.span_from(start),
            ));
        }
        return Ok((min, max));
    }
    if c.at("[*") || c.at("[+") {
        return Err(Problem::unsupported(
            "an unbounded delay `##[*]` or `##[+]`",
            c.span_from(start).join(c.here()),
        ));
    }
    let n = count(c, "the delay `##N`", false)?;
    Ok((n, n))
}

/// `[*N]`, `[*M:N]` (other repetitions are outside the subset).
fn repetition(c: &mut Cursor) -> Result<(u32, u32), Problem> {
    let start = c.pos;
    let op = c.bump().map(|t| t.text(c.src)).unwrap_or_default();
    if op != "[*" || c.at("]") {
        let what = match op {
            "[=" => "non-consecutive repetition `[=N]`",
            "[->" => "goto repetition `[->N]`",
            _ => "unbounded repetition `[*]` or `[+]`",
        };
        return Err(Problem::unsupported(
            what,
            c.span_from(start).join(c.here()),
        ));
    }
    let min = count(c, "the repetition", true)?;
    let max = if c.at(":") {
        c.bump();
        if c.at("$") {
            return Err(Problem::unsupported(
                "an unbounded repetition `[*M:$]`",
                c.span_from(start).join(c.here()),
            ));
        }
        count(c, "the repetition", true)?
    } else {
        min
    };
    c.expect("]", "to close the repetition")?;
    if min == 0 {
        return Err(Problem::unsupported(
            "a repetition that can match the empty sequence (`[*0...]`)",
            c.span_from(start),
        ));
    }
    if max < min {
        return Err(Problem::syntax(
            format!("the repetition `[*{min}:{max}]` is empty"),
            c.span_from(start),
        ));
    }
    Ok((min, max))
}

/// A decimal cycle count, or (when the cursor has parameter values) a constant
/// expression over the top module's parameters: a name or a parenthesised expression
/// after `##`, any expression inside brackets (`bracketed`: `##[M:N]`, `[*N]`).
fn count(c: &mut Cursor, what: &str, bracketed: bool) -> Result<u32, Problem> {
    let here = c.here();
    let Some(t) = c.peek_tok() else {
        return Err(Problem::syntax(
            format!("expected a cycle count in {what}, found the end of the property"),
            here,
        ));
    };
    let text = t.text(c.src);
    if t.kind != crate::text::token::Kind::Number {
        if t.kind == crate::text::token::Kind::Ident || text == "(" {
            if let Some(consts) = c.consts {
                let save = c.pos;
                let e = if bracketed || text == "(" {
                    c.expr().ok()
                } else {
                    c.bump();
                    Some(Expr {
                        kind: ExprKind::Ident(text.to_string()),
                        span: here,
                    })
                };
                let value = e.as_ref().and_then(|e| super::fold::fold(e, consts));
                match value {
                    Some(v) if (0..=i64::from(MAX_CYCLES)).contains(&v) => return Ok(v as u32),
                    Some(v) => {
                        return Err(Problem::unsupported(
                            format!(
                                "a cycle count of {v} (from `{text}`; more than {MAX_CYCLES} or negative)"
                            ),
                            here,
                        ));
                    }
                    None => c.pos = save,
                }
            }
            return Err(Problem::unsupported(
                format!(
                    "a cycle count given by an expression (`{text}`) in {what} that does not fold to a constant over the top module's parameters"
                ),
                here,
            ));
        }
        return Err(Problem::syntax(
            format!("expected a cycle count in {what}, found `{text}`"),
            here,
        ));
    }
    let digits: String = text.chars().filter(|&ch| ch != '_').collect();
    let n = digits.parse::<u64>().map_err(|_| {
        Problem::unsupported(
            format!("a cycle count written `{text}` in {what} (only decimal counts)"),
            here,
        )
    })?;
    if n > u64::from(MAX_CYCLES) {
        return Err(Problem::unsupported(
            format!("a cycle count of {n} (more than {MAX_CYCLES})"),
            here,
        ));
    }
    c.bump();
    Ok(n as u32)
}

/// Checks a tree as a property of the subset. `depth` bounds named-sequence nesting.
fn to_prop(
    t: &Tree,
    named: &HashMap<String, Named>,
    clock: Option<&ClockEvent>,
    depth: usize,
) -> Result<Prop, Problem> {
    match t {
        Tree::Implies {
            ante,
            overlapping,
            cons,
            ..
        } => Ok(Prop::Implies {
            ante: to_seq(ante, named, clock, depth)?,
            overlapping: *overlapping,
            cons: Box::new(to_prop(cons, named, clock, depth)?),
        }),
        Tree::And(a, b, _) => Ok(Prop::And(
            Box::new(to_prop(a, named, clock, depth)?),
            Box::new(to_prop(b, named, clock, depth)?),
        )),
        Tree::Or(a, b, span) => {
            match (
                to_seq(a, named, clock, depth),
                to_seq(b, named, clock, depth),
            ) {
                (Ok(a), Ok(b)) => Ok(Prop::Seq(Seq::Or(Box::new(a), Box::new(b)))),
                _ if has_implication(a) || has_implication(b) => Err(Problem::unsupported(
                    "`or` of properties with implications",
                    *span,
                )),
                (Err(e), _) | (_, Err(e)) => Err(e),
            }
        }
        Tree::Paren(inner, _) => to_prop(inner, named, clock, depth),
        Tree::Expr(e) => match named_tree(e, named, clock, depth)? {
            Some(inner) => to_prop(&inner, named, clock, depth + 1),
            None => Ok(Prop::Seq(Seq::Bool(e.clone()))),
        },
        _ => Ok(Prop::Seq(to_seq(t, named, clock, depth)?)),
    }
}

fn has_implication(t: &Tree) -> bool {
    match t {
        Tree::Implies { .. } => true,
        Tree::Paren(i, _) => has_implication(i),
        Tree::And(a, b, _) | Tree::Or(a, b, _) => has_implication(a) || has_implication(b),
        _ => false,
    }
}

fn to_seq(
    t: &Tree,
    named: &HashMap<String, Named>,
    clock: Option<&ClockEvent>,
    depth: usize,
) -> Result<Seq, Problem> {
    match t {
        Tree::Expr(e) => match named_tree(e, named, clock, depth)? {
            Some(inner) => to_seq(&inner, named, clock, depth + 1),
            None => Ok(Seq::Bool(e.clone())),
        },
        Tree::Delay {
            lhs, min, max, rhs, ..
        } => Ok(Seq::Delay {
            lhs: match lhs {
                Some(l) => Some(Box::new(to_seq(l, named, clock, depth)?)),
                None => None,
            },
            min: *min,
            max: *max,
            rhs: Box::new(to_seq(rhs, named, clock, depth)?),
        }),
        Tree::Repeat {
            inner, min, max, ..
        } => Ok(Seq::Repeat {
            seq: Box::new(to_seq(inner, named, clock, depth)?),
            min: *min,
            max: *max,
        }),
        Tree::Or(a, b, _) => Ok(Seq::Or(
            Box::new(to_seq(a, named, clock, depth)?),
            Box::new(to_seq(b, named, clock, depth)?),
        )),
        Tree::Throughout(a, b, span) => {
            let Tree::Expr(e) = strip(a) else {
                return Err(Problem::syntax(
                    "the left side of `throughout` must be a Boolean expression",
                    *span,
                ));
            };
            Ok(Seq::Throughout(
                e.clone(),
                Box::new(to_seq(b, named, clock, depth)?),
            ))
        }
        Tree::And(_, _, span) => Err(Problem::unsupported(
            "`and` of sequences inside a sequence",
            *span,
        )),
        Tree::Implies { span, .. } => Err(Problem::syntax(
            "an implication (`|->`, `|=>`) cannot be part of a sequence",
            *span,
        )),
        Tree::Paren(inner, _) => to_seq(inner, named, clock, depth),
    }
}

fn strip(t: &Tree) -> &Tree {
    match t {
        Tree::Paren(i, _) => strip(i),
        _ => t,
    }
}

/// The body of a named sequence that `e` instantiates, if any.
fn named_tree(
    e: &Expr,
    named: &HashMap<String, Named>,
    clock: Option<&ClockEvent>,
    depth: usize,
) -> Result<Option<Tree>, Problem> {
    let ExprKind::Ident(name) = &e.kind else {
        return Ok(None);
    };
    let Some(n) = named.get(name) else {
        return Ok(None);
    };
    if depth > 16 {
        return Err(Problem::unsupported(
            format!("sequences nested more than 16 deep (`{name}`)"),
            e.span,
        ));
    }
    if let (Some(own), Some(outer)) = (&n.clock, clock)
        && own != outer
    {
        return Err(Problem::unsupported(
            format!("sequence `{name}` clocked by `{own}` inside a property clocked by `{outer}`"),
            e.span,
        ));
    }
    Ok(Some(n.tree.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::token::tokenize;

    fn parse(s: &str) -> Result<PropertySpec, Problem> {
        let toks = tokenize(s);
        parse_property(s, &toks, s.len(), &HashMap::new(), None)
    }

    #[test]
    fn reads_clock_disable_and_implications() {
        let p = parse("@(posedge clk) disable iff (rst) (a && b) |=> c == 3'd2;").unwrap();
        assert_eq!(
            p.clock,
            Some(ClockEvent {
                posedge: true,
                signal: "clk".into()
            })
        );
        assert!(p.disable.is_some());
        let Prop::Implies {
            overlapping, cons, ..
        } = &p.body
        else {
            panic!("{:?}", p.body)
        };
        assert!(!overlapping);
        assert!(matches!(**cons, Prop::Seq(Seq::Bool(_))));
    }

    #[test]
    fn reads_sequences() {
        for s in [
            "a ##1 b |-> ##[1:3] c",
            "(a ##1 b) |-> c",
            "(a |-> b) and (c |=> d)",
            "a |-> b ##2 c or d",
            "a[*2] ##0 b |-> c[*1:2]",
            "en throughout (a ##1 b) |-> c",
            "a |-> (b |=> c)",
            "$rose(req) |-> ##[0:2] $stable(data)",
        ] {
            parse(s).unwrap_or_else(|e| panic!("{s}: {e:?}"));
        }
    }

    #[test]
    fn names_unsupported_constructs() {
        for (s, what) in [
            ("a |-> s_eventually b", "`s_eventually`"),
            ("a |-> ##[1:$] b", "unbounded delay"),
            ("a[->2] |-> b", "goto repetition"),
            ("not (a ##1 b)", "`not`"),
            ("a until b", "`until`"),
            ("(a |-> b) or (c |-> d)", "`or` of properties"),
            ("a ##1 b and c |-> d", "`and` of sequences"),
            ("a |-> ##DELAY b", "expression (`DELAY`)"),
        ] {
            let e = parse(s).unwrap_err();
            assert_eq!(
                e.kind,
                super::super::problem::ProblemKind::Unsupported,
                "{s}"
            );
            assert!(e.message.contains(what), "{s}: {}", e.message);
        }
    }

    #[test]
    fn reports_syntax_errors_where_they_are() {
        let s = "@(posedge clk) a |-> ;";
        let e = parse(s).unwrap_err();
        assert_eq!(e.kind, super::super::problem::ProblemKind::Syntax);
        assert_eq!(&s[e.span.start..e.span.end], ";");
        let e = parse("a |-> b; c |-> d;").unwrap_err();
        assert!(
            e.message.contains("one property expression"),
            "{}",
            e.message
        );
        let e = parse("(a |-> b) && (c |-> d)").unwrap_err();
        assert!(e.message.contains("found `&&`"), "{}", e.message);
    }
}
