//! Tagging failure modes from the TUI: the open annotation store (or why it could not
//! be opened), the taxonomy behind the digit keys, the note being typed and the audit
//! sample that can replace the queue. Decisions go through `study::AnnotationStore`,
//! which writes them atomically before `App` shows them as saved.

use std::path::Path;

use crate::stats::audit_sample;
use crate::study::{AnnotationStore, Config, Decision, PairKey, StoreLocation, Taxonomy};

use crate::tui::model::{PairView, StudyView};

/// Pairs drawn per condition for an audit sample.
pub const SAMPLE_K: usize = 5;
/// The seed of the audit sample: `flipscope sample`'s default, so both draw the same
/// pairs (shown on screen).
pub const SAMPLE_SEED: u64 = 0;

/// The key of a pair in the annotation store.
pub fn pair_key(p: &PairView) -> PairKey {
    if let Some(raw) = &p.raw_key {
        return (**raw).clone();
    }
    PairKey {
        model: p.model.clone(),
        variant: p.variant.clone(),
        program: p.program.clone(),
        behavior: p.behavior.clone(),
        sample: p.sample,
    }
}

/// The audit sample shown instead of the full queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub seed: u64,
    pub k: usize,
    /// Pair indices, in draw order per condition.
    pub pairs: Vec<usize>,
}

impl Sample {
    /// Draws `k` `CW` pairs per (model, variant) condition of `study`.
    pub fn draw(study: &StudyView, k: usize, seed: u64) -> Sample {
        let pairs = audit_sample(&study.pairs, k, seed)
            .into_iter()
            .map(|s| s.index)
            .collect();
        Sample { seed, k, pairs }
    }

    /// How many sampled pairs have a tag or a note.
    pub fn audited(&self, study: &StudyView, store: Option<&AnnotationStore>) -> usize {
        self.pairs
            .iter()
            .filter(|&&i| {
                let p = &study.pairs[i];
                !p.tags.is_empty()
                    || store.is_some_and(|s| s.note(&pair_key(p)).is_some_and(|n| !n.is_empty()))
            })
            .count()
    }
}

/// The annotation side of the app.
#[derive(Debug)]
pub struct Tagging {
    /// The open store; `None` when none could be opened (see `place`).
    pub store: Option<AnnotationStore>,
    pub taxonomy: Taxonomy,
    /// Who decisions are stamped with.
    pub auditor: String,
    /// Where annotations are saved, or why they are not (shown in the header).
    pub place: String,
    /// The note being typed while the note popup is open.
    pub note_input: String,
    /// The audit sample replacing the queue, when one is shown.
    pub sample: Option<Sample>,
    /// Each pair's tags as loaded with the study (all its annotations files), shown
    /// where the store has no decision on the pair.
    pub loaded_tags: Vec<Vec<String>>,
    /// Why no store is open (the lock held elsewhere, no place for the file...).
    pub unavailable: Option<String>,
    /// Neither the configuration nor `$USER` gives a name: the first decision asks.
    pub auditor_unknown: bool,
    /// The name being typed in the name prompt.
    pub auditor_input: String,
    /// The decision that asked for the name, made once it is given.
    pub pending: Option<crate::tui::action::Action>,
    /// The study directory and data root the store was opened with (to reopen it).
    pub opened: Option<(std::path::PathBuf, Option<std::path::PathBuf>)>,
    /// Take over a lock held on another host (`open --take-over-lock`).
    pub take_over_lock: bool,
    /// How many decisions each undo step takes back (a marked batch is one step).
    pub undo_groups: Vec<usize>,
}

impl Default for Tagging {
    /// The default taxonomy, no store open yet.
    fn default() -> Self {
        Tagging {
            store: None,
            taxonomy: Taxonomy::default(),
            auditor: String::new(),
            place: "annotations: not open".into(),
            note_input: String::new(),
            sample: None,
            loaded_tags: Vec::new(),
            unavailable: None,
            auditor_unknown: false,
            auditor_input: String::new(),
            pending: None,
            opened: None,
            undo_groups: Vec::new(),
            take_over_lock: false,
        }
    }
}

