//! The reports of the formal engine turned into verdict lines: one per property of an
//! output, with its reading, syntax, interface check, own status, transfer and mutants.

use std::collections::BTreeMap;

use serde_json::Map;

use super::strict::is_strict;
use crate::formal::{Outcome, PropertySet, Report};
use crate::study::{Check, FormalStatus, Generation, PropertyVerdict, Reading, Syntax};

/// The engine's reason when yosys folded a property's monitor away (its failure output
/// became a constant, as for a tautology such as `a |-> a`).
pub const LOST_MONITOR: &str = "the model lost the property's monitor";

/// Whether the engine lost the monitor of this outcome: not the property's fault, so
/// it is reported `unknown`, not `error` (a workaround until the engine decides such
/// properties itself).
pub fn lost_monitor(o: &Outcome) -> bool {
    o.status == FormalStatus::Error && o.reason == LOST_MONITOR
}

/// The check of one outcome (a pass whose vacuity check was inconclusive says so in
/// its reason).
pub fn check(o: &Outcome) -> Check {
    if lost_monitor(o) {
        let mut c = Check::of(FormalStatus::Unknown);
        c.reason = Some(format!(
            "{LOST_MONITOR} (yosys folded it to a constant, as for a tautology): unknown, not an error"
        ));
        return c;
    }
    let mut c = Check::of(o.status);
    c.vacuous = o.vacuous == Some(true);
    let mut reason = o.reason.clone();
    if o.status == FormalStatus::Pass && o.vacuous.is_none() {
        reason.push_str(" (the vacuity check was inconclusive)");
    }
    c.reason = (!reason.is_empty()).then_some(reason);
    c.counterexample = o
        .counterexample
        .as_ref()
        .and_then(|cex| serde_json::to_value(cex).ok());
    c
}

/// The verdict lines of one output: `by_design` holds the report of its own
/// implementation and of each other one checked, by variant name; `mutant_names` names
/// the own report's mutant outcomes in order.
pub fn verdicts_of_output(
    g: &Generation,
    set: &PropertySet,
    by_design: &BTreeMap<String, Report>,
    mutant_names: &[&str],
) -> Vec<PropertyVerdict> {
    let Some(own) = by_design.get(&g.variant) else {
        return Vec::new();
    };
    let strict = is_strict(&g.output);
    let mut out = Vec::new();
    for (index, (prop, outcome)) in set.properties.iter().zip(&own.outcomes).enumerate() {
        let problem = prop.problem();
        let syntax = match &problem {
            Some((false, message)) => Syntax::error(message.clone()),
            _ if outcome.status == FormalStatus::Error
                && own.error.is_none()
                && !lost_monitor(outcome) =>
            {
                Syntax::error(outcome.reason.clone())
            }
            _ => Syntax::ok(),
        };
        // Known once the property was lowered and checked against an elaborated design
        // (the engine reports no ports for the others; EquivSVA leaves them out too).
        let checked = problem.is_none()
            && own.error.is_none()
            && outcome.status != FormalStatus::Unsupported
            && !(outcome.status == FormalStatus::Error
                && outcome.non_interface_identifiers.is_empty()
                && !lost_monitor(outcome));
        let interface_only = checked.then_some(outcome.non_interface_identifiers.is_empty());
        let mut non_interface = outcome.non_interface_identifiers.clone();
        non_interface.sort();
        let transfer = by_design
            .iter()
            .filter(|(name, _)| **name != g.variant)
            .filter_map(|(name, r)| r.outcomes.get(index).map(|o| (name.clone(), check(o))))
            .collect();
        let mutants = outcome
            .mutants
            .iter()
            .zip(mutant_names)
            .map(|(m, name)| {
                let mut c = Check::of(m.status);
                c.reason = (!m.reason.is_empty()).then(|| m.reason.clone());
                c.counterexample = m
                    .counterexample
                    .as_ref()
                    .and_then(|cex| serde_json::to_value(cex).ok());
                (name.to_string(), c)
            })
            .collect();
        let mut v = PropertyVerdict {
            program: g.program.clone(),
            variant: g.variant.clone(),
            model: g.model.clone(),
            sample: g.sample,
            stratum: None,
            index: Some(index),
            name: Some(prop.name.clone()),
            text: Some(prop.text.clone()),
            read: Reading {
                strict,
                lenient: true,
            },
            syntax,
            interface_only,
            non_interface,
            status: Some(check(outcome)),
            transfer,
            mutants,
            sound: None,
            external: None,
            input_hash: None,
            extra: Map::new(),
        };
        v.sound = Some(v.computed_sound());
        out.push(v);
    }
    out
}
