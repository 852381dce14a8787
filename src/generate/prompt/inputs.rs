//! What a template can name: the placeholders of one (program, variant), computed once
//! from the variant, never from the original alone: the variant's RTL as prompted (a T2
//! variant in its renamed form), and its clock and reset, spelled as the variant spells
//! them (its own `clock`/`reset`/`reset_description` fields when it has them, else the
//! program's renamed through the inverse of the variant's `rename` map).

use std::collections::HashMap;

use minijinja::{Value, context};

use crate::study::{ORIGINAL, Program};
use crate::sva::rename::rename_identifiers;

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
    /// The prompt the study records as already rendered for this (program, variant)
    /// (an EquivSVA import keeps the task's prompt as `meta.prompt`), when it holds the
    /// variant's RTL as it is now; the `equivsva` template sends it byte for byte.
    pub recorded: Option<String>,
}

impl PromptInputs {
    /// The inputs of `variant` of `program`; `None` when the program has no such variant.
    pub fn new(program: &Program, variant: &str) -> Option<Self> {
        let rtl = program.variant_rtl(variant)?.to_string();
        let spelling = VariantSpelling::of(program, variant);
        Some(Self {
            program: program.id.clone(),
            variant: variant.to_string(),
            stratum: program.stratum.clone(),
            synchronous: program.synchronous,
            clock: spelling.clock(program),
            reset: spelling.reset(program),
            recorded: recorded_prompt(program, variant)
                .filter(|p| p.contains(rtl.as_str()))
                .map(str::to_string),
            rtl,
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
            recorded: None,
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

pub use crate::study::program::RESET_DESCRIPTION;

/// How a variant spells the program's clock and reset: its own fields, else the
/// program's through the inverse of its rename map (original name -> variant name).
struct VariantSpelling<'a> {
    /// The variant's own fields (`clock`, `reset`, `reset_description`), if any.
    own: Option<&'a serde_json::Map<String, serde_json::Value>>,
    /// Original name -> the variant's name (empty for a variant that renames nothing).
    forward: HashMap<String, String>,
}

impl<'a> VariantSpelling<'a> {
    fn of(program: &'a Program, variant: &str) -> Self {
        let v = (variant != ORIGINAL)
            .then(|| program.variants.get(variant))
            .flatten();
        let forward = v
            .and_then(|v| v.rename.as_ref())
            .map(|m| {
                m.iter()
                    .map(|(new, old)| (old.clone(), new.clone()))
                    .collect()
            })
            .unwrap_or_default();
        Self {
            own: v.map(|v| &v.extra),
            forward,
        }
    }

    /// The variant's own text field `key`.
    fn own(&self, key: &str) -> Option<&'a str> {
        self.own?.get(key)?.as_str()
    }

    fn renamed(&self, text: &str) -> String {
        rename_identifiers(text, &self.forward).into_owned()
    }

    /// The clock event as the variant spells it, empty when there is none.
    fn clock(&self, program: &Program) -> String {
        match self.own("clock") {
            Some(own) => own.to_string(),
            None => self.renamed(program.clock.as_deref().unwrap_or_default()),
        }
    }

    /// The reset as EquivSVA describes it, in the variant's names.
    fn reset(&self, program: &Program) -> String {
        if let Some(own) = self.own(RESET_DESCRIPTION) {
            return own.to_string();
        }
        if let Some(own) = self.own("reset") {
            return describe_reset_expression(Some(own));
        }
        if let Some(text) = reset_description(program) {
            // Only the reset's name is an identifier of the design in the description
            // (`rst, active high, synchronous`): rename the first word alone.
            return match text.split_once(',') {
                Some((name, rest)) => format!("{},{rest}", self.renamed(name).trim_end()),
                None => self.renamed(text),
            };
        }
        describe_reset_expression(program.reset.as_deref().map(|r| self.renamed(r)).as_deref())
    }
}

/// The `meta.prompt` the study records for a (program, variant): the variant's meta,
/// or the program's for `original`.
fn recorded_prompt<'a>(program: &'a Program, variant: &str) -> Option<&'a str> {
    let meta = if variant == ORIGINAL {
        program.meta.as_ref()
    } else {
        program.variants.get(variant)?.meta.as_ref()
    };
    meta?.get("prompt")?.as_str()
}

/// The program's `reset_description` field.
fn reset_description(program: &Program) -> Option<&str> {
    program.extra.get(RESET_DESCRIPTION)?.as_str()
}

/// A program's reset as EquivSVA's prompt describes it: the program's
/// `reset_description` when it has one; else from its `reset` expression, `NAME` as
/// `NAME, active high, reset` and `!NAME` (or `~NAME`) as `NAME, active low, reset`
/// (`reset` is EquivSVA's word when the timing is not known), any other expression as
/// it is; `not specified` without a reset.
pub fn program_reset(program: &Program) -> String {
    if let Some(text) = reset_description(program) {
        return text.to_string();
    }
    describe_reset_expression(program.reset.as_deref())
}

/// A reset expression as EquivSVA words it (see [`program_reset`]).
fn describe_reset_expression(expr: Option<&str>) -> String {
    let Some(expr) = expr.map(str::trim).filter(|e| !e.is_empty()) else {
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
