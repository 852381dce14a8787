//! One run over a study: the designs of every whole-module program (each
//! implementation and mutant), the properties of every output, one batch of proofs per
//! (clock, reset) the programs need, and the verdict lines assembled from the reports.

use std::collections::{BTreeMap, HashMap};

use crate::formal::{
    Design, FormalError, Job, PastConvention, PropertySet, ProveOptions, Prover, Report, Reset,
    SourceFile, parse_clock, read_properties,
};
use crate::study::{Generation, Program, PropertyVerdict, Study, Syntax};

use super::convert::verdicts_of_output;

/// How whole-module programs are scored.
#[derive(Debug, Clone)]
pub struct ModuleScoreOptions {
    /// How each property is proven: depth, time limit, parallelism, cache, `$past`
    /// convention (`--rules equivsva` takes EquivSVA's). The clock and reset are each
    /// program's own.
    pub prove: ProveOptions,
    /// Check every property on the program's other implementations too.
    pub transfer: bool,
    /// Check every passing property on the program's mutants.
    pub mutants: bool,
}

impl Default for ModuleScoreOptions {
    fn default() -> Self {
        Self {
            prove: ProveOptions::default(),
            transfer: true,
            mutants: true,
        }
    }
}

/// A (model, program, variant) of a module program without a generation.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct MissingModuleGeneration {
    pub model: String,
    pub program: String,
    pub variant: String,
}

/// An implementation or mutant that could not be checked at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesignError {
    pub program: String,
    /// The variant (or `mutant NAME`).
    pub design: String,
    pub message: String,
}

/// The verdicts of a study's whole-module programs and what stood in their way.
#[derive(Debug, Clone, Default)]
pub struct ModuleScoreReport {
    /// By model, then program (file order), then variant (`original` first), then
    /// sample, then property (reading order).
    pub verdicts: Vec<PropertyVerdict>,
    /// Sorted by model, program, variant.
    pub missing_generations: Vec<MissingModuleGeneration>,
    pub design_errors: Vec<DesignError>,
    /// The engine and its options, as hashed into each verdict's `input_hash`.
    pub engine: String,
}

/// The designs of one program: each implementation, and the mutants in name order.
struct ProgramDesigns<'a> {
    program: &'a Program,
    implementations: BTreeMap<&'a str, Design>,
    mutants: Vec<Design>,
    mutant_names: Vec<&'a str>,
}

impl<'a> ProgramDesigns<'a> {
    fn new(program: &'a Program) -> Self {
        let shared: Vec<SourceFile> = program
            .files
            .iter()
            .map(|f| SourceFile::new(f.name.clone(), f.text.clone()))
            .collect();
        let design = |name: String, rtl: &str, top: Option<&str>| {
            let mut files = shared.clone();
            files.push(SourceFile::new(name, rtl));
            Design::new(files, top.map(str::to_string))
        };
        let implementations = program
            .variant_names()
            .map(|v| {
                let rtl = program.variant_rtl(v).unwrap_or("");
                (
                    v,
                    design(program.variant_rtl_name(v), rtl, program.variant_top(v)),
                )
            })
            .collect();
        let mut mutants = Vec::new();
        let mut mutant_names = Vec::new();
        for (name, m) in &program.mutants {
            let shown = m
                .rtl_name
                .clone()
                .unwrap_or_else(|| format!("{}/mutants/{name}.sv", program.id));
            mutants.push(design(shown, &m.rtl, program.mutant_top(m)));
            mutant_names.push(name.as_str());
        }
        Self {
            program,
            implementations,
            mutants,
            mutant_names,
        }
    }
}

/// What the proofs of one program's properties assume: its clock and reset.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct ProverKey {
    clock: Option<String>,
    reset: Option<String>,
}

/// One output to score.
struct Output<'a> {
    generation: &'a Generation,
    designs: usize,
    properties: PropertySet,
}

