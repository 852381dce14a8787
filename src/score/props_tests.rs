//! Property tests of the scorer: dropping a reference conjunct is `dropped-predicate`,
//! negating one is `branch-polarity`, reordering, parenthesising and renaming stay
//! `correct`; and no input, however broken, makes scoring panic.

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;

/// A read-once Boolean formula: every leaf is a distinct atom, so no formula (or
/// negation of one) is constant, and formulas over disjoint leaves are independent.
#[derive(Clone, Debug)]
pub(super) enum Shape {
    Leaf,
    EqLeaf(u8),
    Not(Box<Shape>),
    And(Box<Shape>, Box<Shape>),
    Or(Box<Shape>, Box<Shape>),
}

pub(super) fn shape() -> impl Strategy<Value = Shape> {
    let leaf = prop_oneof![3 => Just(Shape::Leaf), 1 => (0u8..8).prop_map(Shape::EqLeaf)];
    leaf.prop_recursive(3, 8, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|s| Shape::Not(Box::new(s))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Shape::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Shape::Or(Box::new(a), Box::new(b))),
        ]
    })
}

/// The text of `shape` with leaves `{prefix}_{n}`; `extra` adds redundant parentheses.
fn render(shape: &Shape, prefix: &str, next: &mut usize, extra: bool) -> String {
    let text = match shape {
        Shape::Leaf => {
            *next += 1;
            format!("{prefix}_{next}")
        }
        Shape::EqLeaf(v) => {
            *next += 1;
            format!("{prefix}_{next} == 3'd{v}")
        }
        Shape::Not(s) => format!("!({})", render(s, prefix, next, extra)),
        Shape::And(a, b) => {
            format!(
                "({} && {})",
                render(a, prefix, next, extra),
                render(b, prefix, next, extra)
            )
        }
        Shape::Or(a, b) => {
            format!(
                "({} || {})",
                render(a, prefix, next, extra),
                render(b, prefix, next, extra)
            )
        }
    };
    if extra { format!("({text})") } else { text }
}

/// Conjuncts over disjoint leaves (`c0_*`, `c1_*`, ...).
fn conjuncts(shapes: &[Shape], extra: bool) -> Vec<String> {
    shapes
        .iter()
        .enumerate()
        .map(|(i, s)| render(s, &format!("c{i}"), &mut 0, extra))
        .collect()
}

fn verdict(reference_antecedent: &str, generated: &str, options: &ScoreOptions) -> Verdict {
    let reference = format!("property r; {reference_antecedent} |=> x == y; endproperty");
    let behaviors = reference_behaviors(&reference).expect("reference parses");
    score_output(&behaviors, generated, options).remove(0)
}

