//! JSON: `{"conditions": [...], "provenance": {...}}` with fractions (not percents),
//! `null` for undefined ratios and missing intervals.

use serde_json::{Map, Value, json};

use crate::stats::counts::Metric;
use crate::stats::report::{ConditionReport, MetricsReport};

/// Renders the report as pretty-printed JSON.
pub fn render(report: &MetricsReport) -> String {
    let mut text = serde_json::to_string_pretty(&to_value(report)).unwrap_or_default();
    text.push('\n');
    text
}

/// The report as a JSON value.
pub fn to_value(report: &MetricsReport) -> Value {
    let p = &report.provenance;
    let b = &p.bootstrap;
    let inputs: Vec<Value> = p
        .inputs
        .iter()
        .map(|f| json!({"path": f.path, "sha256": f.sha256}))
        .collect();
    json!({
        "conditions": report.conditions.iter().map(condition).collect::<Vec<_>>(),
        "provenance": {
            "filter": p.filter,
            "oracle": p.oracle,
            "replicates": b.replicates,
            "seed": b.seed,
            "stratified": b.stratified,
            "interval": b.method.as_str(),
            "confidence": b.level,
            "flipscope_version": p.version,
            "inputs": inputs,
            "pairs_read": p.pairs_read,
            "pairs_matched": p.pairs_matched,
        }
    })
}

fn condition(c: &ConditionReport) -> Value {
    let k = c.counts;
    let mut o = Map::new();
    o.insert("model".into(), json!(c.model));
    o.insert("variant".into(), json!(c.variant));
    o.insert("programs".into(), json!(c.programs));
    for (name, v) in [
        ("N", k.n),
        ("B", k.b),
        ("T", k.t),
        ("R", k.r),
        ("L", k.l),
        ("G", k.g),
    ] {
        o.insert(name.into(), json!(v));
    }
    for m in Metric::ALL {
        o.insert(m.key().into(), json!(c.value(m)));
    }
    o.insert("mcnemar_p".into(), json!(c.mcnemar_p));
    let mut ci = Map::new();
    for m in [
        Metric::DeltaAcc,
        Metric::ConditionalRobustness,
        Metric::InvarianceFailure,
        Metric::FlipRate,
        Metric::AccBase,
        Metric::AccTrans,
    ] {
        ci.insert(
            m.key().into(),
            json!(c.intervals.get(m).map(|i| [i.lo, i.hi])),
        );
    }
    ci.insert("replicates_left_out".into(), json!(c.intervals.left_out));
    o.insert("ci95".into(), Value::Object(ci));
    Value::Object(o)
}
