//! One `pairs.jsonl` line read without copying: the fields the metrics and the filter
//! need borrowed from the line's text, everything else checked for its type and
//! dropped. A line this reader does not accept exactly as the study loader would
//! (an unknown field, a duplicate key, a stored flip that disagrees, an empty id) is
//! "unusual": the caller then reads the study with the loader, which says what is wrong.

use std::borrow::Cow;
use std::fmt;

use serde::Deserializer;
use serde::de::{self, Deserialize, DeserializeSeed, MapAccess, Visitor};

use crate::study::FlipClass;
use crate::study::program::ORIGINAL;

/// The fields of one pair the metrics need, borrowed from its line where possible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairView<'a> {
    pub model: Cow<'a, str>,
    pub variant: Cow<'a, str>,
    pub program: Cow<'a, str>,
    pub stratum: Cow<'a, str>,
    pub behavior: Cow<'a, str>,
    pub base: SideView<'a>,
    pub trans: SideView<'a>,
    /// The `oracle` field, when it is a string.
    pub oracle: Option<Cow<'a, str>>,
    /// The `class` field, when it is a string.
    pub class: Option<Cow<'a, str>>,
}

/// One side: its verdict and its category.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SideView<'a> {
    pub correct: bool,
    pub category: Option<Cow<'a, str>>,
}

/// Why a line was not read here (the loader reads it and reports what it finds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unusual;

/// Reads one line (without its line ending). `Err` for anything the loader would
/// report as an error or a warning, or that this reader does not handle.
pub fn read_view(line: &[u8]) -> Result<PairView<'_>, Unusual> {
    // The loader refuses a line with bad UTF-8 anywhere, even in a value it ignores.
    let line = std::str::from_utf8(line).map_err(|_| Unusual)?;
    let mut de = serde_json::Deserializer::from_str(line);
    let raw = RawPair::deserialize(&mut de).map_err(|_| Unusual)?;
    de.end().map_err(|_| Unusual)?;
    raw.check()
}

impl PairView<'_> {
    /// The flip class of the two sides.
    pub fn flip_class(&self) -> FlipClass {
        FlipClass::from_sides(self.base.correct, self.trans.correct)
    }
}

/// The line as read, before the rules of `checks::pair`.
struct RawPair<'a> {
    view: PairView<'a>,
    flip: Option<FlipClass>,
}

impl<'a> RawPair<'a> {
    fn check(self) -> Result<PairView<'a>, Unusual> {
        checked(self.view, self.flip)
    }
}

/// The rules the loader applies to a pair on its own (`study::checks::pair`), given
/// its stored `flip` if any.
pub(super) fn checked(
    view: PairView<'_>,
    flip: Option<FlipClass>,
) -> Result<PairView<'_>, Unusual> {
    let blank = |s: &str| s.trim().is_empty();
    if view.variant == ORIGINAL
        || blank(&view.model)
        || blank(&view.program)
        || blank(&view.behavior)
    {
        return Err(Unusual);
    }
    if flip.is_some_and(|f| f != view.flip_class()) {
        return Err(Unusual);
    }
    Ok(view)
}

/// The top-level keys of a pair line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Key {
    Model,
    Variant,
    Program,
    Stratum,
    Behavior,
    Base,
    Trans,
    Flip,
    PairHash,
    Oracle,
    Class,
    Lenient,
    Semantics,
}

impl Key {
    pub(super) fn of(name: &str) -> Option<Key> {
        Some(match name {
            "model" => Key::Model,
            "variant" => Key::Variant,
            "program" => Key::Program,
            "stratum" => Key::Stratum,
            "behavior" => Key::Behavior,
            "base" => Key::Base,
            "trans" => Key::Trans,
            "flip" => Key::Flip,
            "pair_hash" => Key::PairHash,
            "oracle" => Key::Oracle,
            "class" => Key::Class,
            "lenient" => Key::Lenient,
            "semantics" => Key::Semantics,
            _ => return None,
        })
    }
}

