//! What a loaded study holds, counted for `validate`: programs per stratum, variants,
//! models, generations per model and variant, the (model, program, variant) triples
//! without a generation, flip classes of the pairs, property verdicts by status and the
//! annotation state.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use serde::Serialize;

use super::annotation::replay;
use super::model::Study;
use super::pair::FlipClass;
use super::source::SourceFile;

/// How many missing generations are listed by name (all are counted).
pub const MISSING_SHOWN: usize = 20;

/// The counts of a study.
#[derive(Debug, Clone, Serialize)]
pub struct StudySummary {
    /// The files read, with kind, lines and SHA-256.
    pub files: Vec<SourceFile>,
    /// Number of programs.
    pub programs: usize,
    /// Programs per stratum.
    pub strata: BTreeMap<String, usize>,
    /// Programs having each variant (`original` is every program).
    pub variants: BTreeMap<String, usize>,
    /// Every model named by a generation or a pair.
    pub models: Vec<String>,
    /// Number of generations.
    pub generations: usize,
    /// Generations per model, then per variant.
    pub generations_by_model: BTreeMap<String, BTreeMap<String, usize>>,
    /// (model, program, variant) triples of the programs files without a generation,
    /// for every model that has generations.
    pub missing_generations: usize,
    /// The first [`MISSING_SHOWN`] of them.
    pub missing_examples: Vec<MissingGeneration>,
    /// Number of pairs.
    pub pairs: usize,
    /// Pairs per model, then per variant, by flip class.
    pub flips: BTreeMap<String, BTreeMap<String, FlipCounts>>,
    /// Property verdicts (whole-module programs): lines that hold a property.
    pub verdicts: usize,
    /// Per model: properties by status on their own implementation, `sound`, and
    /// `no-property` (outputs from which no property was read).
    pub verdicts_by_model: BTreeMap<String, BTreeMap<String, usize>>,
    /// Number of annotation decisions.
    pub annotations: usize,
    /// Pairs with at least one tag after replaying the decisions.
    pub tagged_pairs: usize,
    /// Pairs per current tag.
    pub tags: BTreeMap<String, usize>,
    /// The load's warnings, as `file:line:column: message`.
    pub warnings: Vec<String>,
}

/// A generation the study lacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissingGeneration {
    /// The model.
    pub model: String,
    /// The program id.
    pub program: String,
    /// The variant.
    pub variant: String,
}

/// Pairs by flip class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[allow(non_snake_case)]
pub struct FlipCounts {
    /// Correct on both.
    pub CC: usize,
    /// Correct-to-wrong (losses).
    pub CW: usize,
    /// Wrong-to-correct (gains).
    pub WC: usize,
    /// Wrong on both.
    pub WW: usize,
}

impl FlipCounts {
    fn add(&mut self, c: FlipClass) {
        match c {
            FlipClass::CC => self.CC += 1,
            FlipClass::CW => self.CW += 1,
            FlipClass::WC => self.WC += 1,
            FlipClass::WW => self.WW += 1,
        }
    }

    /// All pairs counted.
    pub fn total(&self) -> usize {
        self.CC + self.CW + self.WC + self.WW
    }
}

