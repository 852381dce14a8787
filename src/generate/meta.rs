//! What a generation line's `meta` records about how it was made: the endpoint and
//! the model the server reports, every sampling field sent, the template and the
//! prompt's sha256, the request's and the settings' hashes, the finish reason,
//! truncation, token counts, elapsed time, attempts, start and end times. The same
//! fields (without the answer's) go with a failure.

use serde_json::{Map, Value, json};

use super::answer::Answer;
use super::request::Sampling;

/// The fields every record of one run shares.
#[derive(Debug, Clone)]
pub struct RunMeta {
    /// The chat-completions URL, without credentials.
    pub endpoint: String,
    /// The run's sampling (each request records the seed it was sent with).
    pub sampling: Sampling,
    /// The system message, when there is one.
    pub system: Option<String>,
    pub template: String,
    pub template_sha256: String,
}

/// What one request sent: its hashes and its seed.
#[derive(Debug, Clone, Copy)]
pub struct Sent<'a> {
    pub request_sha256: &'a str,
    pub prompt_sha256: &'a str,
    /// The settings hash of the request's model.
    pub settings_sha256: &'a str,
    pub seed: u64,
}

/// One request's timing.
#[derive(Debug, Clone)]
pub struct Timing {
    pub started: String,
    pub finished: String,
    pub attempts: u32,
}

/// The meta key names, shared with the plan (which reads them back).
pub mod keys {
    pub const GENERATOR: &str = "generator";
    pub const SAMPLING: &str = "sampling";
    pub const TEMPLATE: &str = "prompt_template";
    pub const TEMPLATE_SHA256: &str = "template_sha256";
    pub const PROMPT_SHA256: &str = "prompt_sha256";
    pub const REQUEST_SHA256: &str = "request_sha256";
    pub const SETTINGS_SHA256: &str = "settings_sha256";
    pub const FINISH_REASON: &str = "finish_reason";
    pub const TRUNCATED: &str = "truncated";
    pub const SYSTEM: &str = "system";
}

/// `flipscope VERSION generate`.
pub fn generator() -> String {
    format!("flipscope {} generate", env!("CARGO_PKG_VERSION"))
}

impl RunMeta {
    /// The fields of the request: who sent what, to where.
    fn request_fields(&self, sent: &Sent) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert(keys::GENERATOR.into(), json!(generator()));
        m.insert("endpoint".into(), json!(self.endpoint));
        m.insert(
            keys::SAMPLING.into(),
            Value::Object(self.sampling.with_seed(sent.seed).fields()),
        );
        if let Some(system) = &self.system {
            m.insert(keys::SYSTEM.into(), json!(system));
        }
        let (request_sha256, prompt_sha256) = (sent.request_sha256, sent.prompt_sha256);
        m.insert(keys::TEMPLATE.into(), json!(self.template));
        m.insert(keys::TEMPLATE_SHA256.into(), json!(self.template_sha256));
        m.insert(keys::PROMPT_SHA256.into(), json!(prompt_sha256));
        m.insert(keys::REQUEST_SHA256.into(), json!(request_sha256));
        m.insert(keys::SETTINGS_SHA256.into(), json!(sent.settings_sha256));
        m
    }

    /// The meta of an answered request.
    pub fn answered(
        &self,
        sent: &Sent,
        answer: &Answer,
        elapsed_seconds: f64,
        timing: &Timing,
    ) -> Value {
        let mut m = Map::new();
        m.insert("server_model".into(), json!(answer.server_model));
        m.extend(self.request_fields(sent));
        m.insert(keys::FINISH_REASON.into(), json!(answer.finish_reason));
        m.insert(
            keys::TRUNCATED.into(),
            json!(answer.truncated(self.sampling.max_tokens)),
        );
        m.insert("prompt_tokens".into(), json!(answer.prompt_tokens));
        m.insert("completion_tokens".into(), json!(answer.completion_tokens));
        m.insert(
            "elapsed_seconds".into(),
            json!((elapsed_seconds * 1000.0).round() / 1000.0),
        );
        timing.insert(&mut m);
        Value::Object(m)
    }

    /// The meta of a failed request.
    pub fn failed(&self, sent: &Sent, timing: &Timing) -> Value {
        let mut m = self.request_fields(sent);
        timing.insert(&mut m);
        Value::Object(m)
    }
}

impl Timing {
    fn insert(&self, m: &mut Map<String, Value>) {
        m.insert("attempts".into(), json!(self.attempts));
        m.insert("started".into(), json!(self.started));
        m.insert("finished".into(), json!(self.finished));
    }
}
