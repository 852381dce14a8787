//! What the family audit screen shows, built off the UI thread when the study loads:
//! each family's four implementations (the canonical one first), its mutants, and
//! every output's property verdicts (status, transfer, mutants, counterexamples read
//! into waveform traces) with the output's tallies (`stats::family::outputs`).

use std::collections::BTreeMap;

use crate::reproof::Trace;
use crate::stats::family::OutputSummary;
use crate::study::{Check, FormalStatus, ORIGINAL, PropertyVerdict, Study, StudyKind};

/// One implementation of a family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Implementation {
    /// The variant name (`original` for the canonical implementation).
    pub variant: String,
    /// Its style (`canonical_next`, `nested_if`, ...): the program's `meta.style` for
    /// the canonical one, else the variant name.
    pub style: String,
    pub rtl: String,
}

/// A family: its implementations (the canonical one first) and mutants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyText {
    pub id: String,
    /// The behavior class (the program's stratum).
    pub category: String,
    pub implementations: Vec<Implementation>,
    /// The mutants' names, in name order.
    pub mutants: Vec<String>,
}

impl FamilyText {
    /// The position of implementation `variant`.
    pub fn position(&self, variant: &str) -> Option<usize> {
        self.implementations
            .iter()
            .position(|i| i.variant == variant)
    }
}

/// One check of a property on one design, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckView {
    pub status: FormalStatus,
    pub vacuous: bool,
    pub reason: Option<String>,
    /// The counterexample of a `fail`, when the verdict carries one.
    pub trace: Option<Trace>,
}

impl CheckView {
    fn of(c: &Check) -> CheckView {
        CheckView {
            status: c.status,
            vacuous: c.vacuous,
            reason: c.reason.clone(),
            trace: c
                .counterexample
                .as_ref()
                .and_then(|v| serde_json::from_value(v.clone()).ok()),
        }
    }

    /// The status as a word: `vacuous` for a vacuous pass.
    pub fn word(&self) -> &'static str {
        if self.status == FormalStatus::Pass && self.vacuous {
            "vacuous"
        } else {
            self.status.as_str()
        }
    }
}

/// One generated property of an output (or, with `index` none, the line of an output
/// from which no property was read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertyRow {
    pub index: Option<usize>,
    pub name: String,
    pub text: String,
    pub syntax_ok: bool,
    pub syntax_message: Option<String>,
    pub interface_only: Option<bool>,
    /// The names it uses that are not ports.
    pub non_interface: Vec<String>,
    /// Its status on its own implementation.
    pub status: Option<CheckView>,
    pub sound: bool,
    /// Its status on the other implementations, by variant name.
    pub transfer: BTreeMap<String, CheckView>,
    /// Its status on the mutants, by name (`fail` detects).
    pub mutants: BTreeMap<String, CheckView>,
    /// Another engine's verdict on it (`equivsva's verdict: fail` for the authors'
    /// imported scores).
    pub external: Option<String>,
}

impl PropertyRow {
    fn of(v: &PropertyVerdict) -> PropertyRow {
        PropertyRow {
            index: v.index,
            name: v
                .name
                .clone()
                .or_else(|| v.index.map(|i| format!("#{i}")))
                .unwrap_or_else(|| "(no property read)".into()),
            text: v.text.clone().unwrap_or_default(),
            syntax_ok: v.syntax.ok,
            syntax_message: v.syntax.message.clone(),
            interface_only: v.interface_only,
            non_interface: v.non_interface.clone(),
            status: v.status.as_ref().map(CheckView::of),
            sound: v.is_sound(),
            transfer: v
                .transfer
                .iter()
                .map(|(k, c)| (k.clone(), CheckView::of(c)))
                .collect(),
            mutants: v
                .mutants
                .iter()
                .map(|(k, c)| (k.clone(), CheckView::of(c)))
                .collect(),
            external: v
                .external
                .as_ref()
                .map(|e| format!("{}'s verdict: {}", e.source, e.status)),
        }
    }

