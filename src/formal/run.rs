//! Proving properties on designs, many at once: every property is read and lowered
//! once; every distinct design is built once with the distinct properties checked on
//! it (equal properties of several jobs share one check); designs are checked in
//! parallel on one thread pool; then every `pass` property is checked again on its
//! job's mutants, each distinct mutant built once for all the properties it gets.

use std::collections::HashMap;

use std::time::Duration;

use rayon::prelude::*;

use super::cache::Cache;
use super::check::check_unit;
use super::check_result::CheckResult;
use super::design::Design;
use super::engine::limits::Limits;
use super::engine::tools::{Tools, tools};
use super::error::FormalError;
use super::lower::{Lowered, lower};
use super::options::{AUTO_RESETS, CacheChoice, ProveOptions, Reset};
use super::outcome::{FormalStatus, MutantOutcome, Outcome};
use super::params::{module_initializers, module_memories, module_parameters};
use super::property::ProblemKind;
use super::read::{PropertySet, ReadProperty, located_identifiers};
use super::unit::{Settings, Unit, UnitEntry, UnitResult};

/// The prefix of every name flipscope's monitors declare.
pub const RESERVED_PREFIX: &str = "flipscope_";

/// One design with the properties to prove on it and the mutants to re-check the
/// passing ones on.
#[derive(Clone, Copy, Debug)]
pub struct Job<'a> {
    pub design: &'a Design,
    pub properties: &'a PropertySet,
    pub mutants: &'a [Design],
}

/// The verdicts of one job.
#[derive(Clone, Debug)]
pub struct Report {
    /// The top module checked (when it was found).
    pub top: Option<String>,
    /// The reset expression assumed in cycle 0, if any.
    pub reset: Option<String>,
    /// Why the design itself could not be checked (every outcome is then `error`).
    pub error: Option<String>,
    /// One outcome per property, in reading order.
    pub outcomes: Vec<Outcome>,
}

/// Checks properties with the tools found on this machine.
pub struct Prover {
    tools: Tools,
    options: ProveOptions,
    cache: Cache,
    pool: rayon::ThreadPool,
    jobs: usize,
}

/// A property ready to check, or its outcome already.
enum Prepared {
    Done(FormalStatus, String),
    Ready(Box<Lowered>),
}

impl Prover {
    /// Finds yosys and yosys-abc (the one message of [`FormalError::MissingTool`] says
    /// what to install when one is missing).
    pub fn new(options: ProveOptions) -> Result<Prover, FormalError> {
        let tools = tools()?;
        let jobs = match options.jobs {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
            n => n,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            // The reader, the lowering and the monitor's text recurse on a property's
            // operators (at most `read::MAX_OPERATORS`).
            .stack_size(crate::rtl::stack::STACK_BYTES)
            .start_handler(|_| crate::rtl::stack::mark_deep())
            .build()
            .map_err(|e| FormalError::Io(std::io::Error::other(e)))?;
        let cache = match &options.cache {
            CacheChoice::User => Cache::user(),
            CacheChoice::At(d) => Cache::at(d),
            CacheChoice::Off => Cache::disabled(),
        };
        Ok(Prover {
            tools,
            options,
            cache,
            pool,
            jobs,
        })
    }

    /// The tools' versions (part of every cache key).
    pub fn versions(&self) -> &str {
        &self.tools.versions
    }

    /// Proves `properties` on `design`.
    pub fn prove(&self, design: &Design, properties: &PropertySet) -> Report {
        self.prove_batch(&[Job {
            design,
            properties,
            mutants: &[],
        }])
        .remove(0)
    }

    /// Proves `properties` on `design`, then every passing one on each mutant.
    pub fn prove_with_mutants(
        &self,
        design: &Design,
        properties: &PropertySet,
        mutants: &[Design],
    ) -> Report {
        self.prove_batch(&[Job {
            design,
            properties,
            mutants,
        }])
        .remove(0)
    }

    /// Proves every job; the reports come in the jobs' order. Use it for many designs at
    /// once (a dataset), or for the transfer of properties to equivalent designs (the
    /// same property set in one job per design).
    pub fn prove_batch(&self, jobs: &[Job]) -> Vec<Report> {
        let reports = self.pool.install(|| self.run(jobs));
        self.cache.flush();
        reports
    }

    fn settings(&self) -> Settings<'_> {
        Settings {
            tools: &self.tools,
            cache: &self.cache,
            depth: self.options.depth,
            timeout: self.options.timeout,
            interface_only: self.options.interface_only,
            limits: Limits {
                // The build is bounded by the check timeout too (at least 30 s).
                build_time: self
                    .options
                    .limits
                    .build_time
                    .min(self.options.timeout.max(Duration::from_secs(30))),
                ..self.options.limits
            },
            jobs: self.jobs,
        }
    }

