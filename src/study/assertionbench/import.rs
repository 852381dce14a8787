//! The whole import: every design folder of `Jasper_llama_results/` becomes a program,
//! every (model, shots) run of it a generation carrying the verdicts of its log (the
//! project folder's log, else the `.out`, else the `Jasper_results/` log of the same
//! design). Every log of both trees is read and checked, so each flaw is reported
//! wherever it is seen.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use rayon::prelude::*;
use serde_json::{Map, Value, json};

use super::design::{Design, resolve_design};
use super::flaw::{Flaw, FlawKind};
use super::folder::{DesignFolder, LogPlace, ReadError, Tree, design_dirs, read_folder};
use super::names::{RunName, property_file_run};
use super::tcl::{ClockSetting, ResetSetting};
use super::verdicts::{ENGINE, external_run, outcome, same_verdicts};
use crate::study::program::{ProgramKind, SourceText};
use crate::study::{ExternalRun, Generation, ORIGINAL, Program, RunOutcome};

/// What one log of the dataset holds (every log of both trees is listed).
#[derive(Debug, Clone, PartialEq)]
pub struct LogRecord {
    /// Relative to the dataset folder.
    pub path: String,
    pub tree: Tree,
    pub place: LogPlace,
    /// The group and design folder it belongs to.
    pub group: String,
    pub folder: String,
    pub run: RunName,
    pub outcome: RunOutcome,
    /// The property file the log says it analysed.
    pub analysed: Option<String>,
    /// The `assert property` statements of that file, when it is in the folder.
    pub statements: Option<usize>,
    /// RESULTS rows by status, assertions and covers together (`proven`, `cex`,
    /// `covered`, `unreachable`).
    pub rows: BTreeMap<String, usize>,
    /// Whether this log gives the verdicts of its generation.
    pub used: bool,
    /// The log read as a run (verdicts with their statements where known).
    pub external: ExternalRun,
}

/// An imported study, with everything learnt on the way.
#[derive(Debug, Clone, Default)]
pub struct Import {
    pub programs: Vec<Program>,
    pub generations: Vec<Generation>,
    pub flaws: Vec<Flaw>,
    pub logs: Vec<LogRecord>,
    /// Design folders read, per tree.
    pub folders: usize,
}

/// Why a folder cannot be imported at all.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error(
        "{0}: not an AssertionBench folder: expected Jasper_llama_results/ (and optionally Jasper_results/) inside it"
    )]
    NotAssertionBench(String),
    #[error(transparent)]
    Read(#[from] ReadError),
}

/// Imports the dataset folder (the one holding `Jasper_llama_results/`).
pub fn import_assertionbench(root: &Path) -> Result<Import, ImportError> {
    let main_dirs = design_dirs(root, Tree::Main)?;
    if main_dirs.is_empty() {
        return Err(ImportError::NotAssertionBench(
            root.to_string_lossy().into_owned(),
        ));
    }
    let earlier_dirs = design_dirs(root, Tree::Earlier)?;
    let read = |tree: Tree, dirs: &[(String, String)]| -> Result<Vec<DesignFolder>, ReadError> {
        dirs.par_iter()
            .map(|(g, d)| read_folder(root, tree, g, d))
            .collect()
    };
    let main = read(Tree::Main, &main_dirs)?;
    let earlier = read(Tree::Earlier, &earlier_dirs)?;
    Ok(assemble(main, earlier))
}

/// A folder's logs turned into runs once, with their flaws.
struct ReadFolder {
    folder: DesignFolder,
    runs: Vec<ExternalRun>,
    log_flaws: Vec<Vec<Flaw>>,
}

fn with_runs(folder: DesignFolder) -> ReadFolder {
    let (runs, log_flaws) = folder.logs.iter().map(|l| external_run(&folder, l)).unzip();
    ReadFolder {
        folder,
        runs,
        log_flaws,
    }
}

