//! A few annotations for the sample study: for each simulated model and variant, the
//! first correct-to-wrong pair whose planned failure lies in the antecedent, tagged
//! with that failure mode, as an auditor would after reading it.

use std::collections::BTreeMap;

use serde_json::Map;

use super::calibrate::Plan;
use super::models::Failure;
use crate::rtl::Behavior;
use crate::study::{Annotation, AnnotationAction};

/// The fixed time stamp of generated decisions (keeps the study reproducible).
const TIME: &str = "2026-11-29T12:00:00Z";
const AUDITOR: &str = "flipscope synth (simulated audit)";

/// Planned failures of one model: (program, variant, failure per behavior).
pub type ModelFailures = Vec<(String, String, Vec<Option<Failure>>)>;

pub fn annotations(
    plans: &[(&'static str, Plan)],
    behaviors: &[BTreeMap<&str, Vec<Behavior>>],
    ids: &[String],
    failures: &[ModelFailures],
) -> Vec<Annotation> {
    let mut out = Vec::new();
    for ((model, plan), model_failures) in plans.iter().zip(failures) {
        for (variant, per_program) in &plan.variants {
            let found = per_program.iter().enumerate().find_map(|(p, v)| {
                let v = v.as_ref()?;
                let (_, _, planned) = model_failures
                    .iter()
                    .find(|(id, var, _)| *id == ids[p] && var == variant)?;
                (0..v.len()).find_map(|b| {
                    let f = planned[b]?;
                    let antecedent = matches!(
                        f,
                        Failure::DroppedPredicate
                            | Failure::BranchPolarity
                            | Failure::BooleanStructure
                    );
                    (plan.original[p][b] && antecedent).then_some((p, b, f))
                })
            });
            let Some((p, b, failure)) = found else {
                continue;
            };
            let decision = |action, tag: Option<String>, note: Option<String>| Annotation {
                program: ids[p].clone(),
                behavior: behaviors[p]["original"][b].id.clone(),
                model: model.to_string(),
                variant: variant.to_string(),
                action,
                tag,
                note,
                auditor: AUDITOR.to_string(),
                time: TIME.to_string(),
                version: env!("CARGO_PKG_VERSION").to_string(),
                pair_hash: None,
                sample: None,
                extra: Map::new(),
            };
            out.push(decision(
                AnnotationAction::Tag,
                Some(failure.name().to_string()),
                None,
            ));
            out.push(decision(
                AnnotationAction::Note,
                None,
                Some(format!(
                    "simulated output: {} planned by flipscope synth under {variant}",
                    failure.name()
                )),
            ));
        }
    }
    out
}
