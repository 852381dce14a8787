//! Tests of the figures and the paired view on a small hand-made study: two families
//! of two implementations, one model.

use super::*;
use crate::stats::filter::Filter;
use crate::stats::interval::BootstrapConfig;
use crate::study::{PropertyVerdict, Study};

fn verdict(line: &str) -> PropertyVerdict {
    serde_json::from_str(line).unwrap()
}

/// Family `a` (arbiter): original has one sound property (which catches `m1` of
/// `m1`, `m2`) and one failing; `v` has a failing one only. Family `b` (counter):
/// original's output does not parse; `v` has two sound properties, none catching.
fn study() -> Study {
    let lines = [
        r#"{"program": "a", "variant": "original", "model": "m", "stratum": "arbiter", "index": 0, "interface_only": true, "status": {"status": "pass"}, "mutants": {"m1": {"status": "fail"}, "m2": {"status": "pass"}}}"#,
        r#"{"program": "a", "variant": "original", "model": "m", "stratum": "arbiter", "index": 1, "interface_only": true, "status": {"status": "fail"}}"#,
        r#"{"program": "a", "variant": "v", "model": "m", "stratum": "arbiter", "index": 0, "interface_only": false, "non_interface": ["state"], "status": {"status": "pass"}}"#,
        r#"{"program": "b", "variant": "original", "model": "m", "stratum": "counter", "index": 0, "syntax": {"ok": false, "message": "x"}, "interface_only": true, "status": {"status": "error"}}"#,
        r#"{"program": "b", "variant": "original", "model": "m", "stratum": "counter", "index": 1, "interface_only": true, "status": {"status": "pass"}}"#,
        r#"{"program": "b", "variant": "v", "model": "m", "stratum": "counter", "index": 0, "interface_only": true, "status": {"status": "pass"}, "mutants": {"n1": {"status": "pass"}}}"#,
        r#"{"program": "b", "variant": "v", "model": "m", "stratum": "counter", "index": 1, "interface_only": true, "status": {"status": "pass", "vacuous": true}}"#,
        r#"{"program": "b", "variant": "w", "model": "m", "stratum": "counter", "index": null, "syntax": {"ok": false, "message": "nothing"}}"#,
    ];
    let mut s = Study::new(vec![], vec![], vec![], vec![]);
    s.verdicts = lines.iter().map(|l| verdict(l)).collect();
    s
}

fn config() -> BootstrapConfig {
    BootstrapConfig {
        replicates: 200,
        ..BootstrapConfig::default()
    }
}

#[test]
fn outputs_count_their_properties_and_categories() {
    let study = study();
    let o = outputs(&study);
    let ids: Vec<(&str, &str)> = o
        .iter()
        .map(|o| (o.program.as_str(), o.variant.as_str()))
        .collect();
    assert_eq!(
        ids,
        [
            ("a", "original"),
            ("a", "v"),
            ("b", "original"),
            ("b", "v"),
            ("b", "w")
        ]
    );
    assert_eq!(
        (
            o[0].properties,
            o[0].sound,
            o[0].mutant_checks,
            o[0].mutant_detections
        ),
        (2, 1, 2, 1)
    );
    assert_eq!(o[0].category, "sound");
    assert_eq!(o[1].category, "internal-signal");
    assert!(!o[2].syntax_valid && !o[2].has_sound());
    assert_eq!(o[2].category, "syntax-error");
    assert_eq!(
        (o[3].sound, o[3].category),
        (1, "sound"),
        "a vacuous pass is not sound"
    );
    assert_eq!(o[4].category, "no-property");
}

#[test]
fn figures_follow_equivsvas_definitions() {
    let study = study();
    let o = outputs(&study);
    let refs: Vec<&OutputSummary> = o.iter().collect();
    let m = &model_figures(&refs, &|_| None, &config())[0];
    let f = &m.all;
    let got: Vec<(&str, u64)> = KEYS.iter().map(|&k| (k, f.get(k))).collect();
    assert_eq!(
        got,
        [
            ("outputs", 5),
            ("syntax_valid", 3),
            ("properties", 5),
            ("interface_only", 4),
            ("sound", 2),
            ("tasks", 5),
            ("tasks_with_sound", 2),
            ("families", 2),
            ("families_all_sound", 0),
            ("families_none_sound", 0),
            ("variant_sensitive", 2),
            ("mutant_checks", 3),
            ("mutant_detections", 1),
            ("mutants_caught", 1),
        ]
    );
    assert_eq!(f.get("mutants"), 3, "m1, m2 and n1 seen");
    assert_eq!(f.rates["sound"], Some(0.5));
    let i = f.intervals["syntax_valid"].unwrap();
    assert!(i.lo <= 0.6 && 0.6 <= i.hi, "{i:?}");
    assert_eq!(m.by_variant["v"].get("tasks_with_sound"), 1);
    assert_eq!(m.by_variant["original"].get("families_all_sound"), 1);
    // The same seed gives the same intervals.
    assert_eq!(model_figures(&refs, &|_| None, &config())[0], *m);
    // The counts alone (the TUI's dashboard) are the figures' counts.
    let counts = super::model_counts(&refs, &|_| None);
    assert_eq!(counts.len(), 1);
    assert_eq!(counts[0].0, "m");
    assert_eq!(counts[0].1, f.counts);
    let json = export::to_value(&model_figures(&refs, &|_| Some(3), &config()));
    assert_eq!(json["m"]["sound"], 2);
    assert_eq!(json["m"]["ci95"]["sound"].as_array().unwrap().len(), 2);
    assert_eq!(json["m"]["by_variant"]["w"]["outputs"], 1);
    assert!(
        json["m"]["ci95"].get("outputs").is_none(),
        "a denominator has no interval"
    );
}

