//! The audit queue's state: every pair in an order (model, variant, program, behavior
//! by default, or sorted by a column), the indices that pass the current filter and
//! quick keys, the selection and scroll offset, the marked pairs, and the 2x2
//! transition counts of the current filter. The filtered list holds indices only, so
//! 100,000 pairs stay cheap.

use std::collections::BTreeSet;

use crate::tui::model::filter::Filter;
use crate::tui::model::{FlipClass, PairView, StudyView};

/// The queue's search (`s`): what is typed, and the row the search started from (Esc
/// goes back to it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchState {
    pub query: String,
    pub start: usize,
}

/// Whether a pair's row holds `query` in any column: ignoring case unless the query
/// has a capital letter (smart case).
pub fn row_matches(pair: &PairView, query: &str) -> bool {
    let fields = [
        pair.program.as_str(),
        &pair.stratum,
        &pair.behavior,
        &pair.model,
        &pair.variant,
        pair.flip.as_str(),
        &pair.base.category,
        &pair.trans.category,
    ];
    fields_match(
        fields
            .into_iter()
            .chain(pair.tags.iter().map(String::as_str)),
        query,
    )
}

/// Whether any of `fields` holds `query`, in smart case (as [`row_matches`]); never
/// for an empty query.
pub fn fields_match<'a>(fields: impl IntoIterator<Item = &'a str>, query: &str) -> bool {
    if query.is_empty() {
        return false;
    }
    let fold = !query.chars().any(char::is_uppercase);
    let query = if fold {
        query.to_lowercase()
    } else {
        query.to_string()
    };
    fields.into_iter().any(|text| {
        if fold {
            text.to_lowercase().contains(&query)
        } else {
            text.contains(&query)
        }
    })
}

/// The queue over one study.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queue {
    /// Every pair index, sorted by model, variant, program, behavior.
    default_order: Vec<usize>,
    /// Every pair index in the order shown (the default order, or sorted by a column).
    order: Vec<usize>,
    /// The column the queue is sorted by (`COLUMNS` index); `None`: the default order.
    pub sort: Option<usize>,
    /// Whether the order is reversed.
    pub descending: bool,
    /// The marked pairs (indices): the tagging keys act on all of them.
    pub marked: BTreeSet<usize>,
    /// The pair indices shown, in `order`.
    pub visible: Vec<usize>,
    /// Position of the selection within `visible`.
    pub selected: usize,
    /// First shown position within `visible`.
    pub offset: usize,
    /// Quick key: only this flip class (default `CW`); `None` shows all.
    pub flip: Option<FlipClass>,
    /// Quick key: only this model.
    pub model: Option<String>,
    /// Quick key: only this variant.
    pub variant: Option<String>,
    /// The text filter (`/`).
    pub filter: Filter,
    /// Counts of CC, CW, WC, WW over the pairs that pass the filter, model and variant
    /// (the flip-class quick key left out, so the table shows the whole transition).
    pub transitions: [usize; 4],
    /// The models and variants present, sorted (for the quick keys).
    pub models: Vec<String>,
    pub variants: Vec<String>,
    /// Only these pair indices, in this order (the audit sample); `None`: every pair.
    pub only: Option<Vec<usize>>,
    /// The widest cell of each fixed column over the whole study, headers left out
    /// (program, stratum, behavior, model, variant, flip, base, trans), so columns do not
    /// jump while scrolling.
    pub natural_widths: [u16; 8],
    /// The distinct texts of the program, stratum, behavior, model and variant columns
    /// (their abbreviations are chosen so that no two look the same).
    pub distinct: [Vec<String>; 5],
}

