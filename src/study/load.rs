//! Loading a study from its files: every file streamed once (hashed on the way), every
//! record checked against the ones before it, and ALL problems collected as located
//! errors (the first [`ERROR_CAP`] kept) or warnings, never only the first.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::annotation::Annotation;
use super::checks;
use super::error::{LocatedError, display_path};
use super::generation::Generation;
use super::model::{Study, StudyErrors};
use super::pair::{PairKey, PairRecord, SCORING_FIELDS};
use super::program::Program;
use super::record_line::Line;
use super::source::{self, FileKind, SourceFile};
use super::verdict::{PropertyVerdict, VerdictKey};
use super::verdict_checks;
use super::warnings::Warnings;

/// The extra program and variant fields `flipscope generate` reads for its prompts
/// (docs/generate.md): a variant's own clock and reset, and the reset's description.
const PROMPT_FIELDS: [&str; 3] = ["clock", "reset", "reset_description"];

/// How many errors a failed load keeps (the total is still counted).
pub const ERROR_CAP: usize = 100;

/// How far a load has come (for a progress display).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LoadProgress {
    /// The file being read, as named.
    pub file: String,
    /// Files finished so far, and in all.
    pub files_done: usize,
    pub files_total: usize,
    /// Records read so far over all files.
    pub records: usize,
}

/// How often (in records) [`load_study_with_progress`] reports.
pub const PROGRESS_EVERY: usize = 5000;

/// Loads a study from files and directories (a directory stands for its
/// `programs*.jsonl`, `generations*.jsonl`, `pairs*.jsonl` and `annotations*.jsonl`).
/// Programs are read first, then generations, pairs and annotations, so every record
/// can be checked against the programs.
pub fn load_study(paths: &[PathBuf]) -> Result<Study, StudyErrors> {
    load_study_with_progress(paths, &mut |_| {})
}

/// The study files `flipscope score` reads: [`load_study`] without the pairs and
/// verdicts files, which are what scoring writes, never what it reads. In
/// `flipscope score STUDY > STUDY/pairs.jsonl` the shell creates the (empty) pairs file
/// before the command starts; the scorer does not read it. Returns the study and the
/// pairs and verdicts files left out.
pub fn load_study_to_score(paths: &[PathBuf]) -> Result<(Study, Vec<PathBuf>), StudyErrors> {
    let mut left_out = Vec::new();
    let study = load_with(
        paths,
        &mut |path, kind| {
            let output = matches!(kind, FileKind::Pairs | FileKind::Verdicts);
            if output {
                left_out.push(path.to_path_buf());
            }
            !output
        },
        &mut |_| {},
    )?;
    Ok((study, left_out))
}

/// [`load_study`], reporting progress at the start of each file, every
/// [`PROGRESS_EVERY`] records and at the end of each file.
pub fn load_study_with_progress(
    paths: &[PathBuf],
    progress: &mut dyn FnMut(&LoadProgress),
) -> Result<Study, StudyErrors> {
    load_with(paths, &mut |_, _| true, progress)
}

/// Loads the study files of `paths` that `keep` accepts.
fn load_with(
    paths: &[PathBuf],
    keep: &mut dyn FnMut(&Path, FileKind) -> bool,
    progress: &mut dyn FnMut(&LoadProgress),
) -> Result<Study, StudyErrors> {
    let mut loader = Loader::default();
    let mut files = match source::expand(paths) {
        Ok(files) => files,
        Err(errors) => {
            for e in errors {
                loader.error(e);
            }
            return Err(loader.into_errors());
        }
    };
    files.retain(|(path, kind)| keep(path, *kind));
    if files.is_empty() {
        loader.error(LocatedError::new("-", 1, 1, "no study files given"));
        return Err(loader.into_errors());
    }
    files.sort_by_key(|(_, kind)| *kind);
    loader.have_programs = files.iter().any(|(_, k)| *k == FileKind::Programs);
    if !loader.have_programs
        && let Some((path, _)) = files.iter().find(|(_, k)| *k == FileKind::Generations)
    {
        loader.warnings.add(LocatedError::whole_file(
            path,
            "no programs file in the study: generations are not checked against programs",
        ));
    }
    let mut state = LoadProgress {
        files_total: files.len(),
        ..LoadProgress::default()
    };
    for (path, kind) in &files {
        state.file = display_path(path);
        progress(&state);
        let mut report = |records: usize| {
            let mut now = state.clone();
            now.records += records;
            progress(&now);
        };
        let records = match kind {
            FileKind::Programs => loader.load_file(path, *kind, Loader::add_program, &mut report),
            FileKind::Generations => {
                loader.load_file(path, *kind, Loader::add_generation, &mut report)
            }
            FileKind::Pairs => loader.load_file(path, *kind, Loader::add_pair, &mut report),
            FileKind::Verdicts => loader.load_file(path, *kind, Loader::add_verdict, &mut report),
            FileKind::Annotations => {
                loader.load_file(path, *kind, Loader::add_annotation, &mut report)
            }
        };
        state.records += records;
        state.files_done += 1;
        progress(&state);
    }
    match super::settings::find(paths) {
        Ok(settings) => loader.study.settings = settings,
        Err(e) => loader.error(e),
    }
    loader.finish()
}

