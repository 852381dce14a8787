//! Shortest counterexamples without ABC when few input bits matter: whether an output
//! of the model can rise in one of the cycles `0..frames` is decided by trying every
//! value of the input bits it depends on in those cycles (its structural support in
//! the unrolled model: an input at a cycle is in it when a path of gates and latches
//! leads from it to the output at that cycle or a later one; the latches start at 0,
//! as [`super::aiger::simulate`] replays witnesses). That is exactly what BMC decides
//! over the same cycles, so the earliest cycle found is the one `bmc3` finds, and
//! "none" means none; the witness replays like every other.
//!
//! Only supports of at most [`MAX_SUPPORT`] bits are enumerated (64 values at a time,
//! one per bit of a word), and only while the work stays small ([`MAX_WORK`]); a
//! larger one is left to BMC.

use super::aiger::{Aig, Witness};

/// Most input bits (over all the cycles) enumerated.
pub const MAX_SUPPORT: usize = 16;

/// Most gate evaluations (words x cycles x AND gates) one enumeration may take.
pub const MAX_WORK: usize = 2_000_000;

/// What enumeration decided about an output within `frames` cycles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Earliest {
    /// It rises first at the last cycle of the witness (no value of the inputs makes
    /// it rise earlier).
    At(Witness),
    /// It rises in none of the cycles.
    Never,
    /// Too many input bits to try: left to BMC.
    TooMany,
}

/// The bit patterns of the first six support bits across a word's 64 values.
const PATTERNS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// The (input, cycle) bits output `output` depends on in cycles `0..frames`, or
/// `None` when there are more than `MAX_SUPPORT`.
fn support(aig: &Aig, output: usize, frames: usize) -> Option<Vec<(usize, usize)>> {
    let base = 1 + aig.inputs + aig.latches.len();
    let vars = base + aig.ands.len();
    let lit = *aig.outputs.get(output)?;
    let mut found: Vec<(usize, usize)> = Vec::new();
    // The latches needed at the cycle being looked at (from the cycle after it).
    let mut from_later = vec![false; aig.latches.len()];
    for t in (0..frames).rev() {
        let mut need = vec![false; vars];
        need[(lit >> 1) as usize] = true;
        for (k, &l) in from_later.iter().enumerate() {
            if l {
                need[(aig.latches[k] >> 1) as usize] = true;
            }
        }
        for k in (0..aig.ands.len()).rev() {
            if need[base + k] {
                let (a, b) = aig.ands[k];
                need[(a >> 1) as usize] = true;
                need[(b >> 1) as usize] = true;
            }
        }
        for i in 0..aig.inputs {
            if need[1 + i] {
                found.push((i, t));
                if found.len() > MAX_SUPPORT {
                    return None;
                }
            }
        }
        // At cycle 0 the latches are 0: nothing earlier is needed.
        from_later = (0..aig.latches.len())
            .map(|k| need[1 + aig.inputs + k])
            .collect();
    }
    Some(found)
}

