//! Scoring the hand-made study of `tests/fixtures/score-study/`.

use std::path::PathBuf;

use super::*;
use crate::study::{Generation, load_study};

fn fixture() -> Study {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/score-study");
    load_study(&[dir]).expect("the fixture loads")
}

fn score(study: &Study, oracle: Oracle) -> ScoreReport {
    let options = StudyOptions {
        oracle,
        lenient: false,
    };
    score_study(study, &options, &ParseCache::disabled())
}

fn rows(report: &ScoreReport) -> Vec<String> {
    report
        .pairs
        .iter()
        .map(|p| {
            format!(
                "{} {} {} {} {} {} {}",
                p.model,
                p.variant,
                p.program,
                p.behavior,
                p.base.category.as_deref().unwrap(),
                p.trans.category.as_deref().unwrap(),
                p.flip_class()
            )
        })
        .collect()
}

#[test]
fn reference_oracle_pairs_in_order_with_flip_classes() {
    let report = score(&fixture(), Oracle::Reference);
    assert_eq!(
        rows(&report),
        [
            "m1 T1 p1 x=y correct correct CC",
            "m1 T1 p2 x=y correct extra-predicate CW",
            "m1 T1 p3 x=y correct correct CC",
            "m1 T1 p3 z=w dropped-predicate correct WC",
            "m1 T2 p1 x=y correct correct CC",
            "m1 T3 p1 x=y correct branch-polarity CW",
            "m2 T1 p1 x=y missing-property correct WC",
            "m2 T1 p2 x=y wrong-consequent boolean-structure WW",
            "m2 T3 p1 x=y missing-property output-contract WW",
        ]
    );
    let p = &report.pairs[0];
    assert_eq!(p.stratum, "if/async");
    assert_eq!(p.extra["oracle"], "reference");
    assert!(
        p.base
            .property
            .as_deref()
            .unwrap()
            .starts_with("property g;")
    );
    assert_eq!(p.pair_hash.as_ref().map(String::len), Some(64));
    assert!(report.dropped_behaviors.is_empty());
}

#[test]
fn unparsable_reference_and_missing_generations_are_reported() {
    let report = score(&fixture(), Oracle::Reference);
    assert_eq!(report.unscorable_programs.len(), 1);
    let u = &report.unscorable_programs[0];
    assert_eq!(u.program, "p4");
    assert!(u.reason.starts_with("reference 1:16: "), "{}", u.reason);
    assert!(report.pairs.iter().all(|p| p.program != "p4"));
    let missing: Vec<_> = report
        .missing_generations
        .iter()
        .map(|m| format!("{} {} {}", m.model, m.program, m.variant))
        .collect();
    assert_eq!(
        missing,
        ["m2 p1 T2", "m2 p3 T1", "m2 p3 original"],
        "p4's generations are not reported: the program is unscorable"
    );
}

#[test]
fn rtl_oracle_uses_the_rtl_path_of_the_sibling_if() {
    let study = fixture();
    let reference = score(&study, Oracle::Reference);
    let rtl = score(&study, Oracle::Rtl);
    assert_eq!(rtl.pairs.len(), reference.pairs.len());
    let z = |r: &ScoreReport| {
        r.pairs
            .iter()
            .find(|p| p.program == "p3" && p.behavior == "z=w")
            .unwrap()
            .clone()
    };
    // The model wrote the RTL path `a && c`; the reference wants `a && b && c`.
    assert_eq!(z(&reference).flip_class(), FlipClass::WC);
    assert_eq!(z(&rtl).flip_class(), FlipClass::CW);
    assert_eq!(z(&rtl).trans.category.as_deref(), Some("extra-predicate"));
    assert_eq!(z(&rtl).extra["oracle"], "rtl");
    // Everywhere else the two oracles agree.
    let others = |r: &ScoreReport| {
        r.pairs
            .iter()
            .filter(|p| p.behavior != "z=w")
            .map(|p| p.flip_class())
            .collect::<Vec<_>>()
    };
    assert_eq!(others(&reference), others(&rtl));
}

#[test]
fn rtl_oracle_drops_behaviors_without_rtl_assignment_and_reports_bad_rtl() {
    let mut study = fixture();
    let mut p = study.programs[0].clone();
    p.id = "q".into();
    p.variants.clear();
    p.reference = "property r; a |=> x == y && u == v; endproperty".into();
    let mut bad = p.clone();
    bad.id = "bad".into();
    bad.rtl = "if (a begin x = y; end".into();
    let generation = |program: &str, variant: &str| Generation {
        program: program.into(),
        variant: variant.into(),
        model: "m1".into(),
        output: "property g; a |=> x == y; endproperty".into(),
        shots: None,
        sample: None,
        external: None,
        meta: None,
        extra: Default::default(),
    };
    p.variants
        .insert("T1".into(), study.programs[0].variants["T1"].clone());
    let generations = vec![generation("q", "original"), generation("q", "T1")];
    study = Study::new(vec![p, bad], generations, Vec::new(), Vec::new());
    let report = score(&study, Oracle::Rtl);
    assert_eq!(
        report.dropped_behaviors,
        [DroppedBehavior {
            program: "q".into(),
            behavior: "u=v".into()
        }]
    );
    assert_eq!(rows(&report), ["m1 T1 q x=y correct correct CC"]);
    assert_eq!(report.unscorable_programs.len(), 1);
    assert_eq!(report.unscorable_programs[0].program, "bad");
    assert!(
        report.unscorable_programs[0].reason.starts_with("rtl "),
        "{}",
        report.unscorable_programs[0].reason
    );
    // The reference oracle keeps u=v (scored missing-property).
    let report = score(&study, Oracle::Reference);
    assert_eq!(report.pairs.len(), 2);
    assert!(report.dropped_behaviors.is_empty());
}

#[test]
fn scoring_is_deterministic() {
    let study = fixture();
    assert_eq!(
        score(&study, Oracle::Rtl).pairs,
        score(&study, Oracle::Rtl).pairs
    );
}
