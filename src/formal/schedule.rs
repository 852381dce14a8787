//! Which ABC checks a model's properties get, and in which processes: after the
//! random simulation, [`rounds`] runs every check a model still needs in rounds of
//! one ABC process each (PDR of the properties, shortest counterexamples below the
//! known failure, by enumeration when few input bits matter, vacuity, cycle-0
//! failures); [`legacy_checks`] runs them as issue 13's engine did, one phase after
//! the other ([`super::engine::legacy`], for the prove bench).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::engine::abc::{self, Verdict};
use super::engine::enumerate::{self, Earliest};
use super::engine::process;
use super::engine::profile::{self, Phase};
use super::engine::simulate::Hit;
use super::engine::yosys::Model;
use super::unit::{Job, Settings, Unit};

/// What the checks of one property found.
#[derive(Clone, Debug, Default)]
pub(super) struct Checked {
    /// Its `bad` output: proven 0, reached (a witness) or undecided.
    pub(super) bad: Option<Verdict>,
    /// Whether the witness of `bad` is a shortest one (BMC ran, or it is one cycle).
    pub(super) shortened: bool,
    /// `Some(cycle)` when every counterexample is longer than the depth (the known one
    /// fails at that cycle).
    pub(super) beyond: Option<usize>,
    /// Its `trig` output (vacuity), of a proven property.
    pub(super) trig: Option<Verdict>,
    /// Its `late` output, of a property that fails in cycle 0.
    pub(super) late: Option<Verdict>,
}

/// Every ABC check of a model in rounds, one ABC process per round (or a few, in
/// parallel, for many checks): first PDR of every `bad` the simulation did not raise,
/// with BMC below the simulation's first failing cycle for those it raised (and the
/// `late` check of those failing in cycle 0); then BMC below PDR's failing cycle,
/// vacuity of the proven properties and the `late` check of cycle-0 failures; then
/// the `late` checks BMC's counterexamples ask for. The same checks as
/// [`legacy_checks`], but a shortest counterexample is looked for only at the cycles
/// before the known one (that one fails already), and each round shares one process.
pub(super) fn rounds(
    s: &Settings,
    unit: &Unit,
    model: &Model,
    jobs: &[Job],
    hits: &HashMap<usize, Hit>,
    state: &mut [Checked],
) {
    let mutant = !unit.vacuity;
    for j in jobs {
        if let Some(hit) = hits.get(&j.1) {
            state[j.0].bad = Some(Verdict::Reached(hit.witness.clone()));
        }
        if let Some(hit) = hits.get(&j.2) {
            state[j.0].trig = Some(Verdict::Reached(hit.witness.clone()));
        }
        if let Some(late) = j.3
            && let Some(hit) = hits.get(&late)
        {
            state[j.0].late = Some(Verdict::Reached(hit.witness.clone()));
        }
    }
    loop {
        let mut asks: Vec<(usize, Phase, abc::Check)> = Vec::new();
        for j in jobs {
            let c = &mut state[j.0];
            let pdr = |output| abc::Check {
                output,
                engine: abc::Engine::Pdr { depth: s.depth },
            };
            let known = match &c.bad {
                Some(Verdict::Reached(w)) if !c.shortened => Some(w.frames.len() as u32),
                _ => None,
            };
            match (&c.bad, known) {
                (None, _) => asks.push((j.0, Phase::Prove, pdr(j.1))),
                (_, Some(frames)) => {
                    if frames <= 1 {
                        // A failure in cycle 0 is a shortest one already.
                        c.shortened = true;
                    } else {
                        // Within the depth, only the cycles before the known failure.
                        let below = if frames <= s.depth {
                            frames - 1
                        } else {
                            s.depth
                        };
                        let started = Instant::now();
                        let found = enumerate::earliest(&model.aig, j.1, below as usize);
                        if found != Earliest::TooMany {
                            profile::record(Phase::Enumerate, mutant, started.elapsed(), 1);
                        }
                        match found {
                            Earliest::At(w) => {
                                c.bad = Some(Verdict::Reached(w));
                                c.shortened = true;
                            }
                            Earliest::Never => {
                                c.shortened = true;
                                if frames > s.depth {
                                    c.beyond = Some(frames as usize - 1);
                                }
                            }
                            Earliest::TooMany => {
                                let check = abc::Check {
                                    output: j.1,
                                    engine: abc::Engine::Bmc { frames: below },
                                };
                                asks.push((j.0, Phase::Shorten, check));
                            }
                        }
                    }
                }
                (Some(Verdict::Proved), _) if unit.vacuity && c.trig.is_none() => {
                    asks.push((j.0, Phase::Vacuity, pdr(j.2)));
                }
                _ => {}
            }
            if let (Some(Verdict::Reached(w)), true, Some(late), Some(_), None) =
                (&c.bad, c.shortened, j.3, unit.reset.as_ref(), &c.late)
                && w.frames.len() == 1
            {
                asks.push((j.0, Phase::CycleZero, pdr(late)));
            }
        }
        if asks.is_empty() || process::interrupted() {
            break;
        }
        let checks: Vec<(Phase, abc::Check)> = asks.iter().map(|a| (a.1, a.2)).collect();
        for ((k, phase, _), v) in asks.iter().zip(round(s, model, &checks, mutant)) {
            let c = &mut state[*k];
            match phase {
                Phase::Prove => c.bad = Some(v),
                Phase::Shorten => {
                    c.shortened = true;
                    match v {
                        Verdict::Reached(w) => c.bad = Some(Verdict::Reached(w)),
                        // None below the known failure: it is a shortest one, unless it
                        // is beyond the depth.
                        _ => {
                            if let Some(Verdict::Reached(w)) = &c.bad
                                && w.frames.len() as u32 > s.depth
                            {
                                c.beyond = Some(w.frames.len() - 1);
                            }
                        }
                    }
                }
                Phase::Vacuity => c.trig = Some(v),
                Phase::CycleZero => c.late = Some(v),
                Phase::Elaborate | Phase::Simulate | Phase::Enumerate => {}
            }
        }
    }
}

