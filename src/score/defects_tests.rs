//! One test per item of issue 14 (two-state semantics, the defects a review found,
//! the reasons), through `reference_behaviors` and `score_output`.

use super::*;
use crate::logic::{Semantics, Values};

fn opts(values: Values) -> ScoreOptions {
    ScoreOptions {
        semantics: Semantics::new(values),
        ..ScoreOptions::default()
    }
}

fn two_state() -> ScoreOptions {
    opts(Values::TwoState)
}

fn atoms() -> ScoreOptions {
    opts(Values::Atoms)
}

fn score(reference: &str, output: &str, options: &ScoreOptions) -> Vec<Verdict> {
    let grammar = crate::logic::Grammar::of(options.semantics.values());
    let behaviors = reference_behaviors_in(reference, grammar).expect("reference parses");
    score_output(&behaviors, output, options)
}

/// The verdict of the one behavior of `property r; R |=> x == y; endproperty` for
/// `property g; BODY; endproperty`.
fn one(reference_antecedent: &str, body: &str, options: &ScoreOptions) -> Verdict {
    score(
        &format!("property r; {reference_antecedent} |=> x == y; endproperty"),
        &format!("property g; {body}; endproperty"),
        options,
    )
    .remove(0)
}

use Category::*;

// §1: two-state value semantics.

#[test]
fn a_term_compared_with_zero_is_its_negation() {
    assert_eq!(
        one("!a", "a == 0 |=> x == y", &two_state()).category,
        Correct
    );
    assert_eq!(
        one("a", "a != 2'b00 |=> x == y", &two_state()).category,
        Correct
    );
    // The paper's abstraction keeps them apart.
    assert_ne!(one("!a", "a == 0 |=> x == y", &atoms()).category, Correct);
}

#[test]
fn equalities_with_distinct_constants_exclude_each_other() {
    let v = one(
        "x1 == 2'b01",
        "x1 != 2'b00 && x1 == 2'b01 |=> x == y",
        &two_state(),
    );
    assert_eq!(v.category, Correct, "{}", v.reason);
    let v = one(
        "s == 2'd1",
        "s == 2'd1 && s != 2'd0 |=> x == y",
        &two_state(),
    );
    assert_eq!(v.category, Correct, "{}", v.reason);
    assert_ne!(
        one(
            "x1 == 2'b01",
            "x1 != 2'b00 && x1 == 2'b01 |=> x == y",
            &atoms()
        )
        .category,
        Correct
    );
}

#[test]
fn constants_are_compared_by_value_in_consequents_too() {
    let reference = "property r; a |=> x == 4'hA; endproperty";
    let output = "property g; a |=> x == 4'd10; endproperty";
    assert_eq!(score(reference, output, &two_state())[0].category, Correct);
    assert_eq!(
        score(reference, output, &atoms())[0].category,
        WrongConsequent
    );
    // The behavior keeps the reference's spelling.
    assert_eq!(
        score(reference, output, &two_state())[0].behavior_id,
        "x=4'hA"
    );
}

#[test]
fn known_one_bit_widths_make_bitwise_operators_logical() {
    let widths = |names: &[&str]| ScoreOptions {
        semantics: Semantics::default()
            .with_widths(names.iter().map(|n| (n.to_string(), 1)).collect()),
        ..ScoreOptions::default()
    };
    let v = one("a && b", "a & b |=> x == y", &widths(&["a", "b"]));
    assert_eq!(v.category, Correct, "{}", v.reason);
    let v = one("a", "a == 1'b1 |=> x == y", &widths(&["a"]));
    assert_eq!(v.category, Correct, "{}", v.reason);
    // Widths unknown: distinct, and the reason says which width would make them equal.
    let v = one("a && b", "a & b |=> x == y", &two_state());
    assert_ne!(v.category, Correct);
    assert!(
        v.reason.contains("`a`, `b` were all 1 bit wide"),
        "{}",
        v.reason
    );
    let v = one("a", "a == 1'b1 |=> x == y", &two_state());
    assert!(v.reason.contains("if `a` were 1 bit wide"), "{}", v.reason);
    // Under the atoms semantics a bitwise operator is outside the grammar.
    assert_eq!(
        one("a && b", "a & b |=> x == y", &atoms()).category,
        OutputContract
    );
}

#[test]
fn case_equality_is_equality_under_two_state() {
    assert_eq!(
        one(
            "a == b && !c",
            "a === b && c !== 1'b1 |=> x == y",
            &ScoreOptions {
                semantics: Semantics::default().with_widths([("c".to_string(), 1)].into()),
                ..ScoreOptions::default()
            }
        )
        .category,
        Correct
    );
    // x/z literals stay outside, reported as such.
    let v = one("s == 2'b01", "s === 2'b0x |=> x == y", &two_state());
    assert_ne!(v.category, Correct);
    assert!(v.reason.contains("`2'b0x` has x/z digits"), "{}", v.reason);
}

