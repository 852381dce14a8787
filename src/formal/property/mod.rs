//! The temporal SVA of generated properties (tokens from `crate::text::token`): syntax trees, the Verilog
//! expression parser and the property parser, with located problems. (The VERT
//! dialect's reader is `crate::sva`; this one reads the whole-module subset that
//! `flipscope prove` lowers.)

pub mod ast;
pub mod expr;
pub mod fold;
pub mod problem;
pub mod prop;

pub use ast::{ClockEvent, Expr, ExprKind, Prop, PropertySpec, Seq, Span};
pub use problem::{Problem, ProblemKind};
