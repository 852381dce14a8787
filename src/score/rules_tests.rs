//! One test per rule of SCORING.md (§1-§6), through `reference_behaviors` and
//! `score_output`.

use std::collections::HashMap;

use super::*;

const REF_ASYNC: &str = "property r1; (a && b) |=> x == y && z == w; endproperty\n\
                         property r2; (a && b) && (c || d) |=> q == r; endproperty";

fn async_opts() -> ScoreOptions {
    ScoreOptions::default()
}

fn sync_opts() -> ScoreOptions {
    ScoreOptions {
        clock: Some("posedge clk".into()),
        ..ScoreOptions::default()
    }
}

fn score(reference: &str, output: &str, options: &ScoreOptions) -> Vec<Verdict> {
    let behaviors = reference_behaviors(reference).expect("reference parses");
    score_output(&behaviors, output, options)
}

/// (behavior id, category) of every verdict.
fn categories(reference: &str, output: &str, options: &ScoreOptions) -> Vec<(String, Category)> {
    score(reference, output, options)
        .into_iter()
        .map(|v| (v.behavior_id, v.category))
        .collect()
}

fn category_of(reference: &str, output: &str, options: &ScoreOptions, id: &str) -> Verdict {
    score(reference, output, options)
        .into_iter()
        .find(|v| v.behavior_id == id)
        .expect(id)
}

fn single(antecedent: &str) -> Verdict {
    let reference = "property r; (a && b) && (c || d) && !e |=> x == y; endproperty";
    let output = format!("property g; {antecedent} |=> x == y; endproperty");
    score(reference, &output, &async_opts()).remove(0)
}

use Category::*;

// §2 reading the output

#[test]
fn s2_comments_and_white_space_are_ignored() {
    let out = "// ours\n/* block */ property  g1 ;(a&&b)|=>x==y&&z==w;endproperty\nproperty g2; a && b && (d || c) |=> q == r; endproperty // end";
    assert!(
        score(REF_ASYNC, out, &async_opts())
            .iter()
            .all(|v| v.correct)
    );
}

#[test]
fn s2_strict_anything_else_breaks_the_contract_for_the_whole_output() {
    let good = "property g1; a && b |=> x == y && z == w; endproperty";
    for extra in [
        "Here it is.",
        "```",
        "assert property (g1);",
        "always @(posedge clk) x <= y;",
    ] {
        let v = score(REF_ASYNC, &format!("{good}\n{extra}"), &async_opts());
        assert!(
            v.iter().all(|v| v.category == OutputContract),
            "{extra}: {v:?}"
        );
        assert!(
            v[0].reason
                .contains("strict output holds only property declarations")
        );
    }
    let v = score(REF_ASYNC, "property g1; a && b |=> x == y;", &async_opts());
    assert!(
        v.iter()
            .all(|v| v.category == OutputContract && v.reason.contains("no `endproperty`"))
    );
}

#[test]
fn s2_empty_output_is_missing_property() {
    for out in ["", "  \n", "// only a comment\n/* and another */"] {
        assert!(
            score(REF_ASYNC, out, &async_opts())
                .iter()
                .all(|v| v.category == MissingProperty),
            "{out:?}"
        );
    }
}

#[test]
fn s2_lenient_uses_every_well_formed_declaration() {
    let out = "Sure! Here are the properties:\n```systemverilog\nproperty g1; a && b |=> x == y; endproperty\nassert property (g1);\n```";
    let lenient = ScoreOptions {
        lenient: true,
        ..async_opts()
    };
    let v = categories(REF_ASYNC, out, &lenient);
    assert_eq!(v[0], ("x=y".to_string(), Correct));
    assert_eq!(v[1].1, MissingProperty);
    assert!(
        categories(REF_ASYNC, out, &async_opts())
            .iter()
            .all(|c| c.1 == OutputContract)
    );
    let none = categories(REF_ASYNC, "No properties today.", &lenient);
    assert!(none.iter().all(|c| c.1 == MissingProperty));
}