impl Queue {
    /// A queue over `study` showing its `CW` pairs.
    pub fn new(study: &StudyView) -> Queue {
        let mut order: Vec<usize> = (0..study.pairs.len()).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&study.pairs[a], &study.pairs[b]);
            (&a.model, &a.variant, &a.program, &a.behavior).cmp(&(
                &b.model,
                &b.variant,
                &b.program,
                &b.behavior,
            ))
        });
        let mut models: Vec<String> = study.pairs.iter().map(|p| p.model.clone()).collect();
        models.sort();
        models.dedup();
        let mut variants: Vec<String> = study.pairs.iter().map(|p| p.variant.clone()).collect();
        variants.sort();
        variants.dedup();
        let mut queue = Queue {
            default_order: order.clone(),
            order,
            sort: None,
            descending: false,
            marked: BTreeSet::new(),
            visible: Vec::new(),
            selected: 0,
            offset: 0,
            flip: Some(FlipClass::CW),
            model: None,
            variant: None,
            filter: Filter::default(),
            transitions: [0; 4],
            models,
            variants,
            only: None,
            natural_widths: natural_widths(study),
            distinct: distinct_texts(study),
        };
        queue.refilter(study);
        queue
    }

    /// The pair index under the selection.
    pub fn selected_pair(&self) -> Option<usize> {
        self.visible.get(self.selected).copied()
    }

    /// Recomputes the visible list and the counts; keeps the selected pair when it is
    /// still shown.
    pub fn refilter(&mut self, study: &StudyView) {
        let keep = self.selected_pair();
        self.visible.clear();
        self.transitions = [0; 4];
        // The audit sample keeps its draw order unless a column sort is asked for.
        let sample_sorted;
        let order = match &self.only {
            Some(only) if self.sort.is_some() || self.descending => {
                let rank: std::collections::HashMap<usize, usize> = self
                    .order
                    .iter()
                    .enumerate()
                    .map(|(r, &i)| (i, r))
                    .collect();
                let mut v = only.clone();
                v.sort_by_key(|i| rank.get(i).copied().unwrap_or(usize::MAX));
                sample_sorted = v;
                &sample_sorted
            }
            Some(only) => only,
            None => &self.order,
        };
        for &i in order {
            let pair = &study.pairs[i];
            if self.model.as_ref().is_some_and(|m| *m != pair.model)
                || self.variant.as_ref().is_some_and(|v| *v != pair.variant)
                || !self.filter.matches(pair)
            {
                continue;
            }
            self.transitions[pair.flip as usize] += 1;
            if self.flip.is_none_or(|f| f == pair.flip) {
                self.visible.push(i);
            }
        }
        self.selected = keep
            .and_then(|k| self.visible.iter().position(|&i| i == k))
            .unwrap_or(0);
        self.offset = self.offset.min(self.selected);
    }

    /// Moves the selection by `delta` rows (clamped) and scrolls so that it stays
    /// within `rows` shown rows.
    pub fn move_by(&mut self, delta: isize, rows: usize) {
        if self.visible.is_empty() {
            return;
        }
        let last = self.visible.len() - 1;
        self.selected = self.selected.saturating_add_signed(delta).min(last);
        self.scroll_into_view(rows);
    }

    /// `]` and `[` from a pair: moves by `delta` and says so when the selection is
    /// already at that end (`None` when it moved).
    pub fn step(&mut self, delta: isize, rows: usize) -> Option<String> {
        let before = self.selected;
        self.move_by(delta, rows);
        let n = self.visible.len();
        (self.selected == before && delta != 0 && n > 0).then(|| {
            if delta > 0 {
                format!("the last pair ({n} of {n}): [ goes back")
            } else {
                format!("the first pair (1 of {n}): ] goes on")
            }
        })
    }

    /// Jumps to the first (`false`) or last (`true`) row.
    pub fn jump(&mut self, to_end: bool, rows: usize) {
        self.selected = if to_end {
            self.visible.len().saturating_sub(1)
        } else {
            0
        };
        self.scroll_into_view(rows);
    }

    /// Selects pair index `pair` when it is visible; returns whether it was.
    pub fn select_pair(&mut self, pair: usize, rows: usize) -> bool {
        match self.visible.iter().position(|&i| i == pair) {
            Some(pos) => {
                self.selected = pos;
                self.scroll_into_view(rows);
                true
            }
            None => false,
        }
    }

    /// Keeps the selection within the `rows` rows shown from `offset`.
    pub fn scroll_into_view(&mut self, rows: usize) {
        let rows = rows.max(1);
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + rows {
            self.offset = self.selected + 1 - rows;
        }
    }

    /// Cycles the flip-class quick key: CW, WC, CC, WW, all.
    pub fn cycle_flip(&mut self) {
        const CYCLE: [Option<FlipClass>; 5] = [
            Some(FlipClass::CW),
            Some(FlipClass::WC),
            Some(FlipClass::CC),
            Some(FlipClass::WW),
            None,
        ];
        let at = CYCLE.iter().position(|c| *c == self.flip).unwrap_or(0);
        self.flip = CYCLE[(at + 1) % CYCLE.len()];
    }

    /// Cycles the model quick key through the models, then all.
    pub fn cycle_model(&mut self) {
        self.model = next_of(&self.models, self.model.take());
    }

    /// Cycles the variant quick key through the variants, then all.
    pub fn cycle_variant(&mut self) {
        self.variant = next_of(&self.variants, self.variant.take());
    }

    /// Shows every pair: clears the filter and the quick keys.
    /// Whether no filter is in force (the quick keys' and the filter bar's): what
    /// [`Queue::clear_filters`] leaves.
    pub fn unfiltered(&self) -> bool {
        self.flip.is_none()
            && self.model.is_none()
            && self.variant.is_none()
            && self.filter.is_empty()
    }

    pub fn clear_filters(&mut self) {
        self.flip = None;
        self.model = None;
        self.variant = None;
        self.filter = Filter::default();
    }

    /// The total number of pairs in the study.
    pub fn total(&self) -> usize {
        self.order.len()
    }

    /// Sorts by `column` (`None`: the default order), reversed when `descending`; the
    /// default order breaks ties. Keeps the selected pair.
    pub fn sort_by(&mut self, study: &StudyView, column: Option<usize>, descending: bool) {
        self.sort = column;
        self.descending = descending;
        self.order = self.default_order.clone();
        if let Some(c) = column {
            let key = |i: usize| sort_key(&study.pairs[i], c);
            self.order.sort_by_cached_key(|&i| key(i));
        }
        if descending {
            self.order.reverse();
        }
        self.refilter(study);
    }

    /// The shown position of the first row from `from` on (wrapping around; backwards
    /// when `!forward`) whose pair `matches`.
    pub fn find(
        &self,
        from: usize,
        forward: bool,
        matches: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let n = self.visible.len();
        (0..n)
            .map(|k| {
                if forward {
                    (from + k) % n
                } else {
                    (from + n - k) % n
                }
            })
            .find(|&pos| matches(self.visible[pos]))
    }

    /// The quick keys and the filter as one filter expression (what an empty queue
    /// says matches nothing).
    pub fn selection_text(&self) -> String {
        let mut terms = Vec::new();
        if let Some(f) = self.flip {
            terms.push(format!("flip={f}"));
        }
        if let Some(m) = &self.model {
            terms.push(format!("model={m}"));
        }
        if let Some(v) = &self.variant {
            terms.push(format!("variant={v}"));
        }
        let text = self.filter.source().trim();
        if !text.is_empty() {
            terms.push(text.to_string());
        }
        terms.join(" ")
    }
}

