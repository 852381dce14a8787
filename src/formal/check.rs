//! Checking a set of lowered properties on one design: the model is built once (one
//! yosys run with every monitor), simulated at random, and each property's `bad`
//! output (and, for vacuity, its `trig` output) the simulation did not decide is
//! checked by PDR, in rounds of ABC processes (`schedule`). A monitor yosys rejects
//! costs only its own property (the model is built again without it); a design yosys
//! rejects makes every property an `error` with yosys's message, located in the user's
//! file.

use std::collections::HashMap;
use std::time::Instant;

use super::cache::Cache;
use super::check_result::CheckResult;
use super::design::Design;
use super::engine::abc::Verdict;
use super::engine::harness::{self, Line};
use super::engine::netlist::Netlist;
use super::engine::process;
use super::engine::profile::{self, Phase};
use super::engine::simulate::{self, Hit};
use super::engine::yosys::{self, Failure, Model};
use super::lower::Lowered;
use super::outcome::{FailureCategory, FormalStatus};
use super::schedule::{self, Checked};
use super::trace;
use super::unit::{Job, Settings, Unit, UnitResult};

/// Part of every cache key: the version of the verdict semantics (bumped when a
/// verdict of the same lowered text can change).
const SEMANTICS: &str = "verdicts-2";

pub fn check_unit(s: &Settings, unit: &Unit) -> UnitResult {
    let n = unit.entries.len();
    let fail_all = |top: Option<String>, msg: String| UnitResult {
        top,
        results: vec![CheckResult::new(FormalStatus::Error, msg.clone(), &[]); n],
        error: Some(msg),
    };
    if unit.design.size() > s.limits.source_bytes {
        return fail_all(
            None,
            format!(
                "{}: the design is too large for the limits: {} bytes of source (limit {})",
                unit.design.files.first().map_or("", |f| f.path.as_str()),
                unit.design.size(),
                s.limits.source_bytes
            ),
        );
    }
    if let Err(e) = super::engine::stage::check_files(unit.design) {
        return fail_all(None, e);
    }
    let top = match unit.design.find_top() {
        Ok(t) => t,
        Err(e) => return fail_all(None, e),
    };
    if let Some(e) = unclosed_module(unit.design, &top) {
        return fail_all(Some(top.name), e);
    }
    let digest = unit.design.digest();
    let keys: Vec<String> = unit
        .entries
        .iter()
        .map(|e| {
            Cache::key(&[
                SEMANTICS,
                &s.tools.versions,
                &digest,
                &top.name,
                unit.reset.as_deref().unwrap_or(""),
                &e.lowered.text,
                &e.lowered.clock.to_string(),
                &e.identifiers.join(","),
                &s.depth.to_string(),
                &s.timeout.as_millis().to_string(),
                if s.interface_only { "interface" } else { "all" },
                if unit.vacuity { "vacuity" } else { "plain" },
            ])
        })
        .collect();
    let mut results: Vec<Option<CheckResult>> = keys.iter().map(|k| s.cache.get(k)).collect();
    let mut active: Vec<usize> = (0..n).filter(|&i| results[i].is_none()).collect();
    if active.is_empty() {
        return UnitResult {
            top: Some(top.name),
            error: None,
            results: results.into_iter().map(Option::unwrap).collect(),
        };
    }
    let mut dir = match super::engine::workdir::create() {
        Ok(d) => d,
        Err(e) => return fail_all(Some(top.name), format!("cannot make a work directory: {e}")),
    };
    // For debugging the engine: keep the work files (model.ys, model.aig, ...).
    if std::env::var_os("FLIPSCOPE_KEEP_WORK").is_some() {
        dir.disable_cleanup(true);
        eprintln!("note: work files in {}", dir.path().display());
    }
    let model = loop {
        let entries: Vec<harness::Entry> = active
            .iter()
            .map(|&i| harness::Entry {
                lowered: &unit.entries[i].lowered,
            })
            .collect();
        let entries_len = entries.len();
        let h = harness::build(
            &unit.design.files[top.file].text,
            top.end,
            &entries,
            unit.reset.as_deref(),
        );
        let started = Instant::now();
        let built = yosys::build(s.tools, unit.design, &top, h, dir.path(), &s.limits);
        profile::record(
            Phase::Elaborate,
            !unit.vacuity,
            started.elapsed(),
            entries_len,
        );
        match built {
            Ok(m) => break Some(m),
            Err(Failure::Entry(k, msg)) => {
                let i = active.remove(k);
                results[i] = Some(CheckResult::new(
                    FormalStatus::Error,
                    format!("yosys rejects the lowered property: {msg}"),
                    &[],
                ));
                if active.is_empty() {
                    break None;
                }
            }
            Err(Failure::Reset(msg)) => {
                let reset = unit.reset.as_deref().unwrap_or("");
                let why = format!(
                    "the reset assumption `{reset}` does not elaborate in `{}`: {msg}",
                    top.name
                );
                return fail_all(Some(top.name), why);
            }
            Err(Failure::Design(msg) | Failure::TooLarge(msg)) => {
                return fail_all(Some(top.name), msg);
            }
            Err(Failure::Interrupted) => {
                return fail_all(Some(top.name), "interrupted: not checked".into());
            }
        }
    };
    if let Some(model) = model {
        let fresh = check_model(s, unit, &active, &model, &top.name);
        for (i, r) in active.iter().zip(fresh) {
            results[*i] = Some(r);
        }
    }
    let results: Vec<CheckResult> = results
        .into_iter()
        .map(|r| r.expect("every entry has a result"))
        .collect();
    for (k, r) in keys.iter().zip(&results) {
        if r.status != FormalStatus::Unknown && !process::interrupted() {
            s.cache.put(k, r);
        }
    }
    UnitResult {
        top: Some(top.name),
        error: None,
        results,
    }
}

