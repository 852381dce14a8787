//! The queue's text filter is the study-wide filter language (`stats::filter`, see
//! `docs/filter.md`); this adapts the queue's rows to it.

use crate::stats::row::FilterRow;
use crate::tui::model::PairView;

pub use crate::stats::filter::{Filter, FilterError};

impl FilterRow for PairView {
    crate::stats::row::filter_row_identity!();
    fn sample(&self) -> u32 {
        self.sample
    }
    fn base_correct(&self) -> bool {
        self.base.correct
    }
    fn trans_correct(&self) -> bool {
        self.trans.correct
    }
    fn base_category(&self) -> Option<&str> {
        Some(&self.base.category)
    }
    fn trans_category(&self) -> Option<&str> {
        Some(&self.trans.category)
    }
    fn behavior_class(&self) -> Option<&str> {
        self.class.as_deref()
    }
    fn variant_sensitive(&self) -> Option<bool> {
        self.sensitive
    }
    fn tags(&self) -> impl Iterator<Item = &str> {
        self.tags.iter().map(String::as_str)
    }
    fn flip(&self) -> &'static str {
        self.flip.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::model::{FlipClass, SideView};

    #[test]
    fn queue_rows_are_filter_rows() {
        let p = PairView {
            program: "p07".into(),
            stratum: "nested-if/async".into(),
            behavior: "x=y".into(),
            model: "qwen".into(),
            variant: "T2".into(),
            flip: FlipClass::CW,
            base: SideView {
                correct: true,
                category: "correct".into(),
                ..SideView::default()
            },
            trans: SideView {
                category: "branch-polarity".into(),
                ..SideView::default()
            },
            tags: vec!["dropped-predicate".into()],
            pair_hash: None,
            class: None,
            sensitive: None,
            raw_key: None,
            sample: 0,
        };
        let f = |e: &str| Filter::parse(e).unwrap().matches(&p);
        assert!(f(
            "model=qwen flip=CW trans=branch-polarity tag=dropped-predicate"
        ));
        assert!(f("base=correct program~P0"));
        assert!(!f("variant=T1"));
        assert!(Filter::parse("colour=red").is_err());
    }
}
