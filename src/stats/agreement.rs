//! Agreement between two auditors' annotations of the same study: Cohen's kappa per
//! tag over the pairs either auditor annotated (tag present or absent on each pair),
//! observed and chance agreement, the 2x2 counts, and the pairs where they disagree.
//!
//! Kappa is `(po - pe) / (1 - pe)`; it is undefined (`None`) when the chance agreement
//! `pe` is 1 (both auditors gave every pair the same answer for the tag, e.g. neither
//! ever used it, or both put it on every pair), and when there are no pairs.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::study::{PairAudit, PairKey};

/// One tag's 2x2 table and its agreement figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TagAgreement {
    /// The tag (`*` for all tags pooled).
    pub tag: String,
    /// Pairs both auditors gave the tag.
    pub both: usize,
    /// Pairs only the first auditor gave it.
    pub only_first: usize,
    /// Pairs only the second auditor gave it.
    pub only_second: usize,
    /// Pairs neither gave it.
    pub neither: usize,
    /// Observed agreement `po`: (both + neither) / pairs.
    pub observed: f64,
    /// Chance agreement `pe` from each auditor's rate of using the tag.
    pub expected: f64,
    /// Cohen's kappa; `None` when `pe` = 1 or there are no pairs.
    pub kappa: Option<f64>,
}

/// A pair the two auditors tagged differently.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Disagreement {
    #[serde(flatten)]
    pub key: PairKey,
    /// The first auditor's tags.
    pub first: BTreeSet<String>,
    /// The second auditor's tags.
    pub second: BTreeSet<String>,
}

/// The agreement of two sets of annotations.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Agreement {
    /// Pairs either auditor annotated (made any decision on).
    pub pairs: usize,
    /// Pairs both annotated.
    pub pairs_both: usize,
    /// Pairs with identical tag sets.
    pub identical: usize,
    /// Every tag either auditor used on these pairs, by name.
    pub tags: Vec<TagAgreement>,
    /// All (pair, tag) cells pooled.
    pub pooled: TagAgreement,
    /// The pairs whose tag sets differ, by pair key.
    pub disagreements: Vec<Disagreement>,
}

/// Kappa and its parts from a 2x2 table.
pub fn tag_agreement(
    tag: &str,
    both: usize,
    only_first: usize,
    only_second: usize,
    neither: usize,
) -> TagAgreement {
    let n = (both + only_first + only_second + neither) as f64;
    let (observed, expected, kappa) = if n == 0.0 {
        (0.0, 0.0, None)
    } else {
        let po = (both + neither) as f64 / n;
        let first_yes = (both + only_first) as f64 / n;
        let second_yes = (both + only_second) as f64 / n;
        let pe = first_yes * second_yes + (1.0 - first_yes) * (1.0 - second_yes);
        // pe is 1 exactly when both rates are 0 or both are 1.
        let undefined =
            (first_yes == 0.0 && second_yes == 0.0) || (first_yes == 1.0 && second_yes == 1.0);
        let kappa = (!undefined).then(|| (po - pe) / (1.0 - pe));
        (po, pe, kappa)
    };
    TagAgreement {
        tag: tag.to_string(),
        both,
        only_first,
        only_second,
        neither,
        observed,
        expected,
        kappa,
    }
}

