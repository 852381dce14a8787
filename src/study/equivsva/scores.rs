//! EquivSVA's committed score files (`<split>_syntax_scores.jsonl`,
//! `<split>_formal_scores.jsonl`, `<split>_mutant_scores.jsonl`) read into property
//! verdicts, so the authors' verdicts load as a study and every figure can be computed
//! from them the same way as from flipscope's own. Their statuses become flipscope's
//! (`not_run_interface_violation` is `interface-violation`, `not_run_lowering_unsupported`
//! is `unsupported`, `compile_error` is `error`), and each line keeps the original
//! verdict under `external` (source `equivsva`). EquivSVA does not measure transfer.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{Map, Value};

use super::{SOURCE, style_of_task_variant, variant_of_style};
use crate::study::error::LocatedError;
use crate::study::jsonl::JsonlReader;
use crate::study::record_line::Line;
use crate::study::verdict::{
    Check, ExternalVerdict, FormalStatus, PropertyVerdict, Reading, Syntax,
};

/// The score files of one split of one model's results.
#[derive(Debug, Clone)]
pub struct ScoreFiles {
    /// `<split>_syntax_scores.jsonl` (optional: the formal file says which tasks parse).
    pub syntax: Option<PathBuf>,
    /// `<split>_formal_scores.jsonl`.
    pub formal: PathBuf,
    /// `<split>_mutant_scores.jsonl` (optional).
    pub mutants: Option<PathBuf>,
    /// The model's name in the verdicts.
    pub model: String,
}

impl ScoreFiles {
    /// The files of `split` in a results directory, the model named after the directory
    /// (`mlx-community__Qwen2.5-Coder-7B-Instruct-4bit` is
    /// `mlx-community/Qwen2.5-Coder-7B-Instruct-4bit`, the `model` of its generation
    /// rows) unless `model` is given.
    pub fn in_dir(dir: &Path, split: &str, model: Option<&str>) -> Self {
        let file = |kind: &str| dir.join(format!("{split}_{kind}_scores.jsonl"));
        let present = |p: PathBuf| p.is_file().then_some(p);
        let model = model.map(str::to_string).unwrap_or_else(|| {
            dir.file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("equivsva")
                .replacen("__", "/", 1)
        });
        Self {
            syntax: present(file("syntax")),
            formal: file("formal"),
            mutants: present(file("mutant")),
            model,
        }
    }
}

/// A task of the formal file.
#[derive(Debug, Deserialize)]
struct FormalTask {
    task_id: String,
    design_id: String,
    rtl_variant: String,
    syntax_valid: Flag,
    #[serde(default)]
    formal_status: Option<String>,
    #[serde(default)]
    properties: Vec<FormalProperty>,
}

#[derive(Debug, Deserialize)]
struct FormalProperty {
    name: String,
    formal_status: String,
    #[serde(default)]
    interface_only: Option<bool>,
    #[serde(default)]
    non_interface_identifiers: Vec<String>,
    #[serde(default)]
    reason: Option<String>,
    #[serde(flatten)]
    rest: Map<String, Value>,
}

/// A task of the syntax file.
#[derive(Debug, Deserialize)]
struct SyntaxTask {
    task_id: String,
    syntax_valid: Flag,
    #[serde(default)]
    format_compliant: Option<Flag>,
    #[serde(default)]
    slang_output: Option<String>,
}

/// A task of the mutant file.
#[derive(Debug, Deserialize)]
struct MutantTask {
    task_id: String,
    #[serde(default)]
    properties: Vec<MutantProperty>,
}

#[derive(Debug, Deserialize)]
struct MutantProperty {
    name: String,
    #[serde(default)]
    mutants: Vec<MutantCheck>,
}

#[derive(Debug, Deserialize)]
struct MutantCheck {
    mutant: String,
    formal_status: String,
}

/// EquivSVA writes some booleans as the strings `"True"` and `"False"`.
#[derive(Debug, Clone, Copy)]
struct Flag(bool);

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Bool(b) => Ok(Flag(b)),
            Value::String(s) if s.eq_ignore_ascii_case("true") => Ok(Flag(true)),
            Value::String(s) if s.eq_ignore_ascii_case("false") => Ok(Flag(false)),
            other => Err(serde::de::Error::custom(format!(
                "expected true, false, \"True\" or \"False\", found {other}"
            ))),
        }
    }
}

/// flipscope's status for an EquivSVA `formal_status`.
fn status_of(word: &str) -> Option<FormalStatus> {
    Some(match word {
        "pass" => FormalStatus::Pass,
        "fail" => FormalStatus::Fail,
        "unknown" => FormalStatus::Unknown,
        "not_run_interface_violation" => FormalStatus::InterfaceViolation,
        "not_run_lowering_unsupported" => FormalStatus::Unsupported,
        "compile_error" => FormalStatus::Error,
        _ => return None,
    })
}

