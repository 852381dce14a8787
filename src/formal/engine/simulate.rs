//! Random simulation of the AIGER model before any proof: 64 runs at a time (one per
//! bit of a word), each from the model's own initial state (every latch 0, as
//! [`super::aiger::simulate`] replays witnesses) with random inputs in every cycle,
//! for a few cycles. An output that rises in some run is reachable, and the run's
//! inputs are a witness for it. It decides cheaply what PDR would only confirm:
//!
//! - a property whose `bad` rises fails (a shortest counterexample is then looked
//!   for by BMC up to that cycle, or is this one when it fails in cycle 0);
//! - a proven property whose `trig` rises is not vacuous;
//! - a cycle-0 failure whose `late` rises fails later too.
//!
//! A run that never raises an output says nothing: PDR then decides as before. The
//! seed is fixed, so the same model gets the same runs (and the same verdicts).
//! [`set_enabled`]`(false)` turns it off for the whole process (the prove benchmark
//! measures the engine without it, side by side).

use std::sync::atomic::{AtomicBool, Ordering};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::aiger::{Aig, Witness};

/// Words of 64 runs simulated together (the runs differ in how often inputs are 1:
/// one word each at densities 1/2, 1/4, 3/4, 1/16 and 15/16).
const WORDS: usize = 5;

static ENABLED: AtomicBool = AtomicBool::new(true);

/// Turns the simulation on or off for every later check of this process (on by
/// default; off, every output is left to PDR and BMC as before it existed).
pub fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// Whether the simulation runs.
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// The first hit of an output: the cycle it first rises in some run, and that run's
/// inputs up to that cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    pub cycle: usize,
    pub witness: Witness,
}

/// Simulates `aig` for `cycles` cycles and returns, per output of `outputs` (PO
/// indices), its first hit, if any.
pub fn first_hits(aig: &Aig, outputs: &[usize], cycles: usize, seed: u64) -> Vec<Option<Hit>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let vars = aig.inputs + aig.latches.len() + aig.ands.len() + 1;
    let mut value = vec![[0u64; WORDS]; vars];
    let mut state = vec![[0u64; WORDS]; aig.latches.len()];
    // The inputs of every cycle, kept to rebuild a witness.
    let mut inputs: Vec<Vec<[u64; WORDS]>> = Vec::with_capacity(cycles);
    let mut hits: Vec<Option<Hit>> = vec![None; outputs.len()];
    let mut open = outputs.len();
    let read = |value: &[[u64; WORDS]], lit: u32| -> [u64; WORDS] {
        let v = value[(lit >> 1) as usize];
        if lit & 1 == 1 { v.map(|w| !w) } else { v }
    };
    for cycle in 0..cycles {
        if open == 0 {
            break;
        }
        let frame: Vec<[u64; WORDS]> = (0..aig.inputs)
            .map(|_| {
                let (a, b, c, d) = (
                    rng.random::<u64>(),
                    rng.random::<u64>(),
                    rng.random::<u64>(),
                    rng.random::<u64>(),
                );
                [a, a & b, a | b, a & b & c & d, a | b | c | d]
            })
            .collect();
        for (k, f) in frame.iter().enumerate() {
            value[1 + k] = *f;
        }
        for (k, s) in state.iter().enumerate() {
            value[1 + aig.inputs + k] = *s;
        }
        let base = 1 + aig.inputs + aig.latches.len();
        for (k, &(a, b)) in aig.ands.iter().enumerate() {
            let (x, y) = (read(&value, a), read(&value, b));
            value[base + k] = std::array::from_fn(|w| x[w] & y[w]);
        }
        inputs.push(frame);
        for (h, &o) in hits.iter_mut().zip(outputs) {
            if h.is_some() {
                continue;
            }
            let Some(&lit) = aig.outputs.get(o) else {
                continue;
            };
            let v = read(&value, lit);
            if let Some((word, bits)) = v.iter().enumerate().find(|(_, b)| **b != 0) {
                let bit = bits.trailing_zeros();
                let frames = inputs
                    .iter()
                    .map(|f| f.iter().map(|v| v[word] >> bit & 1 == 1).collect())
                    .collect();
                *h = Some(Hit {
                    cycle,
                    witness: Witness { frames },
                });
                open -= 1;
            }
        }
        for (k, &next) in aig.latches.iter().enumerate() {
            state[k] = read(&value, next);
        }
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::super::aiger::{simulate, toy_aig as toy};
    use super::*;

    #[test]
    fn finds_the_first_cycle_and_a_witness_that_replays() {
        let aig = toy();
        // The bad output (x in two cycles in a row) cannot rise in cycle 0.
        let hits = first_hits(&aig, &[0], 8, 0);
        let hit = hits[0]
            .clone()
            .expect("x twice in a row is likely in 8 cycles");
        assert!(hit.cycle >= 1);
        let outs = simulate(&aig, &hit.witness);
        assert_eq!(outs.len(), hit.cycle + 1);
        assert!(outs[hit.cycle][0]);
        assert!(outs[..hit.cycle].iter().all(|o| !o[0]));
    }

    #[test]
    fn an_output_that_never_rises_has_no_hit() {
        let aig = toy();
        // One cycle: the latch is still 0.
        assert_eq!(first_hits(&aig, &[0], 1, 0), [None]);
        // An index past the outputs is no hit either.
        assert_eq!(first_hits(&aig, &[7], 4, 0), [None]);
    }

    #[test]
    fn the_same_seed_gives_the_same_runs() {
        let aig = toy();
        assert_eq!(first_hits(&aig, &[0], 8, 3), first_hits(&aig, &[0], 8, 3));
    }
}
