//! The filter language shared by `flipscope metrics --filter` and the TUI: whitespace
//! separated terms that must all hold, each `key=value`, `key!=value`, `key~text` or
//! `key!~text`, with comma-separated alternatives. See `docs/filter.md`.
//!
//! A filter is parsed once into a [`Filter`] and applied to anything implementing
//! [`FilterRow`].

mod fields;
mod glob;
mod parse;

pub use fields::{FieldFilter, FieldRow};

pub use glob::Pattern;
pub use parse::FilterError;

use super::row::FilterRow;

/// What a term looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    Model,
    Variant,
    Program,
    Stratum,
    Behavior,
    /// `CC`, `CW`, `WC` or `WW`.
    Flip,
    /// Either side's category (or `correct`/`wrong`).
    Category,
    /// The original side's category (or `correct`/`wrong`).
    Base,
    /// The variant side's category (or `correct`/`wrong`).
    Trans,
    /// Any confirmed tag.
    Tag,
    /// `yes` when the pair's family is variant-sensitive for its model (whole-module
    /// pairs only; other pairs have no value).
    Sensitive,
}

impl Key {
    pub const ALL: [Key; 11] = [
        Key::Model,
        Key::Variant,
        Key::Program,
        Key::Stratum,
        Key::Behavior,
        Key::Flip,
        Key::Category,
        Key::Base,
        Key::Trans,
        Key::Tag,
        Key::Sensitive,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Key::Model => "model",
            Key::Variant => "variant",
            Key::Program => "program",
            Key::Stratum => "stratum",
            Key::Behavior => "behavior",
            Key::Flip => "flip",
            Key::Category => "category",
            Key::Base => "base",
            Key::Trans => "trans",
            Key::Tag => "tag",
            Key::Sensitive => "sensitive",
        }
    }

    pub fn from_name(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// How a term compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `=`: some value equals (or matches the glob of) some alternative.
    Is,
    /// `!=`: the negation of `=`.
    IsNot,
    /// `~`: some value contains some alternative, ignoring case.
    Contains,
    /// `!~`: the negation of `~`.
    LacksText,
}

impl Op {
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Is => "=",
            Op::IsNot => "!=",
            Op::Contains => "~",
            Op::LacksText => "!~",
        }
    }

    fn negated(self) -> bool {
        matches!(self, Op::IsNot | Op::LacksText)
    }
}

/// One compiled term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    pub key: Key,
    pub op: Op,
    /// The alternatives (at least one).
    pub alternatives: Vec<Pattern>,
}

impl Term {
    pub fn matches(&self, row: &impl FilterRow) -> bool {
        let hit = any_value(self.key, row, |v| {
            self.alternatives.iter().any(|p| p.matches(v))
        });
        hit != self.op.negated()
    }
}

/// A compiled filter: all its terms must hold. The empty filter matches everything.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Filter {
    source: String,
    terms: Vec<Term>,
}

impl Filter {
    /// Compiles a filter expression; errors point at the offending word.
    pub fn parse(source: &str) -> Result<Self, FilterError> {
        Ok(Self {
            source: source.to_string(),
            terms: parse::parse_terms(source)?,
        })
    }

    /// The expression as written.
    pub fn source(&self) -> &str {
        &self.source
    }

    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// True when the filter has no terms.
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn matches(&self, row: &impl FilterRow) -> bool {
        self.terms.iter().all(|t| t.matches(row))
    }
}

/// Whether `f` holds for any of the row's values under `key`. A side's values are its
/// category (when known) and `correct` or `wrong`.
fn any_value<R: FilterRow>(key: Key, row: &R, mut f: impl FnMut(&str) -> bool) -> bool {
    let side = |category: Option<&str>, correct: bool, f: &mut dyn FnMut(&str) -> bool| {
        category.is_some_and(&mut *f) || f(if correct { "correct" } else { "wrong" })
    };
    match key {
        Key::Model => f(row.model()),
        Key::Variant => f(row.variant()),
        Key::Program => f(row.program()),
        Key::Stratum => f(row.stratum()),
        Key::Behavior => f(row.behavior()),
        Key::Flip => f(row.flip()),
        Key::Base => side(row.base_category(), row.base_correct(), &mut f),
        Key::Trans => side(row.trans_category(), row.trans_correct(), &mut f),
        Key::Category => {
            row.behavior_class().is_some_and(&mut f)
                || side(row.base_category(), row.base_correct(), &mut f)
                || side(row.trans_category(), row.trans_correct(), &mut f)
        }
        Key::Tag => row.tags().any(f),
        Key::Sensitive => row
            .variant_sensitive()
            .is_some_and(|s| f(if s { "yes" } else { "no" })),
    }
}

#[cfg(test)]
mod tests;