#[test]
fn s2_malformed_declarations_break_the_contract_for_the_lhs_they_name() {
    let out =
        "property g1; a |-> b |=> x == y; endproperty\nproperty g2; a && b |=> z == w; endproperty";
    let v = score(REF_ASYNC, out, &async_opts());
    assert_eq!(v[0].category, OutputContract);
    assert!(v[0].reason.contains("two implications"), "{}", v[0].reason);
    assert_eq!(v[1].category, Correct);
    assert_eq!(
        v[2].category, MissingProperty,
        "q is not named, so g1 is ignored for it"
    );
    let v = category_of(
        REF_ASYNC,
        "property g1; a + b |=> x == y; endproperty",
        &async_opts(),
        "x=y",
    );
    assert_eq!(v.category, OutputContract);
    assert!(v.reason.contains("`+`"), "{}", v.reason);
    let v = category_of(
        REF_ASYNC,
        "property g1; (a && b |=> x == y; endproperty",
        &async_opts(),
        "x=y",
    );
    assert!(v.reason.contains("unbalanced parentheses"), "{}", v.reason);
    // The malformed rule follows the lhs, whatever the rhs.
    let v = category_of(
        REF_ASYNC,
        "property g1; a |-> b |=> x == nope; endproperty",
        &async_opts(),
        "x=y",
    );
    assert_eq!(v.category, OutputContract);
}

#[test]
fn s2_renaming_maps_identifiers_back_token_by_token() {
    let rename = HashMap::from([
        ("v_a".to_string(), "a".to_string()),
        ("v_x".into(), "x".into()),
        ("clk2".into(), "clk".into()),
    ]);
    let opts = ScoreOptions {
        rename,
        ..sync_opts()
    };
    let reference = "property r; @(posedge clk) a && a_b |-> x == y; endproperty";
    let out = "property g; @(posedge clk2) v_a && a_b |-> v_x == y; endproperty";
    let v = score(reference, out, &opts);
    assert_eq!(v[0].category, Correct, "{}", v[0].reason);
    // No substring renaming: v_a_b stays v_a_b, which is not a_b.
    let out = "property g; @(posedge clk2) v_a && v_a_b |-> v_x == y; endproperty";
    assert_ne!(score(reference, out, &opts)[0].category, Correct);
}

// §3 output contract

#[test]
fn s3_synchronous_needs_the_program_clock_and_overlapping_implication() {
    let reference = "property r; @(posedge clk) a |-> x == y; endproperty";
    let cases = [
        ("@( posedge   clk ) a |-> x == y", Correct, ""),
        (
            "@(posedge clk) a |=> x == y",
            OutputContract,
            "uses |=> but a synchronous record needs |->",
        ),
        (
            "a |-> x == y",
            OutputContract,
            "no clock event, but a synchronous record needs @(posedge clk)",
        ),
        (
            "@(negedge clk) a |-> x == y",
            OutputContract,
            "clock event @(negedge clk) differs from the program clock @(posedge clk)",
        ),
        (
            "@(posedge clk2) a |-> x == y",
            OutputContract,
            "differs from the program clock",
        ),
    ];
    for (body, category, reason) in cases {
        let v = score(
            reference,
            &format!("property g; {body}; endproperty"),
            &sync_opts(),
        )
        .remove(0);
        assert_eq!(v.category, category, "{body}: {}", v.reason);
        assert!(v.reason.contains(reason), "{body}: {}", v.reason);
    }
    let at_clock = ScoreOptions {
        clock: Some("@(posedge clk)".into()),
        ..ScoreOptions::default()
    };
    assert!(
        score(
            reference,
            "property g; @(posedge clk) a |-> x == y; endproperty",
            &at_clock
        )[0]
        .correct
    );
}

