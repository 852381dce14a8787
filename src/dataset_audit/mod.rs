//! `audit`: data quality of a study or a VERT file. Every program's RTL is analysed
//! (`rtl`), its reference read (`score::reference_behaviors`), and each behavior's reference
//! antecedent compared with the RTL path of the same assignment (`logic`): equivalent,
//! reference stronger or weaker, incomparable, unmatched; plus RTL syntax errors,
//! unreadable references and x/z literals, with examples by program id.

pub mod modules;
pub mod program;
pub mod report;
mod run;
pub mod study_rtl;
pub mod vert;

pub use crate::score::compare::{Agreement, Compared, ReferenceBehavior, compare_program};
pub use program::AuditProgram;
pub use report::{AuditReport, Counts};
pub use run::audit_programs;
pub use study_rtl::{StudyRtl, check_study_rtl};
pub use vert::{is_vert_file, read_vert};

#[cfg(test)]
mod tests;
