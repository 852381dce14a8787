//! Verilog text for the expressions of a property, written into a monitor block: every
//! operator parenthesised (which never changes Verilog's width and sign rules), the
//! sampled-value functions replaced by registers of the monitor.
//!
//! `$past(e, n)` reads the n-th register of a shift chain fed with `e`; before the n-th
//! clock tick the register holds the default sampled value of `e` (IEEE 1800 16.5.1:
//! `e` over the declared initial values of its variables) when every variable of `e`
//! has one, and an unconstrained value otherwise (X, which a formal check lets be any
//! value; always so under the EquivSVA convention). The clock signal read as data is
//! its sampled value at its own event: 0 at a `posedge`, 1 at a `negedge`. The read is written
//! `(flipscope_true ? $signed(R) : (e))` so that it keeps the width and signedness of `e`
//! whatever they are (a conditional is signed only when both sides are).

use std::collections::HashMap;
use std::fmt::Write;

use super::super::property::ast::{BinOp, Expr, ExprKind, InsideItem, RangeKind, SysFn};
use super::super::property::problem::Problem;

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
    /// The clock's sampled value at its own event (IEEE 1800 16.5.1: sampled just
    /// before the edge, so 0 at a `posedge`, 1 at a `negedge`), which every read of the
    /// clock signal in an expression is: (signal, value).
    clock: Option<(String, &'static str)>,
    /// The top module's parameter values (`$past(e, N)` counts are folded over them).
    pub consts: std::sync::Arc<super::super::property::fold::Constants>,
    /// Under the IEEE `$past` convention, the design's declared initial values: a
    /// `$past` register starts at the default sampled value of its argument when every
    /// variable of it has one. `None`: `$past` registers start unconstrained.
    pub initials: Option<std::sync::Arc<crate::formal::params::Initializers>>,
    /// While writing a default sampled value: the text each identifier stands for.
    subst: Option<HashMap<String, String>>,
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
            clock: None,
            consts: Default::default(),
            initials: None,
            subst: None,
            lines: Vec::new(),
            wires: HashMap::new(),
            chains: HashMap::new(),
            next: 0,
        }
    }

    /// A block whose registers tick at `clock`, reading the clock signal as data by its
    /// sampled value.
    pub fn clocked(clock: &super::super::property::ast::ClockEvent) -> Block {
        let mut b = Block::new(clock.to_string());
        let value = if clock.posedge { "1'b0" } else { "1'b1" };
        b.clock = Some((clock.signal.clone(), value));
        b
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
            ExprKind::Ident(n) => match (&self.subst, &self.clock) {
                (Some(map), _) if map.contains_key(n) => map[n].clone(),
                (_, Some((clock, value))) if clock == n => value.to_string(),
                _ => n.clone(),
            },
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

    /// The default sampled value of `e` (IEEE 1800 16.5.1) as a constant expression:
    /// `e` over the declared initial values of its variables; `None` when one has none
    /// (or `e` reads an earlier tick or calls a function).
    fn default_value(&mut self, e: &Expr) -> Option<String> {
        let initials = self.initials.clone()?;
        if self.subst.is_some() || reads_time(e) {
            return None;
        }
        let mut names = Vec::new();
        e.identifiers(&mut names);
        let mut map = HashMap::new();
        for (n, _) in names {
            if self.consts.contains_key(n) {
                continue;
            }
            if let Some((clock, value)) = &self.clock
                && clock == n
            {
                map.insert(n.to_string(), value.to_string());
                continue;
            }
            map.insert(n.to_string(), initials.get(n)?.clone());
        }
        self.subst = Some(map);
        let text = self.expr(e).ok();
        self.subst = None;
        text
    }

    fn system(&mut self, f: SysFn, args: &[Expr]) -> Result<String, Problem> {
        let arg = self.expr(&args[0])?;
        let init = if f.is_sampled() {
            self.default_value(&args[0])
        } else {
            None
        };
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
                    Some(count) => ticks(count, &self.consts)?,
                };
                let reg = self.past(&arg, n, init.as_deref());
                format!("({TRUE} ? $signed({reg}) : ({arg}))")
            }
            SysFn::Rose | SysFn::Fell | SysFn::Stable | SysFn::Changed => {
                let prev = self.past(&arg, 1, init.as_deref());
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
    /// read of the same argument), starting at `init` (unconstrained when `None`).
    fn past(&mut self, arg: &str, n: u32, init: Option<&str>) -> String {
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
            let start = init.map_or(String::new(), |v| format!(" = {v}"));
            let _ = write!(
                line,
                "reg [$bits({arg})-1:0] {wire}_{made}{start}; always @({event}) {wire}_{made} <= {prev};"
            );
            self.lines.push(line);
        }
        let max = made.max(self.chains.get(arg).map_or(0, |c| c.1));
        self.chains.insert(arg.to_string(), (wire.clone(), max));
        format!("{wire}_{n}")
    }
}

/// Whether `e` reads an earlier tick or calls a function (no default sampled value is
/// written for it).
fn reads_time(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::System(f, _) if f.is_sampled() => true,
        ExprKind::Call(..) => true,
        _ => e.children().into_iter().any(reads_time),
    }
}

/// The tick count of `$past(e, n)`: a constant from 1 to 256 (a literal, or an
/// expression over the top module's parameters).
fn ticks(count: &Expr, consts: &super::super::property::fold::Constants) -> Result<u32, Problem> {
    if let Some(n) = super::super::property::fold::fold(count, consts)
        && (1..=i64::from(super::super::property::prop::MAX_CYCLES)).contains(&n)
    {
        return Ok(n as u32);
    }
    Err(Problem::unsupported(
        "a `$past` tick count other than a constant from 1 to 256 (a number, or an expression over the top module's parameters)",
        count.span,
    ))
}
