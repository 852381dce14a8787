//! Loading a study for the TUI: `study::load_study_with_progress` reads and checks the
//! files (every problem located by file, line and column), and this module adapts the
//! study's records into the view model (`tui::model`), with the tags its annotations
//! confirm. The only place that knows the study's record types.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use crate::printable::{escape_lines_owned as lines, escape_owned as line};
use crate::rtl::ParseCache;
use crate::score::study::{StudyOptions, score_study};
use crate::stats::pair_row::recorded_oracle;
use crate::study::annotation::replay;
use crate::study::source::{FileKind, expand};
use crate::study::{
    LocatedError, PairKey, PairRecord, Program, Side, Study, StudyKind, load_study_with_progress,
};
use crate::tui::assertions::AssertionStudy;
use crate::tui::family::FamilyStudy;
use crate::tui::finder::{FinderEntry, build_index};
use crate::tui::model::Oracle;
use crate::tui::model::catalog::{BehaviorEntry, Catalog, GenerationState, ProgramEntry};
use crate::tui::model::{PairView, ProgramView, SideView, StudyView, VariantView};
use crate::tui::queue::Queue;

pub use crate::study::LoadProgress;

/// Why a study could not be loaded: every problem found, located.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Files(Vec<LocatedError>),
    #[error(transparent)]
    Study(#[from] crate::study::StudyErrors),
    #[error(
        "no study to open in {0}: expected a pairs*.jsonl file (the output of `flipscope score`) or programs*.jsonl (with generations*.jsonl to score)"
    )]
    NoPairs(String),
}

/// A raw study (programs and generations) the TUI scores itself; compared by identity.
#[derive(Clone, Debug)]
pub struct RawStudy(pub Arc<Study>);

impl PartialEq for RawStudy {
    fn eq(&self, other: &RawStudy) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for RawStudy {}

/// A loaded study with what the UI needs precomputed off the UI thread: the queue
/// (sorted, filtered to `CW`) and the finder's index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prepared {
    pub study: Arc<StudyView>,
    pub queue: Queue,
    pub index: Arc<Vec<FinderEntry>>,
    /// The raw study when the pairs come from scoring its generations (not from a
    /// pairs file): the oracle switch rescores it.
    pub raw: Option<RawStudy>,
    /// The oracle the pairs were scored under (`None`: read from a pairs file).
    pub oracle: Option<Oracle>,
    /// The programs screen's content (generation states included); kept as it is when
    /// the study is rescored.
    pub catalog: Arc<Catalog>,
    /// For a study with external verdicts (AssertionBench): its assertions, shown on
    /// the assertions screens instead of pairs.
    pub assertions: Option<Arc<AssertionStudy>>,
    /// For a whole-module study (EquivSVA): its families and property verdicts, shown
    /// on the family screen; its pairs are the family pairs (`stats::family`).
    pub families: Option<Arc<FamilyStudy>>,
}

impl Prepared {
    pub fn new(study: StudyView) -> Prepared {
        let queue = Queue::new(&study);
        let index = Arc::new(build_index(&study));
        Prepared {
            study: Arc::new(study),
            queue,
            index,
            raw: None,
            oracle: None,
            catalog: Arc::new(Catalog::default()),
            assertions: None,
            families: None,
        }
    }

    /// A loaded study from `paths`: as [`Prepared::of_loaded`], and for a study with
    /// external verdicts its assertions (with `reproof.jsonl` from its folder), not
    /// scored by path conditions.
    pub fn of_loaded_at(study: Study, paths: &[PathBuf]) -> Prepared {
        if FamilyStudy::applies(&study) {
            return Prepared::of_families(study);
        }
        if study.kind() != StudyKind::Assertions {
            return Prepared::of_loaded(study);
        }
        let dir = paths.iter().find(|p| p.is_dir()).map(PathBuf::as_path);
        let assertions = AssertionStudy::build(&study, dir);
        Prepared {
            assertions: Some(Arc::new(assertions)),
            catalog: Arc::new(catalog_of(&study)),
            ..Prepared::new(view_of(study))
        }
    }

    /// A whole-module study: the pairs `flipscope score` and `metrics` derive from its
    /// property verdicts (one per family, model and variant against the canonical
    /// implementation, `stats::family::derived_pairs`) after those of its pairs files,
    /// and its families for the family screen. Not scored by the TUI: the verdicts come
    /// from `flipscope score` (without them there are no pairs, and the family study's
    /// note says so).
    pub fn of_families(mut study: Study) -> Prepared {
        let catalog = Arc::new(catalog_of(&study));
        let outputs = crate::stats::family::outputs(&study);
        let derived = crate::stats::family::derived_pairs(&study, &outputs);
        study.pairs.extend(derived);
        let families = Arc::new(FamilyStudy::build(&study, &outputs));
        Prepared {
            catalog,
            families: Some(families),
            ..Prepared::new(view_of(study))
        }
    }

