//! Tests of declaration parsing: the form of SCORING.md §2 and the reference repairs.

use super::*;
use crate::logic::Grammar;
use crate::sva::extract::{Mode, extract};

fn parse_all(text: &str, dialect: Dialect) -> Vec<Declaration> {
    let e = extract(text, Mode::Lenient);
    e.declarations
        .iter()
        .map(|d| parse_declaration(text, d, dialect))
        .collect()
}

fn one(text: &str, dialect: Dialect) -> Declaration {
    let mut all = parse_all(text, dialect);
    assert_eq!(all.len(), 1, "{text}");
    all.remove(0)
}

fn property(text: &str, dialect: Dialect) -> Property {
    match one(text, dialect) {
        Declaration::Property(p) => p,
        Declaration::Malformed(m) => panic!("{text}: {}", m.reason),
    }
}

fn malformed(text: &str, dialect: Dialect) -> Malformed {
    match one(text, dialect) {
        Declaration::Malformed(m) => m,
        Declaration::Property(p) => panic!("{text} parsed: {p:?}"),
    }
}

#[test]
fn reads_the_body_form() {
    let p = property(
        "property p1; @( posedge  clk ) (a && !b) |-> x == y && (z == 1'b0) endproperty",
        Dialect::Generated,
    );
    assert_eq!(p.name, "p1");
    assert_eq!(p.clock, Some(ClockEvent("posedge clk".into())));
    assert_eq!(p.implication, Implication::Overlapping);
    assert_eq!(p.antecedent.to_string(), "a && !b");
    assert_eq!(
        p.consequent
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>(),
        ["x == y", "z == 1'b0"]
    );
    let p = property("property q; a |=> x == y; endproperty", Dialect::Generated);
    assert_eq!(
        (p.clock, p.implication),
        (None, Implication::NonOverlapping)
    );
}

#[test]
fn two_implications_are_malformed_and_name_their_equalities() {
    let m = malformed(
        "property p; a |-> b |=> x == y; endproperty",
        Dialect::Generated,
    );
    assert_eq!(
        m.reason,
        "two implications (`|->` at 1:15 and `|=>` at 1:21); a property holds exactly one"
    );
    assert_eq!(
        m.named.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        ["x == y"]
    );
}

#[test]
fn unsupported_operators_are_malformed_with_their_position() {
    let text = "property p; a + b |=> x == y; endproperty";
    let m = malformed(text, Dialect::Generated);
    assert!(m.reason.contains('+'), "{}", m.reason);
    assert_eq!(m.at, text.find('+').unwrap());
    assert_eq!(m.named.len(), 1);
    // Bitwise operators are outside the atoms grammar only.
    let text = "property p; a & b |=> x == y; endproperty";
    let e = extract(text, Mode::Lenient);
    let d = parse_declaration_in(text, &e.declarations[0], Dialect::Generated, Grammar::Atoms);
    let Declaration::Malformed(m) = d else {
        panic!("{d:?}")
    };
    assert_eq!(m.at, text.find('&').unwrap());
    assert!(matches!(
        parse_declaration(text, &e.declarations[0], Dialect::Generated),
        Declaration::Property(_)
    ));
    let m = malformed(
        "property p; a ##1 b |=> x == y; endproperty",
        Dialect::Generated,
    );
    assert!(m.reason.contains("##"), "{}", m.reason);
}

#[test]
fn unbalanced_parentheses_are_malformed() {
    let m = malformed(
        "property p; (a && b |=> x == y; endproperty",
        Dialect::Generated,
    );
    assert_eq!(m.reason, "unbalanced parentheses: this `(` is never closed");
    let m = malformed(
        "property p; a && b) |=> x == y; endproperty",
        Dialect::Generated,
    );
    assert_eq!(
        m.reason,
        "unbalanced parentheses: this `)` has no matching `(`"
    );
}

#[test]
fn other_malformed_forms_say_what_was_expected() {
    let cases = [
        ("property p; a == b; endproperty", "no implication"),
        (
            "property p; |=> x == y; endproperty",
            "expected an antecedent",
        ),
        ("property p; a |=> x != y; endproperty", "uses `!=`"),
        ("property p; a |=> x; endproperty", "not an equality"),
        (
            "property p; a -> x == y; endproperty",
            "`->` at 1:15 is logical implication",
        ),
        (
            "property p; a |-> ##1 x == y; endproperty",
            "unsupported `##` in the consequent (a cycle delay",
        ),
        ("property p; a |=> x <= y; endproperty", "uses `<=`"),
        ("property p; a |=> x = y; endproperty", "uses `=`"),
        ("property p; a |=> x === y; endproperty", "uses `===`"),
        (
            "property p; disable iff rst a |=> x == y; endproperty",
            "expected `(` after `disable iff`",
        ),
        (
            "property p; disable iff (rst a |=> x == y; endproperty",
            "never closed",
        ),
        ("property p; a |=> ; endproperty", "expected a consequent"),
        ("property p; endproperty", "empty property body"),
        (
            "property p: a |=> x == y; endproperty",
            "expected `;` after the property name `p`, found `:`",
        ),
        ("property p; a |=> x == y; z == w; endproperty", "after `;`"),
        (
            "property p; @posedge clk a |-> x == y; endproperty",
            "expected `(` after `@`",
        ),
        (
            "property p; a && @(posedge clk) b |-> x == y; endproperty",
            "clock event inside the antecedent",
        ),
    ];
    for (text, expected) in cases {
        let m = malformed(text, Dialect::Generated);
        assert!(m.reason.contains(expected), "{text}: {}", m.reason);
    }
}

