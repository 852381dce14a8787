//! Properties of the reader on SVA-shaped soup, under every rule set: it never panics,
//! every span lies within the text (on character boundaries) and every token range
//! within its tokens, and each property is located where it starts.

use proptest::prelude::*;

use super::{Reading, Rules, Token, line_column, read, tokenize};

fn word() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "property",
        "endproperty",
        "sequence",
        "endsequence",
        "assert",
        "cover",
        "default",
        "clocking",
        "disable",
        "iff",
        "@",
        "posedge",
        "clk",
        "p",
        "q",
        "s",
        ";",
        ":",
        "(",
        ")",
        "|->",
        "|=>",
        "##1",
        "a",
        "==",
        "`",
        "//",
        "/*",
        "*/",
        "\"",
        "\n",
        "ä",
        "$past",
        "lbl:",
        "property p; a |-> b; endproperty",
        "assert property (",
        "default clocking @(",
    ])
}

fn check(text: &str, toks: &[Token], r: &Reading) -> Result<(), TestCaseError> {
    let within = |range: &std::ops::Range<usize>| {
        range.start <= range.end
            && range.end <= text.len()
            && text.is_char_boundary(range.start)
            && text.is_char_boundary(range.end)
    };
    let in_tokens =
        |range: &std::ops::Range<usize>| range.start <= range.end && range.end <= toks.len();
    let mut last = 0;
    for p in &r.properties {
        prop_assert!(within(&(p.start..p.end)), "{p:?}");
        prop_assert!(within(&p.text), "{p:?}");
        prop_assert!(p.start >= last, "out of order: {p:?}");
        last = p.start;
        prop_assert_eq!((p.line, p.column), line_column(text, p.start));
        prop_assert!(in_tokens(&p.inner) && in_tokens(&p.body), "{p:?}");
        prop_assert!(p.prefix.as_ref().is_none_or(in_tokens), "{p:?}");
        prop_assert!(p.issue.as_ref().is_none_or(|i| within(&i.span)), "{p:?}");
        prop_assert!(!p.name.is_empty());
        // The property starts at a token: `property`, its label or `assert`.
        prop_assert!(toks.iter().any(|t| t.start == p.start), "{p:?}");
    }
    for s in &r.sequences {
        prop_assert!(in_tokens(&s.body), "{s:?}");
    }
    prop_assert!(r.default_clock.as_ref().is_none_or(in_tokens));
    prop_assert!(r.default_disable.as_ref().is_none_or(in_tokens));
    if let Some(v) = &r.violation {
        prop_assert!(v.offset < text.len());
        let (line, column) = line_column(text, v.offset);
        prop_assert!(
            v.message.contains(&format!(" at {line}:{column}")),
            "{}",
            v.message
        );
    }
    prop_assert_eq!(r.empty, toks.is_empty());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn reads_any_soup_within_its_spans(
        words in prop::collection::vec(word(), 0..40),
        spaces in prop::collection::vec(prop::sample::select(vec!["", " ", "\n"]), 40),
    ) {
        let text: String = words
            .iter()
            .zip(&spaces)
            .flat_map(|(w, s)| [*w, *s])
            .collect();
        let toks = tokenize(&text);
        for rules in [Rules::FRAGMENT_STRICT, Rules::FRAGMENT_LENIENT, Rules::PROVER] {
            let r = read(&text, &toks, rules);
            check(&text, &toks, &r)?;
        }
    }

    #[test]
    fn reads_any_characters(text in "[ -~\\n\\tä]{0,80}") {
        let toks = tokenize(&text);
        for rules in [Rules::FRAGMENT_STRICT, Rules::FRAGMENT_LENIENT, Rules::PROVER] {
            check(&text, &toks, &read(&text, &toks, rules))?;
        }
    }
}
