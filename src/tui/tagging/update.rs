//! How `App` applies the tagging actions: digit keys toggle taxonomy tags, `a` accepts
//! the suggested category, the note popup, undo and the audit sample. Every decision
//! is saved by the annotation store first; only then do the queue, its `tag=` filter,
//! the header counts and the audit screen show it.

use std::path::Path;
use std::sync::Arc;

use crate::study::{Decision, PairKey};
use crate::tui::app::{App, Overlay};
use crate::tui::tagging::{SAMPLE_K, SAMPLE_SEED, Sample, pair_key};

impl App {
    /// Opens the annotation store of the study in `dir` and shows its tags.
    pub fn open_annotations(&mut self, dir: &Path, data_root: Option<&Path>) {
        let message = self.tagging.open(dir, data_root);
        self.message = Some(message);
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
    fn tag_target(&self) -> Option<usize> {
        match &self.audit {
            Some(a) => Some(a.pair),
            None => self.queue.selected_pair(),
        }
    }

    /// Toggles the taxonomy tag of digit key `key` on the target pair.
    pub(crate) fn toggle_tag_key(&mut self, key: char) {
        let Some(tag) = self.tagging.taxonomy.for_key(key).map(str::to_string) else {
            self.message = Some(format!("no tag on key {key}"));
            return;
        };
        self.toggle_tag(&tag);
    }

    fn toggle_tag(&mut self, tag: &str) {
        let Some(i) = self.tag_target() else { return };
        let pair = self.study.pairs[i].clone();
        self.message = Some(match self.tagging.toggle(&pair, tag) {
            Ok(true) => format!("tagged {tag} (saved)"),
            Ok(false) => format!("untagged {tag} (saved)"),
            Err(e) => e,
        });
        self.refresh_pair(i);
    }

    /// Tags the target pair with its suggested category (the transformed side's).
    pub(crate) fn accept_suggestion(&mut self) {
        let Some(i) = self.tag_target() else { return };
        let category = self.study.pairs[i].trans.category.clone();
        let Some(tag) = self
            .tagging
            .taxonomy
            .suggestion(Some(&category))
            .map(str::to_string)
        else {
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
                Ok(()) => format!("tagged {tag} (saved)"),
                Err(e) => e,
            },
        );
        self.refresh_pair(i);
    }

    /// Opens the note popup with the target pair's note.
    pub(crate) fn open_note(&mut self) {
        let Some(i) = self.tag_target() else { return };
        self.tagging.note_input = self
            .tagging
            .note_of(&self.study.pairs[i])
            .unwrap_or_default();
        self.overlay = Some(Overlay::Note);
    }

    /// Saves the typed note on the target pair and closes the popup.
    pub(crate) fn save_note(&mut self) {
        self.overlay = None;
        let Some(i) = self.tag_target() else { return };
        let pair = self.study.pairs[i].clone();
        let note = self.tagging.note_input.trim().to_string();
        self.message = Some(match self.tagging.decide(&pair, Decision::Note(note)) {
            Ok(()) => "note saved".into(),
            Err(e) => e,
        });
        self.refresh_pair(i);
    }

    /// Undoes this session's last decision.
    pub(crate) fn undo_decision(&mut self) {
        self.message = Some(match self.tagging.undo() {
            Ok(Some(key)) => {
                if let Some(i) = self.pair_index(&key) {
                    self.refresh_pair(i);
                }
                format!("undone on {key}")
            }
            Ok(None) => "nothing to undo in this session".into(),
            Err(e) => e,
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
        let sample = self.tagging.sample.as_ref()?;
        Some(format!(
            "sample {}/{} audited (k {}, seed {})",
            sample.audited(&self.study, self.tagging.store.as_ref()),
            sample.pairs.len(),
            sample.k,
            sample.seed
        ))
    }
}
