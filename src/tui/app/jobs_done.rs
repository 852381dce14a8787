//! What the app does with the answers of its background jobs (the study loaded, the
//! generations scored, texts highlighted, the finder's hits, a truth table, the
//! metrics) and with the terminal's own events (a resize, the tick).

use std::sync::Arc;

use crate::tui::action::Action;
use crate::tui::app::{App, LoadState, Screen};
use crate::tui::assertions::AssertionsState;
use crate::tui::family::FamilyState;
use crate::tui::jobs::JobKind;
use crate::tui::model::load::Prepared;
use crate::tui::programs::ProgramsState;

impl App {
    /// `action` applied when it is a job's answer or a terminal event; else given back.
    pub(super) fn job_done(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::Tick => self.dashboard.tick = self.dashboard.tick.wrapping_add(1),
            Action::Resize(w, h) => {
                self.size = (w, h);
                let rows = self.queue_rows();
                self.queue.scroll_into_view(rows);
                self.clamp_scrolls();
            }
            Action::MetricsComputed(id, result) => self.metrics_computed(id, result),
            Action::LoadProgress(id, progress) => {
                if self.awaiting.get(&JobKind::Load) == Some(&id) {
                    self.load = LoadState::Loading(Some(progress));
                }
            }
            Action::Loaded(id, result) => {
                if self.answered(JobKind::Load, id) {
                    match result {
                        Ok(prepared) => self.loaded(&prepared),
                        Err(message) => self.load = LoadState::Failed(message),
                    }
                }
            }
            Action::Scored(id, result) => {
                if self.answered(JobKind::Score, id) {
                    match result {
                        // Results are tagged with their oracle: one for an oracle no
                        // longer in force is stale (a newer request answers).
                        Ok(prepared) if prepared.oracle == Some(self.oracle) => {
                            self.show_scored(&prepared);
                        }
                        Ok(_) => {}
                        Err(message) => self.message = Some(message),
                    }
                }
            }
            Action::Highlighted(id, batch) => {
                self.answered(JobKind::Highlight, id);
                // Results are keyed by content, so even a stale batch is worth keeping.
                for (key, h) in batch.iter() {
                    self.highlights.insert(*key, Arc::clone(h));
                }
            }
            Action::FinderResults(id, hits) => self.finder_results(id, hits),
            Action::TruthTable(id, table) => self.truth_computed(id, table),
            other => return Some(other),
        }
        None
    }

    /// The study is loaded: show it on the screen it opens on, score its generations
    /// and open its annotations.
    fn loaded(&mut self, prepared: &Prepared) {
        let Prepared {
            study,
            queue,
            index,
            raw,
            catalog,
            assertions,
            families,
            ..
        } = prepared.clone();
        self.set_study(study, queue, index);
        self.raw = raw;
        self.programs = ProgramsState::new(catalog);
        self.family = families.map(|f| {
            // Formal failures are tagged on family pairs.
            self.tagging.taxonomy = self.tagging.taxonomy.formal();
            self.message.clone_from(&f.note);
            FamilyState::new(f)
        });
        if let Some(a) = assertions {
            // Assertions are judged by proof too: the formal failures are their tags.
            self.tagging.taxonomy = self.tagging.taxonomy.formal();
            self.assertions = Some(AssertionsState::new(a));
            self.screen = Screen::Assertions;
        } else if self.study.pairs.is_empty()
            && self.raw.is_none()
            && !self.programs.catalog.programs.is_empty()
        {
            // Programs and nothing to score yet: the programs screen says how to
            // generate.
            self.screen = Screen::Programs;
        }
        self.request_score();
        if let Some(dir) = self.study_dir.clone() {
            let root = crate::study::store::location::default_data_root();
            self.open_annotations(&dir, root.as_deref());
        }
    }
}
