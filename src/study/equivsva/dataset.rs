//! An EquivSVA dataset directory read into programs: one whole-module program per
//! behavior family of the chosen split, with its implementations (variants named by
//! style), gold properties (`reference` = `properties.sva`), mutants, clock, reset,
//! and what the dataset says about it kept under `meta` (category, model type,
//! interface ports, split, rendered prompts, the structured gold properties, the spec).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::rtl_name::first_module;
use super::{CANONICAL_STYLES, style_of_file, style_of_task_variant};
use crate::study::error::{LocatedError, display_path};
use crate::study::json_doc::parse_json;
use crate::study::jsonl::{JsonlReader, read_text};
use crate::study::program::{Mutant, Program, ProgramKind, Variant};

/// Which families to import.
#[derive(Debug, Clone, Default)]
pub struct DatasetOptions {
    /// A split of the splits file (`train`, `dev`, `test`), or `None` for every family
    /// directory of the dataset (`--split all`).
    pub split: Option<String>,
}

/// The part of `spec.json` the import reads (the whole spec is kept under `meta`).
#[derive(Debug, Deserialize)]
struct Spec {
    #[serde(default)]
    design_id: Option<String>,
    category: String,
    #[serde(default)]
    model_type: Option<String>,
    #[serde(default)]
    clock: Option<ClockSpec>,
    #[serde(default)]
    reset: Option<ResetSpec>,
    #[serde(default)]
    inputs: Vec<String>,
    #[serde(default)]
    outputs: Vec<String>,
    #[serde(default)]
    rtl_variants: Vec<RtlVariantSpec>,
    #[serde(default)]
    mutants: Vec<MutantSpec>,
}

#[derive(Debug, Deserialize)]
struct ClockSpec {
    name: String,
    #[serde(default)]
    edge: Option<String>,
}

#[derive(Debug, Deserialize)]
struct ResetSpec {
    name: String,
    #[serde(default)]
    active: Option<String>,
}

/// An implementation as listed in the spec: a style name (FSM families) or an object
/// with the task's name, the module suffix and the file (register families).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RtlVariantSpec {
    Style(String),
    Full {
        name: String,
        #[serde(default)]
        module_suffix: Option<String>,
        #[serde(default)]
        file: Option<String>,
    },
}

impl RtlVariantSpec {
    /// (the name tasks use, the style = file stem).
    fn names(&self) -> (String, String) {
        match self {
            RtlVariantSpec::Style(s) => (s.clone(), s.clone()),
            RtlVariantSpec::Full {
                name,
                module_suffix,
                file,
            } => {
                let style = file
                    .as_deref()
                    .map(style_of_file)
                    .or(module_suffix.as_deref())
                    .unwrap_or_else(|| style_of_task_variant(name));
                (name.clone(), style.to_string())
            }
        }
    }
}

#[derive(Debug, Deserialize)]
struct MutantSpec {
    name: String,
    #[serde(flatten)]
    rest: Map<String, Value>,
}

/// Rendered prompts by (family, style): (task id, prompt).
type Prompts = HashMap<(String, String), (String, String)>;

/// A rendered prompt of `experiments/tasks/<split>.jsonl`.
#[derive(Debug, Deserialize)]
struct Task {
    task_id: String,
    design_id: String,
    #[serde(default)]
    rtl_variant: Option<String>,
    #[serde(default)]
    rtl_file: Option<String>,
    prompt: String,
}

