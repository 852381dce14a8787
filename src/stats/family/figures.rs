//! EquivSVA's figures per model (and per implementation style) over the outputs that
//! pass a filter, with family-clustered bootstrap intervals of their rates. The keys
//! and their definitions are in `docs/metrics.md` ("Whole-module studies").

use std::collections::{BTreeMap, BTreeSet};

use crate::stats::interval::{BootstrapConfig, Interval};
use crate::stats::tally_bootstrap::{TallyClusters, percentile_interval};

use super::outputs::OutputSummary;

/// The figures, in the order of the JSON keys.
pub const KEYS: [&str; 14] = [
    "outputs",
    "syntax_valid",
    "properties",
    "interface_only",
    "sound",
    "tasks",
    "tasks_with_sound",
    "families",
    "families_all_sound",
    "families_none_sound",
    "variant_sensitive",
    "mutant_checks",
    "mutant_detections",
    "mutants_caught",
];

/// Tally slots: the figures, then the mutants the families have (the denominator of
/// `mutants_caught`).
const MUTANTS: usize = KEYS.len();
const WIDTH: usize = KEYS.len() + 1;

fn slot(key: &str) -> usize {
    KEYS.iter().position(|k| *k == key).unwrap_or(MUTANTS)
}

/// The figures that carry a rate (and so an interval), with the figure they are a
/// fraction of.
pub const RATES: [(&str, &str); 9] = [
    ("syntax_valid", "outputs"),
    ("interface_only", "properties"),
    ("sound", "interface_only"),
    ("tasks_with_sound", "tasks"),
    ("families_all_sound", "families"),
    ("families_none_sound", "families"),
    ("variant_sensitive", "families"),
    ("mutant_detections", "mutant_checks"),
    ("mutants_caught", "mutants"),
];

/// The figures of one model (or one model and implementation style).
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// Every figure by its key ([`KEYS`]), and `mutants`.
    pub counts: BTreeMap<&'static str, u64>,
    /// Each rate of [`RATES`] (`None` when its denominator is 0).
    pub rates: BTreeMap<&'static str, Option<f64>>,
    /// The 95% (or configured) family-clustered interval of each rate.
    pub intervals: BTreeMap<&'static str, Option<Interval>>,
}

impl Figures {
    /// A figure by key.
    pub fn get(&self, key: &str) -> u64 {
        self.counts.get(key).copied().unwrap_or(0)
    }
}

/// The figures of one model: over all its outputs, and per implementation style.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelFigures {
    pub model: String,
    pub all: Figures,
    /// By variant name (`original` is the canonical implementation).
    pub by_variant: BTreeMap<String, Figures>,
}

/// The tallies of one family's outputs (one model). `mutants` is how many mutants the
/// family has, when known.
fn family_tallies(outputs: &[&OutputSummary], mutants: Option<usize>) -> Vec<u64> {
    let mut t = vec![0u64; WIDTH];
    let mut caught = BTreeSet::new();
    let mut checked = BTreeSet::new();
    for o in outputs {
        t[slot("outputs")] += 1;
        t[slot("tasks")] += 1;
        if o.syntax_valid {
            t[slot("syntax_valid")] += 1;
            t[slot("properties")] += o.properties;
            t[slot("interface_only")] += o.interface_only;
            t[slot("sound")] += o.sound;
            t[slot("mutant_checks")] += o.mutant_checks;
            t[slot("mutant_detections")] += o.mutant_detections;
            caught.extend(o.caught.iter());
            checked.extend(o.checked_mutants.iter());
        }
        t[slot("tasks_with_sound")] += u64::from(o.has_sound());
    }
    if !outputs.is_empty() {
        t[slot("families")] = 1;
        t[slot("families_all_sound")] = u64::from(outputs.iter().all(|o| o.has_sound()));
        t[slot("families_none_sound")] = u64::from(outputs.iter().all(|o| !o.has_sound()));
        t[slot("variant_sensitive")] = u64::from(variant_sensitive(outputs.iter().copied()));
    }
    t[slot("mutants_caught")] = caught.len() as u64;
    t[MUTANTS] = mutants.map_or(checked.len(), |m| m.max(checked.len())) as u64;
    t
}

/// Whether one model's outputs for one family make it variant-sensitive: in some
/// sample, its implementations' sound counts differ (a syntactically invalid output
/// counts none). Implementations are compared sample by sample, since a difference
/// between two samples of one implementation is the model's own noise. The
/// dashboard's `var.-sens.` figure and the filter's `sensitive` key both mean this.
pub fn variant_sensitive<'a>(outputs: impl IntoIterator<Item = &'a OutputSummary>) -> bool {
    let mut by_sample: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
    for o in outputs {
        by_sample
            .entry(o.sample)
            .or_default()
            .push(if o.syntax_valid { o.sound } else { 0 });
    }
    by_sample
        .values()
        .any(|sound| sound.iter().any(|&n| n != sound[0]))
}

