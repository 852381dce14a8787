//! Re-proving a study's assertions: grouped by design, each design's model built once
//! for all its assertions, every assertion getting one record. Designs that do not
//! elaborate and constructs outside the lowered subset are counted and named.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use super::agreement::ExternalClass;
use super::cause::{Evidence, black_boxed_cone, classify, depends_on, differs};
use super::engine::{AssertionText, DesignOutcome, DesignSpec, Engine, EngineVerdict};
use super::record::{ExternalSide, ReproofRecord};
use super::scope::{design_of, in_top_scope, renamed_ports, with_reset_disabled};
use super::unit::AssertionUnit;
use super::widths::{Width, cast, declared_widths};
use crate::study::FormalStatus;
use crate::study::Study;

/// A design the engine could not prove anything on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesignFailure {
    pub program: String,
    pub message: String,
    /// Its assertions (each recorded as `error`).
    pub assertions: usize,
}

/// What a re-proof did.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReproofSummary {
    /// One per unit, in the units' order.
    pub records: Vec<ReproofRecord>,
    pub design_failures: Vec<DesignFailure>,
    /// Constructs outside the lowered subset, with how many assertions use them.
    pub unsupported: BTreeMap<String, usize>,
    pub designs: usize,
    /// Wall-clock seconds of the proofs.
    pub seconds: f64,
    /// Every port of a property module whose declared width differs from the design
    /// signal bound to it (one line per generation and port; the assertions read the
    /// signal truncated or extended to the port's width).
    pub width_mismatches: Vec<String>,
}

/// How the reset of a script is modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ResetPhase {
    /// As JasperGold: the reset holds in the first cycle and no attempt is checked
    /// while it holds (`disable iff (RESET)` added to each assertion).
    #[default]
    Jasper,
    /// As `flipscope prove`: the reset holds in the first cycle, is free after, and
    /// assertions are checked from the first cycle.
    FirstCycle,
}

/// How a re-proof is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReproofOptions {
    pub reset_phase: ResetPhase,
}

