//! What a template can name: the placeholders of one (program, variant), computed once
//! from the program (the variant's RTL as prompted, so a T2 variant in its renamed
//! form; the clock; the reset an EquivSVA study records).

use minijinja::{Value, context};

use super::equivsva::describe_reset;
use crate::study::Program;

/// Every placeholder, in the order the documentation lists them.
pub const PLACEHOLDERS: [&str; 9] = [
    "program",
    "variant",
    "stratum",
    "rtl",
    "synchronous",
    "clock",
    "event",
    "implication",
    "reset",
];

/// The values of the placeholders for one prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptInputs {
    /// The program id.
    pub program: String,
    /// `original` or the variant's name.
    pub variant: String,
    /// The program's stratum.
    pub stratum: String,
    /// The RTL as the model sees it: the variant's own (renamed for T2).
    pub rtl: String,
    /// Whether the record is synchronous.
    pub synchronous: bool,
    /// The clock event (`posedge clk`), empty when there is none.
    pub clock: String,
    /// The reset as EquivSVA describes it (`rst, active high, synchronous`), or
    /// `not specified`.
    pub reset: String,
}

impl PromptInputs {
    /// The inputs of `variant` of `program`; `None` when the program has no such variant.
    pub fn new(program: &Program, variant: &str) -> Option<Self> {
        Some(Self {
            program: program.id.clone(),
            variant: variant.to_string(),
            stratum: program.stratum.clone(),
            rtl: program.variant_rtl(variant)?.to_string(),
            synchronous: program.synchronous,
            clock: program.clock.clone().unwrap_or_default(),
            reset: describe_reset(program.extra.get("reset")),
        })
    }

    /// Inputs that exercise every placeholder (for checking a template when it loads).
    pub(super) fn probe(synchronous: bool) -> Self {
        Self {
            program: "p".into(),
            variant: "original".into(),
            stratum: "s".into(),
            rtl: "if (a) begin\n  x = y;\nend\n".into(),
            synchronous,
            clock: if synchronous {
                "posedge clk".into()
            } else {
                String::new()
            },
            reset: "not specified".into(),
        }
    }

    /// `@(posedge clk) ` for a synchronous record with a clock, else empty.
    pub fn event(&self) -> String {
        if self.synchronous && !self.clock.is_empty() {
            format!("@({}) ", self.clock)
        } else {
            String::new()
        }
    }

    /// `|->` for synchronous records, `|=>` for asynchronous ones (the study's contract).
    pub fn implication(&self) -> &'static str {
        if self.synchronous { "|->" } else { "|=>" }
    }

    /// The template context.
    pub(super) fn context(&self) -> Value {
        context! {
            program => &self.program,
            variant => &self.variant,
            stratum => &self.stratum,
            rtl => &self.rtl,
            synchronous => self.synchronous,
            clock => &self.clock,
            event => self.event(),
            implication => self.implication(),
            reset => &self.reset,
        }
    }
}