/// Found by the fuzz target (it panicked): a clock event with nothing after it.
#[test]
fn a_clock_event_without_a_body_is_malformed_in_both_dialects() {
    for text in [
        "property p2; @(po{edge clk) endproperty",
        "property p; @(posedge clk); endproperty",
    ] {
        for dialect in [Dialect::Generated, Dialect::Reference] {
            let m = malformed(text, dialect);
            assert!(
                m.reason.contains("nothing after the clock event"),
                "{text}: {}",
                m.reason
            );
        }
    }
}

#[test]
fn references_accept_colon_names_and_mid_antecedent_clocks() {
    let p = property(
        "property name: ( f ) == ( 7'h2 ) |=> err_4 == fsm_15 ;endproperty",
        Dialect::Reference,
    );
    assert_eq!(p.antecedent.to_string(), "f == 7'h2");
    let text = "property name; ( f ) != 7'b11111x0 && @(posedge clk_4) ( f ) != 6'h3a  |-> tx_13 == fsm_10; endproperty";
    let p = property(text, Dialect::Reference);
    assert_eq!(p.clock, Some(ClockEvent("posedge clk_4".into())));
    assert_eq!(p.antecedent.atoms().len(), 2);
    // Not at a conjunct boundary: no sensible reading.
    let m = malformed(
        "property name; a || @(posedge c) b |-> x == y; endproperty",
        Dialect::Reference,
    );
    assert!(m.reason.contains("clock event inside"), "{}", m.reason);
}

#[test]
fn references_read_trailing_extra_parentheses_of_a_homogeneous_chain() {
    let text = "property name; ( ( f ) != 7'h1 ) && ( ( f ) != 5'b00111 ) && ( f ) != 7'h5a ) ) |=> fsm_10 == err_18 ; endproperty";
    let p = property(text, Dialect::Reference);
    assert_eq!(p.antecedent.atoms().len(), 3);
    // The same text from a model is malformed.
    assert!(
        malformed(text, Dialect::Generated)
            .reason
            .contains("no matching `(`")
    );
    // A mixed chain is ambiguous: (a && b || c) or a && (b || c)?
    let m = malformed(
        "property name; a && b || c ) |=> x == y; endproperty",
        Dialect::Reference,
    );
    assert_eq!(
        m.reason,
        "unbalanced parentheses: this `)` has no matching `(`"
    );
    let at = "property name; a && b || c ".len();
    assert_eq!(m.at, at);
}

#[test]
fn disable_iff_is_read_and_negated_into_the_antecedent() {
    let p = property(
        "property p; @(posedge clk) disable iff (!rst_n) a && b |-> x == y; endproperty",
        Dialect::Generated,
    );
    assert_eq!(p.clock, Some(ClockEvent("posedge clk".into())));
    assert_eq!(p.disable_iff.as_deref(), Some("!rst_n"));
    assert_eq!(p.antecedent.to_string(), "!!rst_n && a && b");
    let p = property(
        "property p; disable iff (rst) (a && b) |=> x == y; endproperty",
        Dialect::Generated,
    );
    assert_eq!(crate::logic::top_level_conjuncts(&p.antecedent).len(), 2);
}

#[test]
fn malformed_consequents_name_their_equalities() {
    for body in [
        "a |-> ##1 x == y",
        "a |-> ##[1:3] x == y",
        "a |=> x <= y",
        "a |=> x = y",
        "a |=> x === y",
        "a -> x == y",
    ] {
        let text = format!("property p; {body}; endproperty");
        let m = malformed(&text, Dialect::Generated);
        assert_eq!(
            m.named.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
            ["x == y"],
            "{body}: {}",
            m.reason
        );
    }
}

#[test]
fn assertions_read_leniently_are_properties() {
    let text =
        "chk: assert property (@(posedge clk) a |-> x == y);\nassert property (b |=> z == w);";
    let e = extract(text, Mode::Lenient);
    let names: Vec<String> = e
        .declarations
        .iter()
        .map(|d| match parse_declaration(text, d, Dialect::Generated) {
            Declaration::Property(p) => p.name,
            Declaration::Malformed(m) => panic!("{}", m.reason),
        })
        .collect();
    assert_eq!(names, ["chk", "assertion at 2:1"]);
}