fn assemble(main: Vec<DesignFolder>, earlier: Vec<DesignFolder>) -> Import {
    let folders = main.len() + earlier.len();
    let main: Vec<ReadFolder> = main.into_par_iter().map(with_runs).collect();
    let earlier: Vec<ReadFolder> = earlier.into_par_iter().map(with_runs).collect();
    let designs: Vec<Design> = main.par_iter().map(|f| resolve_design(&f.folder)).collect();
    let ids = program_ids(&main, &designs);
    let mut import = Import {
        folders,
        ..Import::default()
    };
    let mut used: BTreeSet<String> = BTreeSet::new();
    for ((rf, design), id) in main.iter().zip(&designs).zip(&ids) {
        let folder = &rf.folder;
        import.flaws.extend(folder.flaws.iter().cloned());
        import.flaws.extend(design.flaws.iter().cloned());
        if let Some(others) = id.1.as_ref() {
            import.flaws.push(Flaw::new(
                FlawKind::DuplicateDesign,
                &folder.rel,
                1,
                format!(
                    "the top module is also that of {others}: both designs get their group in the id, {}",
                    id.0
                ),
            ));
        }
        let program = match build_program(folder, design, &id.0) {
            Ok(p) => p,
            Err(why) => {
                import.flaws.push(Flaw::new(
                    FlawKind::MissingRtlFile,
                    &folder.rel,
                    1,
                    format!("not imported: {why}"),
                ));
                continue;
            }
        };
        let twin = earlier
            .iter()
            .find(|e| e.folder.group == folder.group && e.folder.name == folder.name);
        for run in runs_of(folder, twin) {
            let (generation, flaws, used_log) = generation(&program, rf, twin, run);
            import.flaws.extend(flaws);
            if let Some(path) = used_log {
                used.insert(path);
            }
            import.generations.push(generation);
        }
        import.programs.push(program);
    }
    for rf in main.iter().chain(earlier.iter()) {
        for ((l, run), flaws) in rf.folder.logs.iter().zip(&rf.runs).zip(&rf.log_flaws) {
            import.flaws.extend(flaws.iter().cloned());
            import
                .logs
                .push(log_record(&rf.folder, l, run, used.contains(&l.path)));
        }
    }
    import
}

fn log_record(
    folder: &DesignFolder,
    l: &super::folder::RunLog,
    run: &ExternalRun,
    used: bool,
) -> LogRecord {
    let mut rows: BTreeMap<String, usize> = BTreeMap::new();
    for r in &l.log.rows {
        *rows.entry(r.status.clone()).or_default() += 1;
    }
    let statements = run
        .analysed
        .as_deref()
        .and_then(|f| folder.text(f))
        .map(|t| {
            super::property_file::parse_property_file(t)
                .assertions
                .len()
        });
    LogRecord {
        path: l.path.clone(),
        tree: folder.tree,
        place: l.place,
        group: folder.group.clone(),
        folder: folder.name.clone(),
        run: l.run,
        outcome: outcome(&l.log),
        analysed: run.analysed.clone(),
        statements,
        rows,
        used,
        external: run.clone(),
    }
}

/// Program ids: the top module, or `<group>/<top>` for every design whose top module
/// another design has too (then with the other's folder, for the flaw).
fn program_ids(main: &[ReadFolder], designs: &[Design]) -> Vec<(String, Option<String>)> {
    let name = |i: usize| {
        designs[i]
            .top
            .clone()
            .unwrap_or_else(|| main[i].folder.name.clone())
    };
    let mut by_name: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for i in 0..designs.len() {
        by_name.entry(name(i)).or_default().push(i);
    }
    (0..designs.len())
        .map(|i| {
            let n = name(i);
            let same = &by_name[&n];
            if same.len() == 1 {
                (n, None)
            } else {
                let others: Vec<String> = same
                    .iter()
                    .filter(|&&j| j != i)
                    .map(|&j| main[j].folder.rel.clone())
                    .collect();
                (
                    format!("{}/{n}", main[i].folder.group),
                    Some(others.join(", ")),
                )
            }
        })
        .collect()
}

/// The program of a design folder, or why there is none.
fn build_program(folder: &DesignFolder, design: &Design, id: &str) -> Result<Program, String> {
    let top = design
        .top
        .clone()
        .ok_or("no top module (see the no-top warning)")?;
    let top_file = design
        .top_file
        .clone()
        .or_else(|| design.sources.first().cloned())
        .ok_or("no RTL file to analyse")?;
    let rtl = folder.text(&top_file).unwrap_or_default().to_string();
    if rtl.trim().is_empty() {
        return Err(format!("{top_file} is empty"));
    }
    let mut files: Vec<SourceText> = design
        .sources
        .iter()
        .filter(|s| **s != top_file)
        .map(|s| SourceText {
            name: s.clone(),
            text: folder.text(s).unwrap_or_default().to_string(),
            header: false,
        })
        .collect();
    files.extend(design.headers.iter().map(|h| SourceText {
        name: h.clone(),
        text: folder.text(h).unwrap_or_default().to_string(),
        header: true,
    }));
    let (clock, clock_setting) = match design.clock() {
        ClockSetting::Signal(c) => (Some(format!("posedge {c}")), Value::String(c)),
        ClockSetting::Infer => (None, json!("-infer")),
        ClockSetting::Missing => (None, Value::Null),
    };
    let (reset, reset_setting) = match design.reset() {
        ResetSetting::Expression(e) => (Some(e.clone()), Value::String(e)),
        ResetSetting::None => (None, json!("-none")),
        ResetSetting::Missing => (None, Value::Null),
    };
    let mut meta = Map::new();
    meta.insert("dataset".into(), json!("assertionbench"));
    meta.insert("folder".into(), json!(folder.rel));
    meta.insert("script".into(), json!(design.script_name));
    meta.insert("clock".into(), clock_setting);
    meta.insert("reset".into(), reset_setting);
    if let Some(b) = &design.binding {
        let ports: Map<String, Value> = b
            .ports
            .iter()
            .map(|(f, a)| (f.clone(), Value::String(a.clone())))
            .collect();
        meta.insert(
            "bind".into(),
            json!({"target": b.target, "module": b.module, "instance": b.instance, "ports": ports}),
        );
    }
    Ok(Program {
        id: id.to_string(),
        stratum: folder.group.clone(),
        synchronous: clock.is_some(),
        clock,
        rtl,
        reference: String::new(),
        kind: ProgramKind::Module,
        top: Some(top),
        rtl_name: Some(top_file),
        files,
        reset,
        meta: Some(Value::Object(meta)),
        ..Program::default()
    })
}

