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

/// One family (`arbiter_0007`, four implementations, three mutants) imported, scored
/// by formal proof, its metrics computed and exported.
#[test]
fn one_family_imported_scored_measured_and_exported() {
    if !common::have_tools(&["yosys"]) {
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

/// The dev split scored by flipscope from the raw generations (every property proven,
/// transfer and mutants on) against the authors' committed verdicts, property by
/// property, and the figures both give. docs/equivsva.md ("The dev split: the authors
/// against flipscope") explains every difference counted here; on the properties both
/// read, the formal statuses differ only by the one disagreement of
/// docs/formal-equivsva.md.
#[test]
fn raw_dev_generations_reconcile_with_the_committed_verdicts() {
    use std::collections::{BTreeMap, HashMap, HashSet};
    if !common::have_tools(&["yosys"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let Some(_) = import_programs(dir.path()) else {
        return;
    };
    let results = results_dir().unwrap();
    let generations = ok(&["import", "equivsva-results", s(&results.join("dev.jsonl"))]);
    std::fs::write(dir.path().join("generations.jsonl"), &generations).unwrap();
    let outputs: HashMap<(String, String), String> = lines(&generations)
        .iter()
        .map(|g| {
            let key = (
                g["program"].as_str().unwrap(),
                g["variant"].as_str().unwrap(),
            );
            let text = g["output"].as_str().unwrap().to_string();
            ((key.0.to_string(), key.1.to_string()), text)
        })
        .collect();
    let verdicts = dir.path().join("verdicts.jsonl");
    ok(&["score", s(dir.path()), "--verdicts", s(&verdicts)]);
    let ours = lines(&std::fs::read_to_string(&verdicts).unwrap());
    let theirs = lines(&ok(&[
        "import",
        "equivsva-scores",
        s(&results),
        "--split",
        "dev",
    ]));
    let status = |v: &Value| v["status"]["status"].as_str().unwrap_or("none").to_string();
    let output_of = |v: &Value| {
        (
            v["program"].as_str().unwrap().to_string(),
            v["variant"].as_str().unwrap().to_string(),
        )
    };
    // Property lines by (program, variant, flipscope's name).
    let ours_by: HashMap<(String, String, String), &Value> = ours
        .iter()
        .map(|v| {
            let (p, var) = output_of(v);
            ((p, var, v["name"].as_str().unwrap().to_string()), v)
        })
        .collect();
    assert_eq!(ours_by.len(), 565, "flipscope's property lines");
    let mut theirs_by = HashMap::new();
    for v in theirs.iter().filter(|v| v["name"].is_string()) {
        let (p, var) = output_of(v);
        let name = common::equivsva::our_name(
            &outputs[&(p.clone(), var.clone())],
            v["name"].as_str().unwrap(),
        );
        theirs_by.insert((p, var, name), v);
    }
    assert_eq!(theirs_by.len(), 400, "the authors' properties");
    let both: Vec<_> = theirs_by
        .keys()
        .filter(|k| ours_by.contains_key(*k))
        .collect();
    assert_eq!(
        both.len(),
        400,
        "every property of the authors is read by flipscope"
    );

    // Formal status, theirs against ours.
    let mut statuses: BTreeMap<(String, String), usize> = BTreeMap::new();
    for k in &both {
        *statuses
            .entry((status(theirs_by[*k]), status(ours_by[*k])))
            .or_default() += 1;
    }
    let expected: BTreeMap<(String, String), usize> = [
        (("fail", "fail"), 214),
        (("pass", "pass"), 87),
        (("unknown", "pass"), 1),
        (("interface-violation", "fail"), 43),
        (("interface-violation", "pass"), 40),
        (("unsupported", "fail"), 10),
        (("unsupported", "pass"), 5),
    ]
    .into_iter()
    .map(|((a, b), n)| ((a.to_string(), b.to_string()), n))
    .collect();
    assert_eq!(statuses, expected);

    // Every difference of soundness and of interface-only, by its cause.
    let names_inside = |v: &Value| {
        v["external"]["referenced_identifiers"]
            .as_array()
            .is_some_and(|ids| ids.iter().any(|i| i == "inside"))
    };
    let mut causes: BTreeMap<&str, usize> = BTreeMap::new();
    for k in &both {
        let (t, o) = (theirs_by[*k], ours_by[*k]);
        if t["interface_only"].is_boolean() && t["interface_only"] != o["interface_only"] {
            assert!(names_inside(t), "{k:?}: interface-only differs");
            *causes
                .entry("interface: `inside` read as a signal")
                .or_default() += 1;
        }
        if t["sound"] == o["sound"] {
            continue;
        }
        let cause = if o["status"]["vacuous"] == true {
            "sound for them, a vacuous pass for flipscope"
        } else if status(t) == "unsupported" {
            "their lowering unsupported, flipscope proves it"
        } else if names_inside(t) {
            "their `inside` taken for a signal"
        } else if status(t) == "unknown" {
            assert_eq!(k.2, "p_value_decreases_on_dec");
            "the listed disagreement (k-induction depth)"
        } else {
            panic!("{k:?}: soundness differs for no known cause")
        };
        *causes.entry(cause).or_default() += 1;
    }
    let expected: BTreeMap<&str, usize> = [
        ("interface: `inside` read as a signal", 8),
        ("sound for them, a vacuous pass for flipscope", 2),
        ("their lowering unsupported, flipscope proves it", 5),
        ("their `inside` taken for a signal", 6),
        ("the listed disagreement (k-induction depth)", 1),
    ]
    .into_iter()
    .collect();
    assert_eq!(causes, expected);

    // Syntax: flipscope accepts two outputs slang rejects (their module-level immediate
    // assertions are text flipscope does not read as properties); the other 94 agree.
    // The property declared twice (interrupt_0009__onehot_case) both reject.
    let valid = |lines: &[Value], named: bool| {
        let mut out: HashMap<(String, String), bool> = HashMap::new();
        for v in lines.iter().filter(|v| !named || v["program"].is_string()) {
            let ok = v["syntax"]["ok"] == true;
            *out.entry(output_of(v)).or_insert(true) &= ok;
        }
        out
    };
    let (ours_valid, theirs_valid) = (valid(&ours, false), valid(&theirs, true));
    let accepted_by_flipscope_only: HashSet<_> = theirs_valid
        .iter()
        .filter(|(k, v)| !**v && ours_valid[*k])
        .map(|(k, _)| format!("{}__{}", k.0, k.1))
        .collect();
    let expected: HashSet<String> = [
        "rate_limiter_0009__function_update",
        "rate_limiter_0009__original",
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    assert_eq!(accepted_by_flipscope_only, expected);
    assert!(
        ours_valid.iter().all(|(k, v)| !*v
            || theirs_valid[k]
            || expected.contains(&format!("{}__{}", k.0, k.1))),
        "no output slang accepts is rejected by flipscope"
    );

    // The figures: the authors' (from the committed scores, as the README gives them)
    // and flipscope's, each difference one of the causes above or a property only
    // flipscope reads.
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
    // (figure, the authors', flipscope's)
    let expected: [(&str, i64, i64); 14] = [
        ("outputs", 96, 96),
        ("syntax_valid", 79, 81),
        ("properties", 400, 410),
        ("interface_only", 302, 328),
        ("sound", 87, 101),
        ("tasks", 96, 96),
        ("tasks_with_sound", 47, 55),
        ("families", 24, 24),
        ("families_all_sound", 6, 7),
        ("families_none_sound", 5, 3),
        ("variant_sensitive", 15, 17),
        ("mutant_checks", 261, 303),
        ("mutant_detections", 0, 1),
        ("mutants_caught", 0, 1),
    ];
    let figures: Vec<(&str, i64, i64)> = expected
        .iter()
        .map(|(key, authors, _)| (*key, *authors, m[*key].as_i64().unwrap()))
        .collect();
    assert_eq!(figures, expected, "(figure, the authors', flipscope's)");
}