fn output(antecedent: &str) -> String {
    format!("property g; {antecedent} |=> x == y; endproperty")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn dropping_a_conjunct_is_dropped_predicate(shapes in prop::collection::vec(shape(), 2..5), pick in any::<prop::sample::Index>()) {
        let parts = conjuncts(&shapes, false);
        let drop = pick.index(parts.len());
        let kept: Vec<&str> = parts.iter().enumerate().filter(|(i, _)| *i != drop).map(|(_, p)| p.as_str()).collect();
        let v = verdict(&parts.join(" && "), &output(&kept.join(" && ")), &ScoreOptions::default());
        prop_assert_eq!(v.category, Category::DroppedPredicate, "{}", v.reason);
    }

    #[test]
    fn negating_conjuncts_is_branch_polarity(shapes in prop::collection::vec(shape(), 2..5), pick in any::<prop::sample::Index>()) {
        let parts = conjuncts(&shapes, false);
        let negate = pick.index(parts.len());
        let generated: Vec<String> = parts.iter().enumerate()
            .map(|(i, p)| if i == negate { format!("!({p})") } else { p.clone() })
            .collect();
        let v = verdict(&parts.join(" && "), &output(&generated.join(" && ")), &ScoreOptions::default());
        prop_assert_eq!(v.category, Category::BranchPolarity, "{}", v.reason);
    }

    #[test]
    fn reordered_parenthesised_renamed_antecedents_stay_correct(
        shapes in prop::collection::vec(shape(), 1..5),
        order in Just(()).prop_perturb(|_, mut rng| rng.random::<u64>()),
        extra in any::<bool>(),
        rename in any::<bool>(),
    ) {
        let parts = conjuncts(&shapes, false);
        let mut shuffled = conjuncts(&shapes, extra);
        let n = shuffled.len();
        shuffled.rotate_left((order as usize) % n);
        if order % 2 == 1 { shuffled.reverse(); }
        let mut generated = shuffled.join(" && ");
        let mut options = ScoreOptions::default();
        if rename {
            // The variant calls c0_1 `v_c0_1`; the rename map takes it back.
            generated = generated.replace("c0_1", "v_c0_1");
            options.rename = HashMap::from([("v_c0_1".to_string(), "c0_1".to_string())]);
        }
        let v = verdict(&parts.join(" && "), &output(&generated), &options);
        prop_assert_eq!(v.category, Category::Correct, "{} | {}", generated, v.reason);
    }

    #[test]
    fn garbage_never_panics(text in ".{0,200}", lenient in any::<bool>()) {
        let behaviors = reference_behaviors("property r; a && b |=> x == y; endproperty").unwrap();
        let options = ScoreOptions { lenient, clock: Some("posedge clk".into()), ..ScoreOptions::default() };
        prop_assert_eq!(score_output(&behaviors, &text, &options).len(), 1);
        let _ = reference_behaviors(&text);
    }

    #[test]
    fn sva_shaped_garbage_never_panics(
        words in prop::collection::vec(prop::sample::select(vec![
            "property", "endproperty", "p", ";", ":", "(", ")", "@", "posedge", "clk", "|->", "|=>",
            "&&", "||", "!", "==", "!=", "x", "y", "a", "4'hA", "1'bx", "&", "##1", "`", "//", "/*", "*/", "\n",
        ]), 0..60),
        lenient in any::<bool>(),
    ) {
        let text = words.join(" ");
        let behaviors = reference_behaviors("property r; a |=> x == y; endproperty").unwrap();
        let options = ScoreOptions { lenient, ..ScoreOptions::default() };
        prop_assert_eq!(score_output(&behaviors, &text, &options).len(), 1);
        let _ = reference_behaviors(&text);
    }
}

#[test]
fn huge_and_deeply_nested_inputs_do_not_panic() {
    let behaviors = reference_behaviors("property r; a |=> x == y; endproperty").unwrap();
    let open = "(".repeat(10_000);
    let close = ")".repeat(10_000);
    let inputs = [
        format!("property g; {open}a{close} |=> x == y; endproperty"),
        format!("property g; a |=> x == {open}y{close}; endproperty"),
        format!("property g; {open} |=> x == y; endproperty"),
        format!("property g; a |=> {close}; endproperty"),
        format!(
            "property g; {} a |=> x == y; endproperty",
            "!".repeat(10_000)
        ),
        "property g; a |=> x == y; endproperty\n".repeat(2_000),
        format!(
            "property g; {} |=> x == y; endproperty",
            vec!["a"; 5_000].join(" && ")
        ),
    ];
    for text in &inputs {
        for lenient in [false, true] {
            let options = ScoreOptions {
                lenient,
                ..ScoreOptions::default()
            };
            assert_eq!(score_output(&behaviors, text, &options).len(), 1);
        }
        let _ = reference_behaviors(text);
    }
    // Deep nesting that is well-formed in the consequent still reads.
    let v = score_output(&behaviors, &inputs[1], &ScoreOptions::default());
    assert_eq!(v[0].category, Category::Correct, "{}", v[0].reason);
}
