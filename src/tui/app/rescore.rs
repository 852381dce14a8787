//! Scoring a raw study from the app: asking the scoring job for the pairs under the
//! oracle in force, and showing the pairs it returns (keeping the queue's keys and the
//! audited pair).

use std::sync::Arc;

use crate::tui::app::{App, Request};
use crate::tui::jobs::JobKind;
use crate::tui::model::PairView;
use crate::tui::model::load::Prepared;

impl App {
    /// Asks for the raw study's generations to be scored under the current oracle
    /// (nothing to do for a study read from a pairs file).
    pub(crate) fn request_score(&mut self) {
        let Some(raw) = self.raw.clone() else { return };
        let id = self.ask(JobKind::Score);
        self.requests.push(Request::Score {
            id,
            raw,
            oracle: self.oracle,
        });
    }

    /// Shows freshly scored pairs, keeping the queue's quick keys and filter, and the
    /// audited pair when it is still scored (else back to the queue).
    pub(crate) fn show_scored(&mut self, prepared: &Prepared) {
        let key = |p: &PairView| {
            (
                p.program.clone(),
                p.behavior.clone(),
                p.model.clone(),
                p.variant.clone(),
            )
        };
        let audited = self
            .audit
            .as_ref()
            .and_then(|a| self.study.pairs.get(a.pair))
            .map(key);
        let selected = self
            .queue
            .selected_pair()
            .and_then(|i| self.study.pairs.get(i))
            .map(key);
        let old = std::mem::replace(&mut self.queue, prepared.queue.clone());
        self.study = Arc::clone(&prepared.study);
        self.finder_index = Arc::clone(&prepared.index);
        self.queue.flip = old.flip;
        self.queue.model = old.model;
        self.queue.variant = old.variant;
        self.queue.filter = old.filter;
        self.queue.refilter(&self.study);
        self.apply_store_tags();
        let find = |k: &Option<_>| {
            let k = k.as_ref()?;
            self.study.pairs.iter().position(|p| &key(p) == k)
        };
        let (audited_at, selected_at) = (find(&audited), find(&selected));
        let rows = self.queue_rows();
        if let Some(at) = selected_at {
            self.queue.select_pair(at, rows);
        }
        self.queue.scroll_into_view(rows);
        if self.audit.is_some() {
            match audited_at {
                // Reopening asks for the pair's highlighting and truth table again.
                Some(at) => self.open_pair(at),
                None => {
                    self.back_to_queue();
                    self.message = Some(format!(
                        "the audited pair is not scored under the {} oracle",
                        self.oracle.name()
                    ));
                }
            }
        }
    }
}
