//! Tests of the EquivSVA importers on a small dataset written to a temporary directory
//! (the real dev split is tested in `tests/equivsva.rs`).

use std::path::Path;

use super::*;
use crate::study::ORIGINAL;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn module(name: &str) -> String {
    format!(
        "// {name}\nmodule {name} (input wire clk, input wire rst, input wire a, output reg y);\nendmodule\n"
    )
}

/// Two families: `fsm_0001` (FSM styles, no model_type) and `reg_0002` (register
/// styles with objects), a splits file and a tasks file for `dev`.
fn dataset(root: &Path) {
    let d = root.join("dataset");
    write(
        &d.join("splits_v2.0.json"),
        r#"{"version": "2.0", "train": ["reg_0002", "gone_0003"], "dev": ["fsm_0001"], "test": []}"#,
    );
    let fsm = d.join("fsm_0001");
    write(
        &fsm.join("spec.json"),
        r#"{"design_id": "fsm_0001", "category": "arbiter", "clock": {"name": "clk", "edge": "posedge"}, "reset": {"name": "rst", "active": "high"}, "inputs": ["a"], "outputs": ["y"], "rtl_variants": ["canonical_case", "onehot_case", "nested_if", "factored_flags"], "mutants": [{"name": "drop_t1", "kind": "replace_transition_guard"}]}"#,
    );
    for s in [
        "canonical_case",
        "onehot_case",
        "nested_if",
        "factored_flags",
    ] {
        write(
            &fsm.join(format!("rtl/{s}.sv")),
            &module(&format!("fsm_0001_{s}")),
        );
    }
    write(&fsm.join("mutants/drop_t1.sv"), &module("fsm_0001_drop_t1"));
    write(
        &fsm.join("properties/properties.sva"),
        "p_y: assert property (@(posedge clk) disable iff (rst) a |=> y);\n",
    );
    write(&fsm.join("properties/properties.json"), r#"[{"id": "P1"}]"#);
    let reg = d.join("reg_0002");
    write(
        &reg.join("spec.json"),
        r#"{"design_id": "reg_0002", "category": "counter", "model_type": "register_rules", "clock": {"name": "clk", "edge": "posedge"}, "reset": {"name": "rst_n", "active": "low"}, "inputs": ["a"], "outputs": ["y"], "rtl_variants": [{"name": "canonical", "module_suffix": "canonical_next", "file": "canonical_next.sv"}, {"name": "sequential", "module_suffix": "sequential_priority", "file": "sequential_priority.sv"}], "mutants": []}"#,
    );
    for s in ["canonical_next", "sequential_priority"] {
        write(
            &reg.join(format!("rtl/{s}.sv")),
            &module(&format!("reg_0002_{s}")),
        );
    }
    write(
        &reg.join("properties/properties.sva"),
        "p: assert property (@(posedge clk) 1);\n",
    );
    write(
        &root.join("experiments/tasks/dev.jsonl"),
        &[
            r#"{"task_id": "fsm_0001__canonical_case", "design_id": "fsm_0001", "rtl_variant": "canonical_case", "rtl_file": "canonical_case.sv", "prompt": "P0"}"#,
            r#"{"task_id": "fsm_0001__nested_if", "design_id": "fsm_0001", "rtl_variant": "nested_if", "rtl_file": "nested_if.sv", "prompt": "P2"}"#,
        ]
        .join("\n"),
    );
}

#[test]
fn every_family_becomes_a_module_program() {
    let dir = tempfile::tempdir().unwrap();
    dataset(dir.path());
    let programs = import_dataset(dir.path(), &DatasetOptions { split: None }).unwrap();
    let ids: Vec<&str> = programs.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["fsm_0001", "reg_0002"]);
    let fsm = &programs[0];
    assert!(fsm.is_module());
    assert_eq!(fsm.stratum, "arbiter");
    assert_eq!(fsm.clock.as_deref(), Some("posedge clk"));
    assert_eq!(fsm.reset.as_deref(), Some("rst"));
    assert_eq!(fsm.top.as_deref(), Some("fsm_0001_canonical_case"));
    assert_eq!(
        fsm.rtl_name.as_deref(),
        Some("fsm_0001/rtl/canonical_case.sv")
    );
    assert_eq!(
        fsm.variant_names().collect::<Vec<_>>(),
        [ORIGINAL, "factored_flags", "nested_if", "onehot_case"]
    );
    assert_eq!(fsm.variant_top("nested_if"), Some("fsm_0001_nested_if"));
    assert!(fsm.reference.starts_with("p_y: assert property"));
    assert_eq!(
        fsm.mutants["drop_t1"].top.as_deref(),
        Some("fsm_0001_drop_t1")
    );
    assert_eq!(
        fsm.mutants["drop_t1"].extra["meta"]["kind"],
        "replace_transition_guard"
    );
    let meta = fsm.meta.as_ref().unwrap();
    assert_eq!(meta["model_type"], "fsm", "the default model type");
    assert_eq!(meta["category"], "arbiter");
    assert_eq!(meta["split"], "dev");
    assert_eq!(meta["inputs"][0], "a");
    assert_eq!(meta["gold"][0]["id"], "P1");
    assert_eq!(meta["prompt"], "P0");
    assert_eq!(meta["spec"]["design_id"], "fsm_0001");
    let nested = fsm.variants["nested_if"].meta.as_ref().unwrap();
    assert_eq!(nested["prompt"], "P2");
    assert_eq!(nested["task_id"], "fsm_0001__nested_if");
    let reg = &programs[1];
    assert_eq!(reg.top.as_deref(), Some("reg_0002_canonical_next"));
    assert_eq!(reg.reset.as_deref(), Some("!rst_n"));
    assert_eq!(
        reg.variant_names().collect::<Vec<_>>(),
        [ORIGINAL, "sequential_priority"]
    );
    assert_eq!(
        reg.variants["sequential_priority"].meta.as_ref().unwrap()["rtl_variant"],
        "sequential"
    );
    // The programs load as a study (they pass the whole-module checks).
    let path = dir.path().join("programs.jsonl");
    let text: String = programs
        .iter()
        .map(|p| serde_json::to_string(p).unwrap() + "\n")
        .collect();
    std::fs::write(&path, text).unwrap();
    let study = crate::study::load_study(&[path]).unwrap();
    assert!(study.warnings.is_empty(), "{:?}", study.warnings);
}

