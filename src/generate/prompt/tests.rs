use super::*;
use crate::study::Program;
use crate::study::jsonl::parse_line;

fn program(line: &str) -> Program {
    parse_line::<Program>("programs.jsonl", 1, line).unwrap().1
}

const ASYNC: &str = r#"{"id": "p07", "stratum": "nested-if/async", "synchronous": false, "clock": null, "rtl": "if (a && b) begin\n x = y;\nend\n", "reference": "property name; (a && b) |=> x == y; endproperty", "variants": {"T2": {"rtl": "if (v1 && v2) begin\n v3 = v4;\nend\n", "rename": {"v1": "a", "v2": "b", "v3": "x", "v4": "y"}}}}"#;
const SYNC: &str = r#"{"id": "p11", "stratum": "nested-if/sync", "synchronous": true, "clock": "posedge clk_4", "rtl": "if (a) begin\n x <= y;\nend\n", "reference": "property name; @(posedge clk_4) a |-> x == y; endproperty"}"#;

#[test]
fn vert_prompt_follows_the_study_specification() {
    let t = PromptTemplate::load("vert").unwrap();
    let p = program(ASYNC);
    let text = t
        .render(&PromptInputs::new(&p, "original").unwrap())
        .unwrap();
    for says in [
        "one property for every assignment",
        "complete control-flow path",
        "the negation of every earlier branch condition",
        "Keep operator precedence",
        "negate a compound condition as a whole",
        "exactly one implication",
        "x == y",
        "asynchronous: write no clock event",
        "|=>",
        "property declarations only",
        "no Markdown",
    ] {
        assert!(text.contains(says), "{says:?} missing from:\n{text}");
    }
    assert!(!text.contains("|->") && !text.contains("@("), "{text}");
    assert!(
        text.ends_with("RTL:\nif (a && b) begin\n x = y;\nend\n\n"),
        "{text:?}"
    );
    assert!(!text.contains("{{") && !text.contains("{%"), "{text}");
    assert!(
        !text.contains("\n\n\n"),
        "no blank lines left by the blocks: {text}"
    );
    assert!(
        !text.contains(&p.reference),
        "the reference is never in the prompt"
    );

    let s = program(SYNC);
    let text = t
        .render(&PromptInputs::new(&s, "original").unwrap())
        .unwrap();
    assert!(
        text.contains("synchronous: start every property with the clock event @(posedge clk_4)"),
        "{text}"
    );
    assert!(
        text.contains("  @(posedge clk_4) ANTECEDENT |-> LHS == RHS;"),
        "{text}"
    );
    assert!(!text.contains("|=>"), "{text}");
}

#[test]
fn a_t2_variant_is_prompted_in_its_renamed_form() {
    let t = PromptTemplate::load("vert").unwrap();
    let p = program(ASYNC);
    let text = t.render(&PromptInputs::new(&p, "T2").unwrap()).unwrap();
    assert!(text.contains("if (v1 && v2) begin\n v3 = v4;"), "{text}");
    assert!(!text.contains("if (a && b)"), "{text}");
    assert!(PromptInputs::new(&p, "T9").is_none());
}

#[test]
fn user_templates_name_placeholders() {
    // A block tag's own newline goes (trim_blocks), as in Jinja chat templates.
    let text = "{{ program }}/{{ variant }} [{{ stratum }}] {{ implication }} {{ event }}{{ clock }} {{ reset }}\n{% if synchronous %}sync{% else %}async{% endif %}\n\n{{ rtl }}";
    let t = PromptTemplate::from_text("mine.txt", text.into()).unwrap();
    let p = program(ASYNC);
    assert_eq!(
        t.render(&PromptInputs::new(&p, "T2").unwrap()).unwrap(),
        "p07/T2 [nested-if/async] |=>  not specified\nasync\nif (v1 && v2) begin\n v3 = v4;\nend\n"
    );
    let s = program(SYNC);
    assert_eq!(
        t.render(&PromptInputs::new(&s, "original").unwrap())
            .unwrap(),
        "p11/original [nested-if/sync] |-> @(posedge clk_4) posedge clk_4 not specified\nsync\nif (a) begin\n x <= y;\nend\n"
    );
    assert_eq!(t.name(), "mine.txt");
    assert_eq!(t.sha256(), hex(&Sha256::digest(text.as_bytes())));
}

