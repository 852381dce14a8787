//! The tag taxonomy: the tags an auditor can put on a pair. The nine defaults are the
//! failure categories of SCORING.md in their checking order, then
//! `scorer-false-positive` and `reference-error`, bound to the keys `1`..`9`; the
//! user's config file adds more (`[tags] extra = [...]`), which have no digit key.
//!
//! The taxonomy is chosen per study: a study of whole-module programs scored by formal
//! proof (EquivSVA families, [`super::StudyKind::Families`]) gets the formal failures instead
//! ([`FORMAL_TAGS`], [`Taxonomy::formal`]), with the config's extra tags kept.

use std::path::Path;

use super::config::{self, Config};
use super::error::{LocatedError, display_path};
use super::jsonl::read_text;
use crate::text::line_column;

/// The default tags, in key order (`1` is `output-contract`, `9` is `reference-error`).
pub const DEFAULT_TAGS: [(&str, &str); 9] = [
    (
        "output-contract",
        "the output or the property breaks the output contract, or is malformed",
    ),
    ("missing-property", "no property for the behavior"),
    (
        "wrong-consequent",
        "the property equates the behavior's lhs to something else",
    ),
    ("branch-polarity", "one or more branch predicates negated"),
    (
        "dropped-predicate",
        "a path predicate is missing from the antecedent",
    ),
    (
        "extra-predicate",
        "the antecedent holds a predicate the path does not",
    ),
    (
        "boolean-structure",
        "the antecedent's Boolean structure is corrupted",
    ),
    (
        "scorer-false-positive",
        "flipscope scored the pair wrong: the generated property is right",
    ),
    ("reference-error", "the reference property itself is wrong"),
];

/// The tags of formal failures (whole-module studies), in key order (`1` is
/// `too-weak`).
pub const FORMAL_TAGS: [(&str, &str); 8] = [
    (
        "too-weak",
        "the property holds but says too little of the behavior (no mutant caught)",
    ),
    (
        "wrong-timing",
        "the right relation at the wrong cycle (|-> for |=>, a missing or extra $past)",
    ),
    (
        "wrong-polarity",
        "a condition or value negated (reset level, !x for x, a swapped branch)",
    ),
    (
        "internal-signal",
        "names signals that are not ports of the module",
    ),
    ("vacuous", "passes only because its antecedent never holds"),
    (
        "not-a-property",
        "no property that parses and elaborates (prose, pseudocode, broken syntax)",
    ),
    (
        "scorer-false-positive",
        "flipscope's verdict is wrong: the property is right",
    ),
    (
        "reference-error",
        "the family's implementations or gold properties are wrong",
    ),
];

/// Categories that suggest a tag other than their own name (`a` accepts the
/// suggestion): output categories of whole-module studies, and the fragment scorer's
/// `extra-disable-iff`, a special case of `extra-predicate` (docs/scoring.md).
const FORMAL_SUGGESTIONS: [(&str, &str); 4] = [
    ("syntax-error", "not-a-property"),
    ("no-property", "not-a-property"),
    ("interface-violation", "internal-signal"),
    ("extra-disable-iff", "extra-predicate"),
];

/// One tag an auditor can choose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagDef {
    /// The tag as written in annotations.
    pub name: String,
    /// The digit key (`1`..`9`) of a default tag.
    pub key: Option<char>,
    /// What it means, for the help screen (empty for the user's own tags).
    pub description: String,
    /// Whether it comes from the user's config file.
    pub from_config: bool,
}

/// The tags on offer, defaults first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taxonomy {
    tags: Vec<TagDef>,
}

impl Default for Taxonomy {
    fn default() -> Self {
        Self::of_defaults(&DEFAULT_TAGS)
    }
}

impl Taxonomy {
    /// `defaults` bound to the digit keys in order.
    fn of_defaults(defaults: &[(&str, &str)]) -> Self {
        let tags = defaults
            .iter()
            .zip('1'..='9')
            .map(|(&(name, description), key)| TagDef {
                name: name.to_string(),
                key: Some(key),
                description: description.to_string(),
                from_config: false,
            })
            .collect();
        Self { tags }
    }

    /// The formal failures ([`FORMAL_TAGS`]) on the digit keys, with this taxonomy's
    /// tags from the config kept after them (a repeat is skipped).
    pub fn formal(&self) -> Self {
        let mut t = Self::of_defaults(&FORMAL_TAGS);
        for extra in self.tags.iter().filter(|t| t.from_config) {
            if t.get(&extra.name).is_none() {
                t.tags.push(extra.clone());
            }
        }
        t
    }
}

/// Whether `name` can be a tag: letters, digits, `-`, `_`, `.` and `/` (so that it
/// works as a filter value: no white space, commas or operators).
pub fn valid_tag(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
}

impl Taxonomy {
    /// The defaults plus the config's extra tags (a repeat of a tag already offered is
    /// skipped). `file` names the config file in errors about a bad tag name.
    pub fn with_config(config: &Config, file: &str) -> Result<Self, LocatedError> {
        let mut taxonomy = Self::default();
        for (i, name) in config.tags.extra.iter().enumerate() {
            let name = name.trim();
            if !valid_tag(name) {
                return Err(LocatedError::new(
                    file,
                    1,
                    1,
                    format!(
                        "[tags] extra[{i}] = {name:?}: expected a tag of letters, digits, '-', '_', '.' or '/'"
                    ),
                ));
            }
            if taxonomy.get(name).is_none() {
                taxonomy.tags.push(TagDef {
                    name: name.to_string(),
                    key: None,
                    description: String::new(),
                    from_config: true,
                });
            }
        }
        Ok(taxonomy)
    }

