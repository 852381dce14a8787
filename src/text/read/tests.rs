//! The reader's rules, one by one, under each rule set.

use super::*;

fn reading(text: &str, rules: Rules) -> Reading {
    read(text, &tokenize(text), rules)
}

fn names(r: &Reading) -> Vec<&str> {
    r.properties.iter().map(|p| p.name.as_str()).collect()
}

const ALL: [Rules; 3] = [
    Rules::FRAGMENT_STRICT,
    Rules::FRAGMENT_LENIENT,
    Rules::PROVER,
];

#[test]
fn a_declaration_is_found_with_its_spans_and_location_under_every_rule() {
    let text = "// c\n  property p_a; a |-> b; endproperty : p_a\n";
    for rules in ALL {
        let r = reading(text, rules);
        let toks = tokenize(text);
        assert_eq!(r.violation, None);
        let [p] = &r.properties[..] else {
            panic!("{rules:?}: {:?}", r.properties)
        };
        assert_eq!((p.name.as_str(), p.form), ("p_a", Form::Declared));
        assert!(text[p.start..p.end].starts_with("property p_a;"));
        assert!(text[..p.end].ends_with("endproperty"));
        assert_eq!((p.line, p.column), (2, 3));
        assert_eq!(&text[p.text.clone()], "a |-> b;");
        assert_eq!(toks[p.inner.start].text(text), "p_a");
        assert_eq!(toks[p.body.start].text(text), "a");
        assert_eq!(p.issue, None);
    }
}

#[test]
fn strict_rules_stop_at_the_first_token_outside_a_declaration() {
    let text = "property p; a |-> b; endproperty;\nSure!";
    let r = reading(text, Rules::FRAGMENT_STRICT);
    let v = r.violation.unwrap();
    assert_eq!(v.offset, text.find("Sure").unwrap());
    assert!(v.message.contains("(`Sure`) at 2:1"), "{}", v.message);
    assert_eq!(r.properties.len(), 1, "what was read before is kept");
    assert_eq!(reading(text, Rules::FRAGMENT_LENIENT).violation, None);
    assert!(reading(" // only\n", Rules::FRAGMENT_STRICT).empty);
}

#[test]
fn a_declaration_without_its_end_by_each_rule() {
    let text = "property p; a |-> b; x;\nproperty q; c |-> d; endproperty";
    let strict = reading(text, Rules::FRAGMENT_STRICT).violation.unwrap();
    assert_eq!(
        strict.message,
        "the declaration of `p` at 1:1 has no `endproperty`"
    );
    assert_eq!(names(&reading(text, Rules::FRAGMENT_LENIENT)), ["q"]);
    let prover = reading(text, Rules::PROVER);
    assert_eq!(names(&prover), ["p", "q"]);
    let p = &prover.properties[0];
    assert_eq!(&text[p.text.clone()], "a |-> b;", "runs to its first `;`");
    let issue = p.issue.as_ref().unwrap();
    assert_eq!(issue.message, "the property `p` has no `endproperty`");
    assert_eq!(&text[issue.span.clone()], "property p");
}

#[test]
fn what_ends_a_declaration_differs() {
    // An `assert property` inside: the fragment rules end the declaration at its
    // `property`, so the `assert` went with the declaration and nothing is read.
    let text = "property p; a |-> b; assert property (c |-> d); endproperty";
    assert!(reading(text, Rules::FRAGMENT_STRICT).violation.is_some());
    assert!(reading(text, Rules::FRAGMENT_LENIENT).properties.is_empty());
    let prover = reading(text, Rules::PROVER);
    assert_eq!(names(&prover), ["p"]);
    assert_eq!(prover.properties[0].issue, None);
}

#[test]
fn the_prover_reports_a_malformed_header_and_leaves_prose_alone() {
    let text =
        "The property p_a checks it.\nproperty p: a |-> b; endproperty\nassert property (p);";
    let r = reading(text, Rules::PROVER);
    assert_eq!(names(&r), ["p"]);
    let p = &r.properties[0];
    assert!(p.asserted);
    assert_eq!((p.line, p.column), (2, 1));
    let issue = p.issue.as_ref().unwrap();
    assert_eq!(issue.kind, IssueKind::Syntax);
    assert_eq!(
        issue.message,
        "expected `;` after the property name `p`, found `:`"
    );
    assert_eq!(issue.span.start, text.find(": a").unwrap());
    // The fragment rules leave the header to the parser.
    let lenient = reading(text, Rules::FRAGMENT_LENIENT);
    assert_eq!(names(&lenient), ["p"]);
    assert_eq!(lenient.properties[0].issue, None);
}

