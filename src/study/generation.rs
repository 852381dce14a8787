//! `generations.jsonl`: one model's raw output for one (program, variant) per line.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::external::ExternalRun;

/// One model output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Generation {
    /// The program id.
    pub program: String,
    /// `original` or the name of one of the program's variants.
    pub variant: String,
    /// The model's name, as the study wants it shown.
    pub model: String,
    /// The raw generated text.
    pub output: String,
    /// The number of worked examples in the prompt (AssertionBench's 1-shot and
    /// 5-shot), when the generator says. Part of the generation's identity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shots: Option<u32>,
    /// Which sample of several for the same prompt (`generate --samples N` writes 0 to
    /// N-1); absent is sample 0. Part of the generation's identity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample: Option<u32>,
    /// The dataset's own verdicts on this output from an engine outside flipscope
    /// (AssertionBench's JasperGold runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external: Option<ExternalRun>,
    /// Anything the generator recorded (prompt hash, tokens, decoding settings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Value>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Generation {
    /// The sample index (0 when the line records none).
    pub fn sample_index(&self) -> u32 {
        self.sample.unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::jsonl::parse_line;

    #[test]
    fn reads_with_and_without_meta() {
        let line = r#"{"program": "p07", "variant": "original", "model": "qwen", "output": "property p1; a |=> x == y; endproperty", "meta": {"tokens": 12}}"#;
        let (_, g): (usize, Generation) = parse_line("generations.jsonl", 1, line).unwrap();
        assert_eq!(g.meta.unwrap()["tokens"], 12);
        let line = r#"{"program": "p07", "variant": "T1", "model": "qwen", "output": ""}"#;
        let (_, g): (usize, Generation) = parse_line("generations.jsonl", 1, line).unwrap();
        assert!(g.meta.is_none() && g.output.is_empty());
    }

    #[test]
    fn missing_output_is_an_error() {
        let line = r#"{"program": "p07", "variant": "T1", "model": "qwen"}"#;
        let e = parse_line::<Generation>("generations.jsonl", 2, line).unwrap_err();
        assert!(e.message.contains("missing field `output`"), "{e}");
    }
}
