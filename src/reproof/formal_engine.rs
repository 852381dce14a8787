//! The re-proof's engine: `crate::formal` (yosys and ABC's PDR), one job per assertion
//! so that each gets exactly its own outcome, every job of a design sharing one model
//! (the prover builds each distinct design once).
//!
//! What `crate::formal` does not take per job is worked around here: the clock is set
//! as each assertion's default clocking event, and the reset is an option of the prover,
//! so designs are proven in groups of equal reset, one prover per group. Header files
//! (`` `include``d only) are written to a private temporary folder (made by `tempfile`,
//! never a predictable name) given as every source's include folder; their hash is
//! appended to the top file as a comment, so the prover's cache (keyed by the sources)
//! sees a header change. A header name that is absolute or has a `..` component, and
//! an `` `include `` that names one, are refused (the study loader refuses such names
//! already): nothing of a study is read or written outside that folder.

use std::collections::BTreeMap;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::engine::{AssertionText, DesignOutcome, DesignSpec, Engine, EngineVerdict};
use crate::formal::engine::stage::includes;
use crate::formal::{
    Design, FormalError, Job, ProveOptions, Prover, Reset, SourceFile, parse_clock, read_properties,
};
use crate::study::FormalStatus;
use crate::study::checks::unsafe_file_name;
use crate::text::line_column;

/// `crate::formal` as a re-proof engine.
pub struct FormalEngine {
    /// The prover's options (the reset is set per design group, the clock per job).
    settings: ProveOptions,
    versions: String,
}

impl FormalEngine {
    /// Checks that yosys and ABC are there (the error says what to install).
    pub fn new(settings: ProveOptions) -> Result<FormalEngine, FormalError> {
        let probe = Prover::new(options(&settings, Reset::None))?;
        Ok(FormalEngine {
            versions: probe.versions().to_string(),
            settings,
        })
    }
}

fn options(settings: &ProveOptions, reset: Reset) -> ProveOptions {
    ProveOptions {
        clock: None,
        reset,
        ..settings.clone()
    }
}

/// Why a design's file names or includes would reach outside its folder, if they do.
fn outside_names(spec: &DesignSpec) -> Option<String> {
    for (name, _) in &spec.headers {
        if let Some(why) = unsafe_file_name(name) {
            return Some(format!("{}: {why}", spec.name));
        }
    }
    for (file, text) in spec.sources.iter().chain(&spec.headers) {
        for inc in includes(text) {
            let Ok(range) = inc.name else { continue };
            if let Some(why) = unsafe_file_name(&text[range]) {
                let (line, column) = line_column(text, inc.offset);
                return Some(format!("{file}:{line}:{column}: `include: {why}"));
            }
        }
    }
    None
}

/// The prover's design of a spec, its headers written under `root`.
fn design(spec: &DesignSpec, root: &Path, index: usize) -> Result<Design, String> {
    if let Some(why) = outside_names(spec) {
        return Err(why);
    }
    let io = |e: std::io::Error| format!("cannot write the design's headers: {e}");
    let dir = root.join(format!("d{index}"));
    std::fs::create_dir(&dir).map_err(io)?;
    let mut hash = Sha256::new();
    for (name, text) in &spec.headers {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        std::fs::write(&path, text).map_err(io)?;
        hash.update(name.as_bytes());
        hash.update([0]);
        hash.update(text.as_bytes());
        hash.update([0]);
    }
    let digest = crate::study::source::hex(&hash.finalize());
    let last = spec.sources.len().saturating_sub(1);
    let files = spec
        .sources
        .iter()
        .enumerate()
        .map(|(i, (name, text))| {
            let text = if i == last && !spec.headers.is_empty() {
                format!("{text}\n// flipscope: headers sha256 {digest}\n")
            } else {
                text.clone()
            };
            SourceFile {
                path: name.clone(),
                text,
                include_dir: Some(dir.clone()),
            }
        })
        .collect();
    Ok(Design::new(files, Some(spec.top.clone())))
}

impl Engine for FormalEngine {
    fn describe(&self) -> String {
        format!(
            "flipscope {} ({}; depth {}, timeout {} s)",
            env!("CARGO_PKG_VERSION"),
            self.versions,
            self.settings.depth,
            self.settings.timeout.as_secs()
        )
    }

