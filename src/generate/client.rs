//! The HTTP side: one blocking agent (ureq, with a connection pool) that posts a
//! [`ChatRequest`], with a timeout on every attempt, no proxy for loopback endpoints,
//! and retries with backoff on connection errors, timeouts, 408, 429, 5xx and answers
//! that are not JSON; never on other 4xx.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

use ureq::Agent;
use ureq::http::Response;

use super::answer::{self, Answer, AnswerError};
use super::endpoint::Endpoint;
use super::request::ChatRequest;
use super::retry::{RetryPolicy, parse_retry_after, status_is_retryable};

/// The largest answer body read (a 1,536-token answer is a few kilobytes).
const BODY_LIMIT: u64 = 16 << 20;
/// How much of an error body is kept in messages.
const EXCERPT: usize = 600;

/// How to reach the endpoint.
#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// The limit on one attempt, from connecting to the last byte of the answer.
    pub timeout: Duration,
    pub retry: RetryPolicy,
    /// Sent as `Authorization: Bearer ...` (never recorded anywhere).
    pub api_key: Option<String>,
    /// Connections kept open (one per job).
    pub connections: usize,
}

/// A request that could not be answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub kind: FailureKind,
    /// The HTTP status, when there was one.
    pub status: Option<u16>,
    /// What happened, for people.
    pub message: String,
    /// The start of the answer's body, when it had one.
    pub body: Option<String>,
    /// Attempts made.
    pub attempts: u32,
}

/// What kind of failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// No connection, or it broke (refused, reset, closed early).
    Connection,
    /// No complete answer within the timeout.
    Timeout,
    /// An HTTP error status.
    Status,
    /// A 200 answer that cannot be used (not JSON, not a chat completion, an error).
    BadAnswer,
    /// A chat completion whose message content is null.
    NullContent,
    /// The endpoint answered with a redirect (3xx): flipscope does not follow them, so
    /// that a request and its credentials go only where the user said; the run stops.
    Redirect,
}

impl FailureKind {
    /// Whether the failure is the endpoint's, not the request's: the run stops and the
    /// request is not recorded as failed (a re-run sends it).
    pub fn stops_the_run(self) -> bool {
        matches!(self, FailureKind::Connection | FailureKind::Redirect)
    }

    /// The word recorded in `failed-generations.jsonl`.
    pub fn as_str(self) -> &'static str {
        match self {
            FailureKind::Connection => "connection",
            FailureKind::Timeout => "timeout",
            FailureKind::Status => "http-status",
            FailureKind::BadAnswer => "bad-answer",
            FailureKind::NullContent => "null-content",
            FailureKind::Redirect => "redirect",
        }
    }
}

impl Failure {
    fn new(kind: FailureKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            status: None,
            message: message.into(),
            body: None,
            attempts: 0,
        }
    }
}

/// One attempt's outcome, before the retry decision.
struct Attempted {
    failure: Failure,
    retryable: bool,
    retry_after: Option<Duration>,
}

/// A note that an attempt failed and another follows after `wait`.
#[derive(Debug, Clone)]
pub struct RetryNote {
    pub attempt: u32,
    pub wait: Duration,
    pub reason: String,
}

/// An answered request.
#[derive(Debug, Clone)]
pub struct Answered {
    pub answer: Answer,
    pub attempts: u32,
    /// How long the answering attempt took.
    pub elapsed: Duration,
}

/// The client of one run.
#[derive(Debug, Clone)]
pub struct Client {
    agent: Agent,
    endpoint: Endpoint,
    options: ClientOptions,
}

