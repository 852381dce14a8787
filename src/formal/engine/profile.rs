//! Where the time of a proof run goes: the wall-clock seconds of every tool run (and of
//! the random simulation), summed per phase over all threads, with how many runs and
//! checks each phase had, separately for the designs and for the mutants. An ABC
//! process that runs checks of several phases counts as a run of each, with the time
//! of its checks of that phase (from when each check's status was written), and once
//! in the ABC processes. Counted
//! always (a few atomic additions per tool run); read with [`snapshot`], cleared with
//! [`reset`]; `cargo bench --bench prove` prints it.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A phase of checking a design's properties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// yosys: the two runs building the model.
    Elaborate,
    /// The random simulation of the model (in flipscope).
    Simulate,
    /// ABC's PDR on the properties' `bad` outputs.
    Prove,
    /// BMC for a shortest counterexample after a refutation.
    Shorten,
    /// The same, decided by enumerating the few input bits that matter (in flipscope).
    Enumerate,
    /// PDR on the `trig` outputs of the proven properties.
    Vacuity,
    /// PDR on the `late` outputs of the cycle-0 failures.
    CycleZero,
}

impl Phase {
    pub const ALL: [Phase; 7] = [
        Phase::Elaborate,
        Phase::Simulate,
        Phase::Prove,
        Phase::Shorten,
        Phase::Enumerate,
        Phase::Vacuity,
        Phase::CycleZero,
    ];

    fn index(self) -> usize {
        self as usize
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Elaborate => "elaborate (yosys)",
            Phase::Simulate => "random simulation",
            Phase::Prove => "PDR of properties",
            Phase::Shorten => "BMC for shortest cex",
            Phase::Enumerate => "shortest cex enumerated",
            Phase::Vacuity => "PDR of vacuity",
            Phase::CycleZero => "PDR of cycle-0 only",
        }
    }
}

const SLOTS: usize = Phase::ALL.len() * 2;
static NANOS: [AtomicU64; SLOTS] = [const { AtomicU64::new(0) }; SLOTS];
static RUNS: [AtomicU64; SLOTS] = [const { AtomicU64::new(0) }; SLOTS];
static CHECKS: [AtomicU64; SLOTS] = [const { AtomicU64::new(0) }; SLOTS];
static ABC_PROCESSES: AtomicU64 = AtomicU64::new(0);

/// Counts one ABC process started (a process may run checks of several phases).
pub fn abc_process() {
    ABC_PROCESSES.fetch_add(1, Ordering::Relaxed);
}

fn slot(phase: Phase, mutant: bool) -> usize {
    phase.index() * 2 + usize::from(mutant)
}

/// Counts one run of `phase` (a tool process, or one simulation) that took `took` and
/// did `checks` checks.
pub fn record(phase: Phase, mutant: bool, took: Duration, checks: usize) {
    let s = slot(phase, mutant);
    NANOS[s].fetch_add(took.as_nanos() as u64, Ordering::Relaxed);
    RUNS[s].fetch_add(1, Ordering::Relaxed);
    CHECKS[s].fetch_add(checks as u64, Ordering::Relaxed);
}

/// Clears every count.
pub fn reset() {
    for s in 0..SLOTS {
        NANOS[s].store(0, Ordering::Relaxed);
        RUNS[s].store(0, Ordering::Relaxed);
        CHECKS[s].store(0, Ordering::Relaxed);
    }
    ABC_PROCESSES.store(0, Ordering::Relaxed);
}

/// One phase's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseCount {
    pub seconds: f64,
    pub runs: u64,
    pub checks: u64,
}

/// The counts of every phase, for designs (`[0]`) and mutants (`[1]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub phases: Vec<(Phase, [PhaseCount; 2])>,
    /// ABC processes started.
    pub abc_processes: u64,
}

/// The counts so far.
pub fn snapshot() -> Profile {
    let count = |s: usize| PhaseCount {
        seconds: NANOS[s].load(Ordering::Relaxed) as f64 / 1e9,
        runs: RUNS[s].load(Ordering::Relaxed),
        checks: CHECKS[s].load(Ordering::Relaxed),
    };
    Profile {
        phases: Phase::ALL
            .iter()
            .map(|&p| (p, [count(slot(p, false)), count(slot(p, true))]))
            .collect(),
        abc_processes: ABC_PROCESSES.load(Ordering::Relaxed),
    }
}

impl Profile {
    /// The seconds of every phase together.
    pub fn total(&self) -> f64 {
        self.phases
            .iter()
            .map(|(_, c)| c[0].seconds + c[1].seconds)
            .sum()
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "  {:<22} {:>9} {:>6} {:>7}   {:>9} {:>6} {:>7}",
            "phase (tool seconds)", "designs", "runs", "checks", "mutants", "runs", "checks"
        )?;
        for (p, c) in &self.phases {
            writeln!(
                f,
                "  {:<22} {:>8.1}s {:>6} {:>7}   {:>8.1}s {:>6} {:>7}",
                p.as_str(),
                c[0].seconds,
                c[0].runs,
                c[0].checks,
                c[1].seconds,
                c[1].runs,
                c[1].checks
            )?;
        }
        write!(
            f,
            "  total {:.1} tool seconds, {} ABC processes",
            self.total(),
            self.abc_processes
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_phase_and_side() {
        // Other tests may prove in parallel: compare differences only.
        let before = snapshot();
        record(Phase::Shorten, true, Duration::from_millis(1500), 3);
        let after = snapshot();
        let get = |p: &Profile| {
            p.phases
                .iter()
                .find(|(x, _)| *x == Phase::Shorten)
                .map(|(_, c)| c[1])
                .unwrap()
        };
        let (b, a) = (get(&before), get(&after));
        assert!(a.runs > b.runs && a.checks >= b.checks + 3);
        assert!(a.seconds - b.seconds >= 1.5 - 1e-9);
        assert!(after.to_string().contains("BMC for shortest cex"));
    }
}