#[test]
fn s3_asynchronous_needs_no_event_and_next_cycle_implication() {
    let v = single_async("a && b |-> x == y");
    assert_eq!(
        (v.category, v.reason.as_str()),
        (
            OutputContract,
            "`g`: uses |-> but an asynchronous record needs |=>"
        )
    );
    let v = single_async("@(posedge clk) a && b |=> x == y");
    assert_eq!(v.category, OutputContract);
    assert!(
        v.reason
            .contains("has clock event @(posedge clk), but an asynchronous record has none")
    );
}

fn single_async(body: &str) -> Verdict {
    score(
        "property r; a && b |=> x == y; endproperty",
        &format!("property g; {body}; endproperty"),
        &async_opts(),
    )
    .remove(0)
}

#[test]
fn s3_contract_comes_before_the_antecedent() {
    // Breaks the contract AND has a wrong antecedent: output-contract.
    let v = single_async("!a && b |-> x == y");
    assert_eq!(v.category, OutputContract);
}

// §4 matching

#[test]
fn s4_equalities_match_in_either_orientation_on_canonical_text() {
    let v = single_async("(a && b) |=> ((y)) == x");
    assert_eq!(v.category, Correct, "{}", v.reason);
}

#[test]
fn s4_wrong_consequent_when_lhs_is_equated_to_something_else() {
    let v = single_async("a && b |=> x == z");
    assert_eq!(v.category, WrongConsequent);
    assert_eq!(v.reason, "`g` asserts x == z instead of x == y");
    let v = single_async("a && b |=> z == x");
    assert_eq!(v.category, WrongConsequent);
}

#[test]
fn s4_an_equality_that_is_another_behavior_is_not_wrong_consequent() {
    let reference =
        "property r1; a |=> x == y; endproperty\nproperty r2; !a |=> x == z; endproperty";
    let v = categories(
        reference,
        "property g; !a |=> x == z; endproperty",
        &async_opts(),
    );
    assert_eq!(
        v,
        [("x=y".into(), MissingProperty), ("x=z".into(), Correct)]
    );
}

#[test]
fn s4_missing_property_when_nothing_names_lhs() {
    let v = single_async("a && b |=> q == y");
    assert_eq!(v.category, MissingProperty);
    assert_eq!(v.reason, "no property asserts x == y or mentions `x`");
}

#[test]
fn s4_several_matches_are_correct_only_if_all_are_first_wrong_in_output_order() {
    let both = "property g1; a && b |=> x == y; endproperty\nproperty g2; a |=> y == x; endproperty\nproperty g3; a && b |-> x == y; endproperty";
    let v = score(
        "property r; a && b |=> x == y; endproperty",
        both,
        &async_opts(),
    )
    .remove(0);
    assert_eq!(v.category, DroppedPredicate, "{}", v.reason);
    assert!(v.reason.starts_with("`g2`"), "{}", v.reason);
    let right =
        "property g1; a && b |=> x == y; endproperty\nproperty g2; b && a |=> y == x; endproperty";
    assert!(
        score(
            "property r; a && b |=> x == y; endproperty",
            right,
            &async_opts()
        )[0]
        .correct
    );
}

#[test]
fn s4_repeated_behaviors_pair_with_matching_properties_by_meaning() {
    let reference =
        "property r1; a |=> x == y; endproperty\nproperty r2; !a && b |=> x == y; endproperty";
    let out =
        "property g1; a |=> x == y; endproperty\nproperty g2; !a && b |=> x == y; endproperty";
    assert_eq!(
        categories(reference, out, &async_opts()),
        [("x=y".into(), Correct), ("x=y#2".into(), Correct)]
    );
    // By meaning, not by reading order (issue 14): the properties written in the
    // other order still make both behaviors correct.
    let swapped =
        "property g1; !a && b |=> x == y; endproperty\nproperty g2; a |=> x == y; endproperty";
    let v = categories(reference, swapped, &async_opts());
    assert!(v.iter().all(|c| c.1 == Correct), "{v:?}");
    let only_one = "property g1; a |=> x == y; endproperty";
    let v = score(reference, only_one, &async_opts());
    assert_eq!((v[0].category, v[1].category), (Correct, MissingProperty));
    // The reason counts the repeats (worded for matching by meaning, issue 14).
    assert!(
        v[1].reason
            .contains("none is left for this one (behavior 2 of 2"),
        "{}",
        v[1].reason
    );
}