/// Reads the families of `dir` (the repository root holding `dataset/`, or the
/// `dataset/` directory itself) into programs, sorted by id, or every located
/// problem.
pub fn import_dataset(
    dir: &Path,
    options: &DatasetOptions,
) -> Result<Vec<Program>, Vec<LocatedError>> {
    let (root, dataset) = if dir.join("dataset").is_dir() {
        (dir.to_path_buf(), dir.join("dataset"))
    } else if dir.is_dir() && dir.file_name().is_some_and(|n| n == "dataset") {
        (dir.parent().unwrap_or(dir).to_path_buf(), dir.to_path_buf())
    } else {
        return Err(vec![LocatedError::whole_file(
            dir,
            "not an EquivSVA directory: expected a dataset/ folder holding one folder per behavior family",
        )]);
    };
    let splits = read_splits(&dataset)?;
    let families = match &options.split {
        None => family_dirs(&dataset)?,
        Some(name) => split_families(&dataset, &splits, name)?,
    };
    let tasks = read_tasks(&root, options.split.as_deref())?;
    let split_of: HashMap<&str, &str> = splits
        .iter()
        .flat_map(|(split, ids)| ids.iter().map(move |id| (id.as_str(), split.as_str())))
        .collect();
    let mut programs = Vec::new();
    let mut errors = Vec::new();
    for id in families {
        match family(&dataset, &id, split_of.get(id.as_str()).copied(), &tasks) {
            Ok(p) => programs.push(p),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        programs.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(programs)
    } else {
        Err(errors)
    }
}

/// The splits file `dataset/splits*.json` (the last by name when there are several):
/// split name -> family ids. No splits file gives no splits.
fn read_splits(dataset: &Path) -> Result<BTreeMap<String, Vec<String>>, Vec<LocatedError>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dataset)
        .map_err(|e| {
            vec![LocatedError::whole_file(
                dataset,
                format!("cannot read: {e}"),
            )]
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            // Not only regular files: a FIFO or a device is read, and refused by name.
            !p.is_dir()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("splits") && n.ends_with(".json"))
        })
        .collect();
    files.sort();
    let Some(path) = files.pop() else {
        return Ok(BTreeMap::new());
    };
    let text = read_text(&path).map_err(|e| vec![e])?;
    let all: Map<String, Value> = parse_json(&display_path(&path), &text).map_err(|e| vec![e])?;
    let mut out = BTreeMap::new();
    for (name, value) in all {
        if let Value::Array(items) = value
            && items.iter().all(Value::is_string)
        {
            let ids = items
                .into_iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect();
            out.insert(name, ids);
        }
    }
    Ok(out)
}

/// Every folder of `dataset` that holds a `spec.json`, by name.
fn family_dirs(dataset: &Path) -> Result<Vec<String>, Vec<LocatedError>> {
    let mut out: Vec<String> = std::fs::read_dir(dataset)
        .map_err(|e| {
            vec![LocatedError::whole_file(
                dataset,
                format!("cannot read: {e}"),
            )]
        })?
        .filter_map(|e| e.ok())
        // A spec.json that is not a regular file is kept, to be refused by name.
        // So is one that cannot be looked at (not "missing").
        .filter(|e| {
            let spec = e.path().join("spec.json");
            match std::fs::symlink_metadata(&spec) {
                Ok(_) => !spec.is_dir(),
                Err(e) => {
                    e.kind() != std::io::ErrorKind::NotFound
                        && e.kind() != std::io::ErrorKind::NotADirectory
                }
            }
        })
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .collect();
    out.sort();
    if out.is_empty() {
        return Err(vec![LocatedError::whole_file(
            dataset,
            "no behavior family here: expected folders holding spec.json",
        )]);
    }
    Ok(out)
}

/// The families of one split, each of which must be present.
fn split_families(
    dataset: &Path,
    splits: &BTreeMap<String, Vec<String>>,
    name: &str,
) -> Result<Vec<String>, Vec<LocatedError>> {
    let Some(ids) = splits.get(name) else {
        let known: Vec<String> = splits.keys().map(|k| format!("\"{k}\"")).collect();
        let message = if known.is_empty() {
            format!(
                "no splits file (dataset/splits*.json): split \"{name}\" is unknown; use --split all"
            )
        } else {
            format!(
                "unknown split \"{name}\": the splits file has {}, or use --split all",
                known.join(", ")
            )
        };
        return Err(vec![LocatedError::whole_file(dataset, message)]);
    };
    let missing: Vec<LocatedError> = ids
        .iter()
        .filter(|id| !dataset.join(id).join("spec.json").is_file())
        .map(|id| {
            let spec = dataset.join(id).join("spec.json");
            // A spec.json that is there but is no regular file (a device, a FIFO, an
            // unreadable link) says what it is; one that cannot even be looked at (a
            // folder without search permission) says why.
            match std::fs::symlink_metadata(&spec) {
                Ok(_) => {
                    if let Err(e) = crate::study::regular_file::check_regular(&spec) {
                        return e;
                    }
                }
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return LocatedError::whole_file(&spec, format!("cannot read: {e}"));
                }
                Err(_) => {}
            }
            LocatedError::whole_file(
                &dataset.join(id),
                format!("family \"{id}\" of split \"{name}\" is not in the dataset (no spec.json)"),
            )
        })
        .collect();
    if missing.is_empty() {
        Ok(ids.clone())
    } else {
        Err(missing)
    }
}

