//! The scanner against serde: on every line it reads, the same view.

use proptest::prelude::*;
use proptest::strategy::ValueTree;

use super::*;
use crate::study::pair_stream::read_view;

/// A line as `flipscope score` writes it.
const SCORED: &str = r#"{"model": "sim-qwen2.5-coder-7b", "variant": "T2", "program": "p0007", "stratum": "nested-if/async", "behavior": "q=d#2", "base": {"category": "correct", "correct": true, "property": "property p_q; @(posedge clk) (en && !rst) |-> (q == d); endproperty", "reason": null}, "trans": {"category": "branch-polarity", "correct": false, "property": "property p_q;\n  (en && rst) |=> q == \"d\";\nendproperty", "reason": "the antecedent has the wrong polarity"}, "flip": "CW", "pair_hash": "9f2c", "oracle": "reference", "lenient": false, "semantics": "two-state"}"#;

/// Whether the scanner and serde agree on `line` (the scanner may decline).
fn agrees(line: &str) -> Result<(), String> {
    match scan_view(line.as_bytes()) {
        None => Ok(()),
        Some(v) => match read_view(line.as_bytes()) {
            Ok(w) if w == v => Ok(()),
            other => Err(format!("scanner {v:?}, serde {other:?} on {line}")),
        },
    }
}

#[test]
fn usual_lines_are_read_as_serde_reads_them() {
    let bare = r#"{"model":"m","variant":"T1","program":"p1","stratum":"s","behavior":"x=y","base":true,"trans":false,"class":7}"#;
    let minimal = r#"{"model": "m", "variant": "T1", "program": "p1", "stratum": "", "behavior": "x=y", "base": false, "trans": {"correct": true, "category": null}, "flip": null, "oracle": true}  "#;
    for line in [SCORED, minimal] {
        let v = scan_view(line.as_bytes()).unwrap_or_else(|| panic!("declined {line}"));
        assert_eq!(read_view(line.as_bytes()), Ok(v));
    }
    // A number is left to serde (which reads it and drops it).
    assert_eq!(scan_view(bare.as_bytes()), None);
    assert!(read_view(bare.as_bytes()).is_ok());
    let v = scan_view(SCORED.as_bytes()).unwrap();
    assert_eq!(
        (v.program.as_ref(), v.base.correct, v.trans.correct),
        ("p0007", true, false)
    );
    assert_eq!(v.trans.category.as_deref(), Some("branch-polarity"));
    assert_eq!(v.oracle.as_deref(), Some("reference"));
}

