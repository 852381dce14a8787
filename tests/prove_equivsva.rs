//! `flipscope::formal` on the EquivSVA dev split (`../shared/data/equivsva`): every gold
//! property passes on all four implementations of every family, every mutant fails at
//! least one gold property, and on the committed Qwen generations flipscope's status
//! agrees with the committed `formal_status` on at least 97% of the properties both
//! check (the disagreements are listed in docs/formal-equivsva.md). Needs yosys.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use flipscope::formal::{
    CacheChoice, Design, FormalStatus, Job, Outcome, PropertySet, ProveOptions, Prover,
    read_properties,
};
use serde_json::Value;

struct Family {
    name: String,
    /// (style, file) of the four implementations.
    impls: Vec<(String, PathBuf)>,
    mutants: Vec<PathBuf>,
    gold: PathBuf,
}

fn families(root: &Path) -> Vec<Family> {
    let splits: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("dataset/splits_v2.0.json")).unwrap(),
    )
    .unwrap();
    let mut out = Vec::new();
    for name in splits["dev"].as_array().unwrap() {
        let name = name.as_str().unwrap();
        let dir = root.join("dataset").join(name);
        let files = |sub: &str| {
            let mut v: Vec<PathBuf> = std::fs::read_dir(dir.join(sub))
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "sv"))
                .collect();
            v.sort();
            v
        };
        out.push(Family {
            name: name.to_string(),
            impls: files("rtl")
                .into_iter()
                .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
                .collect(),
            mutants: files("mutants"),
            gold: dir.join("properties/properties.sva"),
        });
    }
    out
}

fn design(path: &Path) -> Design {
    Design::read(&[path.to_path_buf()], None).unwrap()
}

