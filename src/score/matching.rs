//! Matching properties to behaviors (SCORING.md §4): by equality on canonical text in
//! either orientation (under two-state semantics a constant operand by its value);
//! repeats of one equality (the same `x = y` under several paths, or both `p = q` and
//! `q = p`) take the properties by meaning, the assignment that makes the most of them
//! correct; `wrong-consequent` and `missing-property` when nothing matches.

use std::borrow::Cow;

use super::behavior::Behavior;
use crate::sva::{Declaration, Equality};

/// What one behavior is matched with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Match {
    /// The declarations (indices, in output order) charged to the behavior.
    Properties(Vec<usize>),
    /// Nothing asserts the behavior; one declaration equates its `lhs` to something
    /// that is not a behavior of the program.
    WrongConsequent { declaration: usize, found: Equality },
    /// Nothing asserts the behavior; the reason says what was looked for.
    Missing(String),
}

/// What matching needs to know besides the behaviors and declarations.
pub struct Context<'a> {
    /// Compare constant operands by value (two-state semantics).
    pub by_value: bool,
    /// The text of each declaration (verbatim duplicates are charged together).
    pub texts: &'a [&'a str],
    /// Whether declaration `i` mentions the identifier `name` anywhere.
    pub mentions: &'a dyn Fn(usize, &str) -> bool,
}

/// How an operand is compared: its text, or under two-state semantics its value:
/// `#VALUE` for a constant (`4'hA` and `4'd10` are one operand), and for a compound
/// operand its structure with commutative operands in order (`1 + y` and `y + 1` are
/// one operand; `sva::operand::value_key`).
fn key(text: &str, by_value: bool) -> Cow<'_, str> {
    if !by_value {
        return Cow::Borrowed(text);
    }
    if let Some(v) = crate::logic::constant::constant_value(text) {
        return Cow::Owned(format!("#{v}"));
    }
    // A single identifier (the usual operand) is its own key.
    if text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Cow::Borrowed(text);
    }
    let tokens = crate::text::token::tokenize(text);
    match tokens.len() > 1 {
        true => {
            crate::sva::operand::value_key(text, &tokens).map_or(Cow::Borrowed(text), Cow::Owned)
        }
        false => Cow::Borrowed(text),
    }
}

/// An equality in either orientation, as compared.
fn pair<'a>(lhs: &'a str, rhs: &'a str, by_value: bool) -> (Cow<'a, str>, Cow<'a, str>) {
    let (l, r) = (key(lhs, by_value), key(rhs, by_value));
    if l <= r { (l, r) } else { (r, l) }
}

/// Matches every behavior with the declarations of one output. `correct(d, b)`:
/// whether declaration `d` makes behavior `b` correct (its contract and antecedent);
/// asked only for repeated equalities.
pub fn match_behaviors(
    behaviors: &[Behavior],
    declarations: &[Declaration],
    context: &Context,
    correct: &mut dyn FnMut(usize, usize) -> bool,
) -> Vec<Match> {
    let by_value = context.by_value;
    let pairs: Vec<_> = behaviors
        .iter()
        .map(|b| pair(&b.lhs, &b.rhs, by_value))
        .collect();
    let lhs_keys: Vec<_> = behaviors.iter().map(|b| key(&b.lhs, by_value)).collect();
    // Each property's consequent equalities as compared, keyed once for all behaviors.
    let consequent_pairs: Vec<Vec<_>> = declarations
        .iter()
        .map(|d| match d {
            Declaration::Property(p) => p
                .consequent
                .iter()
                .map(|e| pair(&e.lhs, &e.rhs, by_value))
                .collect(),
            Declaration::Malformed(_) => Vec::new(),
        })
        .collect();
    let mut out: Vec<Option<Match>> = vec![None; behaviors.len()];
    for first in 0..behaviors.len() {
        if out[first].is_some() {
            continue;
        }
        // The behaviors with this equality, in reading order.
        let group: Vec<usize> = (first..behaviors.len())
            .filter(|&b| pairs[b] == pairs[first])
            .collect();
        let names_lhs = |e: &Equality| {
            group.iter().any(|&b| {
                key(&e.lhs, by_value) == lhs_keys[b] || key(&e.rhs, by_value) == lhs_keys[b]
            })
        };
        let candidates: Vec<usize> = declarations
            .iter()
            .enumerate()
            .filter(|(i, d)| match d {
                Declaration::Property(_) => consequent_pairs[*i].contains(&pairs[first]),
                // §2: a malformed declaration counts for every behavior whose lhs it
                // names in an equality, on either side.
                Declaration::Malformed(m) => m.named.iter().any(names_lhs),
            })
            .map(|(i, _)| i)
            .collect();
        let assigned = if group.len() == 1 {
            vec![candidates.clone()]
        } else {
            assign(&group, &candidates, context.texts, correct)
        };
        for (k, &b) in group.iter().enumerate() {
            out[b] = Some(if !assigned[k].is_empty() {
                Match::Properties(assigned[k].clone())
            } else if !candidates.is_empty() {
                let eq = format!("{} == {}", behaviors[b].lhs, behaviors[b].rhs);
                Match::Missing(format!(
                    "the {} properties about {eq} are charged to the other {} behaviors \
                     with this equality, whose antecedents they match; none is left for \
                     this one (behavior {} of {} in reading order)",
                    candidates.len(),
                    group.len() - 1,
                    k + 1,
                    group.len()
                ))
            } else {
                missing_or_wrong(behaviors, b, declarations, context)
            });
        }
    }
    out.into_iter()
        .map(|m| m.unwrap_or_else(|| Match::Missing(String::new())))
        .collect()
}

