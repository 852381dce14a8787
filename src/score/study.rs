//! Scoring a whole study into pairs: each program's behaviors (from its reference, or
//! with the RTL oracle from its RTL paths), each model's original and variant
//! generations scored against them, one [`PairRecord`] per (model, variant, program,
//! behavior, sample), and a report of what could not be scored. With several samples
//! per prompt (`generate --samples N`), pairs are formed within a sample: sample k of
//! the original with sample k of the variant (the same seed, so the transformation is
//! the only difference); a variant's sample without the original's is not paired.

use std::collections::{BTreeSet, HashMap};

use rayon::prelude::*;
use serde_json::{Map, Value};

use super::behavior::{Behavior, reference_behaviors_in};
use super::boolean_widths::{Uses, with_boolean_widths};
use super::compare::{Agreement, compare_program};
use super::output::score_prepared;
use super::prepared::PreparedReference;
use super::verdict::{ScoreOptions, Verdict};
use crate::logic::{Declarations, Grammar, Semantics, Values, Widths};
use crate::rtl::{self, ParseCache, RtlInput, SourceKind, analyse_many};
use crate::study::{FlipClass, ORIGINAL, PairInputs, PairRecord, Program, Side, Study};

/// Where the true path condition of a behavior comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Oracle {
    /// The reference property's antecedent (the paper's choice).
    #[default]
    Reference,
    /// The path condition flipscope derives from the program's RTL.
    Rtl,
}

impl Oracle {
    /// The name written in pairs (`"oracle"`) and provenance.
    pub fn name(self) -> &'static str {
        match self {
            Oracle::Reference => "reference",
            Oracle::Rtl => "rtl",
        }
    }
}

/// How a study is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StudyOptions {
    pub oracle: Oracle,
    /// Read outputs leniently (SCORING.md, lenient mode).
    pub lenient: bool,
}

/// A program left out of every metric, and why (located within its reference or RTL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnscorableProgram {
    pub program: String,
    /// E.g. `reference 2:15: ...` or `rtl 3:4: ...`.
    pub reason: String,
}

/// A (model, program, variant) with no generation: its pairs are not formed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct MissingGeneration {
    pub model: String,
    pub program: String,
    pub variant: String,
}

/// A reference behavior left out under the RTL oracle: the RTL has no assignment of
/// the same `lhs = rhs` (same repeat number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DroppedBehavior {
    pub program: String,
    pub behavior: String,
}

/// The pairs of a study and everything that could not be scored.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScoreReport {
    /// In (model, variant, program, behavior) order: models and variants by name,
    /// programs in file order, behaviors in reference reading order.
    pub pairs: Vec<PairRecord>,
    pub unscorable_programs: Vec<UnscorableProgram>,
    /// Sorted by model, program, variant.
    pub missing_generations: Vec<MissingGeneration>,
    pub dropped_behaviors: Vec<DroppedBehavior>,
}

/// One program's behaviors and the semantics they are scored under, or why it cannot
/// be scored.
type ProgramBehaviors = Result<(Vec<Behavior>, Vec<DroppedBehavior>, Semantics), String>;

/// The semantics of one program: `values`, with the widths and named constants its RTL
/// declares (`declared`), and the widths its line of `programs.jsonl` gives (these
/// win).
pub fn program_semantics(
    values: Values,
    declared: Option<&Declarations>,
    widths: &Widths,
) -> Semantics {
    let mut all = declared.cloned().unwrap_or_default();
    all.widths
        .extend(widths.iter().map(|(n, w)| (n.clone(), *w)));
    Semantics::new(values).with_declarations(std::sync::Arc::new(all))
}

/// Scores every generation of `study` (see the module documentation) under the
/// study's semantics (`study.settings`, two-state by default).
pub fn score_study(study: &Study, options: &StudyOptions, cache: &ParseCache) -> ScoreReport {
    score_study_with(study, options, cache, &|| {})
}

