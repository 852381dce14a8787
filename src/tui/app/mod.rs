//! The app core: the TUI's whole state and its one `update(&mut self, Action)`, which
//! routes each action (`apply`: job answers, the overlay, the screen in front through
//! the registry of components or its `update.rs`, then the shared keys). Rendering reads it (`draw`); background work is asked for through
//! `requests`, which the runner hands to the job workers, and comes back as actions
//! tagged with the request id.

mod answer;
mod back;
pub mod draw;
mod edges;
mod jobs_done;
mod registry;
mod rescore;
mod route;
mod screens;
mod shared;
pub mod state;
pub mod status;
pub mod text_search;

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

use crate::tui::action::Action;
use crate::tui::agreement::CompareState;
use crate::tui::answer::AnswerState;
use crate::tui::assertions;
use crate::tui::assertions::AssertionsState;
use crate::tui::audit::AuditState;
use crate::tui::dashboard::{DashboardState, data_changes};
use crate::tui::family::FamilyState;
use crate::tui::finder::{FinderEntry, FinderState};
use crate::tui::help::HelpState;
use crate::tui::jobs::JobKind;
use crate::tui::keymap::{Keymap, Mode};
use crate::tui::model::StudyView;
use crate::tui::model::filter::FilterError;
use crate::tui::model::load::RawStudy;
use crate::tui::programs::ProgramsState;
use crate::tui::queue;
use crate::tui::queue::Queue;
use crate::tui::queue::SearchState;
use crate::tui::tagging::Tagging;
use crate::tui::text::highlight::Highlighted;
use crate::tui::theme::{Theme, ThemeKind};

pub use crate::tui::model::Oracle;
pub use crate::tui::shell::{LoadState, Shell};
pub use back::BackEntry;
pub use state::{Overlay, Request, Screen, failed_job};

/// Everything the TUI knows.
pub struct App {
    pub keymap: Keymap,
    pub theme: Theme,
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    /// Terminal columns and rows.
    pub size: (u16, u16),
    pub load: LoadState,
    pub study: Arc<StudyView>,
    pub queue: Queue,
    pub finder_index: Arc<Vec<FinderEntry>>,
    /// The filter bar's text while it is open.
    pub filter_input: String,
    /// Why the filter bar's text does not parse (with where: the bar underlines it).
    pub filter_error: Option<FilterError>,
    /// The queue's search (`s`): the query and where it started.
    pub search: SearchState,
    pub finder: FinderState,
    pub audit: Option<AuditState>,
    pub oracle: Oracle,
    /// The raw study whose generations the TUI scores (none for a pairs file).
    pub raw: Option<RawStudy>,
    /// Highlighted texts by `text_key`.
    pub highlights: HashMap<u64, Arc<Highlighted>>,
    /// The request id each job kind's latest request has; results for other ids are
    /// stale. Empty means idle (the status line then says `ready`).
    pub awaiting: BTreeMap<JobKind, u64>,
    /// Requests for the runner to send.
    pub requests: Vec<Request>,
    /// The help screen: where it is scrolled, the screen it was opened on, its search.
    pub help: HelpState,
    /// The search of a text pane (`/`, then `n`/`N`).
    pub text_search: text_search::TextSearch,
    /// A one-line message for the status line (`!` shows it whole).
    pub message: Option<String>,
    /// Text for the runner to put on the clipboard (OSC 52), then cleared.
    pub clipboard: Option<String>,
    /// Where Esc goes back to after a jump (the finder, Enter on the dashboard).
    pub back_stack: Vec<BackEntry>,
    pub quit: bool,
    /// Annotations: the store, taxonomy, note popup and audit sample.
    pub tagging: Tagging,
    /// The study's directory, where the annotation store opens once it has loaded.
    pub study_dir: Option<PathBuf>,
    /// Every path the study was opened from (`export tags` reads their annotations).
    pub paths: Vec<PathBuf>,
    /// The compare prompt and the agreement screen (`tui::agreement`).
    pub compare: CompareState,
    /// The metrics dashboard (`tui::dashboard`).
    pub dashboard: DashboardState,
    /// The programs screen (`tui::programs`).
    pub programs: ProgramsState,
    /// The assertions screens of a study with external verdicts (`tui::assertions`).
    pub assertions: Option<AssertionsState>,
    /// The family screens of a whole-module study (`tui::family`).
    pub family: Option<FamilyState>,
    /// The raw answer popup (`tui::answer`).
    pub answer: AnswerState,
    next_id: u64,
}

/// The shell of `app` (a macro rather than a method, so that a screen's state can be
/// borrowed mutably beside it: the shell borrows only the fields it names).
#[macro_export]
macro_rules! shell_of {
    ($app:expr) => {
        $crate::tui::shell::Shell {
            study: &$app.study,
            study_dir: $app.study_dir.as_deref(),
            theme: &$app.theme,
            keymap: &$app.keymap,
            size: $app.size,
            load: &$app.load,
            message: $app.message.as_deref(),
            jobs: &$app.awaiting,
            highlights: &$app.highlights,
            oracle: $app.oracle,
            tagging: &$app.tagging,
            queue: &$app.queue,
            agreement: $app.compare.view.as_ref(),
            family: $app.family.as_ref().map(|f| &*f.study),
        }
    };
}

