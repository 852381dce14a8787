//! `flipscope generate`'s own overhead: requests per second against the loopback test
//! server answering at once, with 1 and 8 jobs, for 1,000 requests (250 programs x 4
//! variants): prompts rendered, requests hashed, sent, answers parsed, each line
//! appended and fsync'd (in batches) to a fresh generations.jsonl. Target: at least
//! 1,000 requests/s with 8 jobs.

#[path = "../tests/common/llm_server.rs"]
mod llm_server;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use flipscope::generate::client::{Client, ClientOptions};
use flipscope::generate::endpoint::Endpoint;
use flipscope::generate::meta::RunMeta;
use flipscope::generate::plan::{PlanOptions, plan};
use flipscope::generate::retry::RetryPolicy;
use flipscope::generate::run::{RunOptions, run};
use flipscope::generate::writer::AppendLog;
use flipscope::generate::{PromptTemplate, Sampling};
use flipscope::stats::Filter;
use flipscope::study::Program;
use llm_server::{LlmServer, Reply};

const PROGRAMS: usize = 250;

fn programs() -> Vec<Program> {
    (0..PROGRAMS)
        .map(|i| {
            let line = format!(
                r#"{{"id": "b{i:04}", "stratum": "nested-if/async", "synchronous": false, "rtl": "if (a_{i} && b) begin\n x_{i} = y;\nend\n", "reference": "property p; a_{i} && b |=> x_{i} == y; endproperty", "variants": {{"T1": {{"rtl": "if (b && a_{i}) begin\n x_{i} = y;\nend\n"}}, "T2": {{"rtl": "if (v1 && v2) begin\n v3 = v4;\nend\n", "rename": {{"v1": "a_{i}", "v2": "b", "v3": "x_{i}", "v4": "y"}}}}, "T3": {{"rtl": "if ((a_{i}) && (b)) begin\n x_{i} = y;\nend\n"}}}}}}"#
            );
            serde_json::from_str(&line).unwrap()
        })
        .collect()
}

/// One whole run of 1,000 requests into a fresh study directory.
fn one_run(programs: &[Program], client: &Client, jobs: usize) -> Duration {
    let dir = tempfile::tempdir().unwrap();
    let template = PromptTemplate::load("vert").unwrap();
    let sampling = Sampling::default();
    let filter = Filter::default();
    let started = Instant::now();
    let options = PlanOptions {
        model: "bench",
        variants: None,
        filter: &filter,
        template: &template,
        sampling: &sampling,
        samples: 1,
        system: None,
        retry_errors: false,
    };
    let p = plan(programs, &[], &[], &options).unwrap();
    assert_eq!(p.jobs.len(), PROGRAMS * 4);
    let meta = RunMeta {
        endpoint: client.endpoint().chat_url.clone(),
        sampling: sampling.clone(),
        template: "vert".into(),
        template_sha256: template.sha256().into(),
        system: None,
    };
    let mut generations = AppendLog::deferred(&dir.path().join("generations.jsonl")).unwrap();
    let mut failures = AppendLog::deferred(&dir.path().join("failed-generations.jsonl")).unwrap();
    let summary = run(
        p.jobs,
        client,
        &meta,
        &RunOptions { jobs, reused: 0 },
        (&mut generations, &mut failures),
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    let elapsed = started.elapsed();
    assert_eq!(summary.progress.done, PROGRAMS * 4);
    elapsed
}

fn requests_per_second(c: &mut Criterion) {
    let server = LlmServer::start_with(
        |_, _| Reply::answer("property p1; a && b |=> x == y; endproperty"),
        false,
    );
    let programs = programs();
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    group.throughput(Throughput::Elements((PROGRAMS * 4) as u64));
    for jobs in [1, 8] {
        let client = Client::new(
            Endpoint::parse(&server.url()).unwrap(),
            ClientOptions {
                timeout: Duration::from_secs(30),
                retry: RetryPolicy::default(),
                api_key: None,
                connections: jobs,
            },
        );
        group.bench_function(format!("1,000 requests, --jobs {jobs}"), |b| {
            b.iter_custom(|iters| (0..iters).map(|_| one_run(&programs, &client, jobs)).sum())
        });
    }
    group.finish();
}

criterion_group!(benches, requests_per_second);
criterion_main!(benches);