    fn prove(&self, design: &DesignSpec, assertions: &[AssertionText]) -> DesignOutcome {
        self.prove_all(&[(design.clone(), assertions.to_vec())])
            .remove(0)
    }

    fn prove_all(&self, jobs: &[(DesignSpec, Vec<AssertionText>)]) -> Vec<DesignOutcome> {
        let mut out: Vec<Option<DesignOutcome>> = vec![None; jobs.len()];
        let fail_all = |message: String| DesignOutcome {
            error: Some(message),
            verdicts: Vec::new(),
        };
        let root = match tempfile::Builder::new()
            .prefix("flipscope-reproof-")
            .tempdir()
        {
            Ok(d) => d,
            Err(e) => {
                return jobs
                    .iter()
                    .map(|_| fail_all(format!("cannot write the design's headers: {e}")))
                    .collect();
            }
        };
        let mut by_reset: BTreeMap<Option<String>, Vec<usize>> = BTreeMap::new();
        for (i, (spec, _)) in jobs.iter().enumerate() {
            by_reset.entry(spec.reset.clone()).or_default().push(i);
        }
        for (reset, members) in by_reset {
            let reset_option = reset.clone().map_or(Reset::None, Reset::Expr);
            let prover = match Prover::new(options(&self.settings, reset_option)) {
                Ok(p) => p,
                Err(e) => {
                    for &i in &members {
                        out[i] = Some(fail_all(e.to_string()));
                    }
                    continue;
                }
            };
            let mut designs: Vec<(usize, Design)> = Vec::new();
            for &i in &members {
                match design(&jobs[i].0, root.path(), i) {
                    Ok(d) => designs.push((i, d)),
                    Err(e) => out[i] = Some(fail_all(e)),
                }
            }
            // One property set per assertion; every set of a design shares its model.
            let mut sets = Vec::new();
            for (i, _) in &designs {
                let (spec, texts) = &jobs[*i];
                let clock = spec.clock.as_deref().and_then(|c| parse_clock(c).ok());
                for a in texts {
                    // Padded to its own line, so that locations point into its file.
                    let padded = format!(
                        "{}{}",
                        "\n".repeat(a.line.unwrap_or(1).saturating_sub(1)),
                        a.text
                    );
                    let mut set = read_properties(&padded, &a.file);
                    if set.default_clock.is_none() {
                        set.default_clock = clock.clone();
                    }
                    sets.push((*i, set));
                }
            }
            let design_of = |i: usize| &designs.iter().find(|(j, _)| *j == i).expect("a design").1;
            let batch: Vec<Job> = sets
                .iter()
                .map(|(i, set)| Job {
                    design: design_of(*i),
                    properties: set,
                    mutants: &[],
                })
                .collect();
            let reports = prover.prove_batch(&batch);
            let mut verdicts: BTreeMap<usize, Vec<EngineVerdict>> = BTreeMap::new();
            let mut errors: BTreeMap<usize, String> = BTreeMap::new();
            for ((i, _), report) in sets.iter().zip(reports) {
                if let Some(e) = &report.error {
                    errors.entry(*i).or_insert_with(|| e.clone());
                }
                let v = match report.outcomes.first() {
                    Some(o) => EngineVerdict {
                        status: o.status,
                        vacuous: o.vacuous.filter(|_| o.status == FormalStatus::Pass),
                        reason: if report.outcomes.len() > 1 {
                            format!(
                                "{} (the text holds {} properties; the first is shown)",
                                o.reason,
                                report.outcomes.len()
                            )
                        } else {
                            o.reason.clone()
                        },
                        counterexample: o.counterexample.clone(),
                    },
                    None => EngineVerdict {
                        status: FormalStatus::Error,
                        vacuous: None,
                        reason: "no property could be read from the statement".into(),
                        counterexample: None,
                    },
                };
                verdicts.entry(*i).or_default().push(v);
            }
            for (i, _) in &designs {
                let vs = verdicts.remove(i).unwrap_or_default();
                // A design error makes every outcome `error`: the design did not elaborate.
                let error = errors
                    .remove(i)
                    .filter(|_| vs.iter().all(|v| v.status == FormalStatus::Error));
                out[*i] = Some(DesignOutcome {
                    error,
                    verdicts: vs,
                });
            }
        }
        out.into_iter()
            .map(|o| o.unwrap_or_else(|| fail_all("not proven".into())))
            .collect()
    }
}
