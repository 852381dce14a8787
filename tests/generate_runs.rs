//! `flipscope generate` through the real binary against the scripted loopback server,
//! for what a run of several samples, models or settings does: `--samples N` with a
//! seed per sample and the `sample` index, several `--model`s in one run, `--system`
//! and `--stop`, credentials in the endpoint URL (never recorded or printed), a
//! redirect (named, never followed), a filter that matches nothing, and the rate the
//! closing line reports against a server answering at a known rate.

mod common;
#[path = "common/llm_server.rs"]
mod llm_server;

use std::path::Path;
use std::process::Output;
use std::time::Duration;

use common::flipscope;
use llm_server::{LlmServer, Reply};
use serde_json::Value;

const ANSWER: &str = "property p1; a |=> x == y; endproperty";

/// The first `n` programs of the bundled sample study.
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

fn run(study: &Path, endpoint: &str, extra: &[&str]) -> Output {
    flipscope()
        .args(["generate", study.to_str().unwrap(), "--endpoint", endpoint])
        .args(["--backoff-ms", "10", "--timeout", "20"])
        .args(extra)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .map(|t| {
            t.lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn samples_have_seeds_and_indices_of_their_own() {
    let dir = study(2);
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = run(
        dir.path(),
        &server.url(),
        &[
            "--model",
            "m",
            "--samples",
            "3",
            "--seed",
            "10",
            "--temperature",
            "0.7",
            "--variants",
            "original,T3",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let gens = lines(&dir.path().join("generations.jsonl"));
    assert_eq!(gens.len(), 2 * 2 * 3);
    let mut seen: Vec<(String, String, u64, u64)> = gens
        .iter()
        .map(|g| {
            (
                g["program"].as_str().unwrap().to_string(),
                g["variant"].as_str().unwrap().to_string(),
                g["sample"].as_u64().expect("a sample index on every line"),
                g["meta"]["sampling"]["seed"].as_u64().unwrap(),
            )
        })
        .collect();
    seen.sort();
    for (p, v, sample, seed) in &seen {
        assert_eq!(*seed, 10 + sample, "{p}/{v} sample {sample}");
    }
    let samples: Vec<u64> = seen
        .iter()
        .filter(|s| s.0 == "p01" && s.1 == "original")
        .map(|s| s.2)
        .collect();
    assert_eq!(samples, [0, 1, 2]);
    let sent_seeds: Vec<u64> = server
        .seen()
        .iter()
        .map(|s| s.body["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(sent_seeds.iter().filter(|&&s| s == 12).count(), 4);
    // One settings hash for the run, every sample.
    let settings: std::collections::HashSet<&str> = gens
        .iter()
        .map(|g| g["meta"]["settings_sha256"].as_str().unwrap())
        .collect();
    assert_eq!(settings.len(), 1);

    // The study loads (one generation per sample), and a re-run sends nothing.
    let v = flipscope()
        .args(["validate", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(v.status.success(), "{}", stderr(&v));
    let again = run(
        dir.path(),
        &server.url(),
        &[
            "--model",
            "m",
            "--samples",
            "3",
            "--seed",
            "10",
            "--temperature",
            "0.7",
            "--variants",
            "original,T3",
        ],
    );
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(server.seen().len(), 12);
    assert!(
        stderr(&again).contains("nothing to send"),
        "{}",
        stderr(&again)
    );

    // Two samples more: only samples 3 and 4 are sent.
    let more = run(
        dir.path(),
        &server.url(),
        &[
            "--model",
            "m",
            "--samples",
            "5",
            "--seed",
            "10",
            "--temperature",
            "0.7",
            "--variants",
            "original,T3",
        ],
    );
    assert!(more.status.success(), "{}", stderr(&more));
    assert_eq!(server.seen().len(), 12 + 8);
}

#[test]
fn several_models_in_one_run() {
    let dir = study(1);
    let models = dir.path().join("models.txt");
    std::fs::write(&models, "# more\nc\n\n").unwrap();
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = run(
        dir.path(),
        &server.url(),
        &[
            "--model",
            "a",
            "--model",
            "b",
            "--models",
            models.to_str().unwrap(),
            "--variants",
            "original",
            "--jobs",
            "2",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let mut names: Vec<String> = lines(&dir.path().join("generations.jsonl"))
        .iter()
        .map(|g| g["model"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["a", "b", "c"]);
    let mut asked: Vec<String> = server
        .seen()
        .iter()
        .map(|s| s.body["model"].as_str().unwrap().to_string())
        .collect();
    asked.sort();
    assert_eq!(asked, ["a", "b", "c"]);
    assert!(
        stderr(&out).contains("generated 3 of 3"),
        "{}",
        stderr(&out)
    );
    let twice = run(dir.path(), &server.url(), &["--model", "a", "--model", "a"]);
    assert_eq!(twice.status.code(), Some(2), "{}", stderr(&twice));
}

#[test]
fn a_system_message_and_stop_sequences_are_sent_and_recorded() {
    let dir = study(1);
    let system = dir.path().join("system.txt");
    std::fs::write(&system, "You write SVA.\n").unwrap();
    let server = LlmServer::start(|_, _| Reply::answer(ANSWER));
    let out = run(
        dir.path(),
        &server.url(),
        &[
            "--model",
            "m",
            "--variants",
            "original",
            "--system",
            &format!("@{}", system.display()),
            "--stop",
            "endmodule",
            "--stop",
            "```",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let seen = server.seen();
    let body = &seen[0].body;
    assert_eq!(body["messages"][0]["role"], "system");
    assert_eq!(body["messages"][0]["content"], "You write SVA.\n");
    assert_eq!(body["messages"][1]["role"], "user");
    assert_eq!(body["stop"], serde_json::json!(["endmodule", "```"]));
    let g = &lines(&dir.path().join("generations.jsonl"))[0];
    assert_eq!(g["meta"]["system"], "You write SVA.\n");
    assert_eq!(
        g["meta"]["sampling"]["stop"],
        serde_json::json!(["endmodule", "```"])
    );
    // Another system message is another setting.
    let other = run(
        dir.path(),
        &server.url(),
        &["--model", "m", "--system", "Be brief."],
    );
    assert_eq!(other.status.code(), Some(2), "{}", stderr(&other));
    assert!(
        stderr(&other).contains("the system message"),
        "{}",
        stderr(&other)
    );
    // Without either, the request is as it always was: no system message, no stop.
    let plain = study(1);
    let out = run(
        plain.path(),
        &server.url(),
        &["--model", "m", "--variants", "original"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let seen = server.seen();
    let body = &seen.last().unwrap().body;
    assert_eq!(body["messages"].as_array().unwrap().len(), 1);
    assert!(body.get("stop").is_none());
}

#[test]
fn credentials_in_the_endpoint_are_sent_and_never_recorded_or_printed() {
    let dir = study(1);
    let server = LlmServer::start(|seen, _| {
        if seen.prompt.contains("v1 != v2") {
            Reply::status(400, "bad request")
        } else {
            Reply::answer(ANSWER)
        }
    });
    let url = server.url().replace("http://", "http://alice:s3cret-pw@");
    let out = run(dir.path(), &url, &["--model", "m"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "one request fails: {}",
        stderr(&out)
    );
    assert!(
        server.seen().iter().all(|s| s
            .headers
            .iter()
            .any(|(k, v)| k == "authorization" && v == "Basic YWxpY2U6czNjcmV0LXB3")),
        "sent as Basic authorization"
    );
    let written = std::fs::read_to_string(dir.path().join("generations.jsonl")).unwrap();
    let failed = std::fs::read_to_string(dir.path().join("failed-generations.jsonl")).unwrap();
    for text in [&written, &failed, &stderr(&out)] {
        assert!(
            !text.contains("s3cret") && !text.contains("alice"),
            "{text}"
        );
    }
    let g = &lines(&dir.path().join("generations.jsonl"))[0];
    assert_eq!(
        g["meta"]["endpoint"],
        format!("{}/chat/completions", server.url())
    );
    let dry = run(study(1).path(), &url, &["--model", "m", "--dry-run"]);
    assert!(dry.status.success());
    let printed = format!("{}{}", String::from_utf8_lossy(&dry.stdout), stderr(&dry));
    assert!(!printed.contains("s3cret"), "{printed}");
    let bad = run(dir.path(), "ftp://alice:s3cret-pw@h/v1", &["--model", "m"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(!stderr(&bad).contains("s3cret"), "{}", stderr(&bad));
}

#[test]
fn a_redirect_stops_the_run_and_names_both_urls() {
    let dir = study(1);
    let server = LlmServer::start(|_, _| Reply::Status {
        status: 307,
        headers: vec![(
            "location".into(),
            "http://127.0.0.1:1/elsewhere/v1/chat/completions".into(),
        )],
        body: String::new(),
    });
    let out = run(dir.path(), &server.url(), &["--model", "m"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "error: the endpoint redirects (p01/original: HTTP 307: {}/chat/completions redirects to http://127.0.0.1:1/elsewhere/v1/chat/completions",
            server.url()
        )),
        "{err}"
    );
    assert!(!err.contains("stopped answering"), "{err}");
    assert_eq!(server.seen().len(), 1, "not retried, no other request sent");
    assert!(lines(&dir.path().join("failed-generations.jsonl")).is_empty());
}

#[test]
fn a_filter_that_matches_nothing_is_an_error_that_says_so() {
    let dir = study(2);
    let out = run(
        dir.path(),
        "http://127.0.0.1:9/v1",
        &["--model", "m", "--filter", "stratum=case/*"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--filter \"stratum=case/*\" match(es) no (program, variant) of the study's 2 program(s)"),
        "{}",
        stderr(&out)
    );
    assert!(
        !dir.path().join("generations.jsonl").exists()
            || lines(&dir.path().join("generations.jsonl")).is_empty()
    );
    let dry = run(
        dir.path(),
        "http://127.0.0.1:9/v1",
        &["--model", "m", "--filter", "program=nope", "--dry-run"],
    );
    assert_eq!(dry.status.code(), Some(2), "{}", stderr(&dry));
}

#[test]
fn the_closing_rate_is_completed_requests_over_wall_time() {
    // 8 requests, one at a time, each answered after 250 ms: 4 answers/s at most.
    let dir = study(2);
    let server = LlmServer::start(|_, _| {
        Reply::Delay(Duration::from_millis(250), Box::new(Reply::answer(ANSWER)))
    });
    let out = run(
        dir.path(),
        &server.url(),
        &["--model", "m", "--variants", "original,T1,T2,T3"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let rate: f64 = err
        .split(" s (")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("no rate in {err}"));
    assert!((2.5..=4.05).contains(&rate), "{rate} answers/s: {err}");
}

#[test]
fn the_progress_bar_shows_the_true_rate_and_is_cleared_on_ctrl_c() {
    if !common::tmux::have_tmux() {
        return;
    }
    // One job, each answer after 300 ms: 3.33 answers/s at most; 36 requests.
    let dir = study(10);
    let server = LlmServer::start(|_, _| {
        Reply::Delay(Duration::from_millis(300), Box::new(Reply::answer(ANSWER)))
    });
    let exit = dir.path().join("exit");
    let args = format!(
        "generate {} --endpoint {} --model m",
        dir.path().display(),
        server.url()
    );
    let tmux = common::tmux::start("generate-bar", &args, dir.path(), &exit);
    tmux.resize(80, 24);
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let rate = loop {
        let screen = tmux.screen();
        let bar = screen
            .lines()
            .find(|l| l.contains(" answers/s") && l.contains("ETA"));
        let done = bar
            .and_then(|l| l.split_whitespace().find(|w| w.contains('/')))
            .and_then(|w| w.split('/').next()?.parse::<u32>().ok())
            .unwrap_or(0);
        if done >= 5 {
            let line = bar.unwrap();
            let before: Vec<&str> = line
                .split(" answers/s")
                .next()
                .unwrap()
                .split_whitespace()
                .collect();
            assert!(line.contains("ETA ") && !line.contains("ETA ?"), "{line}");
            break before.last().unwrap().parse::<f64>().unwrap();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no progress (exit file: {:?}, requests answered: {}):\n{screen}",
            std::fs::read_to_string(&exit).ok(),
            server.seen().len()
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!((1.5..=3.4).contains(&rate), "the bar says {rate} answers/s");
    // SIGINT to flipscope itself, as Ctrl-C sends it (the shell around it in the pane
    // must live on to record the exit status): the pane's process is that shell.
    let out = tmux
        .cmd()
        .args(["list-panes", "-t", "tui", "-F", "#{pane_pid}"])
        .output()
        .unwrap();
    let shell = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).unwrap();
    let pid = children
        .split_whitespace()
        .next()
        .expect("flipscope runs in the pane")
        .to_string();
    assert!(
        std::process::Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while !std::fs::read_to_string(&exit).is_ok_and(|t| t.contains("exit=")) {
        assert!(std::time::Instant::now() < deadline, "{}", tmux.screen());
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(std::fs::read_to_string(&exit).unwrap().trim(), "exit=130");
    let screen = tmux.screen();
    assert!(screen.contains("interrupted:"), "{screen}");
    assert!(
        !screen.contains(" answers/s  ETA"),
        "the bar is left on screen:\n{screen}"
    );
}
