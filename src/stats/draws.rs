//! A replicate's draws in bulk: `count` uniform indices of `0..bound` from its ChaCha8
//! stream, equal one for one to `count` calls of `rng.random_range(0..bound)` (rand
//! 0.9, Canon's method: one 32-bit word times `bound`, and a second word only when the
//! low half of the product is within `bound` of 2^32, which adds the carry of the
//! second product's high half). The words are generated a block at a time with
//! [`Rng::fill`], which gives the same words as consecutive `next_u32` calls at a
//! third of their cost; the reduction is then a multiply per draw.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Words generated at a time (the extra words of the rare second products come from
/// further blocks).
const BLOCK: usize = 4096;

/// Reusable buffers for [`draw_into`].
#[derive(Default)]
pub struct DrawBuffers {
    words: Vec<u32>,
    /// The next unused word in `words`.
    next: usize,
}

impl DrawBuffers {
    fn word(&mut self, rng: &mut ChaCha8Rng) -> u32 {
        if self.next == self.words.len() {
            self.refill(rng);
        }
        let w = self.words[self.next];
        self.next += 1;
        w
    }

    fn refill(&mut self, rng: &mut ChaCha8Rng) {
        self.words.resize(BLOCK, 0);
        rng.fill(&mut self.words[..]);
        self.next = 0;
    }
}

/// Appends `count` draws of `offset + (0..bound)` to `out`, taking words from `rng`
/// through `buffers`. Words left in the buffers belong to `rng`'s stream: use one set
/// of buffers per stream, emptied (by [`start_stream`]) when the stream changes.
pub fn draw_into(
    rng: &mut ChaCha8Rng,
    buffers: &mut DrawBuffers,
    bound: u32,
    offset: u32,
    count: usize,
    out: &mut Vec<u32>,
) {
    assert!(bound > 0, "an empty range");
    let threshold = bound.wrapping_neg();
    let target = out.len() + count;
    out.reserve(count);
    while out.len() < target {
        if buffers.next == buffers.words.len() {
            buffers.refill(rng);
        }
        let take = (target - out.len()).min(buffers.words.len() - buffers.next);
        let block = &buffers.words[buffers.next..buffers.next + take];
        // The draw that needs a second word, if any: (its low half, its result).
        let mut pending = None;
        let mut used = 0;
        for &x in block {
            used += 1;
            let product = u64::from(x) * u64::from(bound);
            let (result, low) = ((product >> 32) as u32, product as u32);
            if low > threshold {
                pending = Some((low, result));
                break;
            }
            out.push(offset + result);
        }
        buffers.next += used;
        if let Some((low, result)) = pending {
            let y = buffers.word(rng);
            let high = ((u64::from(y) * u64::from(bound)) >> 32) as u32;
            out.push(offset + result + u32::from(low.checked_add(high).is_none()));
        }
    }
}

/// Empties `buffers` for a new stream.
pub fn start_stream(buffers: &mut DrawBuffers) {
    buffers.words.clear();
    buffers.next = 0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::bootstrap::replicate_rng;

    #[test]
    fn bulk_draws_equal_random_range_call_by_call() {
        // Bounds near 2^32 make the second word frequent; small ones never need it.
        let bounds = [1u32, 2, 7, 40, 20_000, 1 << 31, u32::MAX - 5, u32::MAX];
        let mut buffers = DrawBuffers::default();
        for (r, &bound) in bounds.iter().enumerate() {
            for count in [0, 1, 5, BLOCK - 1, BLOCK, 3 * BLOCK + 17] {
                let mut rng = replicate_rng(9, r as u64);
                let want: Vec<u32> = (0..count).map(|_| rng.random_range(0..bound)).collect();
                // Two runs back to back on one stream, as the strata of a replicate.
                let mut rng = replicate_rng(9, r as u64);
                start_stream(&mut buffers);
                let mut got = Vec::new();
                draw_into(&mut rng, &mut buffers, bound, 0, count / 3, &mut got);
                draw_into(
                    &mut rng,
                    &mut buffers,
                    bound,
                    0,
                    count - count / 3,
                    &mut got,
                );
                assert_eq!(got, want, "bound {bound}, count {count}");
            }
        }
        let mut rng = replicate_rng(1, 2);
        start_stream(&mut buffers);
        let mut got = Vec::new();
        draw_into(&mut rng, &mut buffers, 10, 100, 50, &mut got);
        assert!(got.iter().all(|&d| (100..110).contains(&d)));
    }
}