/// The fragment programs `score_study` scores (whole-module ones are proven instead):
/// the total of its progress.
pub fn fragment_programs(study: &Study) -> usize {
    study.programs.iter().filter(|p| !p.is_module()).count()
}

/// `score_study`, calling `scored()` once per fragment program scored (from the
/// scoring threads, in no particular order): a progress line counts them.
pub fn score_study_with(
    study: &Study,
    options: &StudyOptions,
    cache: &ParseCache,
    scored: &(dyn Fn() + Sync),
) -> ScoreReport {
    let plan = Plan::new(study, options.oracle, cache);
    // Per program: (model, variant) -> pairs.
    let mut per_program: Vec<HashMap<(&str, &str), Vec<PairRecord>>> = (0..study.programs.len())
        .into_par_iter()
        .map(|i| plan.score_program(i, options, scored))
        .collect();
    let mut report = plan.report();
    for &model in &plan.models {
        for &variant in &plan.variants {
            for pairs in per_program.iter_mut() {
                if let Some(p) = pairs.remove(&(model, variant)) {
                    report.pairs.extend(p);
                }
            }
        }
    }
    report
}

/// What scoring a study needs before its first output is scored: every program's
/// behaviors, the models, variants and samples of the study, and its outputs by key.
pub(super) struct Plan<'a> {
    study: &'a Study,
    behaviors: Vec<ProgramBehaviors>,
    /// By name: the order of the pairs.
    pub(super) models: BTreeSet<&'a str>,
    pub(super) variants: BTreeSet<&'a str>,
    outputs: Outputs<'a>,
    samples: BTreeSet<u32>,
}

impl<'a> Plan<'a> {
    /// The behaviors of every program (in parallel, on the current rayon pool) and the
    /// index of the study's outputs.
    pub(super) fn new(study: &'a Study, oracle: Oracle, cache: &ParseCache) -> Plan<'a> {
        let values = study.settings.scoring.semantics.unwrap_or_default();
        let behaviors = program_behaviors(&study.programs, oracle, values, cache);
        let models: BTreeSet<&str> = study.generations.iter().map(|g| g.model.as_str()).collect();
        let variants: BTreeSet<&str> = study
            .programs
            .iter()
            .flat_map(|p| p.variants.keys().map(String::as_str))
            .collect();
        let outputs: Outputs = study
            .generations
            .iter()
            .map(|g| {
                let key = (g.model.as_str(), g.program.as_str(), g.variant.as_str());
                ((key, g.sample_index()), g.output.as_str())
            })
            .collect();
        let samples: BTreeSet<u32> = outputs.keys().map(|(_, s)| *s).collect();
        Plan {
            study,
            behaviors,
            models,
            variants,
            outputs,
            samples,
        }
    }

    /// The pairs of program `index` (file order) by (model, variant), each list in
    /// (sample, behavior) order; none for a whole-module program (scored by formal
    /// proof, `crate::module_score`) or an unscorable one. Calls `scored()` once for a
    /// fragment program.
    pub(super) fn score_program(
        &self,
        index: usize,
        options: &StudyOptions,
        scored: &(dyn Fn() + Sync),
    ) -> HashMap<(&'a str, &'a str), Vec<PairRecord>> {
        let program = &self.study.programs[index];
        let pairs = match &self.behaviors[index] {
            _ if program.is_module() => return HashMap::new(),
            Ok((behaviors, _, semantics)) => {
                let outputs = Sampled {
                    outputs: &self.outputs,
                    samples: &self.samples,
                };
                score_program(
                    program,
                    behaviors,
                    semantics,
                    &self.models,
                    &outputs,
                    options,
                )
            }
            Err(_) => HashMap::new(),
        };
        scored();
        pairs
    }

    /// What could not be scored (the report without its pairs).
    pub(super) fn report(&self) -> ScoreReport {
        let mut report = ScoreReport::default();
        for (program, b) in self.study.programs.iter().zip(&self.behaviors) {
            if program.is_module() {
                continue;
            }
            match b {
                Err(reason) => report.unscorable_programs.push(UnscorableProgram {
                    program: program.id.clone(),
                    reason: reason.clone(),
                }),
                Ok((_, dropped, _)) => {
                    report.dropped_behaviors.extend(dropped.iter().cloned());
                    for &model in &self.models {
                        for variant in program.variant_names() {
                            let key = ((model, program.id.as_str(), variant), 0);
                            if !self.outputs.contains_key(&key) {
                                report.missing_generations.push(MissingGeneration {
                                    model: model.to_string(),
                                    program: program.id.clone(),
                                    variant: variant.to_string(),
                                });
                            }
                        }
                    }
                }
            }
        }
        report.missing_generations.sort();
        report
    }
}

/// Every output by ((model, program, variant), sample).
type Outputs<'a> = HashMap<((&'a str, &'a str, &'a str), u32), &'a str>;

