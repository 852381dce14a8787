//! How `App` applies the agreement actions: `K` opens the compare prompt (suggesting
//! another annotations file of the study), Enter in the prompt computes the agreement
//! and shows its screen, `Tab` switches between its two tables, Enter audits the
//! selected disagreement (`]`/`[` then step through the disagreements), Esc goes back.
//! Returning from an audit recomputes the figures, since decisions may have changed.

use crate::tui::action::Action;
use std::path::{Path, PathBuf};

use crate::study::Annotation;
use crate::study::store::gather::read_file;
use crate::study::store::location::{FILE_NAME, default_data_root, existing_user_store};
use crate::tui::agreement::view::table_rows;
use crate::tui::agreement::{AgreementView, Focus, candidates, compare, recompute, resolve_input};
use crate::tui::app::{App, LoadState, Overlay, Screen};
use crate::tui::jobs::JobKind;
use crate::tui::tagging::pair_key;

impl App {
    /// The agreement screen's own meaning of `action`; the action back when it has none.
    pub(crate) fn agreement_action(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::Open => self.open_disagreement(),
            Action::NextPane | Action::PrevPane => self.toggle_agreement_focus(),
            other => return Some(other),
        }
        None
    }

    /// The study's directory (a file given as the study stands for its directory).
    pub fn study_folder(&self) -> Option<PathBuf> {
        let first = self.study_dir.as_ref()?;
        if first.is_file() {
            let parent = first.parent().unwrap_or(Path::new("."));
            Some(if parent.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                parent.to_path_buf()
            })
        } else {
            Some(first.clone())
        }
    }

    /// `K`: opens the compare prompt, suggesting the file compared with last, else the
    /// first other annotations file of the study directory.
    pub(crate) fn open_compare(&mut self) {
        let store = self.tagging.store.as_ref().map(|s| s.path().to_path_buf());
        self.compare.candidates = self
            .study_folder()
            .map(|dir| candidates(&dir, store.as_deref()))
            .unwrap_or_default();
        let suggestion = match &self.compare.view {
            Some(view) => Some(view.second.path.clone()),
            None => self
                .compare
                .last
                .clone()
                .or_else(|| self.compare.candidates.first().cloned()),
        };
        self.compare.input = suggestion.map_or_else(String::new, |p| p.display().to_string());
        self.compare.error = None;
        self.overlay = Some(Overlay::Compare);
    }

    /// Enter in the compare prompt: the agreement screen, or the reason in the prompt.
    pub(crate) fn submit_compare(&mut self) {
        let path = resolve_input(&self.compare.input, self.study_folder().as_deref());
        self.show_agreement(&path);
    }

    /// Compares with `path` and shows the agreement screen; on a problem, the prompt
    /// (open, with the path) says what is wrong.
    fn show_agreement(&mut self, path: &Path) {
        match self.compare_with(path) {
            Ok(view) => {
                self.message = Some(format!(
                    "A {} vs B {}: {} pairs, {} disagree",
                    view.first.name(),
                    view.second.name(),
                    view.result.pairs,
                    view.result.disagreements.len()
                ));
                self.compare.last = Some(view.second.path.clone());
                self.compare.view = Some(view);
                self.compare.error = None;
                self.overlay = None;
                self.audit = None;
                self.awaiting.remove(&JobKind::Truth);
                self.screen = Screen::Agreement;
            }
            Err(e) => {
                self.compare.input = path.display().to_string();
                self.compare.error = Some(e);
                self.overlay = Some(Overlay::Compare);
            }
        }
    }

    /// Whether the study's pairs are in (loaded, and scored for a raw study).
    pub(crate) fn pairs_ready(&self) -> bool {
        self.load == LoadState::Ready && !self.awaiting.contains_key(&JobKind::Score)
    }

    fn compare_with(&self, path: &Path) -> Result<AgreementView, String> {
        if !self.pairs_ready() {
            return Err(
                "the study's pairs are not in yet: try again when the status line says ready"
                    .into(),
            );
        }
        let (first_path, first) = self.first_side()?;
        compare(&first_path, &first, path, &self.study)
    }

    /// Side A: the decisions of the study's store (read from its file when the store
    /// could not be opened here), refusing a file with bad lines as the command does.
    fn first_side(&self) -> Result<(PathBuf, Vec<Annotation>), String> {
        if let Some(store) = &self.tagging.store {
            if let Some(problem) = store.problems().first() {
                return Err(format!(
                    "{problem}: the study's own annotations have lines that are not decisions; fix them to compare"
                ));
            }
            return Ok((store.path().to_path_buf(), store.decisions().to_vec()));
        }
        let dir = self
            .study_folder()
            .ok_or_else(|| "no study directory to read annotations from".to_string())?;
        let path = existing_user_store(&dir, default_data_root().as_deref())
            .unwrap_or_else(|| dir.join(FILE_NAME));
        let (decisions, errors) = read_file(&path);
        match errors.first() {
            Some(e) => Err(e.to_string()),
            None => Ok((path, decisions)),
        }
    }

    /// `flipscope open --compare FILE`: compares as soon as the study's pairs are in
    /// (a study is being loaded, or has been: before that the app is empty and idle).
    pub(crate) fn poll_pending_compare(&mut self) {
        if self.compare.pending.is_none() || self.study_dir.is_none() || !self.pairs_ready() {
            return;
        }
        if let Some(path) = self.compare.pending.take() {
            self.show_agreement(&path);
        }
    }

    /// Esc on the agreement screen: back to the queue.
    pub(crate) fn close_agreement(&mut self) {
        self.compare.view = None;
        self.screen = Screen::Queue;
    }

    /// Back from an audit opened on the agreement screen: the figures recomputed.
    pub(crate) fn back_to_agreement(&mut self) {
        self.screen = Screen::Agreement;
        let Some(view) = self.compare.view.as_ref() else {
            return;
        };
        let fresh = self
            .first_side()
            .and_then(|(_, first)| recompute(view, &first, &self.study));
        match fresh {
            Ok(fresh) => self.compare.view = Some(fresh),
            Err(e) => self.message = Some(format!("agreement not updated: {e}")),
        }
    }

    /// `Tab` on the agreement screen.
    pub(crate) fn toggle_agreement_focus(&mut self) {
        if let Some(view) = &mut self.compare.view {
            view.focus = match view.focus {
                Focus::Tags => Focus::Pairs,
                Focus::Pairs => Focus::Tags,
            };
        }
    }

    /// Moves the focused table's selection.
    pub(crate) fn move_agreement(&mut self, delta: isize) {
        let size = self.size;
        if let Some(view) = &mut self.compare.view {
            let (tags, pairs) = table_rows(size, view);
            let rows = match view.focus {
                Focus::Tags => tags,
                Focus::Pairs => pairs,
            };
            view.move_by(delta, rows);
        }
    }

    /// A page of the agreement screen's focused table.
    pub(crate) fn agreement_page(&self) -> usize {
        self.compare.view.as_ref().map_or(1, |view| {
            let (tags, pairs) = table_rows(self.size, view);
            match view.focus {
                Focus::Tags => tags,
                Focus::Pairs => pairs,
            }
            .max(1)
        })
    }

    /// Enter on the agreement screen: the audit screen of the selected disagreement.
    pub(crate) fn open_disagreement(&mut self) {
        let Some(view) = &mut self.compare.view else {
            return;
        };
        view.focus = Focus::Pairs;
        let Some(d) = view.selected_disagreement() else {
            self.message = Some("no disagreements".into());
            return;
        };
        let key = d.key.clone();
        match self.study.pairs.iter().position(|p| pair_key(p) == key) {
            Some(i) => self.open_pair(i),
            None => self.message = Some(format!("{key} is not among the loaded pairs")),
        }
    }

    /// `]`/`[` on an audit opened from the agreement screen: the next/previous
    /// disagreement.
    pub(crate) fn step_disagreement(&mut self, delta: isize) {
        if self.screen != Screen::Audit {
            return;
        }
        let size = self.size;
        let mut edge = None;
        if let Some(view) = &mut self.compare.view {
            let (_, rows) = table_rows(size, view);
            view.focus = Focus::Pairs;
            let before = view.selected;
            view.move_by(delta, rows);
            let n = view.result.disagreements.len();
            if view.selected == before {
                edge = Some(if delta > 0 {
                    format!("that was the last disagreement ({n} of {n})")
                } else {
                    format!("that was the first disagreement (1 of {n})")
                });
            }
        }
        if let Some(message) = edge {
            self.message = Some(message);
            return;
        }
        self.open_disagreement();
    }
}
