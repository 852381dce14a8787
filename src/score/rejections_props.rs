//! Property tests of issue 24's fragment-scorer classes: a Boolean-only signal read as
//! 1 bit makes the forms models write for it (`== 1'b1`, `== 1`, `~`, `&`, `|`) equal
//! to the reference's, and only for such signals; consequent operands that differ by
//! commutative and associative reordering match, and operands that match by structure
//! always have the same value.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::boolean_widths::{Uses, with_boolean_widths};
use super::*;
use crate::logic::Semantics;

/// A Boolean formula over `n_0 .. n_5` written with `!`, `&&`, `||` only.
#[derive(Clone, Debug)]
enum Cond {
    Leaf(u8),
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
}

fn cond() -> impl Strategy<Value = Cond> {
    (0u8..6)
        .prop_map(Cond::Leaf)
        .prop_recursive(3, 10, 2, |inner| {
            prop_oneof![
                inner.clone().prop_map(|c| Cond::Not(Box::new(c))),
                (inner.clone(), inner.clone())
                    .prop_map(|(a, b)| Cond::And(Box::new(a), Box::new(b))),
                (inner.clone(), inner).prop_map(|(a, b)| Cond::Or(Box::new(a), Box::new(b))),
            ]
        })
}

/// The reference's text (`!`, `&&`, `||`) or a model's (`style` picks, per node,
/// `== 1'b1` / `== 1` for a leaf, `~` for `!` of a leaf, `&` / `|` between leaves).
fn write(c: &Cond, style: &mut impl Iterator<Item = u8>, model: bool) -> String {
    let choice = if model { style.next().unwrap_or(0) } else { 0 };
    match c {
        Cond::Leaf(n) => match choice % 3 {
            1 => format!("n_{n} == 1'b1"),
            2 => format!("(n_{n} == 1)"),
            _ => format!("n_{n}"),
        },
        Cond::Not(inner) => match (&**inner, choice % 2) {
            (Cond::Leaf(n), 1) => format!("~n_{n}"),
            _ => format!("!({})", write(inner, style, model)),
        },
        Cond::And(a, b) | Cond::Or(a, b) => {
            let logical = if matches!(c, Cond::And(..)) {
                "&&"
            } else {
                "||"
            };
            let bitwise = if matches!(c, Cond::And(..)) { "&" } else { "|" };
            match (&**a, &**b, choice % 2) {
                (Cond::Leaf(x), Cond::Leaf(y), 1) => format!("(n_{x} {bitwise} n_{y})"),
                _ => format!(
                    "({} {logical} {})",
                    write(a, style, model),
                    write(b, style, model)
                ),
            }
        }
    }
}

/// A consequent operand over `a`, `b`, `c` and small constants.
#[derive(Clone, Debug)]
enum Value {
    Name(u8),
    Const(u8),
    Op(&'static str, Box<Value>, Box<Value>),
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        (0u8..3).prop_map(Value::Name),
        (0u8..4).prop_map(Value::Const)
    ];
    leaf.prop_recursive(3, 8, 2, |inner| {
        (
            prop_oneof![
                Just("+"),
                Just("*"),
                Just("&"),
                Just("|"),
                Just("^"),
                Just("-")
            ],
            inner.clone(),
            inner,
        )
            .prop_map(|(op, a, b)| Value::Op(op, Box::new(a), Box::new(b)))
    })
}

fn text(v: &Value) -> String {
    match v {
        Value::Name(n) => ["a", "b", "c"][*n as usize].to_string(),
        Value::Const(k) => k.to_string(),
        Value::Op(op, a, b) => format!("({} {op} {})", text(a), text(b)),
    }
}

/// `v` with the operands of its commutative operators swapped where `swap` says.
fn reorder(v: &Value, swap: &mut impl Iterator<Item = bool>) -> Value {
    match v {
        Value::Op(op, a, b) => {
            let (a, b) = (reorder(a, swap), reorder(b, swap));
            if *op != "-" && swap.next().unwrap_or(false) {
                Value::Op(op, Box::new(b), Box::new(a))
            } else {
                Value::Op(op, Box::new(a), Box::new(b))
            }
        }
        other => other.clone(),
    }
}

/// The value of `v` in 8-bit two-state arithmetic (one context width).
fn eval(v: &Value, env: [u8; 3]) -> u8 {
    match v {
        Value::Name(n) => env[*n as usize],
        Value::Const(k) => *k,
        Value::Op(op, a, b) => {
            let (a, b) = (eval(a, env), eval(b, env));
            match *op {
                "+" => a.wrapping_add(b),
                "*" => a.wrapping_mul(b),
                "&" => a & b,
                "|" => a | b,
                "^" => a ^ b,
                _ => a.wrapping_sub(b),
            }
        }
    }
}

