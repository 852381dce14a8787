//! A metamorphic study of whole designs, through the real binary, on two EquivSVA dev
//! families (`../shared/data`): `transform --kinds T1,T2,T3`, then
//! - `generate --prompt equivsva --dry-run` on the new study: every prompt of the
//!   dataset's implementations is byte for byte the one of the imported study (and so
//!   the committed one), every new variant's prompt is the template on its own RTL;
//! - an identity model (the committed generation of each original replayed as the
//!   output of its T1, T2 and T3 variants), scored and measured: every variant pair is
//!   CC or WW, every property that names only ports keeps its verdict on every variant
//!   (and `metrics`' property-level invariance finds every property's counterpart, no
//!   verdict flipped), and `metrics` gives one condition per kind.
//!
//! Needs yosys (CI must have it).

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

const FAMILIES: [&str; 2] = ["arbiter_0007", "handshake_0006"];
const RESULTS: &str =
    "equivsva/experiments/results_v2/mlx-community__Qwen2.5-Coder-7B-Instruct-4bit/dev.jsonl";

use common::module_study::{read_jsonl as jsonl, run_ok, write_jsonl};

fn ok(args: &[&str]) -> Vec<u8> {
    run_ok(args).stdout
}

/// prompt_sha256 and user message by (program, variant) of a dry run.
fn dry_run(dir: &Path) -> BTreeMap<(String, String), (String, String)> {
    let out = ok(&[
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
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let messages = v["body"]["messages"].as_array().unwrap();
            let user = messages.iter().find(|m| m["role"] == "user").unwrap()["content"]
                .as_str()
                .unwrap()
                .to_string();
            (
                (
                    v["program"].as_str().unwrap().to_string(),
                    v["variant"].as_str().unwrap().to_string(),
                ),
                (v["prompt_sha256"].as_str().unwrap().to_string(), user),
            )
        })
        .collect()
}

#[test]
fn two_dev_families_transformed_prompted_and_scored_with_an_identity_model() {
    if !common::have_tools(&["yosys"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let Some(study) = common::module_study::dev_study(dir.path(), &FAMILIES) else {
        return;
    };
    assert_eq!(jsonl(&study.join("programs.jsonl")).len(), 2);
    let results = common::shared_data(RESULTS).unwrap();
    let generations: Vec<Value> = String::from_utf8(ok(&[
        "import",
        "equivsva-results",
        results.to_str().unwrap(),
    ]))
    .unwrap()
    .lines()
    .map(|l| serde_json::from_str::<Value>(l).unwrap())
    .filter(|g| FAMILIES.contains(&g["program"].as_str().unwrap()))
    .collect();
    assert_eq!(generations.len(), 8);
    write_jsonl(&study.join("generations.jsonl"), &generations);

    let new = dir.path().join("new");
    let out = common::module_study::transform(&study, &new, "T1,T2,T3", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("T1: 1 added (proven equivalent), 1 not applicable\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T2: 2 added (proven equivalent)\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("T3: 2 added (proven equivalent)\n"),
        "{stderr}"
    );
    let new_programs = jsonl(&new.join("programs.jsonl"));

    // Prompts: the dataset's implementations' prompts are unchanged; the five new
    // variants are prompted with their own RTL.
    let before = dry_run(&study);
    let after = dry_run(&new);
    assert_eq!(before.len(), 8);
    assert_eq!(after.len(), 8 + 5);
    for (key, prompt) in &before {
        assert_eq!(after.get(key), Some(prompt), "{key:?}");
    }
    for p in &new_programs {
        for (name, v) in p["variants"].as_object().unwrap() {
            if v["meta"].get("transform").is_none() {
                continue;
            }
            let (_, user) = &after[&(p["id"].as_str().unwrap().to_string(), name.clone())];
            assert!(
                user.contains(v["rtl"].as_str().unwrap()),
                "{}/{name}",
                p["id"]
            );
            assert_ne!(
                user,
                &before[&(p["id"].as_str().unwrap().to_string(), "original".into())].1
            );
        }
    }

    // The identity model: each original's generation replayed as its variants' output.
    let mut replayed = jsonl(&new.join("generations.jsonl"));
    for p in &new_programs {
        let original = replayed
            .iter()
            .find(|g| g["program"] == p["id"] && g["variant"] == "original")
            .unwrap()
            .clone();
        for name in ["T1", "T2", "T3"] {
            if p["variants"].get(name).is_some() {
                let mut g = original.clone();
                g["variant"] = name.into();
                replayed.push(g);
            }
        }
    }
    write_jsonl(&new.join("generations.jsonl"), &replayed);
    let verdicts = new.join("verdicts.jsonl");
    ok(&[
        "score",
        new.to_str().unwrap(),
        "--verdicts",
        verdicts.to_str().unwrap(),
    ]);
    // Property-level: a property naming only ports has the same verdict on the
    // original and on each of its proven-equivalent rewrites.
    let lines = jsonl(&verdicts);
    let key = |v: &Value| {
        (
            v["program"].as_str().unwrap_or_default().to_string(),
            v["name"].as_str().unwrap_or_default().to_string(),
        )
    };
    let mut on_original: BTreeMap<(String, String), Value> = BTreeMap::new();
    for v in lines.iter().filter(|v| v["variant"] == "original") {
        on_original.insert(key(v), v.clone());
    }
    let mut compared = 0;
    for v in lines
        .iter()
        .filter(|v| ["T1", "T2", "T3"].contains(&v["variant"].as_str().unwrap()))
    {
        let Some(o) = on_original.get(&key(v)) else {
            continue;
        };
        if o["interface_only"] == true {
            compared += 1;
            assert_eq!(v["status"]["status"], o["status"]["status"], "{v}");
            assert_eq!(v["sound"], o["sound"], "{v}");
        }
    }
    assert!(compared > 0);

    let metrics: Value =
        serde_json::from_slice(&ok(&["metrics", new.to_str().unwrap(), "--format", "json"]))
            .unwrap();
    let conditions = metrics["conditions"].as_array().unwrap();
    for kind in ["T1", "T2", "T3"] {
        let c = conditions
            .iter()
            .find(|c| c["variant"] == kind)
            .unwrap_or_else(|| panic!("no condition for {kind}: {conditions:?}"));
        assert_eq!(c["N"], if kind == "T1" { 1 } else { 2 }, "{c}");
        assert_eq!(
            (c["L"].as_u64(), c["G"].as_u64()),
            (Some(0), Some(0)),
            "{c}"
        );
        assert_eq!(c["flip_rate"], 0.0);
    }
    // Property-level invariance: the replayed output has every property of the
    // original's, and none changes verdict.
    let invariance = metrics["property_invariance"].as_array().unwrap();
    assert_eq!(invariance.len(), 3 + 3, "{invariance:?}"); // T1-T3 and the 3 styles
    for row in invariance {
        if ["T1", "T2", "T3"].contains(&row["variant"].as_str().unwrap()) {
            assert!(row["properties"].as_u64().unwrap() > 0, "{row}");
            assert_eq!(row["with_counterpart"], row["properties"], "{row}");
            assert_eq!(row["verdict_flipped"], 0, "{row}");
        }
    }
    let only_t2: Value = serde_json::from_slice(&ok(&[
        "metrics",
        new.to_str().unwrap(),
        "--format",
        "json",
        "--filter",
        "variant=T2",
    ]))
    .unwrap();
    let c = only_t2["conditions"].as_array().unwrap();
    assert_eq!(c.len(), 1, "{c:?}");
    assert_eq!(c[0]["variant"], "T2");
}
