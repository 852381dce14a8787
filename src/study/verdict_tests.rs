use super::*;
use crate::study::jsonl::parse_line;

const FULL: &str = r#"{"program": "arbiter_0007", "variant": "nested_if", "model": "qwen2.5-coder-7b", "index": 2, "name": "p_grant0_done", "text": "property p_grant0_done; @(posedge clk) disable iff (rst) grant0 |-> done; endproperty", "read": {"strict": false, "lenient": true}, "syntax": {"ok": true}, "interface_only": true, "status": {"status": "fail", "reason": "counterexample at cycle 2", "counterexample": {"cycles": 3}}, "transfer": {"original": {"status": "fail"}, "onehot_case": {"status": "pass", "vacuous": true}}, "mutants": {}, "sound": false, "external": {"source": "equivsva", "status": "fail", "sby_returncode": 2}}"#;

#[test]
fn a_full_line_reads_and_round_trips() {
    let (_, v): (usize, PropertyVerdict) = parse_line("verdicts.jsonl", 1, FULL).unwrap();
    assert_eq!(v.index, Some(2));
    assert_eq!(
        v.read,
        Reading {
            strict: false,
            lenient: true
        }
    );
    let status = v.status.as_ref().unwrap();
    assert_eq!(status.status, FormalStatus::Fail);
    assert_eq!(status.counterexample.as_ref().unwrap()["cycles"], 3);
    assert!(v.transfer["onehot_case"].vacuous);
    assert!(!v.transfer["onehot_case"].is_proof());
    let external = v.external.as_ref().unwrap();
    assert_eq!(external.status, "fail");
    assert_eq!(external.extra["sby_returncode"], 2);
    assert!(!v.is_sound() && !v.computed_sound());
    assert!(v.extra.is_empty());
    let again: PropertyVerdict = serde_json::from_str(&serde_json::to_string(&v).unwrap()).unwrap();
    assert_eq!(again, v);
}

#[test]
fn the_smallest_lines_take_defaults() {
    let t = r#"{"program": "f", "variant": "original", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass"}}"#;
    let (_, v): (usize, PropertyVerdict) = parse_line("verdicts.jsonl", 1, t).unwrap();
    assert!(v.read.strict && v.read.lenient && v.syntax.ok);
    assert_eq!(v.sound, None);
    assert!(v.is_sound());
    let t = r#"{"program": "f", "variant": "original", "model": "m", "index": null}"#;
    let (_, v): (usize, PropertyVerdict) = parse_line("verdicts.jsonl", 1, t).unwrap();
    assert!(!v.is_property() && !v.is_sound());
    assert_eq!(
        v.key().to_string(),
        "model \"m\", program \"f\", variant \"original\", no property"
    );
}

#[test]
fn a_vacuous_pass_is_not_sound_by_default() {
    let t = r#"{"program": "f", "variant": "original", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass", "vacuous": true}}"#;
    let (_, v): (usize, PropertyVerdict) = parse_line("verdicts.jsonl", 1, t).unwrap();
    assert!(!v.computed_sound());
}

#[test]
fn a_missing_index_and_a_bad_status_are_located() {
    let t = r#"{"program": "f", "variant": "original", "model": "m"}"#;
    let e = parse_line::<PropertyVerdict>("verdicts.jsonl", 4, t).unwrap_err();
    assert!(e.message.contains("missing field `index`"), "{e}");
    let t = r#"{"program": "f", "variant": "original", "model": "m", "index": 0, "status": {"status": "proven"}}"#;
    let e = parse_line::<PropertyVerdict>("verdicts.jsonl", 1, t).unwrap_err();
    assert!(e.message.contains("status"), "{e}");
    assert!(e.message.contains("interface-violation"), "{e}");
}

#[test]
fn statuses_have_their_words() {
    for s in FormalStatus::ALL {
        assert_eq!(FormalStatus::from_word(s.as_str()), Some(s));
        assert_eq!(serde_json::to_string(&s).unwrap(), format!("\"{s}\""));
    }
    assert_eq!(FormalStatus::from_word("cex"), None);
}

#[test]
fn detected_mutants_are_the_failures() {
    let mut v = PropertyVerdict::empty_output("f", "original", "m", Syntax::ok());
    v.index = Some(0);
    v.mutants.insert("a".into(), Check::of(FormalStatus::Pass));
    v.mutants.insert("b".into(), Check::of(FormalStatus::Fail));
    v.mutants
        .insert("c".into(), Check::of(FormalStatus::Unknown));
    assert_eq!(v.detected_mutants().collect::<Vec<_>>(), ["b"]);
}
