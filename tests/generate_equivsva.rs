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
