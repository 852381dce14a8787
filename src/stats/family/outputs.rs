//! Property verdicts gathered per output (one model's output, one sample of it, for one
//! implementation of one family): whether it is syntactically valid, its properties, interface-only and
//! sound ones, mutant checks and detections, and its category for the filter; and the
//! output as a filter row paired with the family's canonical output.

use std::collections::{BTreeMap, BTreeSet};

use crate::stats::row::FilterRow;
use crate::study::{FormalStatus, ORIGINAL, PropertyVerdict, Study};

/// The behavior name of a module pair: "the output has a sound property".
pub const SOUND_BEHAVIOR: &str = "sound";

/// One output's tallies.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OutputSummary {
    pub model: String,
    pub program: String,
    pub variant: String,
    /// Which sample of several for the same prompt (0 when there is one).
    pub sample: u32,
    pub stratum: String,
    /// Every line of the output has syntax ok (an output with no property read is not
    /// valid unless its own line says it is).
    pub syntax_valid: bool,
    /// Property lines (all of them, valid output or not).
    pub properties: u64,
    pub interface_only: u64,
    pub sound: u64,
    /// Mutant checks of its sound properties, and how many fail (detect).
    pub mutant_checks: u64,
    pub mutant_detections: u64,
    /// The mutants its sound properties detect.
    pub caught: BTreeSet<String>,
    /// The mutants its sound properties were checked on.
    pub checked_mutants: BTreeSet<String>,
    /// The output's category (see [`OutputSummary::category`]).
    pub category: &'static str,
}

impl OutputSummary {
    /// Whether the output counts as having a sound property (only a syntactically valid
    /// output counts, as in EquivSVA, where an output that does not compile has no
    /// property checked).
    pub fn has_sound(&self) -> bool {
        self.syntax_valid && self.sound > 0
    }
}

/// The category of an output, best first: `sound`, `vacuous` (only vacuous passes),
/// `internal-signal` (passes naming non-interface signals), `fail`, `unknown`,
/// `unsupported`, `interface-violation`, `error`; `syntax-error` for an output that is
/// not syntactically valid and `no-property` for one from which nothing was read.
fn category(lines: &[&PropertyVerdict], syntax_valid: bool) -> &'static str {
    if lines.iter().all(|l| !l.is_property()) {
        return "no-property";
    }
    if !syntax_valid {
        return "syntax-error";
    }
    let status = |s: FormalStatus| {
        lines
            .iter()
            .any(|l| l.status.as_ref().is_some_and(|c| c.status == s))
    };
    let passes = |f: &dyn Fn(&PropertyVerdict) -> bool| {
        lines.iter().any(|l| {
            l.status
                .as_ref()
                .is_some_and(|c| c.status == FormalStatus::Pass)
                && f(l)
        })
    };
    if lines.iter().any(|l| l.is_sound()) {
        "sound"
    } else if passes(&|l| l.status.as_ref().is_some_and(|c| c.vacuous)) {
        "vacuous"
    } else if passes(&|l| l.interface_only == Some(false)) {
        "internal-signal"
    } else if status(FormalStatus::Fail) {
        "fail"
    } else if status(FormalStatus::Unknown) {
        "unknown"
    } else if status(FormalStatus::Unsupported) {
        "unsupported"
    } else if status(FormalStatus::InterfaceViolation) {
        "interface-violation"
    } else {
        "error"
    }
}

/// Every output of the study's verdicts, sorted by (model, program, variant, sample);
/// the stratum is the program's when programs are loaded, else the verdicts'.
pub fn outputs(study: &Study) -> Vec<OutputSummary> {
    type Key<'a> = (&'a str, &'a str, &'a str, u32);
    let mut groups: BTreeMap<Key, Vec<&PropertyVerdict>> = BTreeMap::new();
    for v in &study.verdicts {
        groups
            .entry((&v.model, &v.program, &v.variant, v.sample_index()))
            .or_default()
            .push(v);
    }
    groups
        .into_iter()
        .map(|((model, program, variant, sample), lines)| {
            let stratum = study
                .program(program)
                .map(|p| p.stratum.clone())
                .or_else(|| lines.iter().find_map(|l| l.stratum.clone()))
                .unwrap_or_default();
            let mut s = summarize(model, program, variant, stratum, &lines);
            s.sample = sample;
            s
        })
        .collect()
}