/// Why the top module cannot take the monitors, if it cannot: it has no `endmodule`
/// (the monitors would land after the module, and yosys would blame them).
fn unclosed_module(design: &Design, top: &super::design::Module) -> Option<String> {
    let text = &design.files[top.file].text;
    if text[top.end..].starts_with("endmodule") {
        return None;
    }
    Some(format!(
        "{}:{}: module `{}` has no `endmodule` (the file ends inside it)",
        design.files[top.file].path, top.line, top.name
    ))
}

fn check_model(
    s: &Settings,
    unit: &Unit,
    active: &[usize],
    model: &Model,
    top: &str,
) -> Vec<CheckResult> {
    let ports: Vec<String> = model.netlist.ports.iter().map(|p| p.name.clone()).collect();
    let outputs = model.map.outputs_by_name();
    let design_clocks = design_clocks(model);
    let mut results: Vec<Option<CheckResult>> = vec![None; active.len()];
    let mut jobs: Vec<Job> = Vec::new();
    for (k, &i) in active.iter().enumerate() {
        let entry = &unit.entries[i];
        let mut undeclared: Vec<String> = model
            .undeclared
            .iter()
            .filter(|(b, _)| *b == k)
            .map(|(_, n)| n.clone())
            .collect();
        undeclared.sort();
        undeclared.dedup();
        if !undeclared.is_empty() {
            let mut r = CheckResult::new(
                FormalStatus::Error,
                format!(
                    "{} not declared in module `{top}`",
                    undeclared
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                        + if undeclared.len() == 1 { " is" } else { " are" }
                ),
                &ports,
            );
            r.undeclared = undeclared;
            results[k] = Some(r);
            continue;
        }
        let outside: Vec<&String> = entry
            .identifiers
            .iter()
            .filter(|n| !ports.contains(n))
            .collect();
        if s.interface_only && !outside.is_empty() {
            results[k] = Some(CheckResult::new(
                FormalStatus::InterfaceViolation,
                format!(
                    "names {} (not {} of `{top}`)",
                    outside
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    if outside.len() == 1 {
                        "a port"
                    } else {
                        "ports"
                    }
                ),
                &ports,
            ));
            continue;
        }
        if let Some(why) = clock_problem(&model.netlist, &design_clocks, &entry.lowered) {
            results[k] = Some(CheckResult::new(FormalStatus::Unsupported, why, &ports));
            continue;
        }
        let prefix = harness::Harness::prefix(k);
        let bad = outputs
            .get(format!("{prefix}bad").as_str())
            .and_then(|b| b.first());
        let trig = outputs
            .get(format!("{prefix}trig").as_str())
            .and_then(|b| b.first());
        let (Some(bad), Some(trig)) = (bad, trig) else {
            results[k] = Some(CheckResult::new(
                FormalStatus::Error,
                "the model lost the property's monitor",
                &ports,
            ));
            continue;
        };
        let late = outputs
            .get(format!("{prefix}late").as_str())
            .and_then(|b| b.first())
            .map(|b| b.1);
        jobs.push((k, bad.1, trig.1, late));
    }
    let mutant = !unit.vacuity;
    // Random simulation first: every output it raises is reachable, with a witness.
    let hits = simulated(s, model, &jobs, unit.vacuity, mutant);
    let mut state: Vec<Checked> = vec![Checked::default(); active.len()];
    if super::engine::legacy::on() {
        schedule::legacy_checks(s, unit, model, &jobs, &hits, &mut state);
    } else {
        schedule::rounds(s, unit, model, &jobs, &hits, &mut state);
    }
    let mut bad_verdicts: Vec<Option<Verdict>> = state.iter_mut().map(|c| c.bad.take()).collect();
    let mut trig_verdicts: Vec<Option<Verdict>> = state.iter_mut().map(|c| c.trig.take()).collect();
    let beyond: Vec<Option<usize>> = state.iter().map(|c| c.beyond).collect();
    for k in 0..active.len() {
        if results[k].is_some() {
            continue;
        }
        let entry = &unit.entries[active[k]];
        let r = match bad_verdicts[k].take() {
            Some(Verdict::Proved) => {
                let vacuous = match (unit.vacuity, trig_verdicts[k].take()) {
                    (true, Some(Verdict::Proved)) => Some(true),
                    (true, Some(Verdict::Reached(_))) => Some(false),
                    _ => None,
                };
                let mut r = CheckResult::new(
                    FormalStatus::Pass,
                    match vacuous {
                        Some(true) => {
                            "proven for every cycle (PDR), but vacuously: no attempt's antecedent can ever match"
                        }
                        Some(false) => "proven for every cycle (PDR)",
                        None if unit.vacuity => {
                            "proven for every cycle (PDR); the vacuity check was inconclusive"
                        }
                        None => "proven for every cycle (PDR)",
                    },
                    &ports,
                );
                r.vacuous = vacuous;
                r
            }
            Some(Verdict::Reached(_)) if beyond[k].is_some() => CheckResult::new(
                FormalStatus::Unknown,
                format!(
                    "false, but no counterexample is at most {} cycles long (--depth {}; PDR found one failing at cycle {}): raise --depth to see it",
                    s.depth,
                    s.depth,
                    beyond[k].unwrap_or(0)
                ),
                &ports,
            ),
            Some(Verdict::Reached(w)) => {
                let rows = trace::Rows {
                    prefix: harness::Harness::prefix(k),
                    expressions: &entry.lowered.trace,
                    clock: &entry.lowered.clock.signal,
                };
                let rows_expr: Vec<(String, String)> = rows
                    .expressions
                    .iter()
                    .map(|(t, w)| {
                        (
                            t.clone(),
                            w.trim_start_matches(super::lower::emit::PREFIX).to_string(),
                        )
                    })
                    .collect();
                let rows = trace::Rows {
                    expressions: &rows_expr,
                    ..rows
                };
                match trace::counterexample(&model.aig, &model.map, &model.netlist, &w, &rows) {
                    Ok(cex) => {
                        let mut r = CheckResult::new(
                            FormalStatus::Fail,
                            format!("fails at cycle {}", cex.fail_cycle),
                            &ports,
                        );
                        r.counterexample = Some(cex);
                        r
                    }
                    Err(why) => CheckResult::new(FormalStatus::Unknown, why, &ports),
                }
            }
            Some(Verdict::Undecided(why)) => CheckResult::new(FormalStatus::Unknown, why, &ports),
            None => CheckResult::new(FormalStatus::Unknown, "not checked", &ports),
        };
        results[k] = Some(r);
    }
    let late: HashMap<usize, Verdict> = state
        .iter_mut()
        .enumerate()
        .filter_map(|(k, c)| Some((k, c.late.take()?)))
        .collect();
    explain_cycle_zero(s, unit, model, &jobs, &hits, &late, &mut results);
    results.into_iter().map(Option::unwrap).collect()
}

