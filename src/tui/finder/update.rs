//! How `App` applies the finder's actions: opening it, searching as the query changes
//! (in the background, latest request wins), moving through the hits, and jumping to
//! the pair of the selected hit.

use std::sync::Arc;

use super::FinderHit;
use crate::tui::app::{App, Overlay, Request};
use crate::tui::jobs::JobKind;
use crate::tui::queue::Queue;

impl App {
    /// `f`: opens the finder with an empty query (listing the first entries).
    pub(crate) fn open_finder(&mut self) {
        self.overlay = Some(Overlay::Finder);
        self.finder.query.clear();
        self.finder.hits = Arc::new(Vec::new());
        self.finder.selected = 0;
        self.request_find();
    }

    /// Edits the query and searches again.
    pub(crate) fn edit_finder(&mut self, change: impl FnOnce(&mut String)) {
        change(&mut self.finder.query);
        self.finder.selected = 0;
        self.request_find();
    }

    /// Moves the selection among the hits.
    pub(crate) fn move_finder(&mut self, delta: isize) {
        let last = self.finder.hits.len().saturating_sub(1);
        self.finder.selected = self.finder.selected.saturating_add_signed(delta).min(last);
    }

    /// Enter: the audit screen of the selected hit's pair.
    pub(crate) fn submit_finder(&mut self) {
        let Some(hit) = self.finder.hits.get(self.finder.selected) else {
            return;
        };
        let pair = hit.pair;
        self.jump_from_finder(pair);
    }

    /// Hits came back: shown if they answer the latest search.
    pub(crate) fn finder_results(&mut self, id: u64, hits: Arc<Vec<FinderHit>>) {
        if self.answered(JobKind::Find, id) {
            self.finder.hits = hits;
            self.finder.selected = self
                .finder
                .selected
                .min(self.finder.hits.len().saturating_sub(1));
        }
    }

    fn request_find(&mut self) {
        let id = self.ask(JobKind::Find);
        self.requests.push(Request::Find {
            id,
            index: Arc::clone(&self.finder_index),
            query: self.finder.query.clone(),
        });
    }

    /// Enter in the finder: the hit's pair audited, where Esc comes back from (the
    /// queue's filter and selection, or the pair audited before, as they were).
    fn jump_from_finder(&mut self, pair: usize) {
        self.push_back(crate::tui::app::Screen::Audit);
        self.jump_to(pair);
        if self.message.is_none() {
            self.message = Some("Esc: back where the finder was opened".into());
        }
    }

    /// Selects `pair` in the queue (showing every pair if the filter hides it) and
    /// opens its audit screen.
    pub fn jump_to(&mut self, pair: usize) {
        let rows = self.queue_rows();
        self.message = None;
        if !self.queue.select_pair(pair, rows) {
            self.change_queue(Queue::clear_filters);
            self.queue.select_pair(pair, rows);
            self.message = Some(if self.back_stack.is_empty() {
                "filters cleared to show the pair".into()
            } else {
                "filters cleared to show the pair; Esc brings them back".into()
            });
        }
        self.open_pair(pair);
    }
}
