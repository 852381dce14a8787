//! `flipscope check-sva` through the real binary: exit codes, the JSON shape and each
//! category.

mod common;

use serde_json::Value;

const REF_ASYNC: &str = "property r1; (a && b) |=> x == y; endproperty\n\
                         property r2; (a && b) && !c |=> z == w; endproperty";

fn check(args: &[&str]) -> (i32, Value, String) {
    let out = common::run(&[&["check-sva"], args].concat());
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 stdout");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8 stderr");
    let json = if out.status.code() == Some(0) {
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
    } else {
        Value::Null
    };
    (out.status.code().expect("exit code"), json, stderr)
}

fn categories(reference: &str, generated: &str, extra: &[&str]) -> Vec<String> {
    let (code, json, stderr) =
        check(&[&["--reference", reference, "--generated", generated], extra].concat());
    assert_eq!(code, 0, "{stderr}");
    json["behaviors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["category"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn prints_one_verdict_per_behavior_with_the_documented_fields() {
    let generated = "property g1; b && a |=> x == y; endproperty\nproperty g2; a && b && !c |=> w == z; endproperty";
    let (code, json, _) = check(&["--reference", REF_ASYNC, "--generated", generated]);
    assert_eq!(code, 0);
    let behaviors = json["behaviors"].as_array().unwrap();
    assert_eq!(behaviors.len(), 2);
    let keys: Vec<&str> = behaviors[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["lhs", "rhs", "category", "correct", "reason"]);
    assert_eq!(behaviors[1]["lhs"], "z");
    assert_eq!(behaviors[1]["rhs"], "w");
    assert_eq!(behaviors[1]["correct"], true);
    assert_eq!(behaviors[1]["category"], "correct");
}

#[test]
fn reports_each_category() {
    let r = "property r; (a && b) && (c || d) && !e |=> x == y; endproperty";
    let cases = [
        (
            "property g; a && b && (c || d) && !e |=> x == y; endproperty",
            "correct",
        ),
        (
            "property g; a && b && (c || d) && !e |-> x == y; endproperty",
            "output-contract",
        ),
        ("", "missing-property"),
        (
            "property g; a && b && (c || d) && !e |=> q == y; endproperty",
            "missing-property",
        ),
        (
            "property g; a && b && (c || d) && !e |=> x == q; endproperty",
            "wrong-consequent",
        ),
        (
            "property g; a && b && !(c || d) && !e |=> x == y; endproperty",
            "branch-polarity",
        ),
        (
            "property g; a && b && !e |=> x == y; endproperty",
            "dropped-predicate",
        ),
        (
            "property g; a && b && (c || d) && !e && f |=> x == y; endproperty",
            "extra-predicate",
        ),
        (
            "property g; (a || b) && (c || d) && !e |=> x == y; endproperty",
            "boolean-structure",
        ),
    ];
    for (generated, expected) in cases {
        assert_eq!(categories(r, generated, &[]), [expected], "{generated}");
    }
}

#[test]
fn clock_lenient_and_rename_options_work() {
    let r = "property r; @(posedge clk) a && b |-> x == y; endproperty";
    let g = "property g; @(posedge clk) a && b |-> x == y; endproperty";
    assert_eq!(categories(r, g, &["--clock", "posedge clk"]), ["correct"]);
    assert_eq!(categories(r, g, &[]), ["output-contract"]);
    let fenced = format!("```\n{g}\n```");
    assert_eq!(
        categories(r, &fenced, &["--clock", "posedge clk"]),
        ["output-contract"]
    );
    assert_eq!(
        categories(r, &fenced, &["--clock", "posedge clk", "--lenient"]),
        ["correct"]
    );
    let renamed = "property g; @(posedge k) v1 && b |-> x == y; endproperty";
    let args = [
        "--clock",
        "posedge clk",
        "--rename",
        "v1=a",
        "--rename",
        "k=clk",
    ];
    assert_eq!(categories(r, renamed, &args), ["correct"]);
}

#[test]
fn a_bad_rename_or_clock_is_a_usage_error() {
    for extra in [
        ["--rename", "v1"],
        ["--rename", "v1=a+b"],
        ["--clock", "clk"],
    ] {
        let (code, _, stderr) =
            check(&[&["--reference", REF_ASYNC, "--generated", ""], &extra[..]].concat());
        assert_eq!(code, 2, "{extra:?}");
        assert!(stderr.contains(extra[0]), "{stderr}");
    }
    let (code, _, _) = check(&["--generated", ""]);
    assert_eq!(code, 2, "a missing --reference is a usage error");
}

#[test]
fn an_unparsable_reference_is_bad_input_located_in_the_reference() {
    let reference =
        "property r1; a |=> x == y; endproperty\nproperty r2; a + b |=> z == w; endproperty";
    let (code, _, stderr) = check(&["--reference", reference, "--generated", ""]);
    assert_eq!(code, 1);
    assert!(stderr.starts_with("error: --reference 2:16: "), "{stderr}");
    // `a | b` is read under two-state semantics (issue 14): `+` stays outside.
    assert!(stderr.contains('+'), "{stderr}");
}

#[test]
fn garbage_output_never_crashes() {
    let deep = format!(
        "property g; {}a{} |=> x == y; endproperty",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    for generated in [
        deep.as_str(),
        "property",
        "endproperty",
        "property g;",
        "\u{7f}ä`",
        "property g; @( |=> ; endproperty",
    ] {
        let (code, json, stderr) = check(&["--reference", REF_ASYNC, "--generated", generated]);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(json["behaviors"].as_array().unwrap().len(), 2);
    }
}