/// A property that fails at cycle 0 under a reset assumption: when it fails at no
/// later cycle (its `late` output, `bad` after cycle 0, is proven 0), the reason says
/// so and the failure gets the category [`FailureCategory::Cycle0BeforeReset`].
fn explain_cycle_zero(
    s: &Settings,
    unit: &Unit,
    model: &Model,
    jobs: &[Job],
    hits: &HashMap<usize, Hit>,
    known: &HashMap<usize, Verdict>,
    results: &mut [Option<CheckResult>],
) {
    let Some(reset) = unit.reset.as_deref() else {
        return;
    };
    let asks: Vec<(usize, usize)> = jobs
        .iter()
        .filter_map(|j| {
            let r = results[j.0].as_ref()?;
            let cex = r.counterexample.as_ref()?;
            let late = j.3?;
            // A `late` the simulation raised fails after cycle 0 too.
            (r.status == FormalStatus::Fail && cex.fail_cycle == 0 && !hits.contains_key(&late))
                .then_some((j.0, late))
        })
        .collect();
    if asks.is_empty() {
        return;
    }
    // The rounds checked most already; the rest are checked now.
    let outs: Vec<usize> = asks
        .iter()
        .filter(|a| !known.contains_key(&a.0))
        .map(|a| a.1)
        .collect();
    let mut fresh =
        schedule::run_checks(s, model, &outs, Phase::CycleZero, !unit.vacuity).into_iter();
    for (k, _) in &asks {
        let v = match known.get(k) {
            Some(v) => v.clone(),
            None => fresh
                .next()
                .unwrap_or(Verdict::Undecided("not checked".into())),
        };
        if v != Verdict::Proved {
            continue;
        }
        if let Some(r) = results[*k].as_mut() {
            r.reason = format!(
                "fails only in cycle 0, before the first reset edge (the registers start anywhere until `{reset}` takes effect): add `disable iff ({reset})`, or check from a reset state: assume it in cycle 0 with `--reset EXPR`"
            );
            r.failure = Some(FailureCategory::Cycle0BeforeReset);
        }
    }
}

