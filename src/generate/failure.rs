//! `failed-generations.jsonl`: one line per request that was given up on (after its
//! retries, or at once for a 4xx or a null content), beside the study's files. It is
//! not a study file: a failed request is a missing generation, not an empty answer.
//! A re-run does not send a recorded failure again unless `--retry-errors` is given.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::study::LocatedError;
use crate::study::jsonl::JsonlReader;

/// One failed request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FailureRecord {
    pub program: String,
    pub variant: String,
    pub model: String,
    /// The sample index, for a run of several samples.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample: Option<u32>,
    pub error: FailureError,
    /// The same request fields as a generation's meta (`request_sha256` among them).
    pub meta: Value,
}

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailureError {
    /// `connection`, `timeout`, `http-status`, `bad-answer` or `null-content`.
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
}

impl FailureRecord {
    /// The request's hash, as recorded.
    pub fn request_sha256(&self) -> Option<&str> {
        self.meta.get(super::meta::keys::REQUEST_SHA256)?.as_str()
    }
}

/// Every failure recorded at `path` (none when the file does not exist), or the
/// located errors of its bad lines.
pub fn read_failures(path: &Path) -> Result<Vec<FailureRecord>, Vec<LocatedError>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    if std::fs::metadata(path).is_ok_and(|m| m.len() == 0) {
        return Ok(Vec::new());
    }
    let mut reader = JsonlReader::open(path).map_err(|e| vec![e])?;
    let mut records = Vec::new();
    let mut errors = Vec::new();
    while let Some(next) = reader.next_record::<FailureRecord>() {
        match next {
            Ok((_, r)) => records.push(r),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(records)
    } else {
        Err(errors)
    }
}