/// The outputs and the sample indices the study holds.
struct Sampled<'s, 'a> {
    outputs: &'s Outputs<'a>,
    samples: &'s BTreeSet<u32>,
}

/// The behaviors of every program under `oracle`, in program order, each with its
/// semantics.
fn program_behaviors(
    programs: &[Program],
    oracle: Oracle,
    values: Values,
    cache: &ParseCache,
) -> Vec<ProgramBehaviors> {
    let grammar = Grammar::of(values);
    let from_reference = |p: &Program| {
        reference_behaviors_in(&p.reference, grammar).map_err(|e| format!("reference {e}"))
    };
    // A fragment declares nothing; a module is analysed for its declarations (through
    // the parse cache) under either oracle.
    let needs_rtl =
        |p: &Program| oracle == Oracle::Rtl || rtl::source::detect(&p.rtl) == SourceKind::Module;
    let inputs: Vec<RtlInput<'_>> = programs
        .iter()
        .filter(|p| needs_rtl(p))
        .map(|p| RtlInput {
            source: &p.rtl,
            clock: p.clock.as_deref(),
        })
        .collect();
    let mut analysed = analyse_many(&inputs, cache).into_iter();
    let rtl: Vec<Option<Result<Vec<rtl::Behavior>, rtl::RtlError>>> = programs
        .iter()
        .map(|p| if needs_rtl(p) { analysed.next() } else { None })
        .collect();
    programs
        .par_iter()
        .zip(rtl.par_iter())
        .map(|(p, rtl)| {
            let reference = from_reference(p)?;
            let declared = rtl
                .as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|b| b.first())
                .map(|b| b.declarations.as_ref());
            let semantics = program_semantics(values, declared, &p.widths());
            // A fragment declares nothing: its Boolean-only signals are 1 bit wide.
            let semantics = if rtl::source::detect(&p.rtl) == SourceKind::Module {
                semantics
            } else {
                let mut uses = Uses::default();
                uses.behaviors(&reference);
                if let Some(Ok(rtl)) = rtl {
                    uses.rtl(rtl);
                }
                with_boolean_widths(semantics, &uses)
            };
            match oracle {
                Oracle::Reference => Ok((reference, Vec::new(), semantics)),
                Oracle::Rtl => {
                    let rtl = match rtl {
                        Some(r) => r.as_ref().map_err(rtl_reason)?,
                        None => &Vec::new(),
                    };
                    let (kept, dropped) = with_rtl_paths(p, reference, rtl, &semantics);
                    Ok((kept, dropped, semantics))
                }
            }
        })
        .collect()
}

fn rtl_reason(e: &rtl::RtlError) -> String {
    let (line, column) = e.position();
    format!("rtl {line}:{column}: {}", e.message())
}

