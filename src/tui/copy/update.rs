//! How `App` copies: what of the audited (or selected) pair goes on the clipboard. The
//! app only records the text (`App::clipboard`); the runner writes it to the terminal
//! as OSC 52, which terminals (and tmux with `set-clipboard on`) put on the system
//! clipboard.

use crate::tui::action::CopyTarget;
use crate::tui::app::App;
use crate::tui::tagging::pair_key;

impl App {
    /// Puts `target` of the audited (or selected) pair on the clipboard.
    pub(crate) fn copy(&mut self, target: CopyTarget) {
        self.overlay = None;
        if target == CopyTarget::Answer {
            let answer = self.answers_in_front().pop();
            let what = answer.as_ref().map_or(String::new(), |a| a.title.clone());
            self.put_on_clipboard(&format!("the raw answer of {what}"), answer.map(|a| a.text));
            return;
        }
        let Some(i) = self.tag_target() else {
            self.message = Some("nothing to copy: no pair selected".into());
            return;
        };
        let pair = &self.study.pairs[i];
        let (what, text) = match target {
            CopyTarget::PairId => ("the pair id", Some(pair_key(pair).to_string())),
            CopyTarget::Transformed => (
                "the transformed property",
                Some(self.transformed_property_shown(i)).filter(|t| !t.is_empty()),
            ),
            CopyTarget::Original => (
                "the original property",
                Some(pair.base.property.clone()).filter(|t| !t.is_empty()),
            ),
            CopyTarget::Reason => (
                "the reason",
                Some(pair.trans.reason.clone()).filter(|t| !t.is_empty()),
            ),
            // Copied above (it needs no pair: an assertion has its answer too).
            CopyTarget::Answer => return,
            CopyTarget::Reference => (
                "the reference property",
                crate::tui::model::AuditData::of(&self.study, i)
                    .and_then(|d| d.reference_property.clone()),
            ),
        };
        self.put_on_clipboard(what, text);
    }

    fn put_on_clipboard(&mut self, what: &str, text: Option<String>) {
        match text {
            Some(text) => {
                self.message = Some(format!(
                    "copied {what} ({} characters) to the clipboard",
                    text.chars().count()
                ));
                self.clipboard = Some(text);
            }
            None if what.ends_with(" of ") => {
                self.message = Some("nothing to copy: no raw answer here".into());
            }
            None => self.message = Some(format!("nothing to copy: the pair has no {what}")),
        }
    }

    /// The transformed property as the audit screen shows it: as the model wrote it,
    /// or in the original names in rename mode.
    fn transformed_property_shown(&self, i: usize) -> String {
        match &self.audit {
            Some(a) if a.pair == i => a.transformed_property().0,
            _ => crate::tui::model::AuditData::of(&self.study, i)
                .map(|d| d.trans_verbatim().0)
                .unwrap_or_default(),
        }
    }
}
