//! `verdicts.jsonl`: the formal verdicts of whole-module programs, one line per
//! generated property (program, variant, model, the property's place and text), with
//! whether it could be read, its syntax, whether it names only interface signals, its
//! status on its own implementation, on the program's other implementations
//! (transfer) and on the mutants, whether it is sound, and optionally the verdict of an
//! external engine on it (a dataset's own checker). An output from which no property
//! was read has one line of its own, with `index` null. See `docs/formats.md`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The formal status of one property on one design (`flipscope prove`'s statuses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormalStatus {
    /// Proven for every cycle.
    Pass,
    /// A counterexample exists.
    Fail,
    /// Neither a proof nor a counterexample within the depth and timeout.
    Unknown,
    /// Outside the subset the engine lowers; never a wrong verdict.
    Unsupported,
    /// Names signals that are not ports of the top module (not checked).
    InterfaceViolation,
    /// The design or the property does not elaborate.
    Error,
}

impl FormalStatus {
    /// Every status, in the order used for display.
    pub const ALL: [FormalStatus; 6] = [
        FormalStatus::Pass,
        FormalStatus::Fail,
        FormalStatus::Unknown,
        FormalStatus::Unsupported,
        FormalStatus::InterfaceViolation,
        FormalStatus::Error,
    ];

    /// The word written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            FormalStatus::Pass => "pass",
            FormalStatus::Fail => "fail",
            FormalStatus::Unknown => "unknown",
            FormalStatus::Unsupported => "unsupported",
            FormalStatus::InterfaceViolation => "interface-violation",
            FormalStatus::Error => "error",
        }
    }

    /// The status named by `word`, if any.
    pub fn from_word(word: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == word)
    }
}

impl fmt::Display for FormalStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The outcome of checking one property on one design.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Check {
    /// The status.
    pub status: FormalStatus,
    /// A pass whose antecedent can never hold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vacuous: bool,
    /// Why, in words (the construct that is unsupported, the tool's message, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The counterexample of a `fail`, as `flipscope prove --format json` gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<Value>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Check {
    /// A check with only a status.
    pub fn of(status: FormalStatus) -> Self {
        Self {
            status,
            vacuous: false,
            reason: None,
            counterexample: None,
            extra: Map::new(),
        }
    }

    /// A pass that is not vacuous.
    pub fn is_proof(&self) -> bool {
        self.status == FormalStatus::Pass && !self.vacuous
    }
}

/// Whether the property could be read from its output by each reader (SCORING.md §2):
/// `strict` when the whole output is nothing but property declarations and assertion
/// statements, `lenient` when the property was found anywhere in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    pub strict: bool,
    pub lenient: bool,
}

impl Default for Reading {
    fn default() -> Self {
        Self {
            strict: true,
            lenient: true,
        }
    }
}

/// Whether the property parses and elaborates with its design.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Syntax {
    pub ok: bool,
    /// The parser's or the elaborator's message, located in the property's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl Syntax {
    /// A property that parses and elaborates.
    pub fn ok() -> Self {
        Self {
            ok: true,
            message: None,
        }
    }

    /// A syntax error with its message.
    pub fn error(message: impl Into<String>) -> Self {
        Self {
            ok: false,
            message: Some(message.into()),
        }
    }
}

impl Default for Syntax {
    fn default() -> Self {
        Self::ok()
    }
}

/// The verdict of another engine on the same property, kept beside flipscope's own
/// (EquivSVA's SymbiYosys scores, AssertionBench's commercial tool).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExternalVerdict {
    /// Who gave it, e.g. `equivsva` or `jaspergold`.
    pub source: String,
    /// Its status in its own words, e.g. `pass`, `not_run_interface_violation`, `cex`.
    pub status: String,
    /// Whether it counted the property sound, when it says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sound: Option<bool>,
    /// Its status on each mutant, when it checked them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mutants: BTreeMap<String, String>,
    /// Anything else it recorded, kept as it was.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One generated property of one output, checked formally (or, with `index` null, an
