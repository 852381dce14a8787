//! A program's reference text read as behaviors (`lhs == rhs` under an antecedent),
//! with the repairs the reference dialect allows. Any malformed declaration makes the
//! whole reference unreadable: its program is a reference error of the audit.

use super::compare::ReferenceBehavior;
use crate::sva::{Declaration, Dialect, Mode, extract, parse_declaration};

/// The behaviors of a reference text, or `line:column: reason` of its first problem.
pub fn read_reference(text: &str) -> Result<Vec<ReferenceBehavior>, String> {
    let extraction = extract(text, Mode::Lenient);
    if extraction.declarations.is_empty() {
        return Err("1:1: no `property NAME; ... endproperty` declaration in the reference".into());
    }
    let mut out = Vec::new();
    for raw in &extraction.declarations {
        match parse_declaration(text, raw, Dialect::Reference) {
            Declaration::Property(p) => {
                out.extend(p.consequent.iter().map(|eq| ReferenceBehavior {
                    lhs: eq.lhs.clone(),
                    rhs: eq.rhs.clone(),
                    antecedent: p.antecedent.clone(),
                }))
            }
            Declaration::Malformed(m) => return Err(m.reason),
        }
    }
    Ok(out)
}