#[test]
fn witnesses_respect_the_semantics() {
    let v = one("a && s == 1", "a || s == 2 |=> x == y", &two_state());
    assert_eq!(v.category, BooleanStructure, "{}", v.reason);
    assert!(!v.reason.contains("(s == 1)=1, (s == 2)=1"), "{}", v.reason);
    let v = one("a == 0 && b", "b || c |=> x == y", &two_state());
    assert!(!v.reason.contains("(a == 0)"), "{}", v.reason);
}

#[test]
fn constants_are_shown_as_the_model_wrote_them() {
    let v = one("s == 10 && a", "s == 4'hA || a |=> x == y", &two_state());
    assert!(v.reason.contains("s == 4'hA"), "{}", v.reason);
    assert!(!v.reason.contains("s == 10"), "{}", v.reason);
}

// §3: the defects.

#[test]
fn delays_comparisons_and_arrows_in_place_of_the_form_are_output_contract() {
    for body in [
        "a |=> ##1 x == y",
        "a |=> ##[1:3] x == y",
        "a |=> x <= y",
        "a |=> x = y",
        "a |=> x === y",
        "a -> x == y",
    ] {
        for options in [two_state(), atoms()] {
            let v = one("a", body, &options);
            assert_eq!(v.category, OutputContract, "{body}: {}", v.reason);
            assert!(
                v.reason.starts_with("`g`: malformed"),
                "{body}: {}",
                v.reason
            );
        }
    }
}

#[test]
fn another_correct_property_does_not_hide_a_malformed_one() {
    let reference = "property r; a |=> x == y; endproperty";
    for bad in ["a |=> ##1 x == y", "a |=> x <= y", "a -> x == y"] {
        let output =
            format!("property good; a |=> x == y; endproperty\nproperty bad; {bad}; endproperty");
        let v = score(reference, &output, &two_state()).remove(0);
        assert_eq!(v.category, OutputContract, "{bad}: {}", v.reason);
        assert!(v.reason.starts_with("`bad`"), "{}", v.reason);
    }
}

#[test]
fn calls_keep_their_parentheses_in_ids_and_reasons() {
    let reference = "property r; a |=> x == f(y) && q == $past(z); endproperty";
    let b = reference_behaviors(reference).unwrap();
    let ids: Vec<&str> = b.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids, ["x=f(y)", "q=$past(z)"]);
    let v = score(
        reference,
        "property g; a |=> x == fy; endproperty",
        &two_state(),
    );
    assert_eq!(v[0].reason, "`g` asserts x == fy instead of x == f(y)");
}

#[test]
fn a_bitwise_and_of_a_reduction_is_not_a_logical_and() {
    let reference = "property r; a |=> x == b & &c; endproperty";
    let v = score(
        reference,
        "property g; a |=> x == (b && c); endproperty",
        &two_state(),
    );
    assert_eq!(v[0].category, WrongConsequent, "{}", v[0].reason);
    let v = score(
        reference,
        "property g; a |=> x == b& &c; endproperty",
        &two_state(),
    );
    assert_eq!(v[0].category, Correct);
}

#[test]
fn a_lone_parenthesised_condition_is_one_branch_predicate() {
    let v = one("( e && f )", "!( e && f ) |=> x == y", &two_state());
    assert_eq!(v.category, BranchPolarity, "{}", v.reason);
    assert_eq!(
        v.reason,
        "`g`: conjunct 1 (e && f) of the reference is negated"
    );
    // The same predicate with more after it is numbered the same.
    let v = one(
        "( e && f ) && ( g )",
        "!( e && f ) && g |=> x == y",
        &two_state(),
    );
    assert_eq!(
        v.reason,
        "`g`: conjunct 1 (e && f) of the reference is negated"
    );
}

#[test]
fn lenient_reading_takes_labelled_assertions() {
    let reference = "property r; @(posedge clk) a |-> x == y; endproperty";
    let output =
        "Here is the check:\n```\nchk_x: assert property (@(posedge clk) a |-> x == y);\n```";
    let options = ScoreOptions {
        clock: Some("posedge clk".into()),
        lenient: true,
        ..ScoreOptions::default()
    };
    let v = score(reference, output, &options).remove(0);
    assert_eq!(v.category, Correct, "{}", v.reason);
    assert!(v.reason.starts_with("`chk_x`"), "{}", v.reason);
    let strict = ScoreOptions {
        lenient: false,
        ..options
    };
    assert_eq!(
        score(reference, output, &strict)[0].category,
        OutputContract
    );
}

