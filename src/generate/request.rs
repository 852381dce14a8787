//! The canonical chat-completion request: the model, one user message, and every
//! sampling field sent explicitly (local servers otherwise apply their own defaults:
//! mlx_lm.server stops at 512 tokens, Ollama's `/v1` sets temperature 1 when it is
//! missing, llama-cpp-python's repeat penalty is 1.1, vLLM applies the model's
//! generation_config). The body is built in one fixed field order, so the bytes sent
//! are canonical and their SHA-256 is the request's identity (what a re-run skips on).

use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use crate::study::source::hex;

/// The decoding settings of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Sampling {
    /// 0 is greedy decoding (the study's setting).
    pub temperature: f64,
    /// The most new tokens (the study's 1,536 by default).
    pub max_tokens: u64,
    /// Sent so that sampling at a temperature above 0 is repeatable where servers allow.
    pub seed: u64,
    /// Stop sequences (`--stop`), sent as `stop` only when there are some (so requests
    /// without them keep their hashes).
    pub stop: Vec<String>,
}

impl Default for Sampling {
    fn default() -> Self {
        Self {
            temperature: 0.0,
            max_tokens: 1536,
            seed: 0,
            stop: Vec::new(),
        }
    }
}

impl Sampling {
    /// Every sampling field of the body, in order, with the neutral values flipscope
    /// always sends: `top_p` 1, no frequency or presence penalty, llama.cpp's
    /// `repeat_penalty` and vLLM's (and mlx_lm's) `repetition_penalty` 1, and `min_p` 0
    /// (llama.cpp's default is 0.05).
    pub fn fields(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("temperature".into(), json!(self.temperature));
        m.insert("top_p".into(), json!(1.0));
        m.insert("max_tokens".into(), json!(self.max_tokens));
        m.insert("seed".into(), json!(self.seed));
        m.insert("frequency_penalty".into(), json!(0.0));
        m.insert("presence_penalty".into(), json!(0.0));
        m.insert("repeat_penalty".into(), json!(1.0));
        m.insert("repetition_penalty".into(), json!(1.0));
        m.insert("min_p".into(), json!(0.0));
        if !self.stop.is_empty() {
            m.insert("stop".into(), json!(self.stop));
        }
        m
    }

    /// The same settings with another seed (sample `k` of a run uses `seed + k`).
    pub fn with_seed(&self, seed: u64) -> Self {
        Self {
            seed,
            ..self.clone()
        }
    }
}

/// One request, ready to send.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatRequest {
    /// The JSON body, exactly as sent.
    pub body: Vec<u8>,
    /// SHA-256 of `body`: the request's identity.
    pub sha256: String,
    /// SHA-256 of the user message (EquivSVA's `prompt_sha256`).
    pub prompt_sha256: String,
}

impl ChatRequest {
    /// The request for one prompt, after the system message when there is one.
    pub fn new(model: &str, system: Option<&str>, prompt: &str, sampling: &Sampling) -> Self {
        let mut body = Map::new();
        body.insert("model".into(), json!(model));
        let messages = match system {
            Some(system) => json!([
                {"role": "system", "content": system},
                {"role": "user", "content": prompt}
            ]),
            None => json!([{"role": "user", "content": prompt}]),
        };
        body.insert("messages".into(), messages);
        body.extend(sampling.fields());
        body.insert("stream".into(), json!(false));
        let body = serde_json::to_vec(&Value::Object(body)).expect("a JSON map serialises");
        Self {
            sha256: hex(&Sha256::digest(&body)),
            prompt_sha256: hex(&Sha256::digest(prompt.as_bytes())),
            body,
        }
    }
}

/// The identity of a run's settings: everything in the body but the user message (the
/// model, every sampling field with the run's base seed (sample `k` sends `seed + k`),
/// the system message when there is one), and the prompt template's text. Two runs whose settings differ
/// must not fill one model's generations without being told.
pub fn settings_sha256(
    model: &str,
    sampling: &Sampling,
    template_sha256: &str,
    system: Option<&str>,
) -> String {
    let mut m = Map::new();
    m.insert("model".into(), json!(model));
    m.extend(sampling.fields());
    m.insert("template_sha256".into(), json!(template_sha256));
    if let Some(system) = system {
        m.insert("system".into(), json!(system));
    }
    hex(&Sha256::digest(
        serde_json::to_vec(&Value::Object(m)).expect("a JSON map serialises"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_has_every_sampling_field_in_a_fixed_order() {
        let r = ChatRequest::new("m", None, "hello", &Sampling::default());
        let text = String::from_utf8(r.body.clone()).unwrap();
        assert_eq!(
            text,
            r#"{"model":"m","messages":[{"role":"user","content":"hello"}],"temperature":0.0,"top_p":1.0,"max_tokens":1536,"seed":0,"frequency_penalty":0.0,"presence_penalty":0.0,"repeat_penalty":1.0,"repetition_penalty":1.0,"min_p":0.0,"stream":false}"#
        );
        assert_eq!(r.sha256, hex(&Sha256::digest(text.as_bytes())));
        assert_eq!(
            r.prompt_sha256,
            "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"
        );
    }

    #[test]
    fn any_setting_changes_both_hashes() {
        let base = Sampling::default();
        let r0 = ChatRequest::new("m", None, "p", &base);
        let s0 = settings_sha256("m", &base, "t", None);
        let changed = [
            Sampling {
                temperature: 0.2,
                ..base.clone()
            },
            Sampling {
                max_tokens: 512,
                ..base.clone()
            },
            Sampling {
                seed: 1,
                ..base.clone()
            },
        ];
        for s in &changed {
            assert_ne!(ChatRequest::new("m", None, "p", s).sha256, r0.sha256);
            assert_ne!(settings_sha256("m", s, "t", None), s0);
        }
        assert_ne!(ChatRequest::new("n", None, "p", &base).sha256, r0.sha256);
        assert_ne!(ChatRequest::new("m", None, "q", &base).sha256, r0.sha256);
        assert_ne!(settings_sha256("m", &base, "u", None), s0);
        let stop = Sampling {
            stop: vec!["endmodule".into()],
            ..base.clone()
        };
        assert_ne!(settings_sha256("m", &stop, "t", None), s0);
        assert_ne!(settings_sha256("m", &base, "t", Some("be brief")), s0);
        let r = ChatRequest::new("m", Some("be brief"), "p", &stop);
        let text = String::from_utf8(r.body).unwrap();
        assert!(
            text.contains(r#""messages":[{"role":"system","content":"be brief"},{"role":"user","content":"p"}]"#),
            "{text}"
        );
        assert!(
            text.contains(r#""min_p":0.0,"stop":["endmodule"],"stream":false"#),
            "{text}"
        );
        // The prompt is not a setting.
        assert_eq!(
            ChatRequest::new("m", None, "q", &base).prompt_sha256.len(),
            64
        );
    }
}