/// The reference behaviors with their antecedents replaced by the RTL path of the same
/// assignment; those with no RTL counterpart are dropped and returned.
fn with_rtl_paths(
    program: &Program,
    reference: Vec<Behavior>,
    rtl: &[rtl::Behavior],
    semantics: &Semantics,
) -> (Vec<Behavior>, Vec<DroppedBehavior>) {
    // `compare_program` lists the reference behaviors first, in order.
    let compared = compare_program(&reference, rtl, semantics);
    let mut kept = Vec::new();
    let mut dropped = Vec::new();
    for (mut b, c) in reference.into_iter().zip(compared) {
        match (c.agreement, c.rtl) {
            (Agreement::UnmatchedReference, _) | (_, None) => dropped.push(DroppedBehavior {
                program: program.id.clone(),
                behavior: b.id,
            }),
            (_, Some(path)) => {
                b.antecedent = path;
                b.disable_iff = None;
                kept.push(b);
            }
        }
    }
    (kept, dropped)
}

/// The pairs of one program for every model and variant it has generations for.
fn score_program<'a>(
    program: &'a Program,
    behaviors: &[Behavior],
    semantics: &Semantics,
    models: &BTreeSet<&'a str>,
    sampled: &Sampled<'_, 'a>,
    options: &StudyOptions,
) -> HashMap<(&'a str, &'a str), Vec<PairRecord>> {
    let clock = if program.synchronous {
        program.clock.clone()
    } else {
        None
    };
    // Every output of the program is scored against the same behaviors: prepare their
    // antecedents once.
    let prepared = PreparedReference::new(behaviors, semantics);
    let mut out: HashMap<(&'a str, &'a str), Vec<PairRecord>> = HashMap::new();
    for (&model, &sample) in models
        .iter()
        .flat_map(|m| sampled.samples.iter().map(move |s| (m, s)))
    {
        let outputs = sampled.outputs;
        let key = |variant: &'a str| ((model, program.id.as_str(), variant), sample);
        let Some(&base_output) = outputs.get(&key(ORIGINAL)) else {
            continue;
        };
        let base_options = ScoreOptions {
            clock: clock.clone(),
            lenient: options.lenient,
            rename: HashMap::new(),
            semantics: semantics.clone(),
        };
        let base = score_prepared(&prepared, base_output, &base_options);
        for (name, variant) in &program.variants {
            let Some(&trans_output) = outputs.get(&key(name.as_str())) else {
                continue;
            };
            let trans_options = ScoreOptions {
                rename: variant
                    .rename
                    .as_ref()
                    .map(|m| m.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
                    .unwrap_or_default(),
                ..base_options.clone()
            };
            let trans = score_prepared(&prepared, trans_output, &trans_options);
            let pairs: Vec<PairRecord> = base
                .iter()
                .zip(trans)
                .map(|(b, t)| {
                    let inputs = PairInputs {
                        program,
                        variant: name,
                        behavior: &b.behavior_id,
                        model,
                        base_output,
                        trans_output,
                    };
                    let mut extra = Map::new();
                    extra.insert("oracle".into(), Value::from(options.oracle.name()));
                    extra.insert("semantics".into(), Value::from(semantics.values().name()));
                    if options.lenient {
                        extra.insert("lenient".into(), Value::from(true));
                    }
                    PairRecord {
                        model: model.to_string(),
                        variant: name.clone(),
                        program: program.id.clone(),
                        stratum: program.stratum.clone(),
                        behavior: b.behavior_id.clone(),
                        flip: Some(FlipClass::from_sides(b.correct, t.correct)),
                        pair_hash: Some(inputs.hash()),
                        sample: (sample > 0).then_some(sample),
                        base: side(b),
                        trans: side(&t),
                        extra,
                    }
                })
                .collect();
            out.entry((model, name.as_str())).or_default().extend(pairs);
        }
    }
    out
}

fn side(v: &Verdict) -> Side {
    Side {
        category: Some(v.category.id().to_string()),
        correct: v.correct,
        property: v.property.clone(),
        reason: Some(v.reason.clone()),
        extra: Map::new(),
    }
}

#[cfg(test)]
#[path = "study_tests.rs"]
mod tests;
