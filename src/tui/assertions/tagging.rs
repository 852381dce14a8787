//! Tagging assertions of an AssertionBench study, as pairs are tagged: digit keys
//! toggle taxonomy tags, `a` accepts the suggested one, `n` writes a note, `u` undoes
//! (the shared undo), `E` exports the tagged assertions. The audited assertion is the
//! target, else the queue's selection. Decisions go to the same annotation store, keyed
//! by `AssertionUnit::annotation_key`, saved before they are shown.

use serde_json::json;

use crate::reproof::AssertionView;
use crate::study::store::file::replace_atomically;
use crate::study::{Decision, PairKey};
use crate::tui::action::Action;
use crate::tui::app::{App, Overlay, Screen};
use crate::tui::shell::Shell;

use super::AssertionsState;

/// The export's file name, beside the annotation store (never read as part of a study).
pub const ASSERTION_EXPORT_FILE: &str = "tagged-assertions.jsonl";

/// The tags shown for assertion `index`: the store's decisions, else the loaded ones.
pub fn tags_of(shell: &Shell, s: &AssertionsState, index: usize) -> Vec<String> {
    let key = s.study.views[index].unit.annotation_key();
    shell.tags_on(&key, s.study.loaded_tags.get(&key))
}

/// The note shown for assertion `index`.
pub fn note_of(shell: &Shell, s: &AssertionsState, index: usize) -> Option<String> {
    shell.note_on(&s.study.views[index].unit.annotation_key())
}

/// The category an auditor is offered for an assertion: the cause of a disagreement
/// with JasperGold when there is one, else flipscope's status.
pub fn category_of(view: &AssertionView) -> Option<String> {
    let r = view.record.as_ref()?;
    Some(match r.cause {
        Some(c) => c.as_str().to_string(),
        None => crate::reproof::agreement::flipscope_word(r.status).to_string(),
    })
}

impl App {
    /// Whether an assertions screen is in front.
    pub(crate) fn on_assertions(&self) -> bool {
        matches!(self.screen, Screen::Assertions | Screen::AssertionAudit)
    }

    /// The annotation keys on the assertions screens; the action back when it is not
    /// one of them (undo is the shared one: it names the key it undid).
    pub(crate) fn assertion_tagging_action(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::ToggleTag(key) => self.toggle_assertion_tag(key),
            Action::AcceptSuggestion => self.accept_assertion_suggestion(),
            Action::EditNote => self.open_assertion_note(),
            Action::ExportTags => self.export_tagged_assertions(),
            other => return Some(other),
        }
        None
    }

    /// The assertion the tagging keys act on: the audited one, else the selection.
    fn assertion_target(&self) -> Option<(usize, PairKey)> {
        let s = self.assertions.as_ref()?;
        let index = match (&s.audit, self.screen) {
            (Some(a), Screen::AssertionAudit) => a.index,
            _ => *s.visible.get(s.selected)?,
        };
        Some((index, s.study.views.get(index)?.unit.annotation_key()))
    }

    fn toggle_assertion_tag(&mut self, key: char) {
        let Some(tag) = self.tagging.taxonomy.for_key(key).map(str::to_string) else {
            self.message = Some(format!("no tag on key {key}"));
            return;
        };
        if self.ask_auditor_first(Action::ToggleTag(key)) {
            return;
        }
        let Some((_, target)) = self.assertion_target() else {
            self.message = Some("no assertion selected".into());
            return;
        };
        let result = self.tagging.toggle_on(&target, &tag, None);
        self.message = Some(match result {
            Ok(on) => {
                let verb = if on { "tagged" } else { "untagged" };
                format!("{verb} {tag} (saved){}", self.show_merged())
            }
            Err(e) => e,
        });
        self.tagging.undo_groups.push(1);
    }

    fn accept_assertion_suggestion(&mut self) {
        if self.ask_auditor_first(Action::AcceptSuggestion) {
            return;
        }
        let Some((index, target)) = self.assertion_target() else {
            self.message = Some("no assertion selected".into());
            return;
        };
        let Some(s) = self.assertions.as_ref() else {
            return;
        };
        let category = category_of(&s.study.views[index]);
        let Some(category) = category else {
            self.message = Some("no tag suggested: flipscope has not re-proven it".into());
            return;
        };
        let Some(tag) = self
            .tagging
            .taxonomy
            .suggestion(Some(&category))
            .map(str::to_string)
        else {
            self.message = Some(format!("no tag suggested for `{category}`"));
            return;
        };
        if self
            .tagging
            .tags_on(&target)
            .unwrap_or_default()
            .contains(&tag)
        {
            self.message = Some(format!("already tagged {tag}"));
            return;
        }
        self.message = Some(
            match self
                .tagging
                .decide_on(&target, Decision::Tag(tag.clone()), None)
            {
                Ok(()) => format!("tagged {tag} (saved){}", self.show_merged()),
                Err(e) => e,
            },
        );
        self.tagging.undo_groups.push(1);
    }

    fn open_assertion_note(&mut self) {
        let Some((_, target)) = self.assertion_target() else {
            self.message = Some("no assertion selected".into());
            return;
        };
        if self.ask_auditor_first(Action::EditNote) {
            return;
        }
        self.tagging.note_input = self.shell().note_on(&target).unwrap_or_default();
        self.overlay = Some(Overlay::Note);
    }

    /// Enter in the note popup on an assertions screen: the note is saved.
    pub(crate) fn save_assertion_note(&mut self) {
        let Some((_, target)) = self.assertion_target() else {
            return;
        };
        let note = self.tagging.note_input.trim().to_string();
        self.message = Some(
            match self.tagging.decide_on(&target, Decision::Note(note), None) {
                Ok(()) => format!("note saved{}", self.show_merged()),
                Err(e) => e,
            },
        );
        self.tagging.undo_groups.push(1);
    }

    /// `E`: the tagged or annotated assertions the queue shows, one JSON object per
    /// line, written beside the annotation store.
    fn export_tagged_assertions(&mut self) {
        self.message = Some(match self.write_assertion_export() {
            Ok((path, n)) => format!("exported {n} tagged assertions to {}", path.display()),
            Err(e) => e,
        });
    }

    fn write_assertion_export(&self) -> Result<(std::path::PathBuf, usize), String> {
        let s = self
            .assertions
            .as_ref()
            .ok_or_else(|| "not exported: the assertions are not in yet".to_string())?;
        let shell = self.shell();
        let mut text = String::new();
        let mut n = 0;
        for &i in &s.visible {
            let tags = tags_of(&shell, s, i);
            let note = note_of(&shell, s, i);
            if tags.is_empty() && note.is_none() {
                continue;
            }
            let v = &s.study.views[i];
            let u = &v.unit;
            let line = json!({
                "id": u.id,
                "design": u.program,
                "model": u.model,
                "shots": u.shots,
                "assertion": u.index,
                "file": u.file,
                "line": u.line,
                "jasper": u.external_class(),
                "flipscope": v.flipscope(),
                "agree": v.agree(),
                "cause": v.record.as_ref().and_then(|r| r.cause).map(|c| c.as_str()),
                "tags": tags,
                "note": note,
            });
            text.push_str(&line.to_string());
            text.push('\n');
            n += 1;
        }
        let path = self.export_dir()?.join(ASSERTION_EXPORT_FILE);
        replace_atomically(&path, &text)
            .map_err(|e| format!("not exported: cannot write {}: {e}", path.display()))?;
        Ok((path, n))
    }
}