/// Every record of a JSON Lines file with its line, or the located errors.
fn read_all<T: serde::de::DeserializeOwned>(
    path: &Path,
    errors: &mut Vec<LocatedError>,
) -> Vec<(usize, String, T)> {
    let mut reader = match JsonlReader::open(path) {
        Ok(r) => r,
        Err(e) => {
            errors.push(e);
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    while let Some(record) = reader.next_record::<T>() {
        match record {
            Ok((line, value)) => out.push((line, reader.line_text().to_string(), value)),
            Err(e) => errors.push(e),
        }
    }
    out
}

/// Reads the score files into verdicts (formal file order, properties in order), or
/// every located problem.
pub fn import_scores(files: &ScoreFiles) -> Result<Vec<PropertyVerdict>, Vec<LocatedError>> {
    let mut errors = Vec::new();
    let formal: Vec<(usize, String, FormalTask)> = read_all(&files.formal, &mut errors);
    let syntax: HashMap<String, SyntaxTask> = files
        .syntax
        .as_deref()
        .map(|p| read_all::<SyntaxTask>(p, &mut errors))
        .unwrap_or_default()
        .into_iter()
        .map(|(_, _, t)| (t.task_id.clone(), t))
        .collect();
    let mutants: HashMap<String, Vec<MutantProperty>> = files
        .mutants
        .as_deref()
        .map(|p| read_all::<MutantTask>(p, &mut errors))
        .unwrap_or_default()
        .into_iter()
        .map(|(_, _, t)| (t.task_id, t.properties))
        .collect();
    let file = files.formal.to_string_lossy().into_owned();
    let mut out = Vec::new();
    for (line, text, task) in formal {
        let at = Line {
            file: &file,
            line,
            text: &text,
        };
        task_verdicts(
            &at,
            &task,
            syntax.get(&task.task_id),
            mutants.get(&task.task_id),
            &files.model,
            &mut out,
            &mut errors,
        );
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The verdict lines of one task.
fn task_verdicts(
    at: &Line,
    task: &FormalTask,
    syntax: Option<&SyntaxTask>,
    mutant_rows: Option<&Vec<MutantProperty>>,
    model: &str,
    out: &mut Vec<PropertyVerdict>,
    errors: &mut Vec<LocatedError>,
) {
    let variant = variant_of_style(style_of_task_variant(&task.rtl_variant)).to_string();
    let strict = syntax.and_then(|s| s.format_compliant).is_some_and(|f| f.0);
    let syntax_ok = task.syntax_valid.0 && syntax.is_none_or(|s| s.syntax_valid.0);
    if !syntax_ok || task.properties.is_empty() {
        let message = syntax
            .and_then(|s| s.slang_output.as_deref())
            .and_then(|o| o.lines().find(|l| l.contains("error:")))
            .map(|l| {
                l.rsplit_once(".sv:")
                    .map_or(l, |(_, rest)| rest)
                    .trim()
                    .to_string()
            });
        let mut line = PropertyVerdict::empty_output(
            &task.design_id,
            &variant,
            model,
            if syntax_ok {
                Syntax::ok()
            } else {
                Syntax::error(message.unwrap_or_else(|| "the output does not compile".into()))
            },
        );
        line.external = Some(ExternalVerdict {
            source: SOURCE.into(),
            status: task
                .formal_status
                .clone()
                .unwrap_or_else(|| "no_properties".into()),
            sound: None,
            mutants: BTreeMap::new(),
            extra: Map::new(),
        });
        out.push(line);
        return;
    }
    // The mutant rows list the sound properties in order; names may repeat.
    let mut mutant_rows: Vec<&MutantProperty> =
        mutant_rows.map(|v| v.iter().collect()).unwrap_or_default();
    for (index, p) in task.properties.iter().enumerate() {
        let Some(status) = status_of(&p.formal_status) else {
            errors.push(at.at(
                &["properties", &index.to_string(), "formal_status"],
                format!("unknown formal_status \"{}\"", p.formal_status),
            ));
            continue;
        };
        let sound = status == FormalStatus::Pass && p.interface_only == Some(true);
        let mut check = Check::of(status);
        check.reason = p.reason.clone();
        let mut external_mutants = BTreeMap::new();
        let mut checks = BTreeMap::new();
        if sound && let Some(pos) = mutant_rows.iter().position(|m| m.name == p.name) {
            for m in &mutant_rows.remove(pos).mutants {
                external_mutants.insert(m.mutant.clone(), m.formal_status.clone());
                if let Some(s) = status_of(&m.formal_status) {
                    checks.insert(m.mutant.clone(), Check::of(s));
                }
            }
        }
        let mut non_interface = p.non_interface_identifiers.clone();
        non_interface.sort();
        let mut extra = p.rest.clone();
        if let Some(r) = &p.reason {
            extra.insert("reason".into(), Value::String(r.clone()));
        }
        out.push(PropertyVerdict {
            program: task.design_id.clone(),
            variant: variant.clone(),
            model: model.to_string(),
            sample: None,
            stratum: None,
            index: Some(index),
            name: Some(p.name.clone()),
            text: None,
            read: Reading {
                strict,
                lenient: true,
            },
            syntax: Syntax::ok(),
            interface_only: p.interface_only,
            non_interface,
            status: Some(check),
            transfer: BTreeMap::new(),
            mutants: checks,
            sound: Some(sound),
            external: Some(ExternalVerdict {
                source: SOURCE.into(),
                status: p.formal_status.clone(),
                sound: Some(sound),
                mutants: external_mutants,
                extra,
            }),
            input_hash: None,
            extra: Map::new(),
        });
    }
}
