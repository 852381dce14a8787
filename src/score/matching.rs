//! Matching properties to behaviors (SCORING.md §4): by equality on canonical text in
//! either orientation; repeats of one (lhs, rhs) paired with matching properties in
//! reading order; `wrong-consequent` and `missing-property` when nothing matches.

use super::behavior::Behavior;
use crate::sva::{Declaration, Equality};

/// The program's behaviors as (lhs, rhs) pairs. Programs have a handful of behaviors,
/// so a linear scan beats hashing.
struct Program<'b>(Vec<(&'b str, &'b str)>);

impl Program<'_> {
    fn contains(&self, lhs: &str, rhs: &str) -> bool {
        self.0.iter().any(|&(l, r)| l == lhs && r == rhs)
    }
}

/// What one behavior is matched with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Match {
    /// The declarations (indices, in output order) that assert the behavior; for a
    /// malformed declaration, that name its `lhs`.
    Properties(Vec<usize>),
    /// Nothing asserts the behavior; one declaration equates its `lhs` to something
    /// that is not a behavior of the program.
    WrongConsequent { declaration: usize, found: Equality },
    /// Nothing asserts the behavior; the reason says what was looked for.
    Missing(String),
}

/// Whether `declaration` asserts (lhs, rhs): one of its equalities is `lhs == rhs`, or
/// `rhs == lhs` when that is not itself a behavior of the program (VERT has programs
/// with both `a = b` and `b = a`: each property then belongs to its own behavior). A
/// malformed declaration counts when one of the equalities it names has `lhs` on
/// either side.
/// `reversed_ok`: `rhs == lhs` is not itself a behavior of the program.
fn asserts(declaration: &Declaration, lhs: &str, rhs: &str, reversed_ok: bool) -> bool {
    let reversed = |e: &Equality| reversed_ok && e.lhs == rhs && e.rhs == lhs;
    match declaration {
        Declaration::Property(p) => p
            .consequent
            .iter()
            .any(|e| (e.lhs == lhs && e.rhs == rhs) || reversed(e)),
        // §2: a malformed declaration counts for every behavior whose lhs it names in
        // an equality, on either side.
        Declaration::Malformed(m) => m.named.iter().any(|e| e.lhs == lhs || e.rhs == lhs),
    }
}

/// Matches every behavior with the declarations of one output.
pub fn match_behaviors(behaviors: &[Behavior], declarations: &[Declaration]) -> Vec<Match> {
    let program = Program(
        behaviors
            .iter()
            .map(|b| (b.lhs.as_str(), b.rhs.as_str()))
            .collect(),
    );
    behaviors
        .iter()
        .enumerate()
        .map(|(index, b)| {
            let key = (b.lhs.as_str(), b.rhs.as_str());
            // This is repeat k (0-based) of n behaviors with the same (lhs, rhs).
            let k = program.0[..index].iter().filter(|&&p| p == key).count();
            let n = k + program.0[index..].iter().filter(|&&p| p == key).count();
            let reversed_ok = !program.contains(&b.rhs, &b.lhs);
            let matching: Vec<usize> = declarations
                .iter()
                .enumerate()
                .filter(|(_, d)| asserts(d, &b.lhs, &b.rhs, reversed_ok))
                .map(|(i, _)| i)
                .collect();
            // Behavior k of n takes the k-th matching property; the last takes the rest.
            if n == 1 && !matching.is_empty() {
                return Match::Properties(matching);
            }
            let mine: Vec<usize> = if n == 1 {
                Vec::new()
            } else if k + 1 < n {
                matching.get(k).copied().into_iter().collect()
            } else {
                matching.iter().skip(k).copied().collect()
            };
            if !mine.is_empty() {
                return Match::Properties(mine);
            }
            let eq = format!("{} == {}", b.lhs, b.rhs);
            if !matching.is_empty() {
                return Match::Missing(format!(
                    "{} properties assert {eq}, but the program has {n} behaviors {eq}; this is behavior {} in reading order",
                    matching.len(),
                    k + 1
                ));
            }
            missing_or_wrong(b, declarations, &program, &eq)
        })
        .collect()
}

/// No declaration asserts `b`: `wrong-consequent` when one equates `b.lhs` to something
/// that is not itself a behavior of the program, else `missing-property`.
fn missing_or_wrong(
    b: &Behavior,
    declarations: &[Declaration],
    program: &Program,
    eq: &str,
) -> Match {
    let mut other_behavior = None;
    for (i, d) in declarations.iter().enumerate() {
        let Declaration::Property(p) = d else {
            continue;
        };
        for e in &p.consequent {
            let found = if e.lhs == b.lhs {
                Equality {
                    lhs: e.lhs.clone(),
                    rhs: e.rhs.clone(),
                }
            } else if e.rhs == b.lhs {
                Equality {
                    lhs: e.rhs.clone(),
                    rhs: e.lhs.clone(),
                }
            } else {
                continue;
            };
            // Equalities compare in either orientation (§4): `x == lhs` is another
            // behavior when the program has (x, lhs) as well as (lhs, x).
            if program.contains(&found.lhs, &found.rhs) || program.contains(&found.rhs, &found.lhs)
            {
                other_behavior.get_or_insert((i, found));
            } else {
                return Match::WrongConsequent {
                    declaration: i,
                    found,
                };
            }
        }
    }
    match other_behavior {
        Some((i, found)) => Match::Missing(format!(
            "no property asserts {eq}; `{}` asserts {found}, another behavior of the program",
            declarations[i].name().unwrap_or("?")
        )),
        None => Match::Missing(format!("no property asserts {eq} or names `{}`", b.lhs)),
    }
}
