//! Calibration: which behaviors a simulated model gets right on the original and on
//! each variant, so that the scored study has the published counts (exactly, at the
//! reference size of 295 behaviors; the same rates at any other size).

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::models::{ModelSpec, REFERENCE_BEHAVIORS, REFERENCE_T1_BEHAVIORS};

/// What the calibration needs to know of one program.
#[derive(Debug, Clone, Copy)]
pub struct ProgramSize {
    /// Its number of behaviors.
    pub behaviors: usize,
    /// Whether T1 applies to it.
    pub t1: bool,
}

/// Intended verdicts (`true` = correct) of one model, per program and behavior.
#[derive(Debug, Clone)]
pub struct Plan {
    pub original: Vec<Vec<bool>>,
    /// Per variant (`T1`, `T2`, `T3`): `None` for a program the variant lacks.
    pub variants: Vec<(&'static str, Vec<Option<Vec<bool>>>)>,
}

/// The counts a plan realises, per condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub base: usize,
    pub losses: usize,
    pub gains: usize,
}

/// `published` scaled from `of` to `size` behaviors.
fn scale(published: usize, of: usize, size: usize) -> usize {
    ((published as f64) * (size as f64) / (of as f64)).round() as usize
}

/// Indices (program, behavior) of the behaviors of `programs` that `keep` selects.
fn positions(verdicts: &[Vec<bool>], keep: impl Fn(usize, bool) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (p, v) in verdicts.iter().enumerate() {
        for (b, &ok) in v.iter().enumerate() {
            if keep(p, ok) {
                out.push((p, b));
            }
        }
    }
    out
}

/// `k` of `items`, chosen at random (all of them when there are fewer).
fn pick(rng: &mut ChaCha8Rng, mut items: Vec<(usize, usize)>, k: usize) -> Vec<(usize, usize)> {
    items.shuffle(rng);
    items.truncate(k);
    items
}

/// The intended verdicts of `model` on programs of `sizes`.
pub fn plan(rng: &mut ChaCha8Rng, model: &ModelSpec, sizes: &[ProgramSize]) -> Plan {
    let n: usize = sizes.iter().map(|s| s.behaviors).sum();
    let n1: usize = sizes.iter().filter(|s| s.t1).map(|s| s.behaviors).sum();
    let base = scale(model.base, REFERENCE_BEHAVIORS, n).min(n);
    let base_t1 = scale(model.base_t1, REFERENCE_T1_BEHAVIORS, n1)
        .clamp(base.saturating_sub(n - n1), base.min(n1));
    let mut original: Vec<Vec<bool>> = sizes.iter().map(|s| vec![true; s.behaviors]).collect();
    // Wrong behaviors: first some whole programs (real models fail a program at a
    // time, and these outputs may carry noise), then single behaviors.
    let mut wrong_t1 = n1 - base_t1;
    let mut budget = wrong_t1 / 4;
    let mut order: Vec<usize> = (0..sizes.len()).filter(|&p| sizes[p].t1).collect();
    order.shuffle(rng);
    for p in order {
        if sizes[p].behaviors <= budget && rng.random_bool(0.5) {
            original[p].iter_mut().for_each(|v| *v = false);
            budget -= sizes[p].behaviors;
            wrong_t1 -= sizes[p].behaviors;
        }
    }
    let wrong_rest = (n - n1) - (base - base_t1);
    for (t1, k) in [(true, wrong_t1), (false, wrong_rest)] {
        let pool = positions(&original, |p, ok| ok && sizes[p].t1 == t1);
        for (p, b) in pick(rng, pool, k) {
            original[p][b] = false;
        }
    }
    let variants = model
        .flips
        .iter()
        .map(|f| {
            let applies = |p: usize| f.variant != "T1" || sizes[p].t1;
            let (of, base_ref) = if f.variant == "T1" {
                (REFERENCE_T1_BEHAVIORS, model.base_t1)
            } else {
                (REFERENCE_BEHAVIORS, model.base)
            };
            let (size, b) = if f.variant == "T1" {
                (n1, base_t1)
            } else {
                (n, base)
            };
            let losses = scale(f.losses, base_ref, b);
            let gains = scale(f.gains, of - base_ref, size - b);
            let mut verdicts = original.clone();
            let correct = positions(&original, |p, ok| ok && applies(p));
            let wrong = positions(&original, |p, ok| !ok && applies(p));
            for (p, i) in pick(rng, correct, losses) {
                verdicts[p][i] = false;
            }
            for (p, i) in pick(rng, wrong, gains) {
                verdicts[p][i] = true;
            }
            let per_program = verdicts
                .into_iter()
                .enumerate()
                .map(|(p, v)| applies(p).then_some(v))
                .collect();
            (f.variant, per_program)
        })
        .collect();
    Plan { original, variants }
}

impl Plan {
    /// Base, losses and gains of `variant` as planned.
    pub fn counts(&self, variant: &str) -> Option<Counts> {
        let (_, v) = self.variants.iter().find(|(name, _)| *name == variant)?;
        let mut c = Counts {
            base: 0,
            losses: 0,
            gains: 0,
        };
        for (orig, var) in self.original.iter().zip(v) {
            let Some(var) = var else { continue };
            for (&o, &t) in orig.iter().zip(var) {
                c.base += usize::from(o);
                c.losses += usize::from(o && !t);
                c.gains += usize::from(!o && t);
            }
        }
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::models::MODELS;
    use rand::SeedableRng;

    fn reference_sizes() -> Vec<ProgramSize> {
        // 38 programs with 280 behaviors, 2 without T1 with 15.
        let mut sizes: Vec<ProgramSize> = (0..38)
            .map(|i| ProgramSize {
                behaviors: if i < 14 { 8 } else { 7 },
                t1: true,
            })
            .collect();
        sizes.push(ProgramSize {
            behaviors: 7,
            t1: false,
        });
        sizes.push(ProgramSize {
            behaviors: 8,
            t1: false,
        });
        sizes
    }

    #[test]
    fn plans_hit_the_published_counts_at_the_reference_size() {
        let sizes = reference_sizes();
        assert_eq!(sizes.iter().map(|s| s.behaviors).sum::<usize>(), 295);
        for seed in 0..20 {
            for m in &MODELS {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let plan = plan(&mut rng, m, &sizes);
                for f in &m.flips {
                    let c = plan.counts(f.variant).unwrap();
                    let base = if f.variant == "T1" { m.base_t1 } else { m.base };
                    assert_eq!(
                        c,
                        Counts {
                            base,
                            losses: f.losses,
                            gains: f.gains
                        },
                        "{} {}",
                        m.id,
                        f.variant
                    );
                }
            }
        }
    }

    #[test]
    fn larger_studies_keep_the_rates() {
        let sizes: Vec<ProgramSize> = (0..400).flat_map(|_| reference_sizes()).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let plan = plan(&mut rng, &MODELS[1], &sizes);
        let c = plan.counts("T2").unwrap();
        assert_eq!(c.base, 159 * 400);
        assert_eq!(c.losses, 31 * 400);
        assert_eq!(c.gains, 60 * 400);
    }
}