/// Scores every generation of the study's whole-module programs (fragment programs
/// are left to `crate::score`). Fails only when the formal tools are missing and there
/// is something to prove.
pub fn score_modules(
    study: &Study,
    options: &ModuleScoreOptions,
) -> Result<ModuleScoreReport, FormalError> {
    let programs: Vec<ProgramDesigns> = study
        .programs
        .iter()
        .filter(|p| p.is_module())
        .map(ProgramDesigns::new)
        .collect();
    let index: HashMap<&str, usize> = programs
        .iter()
        .enumerate()
        .map(|(i, d)| (d.program.id.as_str(), i))
        .collect();
    let mut report = ModuleScoreReport::default();
    let mut generations: Vec<&Generation> = study
        .generations
        .iter()
        .filter(|g| index.contains_key(g.program.as_str()))
        .collect();
    let variant_rank = |p: &Program, v: &str| p.variant_names().position(|n| n == v);
    generations.sort_by_key(|g| {
        let i = index[g.program.as_str()];
        (
            g.model.clone(),
            i,
            variant_rank(programs[i].program, &g.variant),
            g.sample_index(),
        )
    });
    missing(&programs, &generations, &mut report);
    let outputs: Vec<Output> = generations
        .iter()
        .map(|g| Output {
            generation: g,
            designs: index[g.program.as_str()],
            properties: read_properties(
                &g.output,
                &format!("{}/{}/{}", g.model, g.program, g.variant),
            ),
        })
        .collect();
    if outputs.iter().all(|o| o.properties.properties.is_empty()) {
        report.engine = engine_text(options, "");
        report.verdicts = outputs.iter().map(|o| no_property(o.generation)).collect();
        return Ok(report);
    }
    // Group the outputs by what their proofs assume; one prover (and batch) per group.
    let mut groups: BTreeMap<ProverKey, Vec<usize>> = BTreeMap::new();
    for (i, o) in outputs.iter().enumerate() {
        let p = programs[o.designs].program;
        let key = ProverKey {
            clock: p.clock.clone(),
            reset: p.reset.clone(),
        };
        groups.entry(key).or_default().push(i);
    }
    let mut reports: Vec<Option<Vec<(String, Report)>>> =
        (0..outputs.len()).map(|_| None).collect();
    for (key, members) in &groups {
        let prover = Prover::new(prove_options(key, options))?;
        if report.engine.is_empty() {
            report.engine = engine_text(options, prover.versions());
        }
        let mut jobs = Vec::new();
        let mut owners: Vec<(usize, String)> = Vec::new();
        for &i in members {
            let o = &outputs[i];
            let d = &programs[o.designs];
            for (name, design) in &d.implementations {
                let own = *name == o.generation.variant;
                if !own && !options.transfer {
                    continue;
                }
                jobs.push(Job {
                    design,
                    properties: &o.properties,
                    mutants: if own && options.mutants {
                        &d.mutants
                    } else {
                        &[]
                    },
                });
                owners.push((i, name.to_string()));
            }
        }
        let batch = prover.prove_batch(&jobs);
        for ((i, name), r) in owners.into_iter().zip(batch) {
            reports[i].get_or_insert_with(Vec::new).push((name, r));
        }
    }
    let mut seen_errors = std::collections::BTreeSet::new();
    for (o, r) in outputs.iter().zip(reports) {
        let d = &programs[o.designs];
        let by_design: BTreeMap<String, Report> = r.unwrap_or_default().into_iter().collect();
        for (name, rep) in &by_design {
            if let Some(e) = &rep.error
                && seen_errors.insert((d.program.id.clone(), name.clone()))
            {
                report.design_errors.push(DesignError {
                    program: d.program.id.clone(),
                    design: name.clone(),
                    message: e.clone(),
                });
            }
        }
        let hash = crate::study::VerdictInputs {
            program: d.program,
            variant: &o.generation.variant,
            model: &o.generation.model,
            output: &o.generation.output,
            engine: &report.engine,
        }
        .hash();
        let mut lines =
            verdicts_of_output(o.generation, &o.properties, &by_design, &d.mutant_names);
        gate(d.program, o, &mut lines);
        if lines.is_empty() {
            lines.push(no_property(o.generation));
        }
        for line in &mut lines {
            line.stratum = Some(d.program.stratum.clone());
            line.input_hash = Some(hash.clone());
        }
        report.verdicts.extend(lines);
    }
    Ok(report)
}

/// IEEE 1800 legality before elaboration ([`super::legality`]): a property that is
/// not legal with its design has a syntax error, and so is not sound.
fn gate(program: &Program, o: &Output, lines: &mut [PropertyVerdict]) {
    let v = &o.generation.variant;
    let rtl = program.variant_rtl(v).unwrap_or("");
    let illegal = super::legality::illegal_properties(rtl, program.variant_top(v), &o.properties);
    for line in lines.iter_mut() {
        if let Some(Some(why)) = line.index.and_then(|i| illegal.get(i))
            && line.syntax.ok
        {
            line.syntax = Syntax::error(why.clone());
            line.sound = Some(line.computed_sound());
        }
    }
}

/// The line of an output from which no property was read.
fn no_property(g: &Generation) -> PropertyVerdict {
    let mut v = PropertyVerdict::empty_output(
        &g.program,
        &g.variant,
        &g.model,
        Syntax::error("no property declaration or assertion in the output"),
    );
    v.sample = g.sample;
    v
}

/// The (model, program, variant) triples without a generation, for every model that
/// has a generation of some module program.
fn missing(
    programs: &[ProgramDesigns],
    generations: &[&Generation],
    report: &mut ModuleScoreReport,
) {
    let have: std::collections::HashSet<(&str, &str, &str)> = generations
        .iter()
        .map(|g| (g.model.as_str(), g.program.as_str(), g.variant.as_str()))
        .collect();
    let models: std::collections::BTreeSet<&str> =
        generations.iter().map(|g| g.model.as_str()).collect();
    for model in models {
        for d in programs {
            for v in d.program.variant_names() {
                if !have.contains(&(model, d.program.id.as_str(), v)) {
                    report.missing_generations.push(MissingModuleGeneration {
                        model: model.to_string(),
                        program: d.program.id.clone(),
                        variant: v.to_string(),
                    });
                }
            }
        }
    }
    report.missing_generations.sort();
}

fn prove_options(key: &ProverKey, options: &ModuleScoreOptions) -> ProveOptions {
    ProveOptions {
        clock: key.clock.as_deref().and_then(|c| parse_clock(c).ok()),
        reset: match &key.reset {
            Some(r) => Reset::Expr(r.clone()),
            None => Reset::None,
        },
        interface_only: false,
        ..options.prove.clone()
    }
}

/// The engine and options as hashed into `input_hash`.
fn engine_text(options: &ModuleScoreOptions, versions: &str) -> String {
    format!(
        "flipscope {}; {versions}; {}; pdr depth {}; timeout {} s; transfer {}; mutants {}",
        env!("CARGO_PKG_VERSION"),
        super::legality::GATE,
        options.prove.depth,
        options.prove.timeout.as_secs_f64(),
        options.transfer,
        options.mutants
    ) + match options.prove.past {
        // The default convention adds nothing, so earlier hashes stay valid.
        PastConvention::Ieee => "",
        PastConvention::EquivSva => "; past equivsva",
    }
}
