//! What the atoms of an expression mean: the value semantics (`two-state`, the
//! default, or the paper's `atoms`) and the widths of the signals that are known. Every
//! decision of the logic core is made under one `Semantics`; the free functions
//! (`logic::equivalent`, ...) use the default (two-state, no widths known).
//!
//! - `atoms`: every identifier and every equality is an independent Boolean variable
//!   (SCORING.md §5 as the paper reads it). `s == 1` and `s == 2` may both hold.
//! - `two-state`: identifiers and opaque operands are unsigned integers (of their
//!   width, when known). A term used as a condition means `term != 0`; equalities of
//!   one term with distinct constants exclude each other; a 1-bit signal equals its
//!   truth value. See docs/logic.md, "Two-state semantics".

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, LazyLock};

use serde::{Deserialize, Serialize};

use super::expr::Constant;

/// Known widths of signals, by name (`state` -> 2).
pub type Widths = BTreeMap<String, u32>;

/// What a design declares that two-state semantics reads: the widths of its signals
/// and its named constants (`localparam`, `parameter` defaults, enum members), by
/// name. A named constant's `text` is its name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declarations {
    pub widths: Widths,
    pub constants: BTreeMap<String, Constant>,
}

impl Declarations {
    pub fn is_empty(&self) -> bool {
        self.widths.is_empty() && self.constants.is_empty()
    }
}

/// How atoms are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Values {
    /// Independent Boolean atoms (the paper's propositional abstraction).
    Atoms,
    /// Two-state values: constants by value, exclusive, `term != 0` as a condition.
    #[default]
    TwoState,
}

impl Values {
    /// Both, in the order of the `--semantics` choices.
    pub const ALL: [Values; 2] = [Values::TwoState, Values::Atoms];

    /// The name used on the command line, in `study.toml` and in pairs
    /// (`two-state`, `atoms`).
    pub fn name(self) -> &'static str {
        match self {
            Values::Atoms => "atoms",
            Values::TwoState => "two-state",
        }
    }

    /// The semantics with this name.
    pub fn from_name(name: &str) -> Option<Values> {
        Values::ALL.into_iter().find(|v| v.name() == name)
    }
}

impl fmt::Display for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The value semantics and the known widths under which expressions are compared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Semantics {
    values: Values,
    declared: Arc<Declarations>,
}

static DEFAULT: LazyLock<Semantics> = LazyLock::new(Semantics::default);

impl Semantics {
    /// `values` with no widths known.
    pub fn new(values: Values) -> Semantics {
        Semantics {
            values,
            declared: Arc::default(),
        }
    }

    /// The default: two-state, no widths known (shared, no allocation).
    pub fn default_ref() -> &'static Semantics {
        &DEFAULT
    }

    /// The same semantics with these widths known (and the same constants).
    pub fn with_widths(mut self, widths: Widths) -> Semantics {
        let constants = self.declared.constants.clone();
        self.declared = Arc::new(Declarations { widths, constants });
        self
    }

    /// The same semantics with these declarations known.
    pub fn with_declarations(mut self, declared: Arc<Declarations>) -> Semantics {
        self.declared = declared;
        self
    }

    /// The declarations known.
    pub fn declarations(&self) -> &Declarations {
        &self.declared
    }

    /// The named constant `name` (two-state only).
    pub fn constant(&self, name: &str) -> Option<&Constant> {
        if self.is_two_state() {
            self.declared.constants.get(name)
        } else {
            None
        }
    }

    pub fn values(&self) -> Values {
        self.values
    }

    pub fn is_two_state(&self) -> bool {
        self.values == Values::TwoState
    }

    pub fn widths(&self) -> &Widths {
        &self.declared.widths
    }

    /// The known width of a signal. Under `atoms` no width is used.
    pub fn width(&self, name: &str) -> Option<u32> {
        if self.is_two_state() {
            self.declared.widths.get(name).copied()
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for v in Values::ALL {
            assert_eq!(Values::from_name(v.name()), Some(v));
            assert_eq!(
                serde_json::to_string(&v).unwrap(),
                format!("\"{}\"", v.name())
            );
        }
        assert_eq!(Values::default(), Values::TwoState);
        assert_eq!(Values::from_name("two_state"), None);
    }

    #[test]
    fn widths_are_used_under_two_state_only() {
        let widths = Widths::from([("a".to_string(), 1)]);
        let two = Semantics::new(Values::TwoState).with_widths(widths.clone());
        let atoms = Semantics::new(Values::Atoms).with_widths(widths);
        assert_eq!(two.width("a"), Some(1));
        assert_eq!(atoms.width("a"), None);
        assert_eq!(two.width("b"), None);
    }
}