    fn run(&self, jobs: &[Job]) -> Vec<Report> {
        // Each job's properties read with its top module's parameter values.
        let sets: Vec<PropertySet> = jobs
            .par_iter()
            .map(|j| match j.design.find_top() {
                Ok(top) => {
                    let consts = module_parameters(j.design, &top);
                    let initials = module_initializers(j.design, &top, &consts);
                    let memories = module_memories(j.design, &top);
                    j.properties.with_design(&consts, &initials, &memories)
                }
                Err(_) => j.properties.clone(),
            })
            .collect();
        let jobs: Vec<Job> = jobs
            .iter()
            .zip(&sets)
            .map(|(j, set)| Job {
                properties: set,
                ..*j
            })
            .collect();
        let jobs = jobs.as_slice();
        let prepared: Vec<Vec<Prepared>> = jobs
            .par_iter()
            .map(|j| {
                j.properties
                    .properties
                    .iter()
                    .map(|p| self.prepare(j.properties, p))
                    .collect()
            })
            .collect();
        let resets: Vec<Option<String>> = jobs.iter().map(|j| self.reset_for(j.design)).collect();
        // The designs, with the properties to check on each.
        let mut plan = Plan::default();
        let mut placed: Vec<Vec<Option<(usize, usize)>>> = Vec::new();
        for (j, job) in jobs.iter().enumerate() {
            let mut row = Vec::new();
            for (p, prep) in prepared[j].iter().enumerate() {
                row.push(match prep {
                    Prepared::Ready(l) => Some(plan.place(
                        job.design,
                        &resets[j],
                        l,
                        &job.properties.properties[p],
                        true,
                    )),
                    Prepared::Done(..) => None,
                });
            }
            placed.push(row);
        }
        let checked = self.check_all(&plan);
        let mut reports: Vec<Report> = Vec::new();
        for (j, job) in jobs.iter().enumerate() {
            let unit_of_design = placed[j].iter().flatten().next().map(|&(u, _)| u);
            let mut report = Report {
                top: None,
                reset: resets[j].clone(),
                error: None,
                outcomes: Vec::new(),
            };
            if let Some(u) = unit_of_design {
                report.top = checked[u].top.clone();
                report.error = checked[u].error.clone();
            }
            for (p, prop) in job.properties.properties.iter().enumerate() {
                let outcome = match (&prepared[j][p], placed[j][p]) {
                    (_, Some((u, e))) => outcome_from(job.properties, prop, &checked[u].results[e]),
                    (Prepared::Done(status, reason), None) => Outcome {
                        name: prop.name.clone(),
                        location: prop.location.clone(),
                        status: *status,
                        vacuous: Some(false),
                        reason: reason.clone(),
                        counterexample: None,
                        failure: None,
                        referenced_identifiers: prop.identifiers(),
                        non_interface_identifiers: Vec::new(),
                        mutants: Vec::new(),
                    },
                    (Prepared::Ready(_), None) => unreachable!("ready properties are placed"),
                };
                report.outcomes.push(outcome);
            }
            reports.push(report);
        }
        self.check_mutants(jobs, &prepared, &resets, &mut reports);
        reports
    }

