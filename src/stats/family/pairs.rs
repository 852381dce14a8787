//! The paired view of whole-module studies in flipscope's own terms: one pair per
//! (family, model, variant, sample) against the family's canonical implementation's
//! output of the same sample, each side
//! correct when its output has a sound property. The pairs are ordinary
//! [`PairRecord`]s (behavior `sound`), so accuracy, delta, conditional robustness,
//! invariance failure, any-flip rate, the filter, tags and exports read as for VERT.
//! Each pair also says whether its family is variant-sensitive for its model (the
//! filter's `sensitive=yes`).

use serde_json::{Map, Value};

use super::outputs::{OutputSummary, SOUND_BEHAVIOR};
use crate::stats::pair_row::{CLASS_FIELD, SENSITIVE_FIELD};
use crate::study::{FlipClass, ORIGINAL, PairInputs, PairRecord, Side, Study};

/// One side of a pair: correct when the output has a sound property; its category is
/// the output's, its reason the counts behind it.
fn side(o: &OutputSummary) -> Side {
    let reason = if !o.syntax_valid {
        "the output is not syntactically valid: no property counts".to_string()
    } else {
        format!(
            "{} of {} properties sound ({} interface-only)",
            o.sound, o.properties, o.interface_only
        )
    };
    Side {
        category: Some(o.category.to_string()),
        correct: o.has_sound(),
        property: None,
        reason: Some(reason),
        extra: Map::new(),
    }
}

/// The pairs of `outputs` (sorted by model, program, variant, sample): each
/// non-canonical output with its family's canonical output of the same model and
/// sample; an output without a canonical counterpart forms no pair. With programs loaded, each pair carries its
/// pair hash over the programs and the two outputs' texts.
pub fn derived_pairs(study: &Study, outputs: &[OutputSummary]) -> Vec<PairRecord> {
    let canonical = |o: &OutputSummary| {
        outputs.iter().find(|c| {
            c.model == o.model
                && c.program == o.program
                && c.variant == ORIGINAL
                && c.sample == o.sample
        })
    };
    let text = |model: &str, program: &str, variant: &str, sample: u32| {
        study
            .generations
            .iter()
            .find(|g| {
                g.model == model
                    && g.program == program
                    && g.variant == variant
                    && g.sample_index() == sample
            })
            .map(|g| g.output.as_str())
    };
    let sensitive = super::figures::sensitive_families(outputs);
    let mut out = Vec::new();
    for o in outputs.iter().filter(|o| o.variant != ORIGINAL) {
        let Some(base) = canonical(o) else { continue };
        let pair_hash = study.program(&o.program).and_then(|program| {
            let base_output = text(&o.model, &o.program, ORIGINAL, o.sample)?;
            let trans_output = text(&o.model, &o.program, &o.variant, o.sample)?;
            Some(
                PairInputs {
                    program,
                    variant: &o.variant,
                    behavior: SOUND_BEHAVIOR,
                    model: &o.model,
                    base_output,
                    trans_output,
                }
                .hash(),
            )
        });
        let mut extra = Map::new();
        extra.insert(CLASS_FIELD.into(), Value::String(o.stratum.clone()));
        if let Some(&s) = sensitive.get(&(o.model.as_str(), o.program.as_str())) {
            extra.insert(SENSITIVE_FIELD.into(), Value::Bool(s));
        }
        out.push(PairRecord {
            model: o.model.clone(),
            variant: o.variant.clone(),
            program: o.program.clone(),
            stratum: o.stratum.clone(),
            behavior: SOUND_BEHAVIOR.to_string(),
            base: side(base),
            trans: side(o),
            flip: Some(FlipClass::from_sides(base.has_sound(), o.has_sound())),
            pair_hash,
            sample: (o.sample > 0).then_some(o.sample),
            extra,
        });
    }
    out
}
