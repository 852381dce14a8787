//! Expressions compiled for the truth-table fast path: each atom occurrence resolved
//! once to a variable number (at most `MAX_ATOMS` variables), the tree flattened
//! to postfix operations, and evaluation on one flat stack of table words, so that a
//! table costs no allocation per node and no atom comparison per occurrence.

use super::expr::{Atom, Expr};

/// Most atoms the bit-parallel path handles: 2^12 assignments are 64 words per node.
pub(crate) const MAX_ATOMS: usize = 12;

/// One postfix operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Const(bool),
    Var(u8),
    /// An occurrence of an atom outside a fixed index: false (but flippable).
    Absent,
    Not,
    /// `&&` of the top `n` tables.
    And(u32),
    /// `||` of the top `n` tables.
    Or(u32),
}

/// An expression over numbered variables, in postfix order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Compiled {
    ops: Vec<Op>,
    /// The variable of each atom occurrence, left to right as printed.
    occurrences: Vec<u8>,
}

impl Compiled {
    fn with_capacity(n: usize) -> Compiled {
        Compiled {
            ops: Vec::with_capacity(2 * n),
            occurrences: Vec::with_capacity(n),
        }
    }

    /// Compiles `e`, numbering its atoms by their place in `index` and appending the
    /// ones not there yet; `None` once `index` would exceed `MAX_ATOMS`.
    pub fn extending<'a>(e: &'a Expr, index: &mut Vec<&'a Atom>) -> Option<Compiled> {
        let mut out = Compiled::with_capacity(16);
        out.push(e, &mut |a| match index.iter().position(|x| *x == a) {
            Some(i) => Some(Some(i)),
            None if index.len() < MAX_ATOMS => {
                index.push(a);
                Some(Some(index.len() - 1))
            }
            None => None,
        })?;
        Some(out)
    }

    /// Compiles `e` over a fixed `index`; atoms outside it are false.
    pub fn over(e: &Expr, index: &[&Atom]) -> Compiled {
        let mut out = Compiled::with_capacity(16);
        let resolved = out.push(e, &mut |a| Some(index.iter().position(|x| *x == a)));
        debug_assert!(resolved.is_some());
        out
    }

    /// `var(atom)`: `Some(Some(i))` for variable `i`, `Some(None)` for an atom read as
    /// false, `None` to give up.
    fn push<'a>(
        &mut self,
        e: &'a Expr,
        var: &mut dyn FnMut(&'a Atom) -> Option<Option<usize>>,
    ) -> Option<()> {
        match e {
            Expr::Const(b) => self.ops.push(Op::Const(*b)),
            Expr::Atom(a) => match var(a)? {
                Some(i) => {
                    let i = u8::try_from(i).ok()?;
                    self.ops.push(Op::Var(i));
                    self.occurrences.push(i);
                }
                None => {
                    self.ops.push(Op::Absent);
                    self.occurrences.push(u8::MAX);
                }
            },
            Expr::Not(x) => {
                self.push(x, var)?;
                self.ops.push(Op::Not);
            }
            Expr::And(v) | Expr::Or(v) => {
                for x in v {
                    self.push(x, var)?;
                }
                let n = u32::try_from(v.len()).ok()?;
                self.ops.push(if matches!(e, Expr::And(_)) {
                    Op::And(n)
                } else {
                    Op::Or(n)
                });
            }
        }
        Some(())
    }

    /// The variable of each atom occurrence, left to right (`u8::MAX` for an atom
    /// outside a fixed index).
    pub fn occurrences(&self) -> &[u8] {
        &self.occurrences
    }

    /// The distinct variables, in order of first appearance.
    pub fn vars_in_order(&self) -> Vec<u8> {
        let mut seen = 0u64;
        let mut out = Vec::new();
        for &v in &self.occurrences {
            if v != u8::MAX && seen >> v & 1 == 0 {
                seen |= 1 << v;
                out.push(v);
            }
        }
        out
    }

    /// The set of variables as a bit mask.
    pub fn var_mask(&self) -> u64 {
        self.occurrences
            .iter()
            .filter(|&&v| v != u8::MAX)
            .fold(0, |m, &v| m | 1 << v)
    }
}

/// The truth table of variable `i` within one 64-assignment word.
pub(crate) const PATTERNS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// The size of the tables over `n` variables: `words` 64-bit words, of which `mask`
/// selects the bits that are assignments (fewer than 64 below 6 variables).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub words: usize,
    pub mask: u64,
}