impl Tagging {
    /// The taxonomy and auditor from the user's config file (defaults when it is
    /// missing or bad; a bad file is reported through the returned message). When
    /// neither the file nor `$USER`/`$USERNAME` names the auditor, the message says so
    /// once and the first decision asks for a name (decisions are never stamped
    /// "unknown").
    pub fn from_config() -> (Tagging, Option<String>) {
        let (config, taxonomy, problem) = match Taxonomy::load_default() {
            Ok((c, t)) => (c, t, None),
            Err(e) => (Config::default(), Taxonomy::default(), Some(e.to_string())),
        };
        let named = |v: Option<String>| v.filter(|s| !s.trim().is_empty());
        let known = named(config.auditor.clone())
            .or_else(|| named(std::env::var("USER").ok()))
            .or_else(|| named(std::env::var("USERNAME").ok()));
        let tagging = Tagging {
            taxonomy,
            auditor: known.clone().unwrap_or_default(),
            auditor_unknown: known.is_none(),
            ..Tagging::default()
        };
        let problem = match (problem, known) {
            (Some(p), _) => Some(p),
            (None, None) => Some(
                "no auditor name (no `auditor` in the config, $USER unset): the first decision asks for one"
                    .into(),
            ),
            (None, Some(_)) => None,
        };
        (tagging, problem)
    }

    /// Opens the store of the study in `dir` (`data_root`: the fallback for a
    /// read-only study directory). Returns the message to show, if any: why the TUI
    /// stays read-only, or that decisions go to the user data directory (and why);
    /// nothing when they go to the study directory, as the header says.
    pub fn open(&mut self, dir: &Path, data_root: Option<&Path>) -> Option<String> {
        self.store = None;
        self.unavailable = None;
        self.opened = Some((dir.to_path_buf(), data_root.map(Path::to_path_buf)));
        let auditor = if self.auditor.trim().is_empty() {
            "auditor".to_string()
        } else {
            self.auditor.clone()
        };
        match AnnotationStore::open_taking_over(dir, &auditor, data_root, self.take_over_lock) {
            Ok(store) => {
                let (place, mut message) = match (store.read_only_reason(), store.location()) {
                    (Some(reason), _) => {
                        ("annotations: read-only".into(), Some(reason.to_string()))
                    }
                    (None, StoreLocation::StudyDir) => ("annotations: study dir".into(), None),
                    (None, StoreLocation::UserData { reason }) => (
                        "annotations: user data dir".into(),
                        Some(format!(
                            "decisions will be saved to {} ({reason})",
                            store.path().display()
                        )),
                    ),
                };
                if let Some(report) = store.lock_report() {
                    message = Some(match message {
                        Some(m) => format!("{report}; {m}"),
                        None => report.to_string(),
                    });
                }
                self.place = place;
                self.store = Some(store);
                message
            }
            Err(e) => {
                self.place = "annotations: read-only".into();
                self.unavailable = Some(e.to_string());
                Some(format!("read-only: {e}"))
            }
        }
    }

    /// Whether decisions can be saved.
    pub fn writable(&self) -> bool {
        self.store
            .as_ref()
            .is_some_and(|s| s.read_only_reason().is_none())
    }

    /// Records `decision` on `pair`, stamped with the pair's input hash as shown; the
    /// error text when it was not saved.
    pub fn decide(&mut self, pair: &PairView, decision: Decision) -> Result<(), String> {
        self.decide_on(&pair_key(pair), decision, pair.pair_hash.as_deref())
    }

