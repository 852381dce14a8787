//! The audit of a study of whole-module programs (EquivSVA families, or a user's own):
//! what such a dataset promises, checked.
//!
//! - every implementation and mutant is legal IEEE 1800 ([`legality`]: a keyword used
//!   as a name, named and located, else sv-parser's located error);
//! - the implementations of a family are pairwise sequentially equivalent on their
//!   interface from reset: a miter ([`miter`]) proven by PDR with `crate::formal`
//!   (a counterexample is a trace);
//! - every gold property (the program's `reference`) passes, not vacuously, on every
//!   implementation;
//! - every mutant differs from the canonical implementation (a miter that fails) and at
//!   least one gold property detects it.
//!
//! The proofs are one batch of `crate::formal::Prover` jobs (cached as every proof).

pub mod legality;
pub mod miter;
pub mod ports;
pub mod report;

use std::collections::BTreeMap;

use crate::formal::{
    Design, FormalError, FormalStatus, Job, PropertySet, ProveOptions, Prover, Reset, SourceFile,
    parse_clock, read_properties,
};
use crate::study::{ORIGINAL, Program, Study};

pub use report::{
    EquivalenceCheck, GoldCheck, LegalityFinding, ModuleAudit, MutantCheck, render_table,
};

/// What one proof job is for.
enum Purpose {
    /// Implementations `left` and `right` of a program (or `right` a mutant).
    Equivalence {
        left: String,
        right: String,
        mutant: bool,
    },
    /// The gold properties on an implementation or a mutant.
    Gold { design: String, mutant: bool },
}

struct Planned {
    program: usize,
    purpose: Purpose,
    design: Design,
    properties: PropertySet,
}

/// The files of an implementation (`variant`) or a mutant of `p`: the shared files,
/// then its own.
fn side_files<'a>(p: &'a Program, own_name: String, own: &'a str) -> Vec<(String, &'a str)> {
    let mut files: Vec<(String, &str)> = p
        .files
        .iter()
        .filter(|f| !f.header)
        .map(|f| (f.name.clone(), f.text.as_str()))
        .collect();
    files.push((own_name, own));
    files
}

fn design_of(files: &[(String, &str)], top: Option<&str>) -> Design {
    Design::new(
        files
            .iter()
            .map(|(n, t)| SourceFile::new(n.clone(), *t))
            .collect(),
        top.map(str::to_string),
    )
}

