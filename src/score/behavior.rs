//! The behaviors of a reference text (SCORING.md §1): one per equality in each
//! reference property's consequent, named `lhs=rhs` (`#2`, `#3` for repeats).

use std::collections::HashMap;
use std::fmt;

use crate::logic::{Expr, Grammar};
use crate::sva::{Declaration, Dialect, Mode, extract, parse_declaration_in};
use crate::text::line_column;

/// One assignment `lhs = rhs` under a path condition.
#[derive(Clone, Debug, PartialEq)]
pub struct Behavior {
    /// `lhs=rhs`, with `#2`, `#3` for repeats in reading order.
    pub id: String,
    /// Canonical text of the assigned side.
    pub lhs: String,
    /// Canonical text of the assigned value.
    pub rhs: String,
    /// The path condition. The reference's antecedent by default; the `rtl` oracle
    /// replaces it with the RTL's own path condition.
    pub antecedent: Expr,
    /// Which reference property (0-based, reading order) the behavior comes from.
    pub property_index: usize,
    /// The condition of the reference property's `disable iff`, as written (its
    /// negation is then the first conjunct of `antecedent`); `None` without one, and
    /// under the `rtl` oracle (an RTL path has none).
    pub disable_iff: Option<String>,
}

/// A reference that cannot be read, located within the reference text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ReferenceError {
    /// Byte offset within the reference text.
    pub offset: usize,
    /// 1-based line within the reference text.
    pub line: usize,
    /// 1-based column (characters) within the line.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl ReferenceError {
    fn at(reference: &str, offset: usize, message: impl Into<String>) -> Self {
        let (line, column) = line_column(reference, offset);
        ReferenceError {
            offset,
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for ReferenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// The behaviors of `reference`, in reading order. The reference must hold nothing
/// but property declarations (comments aside), at least one, all well-formed (with
/// the repairs of `Dialect::Reference`), antecedents in the two-state grammar.
pub fn reference_behaviors(reference: &str) -> Result<Vec<Behavior>, ReferenceError> {
    reference_behaviors_in(reference, Grammar::TwoState)
}

/// `reference_behaviors` with antecedents read in `grammar`.
pub fn reference_behaviors_in(
    reference: &str,
    grammar: Grammar,
) -> Result<Vec<Behavior>, ReferenceError> {
    let extraction = extract(reference, Mode::Strict);
    if let Some(v) = extraction.violation {
        return Err(ReferenceError::at(
            reference,
            v.offset,
            v.message.replace("output", "reference"),
        ));
    }
    if extraction.declarations.is_empty() {
        return Err(ReferenceError::at(
            reference,
            0,
            "the reference holds no property declaration",
        ));
    }
    let mut out = Vec::new();
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
    for (index, raw) in extraction.declarations.iter().enumerate() {
        let property = match parse_declaration_in(reference, raw, Dialect::Reference, grammar) {
            Declaration::Property(p) => p,
            Declaration::Malformed(m) => {
                let (line, column) = line_column(reference, m.offset);
                let message = format!(
                    "reference property {} (at {line}:{column}): {}",
                    index + 1,
                    m.reason
                );
                return Err(ReferenceError::at(reference, m.at, message));
            }
        };
        for eq in property.consequent {
            let n = seen.entry((eq.lhs.clone(), eq.rhs.clone())).or_insert(0);
            *n += 1;
            let id = match *n {
                1 => format!("{}={}", eq.lhs, eq.rhs),
                k => format!("{}={}#{k}", eq.lhs, eq.rhs),
            };
            out.push(Behavior {
                id,
                lhs: eq.lhs,
                rhs: eq.rhs,
                antecedent: property.antecedent.clone(),
                property_index: index,
                disable_iff: property.disable_iff.clone(),
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_behavior_per_equality_with_numbered_repeats() {
        let reference = "property a; (p && q) |=> x == y && z == w; endproperty\n\
                         property b; (p && !q) |=> x == y; endproperty";
        let b = reference_behaviors(reference).unwrap();
        let ids: Vec<_> = b.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(ids, ["x=y", "z=w", "x=y#2"]);
        assert_eq!(b[2].antecedent.to_string(), "p && !q");
        assert_eq!(b[2].property_index, 1);
        assert_eq!(b[0].antecedent, b[1].antecedent);
    }

    #[test]
    fn unparsable_references_are_located_errors() {
        let reference =
            "property a; p |=> x == y; endproperty\nproperty b; p + q |=> z == w; endproperty";
        let e = reference_behaviors(reference).unwrap_err();
        assert_eq!((e.line, e.column), (2, 15));
        assert!(
            e.message.starts_with("reference property 2 (at 2:1): "),
            "{e}"
        );
        assert!(e.to_string().starts_with("2:15: "), "{e}");
        let e = reference_behaviors("property a; p |=> x == y;").unwrap_err();
        assert!(e.message.contains("no `endproperty`"), "{e}");
        let e = reference_behaviors("  // nothing\n").unwrap_err();
        assert_eq!(e.message, "the reference holds no property declaration");
        let e = reference_behaviors("Note: property a; p |=> x == y; endproperty").unwrap_err();
        assert!(e.message.contains("a strict reference holds only"), "{e}");
    }
}
