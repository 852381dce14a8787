//! Assembling a simulated study: program sizes and strata, shapes, variants through
//! `transform`, behaviors through `rtl`, plans and generations per model.

use std::collections::BTreeMap;

use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, json};

use super::calibrate::{Plan, ProgramSize, plan};
use super::models::{Failure, MODELS};
use super::render::{Input, render};
use super::shape::{Shape, Stratum, generate};
use super::{SynthError, SynthOptions, annotate};
use crate::rtl::{Behavior, ParseCache, RtlInput, analyse_many};
use crate::study::{Annotation, Generation, Program, Variant};
use crate::transform::{Kind, ProgramInput, Rewrite, transform_many};

/// A generated study, ready to write.
#[derive(Debug, Clone)]
pub struct SampleStudy {
    pub options: SynthOptions,
    pub programs: Vec<Program>,
    pub generations: Vec<Generation>,
    pub annotations: Vec<Annotation>,
    /// Per model, the plan it was generated from.
    pub plans: Vec<(&'static str, Plan)>,
}

/// Fewest and most behaviors of one program.
const MIN_BEHAVIORS: usize = 4;
const MAX_BEHAVIORS: usize = 11;

fn scaled(n: usize, per_40: usize) -> usize {
    ((n * per_40) as f64 / 40.0).round() as usize
}

/// `total` behaviors spread over `count` programs, each within the bounds.
fn spread(rng: &mut ChaCha8Rng, count: usize, total: usize) -> Vec<usize> {
    let mut sizes = vec![MIN_BEHAVIORS; count];
    let mut left = total.saturating_sub(MIN_BEHAVIORS * count);
    while left > 0 && sizes.iter().any(|&s| s < MAX_BEHAVIORS) {
        let i = rng.random_range(0..count);
        if sizes[i] < MAX_BEHAVIORS {
            sizes[i] += 1;
            left -= 1;
        }
    }
    sizes
}

/// Generates the study of `options` (the parse cache only makes it faster).
pub fn synthesize(options: SynthOptions, cache: &ParseCache) -> Result<SampleStudy, SynthError> {
    let n = options.programs;
    if n < 4 {
        return Err(SynthError::TooFew(n));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    // Programs without a reversible chain (T1 does not apply): 2 of 40, 15 behaviors.
    let simple_count = scaled(n, 2).max(1);
    let simple: Vec<bool> = {
        let mut v = vec![false; n];
        for j in 0..simple_count {
            v[((2 * j + 1) * n) / (2 * simple_count)] = true;
        }
        v
    };
    let mut simple_sizes = spread(&mut rng, simple_count, scaled(n, 15)).into_iter();
    let mut other_sizes =
        spread(&mut rng, n - simple_count, scaled(n, 295) - scaled(n, 15)).into_iter();
    let width = n.to_string().len().max(2);
    let ids: Vec<String> = (1..=n).map(|i| format!("p{i:0width$}")).collect();
    let shapes: Vec<Shape> = (0..n)
        .map(|i| {
            let size = if simple[i] {
                simple_sizes.next()
            } else {
                other_sizes.next()
            };
            let stratum = Stratum::ALL[i * 4 / n];
            generate(&mut rng, stratum, size.unwrap_or(MIN_BEHAVIORS), simple[i])
        })
        .collect();
    let inputs: Vec<ProgramInput<'_>> = shapes
        .iter()
        .zip(&ids)
        .map(|(s, id)| ProgramInput {
            id,
            source: &s.rtl,
            clock: s.clock.as_deref(),
        })
        .collect();
    let kinds = [Kind::T1, Kind::T2, Kind::T3];
    let outcomes = transform_many(&inputs, &kinds, cache);
    let bad = |i: usize, message: String| SynthError::Program {
        program: ids[i].clone(),
        message,
    };
    let mut rewrites: Vec<Vec<(Kind, Rewrite)>> = Vec::new();
    for (i, outcome) in outcomes.into_iter().enumerate() {
        let mut list = Vec::new();
        for (kind, o) in outcome {
            match o {
                Ok(Some(r)) => list.push((kind, r)),
                Ok(None) if kind == Kind::T1 && simple[i] => {}
                Ok(None) => return Err(bad(i, format!("{kind} does not apply"))),
                Err(e) => return Err(bad(i, e.to_string())),
            }
        }
        if simple[i] == list.iter().any(|(k, _)| *k == Kind::T1) {
            return Err(bad(i, "T1 applies where it should not".into()));
        }
        rewrites.push(list);
    }
    // Behaviors of every original and variant (cache hits after transform_many).
    let mut texts: Vec<(usize, &str, RtlInput<'_>)> = Vec::new();
    for (i, s) in shapes.iter().enumerate() {
        texts.push((
            i,
            "original",
            RtlInput {
                source: &s.rtl,
                clock: s.clock.as_deref(),
            },
        ));
        for (k, r) in &rewrites[i] {
            texts.push((
                i,
                k.as_str(),
                RtlInput {
                    source: &r.rtl,
                    clock: r.clock.as_deref(),
                },
            ));
        }
    }
    let rtl_inputs: Vec<RtlInput<'_>> = texts.iter().map(|t| t.2).collect();
    let analysed = analyse_many(&rtl_inputs, cache);
    let mut behaviors: Vec<BTreeMap<&str, Vec<Behavior>>> = vec![BTreeMap::new(); n];
    for ((i, variant, _), result) in texts.iter().zip(analysed) {
        let list = result.map_err(|e| bad(*i, e.to_string()))?;
        if list.len() != shapes[*i].behavior_count() {
            return Err(bad(
                *i,
                format!(
                    "{variant}: {} behaviors, expected {}",
                    list.len(),
                    shapes[*i].behavior_count()
                ),
            ));
        }
        behaviors[*i].insert(variant, list);
    }
    let programs: Vec<Program> = shapes
        .iter()
        .zip(&ids)
        .zip(&rewrites)
        .map(|((s, id), rw)| program(id, s, rw))
        .collect();
    let sizes: Vec<ProgramSize> = shapes
        .iter()
        .zip(&simple)
        .map(|(s, &simple)| ProgramSize {
            behaviors: s.behavior_count(),
            t1: !simple,
        })
        .collect();
    let mut generations = Vec::new();
    let mut plans = Vec::new();
    let mut failures: Vec<annotate::ModelFailures> = Vec::new();
    for model in &MODELS {
        let plan = plan(&mut rng, model, &sizes);
        let mut model_failures = Vec::new();
        for (i, shape) in shapes.iter().enumerate() {
            let blocks: Vec<usize> = shape.blocks.iter().map(|b| b.assigns.len()).collect();
            let mut variants: Vec<(&str, Option<&str>, &Vec<bool>)> =
                vec![("original", shape.clock.as_deref(), &plan.original[i])];
            for (name, per_program) in &plan.variants {
                let Some(correct) = &per_program[i] else {
                    continue;
                };
                let clock = rewrites[i]
                    .iter()
                    .find(|(k, _)| k.as_str() == *name)
                    .and_then(|(_, r)| r.clock.as_deref());
                variants.push((name, clock, correct));
            }
            for (variant, clock, correct) in variants {
                let input = Input {
                    model,
                    behaviors: &behaviors[i][variant],
                    blocks: &blocks,
                    correct,
                    clock,
                };
                let out = render(&mut rng, &input);
                let planned: Vec<&str> = out
                    .failures
                    .iter()
                    .map(|f| f.map_or("correct", Failure::name))
                    .collect();
                let mut meta = json!({
                    "simulated": true,
                    "calibrated_to": model.calibrated_to,
                    "generator": format!("flipscope synth --programs {n} --seed {}", options.seed),
                    "planned": planned,
                });
                if let Some(noise) = out.noise {
                    meta["noise"] = json!(noise);
                }
                generations.push(Generation {
                    program: ids[i].clone(),
                    variant: variant.to_string(),
                    model: model.id.to_string(),
                    output: out.text,
                    shots: None,
                    sample: None,
                    external: None,
                    meta: Some(meta),
                    extra: Map::new(),
                });
                model_failures.push((ids[i].clone(), variant.to_string(), out.failures));
            }
        }
        failures.push(model_failures);
        plans.push((model.id, plan));
    }
    let annotations = annotate::annotations(&plans, &behaviors, &ids, &failures);
    Ok(SampleStudy {
        options,
        programs,
        generations,
        annotations,
        plans,
    })
}

/// The `programs.jsonl` record of one generated program.
fn program(id: &str, shape: &Shape, rewrites: &[(Kind, Rewrite)]) -> Program {
    let variants = rewrites
        .iter()
        .map(|(k, r)| {
            (
                k.as_str().to_string(),
                Variant {
                    rtl: r.rtl.clone(),
                    rename: r.rename.clone(),
                    ..Variant::default()
                },
            )
        })
        .collect();
    Program {
        id: id.to_string(),
        stratum: shape.stratum.name().to_string(),
        synchronous: shape.stratum.synchronous(),
        clock: shape.clock.clone(),
        rtl: shape.rtl.clone(),
        reference: shape.reference(),
        variants,
        ..Program::default()
    }
}
