//! How EquivSVA's task exporter describes a family's clock and reset from its
//! `spec.json`, word for word: the importer stores the reset's text with each program
//! (`reset_description`) and the EquivSVA prompt reads both, so that the rendered
//! prompt is, byte for byte, the one the dataset's generations record the sha256 of.

use serde_json::Value;

/// The clock line: no `clock` key is `clk` (the exporter's default); a string as it
/// is; an object as `EDGE NAME` (defaults `posedge`, `clk`); anything else `posedge clk`.
pub fn describe_clock(clock: Option<&Value>) -> String {
    match clock {
        None => "clk".into(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(o)) => {
            let name = o.get("name").map_or("clk".into(), text);
            let edge = o.get("edge").map_or("posedge".into(), text);
            format!("{edge} {name}")
        }
        _ => "posedge clk".into(),
    }
}

/// The reset line: nothing (or an empty or false value) is `not specified`; a string as it is;
/// an object as `NAME, active LEVEL, TIMING` where the level is `active` (else
/// `active_level`, else `high`) and the timing is `synchronous` when `synchronous` (else
/// `sync`) is true, `asynchronous` when false, and `reset` otherwise.
pub fn describe_reset(reset: Option<&Value>) -> String {
    match reset {
        None | Some(Value::Null) | Some(Value::Bool(false)) => "not specified".into(),
        Some(Value::String(s)) if s.is_empty() => "not specified".into(),
        Some(Value::Object(o)) if o.is_empty() => "not specified".into(),
        Some(Value::Array(a)) if a.is_empty() => "not specified".into(),
        Some(Value::Number(n)) if n.as_f64() == Some(0.0) => "not specified".into(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(o)) => {
            let name = o.get("name").map_or("rst".into(), text);
            let active = o
                .get("active")
                .or_else(|| o.get("active_level"))
                .map_or("high".into(), text);
            let timing = match o.get("synchronous").or_else(|| o.get("sync")) {
                Some(Value::Bool(true)) => "synchronous",
                Some(Value::Bool(false)) => "asynchronous",
                _ => "reset",
            };
            format!("{name}, active {active}, {timing}")
        }
        Some(other) => text(other),
    }
}

/// A JSON value as text the way the exporter (Python) prints it: strings bare,
/// `True`/`False`/`None`; numbers, arrays and objects as their JSON text.
fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Null => "None".into(),
        other => other.to_string(),
    }
}