    fn check_all(&self, plan: &Plan) -> Vec<UnitResult> {
        use super::options::ProgressEvent;
        let settings = self.settings();
        let hook = self.options.progress.as_ref();
        let planned: usize = plan.units.iter().map(|u| u.entries.len()).sum();
        if let Some(h) = hook {
            h.tell(ProgressEvent::Planned(planned as u64));
        }
        plan.units
            .par_iter()
            .map(|u| {
                let r = check_unit(&settings, u);
                if let Some(h) = hook {
                    h.tell(ProgressEvent::Done(u.entries.len() as u64));
                }
                r
            })
            .collect()
    }

    /// Checks every passing property of each job on its mutants.
    fn check_mutants(
        &self,
        jobs: &[Job],
        prepared: &[Vec<Prepared>],
        resets: &[Option<String>],
        reports: &mut [Report],
    ) {
        let mut plan = Plan::default();
        // (job, property, mutant) -> (unit, entry)
        let mut placed: Vec<(usize, usize, usize, usize, usize)> = Vec::new();
        for (j, job) in jobs.iter().enumerate() {
            if job.mutants.is_empty() {
                continue;
            }
            for (p, prep) in prepared[j].iter().enumerate() {
                let Prepared::Ready(l) = prep else { continue };
                if reports[j].outcomes[p].status != FormalStatus::Pass {
                    continue;
                }
                for (m, mutant) in job.mutants.iter().enumerate() {
                    let reset = match &self.options.reset {
                        Reset::Auto => self.reset_for(mutant).or_else(|| resets[j].clone()),
                        _ => resets[j].clone(),
                    };
                    let (u, e) =
                        plan.place(mutant, &reset, l, &job.properties.properties[p], false);
                    placed.push((j, p, m, u, e));
                }
            }
        }
        if plan.units.is_empty() {
            return;
        }
        let checked = self.check_all(&plan);
        for (j, p, m, u, e) in placed {
            let prop = &jobs[j].properties.properties[p];
            let o = outcome_from(jobs[j].properties, prop, &checked[u].results[e]);
            let mutant = &jobs[j].mutants[m];
            reports[j].outcomes[p].mutants.push(MutantOutcome {
                file: mutant
                    .files
                    .first()
                    .map_or(String::new(), |f| f.path.clone()),
                status: o.status,
                reason: o.reason,
                counterexample: o.counterexample,
            });
        }
    }

    fn prepare(&self, set: &PropertySet, p: &ReadProperty) -> Prepared {
        let spec = match &p.parsed {
            Ok(spec) => spec,
            Err(problem) => {
                let status = match problem.kind {
                    ProblemKind::Syntax => FormalStatus::Error,
                    ProblemKind::Unsupported => FormalStatus::Unsupported,
                };
                return Prepared::Done(
                    status,
                    format!("{}: {}", problem.location, problem.message),
                );
            }
        };
        // The engine's own names (`flipscope_live`, `flipscope_p0_bad`, ...) are not the
        // design's: a property naming one could read or drive the monitors.
        if let Some((name, span)) = located_identifiers(spec)
            .into_iter()
            .find(|(n, _)| n.starts_with(RESERVED_PREFIX))
        {
            return Prepared::Done(
                FormalStatus::Error,
                format!(
                    "{}: `{name}` is a name of flipscope's own monitors (names starting with `{RESERVED_PREFIX}` are reserved): a property may name only the design's signals",
                    set.locate(span.start)
                ),
            );
        }
        if let Some(c) = spec
            .clock
            .as_ref()
            .filter(|c| c.signal.starts_with(RESERVED_PREFIX))
        {
            return Prepared::Done(
                FormalStatus::Error,
                format!(
                    "{}: the clock `{}` is a name of flipscope's own monitors (names starting with `{RESERVED_PREFIX}` are reserved)",
                    p.location, c.signal
                ),
            );
        }
        let clock = spec
            .clock
            .clone()
            .or_else(|| set.default_clock.clone())
            .or_else(|| self.options.clock.clone());
        let Some(clock) = clock else {
            return Prepared::Done(
                FormalStatus::Error,
                format!(
                    "{}: the property has no clocking event: write `@(posedge CLK)` or give a default clock (--clock)",
                    p.location
                ),
            );
        };
        match lower(spec, &clock, set, self.options.past) {
            Ok(l) => Prepared::Ready(Box::new(l)),
            Err(problem) => {
                let status = match problem.kind {
                    ProblemKind::Syntax => FormalStatus::Error,
                    ProblemKind::Unsupported => FormalStatus::Unsupported,
                };
                Prepared::Done(
                    status,
                    format!("{}: {}", set.locate(problem.span.start), problem.message),
                )
            }
        }
    }