#[test]
fn a_split_selects_its_families_and_names_the_missing_ones() {
    let dir = tempfile::tempdir().unwrap();
    dataset(dir.path());
    let dev = import_dataset(
        dir.path(),
        &DatasetOptions {
            split: Some("dev".into()),
        },
    )
    .unwrap();
    assert_eq!(dev.len(), 1);
    // The dataset folder itself may be given.
    let again = import_dataset(
        &dir.path().join("dataset"),
        &DatasetOptions {
            split: Some("dev".into()),
        },
    )
    .unwrap();
    assert_eq!(again, dev);
    let e = import_dataset(
        dir.path(),
        &DatasetOptions {
            split: Some("train".into()),
        },
    )
    .unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].message
            .contains("family \"gone_0003\" of split \"train\""),
        "{}",
        e[0]
    );
    let e = import_dataset(
        dir.path(),
        &DatasetOptions {
            split: Some("tset".into()),
        },
    )
    .unwrap_err();
    assert!(e[0].message.contains("unknown split \"tset\""), "{}", e[0]);
    assert!(e[0].message.contains("\"dev\""), "{}", e[0]);
    let e =
        import_dataset(&dir.path().join("experiments"), &DatasetOptions::default()).unwrap_err();
    assert!(
        e[0].message.contains("not an EquivSVA directory"),
        "{}",
        e[0]
    );
}

