//! The back stack: a jump that changes where the user is (the finder clearing the
//! queue's filters to reach a pair, Enter on a dashboard condition) first records
//! where they were; Esc then goes back there, with the queue's keys, filter and
//! selection as they were.

use super::{App, Screen};
use crate::tui::model::FlipClass;
use crate::tui::model::filter::Filter;

/// Where the user was before a jump.
#[derive(Clone, Debug, PartialEq)]
pub struct BackEntry {
    /// The screen the jump went to: Esc there goes back.
    pub to: Screen,
    pub screen: Screen,
    pub flip: Option<FlipClass>,
    pub model: Option<String>,
    pub variant: Option<String>,
    pub filter: Filter,
    /// The pair selected in the queue.
    pub selected: Option<usize>,
    /// The pair audited, when the jump left an audit screen.
    pub audited: Option<usize>,
}

/// The stack keeps at most this many places.
const DEPTH: usize = 32;

impl App {
    /// Records where the user is, for Esc on `to` (where the jump goes) to come back to.
    pub(crate) fn push_back(&mut self, to: Screen) {
        let q = &self.queue;
        let entry = BackEntry {
            to,
            screen: self.screen,
            flip: q.flip,
            model: q.model.clone(),
            variant: q.variant.clone(),
            filter: q.filter.clone(),
            selected: q.selected_pair(),
            audited: self.audit.as_ref().map(|a| a.pair),
        };
        if self.back_stack.len() == DEPTH {
            self.back_stack.remove(0);
        }
        self.back_stack.push(entry);
    }

    /// Goes back to the last place recorded when the jump came to this screen;
    /// whether it did.
    pub(crate) fn pop_back(&mut self) -> bool {
        if self.back_stack.last().is_none_or(|e| e.to != self.screen) {
            return false;
        }
        let Some(entry) = self.back_stack.pop() else {
            return false;
        };
        self.change_queue(|q| {
            q.flip = entry.flip;
            q.model = entry.model.clone();
            q.variant = entry.variant.clone();
            q.filter = entry.filter.clone();
        });
        if let Some(pair) = entry.selected {
            let rows = self.queue_rows();
            self.queue.select_pair(pair, rows);
        }
        match (entry.screen, entry.audited) {
            (Screen::Audit, Some(pair)) => self.open_pair(pair),
            (screen, _) => {
                if self.audit.is_some() {
                    self.audit = None;
                    self.awaiting.remove(&crate::tui::jobs::JobKind::Truth);
                }
                self.screen = screen;
            }
        }
        self.message = Some(if entry.filter.is_empty() {
            "back: the queue's keys as they were".to_string()
        } else {
            format!("back: filter `{}` again", entry.filter.source())
        });
        true
    }
}
