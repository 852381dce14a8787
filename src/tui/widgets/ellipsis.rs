//! Shortening cell text to a column's width with an ellipsis, so a cut is visible:
//! at the end (`dropped-pre…`) where the start says most, in the middle
//! (`sim-deep…v2-lite`) where both ends do, as in model names and strata, or at the
//! start (`…if/async`) where the end tells values apart, or, for a model's
//! `organisation/name`, the organisation first (`…/Qwen2.5-Coder-7B-Instruct-4bit`),
//! since the name is what names the model.

/// Where the ellipsis goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    End,
    Middle,
    Start,
    /// Drops the leading `path/` parts first (`…/name`); a name still too long is cut
    /// in the middle too. Text without `/` is cut in the middle.
    Path,
}

/// `text` in at most `width` characters: unchanged when it fits, else shortened with
/// one `…` at `cut`.
pub fn fit(text: &str, width: usize, cut: Cut) -> String {
    let len = text.chars().count();
    if len <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let keep = width - 1;
    let (head, tail) = match cut {
        Cut::End => (keep, 0),
        Cut::Middle => (keep - keep / 2, keep / 2),
        Cut::Start => (0, keep),
        Cut::Path => return fit_path(text, width),
    };
    if cut == Cut::Start {
        let mut out = String::from('…');
        out.extend(text.chars().skip(len - tail));
        return out;
    }
    let mut out: String = text.chars().take(head).collect();
    out.push('…');
    out.extend(text.chars().skip(len - tail));
    out
}

/// [`Cut::Path`]: `…/name` when that fits, else `…/` and the name cut in the middle
/// (from 4 cells), else the whole text cut in the middle.
fn fit_path(text: &str, width: usize) -> String {
    let Some(slash) = text.rfind('/') else {
        return fit(text, width, Cut::Middle);
    };
    let name = &text[slash + 1..];
    if width < 4 || name.is_empty() {
        return fit(text, width, Cut::Middle);
    }
    format!("…/{}", fit(name, width - 2, Cut::Middle))
}

/// The cut that keeps the `values` of a column distinct at `width` (the column's own
/// cut first); the column's own cut when none does.
pub fn distinct_cut<S: AsRef<str>>(values: &[S], width: usize, preferred: Cut) -> Cut {
    if values.iter().all(|v| v.as_ref().chars().count() <= width) {
        return preferred;
    }
    let distinct = |cut: Cut| {
        let mut seen = std::collections::HashSet::with_capacity(values.len());
        values
            .iter()
            .all(|v| seen.insert(fit(v.as_ref(), width, cut)))
    };
    [preferred, Cut::End, Cut::Start, Cut::Middle, Cut::Path]
        .into_iter()
        .find(|&c| distinct(c))
        .unwrap_or(preferred)
}

#[cfg(test)]
mod tests {
    use super::{Cut, fit};
    use proptest::prelude::*;

    #[test]
    fn text_that_fits_is_unchanged() {
        assert_eq!(fit("correct", 7, Cut::End), "correct");
    }

    #[test]
    fn end_and_middle_cuts() {
        assert_eq!(fit("dropped-predicate", 10, Cut::End), "dropped-p…");
        assert_eq!(
            fit("sim-deepseek-coder-v2-lite", 16, Cut::Middle),
            "sim-deep…v2-lite"
        );
        assert_eq!(fit("nested-if/async", 1, Cut::Middle), "…");
        assert_eq!(fit("nested-if/async", 0, Cut::End), "");
        assert_eq!(fit("nested-if/async", 9, Cut::Start), "…if/async");
    }

    #[test]
    fn a_path_cut_drops_the_organisation_first() {
        let model = "mlx-community/Qwen2.5-Coder-7B-Instruct-4bit";
        assert_eq!(fit(model, 44, Cut::Path), model);
        assert_eq!(
            fit(model, 40, Cut::Path),
            "…/Qwen2.5-Coder-7B-Instruct-4bit"
        );
        assert_eq!(fit(model, 16, Cut::Path), "…/Qwen2.5…t-4bit");
        assert_eq!(fit("fixture-model", 8, Cut::Path), "fixt…del");
        assert_eq!(fit(model, 3, Cut::Path), "m…t");
    }

    proptest! {
        #[test]
        fn never_wider_than_the_column(text in "\\PC{0,40}", width in 0usize..50) {
            let out = fit(&text, width, Cut::Middle);
            prop_assert!(out.chars().count() <= width);
            let out = fit(&text, width, Cut::End);
            prop_assert!(out.chars().count() <= width);
            let out = fit(&text, width, Cut::Start);
            prop_assert!(out.chars().count() <= width);
            let out = fit(&text, width, Cut::Path);
            prop_assert!(out.chars().count() <= width);
        }
    }
}