#[test]
fn a_broken_spec_and_a_missing_file_are_located() {
    let dir = tempfile::tempdir().unwrap();
    dataset(dir.path());
    let spec = dir.path().join("dataset/fsm_0001/spec.json");
    write(&spec, "{\n  \"category\": 7\n}\n");
    std::fs::remove_file(
        dir.path()
            .join("dataset/reg_0002/rtl/sequential_priority.sv"),
    )
    .unwrap();
    let e = import_dataset(dir.path(), &DatasetOptions::default()).unwrap_err();
    assert_eq!(e.len(), 2, "{e:#?}");
    assert!(e[0].location.file.ends_with("fsm_0001/spec.json"));
    assert_eq!(
        (e[0].location.line, e[0].location.column),
        (2, 15),
        "{}",
        e[0]
    );
    assert!(e[0].message.contains("for \"category\""), "{}", e[0]);
    assert!(
        e[1].location.file.ends_with("sequential_priority.sv"),
        "{}",
        e[1]
    );
}

#[test]
fn generation_rows_become_generations_with_their_metadata() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dev.jsonl");
    write(
        &path,
        &[
            r#"{"task_id": "fsm_0001__canonical_case", "design_id": "fsm_0001", "rtl_variant": "canonical_case", "rtl_file": "canonical_case.sv", "model": "org/Q-7B", "decoding": {"method": "greedy"}, "prompt_sha256": "ab", "output_tokens": 12, "response": "```sv\np: assert property (a);\n```<|im_end|>"}"#,
            r#"{"task_id": "reg_0002__sequential", "model": "org/Q-7B", "response": ""}"#,
            r#"{"task_id": "reg_0002__canonical", "model": "org/Q-7B", "rtl_file": "canonical_next.sv", "response": "x"}"#,
        ]
        .join("\n"),
    );
    let g = import_results(&path, &ResultsOptions::default()).unwrap();
    assert_eq!(g.len(), 3);
    assert_eq!(
        (g[0].program.as_str(), g[0].variant.as_str()),
        ("fsm_0001", ORIGINAL)
    );
    assert_eq!(g[0].model, "org/Q-7B");
    assert!(
        g[0].output.ends_with("<|im_end|>"),
        "the response is kept raw"
    );
    let meta = g[0].meta.as_ref().unwrap();
    assert_eq!(meta["task_id"], "fsm_0001__canonical_case");
    assert_eq!(meta["decoding"]["method"], "greedy");
    assert_eq!(meta["output_tokens"], 12);
    assert_eq!(
        (g[1].program.as_str(), g[1].variant.as_str()),
        ("reg_0002", "sequential_priority")
    );
    assert_eq!(g[2].variant, ORIGINAL);
    let renamed = import_results(
        &path,
        &ResultsOptions {
            model: Some("qwen".into()),
        },
    )
    .unwrap();
    assert_eq!(renamed[1].model, "qwen");
    assert_eq!(renamed[1].meta.as_ref().unwrap()["model"], "org/Q-7B");
}

#[test]
fn bad_rows_are_located_and_nothing_is_returned() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dev.jsonl");
    let rows = [
        r#"{"task_id": "nofamily", "model": "m", "response": ""}"#,
        r#"{"task_id": "f__nested_if", "model": "m"}"#,
        r#"{"task_id": "f__nested_if", "response": ""}"#,
        r#"{"task_id": "f__onehot_case", "model": "m", "response": ""}"#,
        r#"{"task_id": "f__onehot_case", "model": "m", "response": "again"}"#,
    ];
    write(&path, &rows.join("\n"));
    let e = import_results(&path, &ResultsOptions::default()).unwrap_err();
    let msgs: Vec<String> = e.iter().map(ToString::to_string).collect();
    assert_eq!(msgs.len(), 4, "{msgs:#?}");
    assert!(
        msgs[0].contains(":1:13: task_id \"nofamily\" is not"),
        "{}",
        msgs[0]
    );
    assert!(
        msgs[1].contains(":2:") && msgs[1].contains("missing field `response`"),
        "{}",
        msgs[1]
    );
    assert!(
        msgs[2].contains(":3:") && msgs[2].contains("--model"),
        "{}",
        msgs[2]
    );
    assert!(
        msgs[3].contains(":5:") && msgs[3].contains("the first is on line 4"),
        "{}",
        msgs[3]
    );
}

