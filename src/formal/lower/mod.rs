//! Lowering a property to a synthesizable Verilog monitor (IEEE 1800 16.12 semantics
//! for the subset): the monitor computes, at every clock tick, whether an attempt of
//! the property fails there (`bad`) and whether some attempt's antecedent matched
//! (`trig`, for vacuity). Sequences become sets of fixed-length paths ([`paths`]);
//! an antecedent match reads shift registers of its Booleans; a consequent keeps, per
//! pending attempt, which of its paths are still alive, so a failure is reported at the
//! first tick where no path can match any more. `disable iff (d)` cancels an attempt
//! when `d` holds at any tick from its start to its end.
//!
//! Normal forms: `a |=> p` is `a |-> ##1 p`; `s1 |-> (s2 |-> p)` is `s1 ##0 s2 |-> p`
//! and `s1 |=> (s2 |-> p)` is `s1 ##1 s2 |-> p`; a property without implication is
//! checked from every tick (`1 |-> p`); `p and q` fails when either fails.

pub mod emit;
pub mod paths;

use super::options::PastConvention;
use super::property::Seq;
use super::property::ast::{ClockEvent, Expr, ExprKind, Prop, PropertySpec};
use super::property::problem::Problem;
use super::read::PropertySet;
use emit::{Block, DEAD, PREFIX};

/// The placeholder of the harness's `valid` wire (the reset assumption held).
pub const VALID: &str = "@V@";

/// The placeholder of the harness's `first` register (1 in cycle 0 only).
pub const FIRST: &str = "@F@";

/// Most sub-expressions shown in a counterexample.
pub const MAX_TRACE_ROWS: usize = 40;

/// A lowered property: Verilog declarations whose names start with [`PREFIX`] (and
/// whose `valid` wire is [`VALID`]), with `@P@bad`, `@P@trig`, `@P@late` and the trace wires
/// `@P@x1`, `@P@x2`, ...
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lowered {
    pub text: String,
    pub clock: ClockEvent,
    /// The sub-expression rows of a counterexample: (text as written, wire name).
    pub trace: Vec<(String, String)>,
}

/// One obligation of a property: from every match of `ante` (every tick when `None`),
/// `cons` must match.
struct Obligation {
    ante: Option<Seq>,
    cons: Seq,
}

fn normalize(p: &Prop) -> Vec<Obligation> {
    match p {
        Prop::Seq(s) => vec![Obligation {
            ante: None,
            cons: s.clone(),
        }],
        Prop::And(a, b) => {
            let mut out = normalize(a);
            out.extend(normalize(b));
            out
        }
        Prop::Implies {
            ante,
            overlapping,
            cons,
        } => {
            let delay = if *overlapping { 0 } else { 1 };
            normalize(cons)
                .into_iter()
                .map(|inner| match inner.ante {
                    None if delay == 0 => Obligation {
                        ante: Some(ante.clone()),
                        cons: inner.cons,
                    },
                    None => Obligation {
                        ante: Some(ante.clone()),
                        cons: Seq::Delay {
                            lhs: None,
                            min: 1,
                            max: 1,
                            rhs: Box::new(inner.cons),
                        },
                    },
                    Some(a2) => Obligation {
                        ante: Some(Seq::Delay {
                            lhs: Some(Box::new(ante.clone())),
                            min: delay,
                            max: delay,
                            rhs: Box::new(a2),
                        }),
                        cons: inner.cons,
                    },
                })
                .collect()
        }
    }
}

/// Lowers `spec` clocked by `clock`. `set` is the text it was read from (for the
/// sub-expressions' text).
pub fn lower(
    spec: &PropertySpec,
    clock: &ClockEvent,
    set: &PropertySet,
    past: PastConvention,
) -> Result<Lowered, Problem> {
    let mut block = Block::clocked(clock);
    block.consts = set.constants.clone();
    if past == PastConvention::Ieee {
        block.initials = Some(set.initials.clone());
    }
    let ndis = match &spec.disable {
        Some(d) => {
            let dis = block.boolean(d)?;
            block.bit("n", format!("!{dis}"))
        }
        None => "1'b1".to_string(),
    };
    let mut obls = Vec::new();
    let mut fails = Vec::new();
    for o in normalize(&spec.body) {
        let obl = antecedent(&mut block, o.ante.as_ref(), &ndis)?;
        let fail = consequent(&mut block, &obl, &o.cons, &ndis)?;
        // `A |-> 0` is the invariant "A never matches": like every invariant it is
        // triggered at every tick that is not disabled, so vacuity does not apply.
        let trig = if o.ante.is_some() && never_matches(&o.cons) {
            antecedent(&mut block, None, &ndis)?
        } else {
            obl
        };
        obls.push(trig);
        fails.push(fail);
    }
    let trace = trace_rows(&mut block, spec, set)?;
    block.lines.push(format!(
        "(* keep *) wire {PREFIX}bad = ({VALID} && ({})) || {DEAD};",
        fails.join(" || ")
    ));
    block.lines.push(format!(
        "(* keep *) wire {PREFIX}trig = ({VALID} && ({})) || {DEAD};",
        obls.join(" || ")
    ));
    // A failure after cycle 0 (to tell a failure of cycle 0 only).
    block.lines.push(format!(
        "(* keep *) wire {PREFIX}late = {PREFIX}bad && !{FIRST};"
    ));
    Ok(Lowered {
        text: block.lines.join("\n") + "\n",
        clock: clock.clone(),
        trace,
    })
}