#[test]
fn pairs_compare_each_variant_with_the_canonical_output() {
    let study = study();
    let o = outputs(&study);
    let pairs = derived_pairs(&study, &o);
    let got: Vec<(&str, &str, &str)> = pairs
        .iter()
        .map(|p| {
            (
                p.program.as_str(),
                p.variant.as_str(),
                p.flip.unwrap().as_str(),
            )
        })
        .collect();
    assert_eq!(got, [("a", "v", "CW"), ("b", "v", "WC"), ("b", "w", "WW")]);
    assert_eq!(pairs[0].behavior, SOUND_BEHAVIOR);
    assert_eq!(pairs[0].trans.category.as_deref(), Some("internal-signal"));
    let f = |e: &str| Filter::parse(e).unwrap().matches(&pairs[0]);
    assert!(f(
        "category=arbiter flip=CW trans=internal-signal base=sound"
    ));
    assert!(!f("category=counter"));
    let r = rows(&o, |_| None);
    let arb = Filter::parse("category=arbiter").unwrap();
    assert_eq!(r.iter().filter(|row| arb.matches(*row)).count(), 2);
    assert!(r[0].is_canonical());
    assert_eq!(crate::stats::row::FilterRow::flip(&r[0]), "CC");
}

/// Two samples of each output of family `a`: sample 0 as in [`study`], sample 1 with
/// the canonical output failing and `v` sound.
fn sampled() -> Study {
    let mut s = study();
    s.verdicts.retain(|v| v.program == "a");
    let more = [
        r#"{"program": "a", "variant": "original", "model": "m", "sample": 1, "stratum": "arbiter", "index": 0, "interface_only": true, "status": {"status": "fail"}}"#,
        r#"{"program": "a", "variant": "v", "model": "m", "sample": 1, "stratum": "arbiter", "index": 0, "interface_only": true, "status": {"status": "pass"}}"#,
    ];
    s.verdicts.extend(more.iter().map(|l| verdict(l)));
    s
}

#[test]
fn several_samples_are_several_outputs_paired_sample_by_sample() {
    let study = sampled();
    let o = outputs(&study);
    let ids: Vec<(&str, u32, u64)> = o
        .iter()
        .map(|o| (o.variant.as_str(), o.sample, o.sound))
        .collect();
    assert_eq!(
        ids,
        [
            ("original", 0, 1),
            ("original", 1, 0),
            ("v", 0, 0),
            ("v", 1, 1)
        ]
    );
    let pairs = derived_pairs(&study, &o);
    let got: Vec<(Option<u32>, &str)> = pairs
        .iter()
        .map(|p| (p.sample, p.flip.unwrap().as_str()))
        .collect();
    assert_eq!(
        got,
        [(None, "CW"), (Some(1), "WC")],
        "each sample with its own canonical output"
    );
    let r = rows(&o, |_| None);
    let samples: Vec<(u32, bool)> = r
        .iter()
        .map(|row| {
            (
                crate::stats::row::FilterRow::sample(row),
                crate::stats::row::FilterRow::base_correct(row),
            )
        })
        .collect();
    assert_eq!(samples, [(0, true), (1, false), (0, true), (1, false)]);
    let refs: Vec<&OutputSummary> = o.iter().collect();
    let f = &model_figures(&refs, &|_| None, &config())[0].all;
    assert_eq!(
        (
            f.get("outputs"),
            f.get("tasks_with_sound"),
            f.get("families")
        ),
        (4, 2, 1)
    );
    assert_eq!(f.get("variant_sensitive"), 1);
}

#[test]
fn samples_that_differ_alone_do_not_make_a_family_variant_sensitive() {
    // Sample 0: both implementations have one sound property; sample 1: both none.
    let lines = [
        r#"{"program": "a", "variant": "original", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass"}}"#,
        r#"{"program": "a", "variant": "v", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass"}}"#,
        r#"{"program": "a", "variant": "original", "model": "m", "sample": 1, "index": 0, "interface_only": true, "status": {"status": "fail"}}"#,
        r#"{"program": "a", "variant": "v", "model": "m", "sample": 1, "index": 0, "interface_only": true, "status": {"status": "fail"}}"#,
    ];
    let mut s = Study::new(vec![], vec![], vec![], vec![]);
    s.verdicts = lines.iter().map(|l| verdict(l)).collect();
    let o = outputs(&s);
    let refs: Vec<&OutputSummary> = o.iter().collect();
    let f = &model_figures(&refs, &|_| None, &config())[0].all;
    assert_eq!(f.get("variant_sensitive"), 0, "only the samples differ");
    assert_eq!(
        (f.get("families_all_sound"), f.get("families_none_sound")),
        (0, 0)
    );
}