fn prover() -> Prover {
    Prover::new(ProveOptions {
        cache: CacheChoice::Off,
        ..ProveOptions::default()
    })
    .expect("yosys and yosys-abc are installed")
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn gold_properties_pass_on_every_implementation() {
    let Some(root) = common::shared_data("equivsva") else {
        return;
    };
    let families = families(&root);
    assert_eq!(families.len(), 24);
    let mut designs = Vec::new();
    let mut golds = Vec::new();
    for f in &families {
        let gold = read_properties(&text(&f.gold), &f.gold.display().to_string());
        assert!(!gold.properties.is_empty(), "{}", f.name);
        for (_, p) in &f.impls {
            designs.push(design(p));
            golds.push(gold.clone());
        }
    }
    let jobs: Vec<Job> = designs
        .iter()
        .zip(&golds)
        .map(|(d, g)| Job {
            design: d,
            properties: g,
            mutants: &[],
        })
        .collect();
    let reports = prover().prove_batch(&jobs);
    let mut checked = 0;
    let mut failures = Vec::new();
    for (d, r) in designs.iter().zip(&reports) {
        assert_eq!(r.error, None, "{}", d.files[0].path);
        for o in &r.outcomes {
            checked += 1;
            if o.status != FormalStatus::Pass || o.vacuous == Some(true) {
                failures.push(format!(
                    "{} {}: {} {:?} {}",
                    d.files[0].path, o.name, o.status, o.vacuous, o.reason
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 96 * 4, "{checked} gold checks");
}

#[test]
fn every_mutant_fails_a_gold_property() {
    let Some(root) = common::shared_data("equivsva") else {
        return;
    };
    let families = families(&root);
    let mut designs = Vec::new();
    let mut golds = Vec::new();
    let mut mutants = Vec::new();
    for f in &families {
        designs.push(design(&f.impls[0].1));
        golds.push(read_properties(&text(&f.gold), "properties.sva"));
        mutants.push(f.mutants.iter().map(|m| design(m)).collect::<Vec<_>>());
    }
    let jobs: Vec<Job> = (0..families.len())
        .map(|i| Job {
            design: &designs[i],
            properties: &golds[i],
            mutants: &mutants[i],
        })
        .collect();
    let reports = prover().prove_batch(&jobs);
    let mut undetected = Vec::new();
    for (f, r) in families.iter().zip(&reports) {
        assert_eq!(f.mutants.len(), 3, "{}", f.name);
        for m in &f.mutants {
            let file = m.display().to_string();
            let detected = r.outcomes.iter().any(|o| {
                o.mutants
                    .iter()
                    .any(|mo| mo.file == file && mo.status == FormalStatus::Fail)
            });
            if !detected {
                let seen: Vec<String> = r
                    .outcomes
                    .iter()
                    .flat_map(|o| {
                        o.mutants
                            .iter()
                            .filter(|mo| mo.file == file)
                            .map(move |mo| format!("{} {} {}", o.name, mo.status, mo.reason))
                    })
                    .collect();
                undetected.push(format!("{file}: {seen:?}"));
            }
        }
    }
    assert!(undetected.is_empty(), "undetected mutants: {undetected:?}");
}

/// One committed verdict: (task, name) -> formal_status.
fn committed(root: &Path) -> HashMap<String, Vec<(String, String, String)>> {
    let path = root.join(
        "experiments/results_v2/mlx-community__Qwen2.5-Coder-7B-Instruct-4bit/dev_formal_scores.jsonl",
    );
    let mut out: HashMap<String, Vec<(String, String, String)>> = HashMap::new();
    for line in text(&path).lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        let task = row["task_id"].as_str().unwrap().to_string();
        let props = out.entry(task).or_default();
        for p in row["properties"].as_array().unwrap() {
            props.push((
                p["name"].as_str().unwrap().to_string(),
                p["source_kind"].as_str().unwrap_or("").to_string(),
                p["formal_status"].as_str().unwrap().to_string(),
            ));
        }
    }
    out
}

#[test]
fn generations_agree_with_committed_verdicts() {
    let Some(root) = common::shared_data("equivsva") else {
        return;
    };
    let gens =
        root.join("experiments/results_v2/mlx-community__Qwen2.5-Coder-7B-Instruct-4bit/dev.jsonl");
    let committed = committed(&root);
    let mut tasks: Vec<(String, String, Design, PropertySet)> = Vec::new();
    for line in text(&gens).lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        let task = row["task_id"].as_str().unwrap().to_string();
        let rtl = root
            .join("dataset")
            .join(row["design_id"].as_str().unwrap())
            .join("rtl")
            .join(row["rtl_file"].as_str().unwrap());
        let response = row["response"].as_str().unwrap().to_string();
        let props = read_properties(&response, &format!("{task}.txt"));
        tasks.push((task, response, design(&rtl), props));
    }
    assert_eq!(tasks.len(), 96);
    let jobs: Vec<Job> = tasks
        .iter()
        .map(|(_, _, d, p)| Job {
            design: d,
            properties: p,
            mutants: &[],
        })
        .collect();
    let reports = prover().prove_batch(&jobs);
    let verdict = |s: &str| matches!(s, "pass" | "fail" | "unknown");
    let (mut both, mut agree, mut ours_sound, mut theirs_sound) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    for ((task, response, _, _), report) in tasks.iter().zip(&reports) {
        ours_sound += report.outcomes.iter().filter(|o| o.sound()).count();
        let by_name: HashMap<&str, &Outcome> = report
            .outcomes
            .iter()
            .map(|o| (o.name.as_str(), o))
            .collect();
        for (name, _, status) in committed.get(task).into_iter().flatten() {
            if status == "pass" {
                theirs_sound += 1;
            }
            if !verdict(status) {
                continue;
            }
            let ours = by_name.get(common::equivsva::our_name(response, name).as_str());
            let Some(ours) = ours else {
                disagreements.push(format!(
                    "{task} {name}: theirs {status}, not read by flipscope"
                ));
                both += 1;
                continue;
            };
            if !verdict(ours.status.as_str()) {
                disagreements.push(format!(
                    "{task} {name}: theirs {status}, flipscope {} ({})",
                    ours.status, ours.reason
                ));
                continue;
            }
            both += 1;
            if ours.status.as_str() == status {
                agree += 1;
            } else {
                disagreements.push(format!(
                    "{task} {name}: theirs {status}, flipscope {} ({})",
                    ours.status, ours.reason
                ));
            }
        }
    }
    let rate = agree as f64 / both as f64;
    eprintln!(
        "agreement {agree}/{both} = {:.1}%; sound: flipscope {ours_sound}, EquivSVA {theirs_sound}",
        rate * 100.0
    );
    for d in &disagreements {
        eprintln!("  {d}");
    }
    // The sound counts as docs/formal-equivsva.md gives them (the page is the one place
    // they are written).
    let table = common::docs::figure_table("docs/formal-equivsva.md", "prove-equivsva-sound");
    let column = "sound properties".to_string();
    let figures: common::docs::Figures = [
        ("EquivSVA (committed)", theirs_sound),
        ("flipscope", ours_sound),
    ]
    .into_iter()
    .map(|(row, n)| ((row.to_string(), column.clone()), n.to_string()))
    .collect();
    let problems = common::docs::compare("docs/formal-equivsva.md", &table, 1, &figures);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(both >= 290, "{both} properties checked by both");
    // docs/formal-equivsva.md's figure.
    assert_eq!(ours_sound, 166, "properties sound for flipscope");
    assert!(
        rate >= 0.97,
        "agreement {rate:.3}:\n{}",
        disagreements.join("\n")
    );
}
