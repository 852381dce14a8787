//! What the audit reads of one program, whatever file it came from: its id, RTL,
//! reference text, clock, the widths its study file gives and its variants' RTL.

/// One program to audit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditProgram {
    /// The program id (a VERT file's 0-based record index).
    pub id: String,
    /// The RTL fragment or module.
    pub rtl: String,
    /// The reference properties as given.
    pub reference: String,
    /// The clock event of a synchronous program.
    pub clock: Option<String>,
    /// Widths of signals the study file gives (`programs.jsonl` `"widths"`).
    pub widths: crate::logic::Widths,
    /// The variants' names and RTL (a study's; none for a VERT file), checked only for
    /// whether they parse.
    pub variants: Vec<(String, String)>,
}
