//! `/` in a text pane (issue 27, fix 8): on the audit, family and assertion-audit
//! screens `/` searches the focused pane (the RTL's lines, the properties, the
//! assertion, the waveform's signals) as it is typed; Enter keeps the search, and then
//! `n`/`N` go to the next and previous match (wrapping around) and Esc ends it, after
//! which `n` and `N` are the screen's own keys again. Matches are shown reversed
//! wherever they are on the screen. Case is ignored.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use super::{App, Overlay, Screen};
use crate::tui::action::Action;
use crate::tui::assertions::state::AssertionPane;
use crate::tui::audit::Pane;
use crate::tui::family::FamilyPane;

/// The text search of the screen in front.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextSearch {
    /// The text typed in the field.
    pub input: String,
    /// The search in force after Enter (`n`/`N` step through its matches).
    pub query: Option<String>,
    /// The screen the search was started on: it ends when the screen changes.
    pub screen: Option<Screen>,
    /// Where the focused pane was when the field opened (Esc goes back there).
    from: usize,
    /// The entry (line, property or signal) of the last match jumped to.
    current: Option<usize>,
}

/// What the focused pane holds for a search: its entries as plain text and the first
/// one shown (or selected).
struct Searchable {
    texts: Vec<String>,
    at: usize,
}

/// Whether `text` holds `query`, ignoring case.
fn holds(text: &str, query: &str) -> bool {
    !query.is_empty() && text.to_lowercase().contains(&query.to_lowercase())
}

/// The screens with text panes.
fn searches(screen: Screen) -> bool {
    matches!(
        screen,
        Screen::Audit | Screen::Family | Screen::AssertionAudit
    )
}

impl App {
    /// Whether a search is in force on the screen in front (then `n`, `N` and Esc are
    /// the search's, from the `text_search` key table).
    pub fn text_search_active(&self) -> bool {
        self.overlay.is_none()
            && self.text_search.query.is_some()
            && self.text_search.screen == Some(self.screen)
    }

    /// The action of `key` where the user is: a search's own keys first while one is
    /// in force, then the mode's table (and the global one).
    pub fn action_of(&self, key: crate::tui::keymap::Key) -> Option<Action> {
        if self.text_search_active()
            && let Some(action) = self
                .keymap
                .own_action(crate::tui::keymap::Mode::TextSearch, key)
        {
            return Some(action);
        }
        self.keymap.action(self.mode(), key)
    }

    /// The text to show reversed on the screen: the field's while it is typed, the
    /// search's while it is in force.
    pub fn text_search_shown(&self) -> Option<&str> {
        match self.overlay {
            Some(Overlay::TextSearch) => Some(self.text_search.input.as_str()),
            None if self.text_search_active() => self.text_search.query.as_deref(),
            _ => None,
        }
        .filter(|q| !q.is_empty())
    }

    /// The search's meaning of `action`; the action back when it has none.
    pub(super) fn text_search_action(&mut self, action: Action) -> Option<Action> {
        if self.overlay == Some(Overlay::TextSearch) {
            match action {
                Action::Input(c) => self.edit_text_search(|s| s.push(c)),
                Action::DeleteChar => self.edit_text_search(|s| {
                    s.pop();
                }),
                Action::ClearInput => self.edit_text_search(String::clear),
                Action::Submit => self.submit_text_search(),
                Action::Back => self.cancel_text_search(),
                other => return Some(other),
            }
            return None;
        }
        if self.overlay.is_some() {
            return Some(action);
        }
        match action {
            Action::OpenSearch if searches(self.screen) => self.open_text_search(),
            Action::NextMatch if self.text_search_active() => self.step_text_search(true),
            Action::PrevMatch if self.text_search_active() => self.step_text_search(false),
            Action::Back if self.text_search_active() => {
                self.text_search.query = None;
                self.message = Some("search ended: n and N are this screen's keys again".into());
            }
            other => return Some(other),
        }
        None
    }

    fn open_text_search(&mut self) {
        match self.searchable() {
            Ok(s) => {
                self.text_search = TextSearch {
                    screen: Some(self.screen),
                    from: s.at,
                    ..TextSearch::default()
                };
                self.overlay = Some(Overlay::TextSearch);
            }
            Err(why) => self.message = Some(why.into()),
        }
    }

    /// Edits the field and jumps to the first entry holding its text from where the
    /// pane was when the field opened.
    fn edit_text_search(&mut self, change: impl FnOnce(&mut String)) {
        change(&mut self.text_search.input);
        self.text_search.current = None;
        let from = self.text_search.from;
        let query = self.text_search.input.clone();
        let Ok(s) = self.searchable() else { return };
        if query.is_empty() || !self.jump_to_match(&s, &query, from, true) {
            self.move_focused(s.at, from);
        }
    }

