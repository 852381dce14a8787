//! The Verilog expression parser (IEEE 1800 11.3 precedence): a Pratt parser over the
//! tokens of one property, with `inside`, concatenation, replication, selects, calls,
//! system functions and size casts. It stops at the first token that cannot continue an
//! expression (`##`, `|->`, `and`, `)` ...) and leaves it to the property parser.

use super::ast::{BinOp, Expr, ExprKind, InsideItem, RangeKind, Span, SysFn, UnOp};
use super::problem::Problem;
use crate::text::token::{Kind, Token};

/// A cursor over the tokens of one property.
#[derive(Clone)]
pub struct Cursor<'a> {
    pub src: &'a str,
    pub toks: &'a [Token],
    pub pos: usize,
    /// Where the text ends (for "expected ... at the end").
    pub end: usize,
    /// The parameter values cycle counts may be folded over (none while reading a
    /// property on its own; the top module's when it is read for a design).
    pub consts: Option<&'a super::fold::Constants>,
}

/// Keywords that can never start or continue a Verilog expression inside a property.
pub const TEMPORAL_WORDS: &[&str] = &[
    "and",
    "or",
    "not",
    "intersect",
    "within",
    "throughout",
    "iff",
    "implies",
    "until",
    "s_until",
    "until_with",
    "s_until_with",
    "disable",
    "if",
    "else",
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
    "endproperty",
    "endsequence",
    "property",
    "sequence",
    "assert",
    "assume",
    "cover",
    "posedge",
    "negedge",
    "edge",
    "dist",
];

