//! The plan: targets chosen, reuse by request hash, conflicts and mixed settings.

use serde_json::json;

use super::GenerateError;
use super::failure::{FailureError, FailureRecord};
use super::meta::{RunMeta, Sent, Timing};
use super::plan::{PlanOptions, plan};
use super::prompt::PromptTemplate;
use super::request::Sampling;
use crate::stats::Filter;
use crate::study::jsonl::parse_line;
use crate::study::{Generation, Program};

const P1: &str = r#"{"id": "p1", "stratum": "nested-if/async", "synchronous": false, "rtl": "if (a) begin\n x = y;\nend\n", "reference": "property n; a |=> x == y; endproperty", "variants": {"T1": {"rtl": "if (a) begin\n x = y;\nend\n"}, "T3": {"rtl": "if ((a)) begin\n x = y;\nend\n"}}}"#;
const P2: &str = r#"{"id": "p2", "stratum": "nested-if/sync", "synchronous": true, "clock": "posedge c", "rtl": "if (b) begin\n u <= v;\nend\n", "reference": "property n; @(posedge c) b |-> u == v; endproperty", "variants": {"T3": {"rtl": "if ((b)) begin\n u <= v;\nend\n"}}}"#;

fn programs() -> Vec<Program> {
    [P1, P2]
        .iter()
        .map(|l| parse_line::<Program>("programs.jsonl", 1, l).unwrap().1)
        .collect()
}

struct Setup {
    template: PromptTemplate,
    sampling: Sampling,
    filter: Filter,
}

impl Setup {
    fn new() -> Self {
        Self {
            template: PromptTemplate::load("vert").unwrap(),
            sampling: Sampling::default(),
            filter: Filter::default(),
        }
    }
    fn options<'a>(&'a self, variants: Option<&'a [String]>) -> PlanOptions<'a> {
        PlanOptions {
            model: "m",
            variants,
            filter: &self.filter,
            template: &self.template,
            sampling: &self.sampling,
            samples: 1,
            system: None,
            retry_errors: false,
        }
    }
}

/// The generation line a run with `setup` writes for `target`.
fn generated(setup: &Setup, program: &str, variant: &str) -> Generation {
    let p = plan(&programs(), &[], &[], &setup.options(None)).unwrap();
    let job = p
        .jobs
        .iter()
        .find(|j| j.target.program == program && j.target.variant == variant)
        .unwrap();
    let meta = RunMeta {
        endpoint: "http://127.0.0.1:1/v1/chat/completions".into(),
        sampling: setup.sampling.clone(),
        template: setup.template.name().into(),
        template_sha256: setup.template.sha256().into(),
        system: None,
    };
    let answer = super::answer::parse(
        br#"{"choices":[{"message":{"content":"x"},"finish_reason":"stop"}]}"#,
    )
    .unwrap();
    let timing = Timing {
        started: "2026-01-01T00:00:00Z".into(),
        finished: "2026-01-01T00:00:01Z".into(),
        attempts: 1,
    };
    Generation {
        program: program.into(),
        variant: variant.into(),
        model: "m".into(),
        output: "x".into(),
        meta: Some(meta.answered(
            &Sent {
                request_sha256: &job.request.sha256,
                prompt_sha256: &job.request.prompt_sha256,
                settings_sha256: &p.settings_sha256,
                seed: job.seed,
            },
            &answer,
            1.0,
            &timing,
        )),
        shots: None,
        sample: None,
        external: None,
        extra: Default::default(),
    }
}

fn names(targets: impl IntoIterator<Item = String>) -> Vec<String> {
    targets.into_iter().collect()
}

#[test]
fn every_variant_of_every_program_in_study_order() {
    let s = Setup::new();
    let p = plan(&programs(), &[], &[], &s.options(None)).unwrap();
    assert_eq!(
        names(p.jobs.iter().map(|j| j.target.to_string())),
        ["p1/original", "p1/T1", "p1/T3", "p2/original", "p2/T3"]
    );
    assert!(!p.mixes_settings());
    // The same inputs always give the same requests.
    let again = plan(&programs(), &[], &[], &s.options(None)).unwrap();
    assert_eq!(p.jobs[0].request, again.jobs[0].request);
}

