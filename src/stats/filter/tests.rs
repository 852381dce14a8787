//! Tests of the filter language: parsing, each operator, error positions, and the
//! property that a filter holds iff each of its terms does.

use proptest::prelude::*;

use super::*;
use crate::stats::row::Observation;

fn row() -> Observation {
    Observation {
        model: "qwen2.5-coder-7b".into(),
        variant: "T2".into(),
        program: "p07".into(),
        stratum: "nested-if/async".into(),
        behavior: "x=y#2".into(),
        base: true,
        trans: false,
        base_category: Some("correct".into()),
        trans_category: Some("branch-polarity".into()),
        tags: vec!["polarity".into(), "needs-review".into()],
    }
}

fn holds(expr: &str) -> bool {
    Filter::parse(expr)
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
        .matches(&row())
}

#[test]
fn empty_filter_matches_everything() {
    assert!(holds(""));
    assert!(holds("  \n "));
    assert!(Filter::parse(" ").unwrap().is_empty());
}

#[test]
fn equality_glob_and_alternatives() {
    assert!(holds("model=qwen2.5-coder-7b"));
    assert!(holds("model=qwen*"));
    assert!(!holds("model=qwen"));
    assert!(holds("variant=T1,T2"));
    assert!(!holds("variant=T1,T3"));
    assert!(holds("variant=T?"));
    assert!(holds("program=p07 stratum=nested-if/*"));
    assert!(holds("behavior=x=y#2"), "the first = separates the key");
}

#[test]
fn negation_and_substring() {
    assert!(holds("variant!=T1,T3"));
    assert!(!holds("variant!=T2"));
    assert!(holds("model~CODER"));
    assert!(!holds("model~llama"));
    assert!(holds("model!~llama"));
    assert!(holds("stratum~if/a,zzz"));
}

#[test]
fn flip_sides_categories_and_tags() {
    assert!(holds("flip=CW"));
    assert!(holds("flip=cw,wc"));
    assert!(holds("flip=C*"));
    assert!(!holds("flip=CC"));
    assert!(holds("base=correct trans=wrong"));
    assert!(holds("trans=branch-polarity"));
    assert!(!holds("base=branch-polarity"));
    assert!(holds("category=branch-polarity"));
    assert!(holds("category=correct"), "either side");
    assert!(!holds("category!=correct"));
    assert!(holds("tag=polarity"));
    assert!(holds("tag~REVIEW"));
    assert!(!holds("tag=dropped"));
    assert!(holds("tag!=dropped"));
    let untagged = Observation {
        tags: vec![],
        base_category: None,
        ..row()
    };
    let f = Filter::parse("tag!=x base=correct").unwrap();
    assert!(
        f.matches(&untagged),
        "correctness counts when the category is unknown"
    );
    assert!(!Filter::parse("tag=*").unwrap().matches(&untagged));
}

fn error(expr: &str) -> FilterError {
    Filter::parse(expr).expect_err(expr)
}

#[test]
fn unknown_key_points_at_the_word() {
    let e = error("variant=T2  modle=qwen*");
    assert_eq!((e.line, e.column, e.offset), (1, 13, 12));
    assert_eq!(e.word, "modle");
    assert_eq!(
        e.to_string(),
        "filter:1:13: unknown key \"modle\" (expected model, variant, program, stratum, \
         behavior, flip, category, base, trans, tag, sensitive)"
    );
}

#[test]
fn other_errors_are_located() {
    let e = error("model=a\n  justaword");
    assert_eq!((e.line, e.column), (2, 3));
    assert!(e.message.contains("expected key=value"), "{e}");
    let e = error("model=");
    assert_eq!(e.column, 6);
    assert!(e.message.contains("expected a value after \"=\""), "{e}");
    let e = error("variant=T1,,T3");
    assert_eq!(e.column, 12);
    assert!(e.message.contains("empty alternative"), "{e}");
    let e = error("flip=CW,XX");
    assert_eq!((e.column, e.word.as_str()), (9, "XX"));
    assert!(e.message.contains("expected CC, CW, WC or WW"), "{e}");
    let e = error("=x");
    assert!(e.message.contains("expected a key"), "{e}");
    let e = error("é=x");
    assert!(e.message.contains("unknown key \"é\""), "{e}");
    let e = error("model=a ünknown=b");
    assert_eq!((e.column, e.offset), (9, 8));
}

