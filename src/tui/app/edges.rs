//! Moving keys that cannot move say so: `j`, `k`, the page keys, `g`/`G` and `H`/`L`
//! at the end of a list or a pane (or on a pane that shows all of its text) leave the
//! status line saying why nothing moved, so no key on a screen's footer or help is
//! silent (issue 27, fix 8).

use super::App;
use crate::tui::action::Action;
use crate::tui::widgets::waveform::WaveScroll;

/// The audit screen's focused pane and (pane, scroll, horizontal scroll) of each pane.
type AuditPlace = (crate::tui::audit::Pane, Vec<(usize, usize, usize)>);
/// The assertions queue's cursor and, when auditing, the audit's scrolls.
type AssertionsPlace = (usize, Option<([usize; 2], WaveScroll)>);

/// Where the cursor and the scrolls of every screen are: what a moving key changes.
#[derive(PartialEq, Eq)]
pub(super) struct Place {
    queue: (usize, usize),
    audit: Option<AuditPlace>,
    family: Option<(usize, [usize; 4], WaveScroll, usize)>,
    assertions: Option<AssertionsPlace>,
    lists: [usize; 5],
    agreement: Option<[usize; 4]>,
}

impl App {
    /// The place moving keys change.
    pub(super) fn place(&self) -> Place {
        Place {
            queue: (self.queue.selected, self.queue.offset),
            audit: self.audit.as_ref().map(|a| {
                let mut scrolls: Vec<(usize, usize, usize)> = crate::tui::audit::Pane::ALL
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (i, a.scroll_of(*p), a.hscroll_of(*p)))
                    .collect();
                scrolls.sort_unstable();
                (a.pane, scrolls)
            }),
            family: self
                .family_audit()
                .map(|f| (f.property, f.scroll, f.wave, f.column)),
            assertions: self
                .assertions
                .as_ref()
                .map(|s| (s.selected, s.audit.as_ref().map(|a| (a.scroll, a.wave)))),
            lists: [
                self.dashboard.selected,
                self.help.scroll,
                self.answer.scroll,
                self.programs.selected,
                self.finder.selected,
            ],
            agreement: self
                .compare
                .view
                .as_ref()
                .map(|v| [v.tag_selected, v.tag_offset, v.selected, v.offset]),
        }
    }

    /// After a moving action that changed nothing: `why` on the status line (unless
    /// the action said something itself).
    pub(super) fn say_why_still(&mut self, why: &str, before: &Place, message: &Option<String>) {
        if self.message != *message || self.place() != *before {
            return;
        }
        self.message = Some(why.into());
    }
}

/// What a moving `action` says when it cannot move; `None` for an action that does
/// not move a cursor or a scroll.
pub(super) fn why_still(action: &Action) -> Option<&'static str> {
    Some(match action {
        Action::Up | Action::PageUp | Action::First => "already at the top",
        Action::Down | Action::PageDown | Action::Last => {
            "already at the end (or all of it is shown)"
        }
        Action::ScrollLeft => "already at the left edge (or the start)",
        Action::ScrollRight => "nothing further to the right (or later)",
        _ => return None,
    })
}