/// The earliest cycle below `frames` at which output `output` of `aig` rises, with a
/// witness, by enumeration (see the module documentation).
pub fn earliest(aig: &Aig, output: usize, frames: usize) -> Earliest {
    if frames == 0 {
        return Earliest::Never;
    }
    let Some(lit) = aig.outputs.get(output).copied() else {
        return Earliest::TooMany;
    };
    let Some(bits) = support(aig, output, frames) else {
        return Earliest::TooMany;
    };
    let words = 1usize << bits.len().saturating_sub(6);
    if words
        .saturating_mul(frames)
        .saturating_mul(aig.ands.len().max(1))
        > MAX_WORK
    {
        return Earliest::TooMany;
    }
    let base = 1 + aig.inputs + aig.latches.len();
    let read = |value: &[u64], lit: u32| -> u64 {
        let v = value[(lit >> 1) as usize];
        if lit & 1 == 1 { !v } else { v }
    };
    let mut value = vec![0u64; base + aig.ands.len()];
    // The earliest (cycle, word, bit) found so far.
    let mut best: Option<(usize, usize, u32)> = None;
    for w in 0..words {
        let limit = best.map_or(frames, |b| b.0);
        if limit == 0 {
            break;
        }
        value.iter_mut().for_each(|v| *v = 0);
        for t in 0..limit {
            for v in value[1..=aig.inputs].iter_mut() {
                *v = 0;
            }
            for (j, &(i, cycle)) in bits.iter().enumerate() {
                if cycle == t {
                    value[1 + i] = pattern(j, w);
                }
            }
            for (k, &(a, b)) in aig.ands.iter().enumerate() {
                value[base + k] = read(&value, a) & read(&value, b);
            }
            let out = read(&value, lit);
            if out != 0 {
                best = Some((t, w, out.trailing_zeros()));
                break;
            }
            let next: Vec<u64> = aig.latches.iter().map(|&l| read(&value, l)).collect();
            value[1 + aig.inputs..base].copy_from_slice(&next);
        }
    }
    let Some((cycle, w, bit)) = best else {
        return Earliest::Never;
    };
    let mut frames: Vec<Vec<bool>> = vec![vec![false; aig.inputs]; cycle + 1];
    for (j, &(i, t)) in bits.iter().enumerate() {
        if t <= cycle {
            frames[t][i] = pattern(j, w) >> bit & 1 == 1;
        }
    }
    Earliest::At(Witness { frames })
}

/// The values of support bit `j` across the 64 values of word `w`.
fn pattern(j: usize, w: usize) -> u64 {
    match PATTERNS.get(j) {
        Some(&p) => p,
        None if w >> (j - 6) & 1 == 1 => u64::MAX,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::aiger::{parse_aig, simulate, toy_aig as toy};
    use super::*;

    #[test]
    fn finds_the_earliest_failure_and_a_witness_that_replays() {
        let aig = toy();
        let Earliest::At(w) = earliest(&aig, 0, 5) else {
            panic!("bad can rise at cycle 1");
        };
        assert_eq!(w.frames.len(), 2);
        let outs = simulate(&aig, &w);
        assert!(!outs[0][0] && outs[1][0]);
    }

    #[test]
    fn says_never_within_too_few_cycles() {
        assert_eq!(earliest(&toy(), 0, 1), Earliest::Never);
        assert_eq!(earliest(&toy(), 0, 0), Earliest::Never);
    }

    #[test]
    fn the_support_is_the_inputs_that_reach_the_output() {
        // x at cycle 1 (the AND) and at cycle 0 (through the latch), and x at cycle 0
        // for the AND of cycle 0.
        let s = support(&toy(), 0, 2).unwrap();
        assert_eq!(s, [(0, 1), (0, 0)]);
    }

    #[test]
    fn too_many_inputs_are_left_to_bmc() {
        // 20 inputs and-ed together: a support of 20 bits in one cycle.
        let n = 20u32;
        let mut text = format!("aig {} {n} 0 1 {}\n", 2 * n - 1, n - 1).into_bytes();
        text.extend(format!("{}\n", 2 * (2 * n - 1)).bytes());
        let mut prev = 2u32;
        for k in 0..n - 1 {
            let lhs = 2 * (n + 1 + k);
            let rhs = 2 * (k + 2);
            let (hi, lo) = if prev > rhs { (prev, rhs) } else { (rhs, prev) };
            aiger_delta(&mut text, lhs - hi);
            aiger_delta(&mut text, hi - lo);
            prev = lhs;
        }
        let aig = parse_aig(&text).unwrap();
        assert_eq!(earliest(&aig, 0, 1), Earliest::TooMany);
    }

    fn aiger_delta(out: &mut Vec<u8>, mut d: u32) {
        while d >= 0x80 {
            out.push((d as u8 & 0x7f) | 0x80);
            d >>= 7;
        }
        out.push(d as u8);
    }
}