// §1 behaviors

#[test]
fn s1_behaviors_carry_their_property_antecedent() {
    let b = reference_behaviors(REF_ASYNC).unwrap();
    assert_eq!(
        b.iter().map(|b| b.id.as_str()).collect::<Vec<_>>(),
        ["x=y", "z=w", "q=r"]
    );
    assert_eq!(b[2].antecedent.to_string(), "(a && b) && (c || d)");
}

#[test]
fn s1_the_antecedent_is_replaceable_for_the_rtl_oracle() {
    let mut b = reference_behaviors("property r; a && b && c |=> x == y; endproperty").unwrap();
    let out = "property g; a && b |=> x == y; endproperty";
    assert_eq!(
        score_output(&b, out, &async_opts())[0].category,
        DroppedPredicate
    );
    b[0].antecedent = crate::logic::parse_expr("b && a").unwrap();
    assert_eq!(score_output(&b, out, &async_opts())[0].category, Correct);
}

// §5 and §6 antecedent categories

#[test]
fn s6_correct_is_propositional_equivalence() {
    for g in [
        "a && b && (c || d) && !e",
        "!e && (d || c) && b && a",
        "((a && b)) && !(e) && (c || d)",
        "a && b && !(!(c) && !d) && !e",
    ] {
        let v = single(g);
        assert_eq!(v.category, Correct, "{g}: {}", v.reason);
    }
}

#[test]
fn s6_branch_polarity_negated_conjuncts_or_one_flipped_atom() {
    let v = single("a && b && !(c || d) && !e");
    assert_eq!(v.category, BranchPolarity, "{}", v.reason);
    assert!(v.reason.contains("is negated"), "{}", v.reason);
    let v = single("!(a && b) && (c || d) && e");
    assert_eq!(v.category, BranchPolarity, "{}", v.reason);
    let v = single("a && b && (c || d) && e");
    assert_eq!(v.category, BranchPolarity, "{}", v.reason);
}

#[test]
fn s6_dropped_predicate_is_weaker_over_fewer_atoms() {
    let v = single("a && b && (c || d)");
    assert_eq!(v.category, DroppedPredicate);
    assert_eq!(
        v.reason,
        "`g`: antecedent misses !e: the reference implies it, not the converse"
    );
}

#[test]
fn s6_extra_predicate_is_stronger_over_more_atoms() {
    let v = single("a && b && (c || d) && !e && f");
    assert_eq!(v.category, ExtraPredicate);
    assert_eq!(
        v.reason,
        "`g`: antecedent adds f: it implies the reference, not the converse"
    );
}

#[test]
fn s6_boolean_structure_is_everything_else() {
    for g in [
        "a || b || c || d || !e",
        "a && b && c && d && !e && (c || d)",
        "a && b && (c || d) && !e && !a",
    ] {
        let v = single(g);
        assert!(
            matches!(v.category, BooleanStructure | ExtraPredicate),
            "{g}: {:?} {}",
            v.category,
            v.reason
        );
    }
    let v = single("a || b || c || d || !e");
    assert_eq!(v.category, BooleanStructure);
    assert!(
        v.reason.contains("weaker than the reference"),
        "{}",
        v.reason
    );
    // Stronger, but over the same atoms: not extra-predicate.
    let v = single("a && b && c && d && !e");
    assert_eq!(v.category, BooleanStructure, "{}", v.reason);
    assert!(
        v.reason
            .contains("stronger than the reference, over the same atoms"),
        "{}",
        v.reason
    );
}

