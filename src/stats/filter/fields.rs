//! The filter language over rows with named fields of their own (`design=`, `shots=`,
//! `jasper=` for AssertionBench runs and assertions), next to the pair filter: the
//! same terms (`key=value`, `!=`, `~`, `!~`, commas, globs), with the keys a row type
//! declares. Unknown keys are errors that list the row's keys.

use std::borrow::Cow;

use super::parse::{alternatives, find_operator, words};
use super::{FilterError, Op, Pattern};

/// A row with named text fields.
pub trait FieldRow {
    /// The keys a filter may use, in the order error messages list them.
    const KEYS: &'static [&'static str];
    /// The field's value; `None` when the row has none (it matches no `=` term).
    fn field(&self, key: &str) -> Option<Cow<'_, str>>;
}

/// One term over a named field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldTerm {
    pub key: &'static str,
    pub op: Op,
    pub alternatives: Vec<Pattern>,
}

/// A compiled filter over [`FieldRow`]s: all terms must hold; empty matches all.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FieldFilter {
    source: String,
    terms: Vec<FieldTerm>,
}

impl FieldFilter {
    /// Compiles `source` for rows of type `R`.
    pub fn parse<R: FieldRow>(source: &str) -> Result<Self, FilterError> {
        let terms = words(source)
            .map(|(offset, word)| term(source, offset, word, R::KEYS))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            source: source.to_string(),
            terms,
        })
    }

    /// The expression as written.
    pub fn source(&self) -> &str {
        &self.source
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn terms(&self) -> &[FieldTerm] {
        &self.terms
    }

    pub fn matches<R: FieldRow>(&self, row: &R) -> bool {
        self.terms.iter().all(|t| {
            let hit = row
                .field(t.key)
                .is_some_and(|v| t.alternatives.iter().any(|p| p.matches(&v)));
            hit != matches!(t.op, Op::IsNot | Op::LacksText)
        })
    }
}

fn term(
    source: &str,
    offset: usize,
    word: &str,
    keys: &'static [&'static str],
) -> Result<FieldTerm, FilterError> {
    let list = keys.join(", ");
    let Some((at, op)) = find_operator(word) else {
        return Err(FilterError::at(
            source,
            offset,
            word,
            format!("expected key=value, key!=value or key~text, found \"{word}\""),
        ));
    };
    let name = &word[..at];
    let Some(&key) = keys.iter().find(|k| **k == name) else {
        let message = if name.is_empty() {
            format!(
                "expected a key before \"{}\" in \"{word}\" ({list})",
                op.symbol()
            )
        } else {
            format!("unknown key \"{name}\" (expected {list})")
        };
        return Err(FilterError::at(source, offset, name, message));
    };
    let alternatives = alternatives(source, offset, word, at, op, |_, value| {
        Ok(match op {
            Op::Contains | Op::LacksText => Pattern::contains(value),
            Op::Is | Op::IsNot => Pattern::equality(value),
        })
    })?;
    Ok(FieldTerm {
        key,
        op,
        alternatives,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Run {
        design: &'static str,
        shots: Option<u32>,
    }

    impl FieldRow for Run {
        const KEYS: &'static [&'static str] = &["design", "shots"];
        fn field(&self, key: &str) -> Option<Cow<'_, str>> {
            match key {
                "design" => Some(Cow::Borrowed(self.design)),
                "shots" => self.shots.map(|k| Cow::Owned(k.to_string())),
                _ => None,
            }
        }
    }

    #[test]
    fn terms_over_named_fields() {
        let rows = [
            Run {
                design: "fht_bfly",
                shots: Some(1),
            },
            Run {
                design: "fht_1d_x8",
                shots: Some(5),
            },
            Run {
                design: "tcLoad",
                shots: None,
            },
        ];
        let keep = |f: &str| -> Vec<&str> {
            let f = FieldFilter::parse::<Run>(f).unwrap();
            rows.iter()
                .filter(|r| f.matches(*r))
                .map(|r| r.design)
                .collect()
        };
        assert_eq!(keep(""), ["fht_bfly", "fht_1d_x8", "tcLoad"]);
        assert_eq!(keep("design=fht*"), ["fht_bfly", "fht_1d_x8"]);
        assert_eq!(keep("shots=5"), ["fht_1d_x8"]);
        assert_eq!(
            keep("shots!=5"),
            ["fht_bfly", "tcLoad"],
            "no value is not 5"
        );
        assert_eq!(keep("design~LOAD,x8"), ["fht_1d_x8", "tcLoad"]);
        assert_eq!(keep("design!~fht shots=1"), Vec::<&str>::new());
    }

    #[test]
    fn errors_name_the_keys() {
        let e = FieldFilter::parse::<Run>("shots=1 model=x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "filter:1:9: unknown key \"model\" (expected design, shots)"
        );
        let e = FieldFilter::parse::<Run>("shots=").unwrap_err();
        assert!(e.message.contains("expected a value"), "{e}");
        let e = FieldFilter::parse::<Run>("design=a,,b").unwrap_err();
        assert!(e.message.contains("empty alternative"), "{e}");
        assert!(FieldFilter::parse::<Run>("fht").is_err());
    }
}