/// Runs one round of checks of a model: one ABC process, or one per
/// `max(checks / jobs, 8)` checks in parallel; the time of every check is counted in
/// its phase.
fn round(
    s: &Settings,
    model: &Model,
    checks: &[(Phase, abc::Check)],
    mutant: bool,
) -> Vec<Verdict> {
    parallel(s, checks, |part| {
        let only: Vec<abc::Check> = part.iter().map(|c| c.1).collect();
        let done = abc::run(
            s.tools,
            &model.dir,
            model.aig.inputs,
            model.aig.latches.len(),
            &only,
            s.timeout,
            s.limits.memory_bytes,
        );
        for phase in Phase::ALL {
            let of: Vec<Duration> = part
                .iter()
                .zip(&done)
                .filter(|(c, _)| c.0 == phase)
                .map(|(_, d)| d.1)
                .collect();
            if !of.is_empty() {
                profile::record(phase, mutant, of.iter().sum(), of.len());
            }
        }
        done.into_iter().map(|(v, _)| v).collect()
    })
}

/// The checks as issue 13's engine ran them ([`super::engine::legacy`]): PDR of every
/// `bad` the simulation did not raise, BMC up to the whole length of every witness,
/// then vacuity, each phase in its own processes (the `late` checks come after the
/// counterexamples are replayed, in [`explain_cycle_zero`]).
pub(super) fn legacy_checks(
    s: &Settings,
    unit: &Unit,
    model: &Model,
    jobs: &[Job],
    hits: &HashMap<usize, Hit>,
    state: &mut [Checked],
) {
    let mutant = !unit.vacuity;
    let mut bad_verdicts: Vec<Option<Verdict>> = vec![None; state.len()];
    let mut to_prove: Vec<&Job> = Vec::new();
    for j in jobs {
        match hits.get(&j.1) {
            Some(hit) => bad_verdicts[j.0] = Some(Verdict::Reached(hit.witness.clone())),
            None => to_prove.push(j),
        }
    }
    let outs: Vec<usize> = to_prove.iter().map(|j| j.1).collect();
    for (j, v) in to_prove
        .iter()
        .zip(run_checks(s, model, &outs, Phase::Prove, mutant))
    {
        bad_verdicts[j.0] = Some(v);
    }
    let beyond = shorten(s, model, jobs, &mut bad_verdicts, mutant);
    if unit.vacuity {
        let mut proved: Vec<&Job> = Vec::new();
        for j in jobs
            .iter()
            .filter(|j| bad_verdicts[j.0] == Some(Verdict::Proved))
        {
            match hits.get(&j.2) {
                Some(hit) => state[j.0].trig = Some(Verdict::Reached(hit.witness.clone())),
                None => proved.push(j),
            }
        }
        let outs: Vec<usize> = proved.iter().map(|j| j.2).collect();
        for (j, v) in proved
            .iter()
            .zip(run_checks(s, model, &outs, Phase::Vacuity, mutant))
        {
            state[j.0].trig = Some(v);
        }
    }
    for (k, (v, b)) in bad_verdicts.into_iter().zip(beyond).enumerate() {
        state[k].bad = v;
        state[k].beyond = b;
    }
}

