//! A real model, end to end: `flipscope generate` against llama-cpp-python's server
//! serving SmolLM2-135M-Instruct on loopback (`.ci/run` builds the server with
//! `.ci/model-venv`, starts it with `.ci/model-server` and sets
//! `FLIPSCOPE_MODEL_ENDPOINT`), for a few programs and variants of a copy of the sample
//! study, with small max tokens; the answers are scored; a second run sends no request.
//! A 135M model writes mostly wrong SVA: the pipeline is what is tested.
//!
//! Without `FLIPSCOPE_MODEL_ENDPOINT` the test skips, unless `CI` is set (then it fails).

mod common;

use std::path::Path;

use common::flipscope;
use serde_json::Value;

fn generate(study: &Path, endpoint: &str) -> std::process::Output {
    flipscope()
        .args([
            "generate",
            study.to_str().unwrap(),
            "--endpoint",
            endpoint,
            "--model",
            "smollm2-135m",
            "--filter",
            "program=p01,p11,p21",
            "--variants",
            "original,T2",
            "--max-tokens",
            "48",
            "--timeout",
            "300",
        ])
        .output()
        .unwrap()
}

#[test]
fn a_real_model_end_to_end() {
    let Some(url) = common::model_endpoint() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-runs/programs.jsonl"),
        dir.path().join("programs.jsonl"),
    )
    .unwrap();

    let out = generate(dir.path(), &url);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("generated 6 of 6"), "{err}");
    let path = dir.path().join("generations.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let gens: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(gens.len(), 6);
    for g in &gens {
        let meta = &g["meta"];
        assert_eq!(g["model"], "smollm2-135m");
        assert_eq!(meta["server_model"], "smollm2-135m", "{meta}");
        let reason = meta["finish_reason"].as_str().unwrap();
        assert!(reason == "stop" || reason == "length", "{meta}");
        assert!(meta["completion_tokens"].as_u64().unwrap() <= 48, "{meta}");
        assert!(meta["prompt_tokens"].as_u64().unwrap() > 100, "{meta}");
        assert_eq!(
            meta["truncated"],
            reason == "length" || meta["completion_tokens"] == 48
        );
        assert!(g["output"].is_string());
    }

    // The answers are scored (mostly wrong: the pipeline is what is tested).
    let score = flipscope()
        .args(["score", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        score.status.success(),
        "{}",
        String::from_utf8_lossy(&score.stderr)
    );
    let pairs = String::from_utf8(score.stdout).unwrap();
    assert!(pairs.lines().count() > 0, "no pairs");
    for line in pairs.lines() {
        let p: Value = serde_json::from_str(line).unwrap();
        assert_eq!(p["model"], "smollm2-135m");
        assert_eq!(p["variant"], "T2");
    }

    // A second run sends no request: against the real server, then against none.
    let again = generate(dir.path(), &url);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{err}");
    assert!(
        err.contains("nothing to send for model \"smollm2-135m\": 6 generated already"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let none = generate(dir.path(), &format!("http://127.0.0.1:{port}/v1"));
    assert!(
        none.status.success(),
        "{}",
        String::from_utf8_lossy(&none.stderr)
    );
}

/// Several samples from the real model: every sample has its index and its seed, and
/// `metrics` reports the self-flip rate beside the transformation's invariance failure.
/// One synchronous program, the original and T3, two samples, 16 tokens: four requests.
#[test]
fn a_real_model_with_several_samples() {
    let Some(url) = common::model_endpoint() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-runs/programs.jsonl"),
        dir.path().join("programs.jsonl"),
    )
    .unwrap();
    let out = flipscope()
        .args(["generate", dir.path().to_str().unwrap(), "--endpoint", &url])
        .args([
            "--model",
            "smollm2-135m",
            "--filter",
            "program=p11",
            "--variants",
            "original,T3",
        ])
        .args([
            "--samples",
            "2",
            "--seed",
            "7",
            "--temperature",
            "0.8",
            "--max-tokens",
            "16",
        ])
        .args(["--timeout", "300"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("generated 4 of 4"), "{err}");
    let text = std::fs::read_to_string(dir.path().join("generations.jsonl")).unwrap();
    let mut seen: Vec<(String, u64, u64)> = text
        .lines()
        .map(|l| {
            let g: Value = serde_json::from_str(l).unwrap();
            (
                g["variant"].as_str().unwrap().to_string(),
                g["sample"].as_u64().unwrap(),
                g["meta"]["sampling"]["seed"].as_u64().unwrap(),
            )
        })
        .collect();
    seen.sort();
    assert_eq!(
        seen,
        [
            ("T3".to_string(), 0, 7),
            ("T3".to_string(), 1, 8),
            ("original".to_string(), 0, 7),
            ("original".to_string(), 1, 8),
        ]
    );
    let metrics = flipscope()
        .args([
            "metrics",
            dir.path().to_str().unwrap(),
            "--format",
            "json",
            "--replicates",
            "200",
        ])
        .output()
        .unwrap();
    assert!(
        metrics.status.success(),
        "{}",
        String::from_utf8_lossy(&metrics.stderr)
    );
    let report: Value = serde_json::from_slice(&metrics.stdout).unwrap();
    let conditions = report["conditions"].as_array().unwrap();
    assert!(
        conditions.iter().any(|c| c["variant"] == "self"),
        "{report}"
    );
    let noise = report["noise_floor"].as_array().expect("a noise floor");
    assert!(
        noise
            .iter()
            .any(|n| n["variant"] == "T3" && n.get("self_flip").is_some()),
        "{report}"
    );
}
