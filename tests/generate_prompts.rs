//! Every text of a variant's prompt comes from the variant, through the real binary
//! (`generate --dry-run` on the bundled sample study): a T2 prompt holds no identifier
//! of the original that the variant's rename map changes (the clock included), and
//! names the renamed clock; T1 and T3 prompts name the program's own clock.

mod common;

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use common::flipscope;
use serde_json::Value;

fn sample_programs() -> Vec<Value> {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-runs/programs.jsonl"),
    )
    .unwrap()
    .lines()
    .map(|l| serde_json::from_str(l).unwrap())
    .collect()
}

/// The user message of every (program, variant) under `prompt`, by (program, variant).
fn prompts(prompt: &str) -> BTreeMap<(String, String), String> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-runs/programs.jsonl"),
        dir.path().join("programs.jsonl"),
    )
    .unwrap();
    let out = flipscope()
        .args([
            "generate",
            dir.path().to_str().unwrap(),
            "--endpoint",
            "http://127.0.0.1:9/v1",
        ])
        .args(["--model", "m", "--dry-run", "--prompt", prompt])
        .output()
        .unwrap();
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
            let messages = v["body"]["messages"].as_array().unwrap();
            let user = messages.last().unwrap()["content"]
                .as_str()
                .unwrap()
                .to_string();
            (
                (
                    v["program"].as_str().unwrap().to_string(),
                    v["variant"].as_str().unwrap().to_string(),
                ),
                user,
            )
        })
        .collect()
}

/// The identifier-like words of a text.
fn words(text: &str) -> HashSet<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .collect()
}

#[test]
fn each_transformation_kind_is_prompted_in_the_variant_own_names() {
    let programs = sample_programs();
    for template in ["vert", "equivsva"] {
        let prompts = prompts(template);
        let (mut t2_sync, mut t1, mut t3) = (0, 0, 0);
        for p in &programs {
            let id = p["id"].as_str().unwrap();
            let clock = p["clock"].as_str();
            for (name, variant) in p["variants"].as_object().unwrap() {
                let text = &prompts[&(id.to_string(), name.clone())];
                match name.as_str() {
                    "T2" => {
                        let rename = variant["rename"].as_object().unwrap();
                        let renamed: HashSet<&str> = rename
                            .iter()
                            .filter(|(new, old)| old.as_str() != Some(new.as_str()))
                            .map(|(_, old)| old.as_str().unwrap())
                            .collect();
                        let found = words(text);
                        let leaked: Vec<&&str> = found.intersection(&renamed).collect();
                        assert!(
                            leaked.is_empty(),
                            "{template} {id}/T2 names the original {leaked:?}:\n{text}"
                        );
                        if let Some(clock) = clock {
                            let signal = clock.split_whitespace().last().unwrap();
                            let new = rename
                                .iter()
                                .find(|(_, old)| old.as_str() == Some(signal))
                                .map(|(new, _)| new.as_str())
                                .unwrap();
                            let edge = clock.split_whitespace().next().unwrap();
                            assert!(
                                text.contains(&format!("{edge} {new}")),
                                "{template} {id}/T2 lacks its clock:\n{text}"
                            );
                            t2_sync += 1;
                        }
                    }
                    "T1" | "T3" => {
                        if let Some(clock) = clock {
                            assert!(
                                text.contains(clock),
                                "{template} {id}/{name} lacks {clock}:\n{text}"
                            );
                        }
                        if name == "T1" { t1 += 1 } else { t3 += 1 }
                    }
                    other => panic!("unexpected variant {other}"),
                }
            }
        }
        assert!(t2_sync >= 10 && t1 >= 10 && t3 >= 10, "{t2_sync} {t1} {t3}");
    }
}
