//! Property tests: conditions written as SystemVerilog text, with random operators,
//! parentheses and spacing, come back from sv-parser (after precedence regrouping) as
//! expressions equivalent to the ones generated; `else` branches get the negation; and
//! the printed path reads back through `logic::parse_expr` to the same meaning.

use proptest::prelude::*;

use super::*;
use crate::logic::{Atom, Expr, Term, equivalent, parse_expr};

fn atom() -> impl Strategy<Value = Expr> {
    prop_oneof![
        prop::sample::select(vec!["a", "b", "c", "d"]).prop_map(Expr::ident),
        (
            prop::sample::select(vec!["a", "b"]),
            prop::sample::select(vec!["c", "2'd1", "d"])
        )
            .prop_map(|(l, r)| {
                let rhs = if r.contains('\'') {
                    Term::Const(constant::parse_constant(r))
                } else {
                    Term::Ident(r.to_string())
                };
                Expr::Atom(Atom::Eq(Term::Ident(l.to_string()), rhs))
            }),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    atom().prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(Expr::not),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Expr::And),
            prop::collection::vec(inner, 2..4).prop_map(Expr::Or),
        ]
    })
}

/// SystemVerilog text of `e` with parentheses only where precedence needs them, plus
/// optional redundant ones, and `!=` for negated equalities half of the time.
fn write(e: &Expr, extra_parens: &mut impl Iterator<Item = bool>) -> String {
    let text = match e {
        Expr::Atom(Atom::Eq(l, r)) => format!("{l} == {r}"),
        Expr::Atom(a) => a.to_string(),
        Expr::Not(inner) => match &**inner {
            Expr::Atom(Atom::Eq(l, r)) if extra_parens.next().unwrap_or(false) => {
                format!("{l} != {r}")
            }
            other => format!("!({})", write(other, extra_parens)),
        },
        Expr::And(v) => v
            .iter()
            .map(|x| operand(x, 2, extra_parens))
            .collect::<Vec<_>>()
            .join(" && "),
        Expr::Or(v) => v
            .iter()
            .map(|x| operand(x, 1, extra_parens))
            .collect::<Vec<_>>()
            .join("   ||\n "),
        Expr::Const(b) => {
            if *b {
                "1'b1".into()
            } else {
                "1'b0".into()
            }
        }
    };
    if extra_parens.next().unwrap_or(false) {
        format!("({text})")
    } else {
        text
    }
}

fn operand(e: &Expr, level: u8, extra_parens: &mut impl Iterator<Item = bool>) -> String {
    let inner = write(e, extra_parens);
    let needs = match e {
        Expr::Or(_) => level >= 1,
        Expr::And(_) => level >= 2,
        _ => false,
    };
    if needs { format!("({inner})") } else { inner }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn written_conditions_read_back_equivalent(e in expr(), parens in prop::collection::vec(any::<bool>(), 64)) {
        let cond = write(&e, &mut parens.into_iter());
        let src = format!("if ({cond}) x = y;\nelse x = z;\n");
        let got = behaviors(&src, None).map_err(|err| TestCaseError::fail(format!("{err}\n{src}")))?;
        prop_assert_eq!(got.len(), 2);
        prop_assert!(equivalent(&got[0].path, &e), "{} vs {}", path_text(&got[0].path), e);
        prop_assert!(equivalent(&got[1].path, &Expr::not(e.clone())));
        let printed = path_text(&got[0].path);
        let reparsed = parse_expr(&printed).map_err(|err| TestCaseError::fail(format!("{err}: {printed}")))?;
        prop_assert!(equivalent(&reparsed, &e), "{} does not read back", printed);
    }
}
