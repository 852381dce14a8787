//! Reading a chat-completion answer: the text of the first choice, its finish reason,
//! the token counts and the model the server reports; and what makes an answer
//! unusable (a body that is not JSON, no choices, null content).

use serde::Deserialize;
use serde_json::Value;

/// What the model answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The message content (possibly empty: an empty answer is still the model's).
    pub content: String,
    /// `stop`, `length`, ... as the server says; `None` when it says nothing.
    pub finish_reason: Option<String>,
    pub prompt_tokens: Option<u64>,
    pub completion_tokens: Option<u64>,
    /// The `model` field of the answer.
    pub server_model: Option<String>,
}

impl Answer {
    /// Cut short: the finish reason is `length`, or the completion reached `max_tokens`.
    pub fn truncated(&self, max_tokens: u64) -> bool {
        self.finish_reason.as_deref() == Some("length")
            || self.completion_tokens.is_some_and(|n| n >= max_tokens)
    }
}

/// Why a 200 answer cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// The body is not one JSON object (cut off, or not JSON at all). Worth a retry.
    #[error("the answer is not valid JSON ({0})")]
    NotJson(String),
    /// The server reports an error inside a 200 body.
    #[error("the server answered with an error: {0}")]
    ServerError(String),
    /// JSON, but not a chat completion.
    #[error("the answer is not a chat completion: {0}")]
    Shape(String),
    /// The first choice's message content is null (or missing): no text to keep.
    #[error("the answer's message content is null (finish reason {finish_reason})")]
    NullContent { finish_reason: String },
}

impl AnswerError {
    /// Whether sending the same request again may help.
    pub fn retryable(&self) -> bool {
        matches!(self, AnswerError::NotJson(_))
    }
}

#[derive(Deserialize)]
struct Body {
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    choices: Option<Vec<Choice>>,
    #[serde(default)]
    usage: Option<Usage>,
    #[serde(default)]
    error: Option<Value>,
}

#[derive(Deserialize)]
struct Choice {
    #[serde(default)]
    message: Option<Message>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct Message {
    #[serde(default)]
    content: Option<String>,
}

#[derive(Deserialize)]
struct Usage {
    #[serde(default)]
    prompt_tokens: Option<u64>,
    #[serde(default)]
    completion_tokens: Option<u64>,
}

/// Reads an answer body.
pub fn parse(body: &[u8]) -> Result<Answer, AnswerError> {
    let value: Value =
        serde_json::from_slice(body).map_err(|e| AnswerError::NotJson(e.to_string()))?;
    if !value.is_object() {
        return Err(AnswerError::Shape("expected a JSON object".into()));
    }
    let body: Body =
        serde_json::from_value(value).map_err(|e| AnswerError::Shape(e.to_string()))?;
    if let Some(error) = body.error.filter(|e| !e.is_null()) {
        let message = error
            .get("message")
            .and_then(Value::as_str)
            .map_or_else(|| error.to_string(), str::to_string);
        return Err(AnswerError::ServerError(message));
    }
    let choice = body
        .choices
        .and_then(|c| c.into_iter().next())
        .ok_or_else(|| AnswerError::Shape("no choices".into()))?;
    let finish_reason = choice.finish_reason;
    let content =
        choice
            .message
            .and_then(|m| m.content)
            .ok_or_else(|| AnswerError::NullContent {
                finish_reason: finish_reason.clone().unwrap_or_else(|| "none".into()),
            })?;
    let usage = body.usage;
    Ok(Answer {
        content,
        finish_reason,
        prompt_tokens: usage.as_ref().and_then(|u| u.prompt_tokens),
        completion_tokens: usage.as_ref().and_then(|u| u.completion_tokens),
        server_model: body.model,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = r#"{"id":"x","object":"chat.completion","model":"smollm2","choices":[{"index":0,"message":{"role":"assistant","content":"property p; a |=> b == c; endproperty"},"finish_reason":"stop"}],"usage":{"prompt_tokens":40,"completion_tokens":12,"total_tokens":52}}"#;

    #[test]
    fn reads_a_chat_completion() {
        let a = parse(OK.as_bytes()).unwrap();
        assert_eq!(a.content, "property p; a |=> b == c; endproperty");
        assert_eq!(a.finish_reason.as_deref(), Some("stop"));
        assert_eq!((a.prompt_tokens, a.completion_tokens), (Some(40), Some(12)));
        assert_eq!(a.server_model.as_deref(), Some("smollm2"));
        assert!(!a.truncated(1536));
        assert!(a.truncated(12), "reaching max_tokens is truncation");
    }

    #[test]
    fn finish_reason_length_is_truncated() {
        let a = parse(OK.replace("\"stop\"", "\"length\"").as_bytes()).unwrap();
        assert!(a.truncated(1536));
    }

    #[test]
    fn what_cannot_be_used() {
        let cut = &OK[..OK.len() / 2];
        let e = parse(cut.as_bytes()).unwrap_err();
        assert!(matches!(e, AnswerError::NotJson(_)) && e.retryable(), "{e}");
        let null = OK.replace(
            r#""content":"property p; a |=> b == c; endproperty""#,
            r#""content":null"#,
        );
        let e = parse(null.as_bytes()).unwrap_err();
        assert_eq!(
            e,
            AnswerError::NullContent {
                finish_reason: "stop".into()
            }
        );
        assert!(!e.retryable());
        let e = parse(br#"{"choices":[]}"#).unwrap_err();
        assert!(matches!(e, AnswerError::Shape(_)), "{e}");
        let e = parse(br#"{"error":{"message":"model not loaded"}}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the server answered with an error: model not loaded"
        );
        assert!(matches!(parse(b"[1]").unwrap_err(), AnswerError::Shape(_)));
        let e = parse(br#"{"choices":[{"message":{"content":5}}]}"#).unwrap_err();
        assert!(matches!(e, AnswerError::Shape(_)), "{e}");
    }

    #[test]
    fn missing_usage_and_empty_content_are_fine() {
        let a =
            parse(br#"{"choices":[{"message":{"content":""},"finish_reason":"stop"}]}"#).unwrap();
        assert_eq!(a.content, "");
        assert_eq!(a.completion_tokens, None);
        assert!(!a.truncated(10));
    }
}
