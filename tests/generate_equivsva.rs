//! The `equivsva` prompt reproduces EquivSVA's task prompt exactly: for every dev task
//! of `../shared/data/equivsva`, the prompt flipscope renders from the family's
//! `spec.json` and the implementation's `rtl/*.sv` is the task file's prompt, and its
//! sha256 is the `prompt_sha256` of the committed generation of that task.

mod common;

use std::collections::HashMap;
use std::path::Path;

use flipscope::generate::PromptTemplate;
use flipscope::generate::prompt::inputs_from_spec;
use serde_json::Value;
use sha2::{Digest, Sha256};

fn jsonl(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_dev_prompt_has_the_committed_sha256() {
    let Some(root) = common::shared_data("equivsva") else {
        return;
    };
    let results = root.join("experiments/results_v2");
    let mut committed: HashMap<String, String> = HashMap::new();
    let mut files = 0;
    for entry in std::fs::read_dir(&results).unwrap() {
        let dev = entry.unwrap().path().join("dev.jsonl");
        if !dev.exists() {
            continue;
        }
        files += 1;
        for row in jsonl(&dev) {
            let task = row["task_id"].as_str().unwrap().to_string();
            let sha = row["prompt_sha256"].as_str().unwrap().to_string();
            if let Some(before) = committed.insert(task.clone(), sha.clone()) {
                assert_eq!(before, sha, "{task}: two models, two prompts");
            }
        }
    }
    assert!(
        files >= 1,
        "no results_v2/*/dev.jsonl under {}",
        results.display()
    );
    let template = PromptTemplate::load("equivsva").unwrap();
    let tasks = jsonl(&root.join("experiments/tasks/dev.jsonl"));
    assert_eq!(tasks.len(), 96);
    assert_eq!(committed.len(), 96);
    for task in &tasks {
        let id = task["task_id"].as_str().unwrap();
        let family = task["design_id"].as_str().unwrap();
        let style = task["rtl_variant"].as_str().unwrap();
        let dir = root.join("dataset").join(family);
        let spec: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("spec.json")).unwrap()).unwrap();
        let rtl = std::fs::read_to_string(dir.join("rtl").join(task["rtl_file"].as_str().unwrap()))
            .unwrap();
        let prompt = template
            .render(&inputs_from_spec(&spec, family, style, &rtl))
            .unwrap();
        assert_eq!(
            prompt,
            task["prompt"].as_str().unwrap(),
            "{id}: the rendered prompt"
        );
        let sha: String = Sha256::digest(prompt.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(&sha, &committed[id], "{id}: sha256 of the prompt");
    }
}

/// The committed `prompt_sha256` of every dev task, by task id.
fn committed_prompt_hashes(root: &Path) -> HashMap<String, String> {
    let mut committed = HashMap::new();
    for entry in std::fs::read_dir(root.join("experiments/results_v2")).unwrap() {
        let dev = entry.unwrap().path().join("dev.jsonl");
        if dev.exists() {
            for row in jsonl(&dev) {
                committed.insert(
                    row["task_id"].as_str().unwrap().to_string(),
                    row["prompt_sha256"].as_str().unwrap().to_string(),
                );
            }
        }
    }
    committed
}

/// `generate --prompt equivsva --dry-run` on `dir`'s study: prompt_sha256 by task id
/// (the task ids read from the programs' and variants' meta).
fn dry_run_hashes(dir: &Path) -> HashMap<String, String> {
    let programs = jsonl(&dir.join("programs.jsonl"));
    let task = |program: &str, variant: &str| -> String {
        let p = programs.iter().find(|p| p["id"] == program).unwrap();
        let meta = if variant == "original" {
            &p["meta"]
        } else {
            &p["variants"][variant]["meta"]
        };
        meta["task_id"].as_str().unwrap().to_string()
    };
    let out = common::run(&[
        "generate",
        dir.to_str().unwrap(),
        "--endpoint",
        "http://127.0.0.1:9/v1",
        "--model",
        "m",
        "--prompt",
        "equivsva",
        "--dry-run",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                task(
                    v["program"].as_str().unwrap(),
                    v["variant"].as_str().unwrap(),
                ),
                v["prompt_sha256"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn generate_on_an_imported_dev_study_sends_the_committed_prompts() {
    let Some(root) = common::shared_data("equivsva") else {
        return;
    };
    let committed = committed_prompt_hashes(&root);
    assert_eq!(committed.len(), 96);
    let dir = tempfile::tempdir().unwrap();
    let out = common::run(&[
        "import",
        "equivsva",
        root.to_str().unwrap(),
        "--split",
        "dev",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(dir.path().join("programs.jsonl"), &out.stdout).unwrap();
    let programs = jsonl(&dir.path().join("programs.jsonl"));
    for p in &programs {
        // The importer words the reset as the task exporter does.
        assert_eq!(
            p["reset_description"], "rst, active high, synchronous",
            "{}",
            p["id"]
        );
    }

    // The study's rendered prompts are sent byte for byte.
    let sent = dry_run_hashes(dir.path());
    assert_eq!(sent.len(), 96);
    assert_eq!(sent, committed, "with the recorded prompts");

    // Without them, the authors' template rendered from the study gives the same bytes.
    let stripped: Vec<String> = programs
        .into_iter()
        .map(|mut p| {
            p["meta"].as_object_mut().unwrap().remove("prompt");
            for (_, v) in p["variants"].as_object_mut().unwrap() {
                v["meta"].as_object_mut().unwrap().remove("prompt");
            }
            p.to_string()
        })
        .collect();
    std::fs::write(
        dir.path().join("programs.jsonl"),
        stripped.join("\n") + "\n",
    )
    .unwrap();
    assert!(
        !std::fs::read_to_string(dir.path().join("programs.jsonl"))
            .unwrap()
            .contains("\"prompt\"")
    );
    let rendered = dry_run_hashes(dir.path());
    assert_eq!(rendered, committed, "rendered from the template");
}