/// The rendered prompts of `experiments/tasks/<split>.jsonl` (every tasks file for
/// all splits), by (family, style). Absent files give none.
fn read_tasks(root: &Path, split: Option<&str>) -> Result<Prompts, Vec<LocatedError>> {
    let dir = root.join("experiments").join("tasks");
    let files: Vec<PathBuf> = match split {
        Some(s) => vec![dir.join(format!("{s}.jsonl"))],
        None => {
            let mut all: Vec<PathBuf> = std::fs::read_dir(&dir)
                .map(|entries| {
                    entries
                        .filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                        .collect()
                })
                .unwrap_or_default();
            all.sort();
            all
        }
    };
    let mut out = HashMap::new();
    let mut errors = Vec::new();
    // A tasks file that is there but no regular file (a FIFO) is read, and refused by
    // name, rather than skipped for no prompts.
    for path in files.iter().filter(|p| present(p)) {
        let mut reader = JsonlReader::open(path).map_err(|e| vec![e])?;
        while let Some(record) = reader.next_record::<Task>() {
            match record {
                Ok((_, t)) => {
                    let style = match (&t.rtl_file, &t.rtl_variant) {
                        (Some(f), _) => style_of_file(f).to_string(),
                        (None, Some(v)) => style_of_task_variant(v).to_string(),
                        (None, None) => t
                            .task_id
                            .split_once("__")
                            .map(|(_, v)| style_of_task_variant(v).to_string())
                            .unwrap_or_default(),
                    };
                    out.insert((t.design_id, style), (t.task_id, t.prompt));
                }
                Err(e) => errors.push(e),
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// One implementation or mutant file: its text, top module and shown name.
struct SourceFile {
    text: String,
    top: String,
    shown: String,
}

fn source_file(
    dataset: &Path,
    id: &str,
    folder: &str,
    stem: &str,
) -> Result<SourceFile, LocatedError> {
    let path = dataset.join(id).join(folder).join(format!("{stem}.sv"));
    let text = read_text(&path)?;
    let top = first_module(&text)
        .ok_or_else(|| LocatedError::whole_file(&path, "no module declaration in the file"))?
        .to_string();
    Ok(SourceFile {
        text,
        top,
        shown: format!("{id}/{folder}/{stem}.sv"),
    })
}

/// One family as a program.
fn family(
    dataset: &Path,
    id: &str,
    split: Option<&str>,
    tasks: &Prompts,
) -> Result<Program, Vec<LocatedError>> {
    let dir = dataset.join(id);
    let spec_path = dir.join("spec.json");
    let spec_text = read_text(&spec_path).map_err(|e| vec![e])?;
    let spec_file = display_path(&spec_path);
    let spec: Spec = parse_json(&spec_file, &spec_text).map_err(|e| vec![e])?;
    let spec_value: Value = serde_json::from_str(&spec_text).unwrap_or(Value::Null);
    let mut errors = Vec::new();
    if let Some(d) = &spec.design_id
        && d != id
    {
        errors.push(LocatedError::whole_file(
            &spec_path,
            format!("design_id \"{d}\" differs from its folder \"{id}\""),
        ));
    }
    let styles = implementation_styles(&dir, &spec).map_err(|e| vec![e])?;
    let Some(canonical) = CANONICAL_STYLES
        .iter()
        .find_map(|c| styles.iter().position(|(_, s)| s == c))
        .or((!styles.is_empty()).then_some(0))
    else {
        return Err(vec![LocatedError::whole_file(
            &dir.join("rtl"),
            "no implementation: expected rtl/*.sv files",
        )]);
    };
    let mut files = Vec::new();
    for (_, style) in &styles {
        match source_file(dataset, id, "rtl", style) {
            Ok(f) => files.push(f),
            Err(e) => errors.push(e),
        }
    }
    let sva_path = dir.join("properties").join("properties.sva");
    let reference = read_text(&sva_path).unwrap_or_else(|e| {
        errors.push(e);
        String::new()
    });
    let gold_path = dir.join("properties").join("properties.json");
    let gold = if present(&gold_path) {
        match read_text(&gold_path).and_then(|t| parse_json::<Value>(&display_path(&gold_path), &t))
        {
            Ok(v) => Some(v),
            Err(e) => {
                errors.push(e);
                None
            }
        }
    } else {
        None
    };
    let mutants = mutants(dataset, id, &spec, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    let prompt = |style: &str| tasks.get(&(id.to_string(), style.to_string()));
    let implementation_meta = |task_name: &str, style: &str| {
        let mut m = Map::new();
        m.insert("rtl_variant".into(), json!(task_name));
        if let Some((task_id, text)) = prompt(style) {
            m.insert("task_id".into(), json!(task_id));
            m.insert("prompt".into(), json!(text));
        }
        m
    };
    let mut variants = BTreeMap::new();
    for (i, ((task_name, style), file)) in styles.iter().zip(files.iter()).enumerate() {
        if i == canonical {
            continue;
        }
        variants.insert(
            style.clone(),
            Variant {
                rtl: file.text.clone(),
                top: Some(file.top.clone()),
                rtl_name: Some(file.shown.clone()),
                meta: Some(Value::Object(implementation_meta(task_name, style))),
                ..Variant::default()
            },
        );
    }
    let (task_name, style) = &styles[canonical];
    let original = &files[canonical];
    let mut meta = Map::new();
    meta.insert("dataset".into(), json!("equivsva"));
    meta.insert("category".into(), json!(spec.category));
    meta.insert(
        "model_type".into(),
        json!(spec.model_type.as_deref().unwrap_or("fsm")),
    );
    if let Some(s) = split {
        meta.insert("split".into(), json!(s));
    }
    meta.insert("style".into(), json!(style));
    meta.insert("inputs".into(), json!(spec.inputs));
    meta.insert("outputs".into(), json!(spec.outputs));
    meta.extend(implementation_meta(task_name, style));
    if let Some(g) = gold {
        meta.insert("gold".into(), g);
    }
    // The prompt's reset line, as EquivSVA's task exporter words it from spec.json
    // (`rst, active high, synchronous`): `generate --prompt equivsva` reads it here.
    let reset_description = super::describe_reset(spec_value.get("reset"));
    meta.insert("spec".into(), spec_value);
    let clock = spec.clock.as_ref().map_or_else(
        || "posedge clk".to_string(),
        |c| format!("{} {}", c.edge.as_deref().unwrap_or("posedge"), c.name),
    );
    let reset = spec.reset.as_ref().map(|r| match r.active.as_deref() {
        Some("low") => format!("!{}", r.name),
        _ => r.name.clone(),
    });
    Ok(Program {
        id: id.to_string(),
        stratum: spec.category.clone(),
        synchronous: true,
        clock: Some(clock),
        rtl: original.text.clone(),
        reference,
        variants,
        kind: ProgramKind::Module,
        top: Some(original.top.clone()),
        rtl_name: Some(original.shown.clone()),
        reset: reset.or(Some("rst".to_string())),
        mutants,
        meta: Some(Value::Object(meta)),
        extra: Map::from_iter([(
            crate::study::program::RESET_DESCRIPTION.to_string(),
            json!(reset_description),
        )]),
        ..Program::default()
    })
}

/// Whether something other than a directory is at `path` (a regular file, or a FIFO,
/// a device or a dangling link that reading then refuses by name).
fn present(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok() && !path.is_dir()
}

/// (task name, style) of every implementation: the spec's list, else the `rtl/*.sv`
/// files by name.
fn implementation_styles(dir: &Path, spec: &Spec) -> Result<Vec<(String, String)>, LocatedError> {
    if !spec.rtl_variants.is_empty() {
        return Ok(spec
            .rtl_variants
            .iter()
            .map(RtlVariantSpec::names)
            .collect());
    }
    let rtl = dir.join("rtl");
    let mut stems: Vec<String> = std::fs::read_dir(&rtl)
        .map_err(|e| LocatedError::whole_file(&rtl, format!("cannot read: {e}")))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sv"))
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
        .collect();
    stems.sort();
    Ok(stems.into_iter().map(|s| (s.clone(), s)).collect())
}

/// The family's `mutants/*.sv`, by name, each with its spec entry under `meta`.
fn mutants(
    dataset: &Path,
    id: &str,
    spec: &Spec,
    errors: &mut Vec<LocatedError>,
) -> BTreeMap<String, Mutant> {
    let dir = dataset.join(id).join("mutants");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "sv"))
                .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    for m in &spec.mutants {
        if !names.contains(&m.name) {
            errors.push(LocatedError::whole_file(
                &dir.join(format!("{}.sv", m.name)),
                format!("mutant \"{}\" of the spec has no file", m.name),
            ));
        }
    }
    let mut out = BTreeMap::new();
    for name in names {
        match source_file(dataset, id, "mutants", &name) {
            Ok(f) => {
                let mut extra = Map::new();
                if let Some(m) = spec.mutants.iter().find(|m| m.name == name) {
                    extra.insert("meta".into(), Value::Object(m.rest.clone()));
                }
                out.insert(
                    name,
                    Mutant {
                        rtl: f.text,
                        top: Some(f.top),
                        rtl_name: Some(f.shown),
                        extra,
                    },
                );
            }
            Err(e) => errors.push(e),
        }
    }
    out
}