    /// A loaded study: its pairs file as read, or, for a raw study (programs with
    /// generations, with or without pairs), the study with no pairs yet and the raw
    /// study kept for the scoring job.
    pub fn of_loaded(mut study: Study) -> Prepared {
        let catalog = Arc::new(catalog_of(&study));
        if !study.has_generations_to_score() {
            return Prepared {
                catalog,
                ..Prepared::new(view_of(study))
            };
        }
        let raw = RawStudy(Arc::new(study.clone()));
        study.pairs.clear();
        Prepared {
            raw: Some(raw),
            catalog,
            ..Prepared::new(view_of(study))
        }
    }

    /// The raw study's generations scored under `oracle` (`score::study`), as shown.
    pub fn scored(raw: &RawStudy, oracle: Oracle, cache: &ParseCache) -> Prepared {
        let options = StudyOptions {
            oracle,
            lenient: false,
        };
        let report = score_study(&raw.0, &options, cache);
        let mut study = (*raw.0).clone();
        study.pairs = report.pairs;
        Prepared {
            raw: Some(raw.clone()),
            oracle: Some(oracle),
            ..Prepared::new(view_of(study))
        }
    }
}

/// Checks that `paths` name a study with pairs, or with programs (to browse, and to
/// score when it has generations), without reading the records (so the CLI can refuse
/// before it takes over the terminal).
pub fn check_paths(paths: &[PathBuf]) -> Result<(), LoadError> {
    let files = expand(paths).map_err(LoadError::Files)?;
    let has = |k: FileKind| files.iter().any(|(_, kind)| *kind == k);
    if has(FileKind::Pairs) || has(FileKind::Programs) {
        Ok(())
    } else {
        let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        Err(LoadError::NoPairs(shown.join(", ")))
    }
}

/// Loads the study in `paths`, reporting progress as it goes.
pub fn load_study(
    paths: &[PathBuf],
    progress: impl FnMut(&LoadProgress),
) -> Result<StudyView, LoadError> {
    Ok(view_of(load_raw(paths, progress)?))
}

/// Reads the study's records in `paths`, reporting progress as it goes.
pub fn load_raw(
    paths: &[PathBuf],
    mut progress: impl FnMut(&LoadProgress),
) -> Result<Study, LoadError> {
    check_paths(paths)?;
    Ok(load_study_with_progress(paths, &mut progress)?)
}

/// The view model of a loaded study.
pub fn view_of(study: Study) -> StudyView {
    let audits = replay(&study.annotations);
    let notes = audits
        .iter()
        .filter_map(|(k, a)| Some((k.clone(), lines(a.note.clone()?))))
        .filter(|(_, n)| !n.trim().is_empty())
        .collect();
    let oracle = recorded_oracle(&study.pairs);
    let pairs = study
        .pairs
        .into_iter()
        .map(|p| {
            let tags = audits
                .get(&p.key())
                .map(|a| a.tags.iter().cloned().collect())
                .unwrap_or_default();
            pair_view(p, tags)
        })
        .collect();
    let programs = study
        .programs
        .into_iter()
        .map(|p| (line(p.id.clone()), program_view(p)))
        .collect();
    let sources = study
        .sources
        .iter()
        .map(|s| line(s.path.display().to_string()))
        .collect();
    let outputs = study
        .generations
        .iter()
        .map(|g| {
            (
                (
                    line(g.model.clone()),
                    line(g.program.clone()),
                    line(g.variant.clone()),
                    g.sample_index(),
                ),
                lines(g.output.clone()),
            )
        })
        .collect();
    StudyView {
        pairs,
        programs,
        sources,
        simulated: simulated_note(&study.generations),
        inputs: study.sources,
        oracle,
        outputs: Arc::new(outputs),
        notes: Arc::new(notes),
    }
}