#[test]
fn an_unknown_placeholder_is_located() {
    let e = PromptTemplate::from_text("mine.txt", "Hello\n  {{ rlt }}\n".into()).unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("mine.txt", 2), "{e}");
    assert!(e.message.contains("unknown placeholder"), "{e}");
    assert!(e.message.contains("rtl"), "lists the placeholders: {e}");
    assert_eq!(e.column, 6, "at the name: {e}");
}

#[test]
fn a_syntax_error_is_located() {
    let e =
        PromptTemplate::from_text("mine.txt", "a\nb {% if synchronous %} c\n".into()).unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(e.to_string().starts_with("mine.txt:2:"), "{e}");
    let e = PromptTemplate::from_text("x.txt", "{{ rtl ".into()).unwrap_err();
    assert_eq!(e.line, 1, "{e}");
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let e = PromptTemplate::load("/nonexistent/prompt.txt").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("/nonexistent/prompt.txt:1:1: cannot read"),
        "{e}"
    );
}

#[test]
fn equivsva_describes_clock_and_reset_as_its_exporter() {
    use serde_json::json;
    assert_eq!(
        describe_clock(Some(&json!({"name": "clk", "edge": "posedge"}))),
        "posedge clk"
    );
    assert_eq!(describe_clock(Some(&json!({"name": "c"}))), "posedge c");
    assert_eq!(describe_clock(Some(&json!("negedge k"))), "negedge k");
    assert_eq!(describe_clock(None), "clk");
    assert_eq!(describe_clock(Some(&json!(null))), "posedge clk");
    assert_eq!(
        describe_reset(Some(
            &json!({"name": "rst", "active": "high", "synchronous": true, "state": "IDLE"})
        )),
        "rst, active high, synchronous"
    );
    assert_eq!(
        describe_reset(Some(
            &json!({"name": "rst_n", "active_level": "low", "sync": false})
        )),
        "rst_n, active low, asynchronous"
    );
    assert_eq!(
        describe_reset(Some(&json!({"name": "r"}))),
        "r, active high, reset"
    );
    assert_eq!(describe_reset(Some(&json!({}))), "not specified");
    assert_eq!(describe_reset(None), "not specified");
    assert_eq!(describe_reset(Some(&json!("rst"))), "rst");
}

