//! One run: worker threads take the plan's jobs in order and send them; the calling
//! thread is the only writer, appending each answer to `generations.jsonl` (and each
//! given-up request to `failed-generations.jsonl`) and syncing every batch before it
//! counts the batch done. An interrupt stops new requests at once: answers already
//! received are written, requests in flight are abandoned (a re-run sends them). A
//! connection failure that outlasts its retries stops the run the same way (the server
//! is gone; the request is not recorded as failed).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::client::{Answered, Client, Failure, RetryNote};
use super::error::GenerateError;
use super::failure::{FailureError, FailureRecord};
use super::meta::{RunMeta, Sent, Timing};
use super::plan::{Job, Target};
use super::writer::AppendLog;
use crate::study::Generation;
use crate::study::timestamp::now_rfc3339_utc;

/// How a run goes.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Requests in flight at once.
    pub jobs: usize,
    /// Targets already generated (for the counts).
    pub reused: usize,
}

/// Where a run is (for a progress display).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// Requests the run means to send.
    pub total: usize,
    /// Answers written.
    pub done: usize,
    /// Of those, truncated ones.
    pub truncated: usize,
    /// Requests given up on and recorded.
    pub errors: usize,
    /// Targets already generated (not sent).
    pub reused: usize,
    /// Requests being sent now.
    pub in_flight: usize,
}