/// The programs screen's content: each program's variants and behaviors, and the state
/// of every (variant, model) from the study's generations and the failures
/// `flipscope generate` recorded beside its programs files.
pub fn catalog_of(study: &Study) -> Catalog {
    let (failures, failures_note) = study_failures(study);
    let mut models: std::collections::BTreeSet<String> =
        study.generations.iter().map(|g| g.model.clone()).collect();
    models.extend(failures.iter().map(|f| f.model.clone()));
    let mut states: BTreeMap<&str, BTreeMap<(String, String), GenerationState>> = BTreeMap::new();
    for f in &failures {
        states.entry(f.program.as_str()).or_default().insert(
            (f.variant.clone(), f.model.clone()),
            GenerationState::Failed {
                kind: f.error.kind.clone(),
                message: f.error.message.clone(),
            },
        );
    }
    // A generation supersedes any failure recorded for it.
    for g in &study.generations {
        states
            .entry(g.program.as_str())
            .or_default()
            .insert((g.variant.clone(), g.model.clone()), generation_state(g));
    }
    let programs = study
        .programs
        .iter()
        .map(|p| ProgramEntry {
            id: p.id.clone(),
            stratum: p.stratum.clone(),
            module: p.is_module(),
            variants: p.variant_names().map(str::to_string).collect(),
            behaviors: if p.is_module() {
                Ok(Vec::new())
            } else {
                crate::score::reference_behaviors(&p.reference)
                    .map(|bs| {
                        bs.into_iter()
                            .map(|b| BehaviorEntry {
                                id: b.id,
                                condition: b.antecedent.to_string(),
                            })
                            .collect()
                    })
                    .map_err(|e| format!("reference {e}"))
            },
            generations: states.remove(p.id.as_str()).unwrap_or_default(),
        })
        .collect();
    Catalog {
        programs,
        models: models.into_iter().collect(),
        failures_note,
    }
}

/// A generation's state from its `meta` (`truncated`, `finish_reason`,
/// `completion_tokens`, as `flipscope generate` records them).
fn generation_state(g: &crate::study::Generation) -> GenerationState {
    let meta = g.meta.as_ref();
    let finish_reason = meta
        .and_then(|m| m.get("finish_reason"))
        .and_then(|v| v.as_str())
        .map(str::to_string);
    let tokens = meta
        .and_then(|m| m.get("completion_tokens"))
        .and_then(|v| v.as_u64());
    let truncated = meta
        .and_then(|m| m.get("truncated"))
        .and_then(|v| v.as_bool())
        == Some(true)
        || finish_reason.as_deref() == Some("length");
    if truncated {
        GenerationState::Truncated {
            finish_reason,
            tokens,
        }
    } else {
        GenerationState::Done {
            finish_reason,
            tokens,
        }
    }
}

/// The failures recorded in `failed-generations.jsonl` beside the study's programs
/// files, with a note when one of those files cannot be read.
fn study_failures(study: &Study) -> (Vec<crate::generate::failure::FailureRecord>, Option<String>) {
    let mut dirs: Vec<PathBuf> = study
        .sources
        .iter()
        .filter(|s| s.kind == FileKind::Programs)
        .filter_map(|s| s.path.parent().map(std::path::Path::to_path_buf))
        .collect();
    dirs.sort();
    dirs.dedup();
    let mut all = Vec::new();
    let mut note = None;
    for dir in dirs {
        let path = dir.join(crate::generate::FAILURES_FILE);
        match crate::generate::failure::read_failures(&path) {
            Ok(records) => all.extend(records),
            Err(errors) => {
                note = errors.first().map(|e| format!("failures not shown: {e}"));
            }
        }
    }
    (all, note)
}

/// What the generations' `meta` says when they are simulated (as the bundled sample
/// study's are): `None` for real model outputs.
pub fn simulated_note(generations: &[crate::study::Generation]) -> Option<String> {
    let meta = generations
        .iter()
        .filter_map(|g| g.meta.as_ref())
        .find(|m| m.get("simulated").and_then(|v| v.as_bool()) == Some(true))?;
    Some(match meta.get("calibrated_to") {
        Some(_) => "SIMULATED outputs, not real models: calibrated to published counts".into(),
        None => "SIMULATED outputs, not real models".into(),
    })
}

// The view model holds every text of the study as the terminal shows it: control
// characters escaped (`\x1b`) by `crate::printable` (`line`, `lines`), so that widths,
// wrapping, search and highlighting all see what is drawn, and no text reaches the
// terminal raw. The pair's key as the study spells it is kept for the annotation store
// (`PairView::raw_key`).

fn side_view(side: Side) -> SideView {
    SideView {
        correct: side.correct,
        category_given: side.category.is_some(),
        category: line(
            side.category
                .unwrap_or_else(|| if side.correct { "correct" } else { "wrong" }.into()),
        ),
        property: lines(side.property.unwrap_or_default()),
        reason: line(side.reason.unwrap_or_default()),
    }
}