/// The finder shows at most this many hits.
pub const FINDER_LIMIT: usize = 200;

impl App {
    /// An app with nothing loaded.
    pub fn new(keymap: Keymap, theme: Theme) -> App {
        let study = Arc::new(StudyView::default());
        App {
            keymap,
            theme,
            screen: Screen::Queue,
            overlay: None,
            size: (80, 24),
            load: LoadState::Ready,
            queue: Queue::new(&study),
            study,
            finder_index: Arc::new(Vec::new()),
            filter_input: String::new(),
            filter_error: None,
            search: SearchState::default(),
            finder: FinderState::default(),
            audit: None,
            oracle: Oracle::Reference,
            raw: None,
            highlights: HashMap::new(),
            awaiting: BTreeMap::new(),
            requests: Vec::new(),
            help: HelpState::default(),
            text_search: text_search::TextSearch::default(),
            message: None,
            clipboard: None,
            back_stack: Vec::new(),
            quit: false,
            tagging: Tagging::default(),
            study_dir: None,
            paths: Vec::new(),
            compare: CompareState::default(),
            dashboard: DashboardState::default(),
            programs: ProgramsState::default(),
            assertions: None,
            family: None,
            answer: AnswerState::default(),
            next_id: 0,
        }
    }

    /// Starts loading the study in `paths` in the background.
    pub fn start_loading(&mut self, paths: Vec<PathBuf>) {
        self.load = LoadState::Loading(None);
        self.study_dir = paths.first().cloned();
        self.paths = paths.clone();
        let id = self.ask(JobKind::Load);
        self.requests.push(Request::Load { id, paths });
    }

    /// Shows an already loaded study (tests, benchmarks, the end of a load job).
    pub fn set_study(&mut self, study: Arc<StudyView>, queue: Queue, index: Arc<Vec<FinderEntry>>) {
        self.study = study;
        self.queue = queue;
        self.finder_index = index;
        self.load = LoadState::Ready;
        self.audit = None;
        self.screen = Screen::Queue;
        self.back_stack.clear();
        self.queue.scroll_into_view(self.queue_rows());
    }