#[test]
fn variants_and_filter_choose() {
    let mut s = Setup::new();
    let only: Vec<String> = vec!["original".into(), "T3".into()];
    let p = plan(&programs(), &[], &[], &s.options(Some(&only))).unwrap();
    assert_eq!(
        names(p.jobs.iter().map(|j| j.target.to_string())),
        ["p1/original", "p1/T3", "p2/original", "p2/T3"]
    );
    s.filter = Filter::parse("stratum=*/sync variant!=original").unwrap();
    let p = plan(&programs(), &[], &[], &s.options(None)).unwrap();
    assert_eq!(
        names(p.jobs.iter().map(|j| j.target.to_string())),
        ["p2/T3"]
    );
    s.filter = Filter::parse("model=other").unwrap();
    assert!(
        plan(&programs(), &[], &[], &s.options(None))
            .unwrap()
            .jobs
            .is_empty()
    );
}

#[test]
fn a_filter_on_verdicts_or_an_unknown_variant_is_refused() {
    let mut s = Setup::new();
    s.filter = Filter::parse("flip=CW").unwrap();
    let e = plan(&programs(), &[], &[], &s.options(None)).unwrap_err();
    assert!(matches!(e, GenerateError::FilterKey { .. }), "{e}");
    assert!(e.to_string().contains("\"flip\""), "{e}");
    s.filter = Filter::default();
    let bad: Vec<String> = vec!["T9".into()];
    let e = plan(&programs(), &[], &[], &s.options(Some(&bad))).unwrap_err();
    assert_eq!(e.to_string(), "--variants: no program has a variant \"T9\"");
}

#[test]
fn the_same_request_is_reused_and_the_rest_sent() {
    let s = Setup::new();
    let done = vec![generated(&s, "p1", "original"), generated(&s, "p2", "T3")];
    let p = plan(&programs(), &done, &[], &s.options(None)).unwrap();
    assert_eq!(
        names(p.reused.iter().map(|t| t.to_string())),
        ["p1/original", "p2/T3"]
    );
    assert_eq!(p.jobs.len(), 3);
    assert!(!p.mixes_settings());
    // Another model's generations do not count.
    let mut other = generated(&s, "p1", "T1");
    other.model = "n".into();
    let p = plan(&programs(), &[other], &[], &s.options(None)).unwrap();
    assert_eq!(p.jobs.len(), 5);
    assert!(!p.mixes_settings());
}

#[test]
fn other_settings_are_a_conflict_that_says_what_differs() {
    let s = Setup::new();
    let done = vec![generated(&s, "p1", "original")];
    let mut t = Setup::new();
    t.sampling.max_tokens = 512;
    let p = plan(&programs(), &done, &[], &t.options(None)).unwrap();
    assert_eq!(p.conflicts.len(), 1);
    assert_eq!(p.conflicts[0].differs, "max_tokens 1536 there, 512 here");
    assert!(p.mixes_settings());
    assert_eq!(
        p.jobs.len(),
        4,
        "the conflicting target is never sent again"
    );

    // Generations outside the chosen targets made with other settings: mixing only
    // when something would be sent.
    let only: Vec<String> = vec!["T1".into()];
    let p = plan(&programs(), &done, &[], &t.options(Some(&only))).unwrap();
    assert!(p.conflicts.is_empty());
    assert_eq!(p.other_settings.len(), 1);
    assert!(p.mixes_settings());
    let mut none = Setup::new();
    none.sampling.max_tokens = 512;
    none.filter = Filter::parse("program=p9").unwrap();
    let p = plan(&programs(), &done, &[], &none.options(None)).unwrap();
    assert!(p.jobs.is_empty() && !p.mixes_settings());
}

