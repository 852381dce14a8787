//! T1, T2 and T3 on the whole-module programs of a study (a metamorphic study of
//! designs): each rewrite of an implementation is parsed again and proven sequentially
//! equivalent to it on the interface from reset (the audit's miter, proven by PDR with
//! `crate::formal`); the family's gold properties are proven on both, and must keep
//! their verdicts. Only a rewrite that passes all three is added, as a variant of its
//! program; every other one is reported with the reason.

mod plan;
pub mod report;

use std::collections::BTreeMap;

use serde_json::json;

use crate::formal::{FormalError, FormalStatus, Job, ProveOptions, Prover, Report, Reset};
use crate::study::{ORIGINAL, Program, Study, Variant};

use super::kind::Kind;
use super::{Rewrite, Scope, TransformError, rewrite_in};
use plan::{Candidate, plan_program};
pub use report::{KindTally, Refusal, StudyTransformReport, VariantOutcome};

/// Which implementations of a program get rewritten.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Implementations {
    /// The canonical one (`original`): variants `T1`, `T2`, `T3`.
    #[default]
    Canonical,
    /// Each: `original`'s as above, another implementation `STYLE`'s as `STYLE.T1` ...
    All,
}

/// What `flipscope transform STUDY --kinds ... --out NEW_STUDY` does.
#[derive(Debug, Clone)]
pub struct StudyTransformOptions {
    pub kinds: Vec<Kind>,
    pub implementations: Implementations,
    /// How the equivalences and gold properties are proven (each program's reset is
    /// its own).
    pub prove: ProveOptions,
}

/// The name of the variant of `kind` made from implementation `source`.
pub fn variant_name(source: &str, kind: Kind) -> String {
    if source == ORIGINAL {
        kind.to_string()
    } else {
        format!("{source}.{kind}")
    }
}

/// The programs of `study` with the proven rewrites added, and what became of each.
pub fn transform_study(
    study: &Study,
    options: &StudyTransformOptions,
) -> Result<(Vec<Program>, StudyTransformReport), FormalError> {
    let mut report = StudyTransformReport::new(&options.kinds);
    let mut candidates: Vec<Candidate> = Vec::new();
    for (index, p) in study.programs.iter().enumerate() {
        if !p.is_module() {
            report.fragments += 1;
            continue;
        }
        report.modules += 1;
        let (planned, refused) = plan_program(index, p, options);
        candidates.extend(planned);
        report.outcomes.extend(refused);
    }
    let proofs = prove(study, &candidates, &options.prove)?;
    let mut programs = study.programs.clone();
    for (c, proof) in candidates.iter().zip(proofs) {
        let program = &study.programs[c.program];
        let outcome = judge(program, c, &proof);
        if outcome.refusal.is_none() {
            let gold: BTreeMap<&str, String> = proof
                .gold_variant
                .outcomes
                .iter()
                .map(|o| (o.name.as_str(), o.status.to_string()))
                .collect();
            let variant = Variant {
                rtl: c.rewrite.rtl.clone(),
                rename: c.rewrite.rename.clone().filter(|m| !m.is_empty()),
                top: c.top.clone().filter(|t| Some(t) != program.top.as_ref()),
                rtl_name: Some(c.rtl_name.clone()),
                meta: Some(json!({
                    "transform": {
                        "kind": c.kind,
                        "source": c.source,
                        "edits": c.rewrite.edits.len(),
                        "equivalence": "proven",
                        "gold": gold,
                    }
                })),
                extra: Default::default(),
            };
            programs[c.program].variants.insert(c.name.clone(), variant);
        }
        report.outcomes.push(outcome);
    }
    report.sort();
    Ok((programs, report))
}

/// The three proofs of one candidate.
struct Proofs {
    equivalence: Report,
    gold_source: Report,
    gold_variant: Report,
}

fn prove(
    study: &Study,
    candidates: &[Candidate],
    options: &ProveOptions,
) -> Result<Vec<Proofs>, FormalError> {
    // Three jobs per candidate, one prover per reset expression.
    let mut by_reset: BTreeMap<Option<String>, Vec<usize>> = BTreeMap::new();
    for (i, c) in candidates.iter().enumerate() {
        by_reset
            .entry(study.programs[c.program].reset.clone())
            .or_default()
            .push(i);
    }
    let mut reports: Vec<Option<[Report; 3]>> = vec![None; candidates.len()];
    for (reset, members) in by_reset {
        let prover = Prover::new(ProveOptions {
            reset: reset.map_or(Reset::None, Reset::Expr),
            ..options.clone()
        })?;
        let mut jobs: Vec<Job> = Vec::new();
        for &i in &members {
            let c = &candidates[i];
            jobs.push(Job {
                design: &c.miter,
                properties: &c.miter_properties,
                mutants: &[],
            });
            jobs.push(Job {
                design: &c.source_design,
                properties: &c.gold,
                mutants: &[],
            });
            jobs.push(Job {
                design: &c.variant_design,
                properties: &c.gold,
                mutants: &[],
            });
        }
        let mut done = prover.prove_batch(&jobs).into_iter();
        for &i in &members {
            let (Some(a), Some(b), Some(c)) = (done.next(), done.next(), done.next()) else {
                break;
            };
            reports[i] = Some([a, b, c]);
        }
    }
    Ok(reports
        .into_iter()
        .map(|r| {
            let [equivalence, gold_source, gold_variant] = r.expect("three reports per candidate");
            Proofs {
                equivalence,
                gold_source,
                gold_variant,
            }
        })
        .collect())
}

/// Added, or why not: the miter must pass on every output, and every gold property
/// must have the same status on the rewrite as on its source.
fn judge(program: &Program, c: &Candidate, proof: &Proofs) -> VariantOutcome {
    let mut outcome = VariantOutcome {
        program: program.id.clone(),
        source: c.source.clone(),
        kind: c.kind,
        name: c.name.clone(),
        refusal: None,
    };
    let e = &proof.equivalence;
    if let Some(error) = &e.error {
        outcome.refusal = Some(Refusal::Unproven(format!(
            "the miter could not be checked: {error}"
        )));
        return outcome;
    }
    if e.outcomes.is_empty() {
        outcome.refusal = Some(Refusal::Unproven(
            "the miter has no output to compare".into(),
        ));
        return outcome;
    }
    if let Some(o) = e.outcomes.iter().find(|o| o.status != FormalStatus::Pass) {
        let output = o.name.trim_start_matches("eq_");
        outcome.refusal = Some(Refusal::Unproven(match o.status {
            FormalStatus::Fail => {
                format!("output `{output}` differs from the source's (counterexample found)")
            }
            _ => format!("output `{output}`: {} ({})", o.status, o.reason),
        }));
        return outcome;
    }
    let source: BTreeMap<&str, FormalStatus> = proof
        .gold_source
        .outcomes
        .iter()
        .map(|o| (o.name.as_str(), o.status))
        .collect();
    for o in &proof.gold_variant.outcomes {
        let before = source.get(o.name.as_str()).copied();
        if before != Some(o.status) || proof.gold_variant.error != proof.gold_source.error {
            outcome.refusal = Some(Refusal::GoldFlip(format!(
                "gold property `{}` is {} on the source and {} on the rewrite, which is proven equivalent: an engine bug",
                o.name,
                before.map_or("absent".to_string(), |s| s.to_string()),
                o.status
            )));
            return outcome;
        }
    }
    outcome
}

#[cfg(test)]
mod tests;
