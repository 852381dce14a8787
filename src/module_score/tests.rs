//! Tests of scoring whole-module programs with the real engine on small designs (they
//! need yosys: skipped without it, failing under CI).

use super::*;
use crate::formal::CacheChoice;
use crate::study::{FormalStatus, Generation, ORIGINAL, Program, Study};

/// Whether the formal tools are here; under CI they must be.
pub(crate) fn have_tools() -> bool {
    let found = std::process::Command::new("yosys")
        .arg("-V")
        .output()
        .is_ok();
    if !found && std::env::var_os("CI").is_some() {
        panic!("CI is set but yosys is missing");
    }
    found
}

fn program() -> Program {
    let m = |name: &str, body: &str| {
        format!(
            "module {name}(input wire clk, input wire rst, input wire a, output reg y);\n{body}\nendmodule\n"
        )
    };
    let canonical = m(
        "t_canonical_case",
        "  reg s;\n  always @(posedge clk) if (rst) y <= 1'b0; else y <= a;\n  always @(posedge clk) s <= a;",
    );
    let variant = m(
        "t_nested_if",
        "  always @(posedge clk) begin if (rst) y <= 1'b0; else if (a) y <= 1'b1; else y <= 1'b0; end",
    );
    let mutant = m("t_stuck", "  always @(posedge clk) y <= 1'b0;");
    serde_json::from_value(serde_json::json!({
        "id": "t", "stratum": "toy", "synchronous": true, "clock": "posedge clk", "kind": "module",
        "top": "t_canonical_case", "rtl": canonical, "reference": "p: assert property (@(posedge clk) rst |=> !y);",
        "reset": "rst",
        "variants": {"nested_if": {"rtl": variant, "top": "t_nested_if"}},
        "mutants": {"stuck": {"rtl": mutant, "top": "t_stuck"}}
    }))
    .unwrap()
}

fn generation(variant: &str, output: &str) -> Generation {
    Generation {
        program: "t".into(),
        variant: variant.into(),
        model: "m".into(),
        output: output.into(),
        meta: None,
        shots: None,
        sample: None,
        external: None,
        extra: Default::default(),
    }
}

fn flipscope_prove_options() -> crate::formal::ProveOptions {
    crate::formal::ProveOptions {
        cache: CacheChoice::Off,
        timeout: std::time::Duration::from_secs(20),
        ..Default::default()
    }
}

fn options() -> ModuleScoreOptions {
    ModuleScoreOptions {
        prove: flipscope_prove_options(),
        ..ModuleScoreOptions::default()
    }
}

#[test]
fn every_property_gets_its_status_transfer_and_mutants() {
    if !have_tools() {
        return;
    }
    let output = "```systemverilog\nproperty p_follow; @(posedge clk) disable iff (rst) a |=> y; endproperty\n\
                  assert property (p_follow);\n\
                  p_wrong: assert property (@(posedge clk) disable iff (rst) a |-> y);\n\
                  p_state: assert property (@(posedge clk) a |=> s);\n\
                  p_taut: assert property (@(posedge clk) a |-> a);\n\
                  p_bad: assert property (@(posedge clk) a |-> );\n```<|im_end|>";
    let study = Study::new(
        vec![program()],
        vec![generation(ORIGINAL, output), generation("nested_if", "")],
        vec![],
        vec![],
    );
    let report = score_modules(&study, &options()).unwrap();
    assert!(
        report.design_errors.is_empty(),
        "{:?}",
        report.design_errors
    );
    assert!(report.missing_generations.is_empty());
    let v = &report.verdicts;
    assert_eq!(v.len(), 6, "{v:#?}");
    let follow = &v[0];
    assert_eq!(follow.name.as_deref(), Some("p_follow"));
    assert!(
        !follow.read.strict && follow.read.lenient,
        "a fenced output is not strict"
    );
    assert_eq!(follow.status.as_ref().unwrap().status, FormalStatus::Pass);
    assert_eq!(follow.interface_only, Some(true));
    assert_eq!(follow.sound, Some(true));
    assert_eq!(follow.transfer["nested_if"].status, FormalStatus::Pass);
    assert_eq!(follow.detected_mutants().collect::<Vec<_>>(), ["stuck"]);
    let wrong = &v[1];
    let status = wrong.status.as_ref().unwrap();
    assert_eq!(status.status, FormalStatus::Fail);
    assert!(status.counterexample.as_ref().unwrap()["fail_cycle"].is_u64());
    assert!(
        wrong.mutants.is_empty(),
        "only passing properties meet the mutants"
    );
    let state = &v[2];
    assert_eq!(state.interface_only, Some(false));
    assert_eq!(state.non_interface, ["s"]);
    assert_eq!(state.status.as_ref().unwrap().status, FormalStatus::Pass);
    assert_eq!(state.sound, Some(false));
    // `s` does not exist in nested_if: the transfer does not elaborate.
    assert_eq!(state.transfer["nested_if"].status, FormalStatus::Error);
    let taut = &v[3];
    assert!(taut.syntax.ok, "a folded tautology is not a syntax error");
    // A monitor whose output folds to a constant is decided without a solver.
    assert_eq!(taut.status.as_ref().unwrap().status, FormalStatus::Pass);
    let bad = &v[4];
    assert!(!bad.syntax.ok);
    assert_eq!(bad.interface_only, None);
    let empty = &v[5];
    assert_eq!((empty.variant.as_str(), empty.index), ("nested_if", None));
    assert!(!empty.syntax.ok);
    assert!(
        v.iter()
            .all(|l| l.input_hash.as_deref().is_some_and(|h| h.len() == 64))
    );
}

#[test]
fn without_generations_nothing_is_proven() {
    let study = Study::new(vec![program()], vec![], vec![], vec![]);
    let report = score_modules(&study, &options()).unwrap();
    assert!(report.verdicts.is_empty());
    let study = Study::new(
        vec![program()],
        vec![generation(ORIGINAL, "no SVA here")],
        vec![],
        vec![],
    );
    let report = score_modules(&study, &options()).unwrap();
    assert_eq!(report.verdicts.len(), 1);
    assert_eq!(report.missing_generations.len(), 1);
    assert_eq!(report.missing_generations[0].variant, "nested_if");
}

#[test]
fn several_samples_of_one_output_are_scored_each() {
    if !have_tools() {
        return;
    }
    let sample = |k: u32, output: &str| Generation {
        sample: Some(k).filter(|k| *k > 0),
        ..generation(ORIGINAL, output)
    };
    let study = Study::new(
        vec![program()],
        vec![
            sample(
                1,
                "assert property (@(posedge clk) disable iff (rst) a |-> y);",
            ),
            sample(
                0,
                "property p_follow; @(posedge clk) disable iff (rst) a |=> y; endproperty\nassert property (p_follow);",
            ),
            generation("nested_if", ""),
        ],
        vec![],
        vec![],
    );
    let report = score_modules(&study, &options()).unwrap();
    let got: Vec<(&str, u32, Option<usize>, Option<bool>)> = report
        .verdicts
        .iter()
        .map(|v| (v.variant.as_str(), v.sample_index(), v.index, v.sound))
        .collect();
    assert_eq!(
        got,
        [
            (ORIGINAL, 0, Some(0), Some(true)),
            (ORIGINAL, 1, Some(0), Some(false)),
            ("nested_if", 0, None, None),
        ]
    );
    let keys: std::collections::BTreeSet<_> = report.verdicts.iter().map(|v| v.key()).collect();
    assert_eq!(keys.len(), 3, "each sample's lines have their own key");
    assert!(report.missing_generations.is_empty());
}
