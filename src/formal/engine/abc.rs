//! Checking bad-state outputs of a model with ABC's PDR (IC3) or BMC: for each output, the
//! sequential cone of that output alone (`cone -s -O N -a`, which keeps every input, so
//! a witness replays on the whole model), `pdr -T SECONDS -F DEPTH`, then the status
//! (`write_status`) and the witness (`write_cex -a`). Several outputs share one ABC
//! process (its start costs more than most checks); each has its own time limit (CPU
//! seconds, ABC's clock), and the process is killed well past the sum of them. A check the process never reached is
//! run again in a new one. After a refutation, [`shortest`] looks for the earliest
//! failure with BMC (`bmc3`, which unrolls one time frame after the other, so the first
//! counterexample it finds is a shortest one).

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::aiger::{Witness, parse_witness};
use super::process;
use super::tools::Tools;

/// What PDR said about one output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The output is 0 in every reachable state.
    Proved,
    /// A witness that drives the output to 1 (not yet replayed).
    Reached(Witness),
    /// Neither, with why (the time limit, the depth, a tool failure).
    Undecided(String),
}

static BATCHES: AtomicU64 = AtomicU64::new(0);

/// How one output is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// PDR exploring at most `depth` time frames: a proof for every cycle or a witness.
    Pdr { depth: u32 },
    /// BMC over time frames 0 to `frames - 1`: the earliest failure within them (a
    /// shortest counterexample), or `Undecided` when there is none that short.
    Bmc { frames: u32 },
}

impl Engine {
    fn command(self, seconds: u64) -> String {
        // ABC reads `-F` as a C int: beyond it, every check would fail; `bmc3 -F 0`
        // would have no bound at all.
        let cap = |n: u32| n.clamp(1, crate::formal::options::MAX_DEPTH);
        match self {
            Engine::Pdr { depth } => format!("pdr -T {seconds} -F {}", cap(depth)),
            Engine::Bmc { frames } => format!("bmc3 -T {seconds} -F {}", cap(frames)),
        }
    }
}

/// One check: an output (PO index) of the model and its engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    pub output: usize,
    pub engine: Engine,
}

/// Checks `outputs` (PO indices) of the model `model.aig` in `dir` with PDR, which
/// explores at most `depth` time frames, ABC using at most `memory` bytes (see
/// [`Tools::command`]).
#[allow(clippy::too_many_arguments)]
pub fn check(
    tools: &Tools,
    dir: &Path,
    inputs: usize,
    latches: usize,
    outputs: &[usize],
    timeout: Duration,
    depth: u32,
    memory: u64,
) -> Vec<Verdict> {
    let checks: Vec<Check> = outputs
        .iter()
        .map(|&output| Check {
            output,
            engine: Engine::Pdr { depth },
        })
        .collect();
    run(tools, dir, inputs, latches, &checks, timeout, memory)
        .into_iter()
        .map(|(v, _)| v)
        .collect()
}

/// Looks for a shortest counterexample of each output by BMC: `(output, frames)`
/// explores time frames 0 to `frames - 1` (a failure at cycle `frames - 1` at the
/// latest). `Undecided` when there is none that short (or the time ran out).
pub fn shortest(
    tools: &Tools,
    dir: &Path,
    inputs: usize,
    latches: usize,
    outputs: &[(usize, u32)],
    timeout: Duration,
    memory: u64,
) -> Vec<Verdict> {
    let checks: Vec<Check> = outputs
        .iter()
        .map(|&(output, frames)| Check {
            output,
            engine: Engine::Bmc { frames },
        })
        .collect();
    run(tools, dir, inputs, latches, &checks, timeout, memory)
        .into_iter()
        .map(|(v, _)| v)
        .collect()
}

fn seconds(timeout: Duration) -> u64 {
    timeout.as_secs_f64().ceil().max(1.0) as u64
}

