//! A loaded study (programs, generations, pairs, property verdicts, annotations, the
//! files they came from) with its index by program id, and why a load failed.

use std::collections::HashMap;
use std::fmt;

use super::annotation::Annotation;
use super::error::LocatedError;
use super::generation::Generation;
use super::kind::StudyKind;
use super::pair::PairRecord;
use super::program::Program;
use super::settings::StudySettings;
use super::source::SourceFile;
use super::verdict::PropertyVerdict;

/// Everything loaded together: programs, generations, pairs and annotations.
#[derive(Debug, Clone, Default)]
pub struct Study {
    /// Programs in file order.
    pub programs: Vec<Program>,
    /// Generations in file order.
    pub generations: Vec<Generation>,
    /// Pairs in file order; after [`super::load_study`] every `flip` is filled in.
    pub pairs: Vec<PairRecord>,
    /// Annotation decisions in file order.
    pub annotations: Vec<Annotation>,
    /// Formal verdicts of generated properties (whole-module programs) in file order;
    /// after [`super::load_study`] every `sound` is filled in.
    pub verdicts: Vec<PropertyVerdict>,
    /// The files read, with their SHA-256.
    pub sources: Vec<SourceFile>,
    /// Things worth knowing that do not stop the study from loading (unknown fields
    /// kept, annotations about pairs not in the study).
    pub warnings: Vec<LocatedError>,
    /// The study's own settings (`study.toml`), defaults when it has none.
    pub settings: StudySettings,
    /// Program id -> position in `programs`.
    pub(super) index: HashMap<String, usize>,
    /// (program id, variant) -> where that RTL text's value sits in the programs file.
    pub(super) rtl_places: HashMap<(String, String), Place>,
    /// What kind of study the records make, decided when it was loaded or built.
    pub(super) kind: StudyKind,
}

/// A place in a study file: file as named, 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub line: usize,
    pub column: usize,
}

impl Place {
    /// An error at this place.
    pub fn error(&self, message: impl Into<String>) -> LocatedError {
        LocatedError::new(&self.file, self.line, self.column, message)
    }
}

impl Study {
    /// A study from records already in memory (no checks; see [`super::load_study`]).
    pub fn new(
        programs: Vec<Program>,
        generations: Vec<Generation>,
        pairs: Vec<PairRecord>,
        annotations: Vec<Annotation>,
    ) -> Self {
        let index = programs
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        let mut study = Self {
            programs,
            generations,
            pairs,
            annotations,
            index,
            ..Self::default()
        };
        study.decide_kind();
        study
    }

    /// The program with this id.
    pub fn program(&self, id: &str) -> Option<&Program> {
        self.index.get(id).map(|&i| &self.programs[i])
    }

    /// Where the RTL of a program's variant (`original` included) sits in the
    /// programs file, for studies read by [`super::load_study`].
    pub fn rtl_place(&self, program: &str, variant: &str) -> Option<&Place> {
        self.rtl_places
            .get(&(program.to_string(), variant.to_string()))
    }

    /// The position of the program with this id in [`Study::programs`].
    pub fn program_index(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }
}

impl Study {
    /// The study's kind, decided when it was loaded or built.
    pub fn kind(&self) -> StudyKind {
        self.kind
    }

    /// Decides the kind from the records, when the study is loaded or built.
    pub(super) fn decide_kind(&mut self) {
        self.kind = StudyKind::of(&self.programs, &self.generations, &self.pairs);
    }

    /// Whether it has generations of whole-module programs, to be proven.
    pub fn has_module_generations(&self) -> bool {
        match self.kind {
            StudyKind::Families | StudyKind::Assertions => !self.generations.is_empty(),
            StudyKind::Mixed => self.generations_where(|module| module),
            StudyKind::Pairs | StudyKind::Fragments => false,
        }
    }

    /// Whether it has generations of fragment programs, to be scored by path-condition
    /// equivalence.
    pub fn has_fragment_generations(&self) -> bool {
        match self.kind {
            StudyKind::Fragments => !self.generations.is_empty(),
            StudyKind::Mixed => self.generations_where(|module| !module),
            StudyKind::Pairs | StudyKind::Families | StudyKind::Assertions => false,
        }
    }

    /// Whether it holds generations to score (programs and generations): such a study
    /// is scored when opened, even when it also has pairs.
    pub fn has_generations_to_score(&self) -> bool {
        self.kind != StudyKind::Pairs && !self.generations.is_empty()
    }

    fn generations_where(&self, shape: impl Fn(bool) -> bool) -> bool {
        self.generations.iter().any(|g| {
            self.program(&g.program)
                .is_some_and(|p| shape(p.is_module()))
        })
    }
}

/// Why a study did not load: the located errors (at most [`super::ERROR_CAP`]) and how many
/// there were in all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct StudyErrors {
    /// The first errors, in the order found (files in load order, then lines).
    pub errors: Vec<LocatedError>,
    /// How many errors were found in all.
    pub total: usize,
    /// Warnings found on the way.
    pub warnings: Vec<LocatedError>,
}

impl fmt::Display for StudyErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.errors {
            writeln!(f, "{e}")?;
        }
        if self.total > self.errors.len() {
            writeln!(
                f,
                "... and {} more errors (the first {} are shown)",
                self.total - self.errors.len(),
                self.errors.len()
            )?;
        }
        write!(
            f,
            "{} error{} in the study",
            self.total,
            if self.total == 1 { "" } else { "s" }
        )
    }
}