impl StudySummary {
    /// Counts `study`.
    pub fn of(study: &Study) -> Self {
        let mut strata = BTreeMap::new();
        let mut variants = BTreeMap::new();
        for p in &study.programs {
            *strata.entry(p.stratum.clone()).or_insert(0) += 1;
            for v in p.variant_names() {
                *variants.entry(v.to_string()).or_insert(0) += 1;
            }
        }
        let mut generations_by_model: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
        let mut have: HashSet<(&str, &str, &str)> = HashSet::new();
        for g in &study.generations {
            *generations_by_model
                .entry(g.model.clone())
                .or_default()
                .entry(g.variant.clone())
                .or_insert(0) += 1;
            have.insert((&g.model, &g.program, &g.variant));
        }
        let mut missing_generations = 0;
        let mut missing_examples = Vec::new();
        for model in generations_by_model.keys() {
            for p in &study.programs {
                for v in p.variant_names() {
                    if !have.contains(&(model.as_str(), p.id.as_str(), v)) {
                        missing_generations += 1;
                        if missing_examples.len() < MISSING_SHOWN {
                            missing_examples.push(MissingGeneration {
                                model: model.clone(),
                                program: p.id.clone(),
                                variant: v.to_string(),
                            });
                        }
                    }
                }
            }
        }
        let mut flips: BTreeMap<String, BTreeMap<String, FlipCounts>> = BTreeMap::new();
        for pair in &study.pairs {
            flips
                .entry(pair.model.clone())
                .or_default()
                .entry(pair.variant.clone())
                .or_default()
                .add(pair.flip_class());
        }
        let mut verdicts_by_model: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
        for v in &study.verdicts {
            let counts = verdicts_by_model.entry(v.model.clone()).or_default();
            let mut bump = |k: &str| *counts.entry(k.to_string()).or_insert(0) += 1;
            match &v.status {
                _ if !v.is_property() => bump("no-property"),
                Some(check) => bump(check.status.as_str()),
                None => bump("not-checked"),
            }
            if v.is_property() && v.is_sound() {
                bump("sound");
            }
        }
        let models: BTreeSet<String> = generations_by_model
            .keys()
            .chain(flips.keys())
            .chain(verdicts_by_model.keys())
            .cloned()
            .collect();
        let audits = replay(&study.annotations);
        let mut tags = BTreeMap::new();
        for audit in audits.values() {
            for t in &audit.tags {
                *tags.entry(t.clone()).or_insert(0) += 1;
            }
        }
        Self {
            files: study.sources.clone(),
            programs: study.programs.len(),
            strata,
            variants,
            models: models.into_iter().collect(),
            generations: study.generations.len(),
            generations_by_model,
            missing_generations,
            missing_examples,
            pairs: study.pairs.len(),
            flips,
            verdicts: study.verdicts.iter().filter(|v| v.is_property()).count(),
            verdicts_by_model,
            annotations: study.annotations.len(),
            tagged_pairs: audits.values().filter(|a| !a.tags.is_empty()).count(),
            tags,
            warnings: study.warnings.iter().map(ToString::to_string).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::{Generation, PairRecord, Program};

    fn program(id: &str, stratum: &str, variants: &[&str]) -> Program {
        let variants: serde_json::Map<String, serde_json::Value> = variants
            .iter()
            .map(|v| (v.to_string(), serde_json::json!({"rtl": "x = y;"})))
            .collect();
        serde_json::from_value(serde_json::json!({
            "id": id, "stratum": stratum, "synchronous": false, "rtl": "x = y;",
            "reference": "r", "variants": variants
        }))
        .unwrap()
    }

    fn generation(model: &str, program: &str, variant: &str) -> Generation {
        serde_json::from_value(serde_json::json!({
            "program": program, "variant": variant, "model": model, "output": ""
        }))
        .unwrap()
    }

    fn pair(model: &str, base: bool, trans: bool) -> PairRecord {
        serde_json::from_value(serde_json::json!({
            "model": model, "variant": "T1", "program": "a", "stratum": "s",
            "behavior": format!("x=y#{}", u8::from(base) * 2 + u8::from(trans)),
            "base": base, "trans": trans
        }))
        .unwrap()
    }

    #[test]
    fn counts_strata_variants_generations_missing_and_flips() {
        let study = Study::new(
            vec![
                program("a", "s1", &["T1"]),
                program("b", "s2", &[]),
                program("c", "s1", &["T1", "T2"]),
            ],
            vec![
                generation("m", "a", "original"),
                generation("m", "a", "T1"),
                generation("n", "b", "original"),
            ],
            vec![
                pair("m", true, false),
                pair("m", true, true),
                pair("m", false, true),
            ],
            vec![],
        );
        let s = StudySummary::of(&study);
        assert_eq!(s.programs, 3);
        assert_eq!(s.strata["s1"], 2);
        assert_eq!(s.variants["original"], 3);
        assert_eq!(s.variants["T1"], 2);
        assert_eq!(s.variants["T2"], 1);
        assert_eq!(s.models, ["m", "n"]);
        assert_eq!(s.generations_by_model["m"]["T1"], 1);
        // 6 (program, variant) slots per model: m has 2, n has 1.
        assert_eq!(s.missing_generations, 4 + 5);
        assert_eq!(
            s.missing_examples[0],
            MissingGeneration {
                model: "m".into(),
                program: "b".into(),
                variant: "original".into()
            }
        );
        let f = s.flips["m"]["T1"];
        assert_eq!((f.CC, f.CW, f.WC, f.WW, f.total()), (1, 1, 1, 0, 3));
    }
}
