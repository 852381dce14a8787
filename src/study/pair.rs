//! `pairs.jsonl`: one line per (model, variant, program, behavior), the original
//! verdict (`base`) and one variant's verdict (`trans`), and their flip class.
//!
//! The smallest accepted line gives each side as a bare bool:
//! `{"model": "m", "variant": "T2", "program": "p1", "stratum": "nested-if/async",
//! "behavior": "x=y", "base": true, "trans": false}`; `flipscope score` writes each
//! side as an object with its category, the matched property and the reason.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// Fields of a pair `flipscope score` writes beside the known ones: how the pair was
/// scored (`"oracle": "reference"|"rtl"`, `"lenient": true`, `"semantics":
/// "two-state"|"atoms"`), and for pairs derived from property verdicts the program's
/// behavior class (`"class": "arbiter"`). Kept in `extra`, read by `metrics` and the
/// filter, not warned about.
pub const SCORING_FIELDS: [&str; 4] = ["oracle", "lenient", "semantics", "class"];

/// One behavior of one program, scored for one model on the original and on one variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairRecord {
    /// The model that produced both generations.
    pub model: String,
    /// The variant compared with `original` (e.g. `T1`).
    pub variant: String,
    /// The program id (`programs.jsonl` `id`).
    pub program: String,
    /// The program's stratum, copied so a pairs file can be read on its own.
    pub stratum: String,
    /// The behavior's identity within the program: `lhs=rhs`, `#2`, `#3` for repeats.
    pub behavior: String,
    /// The verdict on the original program.
    pub base: Side,
    /// The verdict on the variant.
    pub trans: Side,
    /// The flip class. Optional in the file: when absent it is computed from `base` and
    /// `trans` (see [`PairRecord::flip_class`]); the study loader fills it in and
    /// reports a stored value that disagrees with the two sides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flip: Option<FlipClass>,
    /// Hex SHA-256 of the pair's inputs (see `docs/formats.md`), when
    /// the writer knew them. Annotations carry the hash they were made on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair_hash: Option<String>,
    /// The sample both sides come from, when the model has several generations per
    /// prompt (`generate --samples N`): a pair joins sample k of the original with
    /// sample k of the variant. Absent is sample 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample: Option<u32>,
    /// Fields flipscope does not know, kept as they were (validate warns about them).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl PairRecord {
    /// The pair's identity: (model, variant, program, behavior).
    pub fn key(&self) -> PairKey {
        PairKey {
            model: self.model.clone(),
            variant: self.variant.clone(),
            program: self.program.clone(),
            behavior: self.behavior.clone(),
            sample: self.sample.unwrap_or(0),
        }
    }

    /// The flip class computed from the two sides (the stored `flip` is not consulted).
    pub fn computed_flip(&self) -> FlipClass {
        FlipClass::from_sides(self.base.correct, self.trans.correct)
    }

    /// The flip class: the stored one, or computed from the sides when absent.
    pub fn flip_class(&self) -> FlipClass {
        self.flip.unwrap_or_else(|| self.computed_flip())
    }
}

/// What identifies a pair within a study; annotations refer to pairs by it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PairKey {
    /// The model.
    pub model: String,
    /// The variant compared with `original`.
    pub variant: String,
    /// The program id.
    pub program: String,
    /// The behavior (`lhs=rhs`, `#2` for repeats).
    pub behavior: String,
    /// The sample (0 unless the model has several generations per prompt).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sample: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl fmt::Display for PairKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.model, self.variant, self.program, self.behavior
        )?;
        if self.sample > 0 {
            write!(f, " sample {}", self.sample)?;
        }
        Ok(())
    }
}

/// One side of a pair: the verdict of one behavior in one generation.
///
/// In a file it is either a bare bool (`true` = correct) or an object
/// `{"category": "dropped-predicate", "correct": false, "property": "...",
/// "reason": "..."}` where only `correct` is required.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Side {
    /// The scoring category (SCORING.md section 6), e.g. `correct`, `branch-polarity`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// Whether the behavior was scored correct.
    pub correct: bool,
    /// The text of the generated property the behavior was matched with, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub property: Option<String>,
    /// Why the verdict is what it is, for a person reading it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Side {
    /// A side that only says whether the behavior was correct.
    pub fn bare(correct: bool) -> Self {
        Self {
            correct,
            ..Self::default()
        }
    }
}

/// The object form of [`Side`], read by the derived deserializer.
#[derive(Deserialize)]
struct SideObject {
    #[serde(default)]
    category: Option<String>,
    correct: bool,
    #[serde(default)]
    property: Option<String>,
    #[serde(default)]
    reason: Option<String>,
    #[serde(flatten)]
    extra: Map<String, Value>,
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SideVisitor;
        impl<'de> Visitor<'de> for SideVisitor {
            type Value = Side;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a bool or an object with \"correct\" (a verdict)")
            }

            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Side, E> {
                Ok(Side::bare(v))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Side, A::Error> {
                let o = SideObject::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Ok(Side {
                    category: o.category,
                    correct: o.correct,
                    property: o.property,
                    reason: o.reason,
                    extra: o.extra,
                })
            }
        }
        deserializer.deserialize_any(SideVisitor)
    }
}