#[test]
fn arguments_are_unsupported_to_the_prover() {
    let text = "property p(x); x |-> b; endproperty";
    let p = &reading(text, Rules::PROVER).properties[0];
    let issue = p.issue.as_ref().unwrap();
    assert_eq!(issue.kind, IssueKind::Unsupported);
    assert_eq!(&text[issue.span.clone()], "(x)");
    assert_eq!(&text[p.text.clone()], "x |-> b;");
}

#[test]
fn assertions_by_each_rule() {
    let text = "property p1; a |=> b; endproperty\nassert property (p1);\n\
                chk: assert property (@(posedge clk) disable iff (rst) p1);\n\
                assert property (c |-> d);\ncover property (e);\ndefault: assert property (f |-> g);";
    assert!(reading(text, Rules::FRAGMENT_STRICT).violation.is_some());
    let lenient = reading(text, Rules::FRAGMENT_LENIENT);
    assert_eq!(
        names(&lenient),
        ["p1", "chk", "assertion at 4:1", "assertion at 6:10"]
    );
    let prover = reading(text, Rules::PROVER);
    assert_eq!(names(&prover), ["p1", "assert_4_1", "assert_6_10"]);
    let p1 = &prover.properties[0];
    assert!(p1.asserted);
    assert_eq!(
        p1.label.as_deref(),
        Some("chk"),
        "the first label asserting it"
    );
    let toks = tokenize(text);
    let prefix = p1.prefix.clone().unwrap();
    assert_eq!(
        join(text, &toks[prefix]),
        "@ ( posedge clk ) disable iff ( rst )"
    );
    let inline = &prover.properties[1];
    assert_eq!(inline.form, Form::Inline);
    assert_eq!(&text[inline.text.clone()], "c |-> d");
}

#[test]
fn an_unclosed_parenthesis_by_each_rule() {
    let text = "assert property (a |-> b;\nproperty q; c |-> d; endproperty";
    assert_eq!(names(&reading(text, Rules::FRAGMENT_LENIENT)), ["q"]);
    // The prover: the statement ends at its `;` and reading goes on after it (it
    // once stopped there, leaving `q` unread); at the end of the text it stops.
    let prover = reading(text, Rules::PROVER);
    assert_eq!(names(&prover), ["assert_1_1", "q"]);
    let p = &prover.properties[0];
    assert_eq!(&text[p.text.clone()], "assert property (a |-> b");
    let issue = p.issue.as_ref().unwrap();
    assert_eq!(issue.message, "`assert property (` has no closing `)`");
    assert_eq!(issue.span.start, text.find('(').unwrap());
    let cover = "cover property (e;
property q; c |-> d; endproperty";
    assert_eq!(names(&reading(cover, Rules::PROVER)), ["q"]);
    let open = "property q; c |-> d; endproperty
assert property (a |-> b";
    let at_end = reading(open, Rules::PROVER);
    assert_eq!(names(&at_end), ["q", "assert_2_1"]);
    assert_eq!(at_end.properties[1].end, open.len());
}

#[test]
fn an_undeclared_name_is_an_issue_to_the_prover() {
    let r = reading("lbl: assert property (nosuch);", Rules::PROVER);
    assert_eq!(names(&r), ["lbl"]);
    let issue = r.properties[0].issue.as_ref().unwrap();
    assert!(
        issue.message.contains("names no property"),
        "{}",
        issue.message
    );
    assert!(
        reading("assert property (nosuch);", Rules::FRAGMENT_LENIENT)
            .properties
            .is_empty()
    );
}

#[test]
fn sequences_and_defaults_are_the_provers() {
    let text = "default clocking cb @(posedge clk); endclocking\ndefault disable iff (rst);\n\
                sequence s; a ##1 b; endsequence\nsequence t; c\nproperty p; s |=> d; endproperty";
    let toks = tokenize(text);
    let r = reading(text, Rules::PROVER);
    let joined = |range: std::ops::Range<usize>| join(text, &toks[range]);
    assert_eq!(
        joined(r.default_clock.clone().unwrap()),
        "@ ( posedge clk )"
    );
    assert_eq!(joined(r.default_disable.clone().unwrap()), "( rst )");
    let [s] = &r.sequences[..] else {
        panic!("{:?}", r.sequences)
    };
    assert_eq!(
        (s.name.as_str(), joined(s.body.clone())),
        ("s", "a ## 1 b ;".into())
    );
    assert_eq!(names(&r), ["p"]);
    let lenient = reading(text, Rules::FRAGMENT_LENIENT);
    assert!(lenient.sequences.is_empty() && lenient.default_clock.is_none());
    assert_eq!(names(&lenient), ["p"]);
}

#[test]
fn only_the_prover_numbers_repeats() {
    let text = "property p; a |-> b; endproperty\nproperty p; c |-> d; endproperty";
    assert_eq!(names(&reading(text, Rules::PROVER)), ["p", "p#2"]);
    assert_eq!(names(&reading(text, Rules::FRAGMENT_STRICT)), ["p", "p"]);
}
