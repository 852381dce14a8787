//! `flipscope generate` through the real binary against a scripted server on loopback:
//! the meta it records, resume and refusal to mix settings, every fault of a real
//! server (429 with Retry-After, 503, 400, a slow answer, a reset, truncated JSON, null
//! content, finish reason `length`), a process killed mid-run, Ctrl-C.

mod common;
#[path = "common/llm_server.rs"]
mod llm_server;

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::flipscope;
use llm_server::{LlmServer, Reply, SERVED_MODEL};
use serde_json::Value;
use sha2::{Digest, Sha256};

const ANSWER: &str = "property p1; a |=> x == y; endproperty";

/// A study directory holding the first `n` programs of the bundled sample study.
fn study(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let all = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-runs/programs.jsonl"),
    )
    .unwrap();
    let lines: Vec<&str> = all.lines().take(n).collect();
    std::fs::write(dir.path().join("programs.jsonl"), lines.join("\n") + "\n").unwrap();
    dir
}

/// The sample study's first program (original, T1, T2, T3) and a synchronous program
/// that T1 does not apply to (p11: original, T2, T3): seven targets.
fn two_program_study() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let all = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-runs/programs.jsonl"),
    )
    .unwrap();
    let lines: Vec<&str> = all
        .lines()
        .filter(|l| l.starts_with(r#"{"id":"p01""#) || l.starts_with(r#"{"id":"p11""#))
        .collect();
    assert_eq!(lines.len(), 2);
    std::fs::write(dir.path().join("programs.jsonl"), lines.join("\n") + "\n").unwrap();
    dir
}

fn args(study: &Path, server: &LlmServer, extra: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = vec![
        "generate".into(),
        study.display().to_string(),
        "--endpoint".into(),
        server.url(),
        "--model".into(),
        "m".into(),
        "--backoff-ms".into(),
        "10".into(),
    ];
    if !extra.contains(&"--timeout") {
        a.extend(["--timeout".into(), "20".into()]);
    }
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

fn generate(study: &Path, server: &LlmServer, extra: &[&str]) -> Output {
    flipscope()
        .args(args(study, server, extra))
        .output()
        .expect("run flipscope")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn lines(path: &Path) -> Vec<Value> {
    match std::fs::read_to_string(path) {
        Ok(text) => text
            .lines()
            .map(|l| serde_json::from_str(l).expect("a whole JSON line"))
            .collect(),
        Err(_) => vec![],
    }
}

fn generations(study: &Path) -> Vec<Value> {
    lines(&study.join("generations.jsonl"))
}

fn failures(study: &Path) -> Vec<Value> {
    lines(&study.join("failed-generations.jsonl"))
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The generation of `program`/`variant`.
fn find<'a>(gens: &'a [Value], program: &str, variant: &str) -> &'a Value {
    gens.iter()
        .find(|g| g["program"] == program && g["variant"] == variant)
        .unwrap_or_else(|| panic!("no generation for {program}/{variant}"))
}

#[test]
fn every_program_and_variant_with_its_meta() {
    let dir = two_program_study();
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = generate(dir.path(), &server, &["--jobs", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "nothing on stdout");
    assert!(
        !stderr(&out).contains("ETA") && !stderr(&out).contains("in flight"),
        "no progress bar when stderr is not a terminal: {}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("generated 7 of 7"),
        "{}",
        stderr(&out)
    );
    let gens = generations(dir.path());
    assert_eq!(gens.len(), 7);
    let seen = server.seen();
    assert_eq!(seen.len(), 7);
    for s in &seen {
        assert_eq!(s.path, "/v1/chat/completions");
        let b = &s.body;
        assert_eq!(b["model"], "m");
        assert_eq!(b["temperature"], 0.0);
        assert_eq!(b["top_p"], 1.0);
        assert_eq!(b["max_tokens"], 1536);
        assert_eq!(b["seed"], 0);
        assert_eq!(b["repeat_penalty"], 1.0);
        assert_eq!(b["repetition_penalty"], 1.0);
        assert_eq!(b["frequency_penalty"], 0.0);
        assert_eq!(b["presence_penalty"], 0.0);
        assert_eq!(b["min_p"], 0.0);
        assert_eq!(b["stream"], false);
        assert_eq!(b["messages"].as_array().unwrap().len(), 1);
        assert_eq!(b["messages"][0]["role"], "user");
    }
    let g = find(&gens, "p11", "original");
    assert_eq!(g["model"], "m");
    assert_eq!(g["output"], ANSWER);
    let meta = &g["meta"];
    let prompt = &seen
        .iter()
        .find(|s| s.prompt.contains("clk_86") && !s.prompt.contains("(clk_86)"))
        .unwrap()
        .prompt;
    assert!(
        prompt.contains("@(posedge clock_div_10)") && prompt.contains("|->"),
        "{prompt}"
    );
    assert_eq!(
        meta["endpoint"],
        format!("{}/chat/completions", server.url())
    );
    assert_eq!(meta["server_model"], SERVED_MODEL);
    assert_eq!(meta["prompt_template"], "vert");
    assert_eq!(meta["finish_reason"], "stop");
    assert_eq!(meta["truncated"], false);
    assert_eq!(meta["prompt_tokens"], 11);
    assert_eq!(meta["completion_tokens"], 7);
    assert_eq!(meta["attempts"], 1);
    assert!(meta["elapsed_seconds"].as_f64().unwrap() >= 0.0);
    for key in ["started", "finished"] {
        let t = meta[key].as_str().unwrap();
        assert!(t.len() == 20 && t.ends_with('Z'), "{key} {t}");
    }
    let sampling = meta["sampling"].as_object().unwrap();
    for key in [
        "temperature",
        "top_p",
        "max_tokens",
        "seed",
        "frequency_penalty",
        "presence_penalty",
        "repeat_penalty",
        "repetition_penalty",
        "min_p",
    ] {
        assert_eq!(sampling[key], seen[0].body[key], "{key}");
    }
    // The prompt hash is the sha256 of the user message that was sent.
    let hashes: Vec<String> = seen.iter().map(|s| sha256(&s.prompt)).collect();
    for g in &gens {
        assert!(hashes.contains(&g["meta"]["prompt_sha256"].as_str().unwrap().to_string()));
        assert_eq!(g["meta"]["request_sha256"].as_str().unwrap().len(), 64);
    }
    // A T2 variant is prompted in its renamed form.
    let t2 = seen
        .iter()
        .find(|s| s.prompt.contains("v1 != v2"))
        .expect("p01's T2 prompt");
    assert!(!t2.prompt.contains("fsm_9"), "{}", t2.prompt);

    // The study loads and scores with its new generations.
    let v = flipscope()
        .args(["validate", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(v.status.success(), "{}", stderr(&v));
    let s = flipscope()
        .args(["score", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(s.status.success(), "{}", stderr(&s));
    assert!(!s.stdout.is_empty());
}

#[test]
fn a_second_run_sends_no_request() {
    let dir = two_program_study();
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    assert!(generate(dir.path(), &server, &[]).status.success());
    let before = std::fs::read(dir.path().join("generations.jsonl")).unwrap();
    let out = generate(dir.path(), &server, &["--jobs", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("nothing to send for model \"m\": 7 generated already"),
        "{}",
        stderr(&out)
    );
    assert_eq!(server.seen().len(), 7);
    assert_eq!(
        std::fs::read(dir.path().join("generations.jsonl")).unwrap(),
        before
    );
    assert!(!dir.path().join("failed-generations.jsonl").exists());
}

#[test]
fn variants_and_filter_choose_what_is_generated() {
    let dir = two_program_study();
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = generate(
        dir.path(),
        &server,
        &["--variants", "original,T2", "--filter", "stratum=*/sync"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let gens = generations(dir.path());
    let got: Vec<String> = gens
        .iter()
        .map(|g| {
            format!(
                "{}/{}",
                g["program"].as_str().unwrap(),
                g["variant"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(got, ["p11/original", "p11/T2"]);

    let out = generate(dir.path(), &server, &["--filter", "flip=CW"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("\"flip\" does not choose what is generated"),
        "{}",
        stderr(&out)
    );
    let out = generate(dir.path(), &server, &["--variants", "T7"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no program has a variant \"T7\""),
        "{}",
        stderr(&out)
    );
    let out = generate(dir.path(), &server, &["--filter", "modle=x"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(server.seen().len(), 2);
}

#[test]
fn other_settings_are_refused_unless_told() {
    let dir = two_program_study();
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    assert!(
        generate(dir.path(), &server, &["--variants", "original"])
            .status
            .success()
    );
    let out = generate(dir.path(), &server, &["--max-tokens", "512"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("2 generation(s) of model \"m\" were made by another request"),
        "{err}"
    );
    assert!(
        err.contains("p01/original: max_tokens 1536 there, 512 here"),
        "{err}"
    );
    assert!(err.contains("--allow-mixed-settings"), "{err}");
    assert_eq!(server.seen().len(), 2, "nothing sent");

    // Only new targets with other settings: still a mix.
    let out = generate(dir.path(), &server, &["--variants", "T1", "--seed", "7"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("would mix settings"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("seed 0 there, 7 here"),
        "{}",
        stderr(&out)
    );

    let out = generate(
        dir.path(),
        &server,
        &["--max-tokens", "512", "--allow-mixed-settings"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("2 kept from other settings"),
        "{}",
        stderr(&out)
    );
    let gens = generations(dir.path());
    assert_eq!(gens.len(), 7);
    assert_eq!(
        find(&gens, "p01", "original")["meta"]["sampling"]["max_tokens"],
        1536
    );
    assert_eq!(
        find(&gens, "p01", "T1")["meta"]["sampling"]["max_tokens"],
        512
    );
    assert_eq!(server.seen().len(), 7);
}

#[test]
fn rate_limited_429_honours_retry_after() {
    let dir = study(1);
    let server = LlmServer::start(|_, before| {
        if before == 0 {
            Reply::Status {
                status: 429,
                headers: vec![("retry-after".into(), "1".into())],
                body: r#"{"error":{"message":"slow down"}}"#.into(),
            }
        } else {
            Reply::answer(ANSWER)
        }
    });
    let out = generate(dir.path(), &server, &["--variants", "original"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("retry: p01/original: HTTP 429: slow down (attempt 1); again in 1.0 s"),
        "{}",
        stderr(&out)
    );
    let seen = server.seen();
    assert_eq!(seen.len(), 2);
    // The backoff asked for is 10 ms; the server's Retry-After of 1 s wins.
    assert!(seen[1].at - seen[0].at >= Duration::from_secs(1));
    assert_eq!(generations(dir.path())[0]["meta"]["attempts"], 2);
}

#[test]
fn a_503_then_success() {
    let dir = study(1);
    let server = LlmServer::start(|_, before| {
        if before < 2 {
            Reply::status(503, "loading model")
        } else {
            Reply::answer(ANSWER)
        }
    });
    let out = generate(dir.path(), &server, &["--variants", "original"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(server.seen().len(), 3);
    let g = &generations(dir.path())[0];
    assert_eq!(g["meta"]["attempts"], 3);
    assert_eq!(g["output"], ANSWER);
}

#[test]
fn a_400_is_not_retried_and_is_recorded() {
    let dir = study(1);
    let server = LlmServer::start(|s, _| {
        if s.prompt.contains("v1 != v2") {
            Reply::status(400, "context length exceeded")
        } else {
            Reply::answer(ANSWER)
        }
    });
    let out = generate(dir.path(), &server, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "warning: p01/T2: failed after 1 attempt(s): HTTP 400: context length exceeded"
        ),
        "{err}"
    );
    assert!(err.contains("1 request(s) failed"), "{err}");
    assert_eq!(server.seen().len(), 4, "the 400 is sent once");
    assert_eq!(generations(dir.path()).len(), 3);
    let f = failures(dir.path());
    assert_eq!(f.len(), 1);
    assert_eq!(f[0]["program"], "p01");
    assert_eq!(f[0]["variant"], "T2");
    assert_eq!(f[0]["error"]["kind"], "http-status");
    assert_eq!(f[0]["error"]["status"], 400);
    assert_eq!(f[0]["meta"]["attempts"], 1);
    assert_eq!(f[0]["meta"]["request_sha256"].as_str().unwrap().len(), 64);

    // A re-run does not send it again, unless asked to.
    let out = generate(dir.path(), &server, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("p01/T2: failed earlier"),
        "{}",
        stderr(&out)
    );
    assert_eq!(server.seen().len(), 4);
    let out = generate(dir.path(), &server, &["--retry-errors"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(server.seen().len(), 5);
    assert_eq!(failures(dir.path()).len(), 2, "every failure is kept");
}

#[test]
fn an_answer_slower_than_the_timeout_is_retried_then_recorded() {
    let dir = study(1);
    let server = LlmServer::start(|s, before| {
        let slow = Reply::Delay(Duration::from_secs(3), Box::new(Reply::answer(ANSWER)));
        if s.prompt.contains("v1 != v2") || before == 0 {
            slow
        } else {
            Reply::answer(ANSWER)
        }
    });
    let out = generate(
        dir.path(),
        &server,
        &[
            "--timeout",
            "0.3",
            "--retries",
            "1",
            "--variants",
            "original,T2",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let gens = generations(dir.path());
    assert_eq!(gens.len(), 1);
    assert_eq!(find(&gens, "p01", "original")["meta"]["attempts"], 2);
    let f = failures(dir.path());
    assert_eq!(f.len(), 1);
    assert_eq!(f[0]["variant"], "T2");
    assert_eq!(f[0]["error"]["kind"], "timeout");
    assert_eq!(f[0]["meta"]["attempts"], 2);
}

#[test]
fn a_connection_reset_is_retried() {
    let dir = study(1);
    let server = LlmServer::start(|_, before| {
        if before == 0 {
            Reply::Reset
        } else {
            Reply::answer(ANSWER)
        }
    });
    let out = generate(dir.path(), &server, &["--variants", "original"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("retry: p01/original: connection"),
        "{}",
        stderr(&out)
    );
    assert_eq!(generations(dir.path())[0]["meta"]["attempts"], 2);
}

#[test]
fn a_server_that_keeps_resetting_stops_the_run_without_recording_a_failure() {
    let dir = study(2);
    let server = LlmServer::start(|_, _| Reply::Reset);
    let out = generate(dir.path(), &server, &["--retries", "2"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("the endpoint stopped answering (p01/original: connection"),
        "{err}"
    );
    assert!(
        err.contains("after 3 attempt(s)"),
        "one request, three attempts: {err}"
    );
    assert!(
        server
            .seen()
            .iter()
            .all(|s| s.prompt == server.seen()[0].prompt),
        "only the first request was sent"
    );
    assert!(failures(dir.path()).is_empty());
    assert!(generations(dir.path()).is_empty());
}

#[test]
fn truncated_json_is_retried() {
    let dir = study(1);
    let cut = br#"{"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":"prop"#;
    let raw = [
        format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
            cut.len()
        )
        .into_bytes(),
        cut.to_vec(),
    ]
    .concat();
    let raw2 = raw.clone();
    let server = LlmServer::start(move |s, before| {
        if s.prompt.contains("v1 != v2") || before == 0 {
            Reply::Raw(raw2.clone())
        } else {
            Reply::answer(ANSWER)
        }
    });
    let out = generate(
        dir.path(),
        &server,
        &["--retries", "1", "--variants", "original,T2"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the answer is not valid JSON"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        find(&generations(dir.path()), "p01", "original")["meta"]["attempts"],
        2
    );
    let f = failures(dir.path());
    assert_eq!(
        (f.len(), f[0]["error"]["kind"].as_str()),
        (1, Some("bad-answer"))
    );
    assert!(
        f[0]["error"]["body"]
            .as_str()
            .unwrap()
            .starts_with("{\"id\":\"x\"")
    );
    // A body cut short of its content-length is a broken connection: retried too.
    let dir = study(1);
    let short = [b"HTTP/1.1 200 OK\r\ncontent-length: 500\r\n\r\n{\"choices\"".to_vec()].concat();
    let server = LlmServer::start(move |_, before| {
        if before == 0 {
            Reply::Raw(short.clone())
        } else {
            Reply::answer(ANSWER)
        }
    });
    let out = generate(dir.path(), &server, &["--variants", "original"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(generations(dir.path())[0]["meta"]["attempts"], 2);
    drop(raw);
}

#[test]
fn null_content_is_a_failure_not_an_empty_answer() {
    let dir = study(1);
    let server = LlmServer::start(|_, _| Reply::Answer {
        content: None,
        finish_reason: "stop".into(),
        completion_tokens: 0,
    });
    let out = generate(dir.path(), &server, &["--variants", "original"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(server.seen().len(), 1, "not retried");
    assert!(generations(dir.path()).is_empty());
    let f = failures(dir.path());
    assert_eq!(f[0]["error"]["kind"], "null-content");
    assert!(
        f[0]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("content is null")
    );
}

#[test]
fn finish_reason_length_is_flagged_truncated() {
    let dir = study(1);
    let server = LlmServer::start(|s, _| {
        if s.prompt.contains("v1 != v2") {
            Reply::Answer {
                content: Some("property p1; a |=>".into()),
                finish_reason: "length".into(),
                completion_tokens: 16,
            }
        } else if s.prompt.contains("(fsm_9 != clk_50)") {
            // Reaching max_tokens counts even when the server says "stop".
            Reply::Answer {
                content: Some(ANSWER.into()),
                finish_reason: "stop".into(),
                completion_tokens: 16,
            }
        } else {
            Reply::answer(ANSWER)
        }
    });
    let out = generate(dir.path(), &server, &["--max-tokens", "16"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("warning: p01/T2: the answer is truncated"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("(2 truncated)"), "{}", stderr(&out));
    let gens = generations(dir.path());
    let t2 = find(&gens, "p01", "T2");
    assert_eq!(t2["meta"]["finish_reason"], "length");
    assert_eq!(t2["meta"]["truncated"], true);
    assert_eq!(
        t2["output"], "property p1; a |=>",
        "the truncated answer is kept"
    );
    assert_eq!(find(&gens, "p01", "T3")["meta"]["truncated"], true);
    assert_eq!(find(&gens, "p01", "original")["meta"]["truncated"], false);
}

/// Waits (bounded) until `path` holds `n` lines.
fn wait_for_lines(path: &Path, n: usize, child: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while std::fs::read_to_string(path).map_or(0, |t| t.lines().count()) < n {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("generate ended early: {status}");
        }
        assert!(
            Instant::now() < deadline,
            "no {n} lines in {}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A server that answers the first `quick` requests at once and then takes a minute.
fn stalling_server(quick: usize) -> LlmServer {
    let count = std::sync::atomic::AtomicUsize::new(0);
    LlmServer::start(move |_, _| {
        if count.fetch_add(1, std::sync::atomic::Ordering::SeqCst) < quick {
            Reply::answer(ANSWER)
        } else {
            Reply::Delay(Duration::from_secs(60), Box::new(Reply::answer(ANSWER)))
        }
    })
}

fn spawn(study: &Path, server: &LlmServer, extra: &[&str]) -> Child {
    flipscope()
        .args(args(study, server, extra))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn resume_after_the_process_is_killed_mid_run() {
    let dir = study(3);
    let path = dir.path().join("generations.jsonl");
    {
        let server = stalling_server(5);
        let mut child = spawn(dir.path(), &server, &["--jobs", "2"]);
        wait_for_lines(&path, 5, &mut child);
        child.kill().unwrap(); // SIGKILL: no chance to clean up
        child.wait().unwrap();
    }
    let before = generations(dir.path());
    assert_eq!(before.len(), 5, "every answer received was written whole");
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = generate(dir.path(), &server, &["--jobs", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(server.seen().len(), 12 - 5, "only what was missing is sent");
    assert!(stderr(&out).contains("5 reused"), "{}", stderr(&out));
    let after = generations(dir.path());
    assert_eq!(after.len(), 12);
    let mut targets: Vec<String> = after
        .iter()
        .map(|g| format!("{}/{}", g["program"], g["variant"]))
        .collect();
    targets.sort();
    targets.dedup();
    assert_eq!(targets.len(), 12, "each target once");
    let v = flipscope()
        .args(["validate", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(v.status.success(), "{}", stderr(&v));
}

#[test]
fn ctrl_c_stops_cleanly_with_nothing_lost() {
    let dir = study(2);
    let path = dir.path().join("generations.jsonl");
    let server = stalling_server(3);
    let mut child = spawn(dir.path(), &server, &["--jobs", "2"]);
    wait_for_lines(&path, 3, &mut child);
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("interrupted: every answer received is written; 2 request(s) in flight abandoned and 3 not sent"), "{err}");
    assert_eq!(generations(dir.path()).len(), 3);
    assert!(
        failures(dir.path()).is_empty(),
        "abandoned requests are not failures"
    );
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = generate(dir.path(), &server, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(server.seen().len(), 5);
    assert_eq!(generations(dir.path()).len(), 8);
}

#[test]
fn dry_run_prints_the_requests_and_sends_nothing() {
    let dir = two_program_study();
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = generate(dir.path(), &server, &["--dry-run", "--variants", "T2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let reqs: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reqs.len(), 2);
    assert_eq!(reqs[0]["program"], "p01");
    assert_eq!(reqs[0]["body"]["max_tokens"], 1536);
    let prompt = reqs[0]["body"]["messages"][0]["content"].as_str().unwrap();
    assert_eq!(reqs[0]["prompt_sha256"], sha256(prompt));
    assert!(
        stderr(&out).contains("dry run: would send 2 request(s)"),
        "{}",
        stderr(&out)
    );
    assert!(server.seen().is_empty());
    assert!(!dir.path().join("generations.jsonl").exists());
}

#[test]
fn an_endpoint_that_is_not_there() {
    let dir = study(1);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let out = flipscope()
        .args([
            "generate",
            dir.path().to_str().unwrap(),
            "--endpoint",
            &format!("http://127.0.0.1:{port}/v1"),
            "--model",
            "m",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot reach the endpoint"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("generations.jsonl").exists());
}

#[test]
fn loopback_never_goes_through_a_proxy() {
    let dir = study(1);
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = flipscope()
        .args(args(dir.path(), &server, &["--variants", "original"]))
        .env("HTTP_PROXY", "http://127.0.0.1:9")
        .env("http_proxy", "http://127.0.0.1:9")
        .env("ALL_PROXY", "http://127.0.0.1:9")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(server.seen().len(), 1);
}

#[test]
fn the_api_key_is_sent_and_never_written() {
    let dir = study(1);
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = flipscope()
        .args(args(
            dir.path(),
            &server,
            &[
                "--variants",
                "original",
                "--api-key-env",
                "FLIPSCOPE_TEST_KEY",
            ],
        ))
        .env("FLIPSCOPE_TEST_KEY", "sk-secret-123")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let seen = server.seen();
    assert!(
        seen[0]
            .headers
            .iter()
            .any(|(k, v)| k == "authorization" && v == "Bearer sk-secret-123")
    );
    let written = std::fs::read_to_string(dir.path().join("generations.jsonl")).unwrap();
    assert!(!written.contains("sk-secret"));
    let out = flipscope()
        .args(args(
            dir.path(),
            &server,
            &["--api-key-env", "FLIPSCOPE_TEST_NO_SUCH_VAR"],
        ))
        .env_remove("FLIPSCOPE_TEST_NO_SUCH_VAR")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(
            "--api-key-env FLIPSCOPE_TEST_NO_SUCH_VAR: the environment variable is not set"
        )
    );
}

#[test]
fn a_template_file_with_named_placeholders() {
    let dir = study(1);
    let tpl = dir.path().join("my-prompt.txt");
    std::fs::write(
        &tpl,
        "Program {{ program }} ({{ variant }}), {{ implication }}:\n{{ rtl }}",
    )
    .unwrap();
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let tpl_arg = tpl.to_str().unwrap();
    let out = generate(
        dir.path(),
        &server,
        &["--prompt", tpl_arg, "--variants", "T2"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let seen = server.seen();
    assert!(
        seen[0]
            .prompt
            .starts_with("Program p01 (T2), |=>:\nif ( v1 != v2"),
        "{}",
        seen[0].prompt
    );
    assert_eq!(
        generations(dir.path())[0]["meta"]["prompt_template"],
        tpl_arg
    );

    std::fs::write(&tpl, "line one\n{{ rtl }} {{ clok }}\n").unwrap();
    let out = generate(dir.path(), &server, &["--prompt", tpl_arg]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(&format!("{tpl_arg}:2:")),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("unknown placeholder"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn usage_errors_and_bad_files() {
    let dir = study(1);
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    for (extra, says) in [
        (&["--jobs", "0"][..], "--jobs"),
        (&["--temperature=-1"][..], "--temperature"),
        (&["--max-tokens", "0"][..], "--max-tokens"),
    ] {
        let out = generate(dir.path(), &server, extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    }
    let out = flipscope()
        .args([
            "generate",
            dir.path().to_str().unwrap(),
            "--endpoint",
            "localhost:8080",
            "--model",
            "m",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let file = dir.path().join("programs.jsonl");
    let out = flipscope()
        .args([
            "generate",
            file.to_str().unwrap(),
            "--endpoint",
            &server.url(),
            "--model",
            "m",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("STUDY must be a study directory"));

    // A line cut off by a crash is refused with its place, and nothing is sent.
    std::fs::write(
        dir.path().join("generations.jsonl"),
        "{\"program\":\"p01\",\"var",
    )
    .unwrap();
    let out = generate(dir.path(), &server, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("generations.jsonl:1:1: the last line is cut off"),
        "{}",
        stderr(&out)
    );
    // A study without programs.
    let empty = tempfile::tempdir().unwrap();
    let out = generate(empty.path(), &server, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the directory holds no study files"),
        "{}",
        stderr(&out)
    );
    std::fs::write(empty.path().join("generations.jsonl"), "").unwrap();
    let out = generate(empty.path(), &server, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no programs*.jsonl in the study directory"),
        "{}",
        stderr(&out)
    );
    assert!(server.seen().is_empty());
}

/// A write that fails (here: past the file-size limit, as on a full disk) says its
/// reason once, and the run stops with exit 1.
#[test]
fn a_failed_write_says_its_reason_once() {
    let dir = study(1);
    let long = ANSWER.repeat(60);
    let server = LlmServer::start(move |_, _| Reply::answer(&long));
    let mut command = Command::new("bash");
    command
        .arg("-c")
        // SIGXFSZ ignored, so a write past the limit fails with EFBIG instead.
        .arg("trap '' XFSZ; ulimit -f 1; exec \"$@\"")
        .arg("bash")
        .arg(env!("CARGO_BIN_EXE_flipscope"))
        .args(args(dir.path(), &server, &["--variants", "original"]))
        .env("XDG_CACHE_HOME", common::cache_home());
    let out = command.output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("generations.jsonl: cannot write: "), "{err}");
    assert_eq!(err.matches("os error").count(), 1, "{err}");
}