fn summarize(
    model: &str,
    program: &str,
    variant: &str,
    stratum: String,
    lines: &[&PropertyVerdict],
) -> OutputSummary {
    let syntax_valid = lines.iter().all(|l| l.syntax.ok);
    let mut s = OutputSummary {
        model: model.to_string(),
        program: program.to_string(),
        variant: variant.to_string(),
        stratum,
        syntax_valid,
        category: category(lines, syntax_valid),
        ..OutputSummary::default()
    };
    for l in lines.iter().filter(|l| l.is_property()) {
        s.properties += 1;
        s.interface_only += u64::from(l.interface_only == Some(true));
        if l.is_sound() {
            s.sound += 1;
            s.mutant_checks += l.mutants.len() as u64;
            s.mutant_detections += l.detected_mutants().count() as u64;
            s.caught.extend(l.detected_mutants().map(str::to_string));
            s.checked_mutants.extend(l.mutants.keys().cloned());
        }
    }
    s
}

/// An output as a filter row: the pair of the family's canonical output of the same
/// sample (base) and this one (trans), correct meaning "has a sound property". The
/// canonical output is paired with itself.
#[derive(Debug, Clone, Copy)]
pub struct OutputRow<'a> {
    pub output: &'a OutputSummary,
    /// The canonical output of the same (model, program, sample), if there is one.
    pub canonical: Option<&'a OutputSummary>,
    /// Tags confirmed on the pair (variants only).
    pub tags: Option<&'a BTreeSet<String>>,
    /// Whether the output's family is variant-sensitive for its model.
    pub sensitive: bool,
}

impl OutputRow<'_> {
    /// Whether this is the canonical implementation's own output.
    pub fn is_canonical(&self) -> bool {
        self.output.variant == ORIGINAL
    }
}

impl FilterRow for OutputRow<'_> {
    fn model(&self) -> &str {
        &self.output.model
    }
    fn variant(&self) -> &str {
        &self.output.variant
    }
    fn program(&self) -> &str {
        &self.output.program
    }
    fn stratum(&self) -> &str {
        &self.output.stratum
    }
    fn behavior(&self) -> &str {
        SOUND_BEHAVIOR
    }
    fn base_correct(&self) -> bool {
        self.canonical.is_some_and(OutputSummary::has_sound)
    }
    fn trans_correct(&self) -> bool {
        self.output.has_sound()
    }
    fn base_category(&self) -> Option<&str> {
        self.canonical.map(|c| c.category)
    }
    fn trans_category(&self) -> Option<&str> {
        Some(self.output.category)
    }
    fn behavior_class(&self) -> Option<&str> {
        Some(&self.output.stratum)
    }
    fn variant_sensitive(&self) -> Option<bool> {
        Some(self.sensitive)
    }
    fn sample(&self) -> u32 {
        self.output.sample
    }
    fn tags(&self) -> impl Iterator<Item = &str> {
        self.tags.into_iter().flatten().map(String::as_str)
    }
}

/// The rows of `outputs`, each with its family's canonical output of the same sample.
pub fn rows<'a>(
    outputs: &'a [OutputSummary],
    tags: impl Fn(&OutputSummary) -> Option<&'a BTreeSet<String>>,
) -> Vec<OutputRow<'a>> {
    let canonical: BTreeMap<(&str, &str, u32), &OutputSummary> = outputs
        .iter()
        .filter(|o| o.variant == ORIGINAL)
        .map(|o| ((o.model.as_str(), o.program.as_str(), o.sample), o))
        .collect();
    let sensitive = super::figures::sensitive_families(outputs);
    outputs
        .iter()
        .map(|o| OutputRow {
            output: o,
            canonical: canonical
                .get(&(o.model.as_str(), o.program.as_str(), o.sample))
                .copied(),
            tags: tags(o),
            sensitive: sensitive
                .get(&(o.model.as_str(), o.program.as_str()))
                .copied()
                .unwrap_or(false),
        })
        .collect()
}
