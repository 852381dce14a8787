//! The answers the popup shows and where it is scrolled, and how they are found: a
//! pair's two generations (original and transformed input), a family pair's shown
//! implementation, an assertion's generation.

use crate::tui::model::StudyView;

/// One raw answer: what it is the answer to, and its text (escaped for the terminal
/// when the study was loaded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub title: String,
    pub text: String,
}

/// The popup's answers and scroll (in wrapped lines).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnswerState {
    pub answers: Vec<Answer>,
    pub scroll: usize,
}

impl AnswerState {
    /// Scrolls by `delta` wrapped lines, no further than `max`.
    pub fn move_by(&mut self, delta: isize, max: usize) {
        self.scroll = self.scroll.min(max).saturating_add_signed(delta).min(max);
    }
}

/// The raw answer of `model` to the prompt of `program`'s `variant` (sample `sample`).
pub fn answer_of(
    study: &StudyView,
    model: &str,
    program: &str,
    variant: &str,
    sample: u32,
) -> Option<Answer> {
    let key = (
        model.to_string(),
        program.to_string(),
        variant.to_string(),
        sample,
    );
    study.outputs.get(&key).map(|text| Answer {
        title: format!("{model} on {program} · {variant}"),
        text: text.clone(),
    })
}

/// Pair `i`'s answers: to the original input, then to the transformed one (the last
/// is what the copy menu copies).
pub fn pair_answers(study: &StudyView, i: usize) -> Vec<Answer> {
    let Some(p) = study.pairs.get(i) else {
        return Vec::new();
    };
    let original = crate::study::ORIGINAL;
    let mut out: Vec<Answer> = answer_of(study, &p.model, &p.program, original, p.sample)
        .into_iter()
        .map(|a| Answer {
            title: format!("original: {}", a.title),
            ..a
        })
        .collect();
    if p.variant != original {
        out.extend(
            answer_of(study, &p.model, &p.program, &p.variant, p.sample).map(|a| Answer {
                title: format!("transformed: {}", a.title),
                ..a
            }),
        );
    }
    out
}
