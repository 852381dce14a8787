//! The bridge to binary decision diagrams: atoms of canonical expressions become BDD
//! variables in order of first appearance, expressions become `Bdd`s.

use std::collections::HashMap;

use biodivine_lib_bdd::{Bdd, BddPointer, BddValuation, BddVariable, BddVariableSet};

use super::domain::Domain;
use super::expr::{Atom, Expr};
use super::semantics::Semantics;

/// The variables shared by a few expressions, and the assignments of them the
/// semantics allows.
pub(crate) struct Space {
    atoms: Vec<Atom>,
    index: HashMap<Atom, usize>,
    vars: BddVariableSet,
    vars_list: Vec<BddVariable>,
    valid: Option<Bdd>,
}

impl Space {
    /// A space over the atoms of `exprs`, numbered by first appearance.
    pub fn new(exprs: &[&Expr], semantics: &Semantics) -> Space {
        let mut atoms = Vec::new();
        let mut index = HashMap::new();
        for e in exprs {
            collect(e, &mut atoms, &mut index);
        }
        // biodivine numbers variables with u16; more atoms than that is not a real input.
        let count = u16::try_from(atoms.len()).unwrap_or(u16::MAX);
        let vars = BddVariableSet::new_anonymous(count);
        let vars_list = vars.variables();
        let refs: Vec<&Atom> = atoms.iter().collect();
        let valid = Domain::new(&refs, semantics).map(|d| d.bdd(&vars));
        Space {
            atoms,
            index,
            vars,
            vars_list,
            valid,
        }
    }

    /// `b` restricted to the allowed assignments.
    pub fn allowed(&self, b: Bdd) -> Bdd {
        match &self.valid {
            Some(v) => b.and(v),
            None => b,
        }
    }

    /// The allowed assignments (true when all are).
    pub fn valid(&self) -> Bdd {
        self.valid.clone().unwrap_or_else(|| self.vars.mk_true())
    }

    /// The atoms, in variable order.
    pub fn atoms(&self) -> &[Atom] {
        &self.atoms
    }

    /// The variable of an atom of the space.
    pub fn var(&self, atom: &Atom) -> Option<BddVariable> {
        self.index
            .get(atom)
            .and_then(|&i| self.vars_list.get(i).copied())
    }

    pub fn mk_false(&self) -> Bdd {
        self.vars.mk_false()
    }

    /// The BDD of an expression whose atoms all belong to the space.
    pub fn bdd(&self, e: &Expr) -> Bdd {
        match e {
            Expr::Const(true) => self.vars.mk_true(),
            Expr::Const(false) => self.vars.mk_false(),
            Expr::Atom(a) => match self.var(a) {
                Some(v) => self.vars.mk_var(v),
                // Outside the space (more than u16::MAX atoms): unknown, treated as false.
                None => self.vars.mk_false(),
            },
            Expr::Not(x) => self.bdd(x).not(),
            Expr::And(v) => self.balanced(v, true),
            Expr::Or(v) => self.balanced(v, false),
        }
    }

    /// The conjunction (`and`) or disjunction of the items, combined pairwise as a
    /// balanced tree: folding a chain of n atoms left to right copies a BDD of k nodes at
    /// step k (n²/2 in all, 29 s at 10,000 atoms); halves cost n log n.
    fn balanced(&self, items: &[Expr], and: bool) -> Bdd {
        let absorbing = |b: &Bdd| if and { b.is_false() } else { b.is_true() };
        let mut level = Vec::with_capacity(items.len());
        for item in items {
            let b = self.bdd(item);
            if absorbing(&b) {
                return b;
            }
            level.push(b);
        }
        while level.len() > 1 {
            let mut next = Vec::with_capacity(level.len().div_ceil(2));
            let mut rest = level.into_iter();
            while let Some(x) = rest.next() {
                let b = match rest.next() {
                    Some(y) if and => x.and(&y),
                    Some(y) => x.or(&y),
                    None => x,
                };
                if absorbing(&b) {
                    return b;
                }
                next.push(b);
            }
            level = next;
        }
        level.pop().unwrap_or_else(|| {
            if and {
                self.vars.mk_true()
            } else {
                self.vars.mk_false()
            }
        })
    }

    /// A valuation as a vector of atom values, in variable order.
    pub fn values(&self, valuation: &BddValuation) -> Vec<bool> {
        self.vars_list.iter().map(|&v| valuation.value(v)).collect()
    }
}

