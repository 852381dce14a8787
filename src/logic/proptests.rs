//! Property tests of the logic core: canonical form, equivalence, relation against
//! brute-force truth tables, invariance under the study's rewrites (operand order,
//! redundant parentheses, renaming), polarity search, and printing/parsing.

use std::collections::{BTreeMap, HashMap};

use proptest::prelude::*;

use super::*;

const NAMES: [&str; 5] = ["a", "b", "c", "d", "e"];

fn constant(value: u128, style: u8) -> Constant {
    let text = match style % 3 {
        0 => value.to_string(),
        1 => format!("4'h{value:X}"),
        _ => format!("'d{value}"),
    };
    Constant {
        text,
        width: (style % 3 == 1).then_some(4),
        value: Some(value),
        has_xz: false,
    }
}

/// Atoms over at most 8 keys: five identifiers and three equalities, with operands
/// in either order and constants spelled several ways.
fn atom() -> impl Strategy<Value = Expr> {
    prop_oneof![
        4 => (0..NAMES.len()).prop_map(|i| Expr::ident(NAMES[i])),
        1 => (any::<bool>(), 0u8..3).prop_map(|(swap, style)| {
            let (l, r) = (Term::Ident("a".into()), Term::Const(constant(3, style)));
            Expr::Atom(if swap { Atom::Eq(r, l) } else { Atom::Eq(l, r) })
        }),
        1 => any::<bool>().prop_map(|swap| {
            let (l, r) = (Term::Ident("b".into()), Term::Ident("c".into()));
            Expr::Atom(if swap { Atom::Eq(r, l) } else { Atom::Eq(l, r) })
        }),
        1 => (any::<bool>(), 0u8..3).prop_map(|(swap, style)| {
            let (l, r) = (Term::Ident("d".into()), Term::Const(constant(0, style)));
            Expr::Atom(if swap { Atom::Eq(r, l) } else { Atom::Eq(l, r) })
        }),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![10 => atom(), 1 => any::<bool>().prop_map(Expr::Const)];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(Expr::not),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Expr::And),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Expr::Or),
            // A compound operand (always a `!`, so never a bare name) against a
            // constant 0, 1 or 2, or against another compound operand.
            (inner.clone(), 0u128..3, 0u8..3, any::<bool>()).prop_map(|(x, v, style, swap)| {
                let (l, r) = (
                    Term::Expr(Box::new(Expr::not(x))),
                    Term::Const(constant(v, style)),
                );
                Expr::Atom(if swap { Atom::Eq(r, l) } else { Atom::Eq(l, r) })
            }),
            (inner.clone(), inner).prop_map(|(x, y)| {
                let (l, r) = (
                    Term::Expr(Box::new(Expr::not(x))),
                    Term::Expr(Box::new(Expr::not(y))),
                );
                Expr::Atom(Atom::Eq(l, r))
            }),
        ]
    })
}

/// The value of a raw (not canonical) expression: compound equality operands are
/// evaluated as the 1-bit values they are; other atoms come from `value`.
fn eval_raw(e: &Expr, value: &dyn Fn(&Atom) -> bool) -> bool {
    match e {
        Expr::Const(b) => *b,
        Expr::Atom(Atom::Eq(Term::Expr(x), Term::Expr(y))) => {
            eval_raw(x, value) == eval_raw(y, value)
        }
        Expr::Atom(Atom::Eq(Term::Expr(x), Term::Const(c)))
        | Expr::Atom(Atom::Eq(Term::Const(c), Term::Expr(x))) => {
            c.value == Some(u128::from(eval_raw(x, value)))
        }
        Expr::Atom(a) => value(a),
        Expr::Not(x) => !eval_raw(x, value),
        Expr::And(v) => v.iter().all(|x| eval_raw(x, value)),
        Expr::Or(v) => v.iter().any(|x| eval_raw(x, value)),
    }
}

/// The brute-force keys of the atoms of a raw expression, inside compound operands too.
fn raw_keys(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Const(_) => {}
        Expr::Atom(Atom::Eq(l, r)) if matches!(l, Term::Expr(_)) || matches!(r, Term::Expr(_)) => {
            for t in [l, r] {
                if let Term::Expr(x) = t {
                    raw_keys(x, out);
                }
            }
        }
        Expr::Atom(a) => out.push(key(a)),
        Expr::Not(x) => raw_keys(x, out),
        Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| raw_keys(x, out)),
    }
}

