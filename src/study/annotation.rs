//! The annotations sidecar (`annotations.jsonl`): one line per decision a person made
//! on a pair (tag it, untag it, write a note), never rewritten in place; the state of a
//! pair is the replay of its decisions in file order.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::pair::PairKey;
use super::pair_hash::is_sha256_hex;
use super::timestamp::{is_rfc3339_utc, now_rfc3339_utc};

/// What a decision does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnnotationAction {
    /// Confirms (or adds) the failure category `tag` on the pair.
    Tag,
    /// Withdraws the tag `tag` from the pair.
    Untag,
    /// Sets the pair's note to `note` (an empty note clears it).
    Note,
}

/// One decision about one pair.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Annotation {
    /// The program id.
    pub program: String,
    /// The behavior (`lhs=rhs`, `#2` for repeats).
    pub behavior: String,
    /// The model.
    pub model: String,
    /// The variant the pair compares with `original`.
    pub variant: String,
    /// `tag`, `untag` or `note`.
    pub action: AnnotationAction,
    /// The tag, for `tag` and `untag` (a failure category such as `dropped-predicate`,
    /// or the auditor's own word).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// The note, for `note` (optional context for `tag` and `untag`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Who decided.
    pub auditor: String,
    /// When, as RFC 3339 in UTC (`2026-11-29T15:04:05Z`).
    pub time: String,
    /// The flipscope version that wrote the line.
    pub version: String,
    /// The pair hash ([`super::pair_hash::PairInputs::hash`]) of the pair as it was
    /// shown when the decision was made; absent when it was not known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair_hash: Option<String>,
    /// The pair's sample, for a model with several generations per prompt (absent is 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample: Option<u32>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A field of an annotation that breaks the rules, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnotationProblem {
    /// The JSON key at fault.
    pub field: &'static str,
    /// What was expected.
    pub message: String,
}

impl Annotation {
    /// A decision on the pair `key` made now by `auditor` with this flipscope version;
    /// set `tag`, `note` and `pair_hash` as the action needs.
    pub fn decision(key: &PairKey, action: AnnotationAction, auditor: &str) -> Self {
        Self {
            program: key.program.clone(),
            behavior: key.behavior.clone(),
            model: key.model.clone(),
            variant: key.variant.clone(),
            action,
            tag: None,
            note: None,
            auditor: auditor.to_string(),
            time: now_rfc3339_utc(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            pair_hash: None,
            sample: (key.sample > 0).then_some(key.sample),
            extra: Map::new(),
        }
    }

    /// The pair the decision is about.
    pub fn key(&self) -> PairKey {
        PairKey {
            model: self.model.clone(),
            variant: self.variant.clone(),
            program: self.program.clone(),
            behavior: self.behavior.clone(),
            sample: self.sample.unwrap_or(0),
        }
    }

    /// Checks what serde cannot: a tag where one is needed, the time's form, the hash.
    pub fn check(&self) -> Result<(), AnnotationProblem> {
        let problem = |field, message: &str| {
            Err(AnnotationProblem {
                field,
                message: message.into(),
            })
        };
        let blank = |s: &Option<String>| s.as_deref().is_none_or(|t| t.trim().is_empty());
        match self.action {
            AnnotationAction::Tag | AnnotationAction::Untag if blank(&self.tag) => {
                return problem(
                    "action",
                    "a \"tag\" or \"untag\" decision needs a non-empty \"tag\"",
                );
            }
            AnnotationAction::Note if self.note.is_none() => {
                return problem(
                    "action",
                    "a \"note\" decision needs a \"note\" (a string, empty to clear)",
                );
            }
            _ => {}
        }
        if !is_rfc3339_utc(&self.time) {
            return problem(
                "time",
                "expected an RFC 3339 time in UTC such as \"2026-11-29T15:04:05Z\"",
            );
        }
        if self.auditor.trim().is_empty() {
            return problem(
                "auditor",
                "expected the auditor's name, not an empty string",
            );
        }
        if let Some(h) = &self.pair_hash
            && !is_sha256_hex(h)
        {
            return problem("pair_hash", "expected 64 lowercase hex digits (a SHA-256)");
        }
        Ok(())
    }
}

/// Where a pair stands after replaying its decisions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PairAudit {
    /// Tags currently confirmed on the pair.
    pub tags: BTreeSet<String>,
    /// The latest note, if any and not cleared.
    pub note: Option<String>,
    /// Who made the latest decision, and when.
    pub last: Option<(String, String)>,
    /// The pair hash of the latest decision that carried one.
    pub pair_hash: Option<String>,
}