#[test]
fn verdicts_carry_the_deciding_property_text() {
    let v = single("a && b && (c || d)");
    assert_eq!(
        v.property.as_deref(),
        Some("property g; a && b && (c || d) |=> x == y; endproperty")
    );
    assert_eq!(single_async("a && b |=> q == y").property, None);
}

#[test]
fn s4_a_reversed_equality_that_is_its_own_behavior_matches_only_that_one() {
    // VERT ifdataset-not-else record 1288: `cfg_1 = reg_12` and `reg_12 = cfg_1`.
    let reference = "property r1; a |=> cfg_1 == reg_12; endproperty\nproperty r2; a && b |=> reg_12 == cfg_1; endproperty";
    let out = "property g1; a |=> cfg_1 == reg_12; endproperty\nproperty g2; a && b |=> reg_12 == cfg_1; endproperty";
    assert!(
        score(reference, out, &async_opts())
            .iter()
            .all(|v| v.correct)
    );
}

#[test]
fn s6_reasons_name_compound_predicates_whole() {
    let v = single("a && b && !e");
    assert_eq!(v.category, DroppedPredicate);
    assert_eq!(
        v.reason,
        "`g`: antecedent misses (c || d): the reference implies it, not the converse"
    );
    let v = single("a && b && !(c || d) && !e");
    assert_eq!(
        v.reason,
        "`g`: conjunct 2 (c || d) of the reference is negated"
    );
}

#[test]
fn s4_an_equality_that_is_another_behavior_in_either_orientation_is_not_wrong_consequent() {
    // `x == a` is behavior (x, a); it names `a`, the lhs of (a, y), on its right side.
    let reference =
        "property r1; s |=> a == y; endproperty\nproperty r2; t |=> x == a; endproperty";
    for output in [
        "property g; t |=> x == a; endproperty",
        "property g; t |=> a == x; endproperty",
    ] {
        let v = categories(reference, output, &async_opts());
        assert_eq!(
            v,
            [("a=y".into(), MissingProperty), ("x=a".into(), Correct)],
            "{output}"
        );
    }
    let v = categories(
        reference,
        "property g; t |=> q == a; endproperty",
        &async_opts(),
    );
    assert_eq!(v[0], ("a=y".into(), WrongConsequent));
}

#[test]
fn s2_a_malformed_declaration_names_lhs_on_either_side_of_an_equality() {
    let v = category_of(
        REF_ASYNC,
        "property g1; a + b |=> nope == x; endproperty",
        &async_opts(),
        "x=y",
    );
    assert_eq!(v.category, OutputContract, "{}", v.reason);
    let v = category_of(
        REF_ASYNC,
        "property g1; a + b |=> nope == y; endproperty",
        &async_opts(),
        "x=y",
    );
    assert_eq!(v.category, MissingProperty, "{}", v.reason);
}

#[test]
fn s6_branch_polarity_negated_conjuncts_equivalent_to_an_unsatisfiable_antecedent() {
    let verdict = |reference: &str, generated: &str| {
        let reference = format!("property r; {reference} |=> x == y; endproperty");
        let output = format!("property g; {generated} |=> x == y; endproperty");
        score(&reference, &output, &async_opts()).remove(0)
    };
    // Negating the single conjunct `1'b1` gives `0`, equivalent to G.
    assert_eq!(verdict("1'b1", "1'b0").category, BranchPolarity);
    // Negating `(a || b)` gives `a && !(a || b)`, unsatisfiable like G.
    let v = verdict("a && (a || b)", "1'b0");
    assert_eq!(v.category, BranchPolarity);
    assert!(v.reason.contains("conjunct 2 (a || b)"), "{}", v.reason);
    // Beyond the truth-table path: the same answer.
    let many: Vec<String> = (1..=13).map(|i| format!("a{i}")).collect();
    let v = verdict(&format!("{} && (a1 || b)", many.join(" && ")), "0");
    assert_eq!(v.category, BranchPolarity);
    assert!(v.reason.contains("conjunct 14 (a1 || b)"), "{}", v.reason);
    // Every negation of `a && b` is satisfiable: not a polarity flip.
    assert_eq!(verdict("a && b", "0").category, BooleanStructure);
}

