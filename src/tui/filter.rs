//! The queue's text filter. Until `stats::filter` lands this is a small matcher behind
//! the same interface (`parse`, then `matches` on a row): space-separated terms, all of
//! which must hold. `key=value` compares one field exactly (any case), `key!=value`
//! excludes, a bare word must occur in some field. Keys: program, stratum, behavior,
//! model, variant, flip, base, trans (the two categories) and tag.

use super::model::PairView;

/// A parse error, located by its character position within the filter text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("filter column {column}: {message}")]
pub struct FilterError {
    /// 1-based character position within the filter text.
    pub column: usize,
    pub message: String,
}

/// The fields a filter can name.
const KEYS: [&str; 9] = [
    "program", "stratum", "behavior", "model", "variant", "flip", "base", "trans", "tag",
];

#[derive(Clone, Debug, PartialEq, Eq)]
enum Term {
    Field {
        key: &'static str,
        value: String,
        negate: bool,
    },
    Word(String),
}

/// A parsed filter; the empty filter keeps every row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    terms: Vec<Term>,
    text: String,
}

/// A row a filter can look into.
pub trait FilterRow {
    /// The values of field `key` (several for tags).
    fn field_values(&self, key: &str) -> Vec<&str>;
}

impl FilterRow for PairView {
    fn field_values(&self, key: &str) -> Vec<&str> {
        match key {
            "program" => vec![&self.program],
            "stratum" => vec![&self.stratum],
            "behavior" => vec![&self.behavior],
            "model" => vec![&self.model],
            "variant" => vec![&self.variant],
            "flip" => vec![self.flip.as_str()],
            "base" => vec![&self.base.category],
            "trans" => vec![&self.trans.category],
            "tag" => self.tags.iter().map(String::as_str).collect(),
            _ => Vec::new(),
        }
    }
}

impl Filter {
    /// Parses a filter text; errors name the column of the bad term.
    pub fn parse(text: &str) -> Result<Filter, FilterError> {
        let mut terms = Vec::new();
        for (offset, word) in split_words(text) {
            let column = text[..offset].chars().count() + 1;
            if let Some((key, value)) = word.split_once('=') {
                let (key, negate) = match key.strip_suffix('!') {
                    Some(k) => (k, true),
                    None => (key, false),
                };
                let Some(key) = KEYS.iter().copied().find(|k| k.eq_ignore_ascii_case(key)) else {
                    return Err(FilterError {
                        column,
                        message: format!(
                            "unknown field `{key}`: expected one of {}",
                            KEYS.join(", ")
                        ),
                    });
                };
                if value.is_empty() {
                    return Err(FilterError {
                        column: column + word.chars().count(),
                        message: format!("expected a value after `{key}=`"),
                    });
                }
                terms.push(Term::Field {
                    key,
                    value: value.to_lowercase(),
                    negate,
                });
            } else {
                terms.push(Term::Word(word.to_lowercase()));
            }
        }
        Ok(Filter {
            terms,
            text: text.trim().to_string(),
        })
    }

    /// Whether `row` passes every term.
    pub fn matches(&self, row: &impl FilterRow) -> bool {
        self.terms.iter().all(|term| match term {
            Term::Field { key, value, negate } => {
                let hit = row
                    .field_values(key)
                    .iter()
                    .any(|v| v.eq_ignore_ascii_case(value));
                hit != *negate
            }
            Term::Word(word) => KEYS.iter().any(|k| {
                row.field_values(k)
                    .iter()
                    .any(|v| contains_ignore_case(v, word))
            }),
        })
    }

    /// The text the filter was parsed from (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }
}

fn split_words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(' ')
        .scan(0usize, |offset, w| {
            let at = *offset;
            *offset += w.len() + 1;
            Some((at, w))
        })
        .filter(|(_, w)| !w.is_empty())
}

fn contains_ignore_case(haystack: &str, lower_needle: &str) -> bool {
    if haystack.is_ascii() {
        haystack
            .as_bytes()
            .windows(lower_needle.len().max(1))
            .any(|w| w.eq_ignore_ascii_case(lower_needle.as_bytes()))
    } else {
        haystack.to_lowercase().contains(lower_needle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::model::{FlipClass, SideView};

    fn pair(model: &str, flip: FlipClass) -> PairView {
        PairView {
            program: "p07".into(),
            stratum: "nested-if/async".into(),
            behavior: "x=y".into(),
            model: model.into(),
            variant: "T2".into(),
            flip,
            base: SideView {
                category: "correct".into(),
                ..SideView::default()
            },
            trans: SideView {
                category: "branch-polarity".into(),
                ..SideView::default()
            },
            tags: vec!["dropped-predicate".into()],
        }
    }

    #[test]
    fn fields_words_and_negation() {
        let p = pair("qwen", FlipClass::CW);
        assert!(Filter::parse("").unwrap().matches(&p));
        assert!(Filter::parse("model=QWEN flip=cw").unwrap().matches(&p));
        assert!(!Filter::parse("model=deepseek").unwrap().matches(&p));
        assert!(Filter::parse("model!=deepseek  polar").unwrap().matches(&p));
        assert!(Filter::parse("tag=dropped-predicate").unwrap().matches(&p));
        assert!(!Filter::parse("nowhere").unwrap().matches(&p));
    }

    #[test]
    fn errors_name_the_column() {
        let e = Filter::parse("model=a colour=red").unwrap_err();
        assert_eq!(e.column, 9);
        assert!(e.message.contains("unknown field `colour`"), "{e}");
        let e = Filter::parse("flip=").unwrap_err();
        assert_eq!(e.column, 6);
    }
}