    /// What the screens may read of the app.
    pub fn shell(&self) -> Shell<'_> {
        crate::shell_of!(self)
    }

    /// Whether no background job is running (the idle signal).
    pub fn is_idle(&self) -> bool {
        self.awaiting.is_empty()
    }

    /// The key table in force.
    pub fn mode(&self) -> Mode {
        match (self.overlay, self.screen) {
            (Some(Overlay::Filter), _) => Mode::Filter,
            (Some(Overlay::Finder), _) => Mode::Finder,
            // The help's search field types like the filter bar.
            (Some(Overlay::Help), _) if self.help.searching => Mode::Filter,
            (Some(Overlay::Help), _) => Mode::Help,
            // The note, compare, search and name prompts type like the filter bar
            // (Enter accepts, Esc cancels).
            (
                Some(
                    Overlay::Note
                    | Overlay::Compare
                    | Overlay::Search
                    | Overlay::TextSearch
                    | Overlay::Auditor,
                ),
                _,
            ) => Mode::Filter,
            (Some(Overlay::Copy), _) => Mode::Copy,
            (Some(Overlay::Message), _) => Mode::Message,
            (Some(Overlay::Answer), _) => Mode::Answer,
            (None, Screen::Queue) => Mode::Queue,
            (None, Screen::Audit) => Mode::Audit,
            (None, Screen::Agreement) => Mode::Agreement,
            (None, Screen::Dashboard) => Mode::Dashboard,
            (None, Screen::Programs) => Mode::Programs,
            (None, Screen::Assertions) => Mode::Assertions,
            (None, Screen::AssertionAudit) => Mode::AssertionAudit,
            (None, Screen::Family) => Mode::Family,
        }
    }

    /// Rows of the queue table at the current size.
    pub fn queue_rows(&self) -> usize {
        queue::view::queue_rows(self.size)
    }

    pub(crate) fn ask(&mut self, kind: JobKind) -> u64 {
        self.next_id += 1;
        self.awaiting.insert(kind, self.next_id);
        self.next_id
    }

    /// Whether `id` answers the latest request of `kind`; marks the kind idle if so.
    pub(crate) fn answered(&mut self, kind: JobKind, id: u64) -> bool {
        if self.awaiting.get(&kind) == Some(&id) {
            self.awaiting.remove(&kind);
            true
        } else {
            false
        }
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        if data_changes(&action) {
            self.dashboard.epoch += 1;
        }
        let (screen, message) = (self.screen, self.message.clone());
        let before = edges::why_still(&action).map(|why| (why, self.place()));
        self.apply(action);
        if let Some((why, before)) = before {
            self.say_why_still(why, &before, &message);
        }
        // A message from another screen is not about this one; one this action gave
        // (where the jump went, why) stays.
        if self.screen != screen && self.message == message {
            self.message = None;
        }
        self.sync_dashboard();
    }

    /// Whether the footer offers `action` here (it does something now).
    pub fn offers(&self, action: &Action) -> bool {
        match action {
            Action::ToggleFigure => !crate::tui::dashboard::figures_side_by_side(self.size),
            Action::Back if self.screen == Screen::Queue && self.overlay.is_none() => {
                !self.queue.marked.is_empty()
                    || self
                        .back_stack
                        .last()
                        .is_some_and(|e| e.to == Screen::Queue)
            }
            Action::NextMatch | Action::PrevMatch if self.screen == Screen::Queue => {
                !self.search.query.is_empty()
            }
            _ => true,
        }
    }

    /// Routes `action`: a job's answer, the open overlay, the screen in front, the
    /// annotation and dashboard keys, then the keys every screen shares (each gives
    /// the action back when it is not its own).
    fn apply(&mut self, action: Action) {
        let rest = self
            .job_done(action)
            .and_then(|a| self.text_search_action(a))
            .and_then(|a| self.overlay_action(a))
            .and_then(|a| self.screen_action(a))
            .and_then(|a| self.tagging_action(a))
            .and_then(|a| self.dashboard_keys(a));
        if let Some(action) = rest {
            self.shared_action(action);
        }
        // `open --compare FILE` waits for the study's pairs.
        self.poll_pending_compare();
    }

    fn back(&mut self) {
        match self.overlay {
            Some(Overlay::Filter) => self.cancel_filter(),
            Some(Overlay::Search) => self.cancel_search(),
            Some(Overlay::Help) if self.help.searching => self.cancel_help_search(),
            Some(Overlay::Auditor) => self.cancel_auditor(),
            Some(_) => self.overlay = None,
            None if self.screen == Screen::Queue && !self.queue.marked.is_empty() => {
                self.message = Some(format!("{} marks cleared", self.queue.marked.len()));
                self.queue.marked.clear();
            }
            None => {
                if self.pop_back() {
                    return;
                }
                match self.screen {
                    Screen::Audit => self.back_to_queue(),
                    Screen::Agreement => self.close_agreement(),
                    Screen::Dashboard => self.screen = Screen::Queue,
                    Screen::Programs => self.close_programs(),
                    Screen::AssertionAudit => self.back_to_assertions(),
                    Screen::Family => self.close_family(),
                    Screen::Queue | Screen::Assertions => {
                        self.message = Some(
                            "nothing to go back to: this is the first screen (q quits)".into(),
                        );
                    }
                }
            }
        }
    }

    fn page(&self) -> usize {
        if self.overlay.is_none()
            && let Some(c) = self.component()
        {
            return c.page(&self.shell());
        }
        match self.mode() {
            Mode::Audit => self.audit_page(),
            Mode::Agreement => self.agreement_page(),
            Mode::Assertions => self.assertion_rows(),
            Mode::AssertionAudit => assertions::audit_view::page(self.size),
            Mode::Family => self.family_page(),
            Mode::Help => self.help_page(),
            Mode::Answer => self.answer_extent().0,
            _ => self.queue_rows().max(1),
        }
    }

    fn move_by(&mut self, delta: isize) {
        if self.overlay.is_none() && self.with_component(|c, s| c.move_by(delta, s)).is_some() {
            return;
        }
        match self.mode() {
            Mode::Queue => {
                let rows = self.queue_rows();
                self.queue.move_by(delta, rows);
            }
            Mode::Audit => self.scroll_pane(delta),
            Mode::Finder => self.move_finder(delta),
            Mode::Help => self.scroll_help(delta),
            Mode::Agreement => self.move_agreement(delta),
            Mode::Dashboard => self.dashboard.move_by(delta),
            // The component screens move above.
            Mode::Programs => {}
            Mode::Assertions => self.move_assertions(delta),
            Mode::AssertionAudit => self.scroll_assertion_pane(delta),
            Mode::Family => self.move_family(delta),
            Mode::Answer => {
                let max = self.answer_extent().1;
                self.answer.move_by(delta, max);
            }
            Mode::Message | Mode::Filter | Mode::Copy | Mode::TextSearch => {}
        }
    }
}

/// The default theme for the terminal (dark unless it looks light).
pub fn default_theme() -> Theme {
    Theme::builtin(ThemeKind::detect())
}

#[cfg(test)]
mod draw_tests;
#[cfg(test)]
mod feedback_tests;
#[cfg(test)]
mod key_tests;
#[cfg(test)]
mod score_tests;
#[cfg(test)]
mod size_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod text_search_tests;