/// A key of a known set, or an error (an unknown key is a warning in the loader).
struct KeySeed<K>(fn(&str) -> Option<K>);

impl<'de, K> DeserializeSeed<'de> for KeySeed<K> {
    type Value = K;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<K, D::Error> {
        d.deserialize_str(KeyVisitor(self.0))
    }
}

struct KeyVisitor<K>(fn(&str) -> Option<K>);

impl<K> Visitor<'_> for KeyVisitor<K> {
    type Value = K;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a known key")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<K, E> {
        (self.0)(v).ok_or_else(|| E::custom("unknown key"))
    }
}

/// A string, borrowed from the line when it has no escapes.
struct Text<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_str(V)
    }
}

/// Any JSON value, kept when it is a string (`oracle`, `class` as `extra` holds them).
struct MaybeText<'a>(Option<Cow<'a, str>>);

impl<'de> Deserialize<'de> for MaybeText<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = MaybeText<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(MaybeText(Some(Cow::Borrowed(v))))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(MaybeText(Some(Cow::Owned(v.to_string()))))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(MaybeText(None))
            }
            // Arrays and objects (rare here) are read whole, as the loader reads them
            // into `extra`, so that they are checked the same way.
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut s: A) -> Result<Self::Value, A::Error> {
                while s.next_element::<serde_json::Value>()?.is_some() {}
                Ok(MaybeText(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut keys: Vec<String> = Vec::new();
                while let Some(k) = m.next_key::<String>()? {
                    if keys.contains(&k) {
                        return Err(de::Error::custom("duplicate key"));
                    }
                    m.next_value::<serde_json::Value>()?;
                    keys.push(k);
                }
                Ok(MaybeText(None))
            }
        }
        d.deserialize_any(V)
    }
}

/// A string or null, checked and dropped (`property`, `reason`, `pair_hash`).
struct NullableText;

impl<'de> Deserialize<'de> for NullableText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Option::<Text<'de>>::deserialize(d).map(|_| NullableText)
    }
}

impl<'de> Deserialize<'de> for RawPair<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawPair<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a pair")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<RawPair<'de>, A::Error> {
                let (mut model, mut variant, mut program, mut stratum, mut behavior) =
                    (None, None, None, None, None);
                let (mut base, mut trans, mut flip) = (None, None, None);
                let (mut oracle, mut class) = (None, None);
                let mut seen: u32 = 0;
                while let Some(key) = m.next_key_seed(KeySeed(Key::of))? {
                    let bit = 1u32 << (key as u32);
                    if seen & bit != 0 {
                        return Err(de::Error::custom("duplicate key"));
                    }
                    seen |= bit;
                    let text = |t: Text<'de>| t.0;
                    match key {
                        Key::Model => model = Some(text(m.next_value()?)),
                        Key::Variant => variant = Some(text(m.next_value()?)),
                        Key::Program => program = Some(text(m.next_value()?)),
                        Key::Stratum => stratum = Some(text(m.next_value()?)),
                        Key::Behavior => behavior = Some(text(m.next_value()?)),
                        Key::Base => base = Some(m.next_value::<SideRead>()?.0),
                        Key::Trans => trans = Some(m.next_value::<SideRead>()?.0),
                        Key::Flip => flip = m.next_value::<Option<FlipClass>>()?,
                        Key::PairHash => {
                            m.next_value::<NullableText>()?;
                        }
                        Key::Oracle => oracle = m.next_value::<MaybeText>()?.0,
                        Key::Class => class = m.next_value::<MaybeText>()?.0,
                        Key::Lenient | Key::Semantics => {
                            m.next_value::<MaybeText>()?;
                        }
                    }
                }
                let missing = || de::Error::custom("missing field");
                Ok(RawPair {
                    view: PairView {
                        model: model.ok_or_else(missing)?,
                        variant: variant.ok_or_else(missing)?,
                        program: program.ok_or_else(missing)?,
                        stratum: stratum.ok_or_else(missing)?,
                        behavior: behavior.ok_or_else(missing)?,
                        base: base.ok_or_else(missing)?,
                        trans: trans.ok_or_else(missing)?,
                        oracle,
                        class,
                    },
                    flip,
                })
            }
        }
        d.deserialize_map(V)
    }
}