/// The runs with a shot count that a design has: its property files, and the runs of
/// its logs in both trees.
fn runs_of(folder: &DesignFolder, twin: Option<&ReadFolder>) -> BTreeSet<RunName> {
    let mut runs: BTreeSet<RunName> = folder
        .files
        .keys()
        .filter_map(|f| property_file_run(f))
        .collect();
    runs.extend(folder.logs.iter().map(|l| l.run));
    if let Some(t) = twin {
        runs.extend(t.folder.logs.iter().map(|l| l.run));
    }
    runs.retain(|r| r.shots.is_some());
    runs
}

/// The generation of one run, its flaws and the log it takes its verdicts from.
fn generation(
    program: &Program,
    rf: &ReadFolder,
    twin: Option<&ReadFolder>,
    run: RunName,
) -> (Generation, Vec<Flaw>, Option<String>) {
    let folder = &rf.folder;
    let mut flaws = Vec::new();
    let file = run.property_file();
    let output = folder.text(&file).map(str::to_string);
    // Candidates in the oracle's order: project log, `.out` (not empty), earlier tree.
    let of = |rf: &ReadFolder, place: LogPlace| -> Vec<usize> {
        (0..rf.folder.logs.len())
            .filter(|&i| rf.folder.logs[i].run == run && rf.folder.logs[i].place == place)
            .collect()
    };
    let projects = of(rf, LogPlace::Project);
    if projects.len() > 1 {
        flaws.push(Flaw::new(
            FlawKind::DuplicateRun,
            &folder.logs[projects[1]].path,
            1,
            format!(
                "a second project folder for {run}: the verdicts are read from {}",
                folder.logs[projects[0]].path
            ),
        ));
    }
    let stdout = of(rf, LogPlace::Stdout);
    let chosen: Option<(&ReadFolder, usize)> = projects
        .first()
        .map(|&i| (rf, i))
        .or_else(|| {
            stdout
                .iter()
                .find(|&&i| folder.logs[i].log.bytes > 0)
                .map(|&i| (rf, i))
        })
        .or_else(|| twin.and_then(|t| of(t, LogPlace::Project).first().map(|&i| (t, i))));
    let external = match chosen {
        Some((owner, i)) => {
            let chosen_run = &owner.runs[i];
            // Other logs of the same run in the same tree are the same run printed twice.
            for &j in projects.iter().chain(&stdout) {
                let same_owner = std::ptr::eq(owner, rf);
                if same_owner && j == i {
                    continue;
                }
                let other = &rf.runs[j];
                if same_owner && other.outcome.has_verdict() && !same_verdicts(chosen_run, other) {
                    flaws.push(Flaw::new(
                        FlawKind::LogsDisagree,
                        &folder.logs[j].path,
                        1,
                        format!(
                            "gives other verdicts than {}, which the generation keeps",
                            owner.folder.logs[i].path
                        ),
                    ));
                }
            }
            chosen_run.clone()
        }
        None => {
            if output.is_some() {
                flaws.push(Flaw::new(
                    FlawKind::NoLog,
                    folder.path_of(&file),
                    1,
                    format!("no JasperGold log of {run}: the generation has no verdicts"),
                ));
            }
            ExternalRun {
                engine: ENGINE.to_string(),
                version: None,
                outcome: RunOutcome::Nolog,
                log: None,
                analysed: None,
                message: None,
                verdicts: Vec::new(),
                extra: Map::new(),
            }
        }
    };
    if output.is_none() {
        flaws.push(Flaw::new(
            FlawKind::MissingPropertyFile,
            &folder.rel,
            1,
            format!(
                "no {file} in the folder although a log of {run} exists: the generation's output is empty"
            ),
        ));
    }
    let used = external.log.clone();
    let generation = Generation {
        program: program.id.clone(),
        variant: ORIGINAL.to_string(),
        model: run.model.name().to_string(),
        output: output.unwrap_or_default(),
        shots: run.shots,
        sample: None,
        external: Some(external),
        meta: Some(json!({"file": file})),
        extra: Map::new(),
    };
    (generation, flaws, used)
}