/// Audits every whole-module program of `study`.
pub fn audit_modules(study: &Study, options: &ProveOptions) -> Result<ModuleAudit, FormalError> {
    let programs: Vec<&Program> = study.programs.iter().filter(|p| p.is_module()).collect();
    let mut audit = ModuleAudit {
        families: programs.len(),
        ..ModuleAudit::default()
    };
    let mut planned: Vec<Planned> = Vec::new();
    for (pi, p) in programs.iter().enumerate() {
        audit.implementations += p.variant_names().count();
        audit.mutants += p.mutants.len();
        for v in p.variant_names() {
            audit.legality.extend(legality::check(
                &p.id,
                v,
                &p.variant_rtl_name(v),
                p.variant_rtl(v).unwrap_or(""),
            ));
        }
        for (name, m) in &p.mutants {
            let shown = m
                .rtl_name
                .clone()
                .unwrap_or_else(|| format!("{}/mutants/{name}.sv", p.id));
            audit.legality.extend(legality::check(
                &p.id,
                &format!("mutant {name}"),
                &shown,
                &m.rtl,
            ));
        }
        let Some(clock) = p.clock.as_deref().and_then(|c| parse_clock(c).ok()) else {
            audit.notes.push(format!(
                "program \"{}\": no clock (`posedge CLK`), so no sequential check",
                p.id
            ));
            continue;
        };
        let gold = read_properties(&p.reference, &format!("{}/reference", p.id));
        let implementations: Vec<&str> = p.variant_names().collect();
        let side = |v: &str| -> Option<(miter::Side, Vec<ports::Port>)> {
            let rtl = p.variant_rtl(v)?;
            let top = p.variant_top(v)?;
            let files = side_files(p, p.variant_rtl_name(v), rtl);
            let ports = ports::ports_of(rtl, top)?;
            Some((miter::Side { files, top }, ports))
        };
        for (i, a) in implementations.iter().enumerate() {
            for b in &implementations[i + 1..] {
                plan_equivalence(
                    &mut planned,
                    &mut audit,
                    pi,
                    p,
                    side(a),
                    side(b),
                    a,
                    b,
                    &clock.signal,
                    false,
                );
            }
            if let (Some(rtl), top) = (p.variant_rtl(a), p.variant_top(a)) {
                planned.push(Planned {
                    program: pi,
                    purpose: Purpose::Gold {
                        design: a.to_string(),
                        mutant: false,
                    },
                    design: design_of(&side_files(p, p.variant_rtl_name(a), rtl), top),
                    properties: gold.clone(),
                });
            }
        }
        for (name, m) in &p.mutants {
            let top = p.mutant_top(m);
            let own = m
                .rtl_name
                .clone()
                .unwrap_or_else(|| format!("{}/mutants/{name}.sv", p.id));
            let files = side_files(p, own, &m.rtl);
            let mutant_side = top.and_then(|t| {
                ports::ports_of(&m.rtl, t).map(|ports| {
                    (
                        miter::Side {
                            files: files.clone(),
                            top: t,
                        },
                        ports,
                    )
                })
            });
            plan_equivalence(
                &mut planned,
                &mut audit,
                pi,
                p,
                side(ORIGINAL),
                mutant_side,
                ORIGINAL,
                name,
                &clock.signal,
                true,
            );
            planned.push(Planned {
                program: pi,
                purpose: Purpose::Gold {
                    design: name.clone(),
                    mutant: true,
                },
                design: design_of(&files, top),
                properties: gold.clone(),
            });
        }
    }
    if planned.is_empty() {
        return Ok(audit);
    }
    // One prover per reset expression the programs use.
    let mut by_reset: BTreeMap<Option<String>, Vec<usize>> = BTreeMap::new();
    for (i, job) in planned.iter().enumerate() {
        by_reset
            .entry(programs[job.program].reset.clone())
            .or_default()
            .push(i);
    }
    let mut reports = vec![None; planned.len()];
    for (reset, members) in by_reset {
        let prover = Prover::new(ProveOptions {
            reset: reset.map_or(Reset::None, Reset::Expr),
            ..options.clone()
        })?;
        let jobs: Vec<Job> = members
            .iter()
            .map(|&i| Job {
                design: &planned[i].design,
                properties: &planned[i].properties,
                mutants: &[],
            })
            .collect();
        for (i, r) in members.iter().zip(prover.prove_batch(&jobs)) {
            reports[*i] = Some(r);
        }
    }
    let mut mutant_gold: BTreeMap<(usize, String), Vec<String>> = BTreeMap::new();
    let mut mutant_diff: BTreeMap<(usize, String), EquivalenceCheck> = BTreeMap::new();
    for (job, report) in planned.iter().zip(reports) {
        let Some(report) = report else { continue };
        let p = programs[job.program];
        match &job.purpose {
            Purpose::Equivalence {
                left,
                right,
                mutant,
            } => {
                let mut check = EquivalenceCheck {
                    program: p.id.clone(),
                    left: left.clone(),
                    right: right.clone(),
                    status: "equivalent".into(),
                    output: None,
                    reason: None,
                    trace: None,
                };
                if let Some(e) = &report.error {
                    check.status = "error".into();
                    check.reason = Some(e.clone());
                } else if let Some(o) = report
                    .outcomes
                    .iter()
                    .find(|o| o.status == FormalStatus::Fail)
                {
                    check.status = "differ".into();
                    check.output = Some(o.name.trim_start_matches("eq_").to_string());
                    check.trace = o.counterexample.clone();
                } else if let Some(o) = report
                    .outcomes
                    .iter()
                    .find(|o| o.status != FormalStatus::Pass)
                {
                    check.status = o.status.to_string();
                    check.output = Some(o.name.trim_start_matches("eq_").to_string());
                    check.reason = Some(o.reason.clone());
                }
                if *mutant {
                    mutant_diff.insert((job.program, right.clone()), check);
                } else {
                    audit.equivalence.push(check);
                }
            }
            Purpose::Gold { design, mutant } => {
                for o in &report.outcomes {
                    if *mutant {
                        let entry = mutant_gold
                            .entry((job.program, design.clone()))
                            .or_default();
                        if o.status == FormalStatus::Fail {
                            entry.push(o.name.clone());
                        }
                        continue;
                    }
                    audit.gold.push(GoldCheck {
                        program: p.id.clone(),
                        design: design.clone(),
                        property: o.name.clone(),
                        status: report
                            .error
                            .as_ref()
                            .map_or(o.status.to_string(), |_| "error".into()),
                        vacuous: o.vacuous,
                        reason: (!o.reason.is_empty()).then(|| o.reason.clone()),
                    });
                }
                if report.outcomes.is_empty() && !*mutant {
                    audit.gold.push(GoldCheck {
                        program: p.id.clone(),
                        design: design.clone(),
                        property: String::new(),
                        status: "error".into(),
                        vacuous: None,
                        reason: Some(
                            report
                                .error
                                .clone()
                                .unwrap_or_else(|| "no gold property read".into()),
                        ),
                    });
                }
            }
        }
    }
    for (pi, p) in programs.iter().enumerate() {
        for name in p.mutants.keys() {
            let k = (pi, name.clone());
            audit.mutant_checks.push(MutantCheck {
                program: p.id.clone(),
                mutant: name.clone(),
                differs: mutant_diff.remove(&k),
                detected_by: mutant_gold.remove(&k).unwrap_or_default(),
            });
        }
    }
    Ok(audit)
}

#[allow(clippy::too_many_arguments)]
fn plan_equivalence(
    planned: &mut Vec<Planned>,
    audit: &mut ModuleAudit,
    program: usize,
    p: &Program,
    left: Option<(miter::Side, Vec<ports::Port>)>,
    right: Option<(miter::Side, Vec<ports::Port>)>,
    a: &str,
    b: &str,
    clock: &str,
    mutant: bool,
) {
    let purpose = Purpose::Equivalence {
        left: a.to_string(),
        right: b.to_string(),
        mutant,
    };
    let (Some((ls, lp)), Some((rs, rp))) = (left, right) else {
        audit.notes.push(format!(
            "program \"{}\": {a} against {b}: a top module or its ports could not be found",
            p.id
        ));
        return;
    };
    match miter::miter(&ls, &lp, &rs, &rp, clock) {
        Ok((design, props)) => planned.push(Planned {
            program,
            purpose,
            design,
            properties: read_properties(&props, "flipscope_miter.sva"),
        }),
        Err(e) => audit
            .notes
            .push(format!("program \"{}\": {a} against {b}: {e}", p.id)),
    }
}