#[test]
fn score_files_become_verdicts_with_the_authors_verdict_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("org__Q-7B");
    write(
        &d.join("dev_formal_scores.jsonl"),
        &[
            r#"{"task_id": "f__canonical_case", "design_id": "f", "rtl_variant": "canonical_case", "syntax_valid": true, "properties": [{"name": "p1", "formal_status": "pass", "interface_only": true, "non_interface_identifiers": [], "sby_returncode": 0}, {"name": "p2", "formal_status": "not_run_interface_violation", "interface_only": false, "non_interface_identifiers": ["state"]}, {"name": "p3", "formal_status": "not_run_lowering_unsupported", "interface_only": null, "reason": "multiple implication operators unsupported"}]}"#,
            r#"{"task_id": "f__nested_if", "design_id": "f", "rtl_variant": "nested_if", "syntax_valid": false, "formal_status": "not_run_syntax_invalid", "properties": []}"#,
        ]
        .join("\n"),
    );
    write(
        &d.join("dev_syntax_scores.jsonl"),
        &[
            r#"{"task_id": "f__canonical_case", "syntax_valid": "True", "format_compliant": "False"}"#,
            r#"{"task_id": "f__nested_if", "syntax_valid": "False", "format_compliant": "False", "slang_output": "Build failed\n/tmp/x.sv:4:2: error: expected 'endproperty'\n"}"#,
        ]
        .join("\n"),
    );
    write(
        &d.join("dev_mutant_scores.jsonl"),
        r#"{"task_id": "f__canonical_case", "properties": [{"name": "p1", "mutants": [{"mutant": "m1", "formal_status": "fail", "detection": "detected"}, {"mutant": "m2", "formal_status": "pass", "detection": "not_detected"}]}]}"#,
    );
    let files = ScoreFiles::in_dir(&d, "dev", None);
    assert_eq!(files.model, "org/Q-7B");
    let v = import_scores(&files).unwrap();
    assert_eq!(v.len(), 4);
    assert_eq!(v[0].variant, ORIGINAL);
    assert!(v[0].is_sound() && !v[0].read.strict && v[0].read.lenient);
    assert_eq!(v[0].detected_mutants().collect::<Vec<_>>(), ["m1"]);
    let ext = v[0].external.as_ref().unwrap();
    assert_eq!(ext.source, "equivsva");
    assert_eq!(ext.mutants["m2"], "pass");
    assert_eq!(ext.extra["sby_returncode"], 0);
    assert_eq!(
        v[1].status.as_ref().unwrap().status,
        crate::study::FormalStatus::InterfaceViolation
    );
    assert_eq!(v[1].non_interface, ["state"]);
    let unsupported = v[2].status.as_ref().unwrap();
    assert_eq!(unsupported.status, crate::study::FormalStatus::Unsupported);
    assert!(
        unsupported
            .reason
            .as_deref()
            .unwrap()
            .contains("multiple implication")
    );
    assert_eq!(v[2].interface_only, None);
    assert!(!v[3].is_property());
    assert!(!v[3].syntax.ok);
    assert_eq!(
        v[3].syntax.message.as_deref(),
        Some("4:2: error: expected 'endproperty'")
    );
    assert_eq!(
        v[3].external.as_ref().unwrap().status,
        "not_run_syntax_invalid"
    );
}

#[test]
fn style_names_map_to_variants() {
    assert_eq!(variant_of_style("canonical_case"), ORIGINAL);
    assert_eq!(variant_of_style("canonical_next"), ORIGINAL);
    assert_eq!(variant_of_style("ternary_next"), "ternary_next");
    assert_eq!(style_of_task_variant("function"), "function_update");
    assert_eq!(style_of_task_variant("onehot_case"), "onehot_case");
    assert_eq!(
        style_of_file("rtl/sequential_priority.sv"),
        "sequential_priority"
    );
}