/// The properties of each behavior of a group of repeats (`group`, reading order),
/// out of `candidates` (output order): the assignment that makes the most behaviors
/// correct. A behavior is correct when it gets at least one property and all of its
/// properties are correct for it; every candidate is charged to one behavior.
///
/// Verbatim duplicates go with their first copy. The others: a maximum matching of
/// behaviors to distinct properties correct for them (behaviors in reading order, each
/// trying properties in output order, with augmenting paths), then every property
/// left goes to the first matched behavior it is correct for; the rest (correct for
/// none of them) to the unmatched behaviors, in order, the last taking what remains.
/// When every behavior is matched but some property is correct for none, the last
/// matched behavior takes those. This maximises the number of correct behaviors.
fn assign(
    group: &[usize],
    candidates: &[usize],
    texts: &[&str],
    correct: &mut dyn FnMut(usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let n = group.len();
    // The first copy of each verbatim duplicate.
    let original: Vec<usize> = candidates
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            candidates[..k]
                .iter()
                .position(|&e| texts[e] == texts[c])
                .unwrap_or(k)
        })
        .collect();
    let unique: Vec<usize> = (0..candidates.len())
        .filter(|&k| original[k] == k)
        .collect();
    // ok[u][b]: unique candidate u is correct for group member b.
    let ok: Vec<Vec<bool>> = unique
        .iter()
        .map(|&k| group.iter().map(|&b| correct(candidates[k], b)).collect())
        .collect();
    // Maximum matching, behaviors in reading order (Kuhn's augmenting paths).
    let mut owner: Vec<Option<usize>> = vec![None; unique.len()];
    let mut matched: Vec<Option<usize>> = vec![None; n];
    for b in 0..n {
        let mut seen = vec![false; unique.len()];
        augment(b, &ok, &mut seen, &mut owner, &mut matched);
    }
    let mut to: Vec<Option<usize>> = vec![None; unique.len()];
    for (u, o) in owner.iter().enumerate() {
        to[u] = *o;
    }
    let mut wrong: Vec<usize> = (0..n).filter(|&b| matched[b].is_none()).collect();
    let correct_for_none = (0..unique.len()).any(|u| !ok[u].iter().any(|&x| x));
    if wrong.is_empty() && correct_for_none {
        wrong.push(n - 1);
    }
    let mut spill = 0;
    for u in 0..unique.len() {
        if to[u].is_some() {
            continue;
        }
        let home = (0..n).find(|&b| ok[u][b] && !wrong.contains(&b));
        to[u] = Some(home.unwrap_or_else(|| {
            let b = wrong[spill.min(wrong.len() - 1)];
            spill += 1;
            b
        }));
    }
    let mut out = vec![Vec::new(); n];
    for (k, &c) in candidates.iter().enumerate() {
        let u = unique.iter().position(|&x| x == original[k]).unwrap_or(0);
        if let Some(b) = to[u] {
            out[b].push(c);
        }
    }
    out
}

/// One augmenting path from behavior `b` (Kuhn's algorithm).
fn augment(
    b: usize,
    ok: &[Vec<bool>],
    seen: &mut [bool],
    owner: &mut [Option<usize>],
    matched: &mut [Option<usize>],
) -> bool {
    for u in 0..ok.len() {
        if !ok[u][b] || seen[u] {
            continue;
        }
        seen[u] = true;
        let free = match owner[u] {
            None => true,
            Some(other) => augment(other, ok, seen, owner, matched),
        };
        if free {
            owner[u] = Some(b);
            matched[b] = Some(u);
            return true;
        }
    }
    false
}

/// No declaration asserts behavior `b`: `wrong-consequent` when one equates its lhs to
/// something that is not itself a behavior of the program, else `missing-property`.
fn missing_or_wrong(
    behaviors: &[Behavior],
    b: usize,
    declarations: &[Declaration],
    context: &Context,
) -> Match {
    let by_value = context.by_value;
    let behavior = &behaviors[b];
    let eq = format!("{} == {}", behavior.lhs, behavior.rhs);
    let lhs = key(&behavior.lhs, by_value);
    let is_behavior = |e: &Equality| {
        let p = pair(&e.lhs, &e.rhs, by_value);
        behaviors
            .iter()
            .any(|o| pair(&o.lhs, &o.rhs, by_value) == p)
    };
    let mut other_behavior = None;
    for (i, d) in declarations.iter().enumerate() {
        let Declaration::Property(p) = d else {
            continue;
        };
        for e in &p.consequent {
            let found = if key(&e.lhs, by_value) == lhs {
                e.clone()
            } else if key(&e.rhs, by_value) == lhs {
                Equality {
                    lhs: e.rhs.clone(),
                    rhs: e.lhs.clone(),
                }
            } else {
                continue;
            };
            // Equalities compare in either orientation (§4): `x == lhs` is another
            // behavior when the program has (x, lhs) as well as (lhs, x).
            if is_behavior(&found) {
                other_behavior.get_or_insert((i, found));
            } else {
                return Match::WrongConsequent {
                    declaration: i,
                    found,
                };
            }
        }
    }
    if let Some((i, found)) = other_behavior {
        return Match::Missing(format!(
            "no property asserts {eq}; `{}` asserts {found}, another behavior of the program",
            declarations[i].name().unwrap_or("?")
        ));
    }
    let lhs = &behavior.lhs;
    match (0..declarations.len()).find(|&i| (context.mentions)(i, lhs)) {
        Some(i) => Match::Missing(format!(
            "no property asserts {eq}; `{}` mentions `{lhs}` but in no equality of its consequent",
            declarations[i].name().unwrap_or("?")
        )),
        None => Match::Missing(format!("no property asserts {eq} or mentions `{lhs}`")),
    }
}