/// One pair as a queue row.
pub fn pair_view(p: PairRecord, tags: Vec<String>) -> PairView {
    let class = crate::stats::row::FilterRow::behavior_class(&p).map(|c| line(c.to_string()));
    let sensitive = crate::stats::row::FilterRow::variant_sensitive(&p);
    let flip = p.flip_class();
    let key = PairKey {
        model: p.model,
        variant: p.variant,
        program: p.program,
        behavior: p.behavior,
        sample: p.sample.unwrap_or(0),
    };
    let shown = PairKey {
        model: line(key.model.clone()),
        variant: line(key.variant.clone()),
        program: line(key.program.clone()),
        behavior: line(key.behavior.clone()),
        sample: key.sample,
    };
    let key_sample = key.sample;
    let raw_key = (shown != key).then(|| Box::new(key));
    PairView {
        class,
        sensitive,
        flip,
        program: shown.program,
        stratum: line(p.stratum),
        behavior: shown.behavior,
        model: shown.model,
        variant: shown.variant,
        base: side_view(p.base),
        trans: side_view(p.trans),
        tags,
        pair_hash: p.pair_hash,
        sample: key_sample,
        raw_key,
    }
}

fn program_view(p: Program) -> ProgramView {
    ProgramView {
        id: line(p.id),
        stratum: line(p.stratum),
        synchronous: p.synchronous,
        clock: p.clock.map(line),
        rtl: lines(p.rtl),
        reference: lines(p.reference),
        variants: p
            .variants
            .into_iter()
            .map(|(name, v)| {
                (
                    line(name),
                    VariantView {
                        rtl: lines(v.rtl),
                        rename: v
                            .rename
                            .unwrap_or_else(BTreeMap::new)
                            .into_iter()
                            .map(|(k, v)| (line(k), line(v)))
                            .collect(),
                    },
                )
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-study")
    }

    #[test]
    fn loads_the_fixture_study_with_its_tags() {
        let mut seen = Vec::new();
        let study = load_study(&[fixture()], |p| seen.push(p.clone())).unwrap();
        assert!(study.pairs.len() >= 10, "{}", study.pairs.len());
        assert!(study.programs.contains_key("p01"));
        assert!(
            study.programs["p01"].variants["T2"]
                .rename
                .contains_key("v0")
        );
        assert!(
            study.pairs.iter().any(|p| !p.tags.is_empty()),
            "annotations give tags"
        );
        let last = seen.last().unwrap();
        assert_eq!(last.files_done, last.files_total);
        assert!(last.records >= study.pairs.len() + study.programs.len());
    }

    #[test]
    fn a_bad_record_names_its_place() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pairs.jsonl");
        std::fs::write(&file, "{\"program\": \"p1\", \"behavior\": 3}\n").unwrap();
        let err = load_study(&[file], |_| {}).unwrap_err().to_string();
        assert!(err.contains("pairs.jsonl:1:"), "{err}");
    }

    #[test]
    fn paths_without_pairs_are_refused_up_front() {
        let dir = tempfile::tempdir().unwrap();
        let err = check_paths(&[dir.path().to_path_buf()]).unwrap_err();
        assert!(err.to_string().contains("no study files"), "{err}");
        std::fs::write(dir.path().join("generations.jsonl"), "").unwrap();
        let err = check_paths(&[dir.path().to_path_buf()]).unwrap_err();
        assert!(matches!(err, LoadError::NoPairs(_)), "{err}");
        // Programs alone are a study to browse (and to generate for).
        std::fs::write(dir.path().join("programs.jsonl"), "").unwrap();
        assert!(check_paths(&[dir.path().to_path_buf()]).is_ok());
        let missing = check_paths(&[dir.path().join("nope")]).unwrap_err();
        assert!(missing.to_string().contains("nope"), "{missing}");
    }

    #[test]
    fn simulated_generations_are_said_to_be_simulated() {
        let generation = |model: &str, meta: Option<serde_json::Value>| crate::study::Generation {
            program: "p1".into(),
            variant: "original".into(),
            model: model.into(),
            output: String::new(),
            shots: None,
            sample: None,
            external: None,
            meta,
            extra: Default::default(),
        };
        let real = [generation("m", None)];
        assert_eq!(simulated_note(&real), None);
        let simulated = [
            generation("real", Some(serde_json::json!({"tokens": 3}))),
            generation(
                "sim-b",
                Some(serde_json::json!({"simulated": true, "calibrated_to": "x"})),
            ),
            generation("sim-a", Some(serde_json::json!({"simulated": true}))),
        ];
        let note = simulated_note(&simulated).unwrap();
        assert_eq!(
            note,
            "SIMULATED outputs, not real models: calibrated to published counts"
        );
    }
}