impl Shape {
    pub fn new(n: usize) -> Shape {
        Shape {
            words: if n <= 6 { 1 } else { 1 << (n - 6) },
            mask: if n >= 6 {
                u64::MAX
            } else {
                (1u64 << (1u32 << n)) - 1
            },
        }
    }

    /// Word `w` of the table of variable `i`.
    pub(crate) fn var_word(i: u8, w: usize) -> u64 {
        match PATTERNS.get(usize::from(i)) {
            Some(&p) => p,
            None if w >> (i - 6) & 1 == 1 => u64::MAX,
            None => 0,
        }
    }

    /// Appends to `out` the table of `c` with occurrence `flip` (0-based, left to
    /// right; `usize::MAX` for none) negated. `stack` is scratch space, left empty.
    pub fn eval_into(self, c: &Compiled, flip: usize, stack: &mut Vec<u64>, out: &mut Vec<u64>) {
        let words = self.words;
        stack.clear();
        let mut occurrence = 0;
        for &op in &c.ops {
            match op {
                Op::Const(b) => {
                    let value = if b { self.mask } else { 0 };
                    stack.extend(std::iter::repeat_n(value, words));
                }
                Op::Absent => {
                    let value = if occurrence == flip { u64::MAX } else { 0 };
                    occurrence += 1;
                    stack.extend(std::iter::repeat_n(value, words));
                }
                Op::Var(i) => {
                    let negate = if occurrence == flip { u64::MAX } else { 0 };
                    occurrence += 1;
                    stack.extend((0..words).map(|w| Shape::var_word(i, w) ^ negate));
                }
                Op::Not => {
                    let top = stack.len() - words;
                    stack[top..].iter_mut().for_each(|x| *x = !*x);
                }
                Op::And(n) | Op::Or(n) => {
                    let n = n as usize;
                    let is_and = matches!(op, Op::And(_));
                    if n == 0 {
                        let value = if is_and { u64::MAX } else { 0 };
                        stack.extend(std::iter::repeat_n(value, words));
                        continue;
                    }
                    let base = stack.len() - n * words;
                    let (acc, rest) = stack[base..].split_at_mut(words);
                    for operand in rest.chunks_exact(words) {
                        for (a, b) in acc.iter_mut().zip(operand) {
                            if is_and {
                                *a &= b;
                            } else {
                                *a |= b;
                            }
                        }
                    }
                    stack.truncate(base + words);
                }
            }
        }
        out.extend_from_slice(&stack[stack.len() - words..]);
        stack.clear();
    }

    /// Whether two tables agree on every assignment `valid` allows (`None`: all).
    pub fn same(self, a: &[u64], b: &[u64], valid: Option<&[u64]>) -> bool {
        match valid {
            None => a.iter().zip(b).all(|(x, y)| (x ^ y) & self.mask == 0),
            Some(d) => a
                .iter()
                .zip(b)
                .zip(d)
                .all(|((x, y), d)| (x ^ y) & d & self.mask == 0),
        }
    }

    /// Whether every assignment `valid` allows that makes `a` true makes `b` true.
    pub fn implies(self, a: &[u64], b: &[u64], valid: Option<&[u64]>) -> bool {
        match valid {
            None => a.iter().zip(b).all(|(x, y)| x & !y & self.mask == 0),
            Some(d) => a
                .iter()
                .zip(b)
                .zip(d)
                .all(|((x, y), d)| x & !y & d & self.mask == 0),
        }
    }

    /// The first assignment `valid` allows (as a row number) that makes `t` true.
    pub fn first_true(self, t: &[u64], valid: Option<&[u64]>) -> Option<usize> {
        t.iter().enumerate().find_map(|(w, &bits)| {
            let bits = bits & self.mask & valid.map_or(u64::MAX, |d| d[w]);
            (bits != 0).then(|| w * 64 + bits.trailing_zeros() as usize)
        })
    }

    /// `t` with variable `i` negated wherever it occurs: the value under each
    /// assignment is that of `t` under the same assignment with variable `i` flipped.
    pub fn flip_var(self, t: &[u64], i: usize) -> Vec<u64> {
        match PATTERNS.get(i) {
            Some(&p) => {
                let s = 1u32 << i;
                t.iter()
                    .map(|&w| ((w & p) >> s) | ((w & !p) << s))
                    .collect()
            }
            None => {
                let stride = 1usize << (i - 6);
                (0..self.words).map(|w| t[w ^ stride]).collect()
            }
        }
    }
}

/// The value of table `t` under assignment `row`.
pub(crate) fn value(t: &[u64], row: usize) -> bool {
    t.get(row / 64).is_some_and(|w| w >> (row % 64) & 1 == 1)
}
