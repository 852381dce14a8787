//! The example lines of `docs/formats.md` must load: each fenced block tagged
//! `json programs`, `json generations`, `json pairs`, `json verdicts` or
//! `json annotations` is read
//! line by line as that file's record.

use super::jsonl::parse_line;
use super::{Annotation, Generation, PairRecord, Program, PropertyVerdict};

const FORMATS: &str = include_str!("../../docs/formats.md");

/// (kind, line) for every example line.
fn examples() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    let mut kind = None;
    for line in FORMATS.lines() {
        if let Some(tag) = line.strip_prefix("```json ") {
            kind = Some(tag.trim());
        } else if line.starts_with("```") {
            kind = None;
        } else if let Some(k) = kind
            && !line.trim().is_empty()
        {
            out.push((k, line));
        }
    }
    out
}

#[test]
fn every_example_line_of_the_format_docs_loads() {
    let examples = examples();
    for kind in [
        "programs",
        "generations",
        "pairs",
        "verdicts",
        "annotations",
    ] {
        assert!(
            examples.iter().any(|(k, _)| *k == kind),
            "no {kind} example"
        );
    }
    for (kind, line) in examples {
        let file = format!("{kind}.jsonl");
        let ok = match kind {
            "programs" => parse_line::<Program>(&file, 1, line).map(|(_, p)| p.extra.is_empty()),
            "generations" => {
                parse_line::<Generation>(&file, 1, line).map(|(_, g)| g.extra.is_empty())
            }
            "pairs" => parse_line::<PairRecord>(&file, 1, line)
                .map(|(_, p)| p.extra.is_empty() && p.flip.is_none_or(|f| f == p.computed_flip())),
            "annotations" => parse_line::<Annotation>(&file, 1, line)
                .map(|(_, a)| a.extra.is_empty() && a.check().is_ok()),
            "verdicts" => parse_line::<PropertyVerdict>(&file, 1, line).map(|(_, v)| {
                v.extra.is_empty() && v.sound.is_none_or(|s| s == v.computed_sound())
            }),
            other => panic!("unknown example kind {other}"),
        };
        assert_eq!(ok, Ok(true), "{kind}: {line}");
    }
}
