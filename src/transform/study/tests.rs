use super::plan::plan_program;
use super::*;
use crate::study::program::ProgramKind;

const TOGGLE: &str = "module toggle(input clk, input rst, input en, input a, output reg q, output y);\n  localparam ONE = 1'b1;\n  reg seen;\n  assign y = a & en;\n  always @(posedge clk)\n    if (rst) begin q <= 1'b0; seen <= 1'b0; end\n    else if (en && !seen) begin q <= ~q; seen <= ONE; end\nendmodule\n";

fn program(rtl: &str) -> Program {
    Program {
        id: "toggle".into(),
        stratum: "toggle".into(),
        synchronous: true,
        clock: Some("posedge clk".into()),
        rtl: rtl.into(),
        reference: "a: assert property (@(posedge clk) rst |=> !q);".into(),
        kind: ProgramKind::Module,
        top: Some("toggle".into()),
        reset: Some("rst".into()),
        ..Program::default()
    }
}

fn options(kinds: &[Kind]) -> StudyTransformOptions {
    StudyTransformOptions {
        kinds: kinds.to_vec(),
        implementations: Implementations::Canonical,
        prove: ProveOptions::default(),
    }
}

#[test]
fn a_module_gets_each_kind_with_ports_and_module_name_kept() {
    let (planned, refused) = plan_program(0, &program(TOGGLE), &options(&Kind::ALL));
    assert!(refused.is_empty(), "{refused:?}");
    let by_kind = |k: Kind| planned.iter().find(|c| c.kind == k).unwrap();
    assert_eq!(
        by_kind(Kind::T1).rewrite.rtl,
        TOGGLE
            .replace("a & en", "en & a")
            .replace("en && !seen", "!seen && en")
    );
    let t2 = &by_kind(Kind::T2).rewrite;
    let back = t2.rename.as_ref().unwrap();
    assert_eq!(
        back.values().map(String::as_str).collect::<Vec<_>>(),
        ["ONE", "seen"]
    );
    assert!(t2.rtl.starts_with(
        "module toggle(input clk, input rst, input en, input a, output reg q, output y);"
    ));
    assert!(
        by_kind(Kind::T3)
            .rewrite
            .rtl
            .contains("assign y = (a & en);")
    );
    assert_eq!(by_kind(Kind::T3).name, "T3");
    assert_eq!(by_kind(Kind::T3).rtl_name, "toggle.T3.sv");
}

#[test]
fn a_kind_with_nothing_to_do_and_an_existing_variant_are_refused_with_their_reason() {
    let bare = "module m(input clk, input rst, output q);\n  assign q = rst;\nendmodule\n";
    let mut p = program(bare);
    p.top = Some("m".into());
    p.variants.insert("T3".into(), Variant::default());
    let (planned, refused) = plan_program(0, &p, &options(&Kind::ALL));
    assert!(
        planned.is_empty(),
        "{:?}",
        planned.iter().map(|c| &c.rewrite.rtl).collect::<Vec<_>>()
    );
    let words: Vec<_> = refused
        .iter()
        .map(|o| (o.kind, o.refusal.as_ref().unwrap().word()))
        .collect();
    assert_eq!(
        words,
        [
            (Kind::T3, "already there"),
            (Kind::T1, "not applicable"),
            (Kind::T2, "not applicable")
        ]
    );
}

#[test]
fn variant_names_say_their_source() {
    assert_eq!(variant_name(ORIGINAL, Kind::T2), "T2");
    assert_eq!(variant_name("onehot_case", Kind::T1), "onehot_case.T1");
}

#[test]
fn the_report_counts_per_kind() {
    let mut r = StudyTransformReport::new(&[Kind::T1, Kind::T2]);
    let o = |kind, refusal| VariantOutcome {
        program: "p".into(),
        source: ORIGINAL.into(),
        kind,
        name: kind.to_string(),
        refusal,
    };
    r.outcomes = vec![
        o(Kind::T1, None),
        o(Kind::T2, Some(Refusal::NotApplicable("nothing"))),
    ];
    assert_eq!(
        r.render(),
        "program \"p\": T2: not applicable: nothing\nT1: 1 added (proven equivalent)\nT2: 0 added (proven equivalent), 1 not applicable\n"
    );
}

fn outcome(name: &str, status: FormalStatus) -> crate::formal::Outcome {
    crate::formal::Outcome {
        name: name.into(),
        location: crate::formal::Location {
            file: "f".into(),
            line: 1,
            column: 1,
        },
        status,
        vacuous: Some(false),
        reason: "why".into(),
        counterexample: None,
        failure: None,
        referenced_identifiers: vec![],
        non_interface_identifiers: vec![],
        mutants: vec![],
    }
}

fn report(outcomes: Vec<crate::formal::Outcome>) -> Report {
    Report {
        top: None,
        reset: None,
        error: None,
        outcomes,
    }
}

#[test]
fn a_miter_that_fails_or_a_gold_verdict_that_flips_refuses_the_rewrite() {
    let p = program(TOGGLE);
    let (planned, _) = plan_program(0, &p, &options(&[Kind::T1]));
    let c = &planned[0];
    let proofs = |eq: FormalStatus, gold: FormalStatus| Proofs {
        equivalence: report(vec![
            outcome("eq_q", FormalStatus::Pass),
            outcome("eq_y", eq),
        ]),
        gold_source: report(vec![outcome("a", FormalStatus::Pass)]),
        gold_variant: report(vec![outcome("a", gold)]),
    };
    assert_eq!(
        judge(&p, c, &proofs(FormalStatus::Pass, FormalStatus::Pass)).refusal,
        None
    );
    let differs = judge(&p, c, &proofs(FormalStatus::Fail, FormalStatus::Pass))
        .refusal
        .unwrap();
    assert_eq!(differs.word(), "unproven");
    assert!(
        differs.detail().contains("output `y` differs"),
        "{}",
        differs.detail()
    );
    let unknown = judge(&p, c, &proofs(FormalStatus::Unknown, FormalStatus::Pass))
        .refusal
        .unwrap();
    assert_eq!(unknown.word(), "unproven");
    let flip = judge(&p, c, &proofs(FormalStatus::Pass, FormalStatus::Fail))
        .refusal
        .unwrap();
    assert_eq!(flip.word(), "gold flip");
    assert!(
        flip.detail()
            .contains("`a` is pass on the source and fail on the rewrite")
    );
    let empty = Proofs {
        equivalence: report(vec![]),
        ..proofs(FormalStatus::Pass, FormalStatus::Pass)
    };
    assert_eq!(judge(&p, c, &empty).refusal.unwrap().word(), "unproven");
}
