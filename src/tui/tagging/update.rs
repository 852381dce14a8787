//! How `App` applies the tagging actions: digit keys toggle taxonomy tags (on every
//! marked pair at once when some are marked), `a` accepts the suggested category, the
//! note popup, undo (a marked batch undoes together) and the audit sample. Every
//! decision is saved by the annotation store first; only then do the queue, its `tag=`
//! filter, the header counts and the audit screen show it. With no auditor name known,
//! the first decision asks for one.

use std::path::Path;
use std::sync::Arc;

use crate::study::{Decision, PairKey};
use crate::tui::action::Action;
use crate::tui::app::{App, Overlay};
use crate::tui::tagging::{SAMPLE_K, SAMPLE_SEED, Sample, pair_key};

impl App {
    /// The annotation keys (tags, notes, undo, the audit sample, the comparison, the
    /// export), from whichever screen offers them; the action back when it is not one.
    pub(crate) fn tagging_action(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::ToggleTag(key) => self.toggle_tag_key(key),
            Action::AcceptSuggestion => self.accept_suggestion(),
            Action::EditNote => self.open_note(),
            Action::Undo => self.undo_decision(),
            Action::ToggleSample => self.toggle_sample(),
            Action::OpenCompare => self.open_compare(),
            Action::ExportTags => self.export_tagged_pairs(),
            other => return Some(other),
        }
        None
    }

    /// Opens the annotation store of the study in `dir` and shows its tags. Where
    /// decisions go is in the queue's header; the status line only speaks when the
    /// store is read-only or is not in the study directory.
    pub fn open_annotations(&mut self, dir: &Path, data_root: Option<&Path>) {
        if let Some(message) = self.tagging.open(dir, data_root) {
            self.message = Some(message);
        }
        self.apply_store_tags();
    }

    /// Shows the store's decisions on the study's pairs: after the store opens, and
    /// whenever the pairs are replaced (a raw study scored, or rescored under the other
    /// oracle), so decisions of this session are never hidden.
    pub(crate) fn apply_store_tags(&mut self) {
        self.tagging.loaded_tags = self.study.pairs.iter().map(|p| p.tags.clone()).collect();
        if self.tagging.store.is_some() {
            let study = Arc::make_mut(&mut self.study);
            for pair in &mut study.pairs {
                if let Some(tags) = self.tagging.tags_of(pair) {
                    pair.tags = tags;
                }
            }
            self.queue.refilter(&self.study);
        }
    }

    /// The pair the tagging keys act on: the audited pair, else the queue's selection.
    pub(crate) fn tag_target(&self) -> Option<usize> {
        match (&self.audit, self.family_audit()) {
            (Some(a), _) => Some(a.pair),
            (None, Some(f)) if self.screen == crate::tui::app::Screen::Family => Some(f.pair),
            (None, _) => self.queue.selected_pair(),
        }
    }

    /// The pairs the tag keys act on: the marked ones the queue shows, when there are
    /// any, else the target pair.
    fn tag_targets(&self) -> Vec<usize> {
        if self.audit.is_none()
            && self.screen != crate::tui::app::Screen::Family
            && !self.queue.marked.is_empty()
        {
            let shown: Vec<usize> = self
                .queue
                .visible
                .iter()
                .copied()
                .filter(|i| self.queue.marked.contains(i))
                .collect();
            if !shown.is_empty() {
                return shown;
            }
        }
        self.tag_target().into_iter().collect()
    }

    /// The note of pair `i` (see `Shell::note_of`).
    pub fn note_of(&self, i: usize) -> Option<String> {
        self.shell().note_of(i)
    }

    /// When no auditor name is known yet, asks for one (the decision `then` is made
    /// once it is given) and returns true.
    pub(crate) fn ask_auditor_first(&mut self, then: Action) -> bool {
        if !self.tagging.auditor_unknown || self.tagging.store.is_none() {
            return false;
        }
        self.tagging.pending = Some(then);
        self.tagging.auditor_input.clear();
        self.overlay = Some(Overlay::Auditor);
        true
    }

    /// Enter in the name prompt: decisions of this session are stamped with the name;
    /// the decision that asked is made.
    pub(crate) fn submit_auditor(&mut self) {
        let name = self.tagging.auditor_input.trim().to_string();
        if name.is_empty() {
            self.message = Some("type your name (Esc: decide nothing)".into());
            return;
        }
        self.overlay = None;
        self.tagging.auditor = name.clone();
        self.tagging.auditor_unknown = false;
        if let Some((dir, root)) = self.tagging.opened.clone() {
            self.open_annotations(&dir, root.as_deref());
        }
        let config = crate::study::config::default_path()
            .map_or("flipscope's config.toml".to_string(), |p| {
                p.display().to_string()
            });
        self.message = Some(format!(
            "decisions are stamped `{name}` this session; `auditor = \"{name}\"` in {config} keeps it"
        ));
        if let Some(action) = self.tagging.pending.take() {
            self.update(action);
        }
    }

    /// Esc in the name prompt: nothing is decided.
    pub(crate) fn cancel_auditor(&mut self) {
        self.overlay = None;
        self.tagging.pending = None;
        self.message = Some(
            "not saved: a decision needs an auditor name (set `auditor` in the config, or type one at the next decision)"
                .into(),
        );
    }

    /// Toggles the taxonomy tag of digit key `key` on the target pairs.
    pub(crate) fn toggle_tag_key(&mut self, key: char) {
        let Some(tag) = self.tagging.taxonomy.for_key(key).map(str::to_string) else {
            self.message = Some(format!("no tag on key {key}"));
            return;
        };
        if self.ask_auditor_first(Action::ToggleTag(key)) {
            return;
        }
        self.toggle_tag(&tag);
    }

    fn toggle_tag(&mut self, tag: &str) {
        let targets = self.tag_targets();
        if let [i] = targets[..] {
            let pair = self.study.pairs[i].clone();
            self.message = Some(match self.tagging.toggle(&pair, tag) {
                Ok(true) => format!("tagged {tag} (saved){}", self.show_merged()),
                Ok(false) => format!("untagged {tag} (saved){}", self.show_merged()),
                Err(e) => e,
            });
            self.tagging.undo_groups.push(1);
            self.refresh_pair(i);
            return;
        }
        if targets.is_empty() {
            return;
        }
        // Several marked pairs: the tag goes on all of them, or off all of them when
        // they all have it.
        let all_have = targets
            .iter()
            .all(|&i| self.study.pairs[i].tags.iter().any(|t| t == tag));
        let change: Vec<usize> = targets
            .iter()
            .copied()
            .filter(|&i| self.study.pairs[i].tags.iter().any(|t| t == tag) == all_have)
            .collect();
        let (done, error) = self.decide_each(&change, |tagging, pair| {
            tagging.toggle(pair, tag).map(|_| ())
        });
        let verb = if all_have { "untagged" } else { "tagged" };
        self.message = Some(match error {
            None => format!(
                "{verb} {tag} on {done} of {} marked pairs (saved)",
                targets.len()
            ),
            Some(e) => format!("{verb} {tag} on {done} pairs, then: {e}"),
        });
    }

    /// Refreshes the pairs of decisions the store merged from another program's lines
    /// (added to annotations.jsonl while the TUI had it open); what to add to the message.
    pub(crate) fn show_merged(&mut self) -> String {
        let keys = match self.tagging.store.as_mut() {
            Some(store) => store.take_merged(),
            None => return String::new(),
        };
        for key in &keys {
            if let Some(i) = self.pair_index(key) {
                self.refresh_pair(i);
            }
        }
        match keys.len() {
            0 => String::new(),
            1 => "; 1 decision another program added to the file was kept and merged".into(),
            n => format!("; {n} decisions another program added to the file were kept and merged"),
        }
    }

    /// Makes one decision per pair of `pairs` (stopping at the first that fails); they
    /// undo together. How many were saved, and the error.
    fn decide_each(
        &mut self,
        pairs: &[usize],
        decide: impl Fn(&mut super::Tagging, &crate::tui::model::PairView) -> Result<(), String>,
    ) -> (usize, Option<String>) {
        let mut done = 0;
        let mut error = None;
        for &i in pairs {
            let pair = self.study.pairs[i].clone();
            match decide(&mut self.tagging, &pair) {
                Ok(()) => done += 1,
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
            self.refresh_pair(i);
        }
        if done > 0 {
            self.tagging.undo_groups.push(done);
        }
        (done, error)
    }

    /// Tags the target pairs with their suggested category (the transformed side's).
    pub(crate) fn accept_suggestion(&mut self) {
        if self.ask_auditor_first(Action::AcceptSuggestion) {
            return;
        }
        let targets = self.tag_targets();
        let suggestion = |app: &App, i: usize| {
            let category = app.study.pairs[i].trans.category.clone();
            let tag = app
                .tagging
                .taxonomy
                .suggestion(Some(&category))
                .map(str::to_string);
            (category, tag)
        };
        if let [i] = targets[..] {
            let (category, tag) = suggestion(self, i);
            let Some(tag) = tag else {
                self.message = Some(format!("no tag suggested for `{category}`"));
                return;
            };
            if self.study.pairs[i].tags.contains(&tag) {
                self.message = Some(format!("already tagged {tag}"));
                return;
            }
            let pair = self.study.pairs[i].clone();
            self.message = Some(
                match self.tagging.decide(&pair, Decision::Tag(tag.clone())) {
                    Ok(()) => format!("tagged {tag} (saved){}", self.show_merged()),
                    Err(e) => e,
                },
            );
            self.tagging.undo_groups.push(1);
            self.refresh_pair(i);
            return;
        }
        let todo: Vec<(usize, String)> = targets
            .iter()
            .filter_map(|&i| {
                let tag = suggestion(self, i).1?;
                (!self.study.pairs[i].tags.contains(&tag)).then_some((i, tag))
            })
            .collect();
        let pairs: Vec<usize> = todo.iter().map(|(i, _)| *i).collect();
        let tags: std::collections::HashMap<usize, String> = todo.into_iter().collect();
        let index: std::collections::HashMap<crate::study::PairKey, usize> = pairs
            .iter()
            .map(|&i| (pair_key(&self.study.pairs[i]), i))
            .collect();
        let (done, error) = self.decide_each(&pairs, |tagging, pair| {
            let tag = index.get(&pair_key(pair)).and_then(|i| tags.get(i));
            match tag {
                Some(tag) => tagging.decide(pair, Decision::Tag(tag.clone())),
                None => Ok(()),
            }
        });
        self.message = Some(match error {
            None => format!(
                "accepted the suggestion on {done} of {} marked pairs (saved; the others had it or have none)",
                targets.len()
            ),
            Some(e) => format!("accepted the suggestion on {done} pairs, then: {e}"),
        });
    }

    /// Opens the note popup with the target pair's note.
    pub(crate) fn open_note(&mut self) {
        let Some(i) = self.tag_target() else { return };
        if self.ask_auditor_first(Action::EditNote) {
            return;
        }
        self.tagging.note_input = self.note_of(i).unwrap_or_default();
        self.overlay = Some(Overlay::Note);
    }

    /// Saves the typed note on the target pair and closes the popup.
    pub(crate) fn save_note(&mut self) {
        self.overlay = None;
        if self.on_assertions() {
            return self.save_assertion_note();
        }
        let Some(i) = self.tag_target() else { return };
        let pair = self.study.pairs[i].clone();
        let note = self.tagging.note_input.trim().to_string();
        self.message = Some(match self.tagging.decide(&pair, Decision::Note(note)) {
            Ok(()) => format!("note saved{}", self.show_merged()),
            Err(e) => e,
        });
        self.tagging.undo_groups.push(1);
        self.refresh_pair(i);
    }

    /// Undoes this session's last decision (all the pairs of a marked batch at once).
    pub(crate) fn undo_decision(&mut self) {
        let group = self.tagging.undo_groups.pop().unwrap_or(1).max(1);
        let mut undone = Vec::new();
        let mut error = None;
        for _ in 0..group {
            match self.tagging.undo() {
                Ok(Some(decision)) => undone.push(decision),
                Ok(None) => break,
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        for (key, _) in &undone {
            if let Some(i) = self.pair_index(key) {
                self.refresh_pair(i);
            }
        }
        self.message = Some(match (error, &undone[..]) {
            (Some(e), _) => e,
            (None, []) => "nothing to undo in this session".into(),
            (None, [(key, what)]) => format!("undone: {what} on {key}"),
            (None, many) => {
                let pairs: std::collections::BTreeSet<_> = many.iter().map(|(k, _)| k).collect();
                let (_, what) = &many[0];
                format!(
                    "undone: {what} on {} pairs ({} decisions)",
                    pairs.len(),
                    many.len()
                )
            }
        });
    }

    fn pair_index(&self, key: &PairKey) -> Option<usize> {
        self.study.pairs.iter().position(|p| pair_key(p) == *key)
    }

    /// Shows the store's tags of pair `i` everywhere (queue, filter, audit screen).
    fn refresh_pair(&mut self, i: usize) {
        if self.tagging.store.is_none() {
            return;
        }
        let tags = self
            .tagging
            .tags_of(&self.study.pairs[i])
            .or_else(|| self.tagging.loaded_tags.get(i).cloned())
            .unwrap_or_default();
        Arc::make_mut(&mut self.study).pairs[i].tags = tags.clone();
        if let Some(audit) = &mut self.audit
            && audit.pair == i
        {
            Arc::make_mut(&mut audit.data).tags = tags;
        }
        // Keep the selection on the pair, even when a `tag=` filter now hides it.
        self.queue.refilter(&self.study);
        let rows = self.queue_rows();
        self.queue.scroll_into_view(rows);
    }

    /// Replaces the queue with the audit sample, or returns to the full queue.
    pub(crate) fn toggle_sample(&mut self) {
        if self.tagging.sample.take().is_some() {
            self.queue.only = None;
            self.message = Some("full queue".into());
        } else {
            let sample = Sample::draw(&self.study, SAMPLE_K, SAMPLE_SEED);
            self.message = Some(format!(
                "audit sample: {} CW pairs per condition, seed {}",
                sample.k, sample.seed
            ));
            self.queue.only = Some(sample.pairs.clone());
            self.queue.selected = 0;
            self.queue.offset = 0;
            self.tagging.sample = Some(sample);
        }
        self.queue.refilter(&self.study);
        let rows = self.queue_rows();
        self.queue.scroll_into_view(rows);
    }

    /// `sample 3/30 audited (seed 42)` while the sample is shown.
    pub fn sample_progress(&self) -> Option<String> {
        self.shell().sample_progress()
    }
}
