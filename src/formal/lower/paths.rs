//! Sequences as finite sets of paths. Every sequence of the lowered subset (Booleans,
//! `##N`, `##[M:N]`, `[*M:N]`, `or`, `throughout`) matches along one of finitely many
//! fixed-length paths: a path lists, for each clock tick from the start of the match,
//! the Booleans that must hold then (none: any values). `a ##[1:2] b` is the two paths
//! `[a][b]` and `[a][][b]`.

use super::super::property::Seq;
use super::super::property::ast::Expr;

/// Most alternatives one sequence may expand to.
pub const MAX_PATHS: usize = 1024;
/// Most clock ticks one path may span.
pub const MAX_LENGTH: usize = 512;

/// One way a sequence matches: the Booleans required at each tick, from its start.
pub type Path<'a> = Vec<Vec<&'a Expr>>;

/// The paths of a sequence, or a message when it expands beyond the limits.
pub fn paths(seq: &Seq) -> Result<Vec<Path<'_>>, String> {
    let out = match seq {
        Seq::Bool(e) => vec![vec![vec![e]]],
        Seq::Delay { lhs, min, max, rhs } => {
            let rhs = paths(rhs)?;
            let lhs = match lhs {
                Some(l) => paths(l)?,
                // `##N s` at the start: the first tick is the start of the match.
                None => vec![vec![vec![]]],
            };
            let mut out = Vec::new();
            for l in &lhs {
                for d in *min..=*max {
                    for r in &rhs {
                        out.push(concat(l, d as usize, r));
                        check(&out)?;
                    }
                }
            }
            out
        }
        Seq::Repeat { seq, min, max } => {
            let one = paths(seq)?;
            let mut out = Vec::new();
            let mut acc = one.clone();
            for k in 1..=*max {
                if k >= *min {
                    out.extend(acc.iter().cloned());
                    check(&out)?;
                }
                if k < *max {
                    let mut next = Vec::new();
                    for a in &acc {
                        for o in &one {
                            next.push(concat(a, 1, o));
                            check(&next)?;
                        }
                    }
                    acc = next;
                }
            }
            out
        }
        Seq::Or(a, b) => {
            let mut out = paths(a)?;
            out.extend(paths(b)?);
            check(&out)?;
            out
        }
        Seq::Throughout(e, s) => {
            let mut out = paths(s)?;
            for p in &mut out {
                for tick in p.iter_mut() {
                    tick.push(e);
                }
            }
            out
        }
    };
    let mut out = out;
    dedup(&mut out);
    Ok(out)
}

/// `l ##d r`: `r` starts `d` ticks after the last tick of `l` (on it when `d` is 0).
fn concat<'a>(l: &Path<'a>, d: usize, r: &Path<'a>) -> Path<'a> {
    let mut out = l.clone();
    if d == 0 {
        let last = out.len() - 1;
        out[last].extend(r[0].iter().copied());
        out.extend(r[1..].iter().cloned());
    } else {
        out.extend(std::iter::repeat_n(Vec::new(), d - 1));
        out.extend(r.iter().cloned());
    }
    out
}

fn check(paths: &[Path]) -> Result<(), String> {
    if paths.len() > MAX_PATHS {
        return Err(format!(
            "the sequence has more than {MAX_PATHS} alternative timings"
        ));
    }
    if let Some(p) = paths.iter().find(|p| p.len() > MAX_LENGTH) {
        return Err(format!(
            "the sequence spans {} clock ticks (more than {MAX_LENGTH})",
            p.len()
        ));
    }
    Ok(())
}

fn dedup(paths: &mut Vec<Path>) {
    let mut seen = Vec::new();
    paths.retain(|p| {
        let key: Vec<Vec<*const Expr>> = p
            .iter()
            .map(|t| t.iter().map(|e| *e as *const Expr).collect())
            .collect();
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
}

#[cfg(test)]
mod tests {
    use super::super::super::property::Prop;
    use super::super::super::property::prop::parse_property;
    use super::*;
    use crate::text::token::tokenize;

    /// The paths of the antecedent of `text`, with Booleans by their text.
    fn shape(text: &str) -> Vec<String> {
        let toks = tokenize(text);
        let spec = parse_property(text, &toks, text.len(), &Default::default(), None).unwrap();
        let Prop::Implies { ante, .. } = &spec.body else {
            panic!()
        };
        paths(ante)
            .unwrap()
            .iter()
            .map(|p| {
                p.iter()
                    .map(|t| {
                        let names: Vec<&str> =
                            t.iter().map(|e| &text[e.span.start..e.span.end]).collect();
                        format!("[{}]", names.join("&"))
                    })
                    .collect::<String>()
            })
            .collect()
    }

    #[test]
    fn expands_delays_repetitions_and_alternatives() {
        assert_eq!(shape("a ##[1:2] b |-> c"), ["[a][b]", "[a][][b]"]);
        assert_eq!(shape("##2 a ##0 b |-> c"), ["[][][a&b]"]);
        assert_eq!(shape("a[*1:2] |-> c"), ["[a]", "[a][a]"]);
        assert_eq!(shape("(a or b) ##1 c |-> d"), ["[a][c]", "[b][c]"]);
        assert_eq!(shape("e throughout (a ##1 b) |-> d"), ["[a&e][b&e]"]);
    }

    #[test]
    fn refuses_sequences_beyond_the_limits() {
        let text = "a ##[0:200] b ##[0:200] c |-> d";
        let toks = tokenize(text);
        let spec = parse_property(text, &toks, text.len(), &Default::default(), None).unwrap();
        let Prop::Implies { ante, .. } = &spec.body else {
            panic!()
        };
        assert!(paths(ante).unwrap_err().contains("alternative timings"));
    }
}