#[test]
fn a_program_reset_as_equivsva_words_it() {
    let base = r#"{"id": "m", "stratum": "s", "synchronous": true, "clock": "posedge clk", "kind": "module", "top": "m", "rtl": "module m;\nendmodule\n", "reference": ""}"#;
    let with = |extra: &str| {
        program(&base.replace(
            r#""reference": """#,
            &format!(r#""reference": "", {extra}"#),
        ))
    };
    assert_eq!(program_reset(&program(base)), "not specified");
    assert_eq!(
        program_reset(&with(r#""reset": "rst""#)),
        "rst, active high, reset"
    );
    assert_eq!(
        program_reset(&with(r#""reset": "!rst_n""#)),
        "rst_n, active low, reset"
    );
    assert_eq!(
        program_reset(&with(r#""reset": "rst || por""#)),
        "rst || por"
    );
    assert_eq!(
        program_reset(&with(
            r#""reset": "rst", "reset_description": "rst, active high, synchronous""#
        )),
        "rst, active high, synchronous"
    );
}

#[test]
fn equivsva_prompt_from_a_study_program() {
    let line = r#"{"id": "arbiter_0007", "stratum": "arbiter", "synchronous": true, "clock": "posedge clk", "kind": "module", "top": "arbiter_0007_canonical_case", "rtl": "module m;\nendmodule\n", "reference": "", "reset": "rst", "reset_description": "rst, active high, synchronous"}"#;
    let p = program(line);
    let t = PromptTemplate::load("equivsva").unwrap();
    let text = t
        .render(&PromptInputs::new(&p, "original").unwrap())
        .unwrap();
    assert!(
        text.starts_with("You are given synthesizable SystemVerilog RTL.\n\n"),
        "{text}"
    );
    assert!(
        text.ends_with("Clock: posedge clk\nReset: rst, active high, synchronous\n\nRTL:\nmodule m;\nendmodule\n\n"),
        "{text:?}"
    );
}

#[test]
fn a_variant_prompt_takes_clock_and_reset_from_the_variant() {
    let line = r#"{"id": "m", "stratum": "s", "synchronous": true, "clock": "posedge clk_a", "rtl": "if (rst_b) begin\n q <= d;\nend\n", "reference": "", "reset": "!rst_b", "variants": {"T2": {"rtl": "if (v2) begin\n v3 <= v4;\nend\n", "rename": {"v1": "clk_a", "v2": "rst_b", "v3": "q", "v4": "d"}}, "T1": {"rtl": "if (rst_b) begin\n q <= d;\nend\n"}, "X": {"rtl": "if (rst_b) begin\n q <= d;\nend\n", "clock": "negedge k", "reset_description": "k_rst, active low, asynchronous"}}}"#;
    let p = program(line);
    let t2 = PromptInputs::new(&p, "T2").unwrap();
    assert_eq!(t2.clock, "posedge v1");
    assert_eq!(t2.reset, "v2, active low, reset");
    assert_eq!(t2.event(), "@(posedge v1) ");
    let t1 = PromptInputs::new(&p, "T1").unwrap();
    assert_eq!(
        (t1.clock.as_str(), t1.reset.as_str()),
        ("posedge clk_a", "rst_b, active low, reset")
    );
    let own = PromptInputs::new(&p, "X").unwrap();
    assert_eq!(
        (own.clock.as_str(), own.reset.as_str()),
        ("negedge k", "k_rst, active low, asynchronous")
    );
    // A description's reset name is renamed too, and its words are kept.
    let described = program(&line.replace(
        r#""reset": "!rst_b""#,
        r#""reset": "!rst_b", "reset_description": "rst_b, active low, synchronous""#,
    ));
    assert_eq!(
        PromptInputs::new(&described, "T2").unwrap().reset,
        "v2, active low, synchronous"
    );
}

#[test]
fn the_recorded_equivsva_prompt_is_sent_as_it_is() {
    let line = r#"{"id": "f", "stratum": "s", "synchronous": true, "clock": "posedge clk", "kind": "module", "top": "m", "rtl": "module m;\nendmodule\n", "reference": "", "meta": {"prompt": "RECORDED\nmodule m;\nendmodule\n"}, "variants": {"v": {"rtl": "module n;\nendmodule\n", "meta": {"prompt": "STALE: module m;"}}}}"#;
    let p = program(line);
    let equivsva = PromptTemplate::load("equivsva").unwrap();
    let vert = PromptTemplate::load("vert").unwrap();
    let original = PromptInputs::new(&p, "original").unwrap();
    assert_eq!(
        equivsva.prompt(&original).unwrap(),
        "RECORDED\nmodule m;\nendmodule\n"
    );
    assert_ne!(
        vert.prompt(&original).unwrap(),
        "RECORDED\nmodule m;\nendmodule\n",
        "only the equivsva template"
    );
    // A recorded prompt that does not hold the variant's RTL is not used.
    let v = PromptInputs::new(&p, "v").unwrap();
    assert!(equivsva.prompt(&v).unwrap().contains("RTL:\nmodule n;"));
}