/// Where a record was read.
#[derive(Debug, Clone)]
struct Place {
    file: String,
    line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

#[derive(Default)]
struct Loader {
    study: Study,
    errors: Vec<LocatedError>,
    total: usize,
    warnings: Warnings,
    have_programs: bool,
    program_at: HashMap<String, Place>,
    generation_at: HashMap<(String, String, String, Option<u32>, u32), Place>,
    pair_at: HashMap<PairKey, Place>,
    verdict_at: HashMap<VerdictKey, Place>,
    /// Outputs (model, program, variant, sample) with a line of their own (index null) or with
    /// property lines, and where the first was, to report one mixed with the other.
    output_at: HashMap<(String, String, String, u32), (bool, Place)>,
    /// Ids of program lines that failed to load, so the records naming them do not
    /// each add an "unknown program" error.
    broken_programs: HashSet<String>,
    /// Whether a programs file held no record (empty, or blank lines only): reported
    /// once, as that, rather than as an "unknown program" per record naming one.
    programs_without_records: bool,
}

impl Loader {
    fn error(&mut self, e: LocatedError) {
        self.total += 1;
        if self.errors.len() < ERROR_CAP {
            self.errors.push(e);
        }
    }

    /// A problem with a record of a file of this kind: an error, except in an
    /// annotations file. Annotations never change a verdict, so a bad one does not stop
    /// the study from loading: it is a warning, the file is kept as it is, and the
    /// annotation store opens read-only on it (docs/annotations.md).
    fn problem(&mut self, kind: FileKind, mut e: LocatedError) {
        if kind == FileKind::Annotations {
            e.message = format!(
                "{} (annotations are not needed to score: the file is kept as it is, and the \
                 annotation store opens read-only)",
                e.message
            );
            self.warnings.add(e);
        } else {
            self.error(e);
        }
    }

    fn into_errors(self) -> StudyErrors {
        StudyErrors {
            errors: self.errors,
            total: self.total,
            warnings: self.warnings.into_vec(),
        }
    }

    fn finish(mut self) -> Result<Study, StudyErrors> {
        if self.total > 0 {
            return Err(self.into_errors());
        }
        let index = self
            .study
            .programs
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        self.study.index = index;
        self.study.decide_kind();
        self.study.warnings = self.warnings.into_vec();
        Ok(self.study)
    }

    /// Streams one file, handing every record to `add`; returns how many records it
    /// read, and tells `report` the count every [`PROGRESS_EVERY`] records.
    fn load_file<T: DeserializeOwned>(
        &mut self,
        path: &Path,
        kind: FileKind,
        add: fn(&mut Self, &Line, T),
        report: &mut dyn FnMut(usize),
    ) -> usize {
        let (mut reader, hash) = match source::open_hashed(path) {
            Ok(r) => r,
            Err(e) => {
                self.problem(kind, e);
                return 0;
            }
        };
        let file = display_path(path);
        let mut read: usize = 0;
        while let Some(record) = reader.next_record::<T>() {
            read += 1;
            if read.is_multiple_of(PROGRESS_EVERY) {
                report(read);
            }
            match record {
                Ok((line, value)) => {
                    let at = Line {
                        file: &file,
                        line,
                        text: reader.line_text(),
                    };
                    add(self, &at, value);
                }
                Err(e) => {
                    if kind == FileKind::Programs {
                        // A line of bad bytes still starts with its id, most often.
                        self.remember_broken_program(&reader.line_text_lossy());
                        if reader.held_no_record() {
                            // The file is empty or blank: the records naming its
                            // programs are not each an "unknown program" too.
                            self.programs_without_records = true;
                        }
                    }
                    self.problem(kind, e);
                }
            }
        }
        self.study.sources.push(SourceFile {
            path: path.to_path_buf(),
            kind,
            sha256: hash.hex(),
            records: reader.records(),
        });
        read
    }

