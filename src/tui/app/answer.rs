//! Opening the raw answer popup with the answers of the screen in front (`A`): the
//! audited or selected pair's two answers, the family pair's shown implementation,
//! the audited assertion's generation. The popup's own state and view are
//! `tui::answer`'s.

use crate::tui::answer::state::{Answer, answer_of, pair_answers};
use crate::tui::app::{App, Overlay, Screen};
use crate::tui::layout::frame_areas;

impl App {
    /// The answers of what the screen in front shows.
    pub(crate) fn answers_in_front(&self) -> Vec<Answer> {
        match self.screen {
            Screen::Family => {
                let (Some(state), Some(a)) = (&self.family, self.family_audit()) else {
                    return Vec::new();
                };
                let variant = a.shown_variant(&state.study);
                answer_of(&self.study, &a.model, &a.program, variant, a.sample)
                    .into_iter()
                    .collect()
            }
            Screen::Assertions | Screen::AssertionAudit => {
                let Some(s) = &self.assertions else {
                    return Vec::new();
                };
                let index = match (&s.audit, self.screen) {
                    (Some(a), Screen::AssertionAudit) => Some(a.index),
                    _ => s.visible.get(s.selected).copied(),
                };
                let Some(unit) = index.and_then(|i| s.study.views.get(i)).map(|v| &v.unit) else {
                    return Vec::new();
                };
                let key = (unit.program.clone(), unit.model.clone(), unit.shots);
                s.study
                    .answers
                    .get(&key)
                    .map(|text| Answer {
                        title: format!("{} on {} · {}", unit.model, unit.program, unit.id),
                        text: text.clone(),
                    })
                    .into_iter()
                    .collect()
            }
            _ => self
                .tag_target()
                .map(|i| pair_answers(&self.study, i))
                .unwrap_or_default(),
        }
    }

    /// `A`: the popup, or why there is nothing to show.
    pub(crate) fn show_answer(&mut self) {
        let answers = self.answers_in_front();
        if answers.is_empty() {
            self.message =
                Some("no raw answer: the study holds no generation for this (a pairs file)".into());
            return;
        }
        self.answer.answers = answers;
        self.answer.scroll = 0;
        self.overlay = Some(Overlay::Answer);
    }

    /// Rows of the popup in view and how far it scrolls.
    pub(crate) fn answer_extent(&self) -> (usize, usize) {
        let [body, _, _] = frame_areas(ratatui::layout::Rect::new(0, 0, self.size.0, self.size.1));
        crate::tui::answer::view::extent(&self.theme, &self.answer, body)
    }
}
