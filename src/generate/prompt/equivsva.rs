//! EquivSVA's task prompt: how its task exporter describes a family's clock and reset
//! from `spec.json`, so that the prompt flipscope renders (template
//! `templates/equivsva.txt`) is, byte for byte, the one the dataset's committed
//! generations record the sha256 of.

use serde_json::Value;

use super::PromptInputs;
use crate::study::equivsva::{describe_clock, describe_reset};

/// The inputs of one EquivSVA implementation, from its family's `spec.json` and its RTL
/// file's text (as read from `rtl/<style>.sv`).
pub fn inputs_from_spec(spec: &Value, family: &str, style: &str, rtl: &str) -> PromptInputs {
    PromptInputs {
        program: family.to_string(),
        variant: style.to_string(),
        stratum: spec
            .get("category")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        rtl: rtl.to_string(),
        synchronous: true,
        clock: describe_clock(spec.get("clock")),
        reset: describe_reset(spec.get("reset")),
        recorded: None,
    }
}
