//! The tagged pairs as JSON Lines: what `flipscope export tags` writes and the TUI's
//! `E` key writes too (one function, so the two cannot drift).
//!
//! One line per pair that has an audit (a current tag or a note) and passes the filter
//! (which sees the audit's tags: `tag=branch-polarity`), in the order the pairs are
//! given: identity, stratum, flip class, both categories, tags, note, auditors, the
//! time of the last decision, and `stale` (the pair's hash against the hash of the last
//! decision that recorded one).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use super::filter::Filter;
use super::row::FilterRow;
use crate::study::{Annotation, FlipClass, PairAudit, PairKey, PairRecord};

/// One pair as the export sees it, borrowed from whatever holds the pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportPair<'a> {
    pub model: &'a str,
    pub variant: &'a str,
    pub program: &'a str,
    pub behavior: &'a str,
    pub stratum: &'a str,
    pub base_correct: bool,
    pub trans_correct: bool,
    /// The flip class as the pair gives it (written on the line).
    pub flip: FlipClass,
    /// The categories, when the pair gives them (`null` otherwise).
    pub base_category: Option<&'a str>,
    pub trans_category: Option<&'a str>,
    /// The hash of the pair's inputs, when known.
    pub pair_hash: Option<&'a str>,
    /// The pair's sample (0 unless several per prompt).
    pub sample: u32,
}

impl<'a> From<&'a PairRecord> for ExportPair<'a> {
    fn from(p: &'a PairRecord) -> Self {
        ExportPair {
            model: &p.model,
            variant: &p.variant,
            program: &p.program,
            behavior: &p.behavior,
            stratum: &p.stratum,
            base_correct: p.base.correct,
            trans_correct: p.trans.correct,
            flip: p.flip_class(),
            base_category: p.base.category.as_deref(),
            trans_category: p.trans.category.as_deref(),
            pair_hash: p.pair_hash.as_deref(),
            sample: p.sample.unwrap_or(0),
        }
    }
}

impl ExportPair<'_> {
    /// The pair's identity.
    pub fn key(&self) -> PairKey {
        PairKey {
            model: self.model.to_string(),
            variant: self.variant.to_string(),
            program: self.program.to_string(),
            behavior: self.behavior.to_string(),
            sample: self.sample,
        }
    }
}

/// A pair with its audit's tags, as the filter sees it.
struct Row<'a> {
    pair: ExportPair<'a>,
    tags: &'a BTreeSet<String>,
}

impl FilterRow for Row<'_> {
    fn model(&self) -> &str {
        self.pair.model
    }
    fn sample(&self) -> u32 {
        self.pair.sample
    }
    fn variant(&self) -> &str {
        self.pair.variant
    }
    fn program(&self) -> &str {
        self.pair.program
    }
    fn stratum(&self) -> &str {
        self.pair.stratum
    }
    fn behavior(&self) -> &str {
        self.pair.behavior
    }
    fn base_correct(&self) -> bool {
        self.pair.base_correct
    }
    fn trans_correct(&self) -> bool {
        self.pair.trans_correct
    }
    fn base_category(&self) -> Option<&str> {
        self.pair.base_category
    }
    fn trans_category(&self) -> Option<&str> {
        self.pair.trans_category
    }
    fn tags(&self) -> impl Iterator<Item = &str> {
        self.tags.iter().map(String::as_str)
    }
}

/// The export's text and what went into it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TagExport {
    /// The JSON Lines (empty when no pair qualifies).
    pub text: String,
    /// Lines written.
    pub exported: usize,
    /// Annotated pairs that are not among the pairs given (not exported).
    pub orphans: usize,
}

/// Who made decisions on each pair.
pub fn auditors_of<'a>(
    annotations: impl IntoIterator<Item = &'a Annotation>,
) -> BTreeMap<PairKey, BTreeSet<String>> {
    let mut out: BTreeMap<PairKey, BTreeSet<String>> = BTreeMap::new();
    for a in annotations {
        out.entry(a.key()).or_default().insert(a.auditor.clone());
    }
    out
}