/// output from which no property was read).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PropertyVerdict {
    /// The program id (an EquivSVA family).
    pub program: String,
    /// The implementation the output was generated for: `original` or a variant name.
    pub variant: String,
    /// The model that generated the output.
    pub model: String,
    /// Which sample of several for the same prompt the output is (its generation's
    /// `sample`); absent is sample 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample: Option<u32>,
    /// The program's stratum (an EquivSVA family's category), copied so a verdicts
    /// file can be read alone. When programs are loaded it must equal the program's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stratum: Option<String>,
    /// The property's 0-based position in the output, in reading order; `null` on the
    /// one line of an output from which no property was read. Required (null allowed).
    #[serde(deserialize_with = "required_option")]
    pub index: Option<usize>,
    /// The declared or labelled name, or one derived from the position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The property's text as read from the output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Which readers read it (both when absent).
    #[serde(default)]
    pub read: Reading,
    /// Whether it parses and elaborates (on an output's own line: whether the output as
    /// a whole does).
    #[serde(default)]
    pub syntax: Syntax,
    /// Whether it names only ports of its implementation's top module.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interface_only: Option<bool>,
    /// The names it uses that are not ports, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub non_interface: Vec<String>,
    /// Its status on its own implementation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Check>,
    /// Its status on each other implementation of the program, by variant name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub transfer: BTreeMap<String, Check>,
    /// Its status on each mutant of the program, by mutant name (for the properties
    /// that pass on their own implementation). A `fail` detects the mutant.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mutants: BTreeMap<String, Check>,
    /// Passes on its own implementation and names only interface signals. Optional in
    /// the file: computed when absent ([`PropertyVerdict::computed_sound`]); the loader
    /// fills it in and reports a stored value the rest of the line contradicts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sound: Option<bool>,
    /// Another engine's verdict on the same property.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external: Option<ExternalVerdict>,
    /// Hex SHA-256 of what the verdict was computed from (see `docs/formats.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_hash: Option<String>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl PropertyVerdict {
    /// The line of an output from which no property was read.
    pub fn empty_output(program: &str, variant: &str, model: &str, syntax: Syntax) -> Self {
        Self {
            program: program.to_string(),
            variant: variant.to_string(),
            model: model.to_string(),
            sample: None,
            stratum: None,
            index: None,
            name: None,
            text: None,
            read: Reading::default(),
            syntax,
            interface_only: None,
            non_interface: Vec::new(),
            status: None,
            transfer: BTreeMap::new(),
            mutants: BTreeMap::new(),
            sound: None,
            external: None,
            input_hash: None,
            extra: Map::new(),
        }
    }

    /// The line's identity: (model, program, variant, sample, index).
    pub fn key(&self) -> VerdictKey {
        VerdictKey {
            model: self.model.clone(),
            program: self.program.clone(),
            variant: self.variant.clone(),
            sample: self.sample_index(),
            index: self.index,
        }
    }

    /// The sample index (0 when the line records none).
    pub fn sample_index(&self) -> u32 {
        self.sample.unwrap_or(0)
    }

    /// Whether the line stands for a property (not for an output without one).
    pub fn is_property(&self) -> bool {
        self.index.is_some()
    }

    /// Sound by the default rule: a non-vacuous pass on its own implementation that
    /// names only interface signals and parses.
    pub fn computed_sound(&self) -> bool {
        self.syntax.ok
            && self.interface_only == Some(true)
            && self.status.as_ref().is_some_and(Check::is_proof)
    }

    /// Whether it is sound: the stored value, or the default rule when absent.
    pub fn is_sound(&self) -> bool {
        self.sound.unwrap_or_else(|| self.computed_sound())
    }

    /// The mutants it detects (fails on), in name order.
    pub fn detected_mutants(&self) -> impl Iterator<Item = &str> {
        self.mutants
            .iter()
            .filter(|(_, c)| c.status == FormalStatus::Fail)
            .map(|(name, _)| name.as_str())
    }
}

/// An `Option` field that must be present in the file, `null` allowed.
fn required_option<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer)
}

/// What identifies a verdict line within a study.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VerdictKey {
    pub model: String,
    pub program: String,
    pub variant: String,
    pub sample: u32,
    pub index: Option<usize>,
}

impl fmt::Display for VerdictKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let index = self
            .index
            .map_or_else(|| "no property".to_string(), |i| format!("property {i}"));
        write!(
            f,
            "model \"{}\", program \"{}\", variant \"{}\", ",
            self.model, self.program, self.variant
        )?;
        if self.sample > 0 {
            write!(f, "sample {}, ", self.sample)?;
        }
        f.write_str(&index)
    }
}

#[cfg(test)]
#[path = "verdict_tests.rs"]
mod tests;
