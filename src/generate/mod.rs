//! Generating a study's outputs from a model endpoint (`flipscope generate`): the
//! prompts, the canonical chat-completion request and its hash, the HTTP client with
//! retries, the plan of what is still to be generated (resume by request hash, refusal
//! to mix settings), the fsync'd appends to `generations.jsonl`, and the run that ties
//! them together. No terminal types here: progress is reported through a callback.

pub mod answer;
pub mod client;
pub mod endpoint;
pub mod error;
pub mod failure;
pub mod meta;
pub mod plan;
pub mod prompt;
pub mod rate;
pub mod request;
pub mod retry;
pub mod run;
pub mod writer;

pub use error::GenerateError;
pub use plan::{Plan, PlanOptions, Target};
pub use prompt::{PromptTemplate, TemplateError};
pub use request::{ChatRequest, Sampling};
pub use run::{Progress, RunOptions, RunSummary, run};

/// The file a study's new generations are appended to.
pub const GENERATIONS_FILE: &str = "generations.jsonl";

/// The file failed requests are recorded in (not a study file: the loader skips it, so
/// a failure is a missing generation, never an empty answer).
pub const FAILURES_FILE: &str = "failed-generations.jsonl";

#[cfg(test)]
mod plan_tests;