/// Runs `checks` in as few ABC processes as it can (one, unless one dies or is
/// stopped); each verdict comes with the time its check took (from the times its
/// status file and the one before were written; the first includes ABC's start).
pub fn run(
    tools: &Tools,
    dir: &Path,
    inputs: usize,
    latches: usize,
    checks: &[Check],
    timeout: Duration,
    memory: u64,
) -> Vec<(Verdict, Duration)> {
    let seconds = seconds(timeout);
    let mut verdicts: Vec<Option<(Verdict, Duration)>> = vec![None; checks.len()];
    let mut start = 0;
    while start < checks.len() && !super::process::interrupted() {
        let batch = BATCHES.fetch_add(1, Ordering::Relaxed);
        let mut script = String::new();
        for (k, c) in checks.iter().enumerate().skip(start) {
            script.push_str(&format!(
                "read_aiger model.aig\ncone -s -O {} -a\n{}\nwrite_status s{batch}_{k}.txt\nwrite_cex -a c{batch}_{k}.aiw\n",
                c.output,
                c.engine.command(seconds)
            ));
        }
        let script_name = format!("checks{batch}.abc");
        if let Err(e) = std::fs::write(dir.join(&script_name), script) {
            for v in verdicts.iter_mut().skip(start) {
                *v = Some((
                    Verdict::Undecided(format!("cannot write the ABC script: {e}")),
                    Duration::ZERO,
                ));
            }
            break;
        }
        // `pdr -T` counts CPU seconds; on a loaded machine wall-clock time runs
        // several times faster, so the process is killed only well past the sum.
        let count = (checks.len() - start) as u64;
        let limit = Duration::from_secs(4 * count * (seconds + 2) + 30);
        let mut cmd = tools.command(&tools.abc, memory);
        cmd.args(["-s", "-f", &script_name]);
        super::profile::abc_process();
        let began = std::time::SystemTime::now();
        let run = process::run(cmd, dir, limit);
        let mut next = checks.len();
        let mut last = began;
        for (k, slot) in verdicts.iter_mut().enumerate().skip(start) {
            let status_path = dir.join(format!("s{batch}_{k}.txt"));
            let Ok(status) = std::fs::read_to_string(&status_path) else {
                next = k;
                break;
            };
            let cex_path = dir.join(format!("c{batch}_{k}.aiw"));
            let cex = std::fs::read_to_string(&cex_path).ok();
            let written = std::fs::metadata(&status_path)
                .and_then(|m| m.modified())
                .unwrap_or(last);
            let took = written.duration_since(last).unwrap_or_default();
            last = written.max(last);
            *slot = Some((
                read_verdict(&status, cex.as_deref(), inputs, latches, seconds),
                took,
            ));
            let _ = std::fs::remove_file(&status_path);
            let _ = std::fs::remove_file(&cex_path);
        }
        let _ = std::fs::remove_file(dir.join(&script_name));
        if next < checks.len() {
            let why = match &run {
                Ok(r) if r.timed_out() => format!("ABC was stopped after {} s", limit.as_secs()),
                Ok(r) => {
                    let msg = r
                        .stdout
                        .lines()
                        .chain(r.stderr.lines())
                        .find(|l| l.contains("Error") || l.contains("error"))
                        .unwrap_or("no status")
                        .trim()
                        .to_string();
                    format!("ABC failed on this check: {msg}")
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {
                    "interrupted: not checked".to_string()
                }
                Err(e) => format!("cannot run yosys-abc: {e}"),
            };
            let took = std::time::SystemTime::now()
                .duration_since(last)
                .unwrap_or_default();
            verdicts[next] = Some((Verdict::Undecided(why), took));
            next += 1;
        }
        start = next;
    }
    verdicts
        .into_iter()
        .map(|v| v.unwrap_or_else(|| (Verdict::Undecided("not checked".into()), Duration::ZERO)))
        .collect()
}

/// The verdict of one check from its status file (`snl_UNSAT ...`, `snl_SAT ...`,
/// `snl_UNK ...`) and its witness file.
fn read_verdict(
    status: &str,
    cex: Option<&str>,
    inputs: usize,
    latches: usize,
    seconds: u64,
) -> Verdict {
    match status.split_whitespace().next() {
        Some("snl_UNSAT") if cex.is_none() => Verdict::Proved,
        Some("snl_SAT") => match cex.map(|c| parse_witness(c, inputs, latches)) {
            Some(Ok(w)) => Verdict::Reached(w),
            Some(Err(e)) => Verdict::Undecided(format!("ABC's counterexample is unreadable: {e}")),
            None => Verdict::Undecided("ABC reported a counterexample but wrote none".into()),
        },
        Some("snl_UNSAT") => Verdict::Undecided("ABC reported a proof and a counterexample".into()),
        _ => Verdict::Undecided(format!(
            "no proof and no counterexample within the depth or {seconds} s"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engines_are_bounded_commands() {
        assert_eq!(Engine::Pdr { depth: 30 }.command(60), "pdr -T 60 -F 30");
        assert_eq!(Engine::Bmc { frames: 4 }.command(5), "bmc3 -T 5 -F 4");
        // `bmc3 -F 0` has no bound; ABC's int would overflow past the depth limit.
        assert_eq!(Engine::Bmc { frames: 0 }.command(5), "bmc3 -T 5 -F 1");
        assert_eq!(
            Engine::Pdr { depth: u32::MAX }.command(5),
            format!("pdr -T 5 -F {}", crate::formal::options::MAX_DEPTH)
        );
    }

    #[test]
    fn reads_statuses() {
        assert_eq!(
            read_verdict("snl_UNSAT 2 unknown\nNULL\n", None, 1, 1, 5),
            Verdict::Proved
        );
        assert!(matches!(
            read_verdict("snl_SAT 1 unknown 0 2", Some("0\n1\n1\n"), 1, 1, 5),
            Verdict::Reached(_)
        ));
        assert!(matches!(
            read_verdict("snl_UNK -1 unknown", None, 1, 1, 5),
            Verdict::Undecided(m) if m.contains("5 s")
        ));
        assert!(matches!(
            read_verdict("snl_UNSAT 1", Some("0\n1\n"), 1, 1, 5),
            Verdict::Undecided(_)
        ));
    }
}
