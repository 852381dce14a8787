//! What a run will send: the (program, variant) targets chosen by `--variants` and
//! `--filter`, each with its rendered prompt and canonical request, set against what
//! the study already holds for the model. A target whose generation was made by the
//! same request is reused; one made by another request (other settings, or a prompt
//! that changed) is a conflict, as is sending new requests for a model whose
//! generations were made with other settings: a run refuses conflicts unless told.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::error::GenerateError;
use super::failure::FailureRecord;
use super::meta::keys;
use super::prompt::{PromptInputs, PromptTemplate};
use super::request::{ChatRequest, Sampling, settings_sha256};
use crate::stats::filter::Key;
use crate::stats::{Filter, FilterRow};
use crate::study::{Generation, Program};

/// One (program, variant, sample) to generate for a model.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Target {
    pub program: String,
    pub variant: String,
    /// The sample index (0 for the first; `--samples N` makes 0 to N-1).
    pub sample: u32,
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.program, self.variant)?;
        if self.sample > 0 {
            write!(f, " sample {}", self.sample)?;
        }
        Ok(())
    }
}

/// A request to send.
#[derive(Debug, Clone)]
pub struct Job {
    /// The model it is sent for (the generation's `model`).
    pub model: String,
    pub target: Target,
    pub request: ChatRequest,
    /// Whether the run makes several samples (then every generation records its
    /// `sample` index and seed).
    pub sampled: bool,
    /// The seed sent.
    pub seed: u64,
    /// The settings hash of the model's run.
    pub settings_sha256: String,
}

/// How the targets are chosen and what the requests hold.
#[derive(Debug)]
pub struct PlanOptions<'a> {
    /// The model's name: sent to the server and written as the generations' `model`.
    pub model: &'a str,
    /// Only these variants (`original` included); `None` is every variant.
    pub variants: Option<&'a [String]>,
    pub filter: &'a Filter,
    pub template: &'a PromptTemplate,
    /// The run's sampling; sample `k` sends the seed `sampling.seed + k`.
    pub sampling: &'a Sampling,
    /// Samples per (program, variant): 1 or more.
    pub samples: u32,
    /// The system message, when there is one.
    pub system: Option<&'a str>,
    /// Send recorded failures again.
    pub retry_errors: bool,
}

/// Why a target's existing generation does not match the run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub target: Target,
    /// What differs, for people (`max_tokens 1536 there, 512 here`).
    pub differs: String,
}

/// The run's plan.
#[derive(Debug, Default)]
pub struct Plan {
    /// Requests to send, in study order (programs in file order, `original` first).
    pub jobs: Vec<Job>,
    /// Targets whose generation was made by the same request.
    pub reused: Vec<Target>,
    /// Targets whose generation was made by another request.
    pub conflicts: Vec<Conflict>,
    /// The model's generations outside the chosen targets made with other settings
    /// (or not by `flipscope generate`): sending would mix settings.
    pub other_settings: Vec<Conflict>,
    /// Targets with a recorded failure of the same request, not sent again.
    pub failed_earlier: Vec<Target>,
    /// The settings hash of this run.
    pub settings_sha256: String,
    /// The (program, variant) the variants and the filter chose.
    pub chosen: usize,
}

impl Plan {
    /// Whether running the plan would leave the model's generations made with more
    /// than one set of settings (or keep a generation that another request made).
    pub fn mixes_settings(&self) -> bool {
        !self.conflicts.is_empty() || (!self.jobs.is_empty() && !self.other_settings.is_empty())
    }
}

/// A target as the filter language sees it: `model`, `variant`, `program`, `stratum`.
struct TargetRow<'a> {
    model: &'a str,
    program: &'a Program,
    variant: &'a str,
}

impl FilterRow for TargetRow<'_> {
    fn model(&self) -> &str {
        self.model
    }
    fn variant(&self) -> &str {
        self.variant
    }
    fn program(&self) -> &str {
        &self.program.id
    }
    fn stratum(&self) -> &str {
        &self.program.stratum
    }
    fn behavior(&self) -> &str {
        ""
    }
    fn base_correct(&self) -> bool {
        false
    }
    fn trans_correct(&self) -> bool {
        false
    }
}

/// The filter keys that can choose a generation.
pub const FILTER_KEYS: [Key; 4] = [Key::Model, Key::Variant, Key::Program, Key::Stratum];

/// Checks that a filter names only keys a generation has.
pub fn check_filter(filter: &Filter) -> Result<(), GenerateError> {
    for term in filter.terms() {
        if !FILTER_KEYS.contains(&term.key) {
            return Err(GenerateError::FilterKey {
                key: term.key.name().to_string(),
            });
        }
    }
    Ok(())
}

