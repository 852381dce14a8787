//! The failure categories of SCORING.md §6, in the order they are checked.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A verdict's category. The variants are declared in the order of SCORING.md §6;
/// `missing-property` and `wrong-consequent` share step 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// The output (strict mode) or the matched property breaks the contract or is
    /// malformed.
    OutputContract,
    /// No property asserts the behavior's equality, and none names its `lhs`.
    MissingProperty,
    /// No property asserts the equality, but one equates `lhs` to something else that
    /// is not itself a behavior of the program.
    WrongConsequent,
    /// The antecedent is equivalent to the reference path condition.
    Correct,
    /// Negated branch predicates, or one atom of the wrong polarity.
    BranchPolarity,
    /// Weaker than the reference, over a proper subset of its atoms.
    DroppedPredicate,
    /// Stronger than the reference, over a proper superset of its atoms.
    ExtraPredicate,
    /// The property's `disable iff` is all that differs: without it the antecedent is
    /// equivalent to the reference, which has none (a special case of
    /// `extra-predicate`, named apart: VERT references never disable).
    ExtraDisableIff,
    /// Any other wrong antecedent.
    BooleanStructure,
}

impl Category {
    /// Every category, in the order of SCORING.md §6.
    pub const ALL: [Category; 9] = [
        Category::OutputContract,
        Category::MissingProperty,
        Category::WrongConsequent,
        Category::Correct,
        Category::BranchPolarity,
        Category::DroppedPredicate,
        Category::ExtraPredicate,
        Category::ExtraDisableIff,
        Category::BooleanStructure,
    ];

    /// The id used in files and on the command line (`output-contract`).
    pub fn id(self) -> &'static str {
        match self {
            Category::OutputContract => "output-contract",
            Category::MissingProperty => "missing-property",
            Category::WrongConsequent => "wrong-consequent",
            Category::Correct => "correct",
            Category::BranchPolarity => "branch-polarity",
            Category::DroppedPredicate => "dropped-predicate",
            Category::ExtraPredicate => "extra-predicate",
            Category::ExtraDisableIff => "extra-disable-iff",
            Category::BooleanStructure => "boolean-structure",
        }
    }

    /// The category with this id.
    pub fn from_id(id: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.id() == id)
    }

    pub fn is_correct(self) -> bool {
        self == Category::Correct
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_kebab_case_in_serde_and_display() {
        for c in Category::ALL {
            assert_eq!(
                serde_json::to_string(&c).unwrap(),
                format!("\"{}\"", c.id())
            );
            assert_eq!(c.to_string(), c.id());
            assert_eq!(Category::from_id(c.id()), Some(c));
        }
        assert_eq!(
            Category::ALL.map(Category::id),
            [
                "output-contract",
                "missing-property",
                "wrong-consequent",
                "correct",
                "branch-polarity",
                "dropped-predicate",
                "extra-predicate",
                "extra-disable-iff",
                "boolean-structure"
            ]
        );
        assert_eq!(Category::from_id("Correct"), None);
    }
}
