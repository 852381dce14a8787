//! What a template can name: the placeholders of one (program, variant), computed once
//! from the program (the variant's RTL as prompted, so a T2 variant in its renamed
//! form; the clock; the reset an EquivSVA study records).

use minijinja::{Value, context};

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
    /// `not specified`; see [`program_reset`].
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
            reset: program_reset(program),
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

/// The extra program field that gives the `{{ reset }}` text word for word (an EquivSVA
/// importer writes `describe_reset` of the family's `spec.json` there).
pub const RESET_DESCRIPTION: &str = "reset_description";

/// A program's reset as EquivSVA's prompt describes it: the program's
/// `reset_description` when it has one; else from its `reset` expression, `NAME` as
/// `NAME, active high, reset` and `!NAME` (or `~NAME`) as `NAME, active low, reset`
/// (`reset` is EquivSVA's word when the timing is not known), any other expression as
/// it is; `not specified` without a reset.
pub fn program_reset(program: &Program) -> String {
    if let Some(text) = program
        .extra
        .get(RESET_DESCRIPTION)
        .and_then(|v| v.as_str())
    {
        return text.to_string();
    }
    let Some(expr) = program
        .reset
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
    else {
        return "not specified".into();
    };
    let is_name = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
            && !s.starts_with(|c: char| c.is_ascii_digit())
    };
    if is_name(expr) {
        return format!("{expr}, active high, reset");
    }
    if let Some(name) = expr.strip_prefix(['!', '~']).map(str::trim)
        && is_name(name)
    {
        return format!("{name}, active low, reset");
    }
    expr.to_string()
}