/// The identifiers of a raw expression, inside compound operands too.
fn raw_names(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Const(_) => {}
        Expr::Atom(Atom::Ident(n)) => out.push(n.clone()),
        Expr::Atom(Atom::Eq(l, r)) => {
            for t in [l, r] {
                match t {
                    Term::Ident(n) => out.push(n.clone()),
                    Term::Expr(x) => raw_names(x, out),
                    _ => {}
                }
            }
        }
        Expr::Atom(_) => {}
        Expr::Not(x) => raw_names(x, out),
        Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| raw_names(x, out)),
    }
}

/// Whether a canonical form still holds a compound equality operand (kept as an atom
/// when too large to expand), which brute force would evaluate differently.
fn has_compound_atom(e: &Expr) -> bool {
    e.atoms()
        .iter()
        .any(|a| matches!(a, Atom::Eq(Term::Expr(_), _) | Atom::Eq(_, Term::Expr(_))))
}

/// The identity of an atom for brute force, independent of operand order and of how
/// a constant is spelled.
fn key(a: &Atom) -> String {
    let term = |t: &Term| match t {
        Term::Ident(n) => format!("i:{n}"),
        Term::Const(c) => format!("c:{:?}", c.value),
        other => format!("?:{other}"),
    };
    match a {
        Atom::Eq(l, r) => {
            let (l, r) = (term(l), term(r));
            if l <= r {
                format!("{l}=={r}")
            } else {
                format!("{r}=={l}")
            }
        }
        other => other.to_string(),
    }
}

/// One valuation of the model: under `atoms` semantics a truth value per atom key;
/// under two-state a value per identifier (from 0, 1, 2, 3 and 5, which covers every
/// constant the strategies write and one value no constant names) and a truth value
/// per equality of two identifiers (an atom of its own in that semantics too).
#[derive(Clone, Debug)]
struct Valuation {
    two_state: bool,
    keys: Vec<String>,
    bits: u32,
    names: Vec<String>,
    values: Vec<u128>,
}

/// The values an identifier takes in the two-state model.
const VALUES: [u128; 5] = [0, 1, 2, 3, 5];

impl Valuation {
    /// The truth of a raw atom.
    fn atom(&self, a: &Atom) -> bool {
        let free = |a: &Atom| {
            let i = self.keys.binary_search(&key(a)).unwrap_or(0);
            self.bits & (1 << i) != 0
        };
        if !self.two_state {
            return free(a);
        }
        let value = |n: &str| self.values[self.names.binary_search(&n.to_string()).unwrap_or(0)];
        match a {
            Atom::Ident(n) => value(n) != 0,
            Atom::Eq(Term::Ident(n), Term::Const(c)) | Atom::Eq(Term::Const(c), Term::Ident(n)) => {
                c.value == Some(value(n))
            }
            other => free(other),
        }
    }

    fn eval(&self, e: &Expr) -> bool {
        eval_raw(e, &|a| self.atom(a))
    }
}

/// Every valuation of the model over the atoms of `exprs`.
fn valuations(exprs: &[&Expr], two_state: bool) -> Vec<Valuation> {
    let mut keys = Vec::new();
    exprs.iter().for_each(|e| raw_keys(e, &mut keys));
    let mut names: Vec<String> = Vec::new();
    if two_state {
        // Identifiers get values; only equalities of two identifiers stay free.
        exprs.iter().for_each(|e| raw_names(e, &mut names));
        keys.retain(|k| k.matches("i:").count() == 2);
    }
    keys.sort();
    keys.dedup();
    names.sort();
    names.dedup();
    assert!(keys.len() <= 8);
    let mut out = Vec::new();
    let combos = VALUES.len().pow(names.len() as u32);
    for bits in 0u32..1 << keys.len() {
        for mut combo in 0..combos {
            let values = (0..names.len())
                .map(|_| {
                    let v = VALUES[combo % VALUES.len()];
                    combo /= VALUES.len();
                    v
                })
                .collect();
            out.push(Valuation {
                two_state,
                keys: keys.clone(),
                bits,
                names: names.clone(),
                values,
            });
        }
    }
    out
}