/// Re-proves `units` (all from `study`) with `engine`.
pub fn reprove(
    study: &Study,
    units: &[AssertionUnit],
    engine: &dyn Engine,
    options: &ReproofOptions,
) -> ReproofSummary {
    let mut by_program: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, u) in units.iter().enumerate() {
        by_program.entry(&u.program).or_default().push(i);
    }
    let mut summary = ReproofSummary {
        designs: by_program.len(),
        ..ReproofSummary::default()
    };
    let mut verdicts: Vec<Option<EngineVerdict>> = vec![None; units.len()];
    let mut texts: Vec<String> = units.iter().map(|u| u.text.clone()).collect();
    let mut jobs: Vec<(DesignSpec, Vec<usize>)> = Vec::new();
    let mut mismatches: std::collections::BTreeSet<String> = Default::default();
    // The evidence for the causes of disagreements, per unit and per program.
    let mut mismatched_ports: Vec<Vec<String>> = vec![Vec::new(); units.len()];
    let mut in_scope: Vec<String> = vec![String::new(); units.len()];
    let mut context: BTreeMap<&str, Context> = BTreeMap::new();
    for (program, members) in &by_program {
        let design = study
            .program(program)
            .ok_or_else(|| format!("no program \"{program}\" in the study"))
            .and_then(|p| {
                let renames = renamed_ports(p);
                let reset = p
                    .reset
                    .as_deref()
                    .filter(|_| options.reset_phase == ResetPhase::Jasper);
                let signals = design_of(p).map(|d| design_widths(&d)).unwrap_or_default();
                for &i in members {
                    let (renames, ports) =
                        with_port_widths(&units[i], &renames, &signals, &mut mismatches);
                    mismatched_ports[i] = ports;
                    let text = in_top_scope(&units[i].text, &renames);
                    in_scope[i] = text.clone();
                    texts[i] = reset
                        .and_then(|r| with_reset_disabled(&text, r))
                        .unwrap_or(text);
                }
                context.insert(
                    program,
                    Context {
                        clock: p
                            .clock
                            .as_deref()
                            .map(|c| c.split_whitespace().last().unwrap_or(c).to_string()),
                        reset: p.reset.clone(),
                        signals,
                        sources: design_of(p).map(|d| d.sources).unwrap_or_default(),
                    },
                );
                design_of(p)
            });
        match design {
            Ok(spec) => jobs.push((spec, members.clone())),
            Err(message) => fail_design(&mut summary, &mut verdicts, program, members, message),
        }
    }
    summary.width_mismatches = mismatches.into_iter().collect();
    let start = Instant::now();
    let batch: Vec<(DesignSpec, Vec<AssertionText>)> = jobs
        .iter()
        .map(|(spec, members)| {
            let texts = members
                .iter()
                .map(|&i| AssertionText {
                    text: texts[i].clone(),
                    file: units[i].file.clone(),
                    line: units[i].line,
                })
                .collect();
            (spec.clone(), texts)
        })
        .collect();
    let outcomes = engine.prove_all(&batch);
    summary.seconds = start.elapsed().as_secs_f64();
    for ((spec, members), outcome) in jobs.iter().zip(outcomes) {
        match outcome {
            DesignOutcome {
                error: Some(message),
                ..
            } => {
                fail_design(&mut summary, &mut verdicts, &spec.name, members, message);
            }
            DesignOutcome { verdicts: vs, .. } if vs.len() == members.len() => {
                for (&i, v) in members.iter().zip(vs) {
                    verdicts[i] = Some(v);
                }
            }
            DesignOutcome { verdicts: vs, .. } => fail_design(
                &mut summary,
                &mut verdicts,
                &spec.name,
                members,
                format!(
                    "the engine gave {} verdicts for {} assertions",
                    vs.len(),
                    members.len()
                ),
            ),
        }
    }
    let describe = engine.describe();
    for (i, u) in units.iter().enumerate() {
        let v = verdicts[i].take().unwrap_or(EngineVerdict {
            status: FormalStatus::Error,
            vacuous: None,
            reason: "not proven".into(),
            counterexample: None,
        });
        if v.status == FormalStatus::Unsupported {
            *summary.unsupported.entry(construct(&v.reason)).or_default() += 1;
        }
        let ctx = context.get(u.program.as_str());
        let cause = differs(u.external.as_deref(), v.status).then(|| {
            let empty = HashMap::new();
            classify(&Evidence {
                external: if u.external.as_deref() == Some("proven") {
                    ExternalClass::Proven
                } else {
                    ExternalClass::Cex
                },
                status: v.status,
                bind_not_taken: u.bind_not_taken,
                black_boxed: !u.black_boxed.is_empty()
                    && ctx.is_some_and(|c| {
                        depends_on(
                            &black_boxed_cone(&c.sources, &u.black_boxed),
                            &u.text,
                            &u.file,
                            u.line,
                        )
                    }),
                mismatched_ports: &mismatched_ports[i],
                statement: &u.text,
                proven: &in_scope[i],
                clock: ctx.and_then(|c| c.clock.as_deref()),
                reset: ctx.and_then(|c| c.reset.as_deref()),
                precondition: u.precondition.as_deref(),
                fail_cycle: v.counterexample.as_ref().map(|c| c.fail_cycle),
                widths: ctx.map_or(&empty, |c| &c.signals),
            })
        });
        summary.records.push(ReproofRecord {
            id: u.id.clone(),
            program: u.program.clone(),
            model: u.model.clone(),
            shots: u.shots,
            assertion: u.index,
            file: u.file.clone(),
            line: u.line,
            property: std::mem::take(&mut texts[i]),
            status: v.status,
            vacuous: v.vacuous,
            reason: v.reason,
            counterexample: v.counterexample,
            external: ExternalSide {
                engine: "jaspergold".into(),
                status: u.external.clone(),
                precondition: u.precondition.clone(),
                outcome: u.outcome,
                note: u.note.clone(),
                bind_not_taken: u.bind_not_taken,
            },
            engine: describe.clone(),
            cause,
        });
    }
    summary
}

