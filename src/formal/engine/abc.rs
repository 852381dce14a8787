//! Checking bad-state outputs of a model with ABC's PDR (IC3): for each output, the
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
    let seconds = seconds(timeout);
    // ABC reads `-F` as a C int: beyond it, every check would fail.
    let depth = depth.min(crate::formal::options::MAX_DEPTH);
    let checks: Vec<(usize, String)> = outputs
        .iter()
        .map(|&o| (o, format!("pdr -T {seconds} -F {depth}")))
        .collect();
    run(tools, dir, inputs, latches, &checks, timeout, memory)
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
    let seconds = seconds(timeout);
    let checks: Vec<(usize, String)> = outputs
        .iter()
        .map(|&(o, frames)| {
            let frames = frames.min(crate::formal::options::MAX_DEPTH);
            (o, format!("bmc3 -T {seconds} -F {frames}"))
        })
        .collect();
    run(tools, dir, inputs, latches, &checks, timeout, memory)
}

fn seconds(timeout: Duration) -> u64 {
    timeout.as_secs_f64().ceil().max(1.0) as u64
}

/// Runs `checks` (output, engine command) in batches of one ABC process.
fn run(
    tools: &Tools,
    dir: &Path,
    inputs: usize,
    latches: usize,
    checks: &[(usize, String)],
    timeout: Duration,
    memory: u64,
) -> Vec<Verdict> {
    let seconds = seconds(timeout);
    let mut verdicts: Vec<Option<Verdict>> = vec![None; checks.len()];
    let mut start = 0;
    while start < checks.len() && !super::process::interrupted() {
        let batch = BATCHES.fetch_add(1, Ordering::Relaxed);
        let mut script = String::new();
        for (k, (o, engine)) in checks.iter().enumerate().skip(start) {
            script.push_str(&format!(
                "read_aiger model.aig\ncone -s -O {o} -a\n{engine}\nwrite_status s{batch}_{k}.txt\nwrite_cex -a c{batch}_{k}.aiw\n"
            ));
        }
        let script_name = format!("checks{batch}.abc");
        if let Err(e) = std::fs::write(dir.join(&script_name), script) {
            for v in verdicts.iter_mut().skip(start) {
                *v = Some(Verdict::Undecided(format!(
                    "cannot write the ABC script: {e}"
                )));
            }
            break;
        }
        // `pdr -T` counts CPU seconds; on a loaded machine wall-clock time runs
        // several times faster, so the process is killed only well past the sum.
        let count = (checks.len() - start) as u64;
        let limit = Duration::from_secs(4 * count * (seconds + 2) + 30);
        let mut cmd = tools.command(&tools.abc, memory);
        cmd.args(["-s", "-f", &script_name]);
        let run = process::run(cmd, dir, limit);
        let mut next = checks.len();
        for (k, slot) in verdicts.iter_mut().enumerate().skip(start) {
            let status = std::fs::read_to_string(dir.join(format!("s{batch}_{k}.txt")));
            let Ok(status) = status else {
                next = k;
                break;
            };
            let cex = std::fs::read_to_string(dir.join(format!("c{batch}_{k}.aiw"))).ok();
            *slot = Some(read_verdict(
                &status,
                cex.as_deref(),
                inputs,
                latches,
                seconds,
            ));
        }
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
            verdicts[next] = Some(Verdict::Undecided(why));
            next += 1;
        }
        start = next;
    }
    verdicts
        .into_iter()
        .map(|v| v.unwrap_or_else(|| Verdict::Undecided("not checked".into())))
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