/// The exact number of satisfying valuations over all variables of the space, when it
/// fits in 128 bits.
pub(crate) fn exact_count(bdd: &Bdd, num_vars: u16) -> Option<u128> {
    if bdd.is_false() {
        return Some(0);
    }
    let size = bdd.size();
    let mut cache: Vec<Option<u128>> = vec![None; size];
    cache[0] = Some(0);
    cache[1] = Some(1);
    let level = |p: BddPointer| bdd.var_of(p).to_index() as u32;
    let scale = |count: u128, gap: u32| -> Option<u128> {
        if gap >= 128 {
            (count == 0).then_some(0)
        } else {
            count.checked_mul(1u128 << gap)
        }
    };
    let mut stack = vec![bdd.root_pointer()];
    while let Some(&node) = stack.last() {
        let i = node.to_index();
        if cache[i].is_some() {
            stack.pop();
            continue;
        }
        let (low, high) = (bdd.low_link_of(node), bdd.high_link_of(node));
        match (cache[low.to_index()], cache[high.to_index()]) {
            (Some(l), Some(h)) => {
                let me = level(node);
                let l = scale(l, level(low) - me - 1)?;
                let h = scale(h, level(high) - me - 1)?;
                cache[i] = Some(l.checked_add(h)?);
                stack.pop();
            }
            (l, h) => {
                if l.is_none() {
                    stack.push(low);
                }
                if h.is_none() {
                    stack.push(high);
                }
            }
        }
    }
    let root = bdd.root_pointer();
    let top = level(root).min(u32::from(num_vars));
    scale(cache[root.to_index()]?, top)
}

fn collect(e: &Expr, atoms: &mut Vec<Atom>, index: &mut HashMap<Atom, usize>) {
    match e {
        Expr::Const(_) => {}
        Expr::Atom(a) => {
            if !index.contains_key(a) {
                index.insert(a.clone(), atoms.len());
                atoms.push(a.clone());
            }
        }
        Expr::Not(x) => collect(x, atoms, index),
        Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| collect(x, atoms, index)),
    }
}

/// A nonempty set S of `conjuncts` (indices, ascending) such that negating exactly
/// those gives an unsatisfiable expression: some combination of conjunct values that
/// no allowed assignment produces. `None` when every combination but "all true"
/// occurs. Exact: one pattern variable per conjunct, `p_i <-> c_i`, atoms projected
/// away.
pub(crate) fn unrealized_negation(conjuncts: &[Expr], semantics: &Semantics) -> Option<Vec<usize>> {
    let refs: Vec<&Expr> = conjuncts.iter().collect();
    let mut atoms = Vec::new();
    let mut index = HashMap::new();
    for e in &refs {
        collect(e, &mut atoms, &mut index);
    }
    let total = u16::try_from(atoms.len() + conjuncts.len()).ok()?;
    let vars = BddVariableSet::new_anonymous(total);
    let vars_list = vars.variables();
    let (atom_vars, pattern_vars) = vars_list.split_at(atoms.len());
    let pattern_vars = pattern_vars.to_vec();
    let atom_vars = atom_vars.to_vec();
    let refs: Vec<&Atom> = atoms.iter().collect();
    let valid = Domain::new(&refs, semantics).map(|d| d.bdd(&vars));
    let space = Space {
        atoms,
        index,
        vars,
        vars_list,
        valid,
    };
    let mut realized = space.valid();
    for (c, &p) in conjuncts.iter().zip(&pattern_vars) {
        realized = realized.and(&space.vars.mk_var(p).iff(&space.bdd(c)));
    }
    let realized = realized.exists(&atom_vars);
    let mut all_true = space.vars.mk_true();
    for &p in &pattern_vars {
        all_true = all_true.and(&space.vars.mk_var(p));
    }
    let mut unrealized = realized.not().and(&all_true.not());
    if unrealized.is_false() {
        return None;
    }
    // Keep as many conjuncts un-negated as possible (a set minimal by inclusion).
    for &p in &pattern_vars {
        let kept = unrealized.and(&space.vars.mk_var(p));
        if !kept.is_false() {
            unrealized = kept;
        }
    }
    let witness = unrealized.sat_witness()?;
    Some(
        pattern_vars
            .iter()
            .enumerate()
            .filter(|&(_, &p)| !witness.value(p))
            .map(|(i, _)| i)
            .collect(),
    )
}