/// What a program gives the causes of disagreements: the script's clock signal and
/// reset, and the widths of the design's signals.
struct Context {
    clock: Option<String>,
    reset: Option<String>,
    signals: HashMap<String, Width>,
    /// The design's sources (name, text).
    sources: Vec<(String, String)>,
}

/// The widths of the top module's signals (from whichever source declares it).
fn design_widths(d: &DesignSpec) -> HashMap<String, Width> {
    d.sources
        .iter()
        .chain(&d.headers)
        .map(|(_, text)| declared_widths(text, &d.top))
        .find(|w| !w.is_empty())
        .unwrap_or_default()
}

/// `renames` with every port of `unit`'s property module whose declared width differs
/// from its bound design signal read through a cast to the port's width; each such
/// port is reported once per generation in `mismatches`. Also returns those ports.
fn with_port_widths(
    unit: &AssertionUnit,
    renames: &[(String, String)],
    signals: &HashMap<String, Width>,
    mismatches: &mut std::collections::BTreeSet<String>,
) -> (Vec<(String, String)>, Vec<String>) {
    let mut out: Vec<(String, String)> = renames.to_vec();
    let mut ports = Vec::new();
    for (port, width) in &unit.ports {
        let actual = renames
            .iter()
            .find(|(f, _)| f == port)
            .map_or(port.as_str(), |(_, a)| a.as_str());
        let Some(signal) = signals.get(actual) else {
            continue;
        };
        if signal.bits == width.bits && signal.signed == width.signed {
            continue;
        }
        let read = cast(*width, actual);
        ports.push(port.clone());
        let shots = unit
            .shots
            .map_or_else(|| "-".to_string(), |k| format!("{k}-shot"));
        mismatches.insert(format!(
            "{}/{}/{shots}: port `{port}` is {} bits{}, bound to `{actual}` of {} bits{}: read as `{read}`",
            unit.program,
            unit.model,
            width.bits,
            if width.signed { " signed" } else { "" },
            signal.bits,
            if signal.signed { " signed" } else { "" },
        ));
        match out.iter_mut().find(|(f, _)| f == port) {
            Some(r) => r.1 = read,
            None => out.push((port.clone(), read)),
        }
    }
    (out, ports)
}

fn fail_design(
    summary: &mut ReproofSummary,
    verdicts: &mut [Option<EngineVerdict>],
    program: &str,
    members: &[usize],
    message: String,
) {
    for &i in members {
        verdicts[i] = Some(EngineVerdict {
            status: FormalStatus::Error,
            vacuous: None,
            reason: format!("the design does not elaborate: {message}"),
            counterexample: None,
        });
    }
    summary.design_failures.push(DesignFailure {
        program: program.to_string(),
        message,
        assertions: members.len(),
    });
}