/// Something worth telling while a run goes.
#[derive(Debug)]
pub enum Event<'a> {
    /// The counts changed.
    Progress(&'a Progress),
    /// An attempt failed and is retried.
    Retry {
        target: &'a Target,
        note: &'a RetryNote,
    },
    /// A request was given up on (and recorded).
    Failed {
        target: &'a Target,
        failure: &'a Failure,
    },
    /// An answer was cut short (finish reason `length`, or `max_tokens` reached).
    Truncated { target: &'a Target },
}

/// How a run ended.
#[derive(Debug, Clone, Default)]
pub struct RunSummary {
    pub progress: Progress,
    /// The run was interrupted (Ctrl-C).
    pub interrupted: bool,
    /// Requests in flight when the run stopped early (sent again by a re-run).
    pub abandoned: usize,
    /// The connection failure that stopped the run, if one did.
    pub stopped: Option<(Target, Failure)>,
    pub elapsed: Duration,
}

enum Message {
    Started,
    Retry(usize, RetryNote),
    Done(usize, Result<Answered, Failure>, Timing),
}

/// Sends every job and writes what comes back. `interrupt` is set from outside (a
/// signal handler) to stop.
pub fn run(
    jobs: Vec<Job>,
    client: &Client,
    meta: &RunMeta,
    options: &RunOptions,
    logs: (&mut AppendLog, &mut AppendLog),
    interrupt: &AtomicBool,
    report: &mut dyn FnMut(Event),
) -> Result<RunSummary, GenerateError> {
    let (generations, failures) = logs;
    let reused = options.reused;
    let started = Instant::now();
    let jobs = Arc::new(jobs);
    let halt = Arc::new(AtomicBool::new(false));
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<Message>();
    let workers = options.jobs.clamp(1, jobs.len().max(1));
    for _ in 0..workers {
        let (jobs, halt, next, tx, client) = (
            Arc::clone(&jobs),
            Arc::clone(&halt),
            Arc::clone(&next),
            tx.clone(),
            client.clone(),
        );
        thread::spawn(move || work(&jobs, &client, &halt, &next, &tx));
    }
    drop(tx);

    let mut summary = RunSummary {
        progress: Progress {
            total: jobs.len(),
            reused,
            ..Progress::default()
        },
        ..RunSummary::default()
    };
    report(Event::Progress(&summary.progress));
    let mut batch = Vec::new();
    loop {
        let stopping = interrupt.load(Ordering::Relaxed);
        if stopping {
            // Stop now: no new request, no retry; what has arrived is still written.
            summary.interrupted = true;
            halt.store(true, Ordering::Relaxed);
            batch.extend(rx.try_iter());
        } else {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(first) => {
                    batch.push(first);
                    batch.extend(rx.try_iter());
                }
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        if !batch.is_empty() {
            let mut sink = Sink {
                jobs: &jobs,
                meta,
                halt: &halt,
                generations: &mut *generations,
                failures: &mut *failures,
            };
            sink.handle(&mut batch, &mut summary, report)?;
            report(Event::Progress(&summary.progress));
        }
        if stopping {
            break;
        }
    }
    summary.abandoned = summary.progress.in_flight;
    summary.elapsed = started.elapsed();
    Ok(summary)
}

/// One worker: takes the next job until none is left or the run halts.
fn work(
    jobs: &[Job],
    client: &Client,
    halt: &AtomicBool,
    next: &AtomicUsize,
    tx: &mpsc::Sender<Message>,
) {
    loop {
        if halt.load(Ordering::Relaxed) {
            return;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.get(i) else { return };
        if tx.send(Message::Started).is_err() {
            return;
        }
        let started = now_rfc3339_utc();
        let result = client.send(&job.request, halt, &mut |note| {
            let _ = tx.send(Message::Retry(i, note.clone()));
        });
        let attempts = match &result {
            Ok(a) => a.attempts,
            Err(f) => {
                if f.kind.stops_the_run() {
                    // The server is gone: no worker takes another job.
                    halt.store(true, Ordering::Relaxed);
                }
                f.attempts
            }
        };
        let timing = Timing {
            started,
            finished: now_rfc3339_utc(),
            attempts,
        };
        if tx.send(Message::Done(i, result, timing)).is_err() {
            return;
        }
    }
}

/// Where a batch of messages goes.
struct Sink<'a> {
    jobs: &'a [Job],
    meta: &'a RunMeta,
    halt: &'a AtomicBool,
    generations: &'a mut AppendLog,
    failures: &'a mut AppendLog,
}

impl Sink<'_> {
    /// Writes one batch of messages, syncs, and counts it.
    fn handle(
        &mut self,
        batch: &mut Vec<Message>,
        summary: &mut RunSummary,
        report: &mut dyn FnMut(Event),
    ) -> Result<(), GenerateError> {
        let (jobs, meta) = (self.jobs, self.meta);
        let mut done = 0;
        let mut truncated = Vec::new();
        let mut failed = Vec::new();
        for message in batch.drain(..) {
            match message {
                Message::Started => summary.progress.in_flight += 1,
                Message::Retry(i, note) => report(Event::Retry {
                    target: &jobs[i].target,
                    note: &note,
                }),
                Message::Done(i, result, timing) => {
                    summary.progress.in_flight -= 1;
                    let job = &jobs[i];
                    match result {
                        Ok(answered) => {
                            let line = generation_line(job, &answered, meta, &timing);
                            self.generations.append(&line)?;
                            if answered.answer.truncated(meta.sampling.max_tokens) {
                                truncated.push(i);
                            }
                            done += 1;
                        }
                        Err(failure) if failure.kind.stops_the_run() => {
                            if summary.stopped.is_none() {
                                summary.stopped = Some((job.target.clone(), failure));
                            }
                        }
                        // Stopping: what failed now is sent again by the next run.
                        Err(_) if self.halt.load(Ordering::Relaxed) => {}
                        Err(failure) => {
                            let line = failure_line(job, &failure, meta, &timing);
                            self.failures.append(&line)?;
                            failed.push((i, failure));
                        }
                    }
                }
            }
        }
        self.generations.sync()?;
        self.failures.sync()?;
        summary.progress.done += done;
        summary.progress.truncated += truncated.len();
        summary.progress.errors += failed.len();
        for i in truncated {
            report(Event::Truncated {
                target: &jobs[i].target,
            });
        }
        for (i, failure) in &failed {
            report(Event::Failed {
                target: &jobs[*i].target,
                failure,
            });
        }
        Ok(())
    }
}

/// What a job sent.
fn sent(job: &Job) -> Sent<'_> {
    Sent {
        request_sha256: &job.request.sha256,
        prompt_sha256: &job.request.prompt_sha256,
        settings_sha256: &job.settings_sha256,
        seed: job.seed,
    }
}

fn generation_line(job: &Job, answered: &Answered, meta: &RunMeta, timing: &Timing) -> String {
    let g = Generation {
        program: job.target.program.clone(),
        variant: job.target.variant.clone(),
        model: job.model.clone(),
        output: answered.answer.content.clone(),
        meta: Some(meta.answered(
            &sent(job),
            &answered.answer,
            answered.elapsed.as_secs_f64(),
            timing,
        )),
        shots: None,
        sample: job.sampled.then_some(job.target.sample),
        external: None,
        extra: Default::default(),
    };
    serde_json::to_string(&g).expect("a generation serialises")
}

fn failure_line(job: &Job, failure: &Failure, meta: &RunMeta, timing: &Timing) -> String {
    let record = FailureRecord {
        program: job.target.program.clone(),
        variant: job.target.variant.clone(),
        model: job.model.clone(),
        sample: job.sampled.then_some(job.target.sample),
        error: FailureError {
            kind: failure.kind.as_str().to_string(),
            status: failure.status,
            message: failure.message.clone(),
            body: failure.body.clone(),
        },
        meta: meta.failed(&sent(job), timing),
    };
    serde_json::to_string(&record).expect("a failure serialises")
}