/// Compares two replayed annotation sets (see [`crate::study::annotation::replay`]).
pub fn agreement(
    first: &BTreeMap<PairKey, PairAudit>,
    second: &BTreeMap<PairKey, PairAudit>,
) -> Agreement {
    let empty = BTreeSet::new();
    let tags_of = |m: &BTreeMap<PairKey, PairAudit>, k: &PairKey| -> BTreeSet<String> {
        m.get(k).map_or_else(|| empty.clone(), |a| a.tags.clone())
    };
    let keys: BTreeSet<&PairKey> = first.keys().chain(second.keys()).collect();
    let cells: Vec<(&PairKey, BTreeSet<String>, BTreeSet<String>)> = keys
        .iter()
        .map(|k| (*k, tags_of(first, k), tags_of(second, k)))
        .collect();
    let all_tags: BTreeSet<&String> = cells
        .iter()
        .flat_map(|(_, a, b)| a.iter().chain(b))
        .collect();
    let mut pooled = [0usize; 4];
    let tags = all_tags
        .iter()
        .map(|tag| {
            let mut t = [0usize; 4];
            for (_, a, b) in &cells {
                let i = match (a.contains(*tag), b.contains(*tag)) {
                    (true, true) => 0,
                    (true, false) => 1,
                    (false, true) => 2,
                    (false, false) => 3,
                };
                t[i] += 1;
                pooled[i] += 1;
            }
            tag_agreement(tag, t[0], t[1], t[2], t[3])
        })
        .collect();
    let disagreements: Vec<Disagreement> = cells
        .iter()
        .filter(|(_, a, b)| a != b)
        .map(|(k, a, b)| Disagreement {
            key: (*k).clone(),
            first: a.clone(),
            second: b.clone(),
        })
        .collect();
    Agreement {
        pairs: cells.len(),
        pairs_both: first.keys().filter(|k| second.contains_key(*k)).count(),
        identical: cells.len() - disagreements.len(),
        tags,
        pooled: tag_agreement("*", pooled[0], pooled[1], pooled[2], pooled[3]),
        disagreements,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn kappa_matches_a_hand_computed_table() {
        // Textbook table: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no (n = 50).
        // po = 35/50 = 0.7; first yes 25/50 = 0.5, second yes 30/50 = 0.6;
        // pe = 0.5*0.6 + 0.5*0.4 = 0.5; kappa = (0.7-0.5)/(1-0.5) = 0.4.
        let t = tag_agreement("x", 20, 5, 10, 15);
        assert!(close(t.observed, 0.7));
        assert!(close(t.expected, 0.5));
        assert!(close(t.kappa.unwrap(), 0.4));
    }

    #[test]
    fn perfect_and_chance_level_agreement() {
        let t = tag_agreement("x", 3, 0, 0, 7);
        assert!(close(t.kappa.unwrap(), 1.0));
        // Perfect disagreement on a balanced tag: po = 0, pe = 0.5, kappa = -1.
        let t = tag_agreement("x", 0, 5, 5, 0);
        assert!(close(t.kappa.unwrap(), -1.0));
    }

    #[test]
    fn degenerate_tables_have_no_kappa() {
        assert_eq!(tag_agreement("x", 0, 0, 0, 9).kappa, None);
        assert_eq!(tag_agreement("x", 4, 0, 0, 0).kappa, None);
        let t = tag_agreement("x", 0, 0, 0, 0);
        assert_eq!((t.kappa, t.observed), (None, 0.0));
        // One auditor always says yes, the other sometimes: pe < 1, kappa defined (0).
        assert!(close(tag_agreement("x", 2, 0, 2, 0).kappa.unwrap(), 0.0));
    }

    fn key(p: &str) -> PairKey {
        PairKey {
            model: "m".into(),
            variant: "T1".into(),
            program: p.into(),
            behavior: "x=y".into(),
            sample: 0,
        }
    }

    fn audits(rows: &[(&str, &[&str])]) -> BTreeMap<PairKey, PairAudit> {
        rows.iter()
            .map(|(p, tags)| {
                let audit = PairAudit {
                    tags: tags.iter().map(|t| t.to_string()).collect(),
                    ..PairAudit::default()
                };
                (key(p), audit)
            })
            .collect()
    }

    #[test]
    fn agreement_over_the_pairs_either_annotated() {
        let a = audits(&[("p1", &["bp"]), ("p2", &["dp"]), ("p3", &[])]);
        let b = audits(&[("p1", &["bp"]), ("p2", &["bp"]), ("p4", &["dp"])]);
        let r = agreement(&a, &b);
        assert_eq!((r.pairs, r.pairs_both, r.identical), (4, 2, 2));
        // bp: p1 both, p2 second only, p3 p4 neither -> (1, 0, 1, 2).
        let bp = &r.tags[0];
        assert_eq!(bp.tag, "bp");
        assert_eq!(
            (bp.both, bp.only_first, bp.only_second, bp.neither),
            (1, 0, 1, 2)
        );
        // po = 3/4; first yes 1/4, second yes 2/4; pe = 1/8 + 3/8 = 1/2; kappa = 1/2.
        assert!(close(bp.kappa.unwrap(), 0.5));
        // dp: p2 first only, p4 second only -> (0, 1, 1, 2): po 1/2, pe 5/8, kappa -1/3.
        let dp = &r.tags[1];
        assert!(close(dp.kappa.unwrap(), -1.0 / 3.0));
        assert_eq!(
            (
                r.pooled.both,
                r.pooled.only_first,
                r.pooled.only_second,
                r.pooled.neither
            ),
            (1, 1, 2, 4)
        );
        let keys: Vec<_> = r
            .disagreements
            .iter()
            .map(|d| d.key.program.as_str())
            .collect();
        assert_eq!(keys, ["p2", "p4"], "p3 has no tags from either: they agree");
        assert!(r.disagreements[0].first.iter().eq(["dp"]));
        assert!(r.disagreements[0].second.iter().eq(["bp"]));
    }

    proptest::proptest! {
        #[test]
        fn kappa_is_bounded_and_symmetric(a in 0usize..30, b in 0usize..30, c in 0usize..30, d in 0usize..30) {
            let t = tag_agreement("x", a, b, c, d);
            let swapped = tag_agreement("x", a, c, b, d);
            proptest::prop_assert_eq!(t.kappa.is_some(), swapped.kappa.is_some());
            if let (Some(k), Some(s)) = (t.kappa, swapped.kappa) {
                proptest::prop_assert!((-1.0 - 1e-12..=1.0 + 1e-12).contains(&k), "{}", k);
                proptest::prop_assert!((k - s).abs() < 1e-12);
            }
            proptest::prop_assert!((0.0..=1.0).contains(&t.observed));
            if b == 0 && c == 0 && t.kappa.is_some() {
                proptest::prop_assert!((t.kappa.unwrap() - 1.0).abs() < 1e-12);
            }
        }
    }
}