    /// Its status as a word: the check's, `syntax` for a syntax error, `no property`
    /// for an output's empty line, `not checked` otherwise.
    pub fn word(&self) -> &'static str {
        match (&self.status, self.index) {
            (Some(c), _) => c.word(),
            (None, None) => "no property",
            (None, _) if !self.syntax_ok => "syntax",
            (None, _) => "not checked",
        }
    }

    /// Its check on implementation `variant` (`own` is its own implementation's).
    pub fn check_on(&self, variant: &str, own: &str) -> Option<&CheckView> {
        if variant == own {
            self.status.as_ref()
        } else {
            self.transfer.get(variant)
        }
    }

    /// The mutants it detects.
    pub fn caught(&self) -> Vec<&str> {
        self.mutants
            .iter()
            .filter(|(_, c)| c.status == FormalStatus::Fail)
            .map(|(k, _)| k.as_str())
            .collect()
    }

    /// Every counterexample of the property, in the order Enter steps through them:
    /// its own failure (on `own`), then its failures on the other implementations, then
    /// on the mutants it detects (both by name), each with where it comes from.
    pub fn traces(&self, own: &str) -> Vec<(Whose, String, &Trace)> {
        let own_trace = self
            .status
            .as_ref()
            .and_then(|c| c.trace.as_ref())
            .map(|t| {
                (
                    Whose::Implementation(own.to_string()),
                    format!("on {own} (its own)"),
                    t,
                )
            });
        let transfers = self.transfer.iter().filter_map(|(k, c)| {
            c.trace.as_ref().map(|t| {
                (
                    Whose::Implementation(k.clone()),
                    format!("on {k} (transfer)"),
                    t,
                )
            })
        });
        let mutants = self.mutants.iter().filter_map(|(k, c)| {
            c.trace
                .as_ref()
                .map(|t| (Whose::Mutant(k.clone()), format!("on mutant {k}"), t))
        });
        own_trace
            .into_iter()
            .chain(transfers)
            .chain(mutants)
            .collect()
    }

    /// The counterexample to show and where it comes from: the one `whose` chose when
    /// it has one, else its own failure, else the first failing other implementation,
    /// else the first mutant it detects.
    pub fn shown_trace(&self, own: &str, whose: Option<&Whose>) -> Option<(String, &Trace)> {
        let all = self.traces(own);
        let chosen = whose.and_then(|w| all.iter().position(|(k, _, _)| k == w));
        all.into_iter()
            .nth(chosen.unwrap_or(0))
            .map(|(_, whence, t)| (whence, t))
    }
}

/// Whose counterexample the family screen shows: an implementation's (by variant
/// name) or a mutant's (by name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whose {
    Implementation(String),
    Mutant(String),
}

/// The key of an output: (model, program, variant).
/// (model, program, variant, sample): one output; several samples of one prompt
/// (`generate --samples N`) are outputs of their own.
pub type OutputKey = (String, String, String, u32);

/// Everything the family screens show.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FamilyStudy {
    pub families: BTreeMap<String, FamilyText>,
    /// Each output's property lines, in reading order.
    pub properties: BTreeMap<OutputKey, Vec<PropertyRow>>,
    /// Each output's tallies.
    pub outputs: BTreeMap<OutputKey, OutputSummary>,
    /// Why there is nothing to show yet (a study not proven).
    pub note: Option<String>,
}

impl FamilyStudy {
    /// Whether a loaded study is one of whole-module families with generations or
    /// verdicts (not one of assertions with external verdicts).
    pub fn applies(study: &Study) -> bool {
        study.kind() == StudyKind::Families
            && (!study.verdicts.is_empty() || !study.generations.is_empty())
    }

    /// The families of `study` with the verdicts gathered in `outputs`.
    pub fn build(study: &Study, outputs: &[OutputSummary]) -> FamilyStudy {
        let families = study
            .programs
            .iter()
            .map(|p| {
                let style = p
                    .meta
                    .as_ref()
                    .and_then(|m| m.get("style"))
                    .and_then(|s| s.as_str())
                    .unwrap_or("canonical")
                    .to_string();
                let mut implementations = vec![Implementation {
                    variant: ORIGINAL.to_string(),
                    style,
                    rtl: p.rtl.clone(),
                }];
                implementations.extend(p.variants.iter().map(|(name, v)| Implementation {
                    variant: name.clone(),
                    style: name.clone(),
                    rtl: v.rtl.clone(),
                }));
                let text = FamilyText {
                    id: p.id.clone(),
                    category: p.stratum.clone(),
                    implementations,
                    mutants: p.mutants.keys().cloned().collect(),
                };
                (p.id.clone(), text)
            })
            .collect();
        let mut properties: BTreeMap<OutputKey, Vec<PropertyRow>> = BTreeMap::new();
        for v in &study.verdicts {
            properties
                .entry((
                    v.model.clone(),
                    v.program.clone(),
                    v.variant.clone(),
                    v.sample_index(),
                ))
                .or_default()
                .push(PropertyRow::of(v));
        }
        for rows in properties.values_mut() {
            rows.sort_by_key(|r| r.index);
        }
        let outputs = outputs
            .iter()
            .map(|o| {
                (
                    (
                        o.model.clone(),
                        o.program.clone(),
                        o.variant.clone(),
                        o.sample,
                    ),
                    o.clone(),
                )
            })
            .collect();
        let note = study.verdicts.is_empty().then(|| {
            "not proven yet: run `flipscope score STUDY --verdicts STUDY/verdicts.jsonl` for the family pairs"
                .to_string()
        });
        FamilyStudy {
            families,
            properties,
            outputs,
            note,
        }
    }

    /// The property lines of an output (none when it has no verdicts).
    pub fn rows(&self, model: &str, program: &str, variant: &str, sample: u32) -> &[PropertyRow] {
        self.properties
            .get(&output_key(model, program, variant, sample))
            .map_or(&[], Vec::as_slice)
    }

    /// The tallies of an output.
    pub fn output(
        &self,
        model: &str,
        program: &str,
        variant: &str,
        sample: u32,
    ) -> Option<&OutputSummary> {
        self.outputs
            .get(&output_key(model, program, variant, sample))
    }
}

fn output_key(model: &str, program: &str, variant: &str, sample: u32) -> OutputKey {
    (
        model.to_string(),
        program.to_string(),
        variant.to_string(),
        sample,
    )
}