/// The tagged pairs among `pairs` (see the module documentation); `audits` is the
/// replay of the annotations, `auditors` who made them ([`auditors_of`]).
pub fn export_tags<'a>(
    pairs: impl IntoIterator<Item = ExportPair<'a>>,
    audits: &BTreeMap<PairKey, PairAudit>,
    auditors: &BTreeMap<PairKey, BTreeSet<String>>,
    filter: &Filter,
) -> TagExport {
    let mut out = TagExport::default();
    let mut seen = 0;
    for pair in pairs {
        let key = pair.key();
        let Some(audit) = audits.get(&key) else {
            continue;
        };
        seen += 1;
        if audit.tags.is_empty() && audit.note.is_none() {
            continue;
        }
        if !filter.matches(&Row {
            pair,
            tags: &audit.tags,
        }) {
            continue;
        }
        let stale = match (pair.pair_hash, &audit.pair_hash) {
            (Some(now), Some(then)) => Value::Bool(now != then),
            _ => Value::Null,
        };
        let line = json!({
            "model": pair.model,
            "variant": pair.variant,
            "program": pair.program,
            "behavior": pair.behavior,
            "stratum": pair.stratum,
            "flip": pair.flip.as_str(),
            "base_category": pair.base_category,
            "trans_category": pair.trans_category,
            "tags": audit.tags,
            "note": audit.note,
            "auditors": auditors.get(&key).cloned().unwrap_or_default(),
            "last_decision": audit.last.as_ref().map(|(_, time)| time),
            "stale": stale,
        });
        out.text.push_str(&line.to_string());
        out.text.push('\n');
        out.exported += 1;
    }
    out.orphans = audits.len().saturating_sub(seen);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::annotation::replay;
    use crate::study::jsonl::parse_line;

    fn pair(program: &str, hash: Option<&str>) -> PairRecord {
        let line = format!(
            r#"{{"model": "m", "variant": "T1", "program": "{program}", "stratum": "s", "behavior": "x=y", "base": true, "trans": {{"category": "dropped-predicate", "correct": false}}{}}}"#,
            hash.map_or(String::new(), |h| format!(r#", "pair_hash": "{h}""#))
        );
        parse_line::<PairRecord>("pairs.jsonl", 1, &line).unwrap().1
    }

    fn decision(program: &str, tag: &str, hash: Option<&str>) -> Annotation {
        let key = PairKey {
            model: "m".into(),
            variant: "T1".into(),
            program: program.into(),
            behavior: "x=y".into(),
            sample: 0,
        };
        let mut a = Annotation::decision(&key, crate::study::AnnotationAction::Tag, "ana");
        a.tag = Some(tag.into());
        a.pair_hash = hash.map(str::to_string);
        a
    }

    #[test]
    fn tagged_pairs_are_written_with_their_staleness() {
        let a = "a".repeat(64);
        let b = "b".repeat(64);
        let pairs = [
            pair("p1", Some(&a)),
            pair("p2", Some(&a)),
            pair("p3", None),
            pair("p4", None),
        ];
        let decisions = [
            decision("p1", "dropped-predicate", Some(&a)),
            decision("p2", "branch-polarity", Some(&b)),
            decision("p3", "dropped-predicate", None),
            decision("p9", "dropped-predicate", None),
        ];
        let audits = replay(&decisions);
        let auditors = auditors_of(&decisions);
        let all = export_tags(
            pairs.iter().map(ExportPair::from),
            &audits,
            &auditors,
            &Filter::default(),
        );
        assert_eq!((all.exported, all.orphans), (3, 1));
        let rows: Vec<Value> = all
            .text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(rows[0]["stale"], false);
        assert_eq!(rows[1]["stale"], true);
        assert_eq!(rows[2]["stale"], Value::Null);
        assert_eq!(rows[0]["base_category"], Value::Null, "not given");
        assert_eq!(rows[0]["auditors"], json!(["ana"]));
        let some = export_tags(
            pairs.iter().map(ExportPair::from),
            &audits,
            &auditors,
            &Filter::parse("tag=branch-polarity").unwrap(),
        );
        assert_eq!(some.exported, 1);
        assert!(some.text.contains("\"program\":\"p2\""));
    }
}