/// Replaces each PDR counterexample by a shortest one (BMC up to the length of PDR's,
/// and at most `--depth` frames). Returns, per entry, `Some(cycle)` where every
/// counterexample is longer than the depth (PDR's fails at that cycle).
fn shorten(
    s: &Settings,
    model: &Model,
    jobs: &[Job],
    verdicts: &mut [Option<Verdict>],
    mutant: bool,
) -> Vec<Option<usize>> {
    let mut beyond = vec![None; verdicts.len()];
    let mut asks: Vec<(usize, (usize, u32))> = Vec::new();
    for j in jobs {
        if let Some(Verdict::Reached(w)) = &verdicts[j.0] {
            // A witness of one cycle (a failure in cycle 0) is a shortest one already.
            if w.frames.len() <= 1 {
                continue;
            }
            let frames = (w.frames.len() as u32).clamp(1, s.depth);
            asks.push((j.0, (j.1, frames)));
        }
    }
    if asks.is_empty() {
        return beyond;
    }
    let outs: Vec<(usize, u32)> = asks.iter().map(|a| a.1).collect();
    let found = parallel(s, &outs, |outs| {
        let started = Instant::now();
        let v = abc::shortest(
            s.tools,
            &model.dir,
            model.aig.inputs,
            model.aig.latches.len(),
            outs,
            s.timeout,
            s.limits.memory_bytes,
        );
        profile::record(Phase::Shorten, mutant, started.elapsed(), outs.len());
        v
    });
    for ((k, (_, frames)), v) in asks.iter().zip(found) {
        match v {
            Verdict::Reached(w) => verdicts[*k] = Some(Verdict::Reached(w)),
            // BMC found none within the depth while PDR's is longer: beyond the depth.
            _ => {
                if let Some(Verdict::Reached(w)) = &verdicts[*k]
                    && w.frames.len() as u32 > *frames
                {
                    beyond[*k] = Some(w.frames.len() - 1);
                }
            }
        }
    }
    beyond
}

/// Runs `f` on chunks of `items` in parallel.
fn parallel<T: Sync, V: Send>(
    s: &Settings,
    items: &[T],
    f: impl Fn(&[T]) -> Vec<V> + Sync,
) -> Vec<V> {
    let per = items.len().div_ceil(s.jobs.max(1)).max(8);
    let chunks: Vec<&[T]> = items.chunks(per).collect();
    let out: Vec<Vec<V>> = chunks.par_iter().map(|c| f(c)).collect();
    out.into_iter().flatten().collect()
}

/// Checks `outputs` of the model in batches, in parallel.
pub(super) fn run_checks(
    s: &Settings,
    model: &Model,
    outputs: &[usize],
    phase: Phase,
    mutant: bool,
) -> Vec<Verdict> {
    if outputs.is_empty() {
        return Vec::new();
    }
    let per = outputs.len().div_ceil(s.jobs.max(1)).max(8);
    let chunks: Vec<&[usize]> = outputs.chunks(per).collect();
    let verdicts: Vec<Vec<Verdict>> = chunks
        .par_iter()
        .map(|outs| {
            let started = Instant::now();
            let v = abc::check(
                s.tools,
                &model.dir,
                model.aig.inputs,
                model.aig.latches.len(),
                outs,
                s.timeout,
                s.depth,
                s.limits.memory_bytes,
            );
            profile::record(phase, mutant, started.elapsed(), outs.len());
            v
        })
        .collect();
    verdicts.into_iter().flatten().collect()
}