    fn submit_text_search(&mut self) {
        self.overlay = None;
        let query = std::mem::take(&mut self.text_search.input);
        if query.is_empty() {
            self.text_search.query = None;
            return;
        }
        self.text_search.query = Some(query);
        if self.text_search.current.is_none() {
            self.message = Some(format!(
                "`{}`: no match in this pane (Esc ends the search)",
                self.text_search.query.as_deref().unwrap_or_default()
            ));
        }
    }

    /// Esc in the field: back where the pane was, no search.
    fn cancel_text_search(&mut self) {
        self.overlay = None;
        self.text_search.input.clear();
        self.text_search.query = None;
        if let Ok(s) = self.searchable() {
            self.move_focused(s.at, self.text_search.from);
        }
    }

    /// `n`/`N`: the next or previous match in the focused pane (the pane may have
    /// changed since the search started: its own entries are searched).
    fn step_text_search(&mut self, forward: bool) {
        let Some(query) = self.text_search.query.clone() else {
            return;
        };
        let s = match self.searchable() {
            Ok(s) => s,
            Err(why) => {
                self.message = Some(why.into());
                return;
            }
        };
        let from = match self.text_search.current {
            Some(at) if forward => at + 1,
            Some(at) => at.wrapping_sub(1),
            None => s.at,
        };
        self.jump_to_match(&s, &query, from, forward);
    }

    /// Moves the focused pane (whose entries are `s`) to the first entry holding
    /// `query` from `from` on (or back from it), wrapping around, and says which match
    /// of how many it is; whether there was one.
    fn jump_to_match(&mut self, s: &Searchable, query: &str, from: usize, forward: bool) -> bool {
        let n = s.texts.len();
        let found: Vec<usize> = (0..n).filter(|&i| holds(&s.texts[i], query)).collect();
        if found.is_empty() {
            self.text_search.current = None;
            self.message = Some(format!("`{query}`: no match in this pane"));
            return false;
        }
        let from = if from == usize::MAX { n - 1 } else { from % n };
        let hit = if forward {
            found.iter().find(|&&i| i >= from).or(found.first())
        } else {
            found.iter().rev().find(|&&i| i <= from).or(found.last())
        };
        let Some(&hit) = hit else { return false };
        self.text_search.current = Some(hit);
        self.move_focused(s.at, hit);
        let at = found.iter().position(|&i| i == hit).unwrap_or(0) + 1;
        self.message = Some(format!(
            "`{query}`: match {at} of {} (entry {} of {n}; n next, N previous, Esc ends)",
            found.len(),
            hit + 1
        ));
        true
    }