/// Truth-table values of each expression over all valuations of the model.
fn brute_force_in(exprs: &[&Expr], two_state: bool) -> Vec<Vec<bool>> {
    valuations(exprs, two_state)
        .iter()
        .map(|v| exprs.iter().map(|e| v.eval(e)).collect())
        .collect()
}

fn brute_relation_in(a: &Expr, b: &Expr, two_state: bool) -> Relation {
    let rows = brute_force_in(&[a, b], two_state);
    let a_to_b = rows.iter().all(|r| !r[0] || r[1]);
    let b_to_a = rows.iter().all(|r| !r[1] || r[0]);
    match (a_to_b, b_to_a) {
        (true, true) => Relation::Equivalent,
        (true, false) => Relation::Stronger,
        (false, true) => Relation::Weaker,
        (false, false) => Relation::Incomparable,
    }
}

/// The assignments of the canonical atoms `atoms` that some valuation of the model
/// gives (each as one truth value per atom).
fn realizable(
    atoms: &[Atom],
    over: &[&Expr],
    two_state: bool,
) -> std::collections::BTreeSet<Vec<bool>> {
    valuations(over, two_state)
        .iter()
        .map(|v| atoms.iter().map(|a| v.atom(a)).collect())
        .collect()
}

fn semantics(two_state: bool) -> Semantics {
    Semantics::new(if two_state {
        Values::TwoState
    } else {
        Values::Atoms
    })
}

/// `e` with every `&&`/`||` operand list reversed and every equality's operands swapped.
fn reversed(e: &Expr) -> Expr {
    match e {
        Expr::Atom(Atom::Eq(l, r)) => Expr::Atom(Atom::Eq(r.clone(), l.clone())),
        Expr::Not(x) => Expr::not(reversed(x)),
        Expr::And(v) => Expr::And(v.iter().rev().map(reversed).collect()),
        Expr::Or(v) => Expr::Or(v.iter().rev().map(reversed).collect()),
        other => other.clone(),
    }
}

/// `e` printed with parentheses around every sub-expression and operand (T3).
fn parenthesised(e: &Expr) -> String {
    match e {
        Expr::Const(b) => format!("({})", u8::from(*b)),
        Expr::Atom(Atom::Eq(l, r)) => format!("(({l}) == ({r}))"),
        Expr::Atom(a) => format!("({a})"),
        Expr::Not(x) => format!("(!{})", parenthesised(x)),
        Expr::And(v) => format!(
            "({})",
            v.iter().map(parenthesised).collect::<Vec<_>>().join(" && ")
        ),
        Expr::Or(v) => format!(
            "({})",
            v.iter().map(parenthesised).collect::<Vec<_>>().join(" || ")
        ),
    }
}

fn renaming() -> HashMap<String, String> {
    NAMES
        .iter()
        .map(|n| (n.to_string(), format!("sig_{n}_{}", n.len() * 7)))
        .collect()
}

