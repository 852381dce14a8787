//! Verilog text for the expressions of a property, written into a monitor block: every
//! operator parenthesised (which never changes Verilog's width and sign rules), the
//! sampled-value functions replaced by registers of the monitor.
//!
//! `$past(e, n)` reads the n-th register of a shift chain fed with `e`; before the n-th
//! clock tick the register holds an unconstrained value (the default sampled value of a
//! 4-state expression is X, which a formal check lets be any value). The read is written
//! `(flipscope_true ? $signed(R) : (e))` so that it keeps the width and signedness of `e`
//! whatever they are (a conditional is signed only when both sides are).

use std::collections::HashMap;
use std::fmt::Write;

use super::super::sva::ast::{BinOp, Expr, ExprKind, InsideItem, RangeKind, SysFn};
use super::super::sva::problem::Problem;

/// The placeholder every name of a block starts with; replaced by the property's own
/// prefix (`flipscope_p3_`) when the block is placed in a harness.
pub const PREFIX: &str = "@P@";

/// A wire that is always 1, declared once per harness.
pub const TRUE: &str = "flipscope_true";

/// A wire that is always 0 in every reachable state but not a constant to yosys (a
/// register): or-ed into every exposed wire so that none is folded to a constant.
pub const DEAD: &str = "flipscope_dead";

/// A monitor block being written.
pub struct Block {
    /// `posedge clk`: the event of every register of the block.
    pub event: String,
    pub lines: Vec<String>,
    /// Wire names by the text they hold, so that equal expressions share one wire.
    wires: HashMap<String, String>,
    /// Shift chains of sampled values: argument text -> (wire, registers made).
    chains: HashMap<String, (String, u32)>,
    next: usize,
}

impl Block {
    pub fn new(event: String) -> Block {
        Block {
            event,
            lines: Vec::new(),
            wires: HashMap::new(),
            chains: HashMap::new(),
            next: 0,
        }
    }

    /// A fresh name `@P@STEMn`.
    pub fn fresh(&mut self, stem: &str) -> String {
        self.next += 1;
        format!("{PREFIX}{stem}{}", self.next)
    }

    /// A 1-bit wire holding `text` (shared with an earlier wire of the same text).
    pub fn bit(&mut self, stem: &str, text: String) -> String {
        if let Some(name) = self.wires.get(&text) {
            return name.clone();
        }
        let name = self.fresh(stem);
        self.lines.push(format!("wire {name} = {text};"));
        self.wires.insert(text, name.clone());
        name
    }

    /// A register of one bit, zero at the start, loaded with `next` at every tick.
    pub fn reg(&mut self, stem: &str, next: &str) -> String {
        let key = format!("reg:{next}");
        if let Some(name) = self.wires.get(&key) {
            return name.clone();
        }
        let name = self.fresh(stem);
        let event = self.event.clone();
        self.lines.push(format!("reg {name} = 1'b0;"));
        self.lines
            .push(format!("always @({event}) {name} <= {next};"));
        self.wires.insert(key, name.clone());
        name
    }

    /// A Boolean of a sequence: the 1-bit truth of `e` (nonzero).
    pub fn boolean(&mut self, e: &Expr) -> Result<String, Problem> {
        let text = self.expr(e)?;
        Ok(self.bit("b", format!("|({text})")))
    }