/// The keys of a side's object.
#[derive(Clone, Copy)]
pub(super) enum SideKey {
    Category,
    Correct,
    Property,
    Reason,
}

impl SideKey {
    pub(super) fn of(name: &str) -> Option<SideKey> {
        Some(match name {
            "category" => SideKey::Category,
            "correct" => SideKey::Correct,
            "property" => SideKey::Property,
            "reason" => SideKey::Reason,
            _ => return None,
        })
    }
}

/// A side as a bare bool or as an object with `correct`.
struct SideRead<'a>(SideView<'a>);

impl<'de> Deserialize<'de> for SideRead<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = SideRead<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a bool or an object with \"correct\"")
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
                Ok(SideRead(SideView {
                    correct: v,
                    category: None,
                }))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut correct = None;
                let mut category = None;
                let mut seen: u32 = 0;
                while let Some(key) = m.next_key_seed(KeySeed(SideKey::of))? {
                    let bit = 1u32 << (key as u32);
                    if seen & bit != 0 {
                        return Err(de::Error::custom("duplicate key"));
                    }
                    seen |= bit;
                    match key {
                        SideKey::Correct => correct = Some(m.next_value::<bool>()?),
                        SideKey::Category => {
                            category = m.next_value::<Option<Text<'de>>>()?.map(|t| t.0)
                        }
                        SideKey::Property | SideKey::Reason => {
                            m.next_value::<NullableText>()?;
                        }
                    }
                }
                let correct = correct.ok_or_else(|| de::Error::custom("missing correct"))?;
                Ok(SideRead(SideView { correct, category }))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCORED: &str = r#"{"model": "m", "variant": "T1", "program": "p1", "stratum": "s", "behavior": "x=y", "base": {"category": "correct", "correct": true, "property": "property p; a |=> x == y; endproperty"}, "trans": {"category": "dropped-predicate", "correct": false, "reason": "lost b"}, "flip": "CW", "pair_hash": "ab", "oracle": "reference", "lenient": true, "semantics": "two-state", "class": "arbiter"}"#;

    #[test]
    fn escaped_strings_are_decoded() {
        let line = r#"{"model": "m\u00e9", "variant": "T1", "program": "p\"1", "stratum": "s", "behavior": "x=y", "base": true, "trans": false}"#;
        let view = read_view(line.as_bytes()).unwrap();
        assert_eq!(view.model, "mé");
        assert_eq!(view.program, "p\"1");
    }

    #[test]
    fn lines_the_loader_warns_about_or_rejects_are_unusual() {
        let bad = [
            SCORED.replace(r#""class": "arbiter""#, r#""run": 7"#),
            SCORED.replace(r#""reason": "lost b""#, r#""score": 3"#),
            SCORED.replace(r#""flip": "CW""#, r#""flip": "CC""#),
            SCORED.replace(r#""model": "m""#, r#""model": " ""#),
            SCORED.replace(r#""variant": "T1""#, r#""variant": "original""#),
            SCORED.replace(r#""oracle": "reference""#, r#""model": "again""#),
            SCORED.replace(r#""flip": "CW", "#, r#""flip": "CW", "base": true, "#),
            SCORED.replace(r#""stratum": "s", "#, ""),
            SCORED.replace(r#""correct": true"#, r#""correct": 1"#),
            SCORED.replace(r#""reason": "lost b""#, r#""reason": 3"#),
            format!("{SCORED} {{}}"),
            "[1]".to_string(),
        ];
        for line in &bad {
            assert_eq!(read_view(line.as_bytes()), Err(Unusual), "{line}");
        }
        assert!(read_view(b"{\"model\": \"m\xff\"}").is_err());
    }
}