proptest! {
    #[test]
    fn canonical_form_is_idempotent(e in expr()) {
        let once = canonical(&e);
        prop_assert_eq!(canonical(&once), once.clone());
        prop_assert!(equivalent(&e, &once));
    }

    #[test]
    fn equivalence_is_reflexive_and_symmetric(a in expr(), b in expr()) {
        prop_assert!(equivalent(&a, &a));
        prop_assert_eq!(equivalent(&a, &b), equivalent(&b, &a));
    }

    /// Relation, implication, satisfiability and witnesses agree with brute force over
    /// the model of each semantics: for two-state, values of the signals (so
    /// `d == 0` is `!d`, and `a == 3` and `a == 4'h3` are one atom that implies `a`).
    #[test]
    fn relation_agrees_with_brute_force(a in expr(), b in expr(), two_state in any::<bool>()) {
        let sem = semantics(two_state);
        prop_assume!(!has_compound_atom(&sem.canonical(&a)) && !has_compound_atom(&sem.canonical(&b)));
        let expected = brute_relation_in(&a, &b, two_state);
        prop_assert_eq!(sem.relation(&a, &b), expected);
        let (ca, cb) = (sem.canonical(&a), sem.canonical(&b));
        let (x, y) = decide::bdd_implications(&ca, &cb, &sem);
        prop_assert_eq!(decide::from_implications(x, y), expected, "BDD path");
        prop_assert_eq!(sem.implies(&a, &b), matches!(expected, Relation::Equivalent | Relation::Stronger));
        let sat = brute_force_in(&[&a], two_state).iter().any(|r| r[0]);
        prop_assert_eq!(sem.satisfiable(&a), sat);
        match sem.satisfying_assignment(&a) {
            Some(w) => {
                prop_assert!(evaluate(&ca, &mut |x| w[x]));
                // The witness is one some values of the signals give.
                let atoms: Vec<Atom> = w.keys().cloned().collect();
                let values: Vec<bool> = w.values().copied().collect();
                prop_assert!(realizable(&atoms, &[&a], two_state).contains(&values), "{:?}", w);
            }
            None => prop_assert!(!sat),
        }
    }

    /// T1's reordering gives the same canonical form, and the same text when every
    /// constant is spelled one way (a constant keeps its first spelling).
    #[test]
    fn operand_reordering_keeps_canonical_text(e in expr()) {
        let r = reversed(&e);
        prop_assert_eq!(canonical(&e), canonical(&r));
        prop_assert_eq!(canonical_text(&respelled(&e)), canonical_text(&respelled(&r)));
        prop_assert!(equivalent(&e, &r));
    }

    #[test]
    fn redundant_parentheses_keep_canonical_text(e in expr()) {
        let text = parenthesised(&e);
        let reparsed = parse_expr(&text).map_err(|err| TestCaseError::fail(format!("{text}: {err}")))?;
        prop_assert_eq!(canonical_text(&e), canonical_text(&reparsed));
    }

    #[test]
    fn consistent_renaming_keeps_the_relation(a in expr(), b in expr()) {
        let map = renaming();
        prop_assert_eq!(relation(&a.rename(&map), &b.rename(&map)), relation(&a, &b));
        prop_assert!(equivalent(&a.rename(&map), &reversed(&a).rename(&map)));
    }

    #[test]
    fn display_then_parse_is_equivalent(e in expr()) {
        let text = e.to_string();
        let back = parse_expr(&text).map_err(|err| TestCaseError::fail(format!("{text}: {err}")))?;
        prop_assert!(equivalent(&e, &back), "{} vs {}", text, back);
        let canon = canonical_text(&e);
        let back = parse_expr(&canon).map_err(|err| TestCaseError::fail(format!("{canon}: {err}")))?;
        prop_assert_eq!(canonical_text(&back), canon);
    }

    #[test]
    fn polarity_search_finds_negated_conjuncts(
        conjuncts in prop::collection::vec(expr(), 1..5),
        mask in 1u32..16,
    ) {
        let reference = Expr::And(conjuncts.clone());
        let negate: Vec<bool> = (0..conjuncts.len()).map(|i| mask & (1 << i) != 0).collect();
        prop_assume!(negate.iter().any(|&n| n));
        let flip = |set: &dyn Fn(usize) -> bool| Expr::And(
            conjuncts.iter().enumerate()
                .map(|(i, c)| if set(i) { Expr::not(c.clone()) } else { c.clone() })
                .collect(),
        );
        let generated = flip(&|i| negate[i]);
        prop_assume!(satisfiable(&generated) && !equivalent(&reference, &generated));
        match polarity_search(&reference, &generated) {
            Some(PolarityFlip::NegatedConjuncts(found)) => {
                prop_assert!(!found.is_empty());
                prop_assert!(equivalent(&flip(&|i| found.contains(&i)), &generated));
            }
            other => prop_assert!(false, "expected negated conjuncts, got {:?}", other),
        }
    }

    #[test]
    fn polarity_search_finds_a_flipped_atom(e in expr(), pick in 0usize..8) {
        let atoms = canonical(&e).atoms_in_order();
        prop_assume!(!atoms.is_empty());
        let target = atoms[pick % atoms.len()].clone();
        let flipped = flip_atom(&e, &target);
        prop_assume!(!equivalent(&e, &flipped) && satisfiable(&flipped));
        let found = polarity_search(&e, &flipped);
        prop_assert!(found.is_some(), "{} vs {}", e, flipped);
    }

    /// The rows are the assignments of the canonical atoms the semantics allows (for
    /// two-state: those some values of the signals give), each once.
    #[test]
    fn truth_table_rows_are_right(a in expr(), b in expr(), two_state in any::<bool>()) {
        let sem = semantics(two_state);
        prop_assume!(!has_compound_atom(&sem.canonical(&a)) && !has_compound_atom(&sem.canonical(&b)));
        let t = sem.truth_table(&[&a, &b], 300);
        let (ca, cb) = (sem.canonical(&a), sem.canonical(&b));
        let allowed = realizable(&t.atoms, &[&a, &b], two_state);
        prop_assert_eq!(t.total_rows, allowed.len() as u128);
        let disagreeing = allowed.iter().filter(|row| {
            let values: BTreeMap<&Atom, bool> = t.atoms.iter().zip(row.iter().copied()).collect();
            evaluate(&ca, &mut |x| values[x]) != evaluate(&cb, &mut |x| values[x])
        }).count();
        prop_assert_eq!(t.disagreeing_rows, Some(disagreeing as u128));
        prop_assert_eq!(t.rows.len(), allowed.len().min(300));
        let mut seen_agree = false;
        for row in &t.rows {
            prop_assert!(allowed.contains(&row.values_of_atoms), "row not allowed: {:?}", row);
            let values: BTreeMap<&Atom, bool> = t.atoms.iter().zip(row.values_of_atoms.iter().copied()).collect();
            let va = evaluate(&ca, &mut |x| values[x]);
            let vb = evaluate(&cb, &mut |x| values[x]);
            prop_assert_eq!(&row.values, &vec![va, vb]);
            prop_assert_eq!(row.disagree, va != vb);
            prop_assert!(!(seen_agree && row.disagree), "disagreeing rows come first");
            seen_agree |= !row.disagree;
        }
    }
}

