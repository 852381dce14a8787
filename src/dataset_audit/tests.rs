//! Unit tests of the audit: pairing, relations, extra conjuncts, sibling branches,
//! errors and counts.

use super::report::ProgramOutcome;
use super::*;
use crate::rtl::{behaviors, path_text};

const NESTED: &str = "if (p) begin\n  q = r;\n  if (s) begin\n    t = u;\n  end\n    if (v) begin\n      w = x;\n    end\nend\n";

fn compared(reference: &str, rtl: &str) -> Vec<Compared> {
    let reference = crate::score::reference_behaviors(reference).expect("reference reads");
    compare_program(
        &reference,
        &behaviors(rtl, None).expect("RTL parses"),
        crate::logic::Semantics::default_ref(),
    )
}

#[test]
fn sibling_if_in_the_reference_is_reference_stronger_with_its_extra_conjunct() {
    let reference = "property a; (p) |=> q == r; endproperty\n\
                     property b; (p) && (s) |=> t == u; endproperty\n\
                     property c; (p) && (s) && (v) |=> w == x; endproperty";
    let got = compared(reference, NESTED);
    let kinds: Vec<Agreement> = got.iter().map(|c| c.agreement).collect();
    assert_eq!(
        kinds,
        [
            Agreement::Equivalent,
            Agreement::Equivalent,
            Agreement::ReferenceStronger
        ]
    );
    let third = &got[2];
    assert_eq!(third.behavior, "w=x");
    assert_eq!(third.extra.iter().map(path_text).collect::<Vec<_>>(), ["s"]);
    assert!(third.missing.is_empty());
    assert_eq!(third.sibling, Some(("t=u".to_string(), 4)));
}

#[test]
fn weaker_incomparable_and_unmatched_behaviors() {
    let reference = "property a; 1 |=> q == r; endproperty\n\
                     property b; (p) && !(s) |=> t == u; endproperty\n\
                     property c; (p) |=> nope == x; endproperty";
    let got = compared(reference, NESTED);
    let kinds: Vec<(String, Agreement)> = got
        .iter()
        .map(|c| (c.behavior.clone(), c.agreement))
        .collect();
    assert_eq!(
        kinds,
        [
            ("q=r".to_string(), Agreement::ReferenceWeaker),
            ("t=u".to_string(), Agreement::Incomparable),
            ("nope=x".to_string(), Agreement::UnmatchedReference),
            ("w=x".to_string(), Agreement::UnmatchedRtl),
        ]
    );
    assert_eq!(
        got[0].missing.iter().map(path_text).collect::<Vec<_>>(),
        ["p"]
    );
}

#[test]
fn repeated_assignments_pair_in_reading_order_and_sides_match_without_white_space() {
    let rtl = "if (a) x = (y);\nelse x = y;\n";
    let reference =
        "property one; a |=> x == y; endproperty\nproperty two; !a |=> x == y; endproperty";
    let got = compared(reference, rtl);
    assert_eq!(
        got.iter().map(|c| c.behavior.as_str()).collect::<Vec<_>>(),
        ["x=y", "x=y#2"]
    );
    assert!(
        got.iter().all(|c| c.agreement == Agreement::Equivalent),
        "{got:?}"
    );
}

#[test]
fn unreadable_references_are_errors_with_a_position() {
    let mut report = AuditReport::default();
    report.begin_input("f.json", "vert");
    let e =
        crate::score::reference_behaviors("property a; (p |=> q == r; endproperty").unwrap_err();
    report.add_program(
        "f.json",
        "0",
        ProgramOutcome::ReferenceError {
            message: e.to_string(),
            xz_literals: 0,
        },
    );
    assert_eq!(report.counts.reference_errors, 1);
    assert_eq!(report.counts.behaviors, 0);
    assert!(
        report.reference_errors[0].message.starts_with("1:"),
        "{}",
        report.reference_errors[0].message
    );
}

#[test]
fn counts_add_up_and_examples_are_capped() {
    let mut report = AuditReport::default();
    report.begin_input("f.json", "vert");
    let reference = "property a; (p) |=> q == r; endproperty\n\
                     property c; (p) && (s) && (v) |=> w == x; endproperty";
    for i in 0..7 {
        let behaviors = compared(reference, NESTED);
        report.add_program(
            "f.json",
            &i.to_string(),
            ProgramOutcome::Compared {
                behaviors,
                xz_literals: 1,
            },
        );
    }
    report.add_program(
        "f.json",
        "7",
        ProgramOutcome::RtlError {
            message: "1:1: bad".into(),
            reference_error: None,
            xz_literals: 0,
        },
    );
    let c = &report.counts;
    assert_eq!(c.programs, 8);
    assert_eq!(c.behaviors, 21);
    assert_eq!(
        c.equivalent + c.reference_stronger + c.reference_weaker + c.incomparable + c.unmatched,
        c.behaviors
    );
    assert_eq!(
        (c.equivalent, c.reference_stronger, c.unmatched_rtl),
        (7, 7, 7)
    );
    assert_eq!(
        (
            c.rtl_errors,
            c.xz_literals,
            c.programs_with_reference_stronger
        ),
        (1, 7, 7)
    );
    assert_eq!(
        report.examples[&Agreement::ReferenceStronger].len(),
        report::EXAMPLES_PER_KIND
    );
    assert_eq!(report.inputs[0].counts, report.counts);
    let json = report.to_json();
    assert_eq!(json["reference_stronger"], 7);
    assert_eq!(
        json["examples"]["reference_stronger"][0]["extra_conjuncts"][0],
        "s"
    );
    assert_eq!(json["rtl_error_examples"][0]["program"], "7");
    assert_eq!(
        json["reference_stronger_by_property"],
        serde_json::json!([0, 7])
    );
}