impl<'a> Cursor<'a> {
    pub fn new(src: &'a str, toks: &'a [Token], end: usize) -> Cursor<'a> {
        Cursor {
            src,
            toks,
            pos: 0,
            end,
            consts: None,
        }
    }

    pub fn peek(&self) -> Option<&'a str> {
        self.toks.get(self.pos).map(|t| t.text(self.src))
    }

    pub fn peek_at(&self, n: usize) -> Option<&'a str> {
        self.toks.get(self.pos + n).map(|t| t.text(self.src))
    }

    pub fn peek_tok(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    pub fn at(&self, text: &str) -> bool {
        self.peek() == Some(text)
    }

    pub fn bump(&mut self) -> Option<Token> {
        let t = self.toks.get(self.pos).copied();
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    pub fn done(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// The span of the next token, or an empty span at the end of the text.
    pub fn here(&self) -> Span {
        self.peek_tok().map_or(
            Span {
                start: self.end,
                end: self.end,
            },
            |t| Span {
                start: t.start,
                end: t.end,
            },
        )
    }

    /// The span from the start of token `from` to the end of the last token read.
    pub fn span_from(&self, from: usize) -> Span {
        let start = self.toks.get(from).map_or(self.end, |t| t.start);
        let end = self
            .toks
            .get(self.pos.saturating_sub(1))
            .map_or(start, |t| t.end);
        Span {
            start,
            end: end.max(start),
        }
    }

    /// What the next token is, for messages.
    pub fn describe_next(&self) -> String {
        match self.peek() {
            Some(t) => format!("`{t}`"),
            None => "the end of the property".to_string(),
        }
    }

    pub fn expect(&mut self, text: &str, what: &str) -> Result<Token, Problem> {
        if self.at(text) {
            Ok(self.bump().expect("a token"))
        } else {
            Err(Problem::syntax(
                format!("expected `{text}` {what}, found {}", self.describe_next()),
                self.here(),
            ))
        }
    }

    /// Parses a whole expression (lowest precedence).
    pub fn expr(&mut self) -> Result<Expr, Problem> {
        self.expr_bp(0)
    }

    fn expr_bp(&mut self, min_bp: u8) -> Result<Expr, Problem> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.peek() {
            if op == "?" {
                if TERNARY_BP < min_bp {
                    break;
                }
                self.bump();
                let then = self.expr_bp(0)?;
                self.expect(":", "in a conditional expression `c ? a : b`")?;
                let other = self.expr_bp(TERNARY_BP)?;
                let span = lhs.span.join(other.span);
                lhs = Expr {
                    kind: ExprKind::Ternary(Box::new(lhs), Box::new(then), Box::new(other)),
                    span,
                };
                continue;
            }
            if op == "inside" {
                if REL_BP < min_bp {
                    break;
                }
                self.bump();
                let (items, close) = self.inside_set()?;
                let span = lhs.span.join(close);
                lhs = Expr {
                    kind: ExprKind::Inside(Box::new(lhs), items),
                    span,
                };
                continue;
            }
            let Some((bin, bp, right_assoc)) = binary(op) else {
                break;
            };
            if bp < min_bp {
                break;
            }
            self.bump();
            let rhs = self.expr_bp(if right_assoc { bp } else { bp + 1 })?;
            let span = lhs.span.join(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary(bin, Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr, Problem> {
        let start = self.pos;
        let op = match self.peek() {
            Some("+") => Some(UnOp::Plus),
            Some("-") => Some(UnOp::Minus),
            Some("!") => Some(UnOp::Not),
            Some("~") => Some(UnOp::BitNot),
            Some("&") => Some(UnOp::RedAnd),
            Some("~&") => Some(UnOp::RedNand),
            Some("|") => Some(UnOp::RedOr),
            Some("~|") => Some(UnOp::RedNor),
            Some("^") => Some(UnOp::RedXor),
            Some("~^" | "^~") => Some(UnOp::RedXnor),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            let e = self.expr_bp(UNARY_BP)?;
            return Ok(Expr {
                kind: ExprKind::Unary(op, Box::new(e)),
                span: self.span_from(start),
            });
        }
        let e = self.primary()?;
        self.postfix(e)
    }

    fn postfix(&mut self, mut e: Expr) -> Result<Expr, Problem> {
        while self.at("[") {
            let open = self.pos;
            self.bump();
            let first = self.expr()?;
            let kind = match self.peek() {
                Some(":") => Some(RangeKind::Fixed),
                Some("+:") => Some(RangeKind::Up),
                Some("-:") => Some(RangeKind::Down),
                _ => None,
            };
            e = if let Some(kind) = kind {
                self.bump();
                let second = self.expr()?;
                self.expect("]", "to close the part select")?;
                Expr {
                    span: e.span.join(self.span_from(open)),
                    kind: ExprKind::Range(Box::new(e), kind, Box::new(first), Box::new(second)),
                }
            } else {
                self.expect("]", "to close the bit select")?;
                Expr {
                    span: e.span.join(self.span_from(open)),
                    kind: ExprKind::Index(Box::new(e), Box::new(first)),
                }
            };
        }
        if self.at(".") || self.at("::") {
            return Err(Problem::unsupported(
                format!(
                    "hierarchical or scoped name `{}{}`",
                    &self.src[e.span.start..e.span.end],
                    self.peek().unwrap_or_default()
                ),
                self.here(),
            ));
        }
        Ok(e)
    }

    fn primary(&mut self) -> Result<Expr, Problem> {
        let start = self.pos;
        let Some(tok) = self.peek_tok() else {
            return Err(Problem::syntax(
                "expected an expression, found the end of the property",
                self.here(),
            ));
        };
        let text = tok.text(self.src);
        let span = Span {
            start: tok.start,
            end: tok.end,
        };
        match tok.kind {
            Kind::Number => {
                self.bump();
                if text.contains('.') || (text.contains(['e', 'E']) && !text.contains('\'')) {
                    return Err(Problem::unsupported(format!("real number `{text}`"), span));
                }
                if self.at("'") && self.peek_at(1) == Some("(") {
                    // A size cast `8'(e)`.
                    self.bump();
                    self.bump();
                    let inner = self.expr()?;
                    self.expect(")", "to close the size cast")?;
                    return Ok(Expr {
                        kind: ExprKind::SizeCast(text.to_string(), Box::new(inner)),
                        span: self.span_from(start),
                    });
                }
                if text.contains(['x', 'X', 'z', 'Z', '?']) && text.contains('\'') {
                    return Err(Problem::unsupported(
                        format!("4-state literal `{text}` (x or z bits)"),
                        span,
                    ));
                }
                Ok(Expr {
                    kind: ExprKind::Number(text.to_string()),
                    span,
                })
            }
            Kind::Ident if text.starts_with('$') => {
                self.bump();
                let Some(f) = SysFn::from_name(text) else {
                    return Err(Problem::unsupported(
                        format!("system function `{text}`"),
                        span,
                    ));
                };
                self.expect("(", &format!("after `{text}`"))?;
                let args = self.arguments(text)?;
                check_arity(f, &args, self.span_from(start))?;
                Ok(Expr {
                    kind: ExprKind::System(f, args),
                    span: self.span_from(start),
                })
            }
            Kind::Ident => {
                if TEMPORAL_WORDS.contains(&text) {
                    return Err(Problem::syntax(
                        format!("expected an expression, found `{text}`"),
                        span,
                    ));
                }
                self.bump();
                if self.at("(") {
                    self.bump();
                    let args = self.arguments(text)?;
                    return Ok(Expr {
                        kind: ExprKind::Call(text.to_string(), args),
                        span: self.span_from(start),
                    });
                }
                if self.at("'") && self.peek_at(1) == Some("(") {
                    return Err(Problem::unsupported(format!("cast `{text}'(...)`"), span));
                }
                Ok(Expr {
                    kind: ExprKind::Ident(text.to_string()),
                    span,
                })
            }
            _ if text == "(" => {
                self.bump();
                let inner = self.expr()?;
                self.expect(")", "to close the parenthesis")?;
                Ok(Expr {
                    kind: ExprKind::Paren(Box::new(inner)),
                    span: self.span_from(start),
                })
            }
            _ if text == "{" => self.concatenation(),
            _ if text == "'{" => Err(Problem::unsupported("assignment pattern `'{...}`", span)),
            _ if text == "'" && self.peek_at(1) == Some("(") => {
                Err(Problem::unsupported("cast `'(...)`", span))
            }
            Kind::Str => Err(Problem::unsupported(format!("string {text}"), span)),
            _ => Err(Problem::syntax(
                format!("expected an expression, found `{text}`"),
                span,
            )),
        }
    }

    /// The arguments of a call after its `(`, up to and including the `)`.
    fn arguments(&mut self, callee: &str) -> Result<Vec<Expr>, Problem> {
        let mut args = Vec::new();
        if self.at(")") {
            self.bump();
            return Ok(args);
        }
        loop {
            if self.at(",") || self.at(")") {
                return Err(Problem::unsupported(
                    format!("an empty argument of `{callee}`"),
                    self.here(),
                ));
            }
            args.push(self.expr()?);
            if self.at(",") {
                self.bump();
                continue;
            }
            self.expect(")", &format!("to close the arguments of `{callee}`"))?;
            return Ok(args);
        }
    }

    fn concatenation(&mut self) -> Result<Expr, Problem> {
        let start = self.pos;
        self.bump();
        let first = self.expr()?;
        if self.at("{") {
            // Replication `{n{a, b}}`.
            self.bump();
            let mut items = vec![self.expr()?];
            while self.at(",") {
                self.bump();
                items.push(self.expr()?);
            }
            self.expect("}", "to close the replicated items")?;
            self.expect("}", "to close the replication")?;
            return Ok(Expr {
                kind: ExprKind::Replicate(Box::new(first), items),
                span: self.span_from(start),
            });
        }
        let mut items = vec![first];
        while self.at(",") {
            self.bump();
            items.push(self.expr()?);
        }
        self.expect("}", "to close the concatenation")?;
        Ok(Expr {
            kind: ExprKind::Concat(items),
            span: self.span_from(start),
        })
    }

    /// `{a, [lo:hi], ...}` after `inside`; returns the items and the span of the `}`.
    fn inside_set(&mut self) -> Result<(Vec<InsideItem>, Span), Problem> {
        self.expect("{", "after `inside`")?;
        let mut items = Vec::new();
        loop {
            if self.at("[") {
                self.bump();
                let lo = self.expr()?;
                self.expect(":", "in an `inside` range")?;
                if self.at("$") {
                    return Err(Problem::unsupported(
                        "open `inside` range with `$`",
                        self.here(),
                    ));
                }
                let hi = self.expr()?;
                self.expect("]", "to close an `inside` range")?;
                items.push(InsideItem::Range(lo, hi));
            } else {
                items.push(InsideItem::Value(self.expr()?));
            }
            if self.at(",") {
                self.bump();
                continue;
            }
            let close = self.here();
            self.expect("}", "to close the `inside` set")?;
            return Ok((items, close));
        }
    }
}

const TERNARY_BP: u8 = 4;
const REL_BP: u8 = 18;
const UNARY_BP: u8 = 28;

/// A binary operator: its kind, binding power and whether it is right-associative.
fn binary(op: &str) -> Option<(BinOp, u8, bool)> {
    Some(match op {
        "->" => (BinOp::Implies, 2, true),
        "<->" => (BinOp::Equiv, 2, true),
        "||" => (BinOp::LogOr, 6, false),
        "&&" => (BinOp::LogAnd, 8, false),
        "|" => (BinOp::BitOr, 10, false),
        "^" => (BinOp::BitXor, 12, false),
        "~^" | "^~" => (BinOp::BitXnor, 12, false),
        "&" => (BinOp::BitAnd, 14, false),
        "==" => (BinOp::Eq, 16, false),
        "!=" => (BinOp::Ne, 16, false),
        "===" => (BinOp::CaseEq, 16, false),
        "!==" => (BinOp::CaseNe, 16, false),
        "==?" => (BinOp::WildEq, 16, false),
        "!=?" => (BinOp::WildNe, 16, false),
        "<" => (BinOp::Lt, REL_BP, false),
        "<=" => (BinOp::Le, REL_BP, false),
        ">" => (BinOp::Gt, REL_BP, false),
        ">=" => (BinOp::Ge, REL_BP, false),
        "<<" => (BinOp::Shl, 20, false),
        ">>" => (BinOp::Shr, 20, false),
        "<<<" => (BinOp::AShl, 20, false),
        ">>>" => (BinOp::AShr, 20, false),
        "+" => (BinOp::Add, 22, false),
        "-" => (BinOp::Sub, 22, false),
        "*" => (BinOp::Mul, 24, false),
        "/" => (BinOp::Div, 24, false),
        "%" => (BinOp::Mod, 24, false),
        "**" => (BinOp::Pow, 26, false),
        _ => return None,
    })
}

/// The argument counts of the system functions (`$past` takes one or two here: its
/// gating and clocking arguments are outside the lowered subset).
fn check_arity(f: SysFn, args: &[Expr], span: Span) -> Result<(), Problem> {
    let ok = match f {
        SysFn::Past => (1..=2).contains(&args.len()),
        _ => args.len() == 1,
    };
    if ok {
        return Ok(());
    }
    if f == SysFn::Past && args.len() > 2 {
        return Err(Problem::unsupported(
            "`$past` with a gating expression or a clocking event",
            span,
        ));
    }
    if f.is_sampled() && args.len() == 2 {
        return Err(Problem::unsupported(
            format!("`{}` with a clocking event", f.name()),
            span,
        ));
    }
    Err(Problem::syntax(
        format!("`{}` takes one argument, found {}", f.name(), args.len()),
        span,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::token::tokenize;

    fn parse(s: &str) -> Result<Expr, Problem> {
        let toks = tokenize(s);
        let mut c = Cursor::new(s, &toks, s.len());
        let e = c.expr()?;
        assert!(c.done(), "left over: {:?}", c.peek());
        Ok(e)
    }

    fn shape(e: &Expr) -> String {
        match &e.kind {
            ExprKind::Ident(n) | ExprKind::Number(n) => n.clone(),
            ExprKind::Unary(op, a) => format!("{}{}", op.text(), shape(a)),
            ExprKind::Binary(op, a, b) => format!("({} {} {})", shape(a), op.text(), shape(b)),
            ExprKind::Ternary(a, b, c) => format!("({} ? {} : {})", shape(a), shape(b), shape(c)),
            ExprKind::Paren(a) => shape(a),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn follows_verilog_precedence() {
        let e = parse("a || b && c | d ^ e & f == g < h << i + j * k").unwrap();
        assert_eq!(
            shape(&e),
            "(a || (b && (c | (d ^ (e & (f == (g < (h << (i + (j * k))))))))))"
        );
        let e = parse("a ? b : c ? d : e").unwrap();
        assert_eq!(shape(&e), "(a ? b : (c ? d : e))");
        let e = parse("!a && -b == ~c").unwrap();
        assert_eq!(shape(&e), "(!a && (-b == ~c))");
        assert_eq!(shape(&parse("a - b - c").unwrap()), "((a - b) - c)");
    }

    #[test]
    fn reads_selects_calls_and_sets() {
        for s in [
            "x[3]",
            "x[3:0] == {a, b[1], 2'b01}",
            "{4{a}} != y[i +: 2]",
            "$past(count, 2) - 3'd1",
            "f(a, b) inside {1, [3:5]}",
            "$onehot0({grant0, grant1})",
            "8'(a + b)",
        ] {
            parse(s).unwrap_or_else(|e| panic!("{s}: {e:?}"));
        }
    }

    #[test]
    fn names_what_it_does_not_support() {
        let e = parse("$isunknown(a)").unwrap_err();
        assert!(e.message.contains("`$isunknown`"), "{}", e.message);
        let e = parse("a.b == 1").unwrap_err();
        assert!(e.message.contains("hierarchical"), "{}", e.message);
        assert!(
            parse("a == 4'b1x0")
                .unwrap_err()
                .message
                .contains("4-state")
        );
        assert!(
            parse("$past(a, 1, en)")
                .unwrap_err()
                .message
                .contains("gating")
        );
        let e = parse("(a && ").unwrap_err();
        assert_eq!(
            e.message,
            "expected an expression, found the end of the property"
        );
    }
}