    /// Keeps the id of a program line that did not load, if it has one (before the
    /// place the line goes wrong, when it is not even JSON).
    fn remember_broken_program(&mut self, text: &str) {
        let id = match serde_json::from_str(text) {
            Ok(serde_json::Value::Object(map)) => match map.get("id") {
                Some(serde_json::Value::String(id)) => Some(id.clone()),
                _ => None,
            },
            _ => super::locate::leading_id(text),
        };
        if let Some(id) = id {
            self.broken_programs.insert(id);
        }
    }

    fn add_program(&mut self, at: &Line, program: Program) {
        for e in checks::program(at, &program) {
            self.error(e);
        }
        if let Some(first) = self.program_at.get(&program.id) {
            let message = format!(
                "duplicate program id \"{}\": the first is at {first}",
                program.id
            );
            self.error(at.at(&["id"], message));
            return;
        }
        // The prompt fields `flipscope generate` reads are not unknown.
        let unread = |extra: &serde_json::Map<String, serde_json::Value>| -> serde_json::Map<String, serde_json::Value> {
            extra
                .iter()
                .filter(|(k, _)| !PROMPT_FIELDS.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        };
        self.warnings.extra(at, &[], &unread(&program.extra));
        for (name, variant) in &program.variants {
            self.warnings
                .extra(at, &["variants", name], &unread(&variant.extra));
        }
        // A whole module's reference (gold properties) may be empty: its generated
        // properties are judged by proof, not against the reference.
        if program.reference.trim().is_empty() && !program.is_module() {
            self.warnings.add(at.at(
                &["reference"],
                "empty \"reference\": the program's behaviors cannot be scored against it",
            ));
        }
        self.program_at.insert(program.id.clone(), at.place());
        for variant in program.variant_names() {
            let path: Vec<&str> = if variant == super::program::ORIGINAL {
                vec!["rtl"]
            } else {
                vec!["variants", variant, "rtl"]
            };
            let place = super::model::Place {
                file: at.file.to_string(),
                line: at.line,
                column: super::locate::value_column(at.text, &path),
            };
            self.study
                .rtl_places
                .insert((program.id.clone(), variant.to_string()), place);
        }
        self.study
            .index
            .insert(program.id.clone(), self.study.programs.len());
        self.study.programs.push(program);
    }

    /// The program a record names, or an error at `field` when programs were loaded and
    /// none has this id. `Ok(None)` when the study has no programs file.
    fn known_program(&mut self, at: &Line, field: &str, id: &str) -> Result<Option<&Program>, ()> {
        if !self.have_programs {
            return Ok(None);
        }
        if let Some(&i) = self.study.index.get(id) {
            return Ok(Some(&self.study.programs[i]));
        }
        if self.broken_programs.contains(id)
            || (self.programs_without_records && self.study.programs.is_empty())
        {
            // Its own line was reported already; the records naming it are not.
            return Err(());
        }
        self.error(at.at(
            &[field],
            format!("unknown program \"{id}\": no program in the programs files has this id"),
        ));
        Err(())
    }

    fn add_generation(&mut self, at: &Line, g: Generation) {
        if g.model.trim().is_empty() {
            self.error(at.at(&["model"], "expected the model's name, not an empty string"));
        }
        match self.known_program(at, "program", &g.program) {
            Err(()) => return,
            Ok(Some(p)) if !p.has_variant(&g.variant) => {
                let e = at.at(&["variant"], checks::unknown_variant(p, &g.variant));
                self.error(e);
                return;
            }
            Ok(_) => {}
        }
        let key = (
            g.model.clone(),
            g.program.clone(),
            g.variant.clone(),
            g.shots,
            g.sample_index(),
        );
        if let Some(first) = self.generation_at.get(&key) {
            let mut shots = g.shots.map(|k| format!(", shots {k}")).unwrap_or_default();
            if g.sample_index() > 0 {
                shots.push_str(&format!(", sample {}", g.sample_index()));
            }
            let message = format!(
                "a second generation for model \"{}\", program \"{}\", variant \"{}\"{shots}: the first is at {first}",
                g.model, g.program, g.variant
            );
            self.error(at.at(&["program"], message));
            return;
        }
        self.generation_at.insert(key, at.place());
        self.warnings.extra(at, &[], &g.extra);
        if let Some(run) = &g.external {
            self.warnings.extra(at, &["external"], &run.extra);
            for (i, v) in run.verdicts.iter().enumerate() {
                self.warnings
                    .extra(at, &["external", "verdicts", &i.to_string()], &v.extra);
            }
        }
        self.study.generations.push(g);
    }

    fn add_pair(&mut self, at: &Line, mut pair: PairRecord) {
        for e in checks::pair(at, &pair) {
            self.error(e);
        }
        match self.known_program(at, "program", &pair.program) {
            Err(()) => return,
            Ok(Some(p)) => {
                let mut problems = Vec::new();
                if !p.has_variant(&pair.variant) {
                    problems.push(at.at(&["variant"], checks::unknown_variant(p, &pair.variant)));
                }
                if p.stratum != pair.stratum {
                    problems.push(at.at(
                        &["stratum"],
                        format!("stratum \"{}\" differs from program \"{}\"'s \"{}\": score the study again", pair.stratum, p.id, p.stratum),
                    ));
                }
                for e in problems {
                    self.error(e);
                }
            }
            Ok(None) => {}
        }
        let key = pair.key();
        if let Some(first) = self.pair_at.get(&key) {
            let message = format!("a second pair for ({key}): the first is at {first}");
            self.error(at.at(&["behavior"], message));
            return;
        }
        self.pair_at.insert(key, at.place());
        let unknown: serde_json::Map<String, serde_json::Value> = pair
            .extra
            .iter()
            .filter(|(k, _)| !SCORING_FIELDS.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        self.warnings.extra(at, &[], &unknown);
        self.warnings.extra(at, &["base"], &pair.base.extra);
        self.warnings.extra(at, &["trans"], &pair.trans.extra);
        pair.flip = Some(pair.flip_class());
        self.study.pairs.push(pair);
    }

    fn add_verdict(&mut self, at: &Line, mut v: PropertyVerdict) {
        let program = match self.known_program(at, "program", &v.program) {
            Err(()) => return,
            Ok(p) => p,
        };
        let problems = verdict_checks::verdict(at, &v, program);
        let broken = !problems.is_empty();
        for e in problems {
            self.error(e);
        }
        if broken {
            return;
        }
        let key = v.key();
        if let Some(first) = self.verdict_at.get(&key) {
            let message = format!("a second verdict for {key}: the first is at {first}");
            self.error(at.at(&["index"], message));
            return;
        }
        let output = (
            v.model.clone(),
            v.program.clone(),
            v.variant.clone(),
            v.sample_index(),
        );
        if let Some((had_property, first)) = self.output_at.get(&output)
            && *had_property != v.is_property()
        {
            let message = format!(
                "an output has either property lines or one line with \"index\": null, not both: the other is at {first}"
            );
            self.error(at.at(&["index"], message));
            return;
        }
        self.output_at
            .entry(output)
            .or_insert_with(|| (v.is_property(), at.place()));
        self.verdict_at.insert(key, at.place());
        self.warnings.extra(at, &[], &v.extra);
        if let Some(status) = &v.status {
            self.warnings.extra(at, &["status"], &status.extra);
        }
        if v.is_property() {
            v.sound = Some(v.is_sound());
        }
        self.study.verdicts.push(v);
    }

    fn add_annotation(&mut self, at: &Line, a: Annotation) {
        if let Err(problem) = a.check() {
            self.problem(
                FileKind::Annotations,
                at.at(&[problem.field], problem.message),
            );
            return;
        }
        if !self.pair_at.is_empty() && !self.pair_at.contains_key(&a.key()) {
            self.warnings.add(at.at(
                &["program"],
                "annotation about a pair that is not in the study's pairs (kept)",
            ));
        } else if self.have_programs && !self.study.index.contains_key(&a.program) {
            self.warnings.add(at.at(
                &["program"],
                "annotation about a program that is not in the study (kept)",
            ));
        }
        self.warnings.extra(at, &[], &a.extra);
        self.study.annotations.push(a);
    }
}

impl Line<'_> {
    fn place(&self) -> Place {
        Place {
            file: self.file.to_string(),
            line: self.line,
        }
    }
}