#[test]
fn s6_branch_polarity_flips_an_atom_not_one_of_its_occurrences() {
    let verdict = |reference: &str, generated: &str| {
        let reference = format!("property r; {reference} |=> x == y; endproperty");
        let output = format!("property g; {generated} |=> x == y; endproperty");
        score(&reference, &output, &async_opts()).remove(0)
    };
    // G is a && !b: it adds !b; flipping one of its two `a`s would give R, but no atom
    // of G flipped everywhere does.
    assert_eq!(verdict("a", "a && !(a && b)").category, ExtraPredicate);
    assert_eq!(
        verdict("(a && b) || (!a && c)", "(a && b) || (a && c)").category,
        BooleanStructure
    );
    // Flipping every occurrence still counts.
    assert_eq!(
        verdict("(a && b) || (a && c)", "(!a && b) || (!a && c)").category,
        BranchPolarity
    );
}

/// §6: the categories are checked in order and the first that applies is the verdict,
/// also when a later one would apply too.
#[test]
fn s6_the_first_category_that_applies_is_the_verdict() {
    let reference = "property r; (a && b) |=> x == y; endproperty";
    let verdict = |output: &str| score(reference, output, &async_opts()).remove(0).category;
    // 1 before 5: a matched property that breaks the contract (`|->` in an
    // asynchronous record) and drops a predicate. (A property that matches no behavior
    // gives no contract verdict: §3 speaks of the behaviors it matches.)
    assert_eq!(
        verdict("property g; a |-> x == y; endproperty"),
        OutputContract
    );
    assert_eq!(
        verdict("property g; (a && b) |-> x == z; endproperty"),
        WrongConsequent
    );
    // 1 before 5: a contract break (strict text outside) with a dropped predicate.
    assert_eq!(
        verdict("Sure:\nproperty g; a |=> x == y; endproperty"),
        OutputContract
    );
    // 2 before 3: a correct antecedent with the wrong consequent.
    assert_eq!(
        verdict("property g; (b && a) |=> x == z; endproperty"),
        WrongConsequent
    );
    // 3 before 4: equivalent to R although a flip of an atom of G also relates them.
    assert_eq!(
        verdict("property g; !(!a || !b) |=> x == y; endproperty"),
        Correct
    );
    // 4 before 7: the lone `if` condition `(a && b)` is one branch predicate; its
    // negation is branch-polarity, negating both of its atoms is not (issue 14).
    assert_eq!(
        verdict("property g; !(a && b) |=> x == y; endproperty"),
        BranchPolarity
    );
    assert_eq!(
        verdict("property g; (!a && !b) |=> x == y; endproperty"),
        BooleanStructure
    );
    // With two branch predicates, both negated: same atoms, neither weaker nor
    // stronger, still branch-polarity.
    assert_eq!(
        score(
            "property r; a && b |=> x == y; endproperty",
            "property g; (!a && !b) |=> x == y; endproperty",
            &async_opts()
        )[0]
        .category,
        BranchPolarity
    );
    // One negated conjunct, the other kept: branch-polarity.
    assert_eq!(
        verdict("property g; (!a && b) |=> x == y; endproperty"),
        BranchPolarity
    );
    // 5 and 6 exclude each other; 7 takes the rest.
    assert_eq!(
        verdict("property g; a |=> x == y; endproperty"),
        DroppedPredicate
    );
    assert_eq!(
        verdict("property g; a && b && c |=> x == y; endproperty"),
        ExtraPredicate
    );
    assert_eq!(
        verdict("property g; (a || b) |=> x == y; endproperty"),
        BooleanStructure
    );
}
