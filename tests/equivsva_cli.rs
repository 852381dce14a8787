//! EquivSVA studies through the real binary, on the dev split in `../shared/data`:
//! `import equivsva`, `import equivsva-results`, `import equivsva-scores`, the figures
//! `flipscope metrics` computes from the authors' committed score files (they must be
//! the dataset README's), and one family scored end to end by formal proof (`score`,
//! `metrics`, `export metrics`; needs yosys, which CI must have).

mod common;

use std::path::{Path, PathBuf};

use serde_json::Value;

const RESULTS: &str =
    "equivsva/experiments/results_v2/mlx-community__Qwen2.5-Coder-7B-Instruct-4bit";
const MODEL: &str = "mlx-community/Qwen2.5-Coder-7B-Instruct-4bit";

/// Runs the binary, which must succeed, and returns its standard output.
fn ok(args: &[&str]) -> String {
    let out = common::run(args);
    assert!(
        out.status.success(),
        "flipscope {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The dev programs written into `dir/programs.jsonl`; `None` without the data.
fn import_programs(dir: &Path) -> Option<Vec<Value>> {
    let root = common::shared_data("equivsva/dataset/splits_v2.0.json")?;
    let root = root.parent()?.parent()?.to_path_buf();
    let text = ok(&["import", "equivsva", s(&root), "--split", "dev"]);
    std::fs::write(dir.join("programs.jsonl"), &text).unwrap();
    Some(lines(&text))
}

fn results_dir() -> Option<PathBuf> {
    common::shared_data(RESULTS)
}

#[test]
fn import_equivsva_makes_one_module_program_per_dev_family() {
    let dir = tempfile::tempdir().unwrap();
    let Some(programs) = import_programs(dir.path()) else {
        return;
    };
    assert_eq!(programs.len(), 24);
    for p in &programs {
        let id = p["id"].as_str().unwrap();
        assert_eq!(p["kind"], "module", "{id}");
        assert_eq!(p["clock"], "posedge clk", "{id}");
        assert_eq!(p["reset"], "rst", "{id}");
        assert_eq!(p["variants"].as_object().unwrap().len(), 3, "{id}");
        assert_eq!(p["mutants"].as_object().unwrap().len(), 3, "{id}");
        assert_eq!(p["meta"]["dataset"], "equivsva", "{id}");
        assert_eq!(p["meta"]["split"], "dev", "{id}");
        assert_eq!(p["stratum"], p["meta"]["category"], "{id}");
        let fsm = p["meta"]["model_type"] == "fsm";
        let canonical = if fsm {
            "canonical_case"
        } else {
            "canonical_next"
        };
        assert_eq!(p["top"], format!("{id}_{canonical}"), "{id}");
        assert!(p["reference"].as_str().unwrap().contains("assert"), "{id}");
    }
    let arbiter = &programs.iter().find(|p| p["id"] == "arbiter_0007").unwrap();
    let styles: Vec<&String> = arbiter["variants"].as_object().unwrap().keys().collect();
    assert_eq!(styles, ["factored_flags", "nested_if", "onehot_case"]);
}

#[test]
fn import_equivsva_results_keeps_every_generation_and_its_metadata() {
    let Some(results) = results_dir() else {
        return;
    };
    let text = ok(&["import", "equivsva-results", s(&results.join("dev.jsonl"))]);
    let generations = lines(&text);
    assert_eq!(generations.len(), 96);
    let originals = generations
        .iter()
        .filter(|g| g["variant"] == "original")
        .count();
    assert_eq!(originals, 24);
    for g in &generations {
        assert_eq!(g["model"], MODEL);
        assert!(!g["output"].as_str().unwrap().is_empty());
        assert_eq!(
            g["meta"]["task_id"],
            format!(
                "{}__{}",
                g["program"].as_str().unwrap(),
                g["meta"]["rtl_variant"].as_str().unwrap()
            )
        );
        assert_eq!(g["meta"]["decoding"]["method"], "greedy");
        assert!(g["meta"]["prompt_sha256"].as_str().unwrap().len() == 64);
        assert!(g["meta"]["output_tokens"].as_u64().is_some());
        assert!(g["meta"]["elapsed_seconds"].as_f64().is_some());
    }
}

/// The figures of the dev split from the authors' committed score files, as the
/// dataset README gives them.
#[test]
fn committed_score_files_give_the_dev_figures() {
    let dir = tempfile::tempdir().unwrap();
    let Some(_) = import_programs(dir.path()) else {
        return;
    };
    let results = results_dir().unwrap();
    let verdicts = ok(&["import", "equivsva-scores", s(&results), "--split", "dev"]);
    std::fs::write(dir.path().join("verdicts.jsonl"), verdicts).unwrap();
    let text = ok(&[
        "metrics",
        s(dir.path()),
        "--format",
        "json",
        "--replicates",
        "200",
    ]);
    let report: Value = serde_json::from_str(&text).unwrap();
    let m = &report["models"][MODEL];
    let expected = [
        ("outputs", 96),
        ("syntax_valid", 79),
        ("properties", 400),
        ("interface_only", 302),
        ("sound", 87),
        ("tasks", 96),
        ("tasks_with_sound", 47),
        ("families", 24),
        ("families_all_sound", 6),
        ("families_none_sound", 5),
        ("variant_sensitive", 15),
        ("mutant_checks", 261),
        ("mutant_detections", 0),
        ("mutants_caught", 0),
    ];
    for (key, value) in expected {
        assert_eq!(m[key], value, "{key}");
    }
    for key in [
        "syntax_valid",
        "sound",
        "tasks_with_sound",
        "families_all_sound",
        "variant_sensitive",
    ] {
        let ci = m["ci95"][key].as_array().unwrap();
        let rate = m["rates"][key].as_f64().unwrap();
        assert!(
            ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap(),
            "{key}"
        );
    }
    // Per implementation style (`original` is the canonical one): every output once.
    let styles = m["by_variant"].as_object().unwrap();
    let outputs: u64 = styles
        .values()
        .map(|v| v["outputs"].as_u64().unwrap())
        .sum();
    assert_eq!(outputs, 96);
    assert_eq!(styles["original"]["outputs"], 24);
    // The paired view: one pair per (family, model, non-canonical implementation).
    let conditions = report["conditions"].as_array().unwrap();
    let n: u64 = conditions.iter().map(|c| c["N"].as_u64().unwrap()).sum();
    assert_eq!(n, 72);
    assert_eq!(report["provenance"]["outputs_read"], 96);
    // A filter on the behavior class keeps that class's families only.
    let text = ok(&[
        "metrics",
        s(dir.path()),
        "--format",
        "json",
        "--replicates",
        "0",
        "--filter",
        "category=arbiter",
    ]);
    let arbiter: Value = serde_json::from_str(&text).unwrap();
    let families = arbiter["models"][MODEL]["families"].as_u64().unwrap();
    assert!(families > 0 && families < 24, "{families}");
}

/// Whether the formal tools are here; under CI they must be.
fn have_tools() -> bool {
    let found = std::process::Command::new("yosys")
        .arg("-V")
        .output()
        .is_ok();
    assert!(
        found || std::env::var_os("CI").is_none(),
        "CI is set but yosys is missing"
    );
    found
}

/// One family (`arbiter_0007`, four implementations, three mutants) imported, scored
/// by formal proof, its metrics computed and exported.
#[test]
fn one_family_imported_scored_measured_and_exported() {
    if !have_tools() {
        return;
    }
    let all = tempfile::tempdir().unwrap();
    let Some(programs) = import_programs(all.path()) else {
        return;
    };
    let results = results_dir().unwrap();
    let generations = lines(&ok(&[
        "import",
        "equivsva-results",
        s(&results.join("dev.jsonl")),
    ]));
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let keep = |v: &&Value| v["program"] == "arbiter_0007" || v["id"] == "arbiter_0007";
    let write = |name: &str, rows: Vec<&Value>| {
        let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
        std::fs::write(dir.path().join(name), text).unwrap();
    };
    write("programs.jsonl", programs.iter().filter(keep).collect());
    write(
        "generations.jsonl",
        generations.iter().filter(keep).collect(),
    );
    let verdicts = dir.path().join("verdicts.jsonl");
    let out = common::flipscope()
        .env("XDG_CACHE_HOME", cache.path())
        .args(["score", s(dir.path()), "--verdicts", s(&verdicts)])
        .args(["--timeout", "120"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let verdicts = lines(&std::fs::read_to_string(&verdicts).unwrap());
    assert!(!verdicts.is_empty());
    let variants: std::collections::BTreeSet<&str> = verdicts
        .iter()
        .map(|v| v["variant"].as_str().unwrap())
        .collect();
    assert_eq!(
        variants.into_iter().collect::<Vec<_>>(),
        ["factored_flags", "nested_if", "onehot_case", "original"]
    );
    for v in verdicts.iter().filter(|v| !v["index"].is_null()) {
        assert!(v["read"].is_object(), "{v}");
        assert!(v["syntax"].is_object() || v["status"].is_object(), "{v}");
        if v["status"]["status"] == "pass" || v["status"]["status"] == "fail" {
            // Transfer: the three other implementations.
            assert_eq!(v["transfer"].as_object().unwrap().len(), 3, "{v}");
        }
        if v["sound"] == true {
            assert_eq!(v["mutants"].as_object().unwrap().len(), 3, "{v}");
        }
        if v["status"]["status"] == "fail" {
            let cex = &v["status"]["counterexample"];
            assert!(cex["signals"].is_array(), "{v}");
        }
    }
    let sound = verdicts.iter().filter(|v| v["sound"] == true).count();
    assert!(sound > 0, "arbiter_0007 has sound properties");
    // The scored study (programs, generations, verdicts) is read by metrics and export.
    let text = ok(&[
        "metrics",
        s(dir.path()),
        "--format",
        "json",
        "--replicates",
        "100",
    ]);
    let report: Value = serde_json::from_str(&text).unwrap();
    let m = &report["models"][MODEL];
    assert_eq!(m["outputs"], 4);
    assert_eq!(m["families"], 1);
    assert_eq!(m["sound"], sound);
    let n: u64 = report["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["N"].as_u64().unwrap())
        .sum();
    assert_eq!(n, 3);
    let markdown = ok(&["export", "metrics", s(dir.path()), "--replicates", "100"]);
    assert!(markdown.contains("| Tasks with sound |"), "{markdown}");
    assert!(markdown.contains("onehot\\_case"), "{markdown}");
    let json = ok(&[
        "export",
        "metrics",
        s(dir.path()),
        "--format",
        "json",
        "--replicates",
        "100",
    ]);
    let exported: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(exported["models"][MODEL]["sound"], sound);
}

/// The dev figures computed by flipscope from the raw generations (every property
/// proven) against the authors' (the dataset README's). They agree up to the
/// differences `docs/equivsva.md` explains ("flipscope against the authors"): each
/// figure within the bound given here. Minutes of proofs: run with `--ignored`.
#[test]
#[ignore = "proves the 96 dev generations (about 8 minutes on 2 cores)"]
fn raw_dev_generations_give_the_dev_figures_up_to_engine_differences() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let Some(_) = import_programs(dir.path()) else {
        return;
    };
    let results = results_dir().unwrap();
    let generations = ok(&["import", "equivsva-results", s(&results.join("dev.jsonl"))]);
    std::fs::write(dir.path().join("generations.jsonl"), generations).unwrap();
    let verdicts = dir.path().join("verdicts.jsonl");
    ok(&["score", s(dir.path()), "--verdicts", s(&verdicts)]);
    let text = ok(&[
        "metrics",
        s(dir.path()),
        "--format",
        "json",
        "--replicates",
        "0",
    ]);
    let report: Value = serde_json::from_str(&text).unwrap();
    let m = &report["models"][MODEL];
    // (figure, the authors' value, how far flipscope may be from it)
    let expected = [
        ("outputs", 96, 0),
        ("syntax_valid", 79, 2),
        ("properties", 400, 15),
        ("interface_only", 302, 40),
        ("sound", 87, 8),
        ("tasks", 96, 0),
        ("tasks_with_sound", 47, 3),
        ("families", 24, 0),
        ("families_all_sound", 6, 1),
        ("families_none_sound", 5, 1),
        ("variant_sensitive", 15, 2),
        ("mutant_checks", 261, 20),
        ("mutant_detections", 0, 6),
        ("mutants_caught", 0, 6),
    ];
    for (key, authors, bound) in expected {
        let ours = m[key].as_i64().unwrap();
        assert!(
            (ours - authors).abs() <= bound,
            "{key}: flipscope {ours}, the authors {authors}"
        );
    }
}
