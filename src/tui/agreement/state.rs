//! Agreement between two auditors in the TUI: the study's own annotations (its store,
//! "A") against another annotations file of the same study ("B"), computed with
//! `stats::agreement` exactly as `flipscope agreement STUDY --with FILE` does (each file
//! replayed on its own), with the pairs they disagree on. This module holds the state
//! and reads the second file (every problem located); `update` applies the
//! actions and `view` draws it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::stats::agreement::{Agreement, Disagreement, agreement};
use crate::study::annotation::replay;
use crate::study::source::FileKind;
use crate::study::store::gather::read_file;
use crate::study::{Annotation, PairKey};

use crate::tui::model::StudyView;
use crate::tui::tagging::pair_key;

/// One side of the comparison: the file and what it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditorFile {
    pub path: PathBuf,
    /// Everyone who made a decision in the file, by name.
    pub auditors: Vec<String>,
    /// Pairs the file has any decision on.
    pub pairs: usize,
}

impl AuditorFile {
    fn of(path: &Path, decisions: &[Annotation]) -> AuditorFile {
        let auditors: BTreeSet<&str> = decisions.iter().map(|a| a.auditor.as_str()).collect();
        let pairs: BTreeSet<PairKey> = decisions.iter().map(Annotation::key).collect();
        AuditorFile {
            path: path.to_path_buf(),
            auditors: auditors.into_iter().map(str::to_string).collect(),
            pairs: pairs.len(),
        }
    }

    /// The file's name (the whole path when it has none).
    pub fn name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }
}

/// Which table of the agreement screen `j`/`k` move in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Focus {
    /// The kappa per tag.
    Tags,
    /// The pairs the two disagree on.
    #[default]
    Pairs,
}

/// The agreement screen's content and where its selections are.
#[derive(Clone, Debug, PartialEq)]
pub struct AgreementView {
    /// The study's own annotations (the store).
    pub first: AuditorFile,
    /// The other auditor's file.
    pub second: AuditorFile,
    /// `stats::agreement` of the two files' replays.
    pub result: Agreement,
    /// Decisions of the second file about pairs not in the loaded study: how many and
    /// where the first one is (`file:line`); they still count, as for the command.
    pub foreign: Option<(usize, String)>,
    pub focus: Focus,
    /// Selected row and first shown row of the tags table.
    pub tag_selected: usize,
    pub tag_offset: usize,
    /// Selected row and first shown row of the disagreements.
    pub selected: usize,
    pub offset: usize,
}

impl AgreementView {
    /// The disagreement under the selection.
    pub fn selected_disagreement(&self) -> Option<&Disagreement> {
        self.result.disagreements.get(self.selected)
    }

    /// Moves the focused table's selection by `delta` (clamped), keeping it within
    /// `rows` shown rows.
    pub fn move_by(&mut self, delta: isize, rows: usize) {
        let (len, selected, offset) = match self.focus {
            Focus::Tags => (
                self.result.tags.len(),
                &mut self.tag_selected,
                &mut self.tag_offset,
            ),
            Focus::Pairs => (
                self.result.disagreements.len(),
                &mut self.selected,
                &mut self.offset,
            ),
        };
        *selected = selected
            .saturating_add_signed(delta)
            .min(len.saturating_sub(1));
        scroll_into_view(*selected, offset, rows);
    }

    /// Keeps the selections inside the lists (after a recomputation).
    fn clamp(&mut self) {
        self.selected = self
            .selected
            .min(self.result.disagreements.len().saturating_sub(1));
        self.offset = self.offset.min(self.selected);
        self.tag_selected = self
            .tag_selected
            .min(self.result.tags.len().saturating_sub(1));
        self.tag_offset = self.tag_offset.min(self.tag_selected);
    }
}

/// Scrolls `offset` so that `selected` is within `rows` rows from it.
pub fn scroll_into_view(selected: usize, offset: &mut usize, rows: usize) {
    let rows = rows.max(1);
    if selected < *offset {
        *offset = selected;
    } else if selected >= *offset + rows {
        *offset = selected + 1 - rows;
    }
}

/// The compare prompt, the agreement shown, and a comparison asked for before the
/// study was ready (`flipscope open --compare FILE`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CompareState {
    /// The path typed in the prompt.
    pub input: String,
    /// Why the last path could not be compared (shown in the prompt).
    pub error: Option<String>,
    /// Other annotations files in the study directory (the first one is suggested).
    pub candidates: Vec<PathBuf>,
    /// The agreement screen's content; kept while an audit opened from it is shown.
    pub view: Option<AgreementView>,
    /// A file to compare with as soon as the study's pairs are in.
    pub pending: Option<PathBuf>,
    /// The file compared with last (`K` offers it again).
    pub last: Option<PathBuf>,
}

