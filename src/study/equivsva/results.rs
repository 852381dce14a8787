//! EquivSVA generation rows (`experiments/results_v2/<model>/<split>.jsonl`) read into
//! generations: `task_id` `<family>__<variant>` names the program and the
//! implementation, `response` is the output, and every other field (model, decoding,
//! prompt hash, token counts, elapsed time, ...) is kept under `meta`.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::{style_of_file, style_of_task_variant, variant_of_style};
use crate::study::error::LocatedError;
use crate::study::generation::Generation;
use crate::study::jsonl::JsonlReader;
use crate::study::record_line::Line;

/// How rows become generations.
#[derive(Debug, Clone, Default)]
pub struct ResultsOptions {
    /// The model name to show; the row's `model` when absent.
    pub model: Option<String>,
}

/// The fields of a row the import reads.
#[derive(Debug, Deserialize)]
struct Row {
    task_id: String,
    response: String,
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    design_id: Option<String>,
    #[serde(default)]
    rtl_variant: Option<String>,
    #[serde(default)]
    rtl_file: Option<String>,
    #[serde(flatten)]
    rest: Map<String, Value>,
}

/// Reads a results file into generations in file order, or every located problem.
pub fn import_results(
    path: &Path,
    options: &ResultsOptions,
) -> Result<Vec<Generation>, Vec<LocatedError>> {
    let mut reader = JsonlReader::open(path).map_err(|e| vec![e])?;
    let file = reader.file().to_string();
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut seen: HashMap<(String, String, String), usize> = HashMap::new();
    while let Some(record) = reader.next_record::<Row>() {
        let (line, row) = match record {
            Ok(r) => r,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let at = Line {
            file: &file,
            line,
            text: reader.line_text(),
        };
        let Some((family, task_variant)) = row.task_id.split_once("__") else {
            errors.push(at.at(
                &["task_id"],
                format!("task_id \"{}\" is not <family>__<variant>", row.task_id),
            ));
            continue;
        };
        let program = row.design_id.clone().unwrap_or_else(|| family.to_string());
        let style = match (&row.rtl_file, &row.rtl_variant) {
            (Some(f), _) => style_of_file(f).to_string(),
            (None, Some(v)) => style_of_task_variant(v).to_string(),
            (None, None) => style_of_task_variant(task_variant).to_string(),
        };
        let variant = variant_of_style(&style).to_string();
        let model = match (&options.model, &row.model) {
            (Some(m), _) | (None, Some(m)) if !m.trim().is_empty() => m.clone(),
            _ => {
                errors.push(at.at(&["model"], "the row names no model: give one with --model"));
                continue;
            }
        };
        let key = (model.clone(), program.clone(), variant.clone());
        if let Some(first) = seen.get(&key) {
            errors.push(at.at(
                &["task_id"],
                format!(
                    "a second row for model \"{model}\", family \"{program}\", implementation \"{variant}\": the first is on line {first}"
                ),
            ));
            continue;
        }
        seen.insert(key, line);
        let mut meta = row.rest;
        meta.insert("task_id".into(), Value::String(row.task_id));
        if let Some(m) = row.model {
            meta.insert("model".into(), Value::String(m));
        }
        if let Some(d) = row.design_id {
            meta.insert("design_id".into(), Value::String(d));
        }
        if let Some(v) = row.rtl_variant {
            meta.insert("rtl_variant".into(), Value::String(v));
        }
        if let Some(f) = row.rtl_file {
            meta.insert("rtl_file".into(), Value::String(f));
        }
        out.push(Generation {
            program,
            variant,
            model,
            output: row.response,
            meta: Some(Value::Object(meta)),
            shots: None,
            sample: None,
            external: None,
            extra: Map::new(),
        });
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}