/// `e` with every constant spelled as its decimal value.
fn respelled(e: &Expr) -> Expr {
    let term = |t: &Term| match t {
        Term::Const(c) => Term::Const(Constant {
            text: c.value.map_or_else(|| c.text.clone(), |v| v.to_string()),
            ..c.clone()
        }),
        Term::Expr(x) => Term::Expr(Box::new(respelled(x))),
        other => other.clone(),
    };
    match e {
        Expr::Atom(Atom::Eq(l, r)) => Expr::Atom(Atom::Eq(term(l), term(r))),
        Expr::Not(x) => Expr::not(respelled(x)),
        Expr::And(v) => Expr::And(v.iter().map(respelled).collect()),
        Expr::Or(v) => Expr::Or(v.iter().map(respelled).collect()),
        other => other.clone(),
    }
}

/// `e` with every occurrence of `target` (after canonical form) negated.
fn flip_atom(e: &Expr, target: &Atom) -> Expr {
    match canonical(e) {
        Expr::Atom(a) if &a == target => Expr::not(Expr::Atom(a)),
        Expr::Not(x) => Expr::not(flip_atom(&x, target)),
        Expr::And(v) => Expr::And(v.iter().map(|x| flip_atom(x, target)).collect()),
        Expr::Or(v) => Expr::Or(v.iter().map(|x| flip_atom(x, target)).collect()),
        other => other,
    }
}

proptest! {
    /// Any text, however broken, parses or gives an error located inside it.
    #[test]
    fn parser_never_panics(text in "[ab_1'hxz?()!&|=<~^\\[\\]{}$@.\\\\ \n]{0,40}|\\PC{0,40}") {
        match parse_expr(&text) {
            Ok(e) => prop_assert_eq!(canonical(&canonical(&e)), canonical(&e)),
            Err(err) => {
                prop_assert!(err.offset <= text.len());
                prop_assert!(err.line >= 1 && err.column >= 1);
                prop_assert!(err.line <= text.lines().count().max(1) + 1);
                prop_assert!(!err.message.is_empty());
            }
        }
    }
}