impl Client {
    pub fn new(endpoint: Endpoint, options: ClientOptions) -> Self {
        let proxy = if endpoint.loopback {
            None
        } else {
            ureq::Proxy::try_from_env()
        };
        let agent: Agent = Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(options.timeout))
            .max_redirects(0)
            .timeout_connect(Some(options.timeout.min(Duration::from_secs(10))))
            .proxy(proxy)
            .max_idle_connections(options.connections.max(1) * 2)
            .max_idle_connections_per_host(options.connections.max(1) * 2)
            .user_agent(format!("flipscope/{}", env!("CARGO_PKG_VERSION")))
            .build()
            .into();
        Self {
            agent,
            endpoint,
            options,
        }
    }

    pub fn endpoint(&self) -> &Endpoint {
        &self.endpoint
    }

    /// The `authorization` header: the API key as a bearer token, else the URL's
    /// credentials as Basic authorization.
    fn authorization(&self) -> Option<String> {
        match &self.options.api_key {
            Some(key) => Some(format!("Bearer {key}")),
            None => self.endpoint.basic_auth.clone(),
        }
    }

    /// Sends a request until it is answered, a failure is not worth retrying, the
    /// retries are spent, or `stop` is set (then the last failure is returned).
    pub fn send(
        &self,
        request: &ChatRequest,
        stop: &AtomicBool,
        on_retry: &mut dyn FnMut(&RetryNote),
    ) -> Result<Answered, Failure> {
        let policy = self.options.retry;
        let mut attempt = 0;
        loop {
            attempt += 1;
            let started = Instant::now();
            let failed = match self.attempt(request) {
                Ok(answer) => {
                    return Ok(Answered {
                        answer,
                        attempts: attempt,
                        elapsed: started.elapsed(),
                    });
                }
                Err(failed) => failed,
            };
            let mut failure = failed.failure;
            failure.attempts = attempt;
            if !failed.retryable || attempt > policy.retries || stop.load(Ordering::Relaxed) {
                return Err(failure);
            }
            let wait = policy.delay(attempt, failed.retry_after, rand::random::<f64>());
            on_retry(&RetryNote {
                attempt,
                wait,
                reason: failure.message.clone(),
            });
            if !sleep_unless_stopped(wait, stop) {
                return Err(failure);
            }
        }
    }

    fn attempt(&self, request: &ChatRequest) -> Result<Answer, Attempted> {
        let mut call = self
            .agent
            .post(&self.endpoint.chat_url)
            .header("content-type", "application/json");
        if let Some(auth) = self.authorization() {
            call = call.header("authorization", auth);
        }
        let response = call.send(&request.body[..]).map_err(transport)?;
        let location = location(&response);
        let (status, retry_after, body) = read(response)?;
        if (300..400).contains(&status) {
            return Err(Attempted {
                failure: redirect(status, &self.endpoint.chat_url, location.as_deref()),
                retryable: false,
                retry_after: None,
            });
        }
        if status != 200 {
            let retryable = status_is_retryable(status);
            let excerpt = excerpt(&body);
            let mut failure = Failure::new(
                FailureKind::Status,
                format!("HTTP {status}{}", describe_body(&excerpt)),
            );
            failure.status = Some(status);
            failure.body = Some(excerpt).filter(|b| !b.is_empty());
            return Err(Attempted {
                failure,
                retryable,
                retry_after: retry_after.filter(|_| retryable),
            });
        }
        answer::parse(&body).map_err(|e| {
            let kind = match e {
                AnswerError::NullContent { .. } => FailureKind::NullContent,
                _ => FailureKind::BadAnswer,
            };
            let mut failure = Failure::new(kind, e.to_string());
            failure.status = Some(status);
            failure.body = Some(excerpt(&body)).filter(|b| !b.is_empty());
            Attempted {
                failure,
                retryable: e.retryable(),
                retry_after: None,
            }
        })
    }

    /// The model ids the server lists at `/models`; `Err` with the failure when it
    /// cannot be asked (a connection failure means the endpoint is not there).
    pub fn models(&self) -> Result<Vec<String>, Failure> {
        let mut call = self.agent.get(&self.endpoint.models_url);
        if let Some(auth) = self.authorization() {
            call = call.header("authorization", auth);
        }
        let response = call.call().map_err(|e| transport(e).failure)?;
        let location = location(&response);
        let (status, _, body) = read(response).map_err(|a| a.failure)?;
        if (300..400).contains(&status) {
            return Err(redirect(
                status,
                &self.endpoint.models_url,
                location.as_deref(),
            ));
        }
        if status != 200 {
            let mut f = Failure::new(FailureKind::Status, format!("HTTP {status}"));
            f.status = Some(status);
            return Err(f);
        }
        let value: serde_json::Value = serde_json::from_slice(&body)
            .map_err(|e| Failure::new(FailureKind::BadAnswer, e.to_string()))?;
        Ok(value
            .get("data")
            .and_then(|d| d.as_array())
            .map(|models| {
                models
                    .iter()
                    .filter_map(|m| m.get("id").and_then(|id| id.as_str()))
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default())
    }
}

/// A response's `Location` header, as text.
fn location(response: &Response<ureq::Body>) -> Option<String> {
    let value = response.headers().get("location")?;
    Some(String::from_utf8_lossy(value.as_bytes()).into_owned())
}

/// The failure of a redirect from `url`: both URLs named (without credentials, and
/// with control characters shown as escapes), and what to do.
fn redirect(status: u16, url: &str, location: Option<&str>) -> Failure {
    let to = location.map_or_else(
        || "no Location given".to_string(),
        |l| {
            super::endpoint::without_userinfo(l)
                .chars()
                .flat_map(char::escape_debug)
                .take(300)
                .collect()
        },
    );
    let mut f = Failure::new(
        FailureKind::Redirect,
        format!(
            "HTTP {status}: {url} redirects to {to}; redirects are not followed: give --endpoint the URL the server wants"
        ),
    );
    f.status = Some(status);
    f
}

/// The status, the `Retry-After` wait and the body of a response.
fn read(mut response: Response<ureq::Body>) -> Result<(u16, Option<Duration>, Vec<u8>), Attempted> {
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| parse_retry_after(v, SystemTime::now()));
    let body = response
        .body_mut()
        .with_config()
        .limit(BODY_LIMIT)
        .read_to_vec()
        .map_err(|e| match e {
            ureq::Error::BodyExceedsLimit(_) => Attempted {
                failure: Failure::new(
                    FailureKind::BadAnswer,
                    format!("the answer is larger than {} MiB", BODY_LIMIT >> 20),
                ),
                retryable: false,
                retry_after: None,
            },
            e => transport(e),
        })?;
    Ok((status, retry_after, body))
}