    /// The reset expression assumed for `design`.
    fn reset_for(&self, design: &Design) -> Option<String> {
        match &self.options.reset {
            Reset::None => None,
            Reset::Expr(e) => Some(e.clone()),
            Reset::Auto => {
                let top = design.find_top().ok()?;
                AUTO_RESETS
                    .iter()
                    .find(|(n, _)| top.names.iter().any(|m| m == n))
                    .map(|(n, high)| {
                        if *high {
                            n.to_string()
                        } else {
                            format!("!{n}")
                        }
                    })
            }
        }
    }
}

/// The units to check: distinct designs, each with its distinct properties.
#[derive(Default)]
struct Plan<'a> {
    units: Vec<Unit<'a>>,
    by_design: HashMap<(String, Option<String>), usize>,
    by_entry: Vec<HashMap<(String, String), usize>>,
}

impl<'a> Plan<'a> {
    /// Adds `lowered` to the unit of `design`; returns (unit, entry).
    fn place(
        &mut self,
        design: &'a Design,
        reset: &Option<String>,
        lowered: &Lowered,
        prop: &ReadProperty,
        vacuity: bool,
    ) -> (usize, usize) {
        let key = (design.digest(), reset.clone());
        let u = *self.by_design.entry(key).or_insert_with(|| {
            self.units.push(Unit {
                design,
                entries: Vec::new(),
                vacuity,
                reset: reset.clone(),
            });
            self.by_entry.push(HashMap::new());
            self.units.len() - 1
        });
        let identifiers = prop.identifiers();
        let ekey = (
            format!("{}\0{}", lowered.text, lowered.clock),
            identifiers.join(","),
        );
        let unit = &mut self.units[u];
        let e = *self.by_entry[u].entry(ekey).or_insert_with(|| {
            unit.entries.push(UnitEntry {
                lowered: lowered.clone(),
                identifiers,
            });
            unit.entries.len() - 1
        });
        (u, e)
    }
}

/// The outcome of `prop` from the result of its check.
fn outcome_from(set: &PropertySet, prop: &ReadProperty, r: &CheckResult) -> Outcome {
    let referenced = prop.identifiers();
    let non_interface = if r.ports.is_empty() {
        Vec::new()
    } else {
        referenced
            .iter()
            .filter(|n| !r.ports.contains(n))
            .cloned()
            .collect()
    };
    let reason = if let Some(first) = r.undeclared.first() {
        let at = prop
            .parsed
            .as_ref()
            .ok()
            .and_then(|spec| {
                located_identifiers(spec)
                    .into_iter()
                    .find(|(n, _)| n == first)
                    .map(|(_, span)| set.locate(span.start))
            })
            .unwrap_or_else(|| prop.location.clone());
        format!("{at}: {}", r.reason)
    } else if r.status == FormalStatus::Error
        && r.ports.is_empty()
        && r.reason.starts_with("yosys rejects")
    {
        format!("{}: {}", prop.location, r.reason)
    } else {
        r.reason.clone()
    };
    Outcome {
        name: prop.name.clone(),
        location: prop.location.clone(),
        status: r.status,
        vacuous: r.vacuous,
        reason,
        counterexample: r.counterexample.clone(),
        failure: r.failure,
        referenced_identifiers: referenced,
        non_interface_identifiers: non_interface,
        mutants: Vec::new(),
    }
}