/// The construct an `unsupported` reason names: its first `` `quoted` `` word, else
/// the reason up to its first colon.
pub fn construct(reason: &str) -> String {
    if let Some(start) = reason.find('`')
        && let Some(len) = reason[start + 1..].find('`')
    {
        return reason[start + 1..start + 1 + len].to_string();
    }
    reason
        .split(':')
        .next()
        .unwrap_or(reason)
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reproof::unit::units_of;
    use crate::study::{ExternalRun, ExternalVerdict, Generation, Program, RunOutcome};
    use serde_json::{Map, json};

    /// Passes assertions that mention `good`, fails `bad`, calls `$future` unsupported,
    /// and refuses the design `broken`.
    struct Scripted;

    impl Engine for Scripted {
        fn describe(&self) -> String {
            "scripted".into()
        }
        fn prove(&self, design: &DesignSpec, assertions: &[AssertionText]) -> DesignOutcome {
            if design.top == "broken" {
                return DesignOutcome {
                    error: Some("broken.v:1: syntax error".into()),
                    verdicts: vec![],
                };
            }
            let verdicts = assertions
                .iter()
                .map(|a| {
                    let a = &a.text;
                    let status = if a.contains("$future") {
                        FormalStatus::Unsupported
                    } else if a.contains("good") {
                        FormalStatus::Pass
                    } else {
                        FormalStatus::Fail
                    };
                    EngineVerdict {
                        status,
                        vacuous: None,
                        reason: if status == FormalStatus::Unsupported {
                            "`$future` is outside the lowered subset (x:1:1)".into()
                        } else {
                            String::new()
                        },
                        counterexample: None,
                    }
                })
                .collect();
            DesignOutcome {
                error: None,
                verdicts,
            }
        }
    }

    fn program(id: &str, top: &str) -> Program {
        serde_json::from_value(json!({
            "id": id, "stratum": "g", "synchronous": true, "clock": "posedge clk",
            "rtl": format!("module {top}(input clk); endmodule"), "reference": "",
            "kind": "module", "top": top
        }))
        .unwrap()
    }

    fn generation(program: &str, texts: &[(&str, &str)]) -> Generation {
        let verdicts = texts
            .iter()
            .enumerate()
            .map(|(i, (status, text))| ExternalVerdict {
                assertion: i + 1,
                name: format!("_assert_{}", i + 1),
                status: status.to_string(),
                precondition: None,
                text: Some(text.to_string()),
                line: Some(i + 2),
                extra: Map::new(),
            })
            .collect();
        Generation {
            program: program.into(),
            variant: "original".into(),
            model: "m".into(),
            output: String::new(),
            shots: Some(1),
            sample: None,
            external: Some(ExternalRun {
                engine: "jaspergold".into(),
                version: None,
                outcome: RunOutcome::Ok,
                log: None,
                analysed: Some("p.sva".into()),
                message: None,
                verdicts,
                extra: Map::new(),
            }),
            meta: None,
            extra: Map::new(),
        }
    }

    #[test]
    fn every_unit_gets_a_record_and_failures_are_named() {
        let study = Study::new(
            vec![program("a", "a"), program("b", "broken")],
            vec![
                generation(
                    "a",
                    &[
                        ("proven", "assert property(good);"),
                        ("proven", "assert property(bad);"),
                        ("cex", "assert property($future(x));"),
                    ],
                ),
                generation("b", &[("cex", "assert property(good);")]),
            ],
            vec![],
            vec![],
        );
        let units = units_of(&study);
        let s = reprove(&study, &units, &Scripted, &ReproofOptions::default());
        let statuses: Vec<FormalStatus> = s.records.iter().map(|r| r.status).collect();
        assert_eq!(
            statuses,
            [
                FormalStatus::Pass,
                FormalStatus::Fail,
                FormalStatus::Unsupported,
                FormalStatus::Error
            ]
        );
        assert_eq!(s.records[1].external.status.as_deref(), Some("proven"));
        assert_eq!(s.design_failures.len(), 1);
        assert_eq!(s.design_failures[0].program, "b");
        assert!(
            s.records[3]
                .reason
                .contains("does not elaborate: broken.v:1")
        );
        assert_eq!(s.unsupported, BTreeMap::from([("$future".to_string(), 1)]));
        assert_eq!(s.designs, 2);
    }

    #[test]
    fn constructs_are_named_from_reasons() {
        assert_eq!(
            construct("`s_eventually` at p.sva:3:5 is outside the subset"),
            "s_eventually"
        );
        assert_eq!(
            construct("sequence operator intersect: not lowered"),
            "sequence operator intersect"
        );
    }
}
