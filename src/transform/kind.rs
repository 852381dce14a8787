//! The names of the rewrites: `T1`, `T2`, `T3`.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// One semantics-preserving rewrite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Kind {
    /// Operand reordering of top-level `&&`/`||` chains.
    T1,
    /// Identifier renaming.
    T2,
    /// Redundant parentheses.
    T3,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::T1, Kind::T2, Kind::T3];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::T1 => "T1",
            Kind::T2 => "T2",
            Kind::T3 => "T3",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not `T1`, `T2` or `T3`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown transformation `{0}`: expected T1, T2 or T3")]
pub struct UnknownKind(pub String);

impl FromStr for Kind {
    type Err = UnknownKind;

    fn from_str(s: &str) -> Result<Kind, UnknownKind> {
        match s.trim().to_ascii_uppercase().as_str() {
            "T1" => Ok(Kind::T1),
            "T2" => Ok(Kind::T2),
            "T3" => Ok(Kind::T3),
            _ => Err(UnknownKind(s.to_string())),
        }
    }
}

/// A comma-separated list (`T1,T2,T3`), in the given order, without repeats.
pub fn parse_kinds(list: &str) -> Result<Vec<Kind>, UnknownKind> {
    let mut out: Vec<Kind> = Vec::new();
    for part in list.split(',').filter(|p| !p.trim().is_empty()) {
        let kind: Kind = part.parse()?;
        if !out.contains(&kind) {
            out.push(kind);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lists_and_names_the_bad_one() {
        assert_eq!(parse_kinds("T3, t1,T3").unwrap(), vec![Kind::T3, Kind::T1]);
        let e = parse_kinds("T1,T4").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown transformation `T4`: expected T1, T2 or T3"
        );
    }
}