/// Most cycles of the random simulation (at most `--depth`).
const SIMULATED_CYCLES: u32 = 64;

/// The seed of the random simulation (fixed: the same model gets the same runs).
const SIMULATION_SEED: u64 = 0x5eed_f11b_5c0e;

/// The outputs of `jobs` (`bad`, with `trig` and `late` when they may be asked for)
/// that the random simulation raises, each with its first hit.
fn simulated(
    s: &Settings,
    model: &Model,
    jobs: &[Job],
    vacuity: bool,
    mutant: bool,
) -> HashMap<usize, Hit> {
    let mut outs: Vec<usize> = Vec::new();
    for j in jobs {
        outs.push(j.1);
        if vacuity {
            outs.push(j.2);
        }
        outs.extend(j.3);
    }
    outs.sort_unstable();
    outs.dedup();
    if outs.is_empty() || !simulate::enabled() {
        return HashMap::new();
    }
    let started = Instant::now();
    let cycles = s.depth.min(SIMULATED_CYCLES) as usize;
    let hits = simulate::first_hits(&model.aig, &outs, cycles, SIMULATION_SEED);
    profile::record(Phase::Simulate, mutant, started.elapsed(), outs.len());
    outs.into_iter()
        .zip(hits)
        .filter_map(|(o, h)| Some((o, h?)))
        .collect()
}

/// The distinct (clock bits, edge) of the design's own flip-flops (the monitors'
/// aside).
fn design_clocks(model: &Model) -> Vec<(Vec<serde_json::Value>, bool)> {
    let mut out: Vec<(Vec<serde_json::Value>, bool)> = Vec::new();
    for f in &model.netlist.flops {
        let monitor = f
            .src
            .split('|')
            .all(|src| monitor_src(src, &model.top_file, &model.harness));
        if monitor && !f.src.is_empty() {
            continue;
        }
        let c = (f.bits.clone(), f.posedge);
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

fn monitor_src(src: &str, top_file: &str, h: &harness::Harness) -> bool {
    let Some(rest) = src.strip_prefix(top_file).and_then(|r| r.strip_prefix(':')) else {
        return false;
    };
    let line = rest
        .split(['.', '-'])
        .next()
        .and_then(|n| n.parse::<usize>().ok());
    line.is_some_and(|l| !matches!(h.line(l), Line::User(_)))
}

/// Why a property's clock does not fit the design's flip-flops, if it does not.
fn clock_problem(
    netlist: &Netlist,
    design: &[(Vec<serde_json::Value>, bool)],
    lowered: &Lowered,
) -> Option<String> {
    let clock = &lowered.clock;
    let Some(bits) = netlist.signal_bits(&clock.signal) else {
        return Some(format!(
            "the clock `{}` is not a signal of the top module",
            clock.signal
        ));
    };
    let name = |b: &[serde_json::Value], posedge: bool| {
        let sig = netlist
            .ports
            .iter()
            .map(|p| p.name.as_str())
            .chain(netlist.signals.iter().map(String::as_str))
            .find(|n| netlist.signal_bits(n) == Some(b))
            .unwrap_or("a derived clock");
        format!("{} {sig}", if posedge { "posedge" } else { "negedge" })
    };
    match design {
        [] => None,
        [(b, e)] if b.as_slice() == bits && *e == clock.posedge => None,
        [(b, e)] => Some(format!(
            "the property is clocked by `{clock}` but the design's flip-flops by `{}`; flipscope checks one clock and edge per design",
            name(b, *e)
        )),
        many => {
            let mut names: Vec<String> = many.iter().map(|(b, e)| name(b, *e)).collect();
            names.sort();
            names.dedup();
            Some(format!(
                "the design's flip-flops use {} clocks or edges ({}); flipscope checks one clock and edge per design",
                many.len(),
                names.join(", ")
            ))
        }
    }
}