/// Builds the plan over the study's programs and generations and the recorded failures.
pub fn plan(
    programs: &[Program],
    generations: &[Generation],
    failures: &[FailureRecord],
    options: &PlanOptions,
) -> Result<Plan, GenerateError> {
    check_filter(options.filter)?;
    if let Some(wanted) = options.variants {
        for v in wanted {
            if !programs.iter().any(|p| p.has_variant(v)) {
                return Err(GenerateError::UnknownVariant { variant: v.clone() });
            }
        }
    }
    let settings = settings_sha256(
        options.model,
        options.sampling,
        options.template.sha256(),
        options.system,
    );
    let mut plan = Plan {
        settings_sha256: settings.clone(),
        ..Plan::default()
    };
    let ours: HashMap<(&str, &str, u32), &Generation> = generations
        .iter()
        .filter(|g| g.model == options.model)
        .map(|g| {
            (
                (g.program.as_str(), g.variant.as_str(), g.sample_index()),
                g,
            )
        })
        .collect();
    let failed: HashSet<(&str, &str, &str)> = failures
        .iter()
        .filter(|f| f.model == options.model)
        .filter_map(|f| Some((f.program.as_str(), f.variant.as_str(), f.request_sha256()?)))
        .collect();
    let mut chosen: HashSet<(&str, &str, u32)> = HashSet::new();
    for program in programs {
        for variant in program.variant_names() {
            if options
                .variants
                .is_some_and(|w| !w.iter().any(|v| v == variant))
            {
                continue;
            }
            let row = TargetRow {
                model: options.model,
                program,
                variant,
            };
            if !options.filter.matches(&row) {
                continue;
            }
            plan.chosen += 1;
            let inputs = PromptInputs::new(program, variant).expect("a listed variant");
            let prompt = options
                .template
                .prompt(&inputs)
                .map_err(|e| GenerateError::Render {
                    target: format!("{}/{variant}", program.id),
                    message: e.to_string(),
                })?;
            for sample in 0..options.samples.max(1) {
                chosen.insert((program.id.as_str(), variant, sample));
                let seed = options.sampling.seed.wrapping_add(u64::from(sample));
                let sampling = options.sampling.with_seed(seed);
                let request = ChatRequest::new(options.model, options.system, &prompt, &sampling);
                let target = Target {
                    program: program.id.clone(),
                    variant: variant.to_string(),
                    sample,
                };
                if let Some(g) = ours.get(&(program.id.as_str(), variant, sample)) {
                    if recorded(g, keys::REQUEST_SHA256) == Some(request.sha256.as_str()) {
                        plan.reused.push(target);
                    } else {
                        let differs = differences(g, options, &settings, &request);
                        plan.conflicts.push(Conflict { target, differs });
                    }
                } else if !options.retry_errors
                    && failed.contains(&(program.id.as_str(), variant, request.sha256.as_str()))
                {
                    plan.failed_earlier.push(target);
                } else {
                    plan.jobs.push(Job {
                        model: options.model.to_string(),
                        target,
                        request,
                        sampled: options.samples > 1,
                        seed,
                        settings_sha256: settings.clone(),
                    });
                }
            }
        }
    }
    for g in generations.iter().filter(|g| g.model == options.model) {
        if chosen.contains(&(g.program.as_str(), g.variant.as_str(), g.sample_index())) {
            continue;
        }
        if recorded(g, keys::SETTINGS_SHA256) != Some(settings.as_str()) {
            plan.other_settings.push(Conflict {
                target: Target {
                    program: g.program.clone(),
                    variant: g.variant.clone(),
                    sample: g.sample_index(),
                },
                differs: setting_differences(g, options, &settings),
            });
        }
    }
    Ok(plan)
}

/// A string field of a generation's meta.
fn recorded<'a>(g: &'a Generation, key: &str) -> Option<&'a str> {
    g.meta.as_ref()?.get(key)?.as_str()
}

/// What differs between an existing generation's request and ours.
fn differences(
    g: &Generation,
    options: &PlanOptions,
    settings: &str,
    request: &ChatRequest,
) -> String {
    if recorded(g, keys::SETTINGS_SHA256) == Some(settings) {
        if recorded(g, keys::PROMPT_SHA256) != Some(request.prompt_sha256.as_str()) {
            return "the prompt differs (the program's RTL changed since)".into();
        }
        return "the request differs".into();
    }
    setting_differences(g, options, settings)
}

/// What differs between the settings an existing generation records and ours.
fn setting_differences(g: &Generation, options: &PlanOptions, settings: &str) -> String {
    let Some(meta) = g
        .meta
        .as_ref()
        .filter(|m| m.get(keys::REQUEST_SHA256).is_some())
    else {
        return "not made by flipscope generate (no request recorded)".into();
    };
    let mut out = Vec::new();
    // Sample k was sent with the run's seed + k: compare it with ours for that sample.
    let ours = options
        .sampling
        .with_seed(
            options
                .sampling
                .seed
                .wrapping_add(u64::from(g.sample_index())),
        )
        .fields();
    let theirs = meta.get(keys::SAMPLING).and_then(Value::as_object);
    for (name, value) in &ours {
        let there = theirs.and_then(|t| t.get(name));
        if there != Some(value) {
            let there = there.map_or("not sent".to_string(), Value::to_string);
            out.push(format!("{name} {there} there, {value} here"));
        }
    }
    if recorded(g, keys::TEMPLATE_SHA256) != Some(options.template.sha256()) {
        let name = recorded(g, keys::TEMPLATE).unwrap_or("unknown");
        out.push(format!(
            "the prompt template (\"{name}\" there, \"{}\" here, or its text changed)",
            options.template.name()
        ));
    }
    let system = meta.get(keys::SYSTEM).and_then(Value::as_str);
    if system != options.system {
        let show = |s: Option<&str>| match s {
            Some(s) => format!("{:?}", s.chars().take(40).collect::<String>()),
            None => "none".to_string(),
        };
        out.push(format!(
            "the system message ({} there, {} here)",
            show(system),
            show(options.system)
        ));
    }
    if out.is_empty() && recorded(g, keys::SETTINGS_SHA256) != Some(settings) {
        out.push("the settings hash".into());
    }
    out.join("; ")
}