fn verdict(reference: &str, output: &str) -> Verdict {
    score_output(
        &reference_behaviors(reference).unwrap(),
        output,
        &ScoreOptions::default(),
    )
    .remove(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Every 1-bit spelling of a Boolean-only reference is correct once the program's
    /// Boolean-only signals are 1 bit wide, and stays equivalent only thanks to them.
    #[test]
    fn one_bit_spellings_of_boolean_only_signals_are_correct(
        c in cond(),
        style in proptest::collection::vec(0u8..6, 32),
    ) {
        let reference = format!("property r; {} |=> x == y; endproperty", write(&c, &mut std::iter::empty(), false));
        let generated = format!("property g; {} |=> x == y; endproperty", write(&c, &mut style.into_iter(), true));
        let behaviors = reference_behaviors(&reference).unwrap();
        let mut uses = Uses::default();
        uses.behaviors(&behaviors);
        let semantics = with_boolean_widths(Semantics::default(), &uses);
        // Every signal of the reference is Boolean-only; `x` and `y` are values.
        for n in behaviors[0].antecedent.identifiers() {
            prop_assert_eq!(semantics.width(&n), Some(1), "{}", n);
        }
        prop_assert_eq!(semantics.width("x"), None);
        let options = ScoreOptions { semantics, ..ScoreOptions::default() };
        let v = score_output(&behaviors, &generated, &options).remove(0);
        prop_assert_eq!(v.category, Category::Correct, "{} / {}: {}", reference, generated, v.reason);
    }

    /// A signal also used as a value (compared with a constant) is not inferred.
    #[test]
    fn a_signal_used_as_a_value_keeps_its_width_unknown(c in cond(), k in 0u8..6) {
        let reference = format!(
            "property r; ({}) && n_{k} != 2'd2 |=> x == y; endproperty",
            write(&c, &mut std::iter::empty(), false)
        );
        let mut uses = Uses::default();
        uses.behaviors(&reference_behaviors(&reference).unwrap());
        let widths: BTreeMap<String, u32> = uses.boolean_only(Semantics::default_ref());
        let name = format!("n_{k}");
        prop_assert!(!widths.contains_key(&name));
    }

    /// Reordering the operands of commutative operators keeps the consequent matched.
    #[test]
    fn reordered_consequents_match(v in value(), swap in proptest::collection::vec(any::<bool>(), 16)) {
        let reordered = reorder(&v, &mut swap.into_iter());
        let reference = format!("property r; e |=> s == {}; endproperty", text(&v));
        let output = format!("property g; e |=> s == {}; endproperty", text(&reordered));
        let verdict = verdict(&reference, &output);
        prop_assert_eq!(verdict.category, Category::Correct, "{} / {}: {}", reference, output, verdict.reason);
    }

    /// Operands that match by structure have the same value on every input.
    #[test]
    fn operands_that_match_have_one_value(v in value(), w in value(), env in any::<[u8; 3]>()) {
        let reference = format!("property r; e |=> s == {}; endproperty", text(&v));
        let output = format!("property g; e |=> s == {}; endproperty", text(&w));
        if verdict(&reference, &output).category == Category::Correct {
            prop_assert_eq!(eval(&v, env), eval(&w, env), "{} / {}", text(&v), text(&w));
        }
    }
}

/// The examples of issue 24, one by one, through `score_output`.
mod examples {
    use super::super::*;
    use crate::logic::{Semantics, Values};
    use Category::*;

    fn score(reference: &str, output: &str, values: Values) -> Verdict {
        let grammar = crate::logic::Grammar::of(values);
        let behaviors = reference_behaviors_in(reference, grammar).unwrap();
        let options = ScoreOptions {
            semantics: Semantics::new(values),
            ..ScoreOptions::default()
        };
        score_output(&behaviors, output, &options).remove(0)
    }

    fn two_state(reference: &str, output: &str) -> Verdict {
        score(reference, output, Values::TwoState)
    }

    #[test]
    fn consequents_equal_up_to_commutativity_match_under_two_state_only() {
        let r = "property r; a |=> s == 1 + y; endproperty";
        let g = "property g; a |=> s == y + 1; endproperty";
        assert_eq!(two_state(r, g).category, Correct);
        // The behavior keeps the reference's spelling.
        assert_eq!(two_state(r, g).behavior_id, "s=1+y");
        assert_eq!(score(r, g, Values::Atoms).category, WrongConsequent);
        // Either orientation of the equality, and a wrong-consequent reason by value.
        let g = "property g; a |=> (y + 1) == s; endproperty";
        assert_eq!(two_state(r, g).category, Correct);
        let v = two_state(r, "property g; a |=> s == y - 1; endproperty");
        assert_eq!(v.category, WrongConsequent);
        assert!(
            v.reason.contains("asserts s == y-1 instead of s == 1+y"),
            "{}",
            v.reason
        );
    }

    #[test]
    fn a_disable_iff_the_reference_lacks_is_its_own_category() {
        let r = "property r; a && b |=> x == y; endproperty";
        let v = two_state(
            r,
            "property g; disable iff (rst) a && b |=> x == y; endproperty",
        );
        assert_eq!(v.category, ExtraDisableIff, "{}", v.reason);
        assert!(!v.correct);
        assert!(
            v.reason
                .starts_with("`g`: `disable iff (rst)` is all that differs"),
            "{}",
            v.reason
        );
        // One conjunct left after the disable iff.
        let v = two_state(
            "property r; a |=> x == y; endproperty",
            "property g; disable iff (!rst_n) a |=> x == y; endproperty",
        );
        assert_eq!(v.category, ExtraDisableIff, "{}", v.reason);
        // Another difference besides: the ordinary category.
        let v = two_state(
            r,
            "property g; disable iff (rst) a && b && c |=> x == y; endproperty",
        );
        assert_eq!(v.category, ExtraPredicate, "{}", v.reason);
        let v = two_state(r, "property g; disable iff (rst) a |=> x == y; endproperty");
        assert_eq!(v.category, BooleanStructure, "{}", v.reason);
        // Standing for the reference's own reset conjunct: correct.
        let v = two_state(
            "property r; !rst && a |=> x == y; endproperty",
            "property g; disable iff (rst) a |=> x == y; endproperty",
        );
        assert_eq!(v.category, Correct, "{}", v.reason);
        // A reference with a disable iff of its own: the ordinary rules.
        let v = two_state(
            "property r; disable iff (rst) a |=> x == y; endproperty",
            "property g; disable iff (clr) a |=> x == y; endproperty",
        );
        assert_ne!(v.category, ExtraDisableIff, "{}", v.reason);
        assert_ne!(v.category, Correct, "{}", v.reason);
    }
}