    /// The Verilog text of `e`.
    pub fn expr(&mut self, e: &Expr) -> Result<String, Problem> {
        Ok(match &e.kind {
            ExprKind::Ident(n) => n.clone(),
            ExprKind::Number(n) => n.clone(),
            ExprKind::Paren(inner) => format!("({})", self.expr(inner)?),
            ExprKind::Unary(op, a) => format!("({}{})", op.text(), self.expr(a)?),
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                match op {
                    BinOp::Implies => format!("((!({a})) || ({b}))"),
                    BinOp::Equiv => format!("((!({a})) == (!({b})))"),
                    BinOp::WildEq | BinOp::WildNe => {
                        return Err(Problem::unsupported(
                            format!("the wildcard equality `{}`", op.text()),
                            e.span,
                        ));
                    }
                    _ => format!("({a} {} {b})", op.text()),
                }
            }
            ExprKind::Ternary(c, a, b) => format!(
                "({} ? {} : {})",
                self.expr(c)?,
                self.expr(a)?,
                self.expr(b)?
            ),
            ExprKind::Concat(items) => {
                let parts: Result<Vec<String>, Problem> =
                    items.iter().map(|i| self.expr(i)).collect();
                format!("{{{}}}", parts?.join(", "))
            }
            ExprKind::Replicate(n, items) => {
                let n = self.expr(n)?;
                let parts: Result<Vec<String>, Problem> =
                    items.iter().map(|i| self.expr(i)).collect();
                format!("{{{n}{{{}}}}}", parts?.join(", "))
            }
            ExprKind::Index(base, i) => {
                let base = self.select_base(base)?;
                format!("{base}[{}]", self.expr(i)?)
            }
            ExprKind::Range(base, kind, a, b) => {
                let base = self.select_base(base)?;
                let sep = match kind {
                    RangeKind::Fixed => ":",
                    RangeKind::Up => "+:",
                    RangeKind::Down => "-:",
                };
                format!("{base}[{} {sep} {}]", self.expr(a)?, self.expr(b)?)
            }
            ExprKind::Call(f, args) => {
                let parts: Result<Vec<String>, Problem> =
                    args.iter().map(|i| self.expr(i)).collect();
                format!("{f}({})", parts?.join(", "))
            }
            ExprKind::SizeCast(n, inner) => format!("{n}'({})", self.expr(inner)?),
            ExprKind::Inside(v, items) => {
                let v = self.expr(v)?;
                let mut terms = Vec::new();
                for item in items {
                    terms.push(match item {
                        InsideItem::Value(x) => format!("(({v}) == ({}))", self.expr(x)?),
                        InsideItem::Range(lo, hi) => format!(
                            "((({v}) >= ({})) && (({v}) <= ({})))",
                            self.expr(lo)?,
                            self.expr(hi)?
                        ),
                    });
                }
                format!("({})", terms.join(" || "))
            }
            ExprKind::System(f, args) => self.system(*f, args)?,
        })
    }

    /// The base of a bit or part select: a name (selects of other expressions have no
    /// declared range to number their bits by).
    fn select_base(&mut self, base: &Expr) -> Result<String, Problem> {
        match &base.kind {
            ExprKind::Ident(n) => Ok(n.clone()),
            _ => Err(Problem::unsupported(
                "a bit or part select of an expression other than a name",
                base.span,
            )),
        }
    }

    fn system(&mut self, f: SysFn, args: &[Expr]) -> Result<String, Problem> {
        let arg = self.expr(&args[0])?;
        Ok(match f {
            SysFn::Sampled => format!("({arg})"),
            SysFn::Onehot | SysFn::Onehot0 | SysFn::Countones => {
                format!("{}({arg})", f.name())
            }
            SysFn::Signed | SysFn::Unsigned | SysFn::Bits | SysFn::Clog2 => {
                format!("{}({arg})", f.name())
            }
            SysFn::Past => {
                let n = match args.get(1) {
                    None => 1,
                    Some(count) => ticks(count)?,
                };
                let reg = self.past(&arg, n);
                format!("({TRUE} ? $signed({reg}) : ({arg}))")
            }
            SysFn::Rose | SysFn::Fell | SysFn::Stable | SysFn::Changed => {
                let prev = self.past(&arg, 1);
                let now = self.chains[&arg].0.clone();
                match f {
                    SysFn::Rose => format!("((!{prev}[0]) && {now}[0])"),
                    SysFn::Fell => format!("({prev}[0] && (!{now}[0]))"),
                    SysFn::Stable => format!("({prev} == {now})"),
                    _ => format!("({prev} != {now})"),
                }
            }
        })
    }

    /// The register holding the value of `arg` `n` ticks ago (a chain shared by every
    /// read of the same argument).
    fn past(&mut self, arg: &str, n: u32) -> String {
        let event = self.event.clone();
        let (wire, made) = match self.chains.get(arg) {
            Some(c) => c.clone(),
            None => {
                let wire = self.fresh("v");
                self.lines
                    .push(format!("wire [$bits({arg})-1:0] {wire} = {arg};"));
                (wire, 0)
            }
        };
        let mut made = made;
        while made < n {
            made += 1;
            let prev = if made == 1 {
                wire.clone()
            } else {
                format!("{wire}_{}", made - 1)
            };
            let mut line = String::new();
            let _ = write!(
                line,
                "reg [$bits({arg})-1:0] {wire}_{made}; always @({event}) {wire}_{made} <= {prev};"
            );
            self.lines.push(line);
        }
        let max = made.max(self.chains.get(arg).map_or(0, |c| c.1));
        self.chains.insert(arg.to_string(), (wire.clone(), max));
        format!("{wire}_{n}")
    }
}

/// The tick count of `$past(e, n)`: a positive decimal literal.
fn ticks(count: &Expr) -> Result<u32, Problem> {
    if let ExprKind::Number(text) = &count.kind {
        let digits: String = text.chars().filter(|&c| c != '_').collect();
        if let Ok(n) = digits.parse::<u32>()
            && (1..=super::super::sva::prop::MAX_CYCLES).contains(&n)
        {
            return Ok(n);
        }
    }
    Err(Problem::unsupported(
        "a `$past` tick count other than a decimal number from 1 to 256",
        count.span,
    ))
}