/// A transport error: connection problems and timeouts are retried; a URL, TLS or
/// host-name problem is not (another try would fail the same way).
fn transport(e: ureq::Error) -> Attempted {
    let (kind, retryable, message) = match &e {
        ureq::Error::Timeout(t) => (FailureKind::Timeout, true, format!("timed out ({t})")),
        ureq::Error::Io(io) => (FailureKind::Connection, true, format!("connection: {io}")),
        ureq::Error::Protocol(p) => (FailureKind::Connection, true, format!("HTTP protocol: {p}")),
        ureq::Error::ConnectionFailed => (
            FailureKind::Connection,
            true,
            "the connection failed".to_string(),
        ),
        ureq::Error::HostNotFound => (
            FailureKind::Connection,
            false,
            "the host name does not resolve".to_string(),
        ),
        other => (FailureKind::Connection, false, other.to_string()),
    };
    Attempted {
        failure: Failure::new(kind, message),
        retryable,
        retry_after: None,
    }
}

/// The start of a body as text.
fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let text = text.trim();
    match text.char_indices().nth(EXCERPT) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// `: message` from an OpenAI-style error body, or `: body` when short.
fn describe_body(excerpt: &str) -> String {
    let parsed: Option<serde_json::Value> = serde_json::from_str(excerpt).ok();
    let message = parsed.as_ref().and_then(|v| {
        let e = v.get("error")?;
        e.get("message")
            .and_then(|m| m.as_str())
            .or_else(|| e.as_str())
            .map(str::to_string)
    });
    match message {
        Some(m) => format!(": {m}"),
        None if excerpt.is_empty() => String::new(),
        None => format!(": {}", excerpt.chars().take(200).collect::<String>()),
    }
}

/// Sleeps `wait` in short slices; false when `stop` was set meanwhile.
fn sleep_unless_stopped(wait: Duration, stop: &AtomicBool) -> bool {
    let until = Instant::now() + wait;
    loop {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        let now = Instant::now();
        if now >= until {
            return true;
        }
        std::thread::sleep((until - now).min(Duration::from_millis(50)));
    }
}
