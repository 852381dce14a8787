//! Path conditions printed as SystemVerilog the way RTL writes them: like
//! `Expr`'s own `Display`, but a negated equality reads `a != b`.

use std::fmt::Write;

use crate::logic::{Atom, Expr};

/// SystemVerilog text of a path condition (`1` when unconditional).
pub fn path_text(e: &Expr) -> String {
    let mut out = String::new();
    write_expr(&mut out, e);
    out
}

/// Binding strength: higher binds tighter (`||` 1, `&&` 2, `==`/`!=` 3, others 4).
fn precedence(e: &Expr) -> u8 {
    match e {
        Expr::Or(v) if v.len() > 1 => 1,
        Expr::And(v) if v.len() > 1 => 2,
        Expr::Atom(Atom::Eq(..)) => 3,
        Expr::Not(inner) if matches!(**inner, Expr::Atom(Atom::Eq(..))) => 3,
        _ => 4,
    }
}

fn write_operand(out: &mut String, e: &Expr, min: u8) {
    if precedence(e) < min {
        out.push('(');
        write_expr(out, e);
        out.push(')');
    } else {
        write_expr(out, e);
    }
}

fn write_expr(out: &mut String, e: &Expr) {
    match e {
        Expr::Not(inner) => match &**inner {
            Expr::Atom(Atom::Eq(l, r)) => {
                let _ = write!(out, "{l} != {r}");
            }
            other => {
                out.push('!');
                write_operand(out, other, 4);
            }
        },
        Expr::And(v) | Expr::Or(v) if v.len() > 1 => {
            let (op, prec) = if matches!(e, Expr::And(_)) {
                (" && ", 2)
            } else {
                (" || ", 1)
            };
            for (i, item) in v.iter().enumerate() {
                if i > 0 {
                    out.push_str(op);
                }
                write_operand(out, item, prec + 1);
            }
        }
        Expr::And(v) | Expr::Or(v) if v.len() == 1 => write_expr(out, &v[0]),
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Term;

    #[test]
    fn negated_equalities_read_as_not_equal() {
        let ne = Expr::not(Expr::Atom(Atom::Eq(
            Term::Ident("c".into()),
            Term::Ident("d".into()),
        )));
        let e = Expr::and([
            Expr::not(Expr::and([Expr::ident("a"), Expr::ident("b")])),
            ne.clone(),
        ]);
        assert_eq!(path_text(&e), "!(a && b) && c != d");
        assert_eq!(path_text(&Expr::not(ne)), "!(c != d)");
        assert_eq!(path_text(&Expr::Const(true)), "1");
        assert_eq!(
            path_text(&Expr::or([
                Expr::ident("a"),
                Expr::and([Expr::ident("b"), Expr::ident("c")])
            ])),
            "a || b && c"
        );
    }
}
