//! The syntax trees of a property: Verilog expressions, sequences and properties, each
//! node with its byte span in the file it was read from.

/// A byte range of the file a property was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn join(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A unary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Plus,
    Minus,
    Not,
    BitNot,
    RedAnd,
    RedNand,
    RedOr,
    RedNor,
    RedXor,
    RedXnor,
}

impl UnOp {
    pub fn text(self) -> &'static str {
        match self {
            UnOp::Plus => "+",
            UnOp::Minus => "-",
            UnOp::Not => "!",
            UnOp::BitNot => "~",
            UnOp::RedAnd => "&",
            UnOp::RedNand => "~&",
            UnOp::RedOr => "|",
            UnOp::RedNor => "~|",
            UnOp::RedXor => "^",
            UnOp::RedXnor => "~^",
        }
    }
}

/// A binary operator of Verilog expressions (the logical implications `->` and `<->`
/// of SystemVerilog included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Pow,
    Mul,
    Div,
    Mod,
    Add,
    Sub,
    Shl,
    Shr,
    AShl,
    AShr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    CaseEq,
    CaseNe,
    WildEq,
    WildNe,
    BitAnd,
    BitXor,
    BitXnor,
    BitOr,
    LogAnd,
    LogOr,
    Implies,
    Equiv,
}

impl BinOp {
    pub fn text(self) -> &'static str {
        match self {
            BinOp::Pow => "**",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::AShl => "<<<",
            BinOp::AShr => ">>>",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::CaseEq => "===",
            BinOp::CaseNe => "!==",
            BinOp::WildEq => "==?",
            BinOp::WildNe => "!=?",
            BinOp::BitAnd => "&",
            BinOp::BitXor => "^",
            BinOp::BitXnor => "~^",
            BinOp::BitOr => "|",
            BinOp::LogAnd => "&&",
            BinOp::LogOr => "||",
            BinOp::Implies => "->",
            BinOp::Equiv => "<->",
        }
    }
}

/// The sampled-value and bit-vector system functions the lowering knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SysFn {
    Past,
    Rose,
    Fell,
    Stable,
    Changed,
    Sampled,
    Onehot,
    Onehot0,
    Countones,
    Signed,
    Unsigned,
    Bits,
    Clog2,
}

impl SysFn {
    pub fn from_name(name: &str) -> Option<SysFn> {
        Some(match name {
            "$past" => SysFn::Past,
            "$rose" => SysFn::Rose,
            "$fell" => SysFn::Fell,
            "$stable" => SysFn::Stable,
            "$changed" => SysFn::Changed,
            "$sampled" => SysFn::Sampled,
            "$onehot" => SysFn::Onehot,
            "$onehot0" => SysFn::Onehot0,
            "$countones" => SysFn::Countones,
            "$signed" => SysFn::Signed,
            "$unsigned" => SysFn::Unsigned,
            "$bits" => SysFn::Bits,
            "$clog2" => SysFn::Clog2,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            SysFn::Past => "$past",
            SysFn::Rose => "$rose",
            SysFn::Fell => "$fell",
            SysFn::Stable => "$stable",
            SysFn::Changed => "$changed",
            SysFn::Sampled => "$sampled",
            SysFn::Onehot => "$onehot",
            SysFn::Onehot0 => "$onehot0",
            SysFn::Countones => "$countones",
            SysFn::Signed => "$signed",
            SysFn::Unsigned => "$unsigned",
            SysFn::Bits => "$bits",
            SysFn::Clog2 => "$clog2",
        }
    }

    /// Whether the function looks at earlier clock ticks (needs monitor registers).
    pub fn is_sampled(self) -> bool {
        matches!(
            self,
            SysFn::Past | SysFn::Rose | SysFn::Fell | SysFn::Stable | SysFn::Changed
        )
    }
}

/// How a part select is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeKind {
    /// `[msb:lsb]`
    Fixed,
    /// `[base +: width]`
    Up,
    /// `[base -: width]`
    Down,
}

/// One item of an `inside` set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InsideItem {
    Value(Expr),
    Range(Expr, Expr),
}