    /// Records `decision` on the item of `key` (a pair, or an assertion of an
    /// AssertionBench study), stamped with `hash` when given.
    pub fn decide_on(
        &mut self,
        key: &PairKey,
        decision: Decision,
        hash: Option<&str>,
    ) -> Result<(), String> {
        let store = self.store()?;
        store.record(key, decision, hash).map_err(|e| e.to_string())
    }

    /// Toggles `tag` on `pair` (stamped with its input hash); whether the pair has it
    /// afterwards.
    pub fn toggle(&mut self, pair: &PairView, tag: &str) -> Result<bool, String> {
        self.toggle_on(&pair_key(pair), tag, pair.pair_hash.as_deref())
    }

    /// Toggles `tag` on the item of `key`; whether it has the tag afterwards.
    pub fn toggle_on(
        &mut self,
        key: &PairKey,
        tag: &str,
        hash: Option<&str>,
    ) -> Result<bool, String> {
        let store = self.store()?;
        store.toggle_tag(key, tag, hash).map_err(|e| e.to_string())
    }

    /// Undoes this session's last decision; the key of the pair it was about.
    pub fn undo(&mut self) -> Result<Option<(PairKey, String)>, String> {
        let store = self.store()?;
        store
            .undo()
            .map(|a| a.map(|a| (a.key(), undone_decision(&a))))
            .map_err(|e| e.to_string())
    }

    fn store(&mut self) -> Result<&mut AnnotationStore, String> {
        match &mut self.store {
            Some(s) => Ok(s),
            None => Err(format!(
                "not saved: {}",
                self.unavailable
                    .as_deref()
                    .unwrap_or("no annotation store is open")
            )),
        }
    }

    /// The tags the store has for `pair`; `None` when the store has no decision on it
    /// (then the tags loaded with the study, from every annotations file, stand).
    pub fn tags_of(&self, pair: &PairView) -> Option<Vec<String>> {
        self.tags_on(&pair_key(pair))
    }

    /// The tags the store has for the item of `key` (`None`: no decision on it).
    pub fn tags_on(&self, key: &PairKey) -> Option<Vec<String>> {
        self.store
            .as_ref()?
            .audits()
            .get(key)
            .map(|a| a.tags.iter().cloned().collect())
    }

    /// The note of `pair`.
    pub fn note_of(&self, pair: &PairView) -> Option<String> {
        self.note_on(&pair_key(pair))
    }

    /// The note of the item of `key`.
    pub fn note_on(&self, key: &PairKey) -> Option<String> {
        self.store
            .as_ref()
            .and_then(|s| s.note(key).map(str::to_string))
    }
}

/// What an undone decision was, for the status line: `tag dropped-predicate`,
/// `untag x`, `the note` or `the cleared note`.
fn undone_decision(a: &crate::study::Annotation) -> String {
    use crate::study::AnnotationAction;
    let tag = a.tag.as_deref().unwrap_or("?");
    match a.action {
        AnnotationAction::Tag => format!("tag {tag}"),
        AnnotationAction::Untag => format!("untag {tag}"),
        AnnotationAction::Note if a.note.as_deref().is_none_or(str::is_empty) => {
            "the cleared note".into()
        }
        AnnotationAction::Note => "the note".into(),
    }
}

/// For the header: per suggested category among `pairs`, how many pairs suggest it and
/// how many of those carry its tag, most suggested first.
pub fn suggestion_counts(
    study: &StudyView,
    pairs: &[usize],
    taxonomy: &Taxonomy,
) -> Vec<(String, usize, usize)> {
    let mut counts: Vec<(String, usize, usize)> = Vec::new();
    for &i in pairs {
        let p = &study.pairs[i];
        let Some(tag) = taxonomy.suggestion(Some(&p.trans.category)) else {
            continue;
        };
        let tagged = usize::from(p.tags.iter().any(|t| t == tag));
        match counts.iter_mut().find(|c| c.0 == tag) {
            Some(c) => {
                c.1 += 1;
                c.2 += tagged;
            }
            None => counts.push((tag.to_string(), 1, tagged)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    counts
}