#[test]
fn an_unterminated_comment_in_lenient_prose_swallows_nothing() {
    let reference = "property r; a |=> x == y; endproperty";
    let output = "Comments start with /* in SystemVerilog.\nproperty g; a |=> x == y; endproperty";
    let lenient = ScoreOptions {
        lenient: true,
        ..ScoreOptions::default()
    };
    assert_eq!(score(reference, output, &lenient)[0].category, Correct);
}

#[test]
fn repeated_behaviors_take_properties_by_meaning() {
    // The same `x = y` under two paths, written in the other order.
    let reference =
        "property r1; a |=> x == y; endproperty\nproperty r2; !a && b |=> x == y; endproperty";
    let output =
        "property g1; !a && b |=> x == y; endproperty\nproperty g2; a |=> x == y; endproperty";
    let v = score(reference, output, &two_state());
    assert!(v.iter().all(|v| v.correct), "{v:?}");
    // Both `p = q` and `q = p`, asserted as `q == p` and `p == q` the other way round.
    let reference =
        "property r1; s |=> p == q; endproperty\nproperty r2; !s |=> q == p; endproperty";
    let output = "property g1; !s |=> p == q; endproperty\nproperty g2; s |=> q == p; endproperty";
    let v = score(reference, output, &two_state());
    assert!(v.iter().all(|v| v.correct), "{v:?}");
}

#[test]
fn a_verbatim_duplicate_is_not_charged_to_another_behavior() {
    let reference =
        "property r1; a |=> x == y; endproperty\nproperty r2; !a |=> x == y; endproperty";
    let output = "property g1; a |=> x == y; endproperty\nproperty g1; a |=> x == y; endproperty";
    let v = score(reference, output, &two_state());
    assert_eq!(v[0].category, Correct, "{}", v[0].reason);
    assert_eq!(v[1].category, MissingProperty, "{}", v[1].reason);
    assert!(
        v[1].reason.contains("none is left for this one"),
        "{}",
        v[1].reason
    );
}

#[test]
fn a_wrong_property_among_repeats_costs_one_behavior() {
    let reference =
        "property r1; a |=> x == y; endproperty\nproperty r2; !a |=> x == y; endproperty";
    let output = "property g1; a |=> x == y; endproperty\nproperty g2; !a |=> x == y; endproperty\nproperty g3; c |=> x == y; endproperty";
    let v = score(reference, output, &two_state());
    let correct = v.iter().filter(|v| v.correct).count();
    assert_eq!(correct, 1, "{v:?}");
    assert!(v[1].reason.starts_with("`g3`"), "{}", v[1].reason);
}

#[test]
fn disable_iff_is_read_into_the_antecedent() {
    let reference = "property r; @(posedge clk) rst_n && a |-> x == y; endproperty";
    let output = "property g; @(posedge clk) disable iff (!rst_n) a |-> x == y; endproperty";
    let options = ScoreOptions {
        clock: Some("posedge clk".into()),
        ..ScoreOptions::default()
    };
    let v = score(reference, output, &options).remove(0);
    assert_eq!(v.category, Correct, "{}", v.reason);
    let output = "property g; @(posedge clk) disable iff (rst_n) a |-> x == y; endproperty";
    assert_eq!(
        score(reference, output, &options)[0].category,
        BranchPolarity
    );
}

#[test]
fn references_with_bit_and_part_selects_are_read() {
    let reference = "property r; a[3] && a[3:0] == 4'b1010 |=> x == y; endproperty";
    for options in [two_state(), atoms()] {
        let grammar = crate::logic::Grammar::of(options.semantics.values());
        let b = reference_behaviors_in(reference, grammar).expect("selects are read");
        let v = score_output(
            &b,
            "property g; a[3:0] == 4'hA && a[3] |=> x == y; endproperty",
            &options,
        );
        assert_eq!(v[0].category, Correct, "{}", v[0].reason);
    }
}

// §4: reasons.

#[test]
fn a_property_that_mentions_lhs_is_named() {
    let v = one("a", "a |=> $stable(x)", &two_state());
    assert_eq!(v.category, MissingProperty);
    assert_eq!(
        v.reason,
        "no property asserts x == y; `g` mentions `x` but in no equality of its consequent"
    );
}

#[test]
fn invisible_characters_in_reasons_are_escaped() {
    let v = one("a", "a\u{200b} |=> x == y", &two_state());
    assert_eq!(v.category, OutputContract);
    assert!(v.reason.contains("\\u{200b}"), "{}", v.reason);
    assert!(!v.reason.contains('\u{200b}'), "{}", v.reason);
}