/// A Verilog expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    Ident(String),
    /// A literal, as written (`3'd7`, `'1`, `12`).
    Number(String),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    Concat(Vec<Expr>),
    Replicate(Box<Expr>, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Range(Box<Expr>, RangeKind, Box<Expr>, Box<Expr>),
    /// A call of a function of the design.
    Call(String, Vec<Expr>),
    System(SysFn, Vec<Expr>),
    Inside(Box<Expr>, Vec<InsideItem>),
    /// A size cast `N'(e)` (the size as written).
    SizeCast(String, Box<Expr>),
    /// A parenthesised expression (kept to show sub-expressions as written).
    Paren(Box<Expr>),
}

impl Expr {
    /// Every identifier the expression names (signals, parameters, functions), in
    /// reading order, with repeats.
    pub fn identifiers<'a>(&'a self, out: &mut Vec<(&'a str, Span)>) {
        match &self.kind {
            ExprKind::Ident(n) => out.push((n, self.span)),
            ExprKind::Number(_) => {}
            ExprKind::Unary(_, e) | ExprKind::Paren(e) | ExprKind::SizeCast(_, e) => {
                e.identifiers(out)
            }
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                a.identifiers(out);
                b.identifiers(out);
            }
            ExprKind::Ternary(a, b, c) | ExprKind::Range(a, _, b, c) => {
                a.identifiers(out);
                b.identifiers(out);
                c.identifiers(out);
            }
            ExprKind::Concat(v) | ExprKind::System(_, v) => {
                v.iter().for_each(|e| e.identifiers(out))
            }
            ExprKind::Replicate(n, v) => {
                n.identifiers(out);
                v.iter().for_each(|e| e.identifiers(out));
            }
            ExprKind::Call(name, v) => {
                out.push((name, self.span));
                v.iter().for_each(|e| e.identifiers(out));
            }
            ExprKind::Inside(e, items) => {
                e.identifiers(out);
                for item in items {
                    match item {
                        InsideItem::Value(v) => v.identifiers(out),
                        InsideItem::Range(a, b) => {
                            a.identifiers(out);
                            b.identifiers(out);
                        }
                    }
                }
            }
        }
    }

    /// The direct sub-expressions (for the counterexample's sub-expression rows).
    pub fn children(&self) -> Vec<&Expr> {
        match &self.kind {
            ExprKind::Ident(_) | ExprKind::Number(_) => vec![],
            ExprKind::Unary(_, e) | ExprKind::Paren(e) | ExprKind::SizeCast(_, e) => vec![e],
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => vec![a, b],
            ExprKind::Ternary(a, b, c) => vec![a, b, c],
            ExprKind::Range(a, _, _, _) => vec![a],
            ExprKind::Concat(v) | ExprKind::Call(_, v) => v.iter().collect(),
            ExprKind::Replicate(_, v) => v.iter().collect(),
            ExprKind::System(f, v) if f.is_sampled() => v.iter().take(1).collect(),
            ExprKind::System(_, v) => v.iter().collect(),
            ExprKind::Inside(e, _) => vec![e],
        }
    }
}

/// A sequence (IEEE 1800 16.7) of the lowered subset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seq {
    /// A Boolean expression: one clock tick.
    Bool(Expr),
    /// `lhs ##[min:max] rhs`, or `##[min:max] rhs` at the start of a sequence.
    Delay {
        lhs: Option<Box<Seq>>,
        min: u32,
        max: u32,
        rhs: Box<Seq>,
    },
    /// `s[*min:max]` (consecutive repetition, `min >= 1`).
    Repeat { seq: Box<Seq>, min: u32, max: u32 },
    /// `a or b`: either sequence.
    Or(Box<Seq>, Box<Seq>),
    /// `e throughout s`.
    Throughout(Expr, Box<Seq>),
}

/// A property expression of the lowered subset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prop {
    /// A sequence used as a property (an invariant when it is one Boolean).
    Seq(Seq),
    /// `ante |-> cons` (`overlapping`) or `ante |=> cons`.
    Implies {
        ante: Seq,
        overlapping: bool,
        cons: Box<Prop>,
    },
    /// `a and b`.
    And(Box<Prop>, Box<Prop>),
}

/// The clocking event of a property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockEvent {
    pub posedge: bool,
    pub signal: String,
}

impl std::fmt::Display for ClockEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let edge = if self.posedge { "posedge" } else { "negedge" };
        write!(f, "{edge} {}", self.signal)
    }
}

/// A whole property: its clock, its `disable iff` condition and its body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertySpec {
    pub clock: Option<ClockEvent>,
    pub disable: Option<Expr>,
    pub body: Prop,
}