    /// The focused pane's entries, or why it cannot be searched.
    fn searchable(&self) -> Result<Searchable, &'static str> {
        let shell = self.shell();
        match self.screen {
            Screen::Audit => {
                let a = self.audit.as_ref().ok_or("no pair is open")?;
                match a.pane {
                    Pane::RtlOriginal | Pane::RtlTransformed => Ok(Searchable {
                        texts: crate::tui::audit::rtl::text_lines(a, a.pane),
                        at: a.scroll_of(a.pane),
                    }),
                    Pane::Properties => {
                        let inner = crate::tui::audit::view::pane_inner(&shell, a, a.pane);
                        let lines = crate::tui::audit::properties::lines(&shell, a, inner.width);
                        Ok(Searchable {
                            texts: lines.iter().map(|l| l.to_string()).collect(),
                            at: a.scroll_of(a.pane),
                        })
                    }
                    Pane::TruthTable => {
                        Err("the truth table is not searched: Tab to an RTL or the properties pane")
                    }
                }
            }
            Screen::Family => {
                let state = self.family.as_ref().ok_or("no family is open")?;
                let a = state.audit.as_ref().ok_or("no family is open")?;
                let study = &state.study;
                match a.pane {
                    FamilyPane::Rtl => Ok(Searchable {
                        texts: study
                            .families
                            .get(&a.program)
                            .and_then(|f| f.implementations.get(a.implementation))
                            .map_or_else(Vec::new, |i| i.rtl.lines().map(String::from).collect()),
                        at: a.scroll[FamilyPane::Rtl.index()],
                    }),
                    FamilyPane::Properties | FamilyPane::Transfer => Ok(Searchable {
                        texts: a
                            .rows(study)
                            .iter()
                            .map(|r| format!("{} {}", r.name, r.text))
                            .collect(),
                        at: a.property,
                    }),
                    FamilyPane::Counterexample => Ok(Searchable {
                        texts: a
                            .shown_trace(study)
                            .map_or_else(Vec::new, |(_, t)| signal_names(t)),
                        at: a.wave.row,
                    }),
                }
            }
            Screen::AssertionAudit => {
                let s = self.assertions.as_ref().ok_or("no assertion is open")?;
                let a = s.audit.as_ref().ok_or("no assertion is open")?;
                let view = s.study.views.get(a.index).ok_or("no assertion is open")?;
                let texts = match a.pane {
                    AssertionPane::Rtl => {
                        s.study
                            .designs
                            .get(&view.unit.program)
                            .map_or_else(Vec::new, |d| {
                                crate::tui::assertions::audit_view::rtl_text(d)
                                    .lines()
                                    .map(String::from)
                                    .collect()
                            })
                    }
                    AssertionPane::Assertion => {
                        crate::tui::assertions::audit_view::assertion_texts(&shell, s, a.index)
                    }
                    AssertionPane::Waveform => view
                        .record
                        .as_ref()
                        .and_then(|r| r.counterexample.as_ref())
                        .map_or_else(Vec::new, signal_names),
                };
                let at = match a.pane {
                    AssertionPane::Waveform => a.wave.row,
                    pane => a.scroll[pane.index()],
                };
                Ok(Searchable { texts, at })
            }
            _ => Err("/ filters lists and searches text panes"),
        }
    }

    /// Moves the focused pane, now at entry `at`, so that entry `to` is its first
    /// shown (or selected) one, as far as the pane scrolls.
    fn move_focused(&mut self, at: usize, to: usize) {
        let delta = to as isize - at as isize;
        if delta == 0 {
            return;
        }
        match self.screen {
            Screen::Audit => self.scroll_pane(delta),
            Screen::Family => self.move_family(delta),
            Screen::AssertionAudit => self.scroll_assertion_pane(delta),
            _ => {}
        }
    }
}

fn signal_names(t: &crate::reproof::Trace) -> Vec<String> {
    t.signals.iter().map(|s| s.name.clone()).collect()
}

/// Shows every occurrence of `query` in `area` of the drawn frame reversed (and bold),
/// ignoring case: the matches of the search wherever a pane shows them.
pub fn mark_matches(buffer: &mut Buffer, area: Rect, query: &str) {
    let needle: Vec<char> = query.to_lowercase().chars().collect();
    if needle.is_empty() {
        return;
    }
    let area = area.intersection(buffer.area);
    for y in area.top()..area.bottom() {
        // The row's characters with the cell each starts at (wide characters take two
        // cells; their second cell is empty).
        let mut chars: Vec<(char, u16)> = Vec::new();
        for x in area.left()..area.right() {
            let symbol = buffer[(x, y)].symbol();
            for c in symbol.chars() {
                chars.extend(c.to_lowercase().map(|l| (l, x)));
            }
        }
        let mut i = 0;
        while i + needle.len() <= chars.len() {
            if chars[i..i + needle.len()]
                .iter()
                .zip(&needle)
                .all(|((c, _), n)| c == n)
            {
                let first = chars[i].1;
                let last = chars[i + needle.len() - 1].1;
                for x in first..=last {
                    let cell = &mut buffer[(x, y)];
                    cell.modifier.insert(Modifier::REVERSED | Modifier::BOLD);
                }
                i += needle.len();
            } else {
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The columns of row 0 shown reversed.
    fn reversed(buffer: &Buffer) -> Vec<u16> {
        (0..buffer.area.width)
            .filter(|&x| buffer[(x, 0)].modifier.contains(Modifier::REVERSED))
            .collect()
    }

    #[test]
    fn marks_every_occurrence_ignoring_case() {
        let mut buffer = Buffer::with_lines(["assign Q = q & qq;"]);
        let area = buffer.area;
        mark_matches(&mut buffer, area, "q");
        assert_eq!(reversed(&buffer), vec![7, 11, 15, 16]);
    }

    #[test]
    fn marks_a_match_with_wide_characters_before_it() {
        let mut buffer = Buffer::with_lines(["名前 state"]);
        let area = buffer.area;
        mark_matches(&mut buffer, area, "state");
        assert_eq!(reversed(&buffer), vec![5, 6, 7, 8, 9]);
    }

    #[test]
    fn an_empty_query_marks_nothing() {
        let mut buffer = Buffer::with_lines(["abc"]);
        let area = buffer.area;
        mark_matches(&mut buffer, area, "");
        assert!((0..3).all(|x| buffer[(x, 0)].modifier.is_empty()));
    }
}
