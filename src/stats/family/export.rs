//! The figures of whole-module studies in every output format: JSON (`{"models":
//! {MODEL: {KEY: count, ..., "mutants", "rates": {...}, "ci95": {...}, "by_variant":
//! {...}}}}`), an aligned table, CSV (one row per model, variant and figure), Markdown
//! and LaTeX (the table). See `docs/metrics.md`.

use serde_json::{Map, Value, json};

use super::figures::{Figures, KEYS, ModelFigures, RATES};
use crate::stats::export::table::{Cell, Column, Kind, Table};
use crate::stats::export::{Format, format, latex, markdown, text};

/// The variant name of a model's row over all its implementations.
pub const ALL: &str = "all";

fn figures_value(f: &Figures) -> Map<String, Value> {
    let mut o = Map::new();
    for k in KEYS {
        o.insert(k.into(), json!(f.get(k)));
    }
    o.insert("mutants".into(), json!(f.get("mutants")));
    let rates: Map<String, Value> = f
        .rates
        .iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect();
    o.insert("rates".into(), Value::Object(rates));
    let ci: Map<String, Value> = f
        .intervals
        .iter()
        .map(|(k, i)| (k.to_string(), json!(i.map(|i| [i.lo, i.hi]))))
        .collect();
    o.insert("ci95".into(), Value::Object(ci));
    o
}

/// The `"models"` object.
pub fn to_value(models: &[ModelFigures]) -> Value {
    let mut out = Map::new();
    for m in models {
        let mut o = figures_value(&m.all);
        let by: Map<String, Value> = m
            .by_variant
            .iter()
            .map(|(v, f)| (v.clone(), Value::Object(figures_value(f))))
            .collect();
        o.insert("by_variant".into(), Value::Object(by));
        out.insert(m.model.clone(), Value::Object(o));
    }
    Value::Object(out)
}

const fn column(title: &'static str, key: &'static str, kind: Kind) -> Column {
    Column {
        title,
        key,
        kind,
        interval: false,
    }
}

/// The figures table: one row per model (variant `all`) then one per implementation.
pub fn table(models: &[ModelFigures]) -> Table {
    let mut columns = vec![
        column("Model", "model", Kind::Text),
        column("Variant", "variant", Kind::Text),
    ];
    let titles = [
        "Outputs",
        "Syntax valid",
        "Properties",
        "Interface-only",
        "Sound (of interface-only)",
        "Tasks",
        "Tasks with sound",
        "Families",
        "All sound",
        "None sound",
        "Variant-sensitive",
        "Mutant checks",
        "Detections",
        "Mutants caught",
    ];
    for (title, key) in titles.into_iter().zip(KEYS) {
        columns.push(column(title, key, Kind::Count));
    }
    let mut rows = Vec::new();
    for m in models {
        let all = std::iter::once((ALL, &m.all));
        let styles = m.by_variant.iter().map(|(v, f)| (v.as_str(), f));
        for (variant, f) in all.chain(styles) {
            let mut row = vec![Cell::Text(m.model.clone()), Cell::Text(variant.to_string())];
            for key in KEYS {
                row.push(Cell::Text(human(f, key)));
            }
            rows.push(row);
        }
    }
    Table { columns, rows }
}

/// `79 (82.3% [74.0, 89.6])` for a figure with a rate, `96` otherwise.
fn human(f: &Figures, key: &str) -> String {
    let n = f.get(key);
    match f.rates.get(key) {
        Some(Some(r)) => match f.intervals.get(key).copied().flatten() {
            Some(i) => format!(
                "{n} ({} {})",
                format::percent(Some(*r)),
                format::percent_interval(i)
            ),
            None => format!("{n} ({})", format::percent(Some(*r))),
        },
        _ => n.to_string(),
    }
}

/// CSV: `model,variant,figure,count,of,rate,rate_lo,rate_hi`.
fn csv(models: &[ModelFigures]) -> String {
    let mut out = String::from("model,variant,figure,count,of,rate,rate_lo,rate_hi\n");
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    for m in models {
        let all = std::iter::once((ALL, &m.all));
        let styles = m.by_variant.iter().map(|(v, f)| (v.as_str(), f));
        for (variant, f) in all.chain(styles) {
            for key in KEYS {
                let of = RATES
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map(|(_, d)| f.get(d).to_string())
                    .unwrap_or_default();
                let num = |v: Option<f64>| v.map(|x| x.to_string()).unwrap_or_default();
                let rate = f.rates.get(key).copied().flatten();
                let i = f.intervals.get(key).copied().flatten();
                out.push_str(&format!(
                    "{},{},{key},{},{of},{},{},{}\n",
                    quote(&m.model),
                    quote(variant),
                    f.get(key),
                    num(rate),
                    num(i.map(|i| i.lo)),
                    num(i.map(|i| i.hi)),
                ));
            }
        }
    }
    out
}

/// The figures in a non-JSON format (JSON is merged into the metrics object by the
/// caller, with [`to_value`]).
pub fn render(models: &[ModelFigures], fmt: Format) -> String {
    match fmt {
        Format::Table => text::aligned(&table(models)),
        Format::Csv => csv(models),
        Format::Markdown => markdown::pipe_table(&table(models)),
        Format::Latex => latex::tabular(&table(models)),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(&json!({"models": to_value(models)}))
                .unwrap_or_default();
            s.push('\n');
            s
        }
    }
}