const KEYS: [&str; 10] = [
    "model", "variant", "program", "stratum", "behavior", "flip", "category", "base", "trans",
    "tag",
];
const OPS: [&str; 4] = ["=", "!=", "~", "!~"];
const VALUES: [&str; 12] = [
    "T2",
    "T*",
    "qwen*",
    "p07",
    "CW",
    "cc",
    "correct",
    "wrong",
    "branch-polarity",
    "e",
    "x=y#2",
    "?",
];

fn term_text() -> impl Strategy<Value = String> {
    (
        0..KEYS.len(),
        0..OPS.len(),
        prop::collection::vec(0..VALUES.len(), 1..3),
    )
        .prop_map(|(k, o, vs)| {
            let values: Vec<&str> = vs.iter().map(|&v| VALUES[v]).collect();
            format!("{}{}{}", KEYS[k], OPS[o], values.join(","))
        })
}

fn any_row() -> impl Strategy<Value = Observation> {
    (
        any::<bool>(),
        any::<bool>(),
        0..3usize,
        0..3usize,
        prop::collection::vec(0..VALUES.len(), 0..3),
    )
        .prop_map(|(base, trans, cat, variant, tags)| {
            let cats = [None, Some("branch-polarity"), Some("wrong-consequent")];
            Observation {
                base,
                trans,
                variant: ["T1", "T2", "T3"][variant].into(),
                base_category: base.then(|| "correct".to_string()),
                trans_category: cats[cat].map(String::from),
                tags: tags.iter().map(|&t| VALUES[t].to_string()).collect(),
                ..row()
            }
        })
}

proptest! {
    #[test]
    fn a_filter_holds_iff_each_term_does(
        terms in prop::collection::vec(term_text(), 0..5),
        row in any_row(),
        sep in prop::sample::select(vec![" ", "  ", "\t", "\n "]),
    ) {
        let all = Filter::parse(&terms.join(sep));
        let each: Result<Vec<Filter>, _> = terms.iter().map(|t| Filter::parse(t)).collect();
        match (all, each) {
            (Ok(all), Ok(each)) => {
                prop_assert_eq!(all.terms().len(), terms.len());
                prop_assert_eq!(all.matches(&row), each.iter().all(|f| f.matches(&row)));
            }
            (Err(_), Err(_)) => {}
            (a, e) => prop_assert!(false, "parse disagrees: {:?} vs {:?}", a.err(), e.err()),
        }
    }

    #[test]
    fn negation_is_the_complement(term in term_text(), row in any_row()) {
        let negated = term.replacen('=', "!=", 1).replacen("!!=", "=", 1);
        if let (Ok(a), Ok(b)) = (Filter::parse(&term), Filter::parse(&negated))
            && a.terms()[0].op != b.terms()[0].op
        {
            prop_assert_ne!(a.matches(&row), b.matches(&row));
        }
    }

    #[test]
    fn parsing_never_panics_and_errors_point_inside(text in "[a-z=!~, \n\\*éCW]{0,30}") {
        if let Err(e) = Filter::parse(&text) {
            prop_assert!(e.offset <= text.len());
            prop_assert!(text.is_char_boundary(e.offset));
            prop_assert!(e.line >= 1 && e.column >= 1);
        }
    }
}

#[test]
fn sensitive_holds_for_family_pairs_by_their_flag_and_checks_its_value() {
    use crate::study::PairRecord;
    let line = |extra: &str| {
        format!(
            r#"{{"model": "m", "variant": "v", "program": "f", "stratum": "arbiter", "behavior": "sound", "base": true, "trans": false{extra}}}"#
        )
    };
    let sensitive: PairRecord =
        serde_json::from_str(&line(r#", "variant_sensitive": true"#)).unwrap();
    let stable: PairRecord =
        serde_json::from_str(&line(r#", "variant_sensitive": false"#)).unwrap();
    let fragment: PairRecord = serde_json::from_str(&line("")).unwrap();
    let f = |e: &str, p: &PairRecord| Filter::parse(e).unwrap().matches(p);
    assert!(f("sensitive=yes", &sensitive));
    assert!(!f("sensitive=yes", &stable));
    assert!(f("sensitive=no", &stable));
    // A pair that is not of a family has no value: neither yes nor no holds.
    assert!(!f("sensitive=yes", &fragment) && !f("sensitive=no", &fragment));
    assert!(f("sensitive!=yes", &fragment));
    let e = Filter::parse("flip=CW sensitive=maybe").unwrap_err();
    assert_eq!((e.line, e.column), (1, 19));
    assert!(e.message.contains("expected yes or no"), "{}", e.message);
}
