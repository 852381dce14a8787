//! Folding constant expressions to integers: literals, the design's parameters and
//! localparams (by value), and the integer operators of Verilog, for the counts of
//! `##N`, `##[M:N]`, `[*N]` and `$past(e, N)`. What does not fold (a signal, a
//! function call, a literal with x or z digits, an overflow) is `None`.

use std::collections::HashMap;

use super::ast::{BinOp, Expr, ExprKind, SysFn, UnOp};

/// Parameter values by name.
pub type Constants = HashMap<String, i64>;

/// The value of `e`, when it is a constant over `consts`.
pub fn fold(e: &Expr, consts: &Constants) -> Option<i64> {
    Some(match &e.kind {
        ExprKind::Number(text) => literal(text)?,
        ExprKind::Ident(n) => *consts.get(n)?,
        ExprKind::Paren(inner) => fold(inner, consts)?,
        ExprKind::Unary(op, a) => {
            let a = fold(a, consts)?;
            match op {
                UnOp::Plus => a,
                UnOp::Minus => a.checked_neg()?,
                UnOp::Not => i64::from(a == 0),
                UnOp::BitNot => !a,
                _ => return None,
            }
        }
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (fold(a, consts)?, fold(b, consts)?);
            match op {
                BinOp::Add => a.checked_add(b)?,
                BinOp::Sub => a.checked_sub(b)?,
                BinOp::Mul => a.checked_mul(b)?,
                BinOp::Div => a.checked_div(b)?,
                BinOp::Mod => a.checked_rem(b)?,
                BinOp::Pow => a.checked_pow(u32::try_from(b).ok()?)?,
                BinOp::Shl | BinOp::AShl => a.checked_shl(u32::try_from(b).ok()?)?,
                BinOp::Shr | BinOp::AShr => a.checked_shr(u32::try_from(b).ok()?)?,
                BinOp::BitAnd => a & b,
                BinOp::BitOr => a | b,
                BinOp::BitXor => a ^ b,
                BinOp::Lt => i64::from(a < b),
                BinOp::Le => i64::from(a <= b),
                BinOp::Gt => i64::from(a > b),
                BinOp::Ge => i64::from(a >= b),
                BinOp::Eq | BinOp::CaseEq => i64::from(a == b),
                BinOp::Ne | BinOp::CaseNe => i64::from(a != b),
                BinOp::LogAnd => i64::from(a != 0 && b != 0),
                BinOp::LogOr => i64::from(a != 0 || b != 0),
                _ => return None,
            }
        }
        ExprKind::Ternary(c, a, b) => {
            if fold(c, consts)? != 0 {
                fold(a, consts)?
            } else {
                fold(b, consts)?
            }
        }
        ExprKind::System(SysFn::Clog2, args) => {
            let v = fold(args.first()?, consts)?;
            if v <= 1 {
                0
            } else {
                i64::from(64 - (v - 1).leading_zeros())
            }
        }
        _ => return None,
    })
}

/// The value of an integer literal (`12`, `4'd3`, `8'hff`, `'b101`); `None` for x/z
/// digits, `'0`/`'1` fills and values beyond 63 bits.
pub fn literal(text: &str) -> Option<i64> {
    let t: String = text
        .chars()
        .filter(|c| *c != '_' && !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    let (radix, digits) = match t.split_once('\'') {
        None => (10, t.as_str()),
        Some((_, rest)) => {
            let rest = rest.strip_prefix('s').unwrap_or(rest);
            let radix = match rest.chars().next()? {
                'b' => 2,
                'o' => 8,
                'd' => 10,
                'h' => 16,
                _ => return None,
            };
            (radix, &rest[1..])
        }
    };
    if digits.is_empty() {
        return None;
    }
    i64::from_str_radix(digits, radix).ok()
}

#[cfg(test)]
mod tests {
    use super::super::expr::Cursor;
    use super::*;
    use crate::text::token::tokenize;

    fn value(text: &str, consts: &Constants) -> Option<i64> {
        let toks = tokenize(text);
        let mut c = Cursor::new(text, &toks, text.len());
        fold(&c.expr().unwrap(), consts)
    }

    #[test]
    fn folds_parameters_and_operators() {
        let consts: Constants = [("N".to_string(), 3), ("AW".to_string(), 4)]
            .into_iter()
            .collect();
        assert_eq!(value("N", &consts), Some(3));
        assert_eq!(value("N - 1", &consts), Some(2));
        assert_eq!(value("(1 << AW) - 1", &consts), Some(15));
        assert_eq!(value("$clog2(16)", &consts), Some(4));
        assert_eq!(value("$clog2(17)", &consts), Some(5));
        assert_eq!(value("4'd5 + 8'h10", &consts), Some(21));
        assert_eq!(value("N > 2 ? 7 : 1", &consts), Some(7));
        assert_eq!(value("M", &consts), None);
        assert_eq!(literal("4'bx1"), None);
        assert_eq!(value("sig + 1", &consts), None);
    }
}
