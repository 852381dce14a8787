//! Property-level invariance of a whole-module study: of the properties generated for
//! the original, how many have a counterpart in the same model's output for a variant
//! (a property of the same name, same sample), and how many of those changed verdict
//! (sound on one side, not on the other). The designs of a T1/T2/T3 pair are proven
//! equivalent, so a port-only property that flips is the model's doing only when the
//! two properties differ; the same text flipping would be a scorer or engine bug.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Serialize;

use crate::study::{ORIGINAL, PropertyVerdict};

/// The property-level invariance of one (model, variant) against the original.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PropertyInvariance {
    pub model: String,
    pub variant: String,
    /// Properties of the original's outputs (of the families where the variant has an
    /// output).
    pub properties: u64,
    /// Those with a property of the same name in the variant's output.
    pub with_counterpart: u64,
    /// Those whose counterpart's verdict (sound or not) differs.
    pub verdict_flipped: u64,
}

type OutputKey<'a> = (&'a str, &'a str, &'a str, u32);

/// Per (model, variant) in name order; `keep` chooses the variant outputs counted
/// (`metrics --filter`): (model, program, variant, sample).
pub fn property_invariance(
    verdicts: &[PropertyVerdict],
    keep: &dyn Fn(&str, &str, &str, u32) -> bool,
) -> Vec<PropertyInvariance> {
    let mut outputs: HashMap<OutputKey<'_>, BTreeMap<&str, bool>> = HashMap::new();
    for v in verdicts {
        let entry = outputs
            .entry((&v.model, &v.program, &v.variant, v.sample_index()))
            .or_default();
        if let (true, Some(name)) = (v.is_property(), v.name.as_deref()) {
            let sound = v.is_sound();
            entry
                .entry(name)
                .and_modify(|s| *s = *s || sound)
                .or_insert(sound);
        }
    }
    let mut out: BTreeMap<(&str, &str), PropertyInvariance> = BTreeMap::new();
    let variants: HashSet<OutputKey<'_>> = outputs
        .keys()
        .copied()
        .filter(|&(m, p, v, s)| v != ORIGINAL && keep(m, p, v, s))
        .collect();
    for (model, program, variant, sample) in variants {
        let Some(original) = outputs.get(&(model, program, ORIGINAL, sample)) else {
            continue;
        };
        let other = &outputs[&(model, program, variant, sample)];
        let row = out
            .entry((model, variant))
            .or_insert_with(|| PropertyInvariance {
                model: model.to_string(),
                variant: variant.to_string(),
                ..PropertyInvariance::default()
            });
        for (name, sound) in original {
            row.properties += 1;
            if let Some(s) = other.get(name) {
                row.with_counterpart += 1;
                row.verdict_flipped += u64::from(s != sound);
            }
        }
    }
    out.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(variant: &str, name: Option<&str>, sound: bool) -> PropertyVerdict {
        let text = format!(
            r#"{{"program": "f", "variant": "{variant}", "model": "m", "index": {}, "name": {}, "read": {{"strict": true, "lenient": true}}, "syntax": {{"ok": true}}, "sound": {sound}}}"#,
            if name.is_some() { "0" } else { "null" },
            name.map_or("null".to_string(), |n| format!("\"{n}\""))
        );
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn counts_counterparts_by_name_and_their_flips() {
        let verdicts = vec![
            line("original", Some("a"), true),
            line("original", Some("b"), false),
            line("original", Some("c"), true),
            line("T1", Some("a"), true),
            line("T1", Some("b"), true),
            line("T2", None, false),
        ];
        let all = property_invariance(&verdicts, &|_, _, _, _| true);
        assert_eq!(
            all,
            vec![
                PropertyInvariance {
                    model: "m".into(),
                    variant: "T1".into(),
                    properties: 3,
                    with_counterpart: 2,
                    verdict_flipped: 1,
                },
                PropertyInvariance {
                    model: "m".into(),
                    variant: "T2".into(),
                    properties: 3,
                    with_counterpart: 0,
                    verdict_flipped: 0,
                },
            ]
        );
        let only_t2 = property_invariance(&verdicts, &|_, _, v, _| v == "T2");
        assert_eq!(only_t2.len(), 1);
        assert_eq!(only_t2[0].variant, "T2");
    }
}
