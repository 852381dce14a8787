//! EquivSVA's published rules, as their scripts apply them (docs/equivsva.md,
//! "Scoring rules"): syntax as slang judges it ([`syntax`]), the identifiers and the
//! forms their checker reads ([`shape`]), their engine's depth ([`induction`]), and
//! flipscope's verdict lines rewritten under them one cause at a time ([`judge`]).

pub mod induction;
pub mod judge;
pub mod shape;
pub mod syntax;

pub use judge::{Cause, EquivsvaOptions, Judged, design_defects, judge, verdicts_under};