/// How a behavior's verdict moved from the original to the variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FlipClass {
    /// Correct on both: robust.
    CC,
    /// Correct on the original, wrong on the variant: a loss.
    CW,
    /// Wrong on the original, correct on the variant: a gain.
    WC,
    /// Wrong on both.
    WW,
}

impl FlipClass {
    /// Every class, in the order used for display.
    pub const ALL: [FlipClass; 4] = [FlipClass::CC, FlipClass::CW, FlipClass::WC, FlipClass::WW];

    /// The class of a pair whose original and variant verdicts are `base` and `trans`.
    pub fn from_sides(base: bool, trans: bool) -> Self {
        match (base, trans) {
            (true, true) => FlipClass::CC,
            (true, false) => FlipClass::CW,
            (false, true) => FlipClass::WC,
            (false, false) => FlipClass::WW,
        }
    }

    /// Whether the original verdict was correct.
    pub fn base_correct(self) -> bool {
        matches!(self, FlipClass::CC | FlipClass::CW)
    }

    /// Whether the variant verdict was correct.
    pub fn trans_correct(self) -> bool {
        matches!(self, FlipClass::CC | FlipClass::WC)
    }

    /// A correct-to-wrong flip.
    pub fn is_loss(self) -> bool {
        self == FlipClass::CW
    }

    /// A wrong-to-correct flip.
    pub fn is_gain(self) -> bool {
        self == FlipClass::WC
    }

    /// The two letters as written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            FlipClass::CC => "CC",
            FlipClass::CW => "CW",
            FlipClass::WC => "WC",
            FlipClass::WW => "WW",
        }
    }
}

impl fmt::Display for FlipClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::jsonl::parse_line;

    const SMALLEST: &str = r#"{"model": "m", "variant": "T2", "program": "p1", "stratum": "nested-if/async", "behavior": "x=y", "base": true, "trans": false}"#;

    #[test]
    fn smallest_line_reads_and_flip_is_computed() {
        let (_, p): (usize, PairRecord) = parse_line("pairs.jsonl", 1, SMALLEST).unwrap();
        assert_eq!(p.base, Side::bare(true));
        assert_eq!(p.trans, Side::bare(false));
        assert_eq!(p.flip, None);
        assert_eq!(p.flip_class(), FlipClass::CW);
        assert!(p.extra.is_empty());
    }

    #[test]
    fn object_sides_stored_flip_and_unknown_fields_are_kept() {
        let line = r#"{"model": "m", "variant": "T1", "program": "p1", "stratum": "s", "behavior": "x=y", "base": {"category": "correct", "correct": true, "property": "property p; a |=> x == y; endproperty"}, "trans": {"category": "dropped-predicate", "correct": false, "reason": "lost b", "score": 3}, "flip": "CW", "run": 7}"#;
        let (_, p): (usize, PairRecord) = parse_line("pairs.jsonl", 1, line).unwrap();
        assert_eq!(p.base.category.as_deref(), Some("correct"));
        assert!(
            p.base
                .property
                .as_deref()
                .unwrap()
                .starts_with("property p;")
        );
        assert_eq!(p.trans.reason.as_deref(), Some("lost b"));
        assert_eq!(p.trans.extra["score"], 3);
        assert_eq!(p.flip, Some(FlipClass::CW));
        assert_eq!(p.extra["run"], 7);
        // Round trip keeps everything.
        let text = serde_json::to_string(&p).unwrap();
        let (_, q): (usize, PairRecord) = parse_line("pairs.jsonl", 1, &text).unwrap();
        assert_eq!(p, q);
    }

    #[test]
    fn bad_side_and_bad_flip_are_located_errors() {
        let line = SMALLEST.replace(r#""base": true"#, r#""base": 3"#);
        let e = parse_line::<PairRecord>("pairs.jsonl", 4, &line).unwrap_err();
        assert_eq!(e.location.line, 4);
        assert!(e.message.contains("a bool or an object"), "{e}");
        assert!(e.message.contains("\"base\""), "{e}");
        let col = line.find("3,").unwrap() + 1;
        assert!(
            e.location.column >= col && e.location.column <= col + 1,
            "{e} (expected near {col})"
        );

        let line = SMALLEST.replace(r#""trans": false"#, r#""trans": {"category": "x"}"#);
        let e = parse_line::<PairRecord>("pairs.jsonl", 1, &line).unwrap_err();
        assert!(e.message.contains("correct"), "{e}");

        let line = SMALLEST.replace('}', r#", "flip": "XY"}"#);
        let e = parse_line::<PairRecord>("pairs.jsonl", 1, &line).unwrap_err();
        assert!(e.message.contains("flip"), "{e}");
    }

    #[test]
    fn flip_class_from_sides_covers_all_four() {
        for c in FlipClass::ALL {
            assert_eq!(
                FlipClass::from_sides(c.base_correct(), c.trans_correct()),
                c
            );
            let json = serde_json::to_string(&c).unwrap();
            assert_eq!(json, format!("\"{c}\""));
        }
        assert!(FlipClass::CW.is_loss() && FlipClass::WC.is_gain());
        assert!(!FlipClass::CC.is_loss() && !FlipClass::WW.is_gain());
    }
}