/// Replays decisions in order: the current tags and note of every pair touched.
pub fn replay<'a>(
    annotations: impl IntoIterator<Item = &'a Annotation>,
) -> BTreeMap<PairKey, PairAudit> {
    let mut out: BTreeMap<PairKey, PairAudit> = BTreeMap::new();
    for a in annotations {
        let audit = out.entry(a.key()).or_default();
        match a.action {
            AnnotationAction::Tag => {
                audit.tags.extend(a.tag.clone());
            }
            AnnotationAction::Untag => {
                if let Some(t) = &a.tag {
                    audit.tags.remove(t);
                }
            }
            AnnotationAction::Note => {
                audit.note = a.note.clone().filter(|n| !n.is_empty());
            }
        }
        audit.last = Some((a.auditor.clone(), a.time.clone()));
        if a.pair_hash.is_some() {
            audit.pair_hash.clone_from(&a.pair_hash);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::jsonl::parse_line;

    const TAG: &str = r#"{"program": "p1", "behavior": "x=y", "model": "m", "variant": "T2", "action": "tag", "tag": "dropped-predicate", "note": "b is gone", "auditor": "ana", "time": "2026-11-29T15:04:05Z", "version": "0.1.0", "pair_hash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}"#;

    fn read(line: &str) -> Annotation {
        parse_line::<Annotation>("annotations.jsonl", 1, line)
            .unwrap()
            .1
    }

    #[test]
    fn example_line_reads_and_checks() {
        let a = read(TAG);
        assert_eq!(a.action, AnnotationAction::Tag);
        assert_eq!(a.check(), Ok(()));
        assert_eq!(a.key().to_string(), "m T2 p1 x=y");
    }

    #[test]
    fn a_new_decision_checks_and_round_trips() {
        let key = read(TAG).key();
        let mut a = Annotation::decision(&key, AnnotationAction::Untag, "bo");
        assert!(a.check().is_err(), "untag needs a tag");
        a.tag = Some("branch-polarity".into());
        assert_eq!(a.check(), Ok(()));
        assert_eq!(a.key(), key);
        assert_eq!(a.version, env!("CARGO_PKG_VERSION"));
        let line = serde_json::to_string(&a).unwrap();
        assert_eq!(read(&line), a);
    }

    #[test]
    fn rule_breaks_name_their_field() {
        let a = read(&TAG.replace(r#""tag": "dropped-predicate", "#, ""));
        assert_eq!(a.check().unwrap_err().field, "action");
        let a = read(&TAG.replace("2026-11-29T15:04:05Z", "yesterday"));
        assert_eq!(a.check().unwrap_err().field, "time");
        let a = read(&TAG.replace("9f86d0", "XYZ"));
        assert_eq!(a.check().unwrap_err().field, "pair_hash");
        let a = read(
            &TAG.replace(r#""action": "tag""#, r#""action": "note""#)
                .replace(r#""note": "b is gone", "#, ""),
        );
        assert_eq!(a.check().unwrap_err().field, "action");
        let e = parse_line::<Annotation>(
            "annotations.jsonl",
            2,
            &TAG.replace("\"tag\",", "\"retag\","),
        )
        .unwrap_err();
        assert!(
            e.message.contains("tag") && e.message.contains("\"action\""),
            "{e}"
        );
    }

    #[test]
    fn replay_applies_decisions_in_order() {
        let tag = read(TAG);
        let mut other = tag.clone();
        other.tag = Some("branch-polarity".into());
        let mut untag = tag.clone();
        untag.action = AnnotationAction::Untag;
        let mut note = tag.clone();
        note.action = AnnotationAction::Note;
        note.note = Some("second look".into());
        let mut clear = note.clone();
        clear.note = Some(String::new());
        clear.auditor = "bo".into();

        let state = replay([&tag, &other, &untag, &note]);
        let audit = &state[&tag.key()];
        assert_eq!(audit.tags.iter().collect::<Vec<_>>(), ["branch-polarity"]);
        assert_eq!(audit.note.as_deref(), Some("second look"));
        let state = replay([&tag, &other, &untag, &note, &clear]);
        let audit = &state[&tag.key()];
        assert_eq!(audit.note, None);
        assert_eq!(audit.last.as_ref().unwrap().0, "bo");
    }
}
