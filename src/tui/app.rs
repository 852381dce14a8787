//! The TUI's whole state and its one `update(&mut self, Action)`. Rendering reads it
//! (`tui::views`); background work is asked for through `requests`, which the runner
//! hands to the job workers, and comes back as actions tagged with the request id.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

use super::action::Action;
use super::agreement::CompareState;
use super::dashboard::{DashboardState, data_changes};
use super::filter::Filter;
use super::finder::FinderEntry;
use super::highlight::{Highlighted, text_key};
use super::jobs::JobKind;
use super::keymap::{Keymap, Mode};
use super::load::{Prepared, RawStudy};
use super::model::{AuditData, StudyView};
use super::queue::Queue;
use super::tagging::Tagging;
use super::theme::{Theme, ThemeKind};
use super::views::layout;

pub use super::state::{
    AuditState, FinderState, LoadState, Oracle, Overlay, Pane, Request, Screen, failed_job,
};

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
    /// Why the filter bar's text does not parse.
    pub filter_error: Option<String>,
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
    pub help_scroll: usize,
    /// A one-line message for the status line.
    pub message: Option<String>,
    pub quit: bool,
    /// Annotations: the store, taxonomy, note popup and audit sample.
    pub tagging: Tagging,
    /// The study's directory, where the annotation store opens once it has loaded.
    pub study_dir: Option<PathBuf>,
    /// Every path the study was opened from (`export tags` reads their annotations).
    pub paths: Vec<PathBuf>,
    /// The compare prompt and the agreement screen (`tui::agreement`).
    pub compare: CompareState,
    /// The metrics dashboard (`app_dashboard.rs`).
    pub dashboard: DashboardState,
    next_id: u64,
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
            finder: FinderState::default(),
            audit: None,
            oracle: Oracle::Reference,
            raw: None,
            highlights: HashMap::new(),
            awaiting: BTreeMap::new(),
            requests: Vec::new(),
            help_scroll: 0,
            message: None,
            quit: false,
            tagging: Tagging::default(),
            study_dir: None,
            paths: Vec::new(),
            compare: CompareState::default(),
            dashboard: DashboardState::default(),
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
        self.queue.scroll_into_view(self.queue_rows());
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
            (Some(Overlay::Help), _) => Mode::Help,
            // The note and compare prompts type like the filter bar (Enter accepts, Esc
            // cancels).
            (Some(Overlay::Note | Overlay::Compare), _) => Mode::Filter,
            (None, Screen::Queue) => Mode::Queue,
            (None, Screen::Audit) => Mode::Audit,
            (None, Screen::Agreement) => Mode::Agreement,
            (None, Screen::Dashboard) => Mode::Dashboard,
        }
    }

    /// Rows of the queue table at the current size.
    pub fn queue_rows(&self) -> usize {
        layout::queue_rows(self.size)
    }

    fn ask(&mut self, kind: JobKind) -> u64 {
        self.next_id += 1;
        self.awaiting.insert(kind, self.next_id);
        self.next_id
    }

    /// Whether `id` answers the latest request of `kind`; marks the kind idle if so.
    fn answered(&mut self, kind: JobKind, id: u64) -> bool {
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
        self.apply(action);
        self.sync_dashboard();
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::Quit => self.quit = true,
            Action::ToggleHelp => {
                self.overlay = if self.overlay == Some(Overlay::Help) {
                    None
                } else {
                    Some(Overlay::Help)
                };
                self.help_scroll = 0;
            }
            Action::Back => self.back(),
            Action::Down => self.move_by(1),
            Action::Up => self.move_by(-1),
            Action::PageDown => self.move_by(self.page() as isize),
            Action::PageUp => self.move_by(-(self.page() as isize)),
            Action::First => self.move_by(isize::MIN / 2),
            Action::Last => self.move_by(isize::MAX / 2),
            Action::Open if self.screen == Screen::Agreement => self.open_disagreement(),
            Action::Open => self.open_selected(),
            Action::OpenFilter => {
                self.overlay = Some(Overlay::Filter);
                self.filter_input = self.queue.filter.source().to_string();
                self.filter_error = None;
            }
            Action::CycleFlip => self.change_queue(Queue::cycle_flip),
            Action::CycleModel => self.change_queue(Queue::cycle_model),
            Action::CycleVariant => self.change_queue(Queue::cycle_variant),
            Action::ClearFilters => self.change_queue(Queue::clear_filters),
            Action::OpenFinder => {
                self.overlay = Some(Overlay::Finder);
                self.finder.selected = 0;
                self.request_find();
            }
            Action::NextPane | Action::PrevPane if self.screen == Screen::Agreement => {
                self.toggle_agreement_focus();
            }
            Action::NextPane => self.cycle_pane(1),
            Action::PrevPane => self.cycle_pane(Pane::ALL.len() - 1),
            Action::NextPair if self.compare.view.is_some() => self.step_disagreement(1),
            Action::PrevPair if self.compare.view.is_some() => self.step_disagreement(-1),
            Action::NextPair => self.step_pair(1),
            Action::PrevPair => self.step_pair(-1),
            Action::ToggleRename => {
                if let Some(audit) = &mut self.audit {
                    audit.rename = !audit.rename;
                    self.message = Some(if audit.rename {
                        "transformed side in the original names".into()
                    } else {
                        "transformed side as generated".into()
                    });
                    self.request_highlights();
                }
            }
            Action::ToggleOracle => {
                self.oracle = match self.oracle {
                    Oracle::Reference => Oracle::Rtl,
                    Oracle::Rtl => Oracle::Reference,
                };
                self.message = Some(format!("oracle: {}", self.oracle.name()));
                self.request_score();
                self.request_truth();
            }
            Action::ToggleTag(key) => self.toggle_tag_key(key),
            Action::AcceptSuggestion => self.accept_suggestion(),
            Action::EditNote => self.open_note(),
            Action::Undo => self.undo_decision(),
            Action::ToggleSample => self.toggle_sample(),
            Action::OpenCompare => self.open_compare(),
            Action::ExportTags => self.export_tagged_pairs(),
            Action::ToggleTheme => self.theme = Theme::builtin(self.theme.kind.toggled()),
            Action::OpenDashboard => self.open_dashboard(),
            Action::ExportMetrics => self.export_metrics(),
            Action::CycleExportFormat => {
                self.dashboard.cycle_format();
                self.message = Some(format!("export format: {}", self.dashboard.format.name()));
            }
            Action::ToggleFigure => self.dashboard.toggle_figure(),
            Action::Tick => self.dashboard.tick = self.dashboard.tick.wrapping_add(1),
            Action::MetricsComputed(id, result) => self.metrics_computed(id, result),
            Action::Input(c) => self.edit(|s| s.push(c)),
            Action::DeleteChar => self.edit(|s| {
                s.pop();
            }),
            Action::ClearInput => self.edit(String::clear),
            Action::Submit => self.submit(),
            Action::Resize(w, h) => {
                self.size = (w, h);
                let rows = self.queue_rows();
                self.queue.scroll_into_view(rows);
            }
            Action::LoadProgress(id, progress) => {
                if self.awaiting.get(&JobKind::Load) == Some(&id) {
                    self.load = LoadState::Loading(Some(progress));
                }
            }
            Action::Loaded(id, result) => {
                if self.answered(JobKind::Load, id) {
                    match result {
                        Ok(prepared) => {
                            let Prepared {
                                study,
                                queue,
                                index,
                                raw,
                                ..
                            } = (*prepared).clone();
                            self.set_study(study, queue, index);
                            self.raw = raw;
                            self.request_score();
                            if let Some(dir) = self.study_dir.clone() {
                                let root = crate::study::store::location::default_data_root();
                                self.open_annotations(&dir, root.as_deref());
                            }
                        }
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
            Action::FinderResults(id, hits) => {
                if self.answered(JobKind::Find, id) {
                    self.finder.hits = hits;
                    self.finder.selected = self
                        .finder
                        .selected
                        .min(self.finder.hits.len().saturating_sub(1));
                }
            }
            Action::TruthTable(id, table) => {
                if self.answered(JobKind::Truth, id)
                    && let Some(audit) = &mut self.audit
                {
                    audit.truth = Some(table);
                }
            }
        }
        // `open --compare FILE` waits for the study's pairs.
        self.poll_pending_compare();
    }

    fn back(&mut self) {
        match self.overlay {
            Some(_) => {
                self.overlay = None;
                self.filter_error = None;
            }
            None if self.screen == Screen::Audit => self.back_to_queue(),
            None if self.screen == Screen::Agreement => self.close_agreement(),
            None if self.screen == Screen::Dashboard => self.screen = Screen::Queue,
            None => {}
        }
    }

    fn back_to_queue(&mut self) {
        self.screen = Screen::Queue;
        self.audit = None;
        self.awaiting.remove(&JobKind::Truth);
        if self.compare.view.is_some() {
            // The audit was opened from the agreement screen: back there.
            self.back_to_agreement();
        }
    }

    fn page(&self) -> usize {
        match self.mode() {
            Mode::Audit => layout::audit_page(self.size),
            Mode::Agreement => self.agreement_page(),
            _ => self.queue_rows().max(1),
        }
    }

    fn move_by(&mut self, delta: isize) {
        match self.mode() {
            Mode::Queue => {
                let rows = self.queue_rows();
                self.queue.move_by(delta, rows);
            }
            Mode::Audit => {
                if let Some(audit) = &mut self.audit {
                    let max = audit.max_scroll(audit.pane);
                    let at = audit.scroll.entry(audit.pane).or_insert(0);
                    *at = at.saturating_add_signed(delta).min(max);
                }
            }
            Mode::Finder => {
                let last = self.finder.hits.len().saturating_sub(1);
                self.finder.selected = self.finder.selected.saturating_add_signed(delta).min(last);
            }
            Mode::Help => {
                self.help_scroll = self
                    .help_scroll
                    .saturating_add_signed(delta)
                    .min(layout::MAX_SCROLL);
            }
            Mode::Agreement => self.move_agreement(delta),
            Mode::Dashboard => self.dashboard.move_by(delta),
            Mode::Filter => {}
        }
    }

    fn change_queue(&mut self, change: impl FnOnce(&mut Queue)) {
        change(&mut self.queue);
        self.queue.refilter(&self.study);
        let rows = self.queue_rows();
        self.queue.scroll_into_view(rows);
    }

    /// Opens the audit screen on the selected pair.
    fn open_selected(&mut self) {
        if let Some(pair) = self.queue.selected_pair() {
            self.open_pair(pair);
        }
    }

    pub(super) fn open_pair(&mut self, pair: usize) {
        let Some(data) = AuditData::of(&self.study, pair) else {
            return;
        };
        let (pane, rename) = match &self.audit {
            Some(a) => (a.pane, a.rename),
            None => (Pane::RtlOriginal, false),
        };
        self.audit = Some(AuditState {
            pair,
            data,
            pane,
            scroll: HashMap::new(),
            rename,
            truth: None,
        });
        self.screen = Screen::Audit;
        self.overlay = None;
        self.request_highlights();
        self.request_truth();
    }

    fn step_pair(&mut self, delta: isize) {
        if self.screen != Screen::Audit {
            return;
        }
        let rows = self.queue_rows();
        self.queue.move_by(delta, rows);
        self.open_selected();
    }

    fn cycle_pane(&mut self, step: usize) {
        if let Some(audit) = &mut self.audit {
            let at = Pane::ALL.iter().position(|p| *p == audit.pane).unwrap_or(0);
            audit.pane = Pane::ALL[(at + step) % Pane::ALL.len()];
        }
    }

    fn request_highlights(&mut self) {
        let Some(audit) = &self.audit else { return };
        let texts: Vec<String> = [audit.data.rtl_original.clone(), audit.transformed_rtl()]
            .into_iter()
            .filter(|t| !self.highlights.contains_key(&text_key(t)))
            .collect();
        if !texts.is_empty() {
            let id = self.ask(JobKind::Highlight);
            self.requests.push(Request::Highlight { id, texts });
        }
    }

    fn request_truth(&mut self) {
        let Some(data) = self.audit.as_ref().map(|a| Arc::clone(&a.data)) else {
            return;
        };
        if let Some(audit) = &mut self.audit {
            audit.truth = None;
        }
        let id = self.ask(JobKind::Truth);
        self.requests.push(Request::Truth {
            id,
            data,
            oracle: self.oracle,
        });
    }

    fn request_find(&mut self) {
        let id = self.ask(JobKind::Find);
        self.requests.push(Request::Find {
            id,
            index: Arc::clone(&self.finder_index),
            query: self.finder.query.clone(),
        });
    }

    fn edit(&mut self, change: impl FnOnce(&mut String)) {
        match self.overlay {
            Some(Overlay::Filter) => {
                change(&mut self.filter_input);
                // Apply as the user types when the text parses; say why when it does not.
                match Filter::parse(&self.filter_input) {
                    Ok(filter) => {
                        self.filter_error = None;
                        self.change_queue(|q| q.filter = filter);
                    }
                    Err(e) => self.filter_error = Some(e.to_string()),
                }
            }
            Some(Overlay::Note) => change(&mut self.tagging.note_input),
            Some(Overlay::Compare) => {
                change(&mut self.compare.input);
                self.compare.error = None;
            }
            Some(Overlay::Finder) => {
                change(&mut self.finder.query);
                self.finder.selected = 0;
                self.request_find();
            }
            _ => {}
        }
    }

    fn submit(&mut self) {
        match self.overlay {
            Some(Overlay::Filter) if self.filter_error.is_none() => self.overlay = None,
            Some(Overlay::Note) => self.save_note(),
            Some(Overlay::Compare) => self.submit_compare(),
            Some(Overlay::Finder) => {
                let Some(hit) = self.finder.hits.get(self.finder.selected) else {
                    return;
                };
                let pair = hit.pair;
                self.jump_to(pair);
            }
            _ => {}
        }
    }

    /// Selects `pair` in the queue (showing every pair if the filter hides it) and
    /// opens its audit screen.
    pub fn jump_to(&mut self, pair: usize) {
        let rows = self.queue_rows();
        if !self.queue.select_pair(pair, rows) {
            self.change_queue(Queue::clear_filters);
            self.queue.select_pair(pair, rows);
            self.message = Some("filters cleared to show the pair".into());
        }
        self.open_pair(pair);
    }
}

/// The default theme for the terminal (dark unless it looks light).
pub fn default_theme() -> Theme {
    Theme::builtin(ThemeKind::detect())
}

#[path = "app_rescore.rs"]
mod rescore;

#[path = "app_dashboard.rs"]
mod dashboard_actions;

#[cfg(test)]
#[path = "app_tests.rs"]
pub(crate) mod tests;
