//! The scored pairs of `pairs.jsonl` as filter and metrics rows: loaded ([`PairRecord`]),
//! on their own or with the tags their annotations confirmed ([`AuditedPair`]), or
//! streamed line by line ([`PairView`]).

use std::collections::BTreeSet;

use super::row::FilterRow;
use crate::study::PairRecord;
use crate::study::pair_stream::view::PairView;

impl FilterRow for PairView<'_> {
    crate::stats::row::filter_row_identity!();
    crate::stats::row::filter_row_sides!();
    fn behavior_class(&self) -> Option<&str> {
        self.class.as_deref()
    }
}

impl FilterRow for PairRecord {
    crate::stats::row::filter_row_identity!();
    fn sample(&self) -> u32 {
        self.sample.unwrap_or(0)
    }
    crate::stats::row::filter_row_sides!();
    fn behavior_class(&self) -> Option<&str> {
        self.extra.get(CLASS_FIELD).and_then(|v| v.as_str())
    }
    fn variant_sensitive(&self) -> Option<bool> {
        self.extra.get(SENSITIVE_FIELD).and_then(|v| v.as_bool())
    }
}

/// The field of a pair that holds its program's behavior class (pairs derived from
/// property verdicts: the EquivSVA family's category).
pub const CLASS_FIELD: &str = "class";

/// The field of a pair derived from property verdicts that says whether its family is
/// variant-sensitive for its model (`true`/`false`; the filter's `sensitive` key).
pub const SENSITIVE_FIELD: &str = "variant_sensitive";

/// The oracle the pairs were scored with when their records say so (an `"oracle"`
/// field, as `flipscope score` writes it); several are listed with commas, in the
/// order first seen. Provenance of `flipscope metrics` and of the TUI's exports.
pub fn recorded_oracle(pairs: &[PairRecord]) -> Option<String> {
    let mut seen: Vec<&str> = Vec::new();
    for p in pairs {
        if let Some(o) = p.extra.get("oracle").and_then(|v| v.as_str())
            && !seen.contains(&o)
        {
            seen.push(o);
        }
    }
    (!seen.is_empty()).then(|| seen.join(","))
}

/// A pair with the tags confirmed on it (from the study's annotations).
#[derive(Debug, Clone, Copy)]
pub struct AuditedPair<'a> {
    pub pair: &'a PairRecord,
    pub tags: Option<&'a BTreeSet<String>>,
}

impl FilterRow for AuditedPair<'_> {
    fn model(&self) -> &str {
        self.pair.model()
    }
    fn sample(&self) -> u32 {
        self.pair.sample()
    }
    fn variant(&self) -> &str {
        self.pair.variant()
    }
    fn program(&self) -> &str {
        self.pair.program()
    }
    fn stratum(&self) -> &str {
        self.pair.stratum()
    }
    fn behavior(&self) -> &str {
        self.pair.behavior()
    }
    fn base_correct(&self) -> bool {
        self.pair.base_correct()
    }
    fn trans_correct(&self) -> bool {
        self.pair.trans_correct()
    }
    fn base_category(&self) -> Option<&str> {
        self.pair.base_category()
    }
    fn trans_category(&self) -> Option<&str> {
        self.pair.trans_category()
    }
    fn behavior_class(&self) -> Option<&str> {
        self.pair.behavior_class()
    }
    fn variant_sensitive(&self) -> Option<bool> {
        self.pair.variant_sensitive()
    }
    fn tags(&self) -> impl Iterator<Item = &str> {
        self.tags.into_iter().flatten().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::FilterRow;
    use crate::stats::filter::Filter;
    use crate::study::PairRecord;
    use crate::study::jsonl::parse_line;
    use crate::study::pair_stream::view::read_view;

    #[test]
    fn pairs_are_filtered_on_their_sides() {
        let line = r#"{"model": "m", "variant": "T1", "program": "p1", "stratum": "s", "behavior": "x=y", "base": true, "trans": {"category": "dropped-predicate", "correct": false}}"#;
        let (_, p): (usize, PairRecord) = parse_line("pairs.jsonl", 1, line).unwrap();
        let f = |e: &str| Filter::parse(e).unwrap().matches(&p);
        assert!(f("flip=CW base=correct trans=dropped-predicate"));
        assert!(f("category=dropped* model=m"));
        assert!(!f("flip=CC"));
        let tags: std::collections::BTreeSet<String> = ["polarity".to_string()].into();
        let audited = super::AuditedPair {
            pair: &p,
            tags: Some(&tags),
        };
        assert!(
            Filter::parse("tag=polarity flip=CW")
                .unwrap()
                .matches(&audited)
        );
        let bare = super::AuditedPair {
            pair: &p,
            tags: None,
        };
        assert!(!Filter::parse("tag=polarity").unwrap().matches(&bare));
    }

    #[test]
    fn a_streamed_line_filters_like_the_loaded_pair() {
        const SCORED: &str = r#"{"model": "m", "variant": "T1", "program": "p1", "stratum": "s", "behavior": "x=y", "base": {"category": "correct", "correct": true, "property": "property p; a |=> x == y; endproperty"}, "trans": {"category": "dropped-predicate", "correct": false, "reason": "lost b"}, "flip": "CW", "pair_hash": "ab", "oracle": "reference", "lenient": true, "semantics": "two-state", "class": "arbiter"}"#;
        let view = read_view(SCORED.as_bytes()).unwrap();
        let (_, record): (usize, PairRecord) =
            crate::study::jsonl::parse_line("pairs.jsonl", 1, SCORED).unwrap();
        assert_eq!(view.model(), record.model());
        assert_eq!(view.behavior(), record.behavior());
        assert_eq!(view.base_category(), record.base_category());
        assert_eq!(view.trans_category(), record.trans_category());
        assert_eq!(view.behavior_class(), record.behavior_class());
        assert_eq!(view.flip_class(), record.flip_class());
        assert_eq!(view.oracle.as_deref(), Some("reference"));
        assert!(
            matches!(view.model, std::borrow::Cow::Borrowed(_)),
            "no copy without escapes"
        );
    }
}