/// Whether a consequent can never match: a constant-false Boolean (`1'b0`, `0`, `!1`),
/// possibly after a delay (`A |=> 0`).
fn never_matches(cons: &Seq) -> bool {
    match cons {
        Seq::Bool(e) => constant_false(e),
        Seq::Delay { lhs: None, rhs, .. } => never_matches(rhs),
        _ => false,
    }
}

/// Whether `e` is a constant 0: a literal whose digits are all zero, `!` of a nonzero
/// literal, or either in parentheses.
pub fn constant_false(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Paren(inner) => constant_false(inner),
        ExprKind::Number(n) => literal_value(n) == Some(false),
        ExprKind::Unary(super::property::ast::UnOp::Not, inner) => match &inner.kind {
            ExprKind::Number(n) => literal_value(n) == Some(true),
            ExprKind::Paren(_) => constant_true(inner),
            _ => false,
        },
        _ => false,
    }
}

fn constant_true(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Paren(inner) => constant_true(inner),
        ExprKind::Number(n) => literal_value(n) == Some(true),
        _ => false,
    }
}

/// Whether a literal (`0`, `1'b0`, `'1`, `8'hff`) is nonzero; `None` when it holds
/// x or z digits or does not read.
fn literal_value(text: &str) -> Option<bool> {
    let t: String = text
        .chars()
        .filter(|c| *c != '_')
        .collect::<String>()
        .to_ascii_lowercase();
    let digits = match t.split_once('\'') {
        None => t.as_str(),
        Some((_, rest)) => {
            let rest = rest.strip_prefix('s').unwrap_or(rest);
            match rest.chars().next() {
                Some('b' | 'o' | 'd' | 'h') => &rest[1..],
                _ => rest,
            }
        }
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    Some(digits.chars().any(|c| c != '0'))
}

/// The wire that is 1 at the last tick of every match of `ante` whose attempt was not
/// disabled on the way.
fn antecedent(block: &mut Block, ante: Option<&Seq>, ndis: &str) -> Result<String, Problem> {
    let all: Vec<Vec<Vec<&Expr>>> = match ante {
        Some(s) => paths::paths(s).map_err(|m| unsupported_seq(s, m))?,
        None => vec![vec![vec![]]],
    };
    let mut terms = Vec::new();
    for p in &all {
        let last = p.len() - 1;
        let mut conj = Vec::new();
        for (o, bools) in p.iter().enumerate() {
            let mut parts = Vec::new();
            for b in bools {
                parts.push(block.boolean(b)?);
            }
            parts.push(ndis.to_string());
            let cond = join_and(&parts);
            let cond = block.bit("c", cond);
            conj.push(history(block, &cond, last - o));
        }
        terms.push(join_and(&conj));
    }
    Ok(block.bit("m", join_or(&terms)))
}

/// The wire that is 1 where an obligation started by `obl` (at the same tick) fails.
fn consequent(block: &mut Block, obl: &str, cons: &Seq, ndis: &str) -> Result<String, Problem> {
    let all = paths::paths(cons).map_err(|m| unsupported_seq(cons, m))?;
    let mut conds: Vec<Vec<String>> = Vec::new();
    for p in &all {
        let mut row = Vec::new();
        for bools in p {
            let mut parts = Vec::new();
            for b in bools {
                parts.push(block.boolean(b)?);
            }
            row.push(if parts.is_empty() {
                "1'b1".to_string()
            } else {
                block.bit("c", join_and(&parts))
            });
        }
        conds.push(row);
    }
    let longest = all.iter().map(|p| p.len() - 1).max().unwrap_or(0);
    if longest == 0 {
        let any: Vec<String> = conds.iter().map(|r| r[0].clone()).collect();
        return Ok(block.bit("f", format!("{obl} && !({})", join_or(&any))));
    }
    // alive[q] at the current age; undecided entering the current age.
    let mut alive: Vec<String> = conds
        .iter()
        .map(|r| block.bit("a", format!("{obl} && {}", r[0])))
        .collect();
    let mut undecided = obl.to_string();
    let mut fails = Vec::new();
    for age in 0..=longest {
        if age > 0 {
            for (q, row) in conds.iter().enumerate() {
                if all[q].len() > age {
                    let prev = block.reg("r", &alive[q]);
                    alive[q] = block.bit("a", format!("{prev} && {}", row[age]));
                }
            }
        }
        let done: Vec<String> = (0..all.len())
            .filter(|&q| all[q].len() - 1 == age)
            .map(|q| alive[q].clone())
            .collect();
        let going: Vec<String> = (0..all.len())
            .filter(|&q| all[q].len() - 1 > age)
            .map(|q| alive[q].clone())
            .collect();
        let done = join_or(&done);
        let going = join_or(&going);
        fails.push(block.bit("f", format!("{undecided} && !({done}) && !({going})")));
        if age < longest {
            let out = block.bit("u", format!("{undecided} && !({done}) && ({going})"));
            let prev = block.reg("r", &out);
            undecided = block.bit("u", format!("{prev} && {ndis}"));
        }
    }
    Ok(block.bit("f", join_or(&fails)))
}

/// `c` delayed by `k` ticks (0 before the k-th tick).
fn history(block: &mut Block, c: &str, k: usize) -> String {
    let mut name = c.to_string();
    for _ in 0..k {
        name = block.reg("h", &name);
    }
    name
}

fn join_and(parts: &[String]) -> String {
    match parts.len() {
        0 => "1'b1".to_string(),
        _ => parts.join(" && "),
    }
}

fn join_or(parts: &[String]) -> String {
    match parts.len() {
        0 => "1'b0".to_string(),
        _ => parts.join(" || "),
    }
}

fn unsupported_seq(s: &Seq, message: String) -> Problem {
    let span = first_expr(s).map(|e| e.span).unwrap_or_default();
    Problem {
        kind: super::property::ProblemKind::Unsupported,
        message: format!("{message}: beyond the limits of the lowering"),
        span,
    }
}

fn first_expr(s: &Seq) -> Option<&Expr> {
    match s {
        Seq::Bool(e) | Seq::Throughout(e, _) => Some(e),
        Seq::Delay { lhs: Some(l), .. } => first_expr(l),
        Seq::Delay { rhs, .. } => first_expr(rhs),
        Seq::Repeat { seq, .. } => first_expr(seq),
        Seq::Or(a, _) => first_expr(a),
    }
}

/// Wires for the property's sub-expressions (disable condition, then every Boolean in
/// reading order, each followed by its operands), for the counterexample table.
fn trace_rows(
    block: &mut Block,
    spec: &PropertySpec,
    set: &PropertySet,
) -> Result<Vec<(String, String)>, Problem> {
    let mut exprs: Vec<&Expr> = Vec::new();
    if let Some(d) = &spec.disable {
        exprs.push(d);
    }
    prop_booleans(&spec.body, &mut exprs);
    let mut rows: Vec<(String, String)> = Vec::new();
    let mut stack: Vec<&Expr> = exprs.into_iter().rev().collect();
    while let Some(e) = stack.pop() {
        if rows.len() >= MAX_TRACE_ROWS {
            break;
        }
        match &e.kind {
            ExprKind::Number(_) => continue,
            // A memory has no value of its own (its words have).
            ExprKind::Ident(n) if set.memories.contains(n) => continue,
            ExprKind::Paren(inner) => {
                stack.push(inner);
                continue;
            }
            _ => {}
        }
        let text = set.snippet(e.span);
        // yosys 0.23 cannot size a wire by `$bits` of a function call: no row for it.
        if !rows.iter().any(|(t, _)| *t == text) && !calls_function(e) {
            let value = block.expr(e)?;
            let name = format!("{PREFIX}x{}", rows.len() + 1);
            block.lines.push(format!(
                "(* keep *) wire [$bits({value})-1:0] {name} = ({value}) ^ {{$bits({value}){{{DEAD}}}}};"
            ));
            rows.push((text, name));
        }
        for child in e.children().into_iter().rev() {
            stack.push(child);
        }
    }
    Ok(rows)
}

/// Whether `e` calls a function of the design.
fn calls_function(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Call(..)) || e.children().into_iter().any(calls_function)
}

fn prop_booleans<'a>(p: &'a Prop, out: &mut Vec<&'a Expr>) {
    match p {
        Prop::Seq(s) => seq_booleans(s, out),
        Prop::Implies { ante, cons, .. } => {
            seq_booleans(ante, out);
            prop_booleans(cons, out);
        }
        Prop::And(a, b) => {
            prop_booleans(a, out);
            prop_booleans(b, out);
        }
    }
}

fn seq_booleans<'a>(s: &'a Seq, out: &mut Vec<&'a Expr>) {
    match s {
        Seq::Bool(e) => out.push(e),
        Seq::Delay { lhs, rhs, .. } => {
            if let Some(l) = lhs {
                seq_booleans(l, out);
            }
            seq_booleans(rhs, out);
        }
        Seq::Repeat { seq, .. } => seq_booleans(seq, out),
        Seq::Or(a, b) => {
            seq_booleans(a, out);
            seq_booleans(b, out);
        }
        Seq::Throughout(e, s) => {
            out.push(e);
            seq_booleans(s, out);
        }
    }
}