/// The sort key of a pair for column `c` of `COLUMNS`.
fn sort_key(p: &PairView, c: usize) -> String {
    match c {
        0 => p.program.clone(),
        1 => p.stratum.clone(),
        2 => p.behavior.clone(),
        3 => p.model.clone(),
        4 => p.variant.clone(),
        5 => p.flip.as_str().to_string(),
        6 => p.base.category.clone(),
        7 => p.trans.category.clone(),
        // Untagged pairs last.
        _ if p.tags.is_empty() => "\u{10ffff}".to_string(),
        _ => p.tags.join(","),
    }
}

fn distinct_texts(study: &StudyView) -> [Vec<String>; 5] {
    let mut sets: [BTreeSet<&str>; 5] = Default::default();
    for p in &study.pairs {
        for (set, text) in
            sets.iter_mut()
                .zip([&p.program, &p.stratum, &p.behavior, &p.model, &p.variant])
        {
            set.insert(text);
        }
    }
    sets.map(|s| s.into_iter().map(str::to_string).collect())
}

/// The queue's column headers, in column order (the tags column last).
pub const COLUMNS: [&str; 9] = [
    "program", "stratum", "behavior", "model", "variant", "flip", "base", "trans", "tags",
];

fn natural_widths(study: &StudyView) -> [u16; 8] {
    let mut widths = [0u16; 8];
    let len = |s: &str| u16::try_from(s.chars().count()).unwrap_or(u16::MAX);
    for p in &study.pairs {
        let cells = [
            p.program.as_str(),
            &p.stratum,
            &p.behavior,
            &p.model,
            &p.variant,
            p.flip.as_str(),
            &p.base.category,
            &p.trans.category,
        ];
        for (w, c) in widths.iter_mut().zip(cells) {
            *w = (*w).max(len(c));
        }
    }
    widths
}