/// Compares `first` (the store's decisions, read from `first_path`) with the file at
/// `second_path`; every problem with the second file named by file and line.
pub fn compare(
    first_path: &Path,
    first: &[Annotation],
    second_path: &Path,
    study: &StudyView,
) -> Result<AgreementView, String> {
    if same_file(first_path, second_path) {
        return Err(format!(
            "{} is this study's own annotations (side A): choose another auditor's file",
            second_path.display()
        ));
    }
    let second = read_second(second_path)?;
    let foreign = foreign_decisions(second_path, &second, study)?;
    let result = agreement(&replay(first), &replay(&second));
    Ok(AgreementView {
        first: AuditorFile::of(first_path, first),
        second: AuditorFile::of(second_path, &second),
        result,
        foreign,
        focus: Focus::default(),
        tag_selected: 0,
        tag_offset: 0,
        selected: 0,
        offset: 0,
    })
}

/// Recomputes `view` against the store's decisions now and the second file as it is
/// now, keeping the selections where they can stay.
pub fn recompute(
    view: &AgreementView,
    first: &[Annotation],
    study: &StudyView,
) -> Result<AgreementView, String> {
    let mut fresh = compare(&view.first.path, first, &view.second.path, study)?;
    fresh.focus = view.focus;
    fresh.selected = view.selected;
    fresh.offset = view.offset;
    fresh.tag_selected = view.tag_selected;
    fresh.tag_offset = view.tag_offset;
    fresh.clamp();
    Ok(fresh)
}

/// The decisions of the second file, or why it cannot be read (located).
fn read_second(path: &Path) -> Result<Vec<Annotation>, String> {
    let (decisions, errors) = read_file(path);
    if let Some(first) = errors.first() {
        let more = match errors.len() {
            1 => String::new(),
            n => format!(" (and {} more bad lines)", n - 1),
        };
        return Err(format!("{first}{more}"));
    }
    if decisions.is_empty() {
        return Err(format!("{}: the file holds no decisions", path.display()));
    }
    Ok(decisions)
}

/// Decisions about pairs the study does not have: an error when all of them are (the
/// file belongs to another study), else how many and the first one's place.
fn foreign_decisions(
    path: &Path,
    decisions: &[Annotation],
    study: &StudyView,
) -> Result<Option<(usize, String)>, String> {
    let known: BTreeSet<PairKey> = study.pairs.iter().map(pair_key).collect();
    let lines = decision_lines(path);
    let mut foreign = decisions
        .iter()
        .enumerate()
        .filter(|(_, a)| !known.contains(&a.key()));
    let Some((first, a)) = foreign.next() else {
        return Ok(None);
    };
    let count = 1 + foreign.count();
    let place = format!(
        "{}:{}",
        path.display(),
        lines.get(first).copied().unwrap_or(first + 1)
    );
    if count == decisions.len() {
        return Err(format!(
            "{place}: no decision in the file is about a pair of this study ({count} \
             decisions; this one is about {}): is it another study's annotations?",
            a.key()
        ));
    }
    Ok(Some((count, place)))
}

/// The line number of each decision of a file that read without errors: its non-blank
/// lines, in order.
fn decision_lines(path: &Path) -> Vec<usize> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, _)| i + 1)
        .collect()
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Other annotations files in `dir` (not `store`): `*.jsonl` files whose name says
/// `annotations*` or whose first record is a decision, in name order.
pub fn candidates(dir: &Path, store: Option<&Path>) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "jsonl"))
        .filter(|p| store.is_none_or(|s| !same_file(s, p)))
        .filter(|p| match FileKind::from_name(p) {
            Some(kind) => kind == FileKind::Annotations,
            None => first_record_is_a_decision(p),
        })
        .collect();
    found.sort();
    found
}

fn first_record_is_a_decision(path: &Path) -> bool {
    use std::io::{BufRead, BufReader};
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let line = BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .find(|l| !l.trim().is_empty());
    line.and_then(|l| serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&l).ok())
        .is_some_and(|keys| FileKind::from_keys(&keys) == Some(FileKind::Annotations))
}

/// Resolves a typed path: as typed (relative to the working directory), else relative
/// to the study directory when it is there.
pub fn resolve_input(input: &str, study_dir: Option<&Path>) -> PathBuf {
    let typed = PathBuf::from(input.trim());
    if typed.exists() || typed.is_absolute() {
        return typed;
    }
    match study_dir.map(|d| d.join(&typed)) {
        Some(inside) if inside.exists() => inside,
        _ => typed,
    }
}
