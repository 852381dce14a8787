//! Shortening cell text to a column's width with an ellipsis, so a cut is visible:
//! at the end (`dropped-pre…`) where the start says most, in the middle
//! (`sim-deep…v2-lite`) where both ends do, as in model names and strata, or at the
//! start (`…if/async`) where the end tells values apart.

/// Where the ellipsis goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    End,
    Middle,
    Start,
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
    [preferred, Cut::End, Cut::Start, Cut::Middle]
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

    proptest! {
        #[test]
        fn never_wider_than_the_column(text in "\\PC{0,40}", width in 0usize..50) {
            let out = fit(&text, width, Cut::Middle);
            prop_assert!(out.chars().count() <= width);
            let out = fit(&text, width, Cut::End);
            prop_assert!(out.chars().count() <= width);
            let out = fit(&text, width, Cut::Start);
            prop_assert!(out.chars().count() <= width);
        }
    }
}