fn next_of(all: &[String], current: Option<String>) -> Option<String> {
    match current {
        None => all.first().cloned(),
        Some(c) => {
            let at = all.iter().position(|m| *m == c);
            at.and_then(|i| all.get(i + 1)).cloned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::model::{PairView, SideView};

    fn study() -> StudyView {
        let mut pairs = Vec::new();
        for (i, (model, flip)) in [
            ("b", FlipClass::CW),
            ("a", FlipClass::CW),
            ("a", FlipClass::CC),
            ("a", FlipClass::WC),
            ("b", FlipClass::WW),
        ]
        .into_iter()
        .enumerate()
        {
            pairs.push(PairView {
                program: format!("p{i}"),
                stratum: "s".into(),
                behavior: "x=y".into(),
                model: model.into(),
                variant: "T1".into(),
                flip,
                base: SideView::default(),
                trans: SideView::default(),
                tags: vec![],
                pair_hash: None,
                class: None,
                sensitive: None,
                raw_key: None,
                sample: 0,
            });
        }
        StudyView {
            pairs,
            ..StudyView::default()
        }
    }

    #[test]
    fn shows_cw_sorted_by_model_and_counts_all_classes() {
        let s = study();
        let q = Queue::new(&s);
        assert_eq!(q.visible, vec![1, 0]);
        assert_eq!(q.transitions, [1, 2, 1, 1]);
        assert_eq!(q.total(), 5);
    }

    #[test]
    fn quick_keys_cycle_and_keep_the_selection() {
        let s = study();
        let mut q = Queue::new(&s);
        q.move_by(1, 10);
        assert_eq!(q.selected_pair(), Some(0));
        q.flip = None;
        q.refilter(&s);
        assert_eq!(q.selected_pair(), Some(0));
        q.cycle_model();
        assert_eq!(q.model.as_deref(), Some("a"));
        q.refilter(&s);
        assert_eq!(q.visible, vec![1, 2, 3]);
        assert_eq!(q.transitions, [1, 1, 1, 0]);
        q.cycle_model();
        q.cycle_model();
        assert_eq!(q.model, None);
    }

    #[test]
    fn scrolling_keeps_the_selection_in_view() {
        let s = study();
        let mut q = Queue::new(&s);
        q.flip = None;
        q.refilter(&s);
        q.move_by(4, 2);
        assert_eq!((q.selected, q.offset), (4, 3));
        q.move_by(-10, 2);
        assert_eq!((q.selected, q.offset), (0, 0));
        q.jump(true, 2);
        assert_eq!(q.selected, 4);
    }
}
