//! The serialised form of an analysis outcome, as kept in the parse cache: behaviors
//! (paths as a compact tagged tree) or the syntax error. Its shape is versioned by
//! [`super::cache::FORMAT_VERSION`].

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::behavior::{AssignKind, Behavior};
use super::error::RtlError;
use super::source::SourceKind;
use crate::logic::{Atom, Constant, Declarations, Expr, Term};

/// What one text gave: its kind and behaviors, or why it has none.
pub type Outcome = Result<(SourceKind, Vec<Behavior>), RtlError>;

#[derive(Clone, Serialize, Deserialize)]
pub enum StoredOutcome {
    Module(StoredModule),
    Fragment(Vec<StoredBehavior>),
    Error(RtlError),
}

/// A module's behaviors and, once for all of them, its declarations.
#[derive(Clone, Serialize, Deserialize)]
pub struct StoredModule {
    behaviors: Vec<StoredBehavior>,
    widths: BTreeMap<String, u32>,
    /// name -> (width, value as decimal text).
    constants: BTreeMap<String, (Option<u32>, String)>,
}

impl StoredModule {
    fn new(behaviors: &[Behavior]) -> StoredModule {
        let declared = behaviors
            .first()
            .map(|b| b.declarations.clone())
            .unwrap_or_default();
        StoredModule {
            behaviors: behaviors.iter().map(Into::into).collect(),
            widths: declared.widths.clone(),
            constants: declared
                .constants
                .iter()
                .filter_map(|(n, c)| Some((n.clone(), (c.width, c.value?.to_string()))))
                .collect(),
        }
    }

    fn into_behaviors(self) -> Vec<Behavior> {
        let constants = self
            .constants
            .into_iter()
            .filter_map(|(name, (width, value))| {
                let value = value.parse().ok()?;
                Some((
                    name.clone(),
                    Constant {
                        text: name,
                        width,
                        value: Some(value),
                        has_xz: false,
                    },
                ))
            })
            .collect();
        let declared = Arc::new(Declarations {
            widths: self.widths,
            constants,
        });
        self.behaviors
            .into_iter()
            .map(|b| {
                let mut b: Behavior = b.into();
                b.declarations = declared.clone();
                b
            })
            .collect()
    }
}

#[derive(Clone, Serialize, Deserialize)]
pub struct StoredBehavior {
    id: String,
    lhs: String,
    rhs: String,
    path: StoredExpr,
    line: usize,
    column: usize,
    nonblocking: bool,
    clock: Option<String>,
    xz: bool,
}

#[derive(Clone, Serialize, Deserialize)]
enum StoredExpr {
    C(bool),
    I(String),
    E(Box<StoredTerm>, Box<StoredTerm>),
    O(String),
    N(Box<StoredExpr>),
    A(Vec<StoredExpr>),
    R(Vec<StoredExpr>),
}

#[derive(Clone, Serialize, Deserialize)]
enum StoredTerm {
    I(String),
    /// text, width, value (decimal text: JSON numbers stop at 64 bits), x/z.
    C(String, Option<u32>, Option<String>, bool),
    E(StoredExpr),
    O(String),
}

impl From<&Outcome> for StoredOutcome {
    fn from(o: &Outcome) -> Self {
        match o {
            Ok((SourceKind::Module, b)) => StoredOutcome::Module(StoredModule::new(b)),
            Ok((SourceKind::Fragment, b)) => {
                StoredOutcome::Fragment(b.iter().map(Into::into).collect())
            }
            Err(e) => StoredOutcome::Error(e.clone()),
        }
    }
}

impl StoredOutcome {
    /// The outcome, converted without consuming the stored form.
    pub fn to_outcome(&self) -> Outcome {
        self.clone().into()
    }
}

impl From<StoredOutcome> for Outcome {
    fn from(s: StoredOutcome) -> Self {
        match s {
            StoredOutcome::Module(m) => Ok((SourceKind::Module, m.into_behaviors())),
            StoredOutcome::Fragment(b) => Ok((
                SourceKind::Fragment,
                b.into_iter().map(Into::into).collect(),
            )),
            StoredOutcome::Error(e) => Err(e),
        }
    }
}

impl From<&Behavior> for StoredBehavior {
    fn from(b: &Behavior) -> Self {
        StoredBehavior {
            id: b.id.clone(),
            lhs: b.lhs.clone(),
            rhs: b.rhs.clone(),
            path: (&b.path).into(),
            line: b.line,
            column: b.column,
            nonblocking: b.kind == AssignKind::Nonblocking,
            clock: b.clock.clone(),
            xz: b.xz,
        }
    }
}

impl From<StoredBehavior> for Behavior {
    fn from(s: StoredBehavior) -> Self {
        Behavior {
            id: s.id,
            lhs: s.lhs,
            rhs: s.rhs,
            path: s.path.into(),
            line: s.line,
            column: s.column,
            kind: if s.nonblocking {
                AssignKind::Nonblocking
            } else {
                AssignKind::Blocking
            },
            clock: s.clock,
            xz: s.xz,
            declarations: Arc::default(),
        }
    }
}

impl From<&Expr> for StoredExpr {
    fn from(e: &Expr) -> Self {
        match e {
            Expr::Const(b) => StoredExpr::C(*b),
            Expr::Atom(Atom::Ident(n)) => StoredExpr::I(n.clone()),
            Expr::Atom(Atom::Eq(l, r)) => StoredExpr::E(Box::new(l.into()), Box::new(r.into())),
            Expr::Atom(Atom::Opaque(t)) => StoredExpr::O(t.clone()),
            Expr::Not(e) => StoredExpr::N(Box::new((&**e).into())),
            Expr::And(v) => StoredExpr::A(v.iter().map(Into::into).collect()),
            Expr::Or(v) => StoredExpr::R(v.iter().map(Into::into).collect()),
        }
    }
}

impl From<StoredExpr> for Expr {
    fn from(s: StoredExpr) -> Self {
        match s {
            StoredExpr::C(b) => Expr::Const(b),
            StoredExpr::I(n) => Expr::Atom(Atom::Ident(n)),
            StoredExpr::E(l, r) => Expr::Atom(Atom::Eq((*l).into(), (*r).into())),
            StoredExpr::O(t) => Expr::Atom(Atom::Opaque(t)),
            StoredExpr::N(e) => Expr::not((*e).into()),
            StoredExpr::A(v) => Expr::And(v.into_iter().map(Into::into).collect()),
            StoredExpr::R(v) => Expr::Or(v.into_iter().map(Into::into).collect()),
        }
    }
}

impl From<&Term> for StoredTerm {
    fn from(t: &Term) -> Self {
        match t {
            Term::Ident(n) => StoredTerm::I(n.clone()),
            Term::Const(c) => StoredTerm::C(
                c.text.clone(),
                c.width,
                c.value.map(|v| v.to_string()),
                c.has_xz,
            ),
            Term::Expr(e) => StoredTerm::E((&**e).into()),
            Term::Opaque(t) => StoredTerm::O(t.clone()),
        }
    }
}

impl From<StoredTerm> for Term {
    fn from(s: StoredTerm) -> Self {
        match s {
            StoredTerm::I(n) => Term::Ident(n),
            StoredTerm::C(text, width, value, has_xz) => Term::Const(Constant {
                text,
                width,
                value: value.and_then(|v| v.parse().ok()),
                has_xz,
            }),
            StoredTerm::E(e) => Term::Expr(Box::new(e.into())),
            StoredTerm::O(t) => Term::Opaque(t),
        }
    }
}
