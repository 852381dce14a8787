//! Property tests on generated fragments: random nested `if`/`else if`/`else` trees
//! with random `&&`/`||`/`!`/`==` conditions. Every variant validates, T1 applied twice
//! gives back the original text, and T2 maps back to it through its rename map.

use std::collections::HashMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use super::{Kind, transform};
use crate::sva::rename_identifiers;

/// A condition; rendered with the parentheses precedence needs, plus redundant ones.
#[derive(Debug, Clone)]
enum Cond {
    Var(u8),
    Eq(u8, u8),
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
    Paren(Box<Cond>),
}

impl Cond {
    /// Binding strength of the rendered text: higher binds tighter.
    fn strength(&self) -> u8 {
        match self {
            Cond::Or(_) => 1,
            Cond::And(_) => 2,
            Cond::Eq(..) => 3,
            _ => 4,
        }
    }

    fn render(&self) -> String {
        match self {
            Cond::Var(i) => format!("s{i}"),
            Cond::Eq(i, j) => format!("s{i} == s{j}"),
            Cond::Not(c) => match **c {
                Cond::Var(_) | Cond::Paren(_) => format!("!{}", c.render()),
                _ => format!("!({})", c.render()),
            },
            Cond::And(v) => join(v, " && ", 2),
            Cond::Or(v) => join(v, " || ", 1),
            Cond::Paren(c) => format!("({})", c.render()),
        }
    }
}

fn join(items: &[Cond], op: &str, strength: u8) -> String {
    items
        .iter()
        .map(|c| {
            if c.strength() <= strength {
                format!("({})", c.render())
            } else {
                c.render()
            }
        })
        .collect::<Vec<_>>()
        .join(op)
}

fn cond() -> impl Strategy<Value = Cond> {
    let leaf = prop_oneof![
        (0u8..6).prop_map(Cond::Var),
        (0u8..6, 0u8..6).prop_map(|(i, j)| Cond::Eq(i, j)),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| Cond::Not(Box::new(c))),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Cond::And),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Cond::Or),
            inner.prop_map(|c| Cond::Paren(Box::new(c))),
        ]
    })
}

/// A statement: an assignment or an if/else-if/else tree.
#[derive(Debug, Clone)]
enum Stmt {
    Assign(u8, u8),
    If(Cond, Vec<Stmt>, Vec<(Cond, Vec<Stmt>)>, Option<Vec<Stmt>>),
}

fn render_block(out: &mut String, body: &[Stmt], indent: usize) {
    out.push_str("begin\n");
    for s in body {
        render_stmt(out, s, indent + 1);
    }
    out.push_str(&"  ".repeat(indent));
    out.push_str("end");
}

fn render_stmt(out: &mut String, s: &Stmt, indent: usize) {
    out.push_str(&"  ".repeat(indent));
    match s {
        Stmt::Assign(l, r) => out.push_str(&format!("x{l} = s{r};\n")),
        Stmt::If(c, then, else_ifs, otherwise) => {
            out.push_str(&format!("if ({}) ", c.render()));
            render_block(out, then, indent);
            for (c, body) in else_ifs {
                out.push_str(&format!(" else if ({}) ", c.render()));
                render_block(out, body, indent);
            }
            if let Some(body) = otherwise {
                out.push_str(" else ");
                render_block(out, body, indent);
            }
            out.push('\n');
        }
    }
}

fn stmt() -> impl Strategy<Value = Stmt> {
    let leaf = (0u8..4, 0u8..6).prop_map(|(l, r)| Stmt::Assign(l, r));
    leaf.prop_recursive(3, 10, 3, |inner| {
        let body = prop::collection::vec(inner, 1..3);
        (
            cond(),
            body.clone(),
            prop::collection::vec((cond(), body.clone()), 0..2),
            prop::option::of(body),
        )
            .prop_map(|(c, t, e, o)| Stmt::If(c, t, e, o))
    })
}

fn fragment() -> impl Strategy<Value = String> {
    prop::collection::vec(stmt(), 1..3).prop_map(|stmts| {
        let mut out = String::new();
        for s in &stmts {
            render_stmt(&mut out, s, 0);
        }
        out
    })
}

fn check(source: &str) -> Result<(), TestCaseError> {
    for kind in Kind::ALL {
        let r = transform(source, Some("posedge clk"), kind)
            .map_err(|e| TestCaseError::fail(format!("{kind} on\n{source}\n{e}")))?;
        match (kind, r) {
            (Kind::T1, Some(r)) => {
                let twice = transform(&r.rtl, None, Kind::T1)
                    .map_err(|e| TestCaseError::fail(format!("T1 twice: {e}")))?
                    .expect("T1 applies to its own output");
                prop_assert_eq!(&twice.rtl, source);
            }
            (Kind::T2, Some(r)) => {
                let back: HashMap<String, String> = r.rename.clone().unwrap().into_iter().collect();
                prop_assert_eq!(rename_identifiers(&r.rtl, &back), source);
            }
            (Kind::T3, None) if !source.contains("if") => {}
            (Kind::T3, None) | (Kind::T2, None) => {
                return Err(TestCaseError::fail(format!(
                    "{kind} did not apply to\n{source}"
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

#[test]
fn every_variant_of_generated_fragments_validates() {
    // sv-parser recurses deeply: run on a thread with a large stack.
    let handle = std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(|| {
            let mut runner = TestRunner::new(Config {
                cases: 48,
                failure_persistence: None,
                ..Config::default()
            });
            runner.run(&fragment(), |source| check(&source))
        })
        .unwrap();
    if let Err(e) = handle.join().unwrap() {
        panic!("{e}");
    }
}