#[test]
fn lines_serde_refuses_or_decodes_are_declined() {
    let declined = [
        SCORED.replace(r#""flip": "CW""#, r#""flip": "CC""#),
        SCORED.replace(r#""lenient": false"#, r#""run": 7"#),
        SCORED.replace(r#""oracle": "reference""#, r#""model": "again""#),
        SCORED.replace(r#""variant": "T2""#, r#""variant": "original""#),
        SCORED.replace(r#""program": "p0007""#, r#""program": "p\u0030""#),
        SCORED.replace(r#""program": "p0007""#, r#""program": "p\"7""#),
        SCORED.replace("(q == d)", "(q == \\u00e9)"),
        SCORED.replace("(q == d)", "(q == \\x)"),
        SCORED.replace("(q == d)", "(q == d)\t"),
        SCORED.replace("(q == d)", "(q == é)"),
        SCORED.replace(r#""correct": true"#, r#""correct": 1"#),
        SCORED.replace(r#""stratum": "nested-if/async", "#, ""),
        SCORED.replace(
            r#""semantics": "two-state"}"#,
            r#""semantics": "two-state",}"#,
        ),
        format!("{SCORED} {{}}"),
        SCORED[..SCORED.len() - 1].to_string(),
        "{}".to_string(),
        "[1]".to_string(),
    ];
    for line in &declined {
        assert_eq!(scan_view(line.as_bytes()), None, "{line}");
    }
}

/// Pieces of pair lines, well and badly formed.
fn value() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        r#""m""#,
        r#""T1""#,
        r#""original""#,
        r#""""#,
        r#"" ""#,
        r#""p1""#,
        r#""CW""#,
        r#""WW""#,
        r#""a\"b""#,
        r#""a\\nb""#,
        r#""a\u00e9""#,
        r#""\ud800""#,
        r#""a\qb""#,
        r#""unterminated"#,
        "true",
        "false",
        "null",
        "0",
        "-1.5e3",
        "[]",
        "[1, \"a\"]",
        "{}",
        r#"{"a": 1}"#,
        "tru",
        "nul",
        r#""é""#,
        "\"a\tb\"",
        r#"{"correct": true}"#,
        r#"{"correct": false, "category": "correct"}"#,
        r#"{"correct": true, "category": null, "property": "p;\n x", "reason": null}"#,
        r#"{"correct": true, "correct": false}"#,
        r#"{"category": "c"}"#,
        r#"{"correct": true, "property": 3}"#,
        r#"{"correct": true, "extra": 1}"#,
        r#"{"correct": true,}"#,
        r#"{ "correct" : true , "reason" : "r" }"#,
    ])
    .prop_map(str::to_string)
}

fn key() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "model",
        "variant",
        "program",
        "stratum",
        "behavior",
        "base",
        "trans",
        "flip",
        "pair_hash",
        "oracle",
        "class",
        "lenient",
        "semantics",
        "run",
        "mod\\u0065l",
        "",
    ])
    .prop_map(str::to_string)
}

/// Mostly a value a field of this kind accepts, sometimes any.
fn field(good: Vec<&'static str>) -> impl Strategy<Value = String> {
    prop_oneof![6 => prop::sample::select(good).prop_map(str::to_string), 1 => value()]
}

/// A line with the required fields (so that many lines are read), then any others.
fn line() -> impl Strategy<Value = String> {
    let text = || {
        field(vec![
            r#""m""#, r#""T1""#, r#""p1""#, r#""x=y""#, r#""""#, r#""s/a""#,
        ])
    };
    let side = || {
        field(vec![
            "true",
            "false",
            r#"{"correct": true, "category": "correct"}"#,
            r#"{"category": null, "correct": false, "property": "p\n;", "reason": "r"}"#,
        ])
    };
    let required = (text(), text(), text(), text(), text(), side(), side())
        .prop_map(|(a, b, c, d, e, f, g)| vec![a, b, c, d, e, f, g]);
    let others = prop::collection::vec((key(), value()), 0..4);
    let gap = prop::sample::select(vec!["", " ", "  "]);
    (
        required,
        others,
        gap,
        0usize..9,
        prop::option::of((0usize..400, 0u8..128)),
    )
        .prop_map(|(req, others, gap, at, edit)| {
            let names = [
                "model", "variant", "program", "stratum", "behavior", "base", "trans",
            ];
            let mut fields: Vec<(String, String)> = names
                .iter()
                .zip(req)
                .map(|(k, v)| (k.to_string(), v))
                .collect();
            for (i, kv) in others.into_iter().enumerate() {
                fields.insert((at + i) % (fields.len() + 1), kv);
            }
            let body: Vec<String> = fields
                .iter()
                .map(|(k, v)| format!("\"{k}\"{gap}:{gap}{v}"))
                .collect();
            let mut line = format!("{{{gap}{}{gap}}}", body.join(&format!(",{gap}")));
            if let Some((pos, byte)) = edit {
                let pos = pos % (line.len() + 1);
                if line.is_char_boundary(pos) && byte.is_ascii() {
                    line.insert(pos, byte as char);
                }
            }
            line
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    #[test]
    fn the_scanner_agrees_with_serde_on_every_line_it_reads(line in line()) {
        prop_assert!(agrees(&line).is_ok(), "{}", agrees(&line).unwrap_err());
    }
}

#[test]
fn generated_lines_are_often_read() {
    // The property test above must see lines the scanner reads, or it proves nothing.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = line();
    let mut read = 0;
    for _ in 0..2000 {
        let l = strategy.new_tree(&mut runner).unwrap().current();
        read += usize::from(scan_view(l.as_bytes()).is_some());
    }
    assert!(read > 20, "only {read} of 2000 generated lines read");
}