#[test]
fn a_changed_template_or_rtl_or_a_foreign_line_is_a_conflict() {
    let s = Setup::new();
    let done = vec![generated(&s, "p1", "original")];
    let mut t = Setup::new();
    t.template = PromptTemplate::from_text("mine.txt", "{{ rtl }}".into()).unwrap();
    let p = plan(&programs(), &done, &[], &t.options(None)).unwrap();
    assert!(
        p.conflicts[0]
            .differs
            .contains("the prompt template (\"vert\" there, \"mine.txt\" here"),
        "{:?}",
        p.conflicts
    );

    let mut changed = programs();
    changed[0].rtl = "if (a) begin\n x = z;\nend\n".into();
    let p = plan(&changed, &done, &[], &s.options(None)).unwrap();
    assert_eq!(
        p.conflicts[0].differs,
        "the prompt differs (the program's RTL changed since)"
    );

    let foreign = Generation {
        meta: Some(json!({"simulated": true})),
        ..generated(&s, "p1", "original")
    };
    let p = plan(&programs(), &[foreign], &[], &s.options(None)).unwrap();
    assert_eq!(
        p.conflicts[0].differs,
        "not made by flipscope generate (no request recorded)"
    );
}

#[test]
fn recorded_failures_wait_for_retry_errors() {
    let s = Setup::new();
    let jobs = plan(&programs(), &[], &[], &s.options(None)).unwrap().jobs;
    let failure = |i: usize, sha: &str| FailureRecord {
        program: jobs[i].target.program.clone(),
        variant: jobs[i].target.variant.clone(),
        model: "m".into(),
        sample: None,
        error: FailureError {
            kind: "http-status".into(),
            status: Some(400),
            message: "HTTP 400".into(),
            body: None,
        },
        meta: json!({"request_sha256": sha}),
    };
    let failures = vec![failure(0, &jobs[0].request.sha256), failure(1, "0000")];
    let p = plan(&programs(), &[], &failures, &s.options(None)).unwrap();
    assert_eq!(
        names(p.failed_earlier.iter().map(|t| t.to_string())),
        ["p1/original"]
    );
    assert_eq!(
        p.jobs.len(),
        4,
        "a failure of another request does not hold a target back"
    );
    let mut retry = s.options(None);
    retry.retry_errors = true;
    let p = plan(&programs(), &[], &failures, &retry).unwrap();
    assert!(p.failed_earlier.is_empty());
    assert_eq!(p.jobs.len(), 5);
}

#[test]
fn samples_get_seeds_of_their_own_and_resume_per_sample() {
    let s = Setup::new();
    let mut three = s.options(None);
    three.samples = 3;
    let p = plan(&programs(), &[], &[], &three).unwrap();
    assert_eq!(p.jobs.len(), 15, "5 targets x 3 samples");
    assert_eq!(p.chosen, 5);
    let first: Vec<_> = p
        .jobs
        .iter()
        .filter(|j| j.target.program == "p1" && j.target.variant == "original")
        .collect();
    assert_eq!(
        first
            .iter()
            .map(|j| (j.target.sample, j.seed))
            .collect::<Vec<_>>(),
        [(0, 0), (1, 1), (2, 2)]
    );
    assert!(first.iter().all(|j| j.sampled));
    assert_ne!(first[0].request.sha256, first[1].request.sha256);
    assert_eq!(
        first[0].request.prompt_sha256,
        first[1].request.prompt_sha256
    );
    assert_eq!(first[1].target.to_string(), "p1/original sample 1");
    // Sample 0 of a three-sample run is the request of a one-sample run: reused.
    let one = plan(&programs(), &[], &[], &s.options(None)).unwrap();
    assert_eq!(one.jobs[0].request.sha256, first[0].request.sha256);
    let done = vec![generated(&s, "p1", "original")];
    let p = plan(&programs(), &done, &[], &three).unwrap();
    assert_eq!(p.reused.len(), 1);
    assert_eq!(p.jobs.len(), 14);
    assert!(!p.mixes_settings(), "samples share the run's settings");
}