    /// Reads the configuration file at `path` (a missing file is the default) and the
    /// taxonomy it gives; a bad extra tag is located in the file.
    pub fn load(path: &Path) -> Result<(Config, Self), LocatedError> {
        if !path.exists() {
            return Ok((Config::default(), Self::default()));
        }
        let text = read_text(path)?;
        let file = display_path(path);
        let config = Config::parse(&file, &text)?;
        let taxonomy = Self::with_config(&config, &file).map_err(|mut e| {
            if let Some(bad) = config.tags.extra.iter().find(|t| !valid_tag(t.trim()))
                && let Some(at) = text.find(&format!("{bad:?}"))
            {
                (e.location.line, e.location.column) = line_column(&text, at);
            }
            e
        })?;
        Ok((config, taxonomy))
    }

    /// [`Taxonomy::load`] of the user's configuration file, if the platform has one.
    pub fn load_default() -> Result<(Config, Self), LocatedError> {
        match config::default_path() {
            Some(path) => Self::load(&path),
            None => Ok((Config::default(), Self::default())),
        }
    }

    /// Every tag, defaults first, in key order.
    pub fn tags(&self) -> &[TagDef] {
        &self.tags
    }

    /// The tag with this name.
    pub fn get(&self, name: &str) -> Option<&TagDef> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The tag bound to a digit key (`'1'`..`'9'`).
    pub fn for_key(&self, key: char) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.key == Some(key))
            .map(|t| t.name.as_str())
    }

    /// The tag that confirms a scoring category (the `a` key: accept the suggestion):
    /// the category's own tag when the taxonomy has it; `None` for `correct` or an
    /// unknown category.
    pub fn suggestion(&self, category: Option<&str>) -> Option<&str> {
        let category = category?;
        let category = FORMAL_SUGGESTIONS
            .iter()
            .find(|(c, tag)| *c == category && self.get(tag).is_some())
            .map_or(category, |(_, tag)| tag);
        self.get(category).map(|t| t.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_bound_to_digits_in_order() {
        let t = Taxonomy::default();
        assert_eq!(t.tags().len(), 9);
        assert_eq!(t.for_key('1'), Some("output-contract"));
        assert_eq!(t.for_key('4'), Some("branch-polarity"));
        assert_eq!(t.for_key('7'), Some("boolean-structure"));
        assert_eq!(
            t.suggestion(Some("extra-disable-iff")),
            Some("extra-predicate")
        );
        assert_eq!(t.for_key('8'), Some("scorer-false-positive"));
        assert_eq!(t.for_key('9'), Some("reference-error"));
        assert_eq!(t.for_key('0'), None);
        assert_eq!(
            t.suggestion(Some("dropped-predicate")),
            Some("dropped-predicate")
        );
        assert_eq!(t.suggestion(Some("correct")), None);
        assert_eq!(t.suggestion(None), None);
    }

    #[test]
    fn formal_studies_get_the_formal_failures_and_keep_the_config_tags() {
        let config = Config::parse(
            "config.toml",
            "[tags]\nextra = [\"scorer-bug\", \"vacuous\"]\n",
        )
        .unwrap();
        let t = Taxonomy::with_config(&config, "config.toml")
            .unwrap()
            .formal();
        assert_eq!(t.for_key('1'), Some("too-weak"));
        assert_eq!(t.for_key('5'), Some("vacuous"));
        assert_eq!(t.for_key('6'), Some("not-a-property"));
        assert_eq!(t.for_key('9'), None);
        // `vacuous` is a formal tag already: only `scorer-bug` is added.
        assert_eq!(t.tags().len(), 9);
        assert!(t.get("scorer-bug").is_some_and(|d| d.from_config));
        assert_eq!(t.suggestion(Some("vacuous")), Some("vacuous"));
        assert_eq!(t.suggestion(Some("no-property")), Some("not-a-property"));
        assert_eq!(
            t.suggestion(Some("interface-violation")),
            Some("internal-signal")
        );
        assert_eq!(t.suggestion(Some("sound")), None);
        // The path-condition taxonomy suggests no formal tag.
        assert_eq!(Taxonomy::default().suggestion(Some("no-property")), None);
    }

    #[test]
    fn config_adds_tags_without_keys_and_skips_repeats() {
        let config = Config::parse(
            "config.toml",
            "[tags]\nextra = [\"scorer-bug\", \"branch-polarity\", \"scorer-bug\"]\n",
        )
        .unwrap();
        let t = Taxonomy::with_config(&config, "config.toml").unwrap();
        assert_eq!(t.tags().len(), 10);
        let extra = &t.tags()[9];
        assert_eq!(extra.name, "scorer-bug");
        assert!(extra.from_config && extra.key.is_none());
    }

    #[test]
    fn a_bad_tag_in_a_file_is_located() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(
            &path,
            "auditor = \"ana\"\n[tags]\nextra = [\"ok\", \"two words\"]\n",
        )
        .unwrap();
        let e = Taxonomy::load(&path).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (3, 16), "{e}");
        let (config, t) = Taxonomy::load(&dir.path().join("none.toml")).unwrap();
        assert_eq!((config, t), (Config::default(), Taxonomy::default()));
    }

    #[test]
    fn bad_tag_names_are_refused() {
        let config = Config::parse("c.toml", "[tags]\nextra = [\"two words\"]\n").unwrap();
        let e = Taxonomy::with_config(&config, "c.toml").unwrap_err();
        assert!(e.message.contains("two words"), "{e}");
        assert!(!valid_tag("a,b") && !valid_tag("") && valid_tag("scorer-bug"));
    }
}