/// Whether each (model, family) of `outputs` is variant-sensitive
/// ([`variant_sensitive`]).
pub fn sensitive_families(outputs: &[OutputSummary]) -> BTreeMap<(&str, &str), bool> {
    let mut by_family: BTreeMap<(&str, &str), Vec<&OutputSummary>> = BTreeMap::new();
    for o in outputs {
        by_family
            .entry((o.model.as_str(), o.program.as_str()))
            .or_default()
            .push(o);
    }
    by_family
        .into_iter()
        .map(|(k, os)| (k, variant_sensitive(os)))
        .collect()
}

fn rate(tallies: &[u64], numerator: &str, denominator: &str) -> Option<f64> {
    let den = if denominator == "mutants" {
        tallies[MUTANTS]
    } else {
        tallies[slot(denominator)]
    };
    (den > 0).then(|| tallies[slot(numerator)] as f64 / den as f64)
}

/// The figures of `outputs` (all of one model), families resampled by the bootstrap;
/// `mutants_of` gives a family's number of mutants when the programs are known.
fn figures(
    outputs: &[&OutputSummary],
    mutants_of: &dyn Fn(&str) -> Option<usize>,
    config: &BootstrapConfig,
) -> Figures {
    let mut families: BTreeMap<&str, Vec<&OutputSummary>> = BTreeMap::new();
    for o in outputs {
        families.entry(o.program.as_str()).or_default().push(o);
    }
    let clusters = TallyClusters::new(
        families
            .iter()
            .map(|(id, outs)| family_tallies(outs, mutants_of(id)))
            .collect(),
        WIDTH,
    );
    let total = clusters.total();
    let replicates = clusters.replicates(config.seed, config.replicates);
    let mut counts: BTreeMap<&'static str, u64> =
        KEYS.iter().map(|&k| (k, total[slot(k)])).collect();
    counts.insert("mutants", total[MUTANTS]);
    let mut rates = BTreeMap::new();
    let mut intervals = BTreeMap::new();
    for (num, den) in RATES {
        rates.insert(num, rate(&total, num, den));
        intervals.insert(
            num,
            percentile_interval(&replicates, config.level, |r| rate(r, num, den)),
        );
    }
    Figures {
        counts,
        rates,
        intervals,
    }
}

/// The counts of every model in `outputs` (sorted by model; the keys of [`KEYS`] and
/// `mutants`), without intervals: cheap enough to recount on every frame (the TUI's
/// dashboard). Equal to [`model_figures`]' `all.counts`.
pub fn model_counts(
    outputs: &[&OutputSummary],
    mutants_of: &dyn Fn(&str) -> Option<usize>,
) -> Vec<(String, BTreeMap<&'static str, u64>)> {
    let mut by_model: BTreeMap<&str, BTreeMap<&str, Vec<&OutputSummary>>> = BTreeMap::new();
    for o in outputs {
        by_model
            .entry(o.model.as_str())
            .or_default()
            .entry(o.program.as_str())
            .or_default()
            .push(o);
    }
    by_model
        .into_iter()
        .map(|(model, families)| {
            let mut total = [0u64; WIDTH];
            for (id, outs) in families {
                for (t, x) in total.iter_mut().zip(family_tallies(&outs, mutants_of(id))) {
                    *t += x;
                }
            }
            let mut counts: BTreeMap<&'static str, u64> =
                KEYS.iter().map(|&k| (k, total[slot(k)])).collect();
            counts.insert("mutants", total[MUTANTS]);
            (model.to_string(), counts)
        })
        .collect()
}

/// The figures of every model in `outputs` (sorted by model), each over all its outputs
/// and per implementation style.
pub fn model_figures(
    outputs: &[&OutputSummary],
    mutants_of: &dyn Fn(&str) -> Option<usize>,
    config: &BootstrapConfig,
) -> Vec<ModelFigures> {
    let mut by_model: BTreeMap<&str, Vec<&OutputSummary>> = BTreeMap::new();
    for o in outputs {
        by_model.entry(o.model.as_str()).or_default().push(o);
    }
    by_model
        .into_iter()
        .map(|(model, outs)| {
            let mut by_style: BTreeMap<String, Vec<&OutputSummary>> = BTreeMap::new();
            for o in &outs {
                by_style.entry(o.variant.clone()).or_default().push(o);
            }
            ModelFigures {
                model: model.to_string(),
                all: figures(&outs, mutants_of, config),
                by_variant: by_style
                    .into_iter()
                    .map(|(v, o)| (v, figures(&o, mutants_of, config)))
                    .collect(),
            }
        })
        .collect()
}
