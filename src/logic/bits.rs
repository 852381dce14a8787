//! The fast path for few atoms: bit-parallel truth tables (one bit per assignment,
//! 64 assignments per word) for up to `MAX_ATOMS` atoms. Exact, like the BDD path.

use std::collections::HashMap;

use super::expr::{Atom, Expr};

/// Most atoms handled here: 2^12 assignments are 64 words per node.
pub(crate) const MAX_ATOMS: usize = 12;

/// Whether `a` implies `b` and whether `b` implies `a`, for canonical forms with at
/// most `MAX_ATOMS` atoms between them; `None` when there are more.
pub(crate) fn implications(a: &Expr, b: &Expr) -> Option<(bool, bool)> {
    let mut index: HashMap<&Atom, usize> = HashMap::new();
    for e in [a, b] {
        if !collect(e, &mut index) {
            return None;
        }
    }
    let n = index.len();
    let words = if n <= 6 { 1 } else { 1 << (n - 6) };
    let mask = if n >= 6 {
        u64::MAX
    } else {
        (1u64 << (1u32 << n)) - 1
    };
    let table = Table { index, words, mask };
    let (ta, tb) = (table.eval(a), table.eval(b));
    let a_to_b = ta.iter().zip(&tb).all(|(x, y)| x & !y & mask == 0);
    let b_to_a = ta.iter().zip(&tb).all(|(x, y)| y & !x & mask == 0);
    Some((a_to_b, b_to_a))
}

/// Adds the atoms of `e` to `index`; false once there are more than `MAX_ATOMS`.
fn collect<'a>(e: &'a Expr, index: &mut HashMap<&'a Atom, usize>) -> bool {
    match e {
        Expr::Const(_) => true,
        Expr::Atom(a) => {
            let next = index.len();
            index.entry(a).or_insert(next);
            index.len() <= MAX_ATOMS
        }
        Expr::Not(x) => collect(x, index),
        Expr::And(v) | Expr::Or(v) => v.iter().all(|x| collect(x, index)),
    }
}

struct Table<'a> {
    index: HashMap<&'a Atom, usize>,
    words: usize,
    mask: u64,
}

/// The truth table of variable `i` within one 64-assignment word.
const PATTERNS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

impl Table<'_> {
    fn eval(&self, e: &Expr) -> Vec<u64> {
        match e {
            Expr::Const(b) => vec![if *b { self.mask } else { 0 }; self.words],
            Expr::Atom(a) => {
                let i = self.index.get(a).copied().unwrap_or(0);
                (0..self.words)
                    .map(|w| match PATTERNS.get(i) {
                        Some(&p) => p,
                        None if w >> (i - 6) & 1 == 1 => u64::MAX,
                        None => 0,
                    })
                    .collect()
            }
            Expr::Not(x) => self.eval(x).into_iter().map(|w| !w).collect(),
            Expr::And(v) => {
                let mut acc = vec![u64::MAX; self.words];
                for x in v {
                    acc.iter_mut().zip(self.eval(x)).for_each(|(a, b)| *a &= b);
                }
                acc
            }
            Expr::Or(v) => {
                let mut acc = vec![0; self.words];
                for x in v {
                    acc.iter_mut().zip(self.eval(x)).for_each(|(a, b)| *a |= b);
                }
                acc
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{canonical, parse_expr};

    fn imp(a: &str, b: &str) -> Option<(bool, bool)> {
        let (a, b) = (
            canonical(&parse_expr(a).unwrap()),
            canonical(&parse_expr(b).unwrap()),
        );
        implications(&a, &b)
    }

    #[test]
    fn decides_small_cases() {
        assert_eq!(imp("a && b", "a"), Some((true, false)));
        assert_eq!(imp("!(a && b)", "!a || !b"), Some((true, true)));
        assert_eq!(imp("1", "0"), Some((false, true)));
        assert_eq!(imp("a || !a", "1"), Some((true, true)));
    }

    #[test]
    fn uses_high_variables_across_words() {
        let names: Vec<String> = (0..12).map(|i| format!("s{i}")).collect();
        let all = names.join(" && ");
        let most = names[..11].join(" && ");
        assert_eq!(imp(&all, &most), Some((true, false)));
        assert_eq!(imp(&format!("{all} || s11"), "s11"), Some((true, true)));
        assert_eq!(imp(&format!("{all} && s12"), &most), None);
    }
}
