//! The event loop: draws when something changed, turns keys into actions through the
//! keymap, hands the app's requests to the job workers and feeds their results back as
//! actions. The terminal is set up with `ratatui::try_init` (which installs a panic hook
//! that restores it) and always restored on the way out: after an error, a panic, and
//! the signals of [`super::signals`] (which also suspend and resume it) and a hang-up
//! of the terminal ([`super::input`]), after which the app (and with it the annotation
//! store and its lock) is dropped before the process ends.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, KeyEventKind};

use super::action::Action;
use super::app::{App, FINDER_LIMIT, Request, failed_job};
use super::audit::truth;
use super::dashboard;
use super::finder::search;
use super::input::{Input, spawn_reader, terminal_alive};
use super::jobs::{Ticket, Worker};
use super::keymap::{Key, Keymap, KeymapError};
use super::model::load::{LoadError, Prepared, check_paths, load_raw};
use super::signals::{SignalEvent, TerminalSignals};
use super::text::highlight::{highlight, text_key};
use super::theme::{Theme, ThemeKind, no_color_requested};

use crate::rtl::ParseCache;

/// Why the TUI could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum TuiError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error(transparent)]
    Keymap(#[from] KeymapError),
    #[error("{path}: {error}")]
    UserKeymap { path: String, error: KeymapError },
    #[error("the TUI needs a terminal: standard input and output must be a TTY")]
    NotATerminal,
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A signal ended the TUI (the terminal is restored, then the process ends by it).
    #[error("ended by signal {0}")]
    Signal(i32),
    /// The terminal went away (EOF or EIO on it): the TUI ends as SIGHUP would.
    #[error("the terminal went away")]
    HangUp,
}

/// How to start the TUI.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    /// The theme; detected from the terminal when `None`.
    pub theme: Option<ThemeKind>,
    /// Another auditor's annotations file: the agreement screen opens on it once the
    /// study's pairs are in.
    pub compare: Option<PathBuf>,
    /// The dashboard's bootstrap replicates and seed (`None`: 10,000 and 0, as
    /// `flipscope metrics`).
    pub replicates: Option<usize>,
    pub seed: Option<u64>,
    /// Take over an annotations lock held on another host (`--take-over-lock`).
    pub take_over_lock: bool,
}

/// The keymap: the defaults, patched by the user's `keymap.toml` in flipscope's config
/// directory when there is one.
pub fn user_keymap() -> Result<Keymap, TuiError> {
    let mut keymap = Keymap::default();
    if let Some(dirs) = directories::ProjectDirs::from("", "", "flipscope") {
        let path = dirs.config_dir().join("keymap.toml");
        if let Ok(text) = std::fs::read_to_string(&path) {
            keymap.patch(&text).map_err(|error| TuiError::UserKeymap {
                path: path.display().to_string(),
                error,
            })?;
        }
    }
    Ok(keymap)
}

/// ratatui's panic hook restores the terminal on any panic; a panic in a worker thread
/// is caught there and shown in the UI instead, so the hook (and the default message,
/// which would scribble over the screen) only runs for panics of the UI thread.
fn keep_the_terminal_on_worker_panics() {
    let restore_and_report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let worker = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with("flipscope-"));
        if !worker {
            // ratatui's hook leaves the cursor hidden.
            let _ = super::signals::restore_terminal();
            restore_and_report(info);
        }
    }));
}

/// Runs the TUI on the study in `options.paths` until the user quits.
pub fn run(options: Options) -> Result<(), TuiError> {
    // Fail before touching the terminal when the paths hold no study.
    check_paths(&options.paths)?;
    let keymap = user_keymap()?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(TuiError::NotATerminal);
    }
    let mut theme = Theme::builtin(options.theme.unwrap_or_else(ThemeKind::detect));
    if no_color_requested() {
        // crossterm honours NO_COLOR by writing empty colour sequences, which terminals
        // read as "reset every attribute": the theme drops the colours itself instead,
        // and crossterm is told to write what is left as it is.
        theme = theme.without_colours();
        ratatui::crossterm::style::force_color_output(true);
    }
    let mut app = App::new(keymap, theme);
    let (tagging, problem) = super::tagging::Tagging::from_config();
    app.tagging = tagging;
    app.tagging.take_over_lock = options.take_over_lock;
    app.message = problem;
    app.compare.pending = options.compare;
    if let Some(r) = options.replicates {
        app.dashboard.config.replicates = r;
    }
    if let Some(s) = options.seed {
        app.dashboard.config.seed = s;
    }
    let (inputs_tx, inputs) = mpsc::channel::<Input>();
    let signals_tx = inputs_tx.clone();
    TerminalSignals::install()?.forward(move |event| {
        let _ = signals_tx.send(Input::Signal(event));
    })?;
    let mut terminal = ratatui::try_init()?;
    keep_the_terminal_on_worker_panics();
    spawn_reader(inputs_tx)?;
    let result = event_loop(&mut terminal, &mut app, options.paths, &inputs);
    // A draw that fails on a terminal that went away is a hang-up too.
    let result = match result {
        Err(TuiError::Io(_)) if !terminal_alive() => Err(TuiError::HangUp),
        other => other,
    };
    if let Err(e) = super::signals::restore_terminal()
        && terminal_alive()
    {
        eprintln!("Failed to restore terminal: {e}");
    }
    // The store (and its lock) goes with the app, before the process ends.
    drop(app);
    match result {
        Err(TuiError::Signal(signal)) => super::signals::end_by(signal),
        Err(TuiError::HangUp) => super::signals::end_by(signal_hook::consts::SIGHUP),
        other => other,
    }
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    paths: Vec<PathBuf>,
    inputs: &Receiver<Input>,
) -> Result<(), TuiError> {
    let (tx, rx) = mpsc::channel::<Action>();
    let workers = Workers::spawn(&tx);
    let size = terminal.size()?;
    app.update(Action::Resize(size.width, size.height));
    app.start_loading(paths);
    let mut dirty = true;
    let mut last_tick = Instant::now();
    loop {
        for request in app.requests.drain(..) {
            workers.send(request);
        }
        if let Some(text) = app.clipboard.take() {
            copy_to_clipboard(&text)?;
        }
        if dirty {
            terminal.draw(|frame| super::draw(app, frame))?;
            dirty = false;
        }
        if app.quit {
            return Ok(());
        }
        // Every input waiting is applied before the next draw: no key is dropped.
        for input in waiting(inputs, Duration::from_millis(25))? {
            match apply_input(app, input) {
                Step::Applied => {}
                Step::Ignored => continue,
                Step::Suspend => super::signals::suspend(terminal)?,
                Step::Resume => super::signals::take_terminal(terminal)?,
                Step::End(error) => return Err(error),
            }
            dirty = true;
            if app.quit {
                break;
            }
        }
        if !terminal_alive() {
            return Err(TuiError::HangUp);
        }
        dirty |= drain(&rx, app);
        // Animate the spinner while a job runs (the idle screen is never redrawn).
        if !app.is_idle() && last_tick.elapsed() >= Duration::from_millis(100) {
            app.update(Action::Tick);
            last_tick = Instant::now();
            dirty = true;
        }
    }
}

/// Every input waiting, in the order it came: the first one waited for up to
/// `timeout` (none: an empty list), then all the others already queued. The event
/// loop applies them all before it draws again, so keys typed while a frame or an
/// action took long are all applied, in order, and none is dropped.
pub fn waiting(inputs: &Receiver<Input>, timeout: Duration) -> Result<Vec<Input>, TuiError> {
    let mut waiting = match inputs.recv_timeout(timeout) {
        Ok(input) => vec![input],
        Err(RecvTimeoutError::Timeout) => Vec::new(),
        Err(RecvTimeoutError::Disconnected) => return Err(TuiError::HangUp),
    };
    waiting.extend(inputs.try_iter());
    Ok(waiting)
}

/// What the event loop does after one input.
#[derive(Debug)]
pub enum Step {
    /// The app took it (redraw).
    Applied,
    /// Nothing to do (a key release, a mouse event).
    Ignored,
    /// Give the terminal back and stop (Ctrl-Z, SIGTSTP).
    Suspend,
    /// Take the terminal back (SIGCONT).
    Resume,
    /// End the TUI.
    End(TuiError),
}

/// Applies one input to the app: a key through the keymap, a resize; says what the
/// event loop does about the terminal.
pub fn apply_input(app: &mut App, input: Input) -> Step {
    match input {
        // Ctrl-Z: raw mode delivers it as a key, not as SIGTSTP.
        Input::Terminal(Event::Key(key))
            if key.kind != KeyEventKind::Release && is_suspend(&key) =>
        {
            Step::Suspend
        }
        Input::Terminal(Event::Key(key)) if key.kind != KeyEventKind::Release => {
            let key = Key::from_event(key);
            match app.action_of(key) {
                Some(action) => app.update(action),
                // A terminal sends Escape then a key in one read as ESC-key, which
                // crossterm reads as Alt-key: an unbound Alt-key is both keys, in order.
                None => {
                    let mut done = false;
                    for key in key.escape_then_key().into_iter().flatten() {
                        if let Some(action) = app.action_of(key) {
                            app.update(action);
                            done = true;
                        }
                    }
                    // A key that does nothing here says so, rather than nothing at all.
                    if !done {
                        app.message = Some(format!(
                            "{} does nothing on this screen (? lists its keys)",
                            key.spelled()
                        ));
                    }
                }
            }
            Step::Applied
        }
        Input::Terminal(Event::Resize(w, h)) => {
            app.update(Action::Resize(w, h));
            Step::Applied
        }
        Input::Terminal(_) => Step::Ignored,
        Input::Signal(SignalEvent::Terminate(s)) => Step::End(TuiError::Signal(s)),
        Input::Signal(SignalEvent::Suspend) => Step::Suspend,
        Input::Signal(SignalEvent::Resumed) => Step::Resume,
        Input::HangUp => Step::End(TuiError::HangUp),
    }
}

/// Ctrl-Z, the shell's suspend key.
fn is_suspend(key: &event::KeyEvent) -> bool {
    key.code == event::KeyCode::Char('z') && key.modifiers.contains(event::KeyModifiers::CONTROL)
}

/// Puts `text` on the clipboard with OSC 52 (terminals and tmux with `set-clipboard
/// on` pass it to the system clipboard; others ignore it).
fn copy_to_clipboard(text: &str) -> std::io::Result<()> {
    use ratatui::crossterm::clipboard::CopyToClipboard;
    ratatui::crossterm::execute!(
        std::io::stdout(),
        CopyToClipboard::to_clipboard_from(text.as_bytes())
    )
}

/// Applies every job result waiting; returns whether there was one.
fn drain(rx: &Receiver<Action>, app: &mut App) -> bool {
    let mut any = false;
    while let Ok(action) = rx.try_recv() {
        app.update(action);
        any = true;
    }
    any
}

/// One worker per job kind.
struct Workers {
    load: Worker<Request>,
    highlight: Worker<Request>,
    find: Worker<Request>,
    truth: Worker<Request>,
    score: Worker<Request>,
    metrics: Worker<Request>,
}

impl Workers {
    fn spawn(tx: &Sender<Action>) -> Workers {
        let worker = |name: &str| {
            let out = tx.clone();
            Worker::spawn(name, move |ticket: &Ticket<Request>, request: Request| {
                let (kind, id) = (request.kind(), request.id());
                let run = std::panic::AssertUnwindSafe(|| {
                    perform(request, &mut |a| drop(out.send(a)), &|| ticket.superseded());
                });
                if let Err(panic) = std::panic::catch_unwind(run) {
                    let what = panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown panic".into());
                    let message = format!("internal error while {}: {what}", kind.name());
                    let _ = out.send(failed_job(kind, id, message));
                }
            })
        };
        Workers {
            load: worker("load"),
            highlight: worker("highlight"),
            find: worker("find"),
            truth: worker("truth"),
            score: worker("score"),
            metrics: worker("metrics"),
        }
    }

    fn send(&self, request: Request) {
        let worker = match request {
            Request::Load { .. } => &self.load,
            Request::Highlight { .. } => &self.highlight,
            Request::Find { .. } => &self.find,
            Request::Truth { .. } => &self.truth,
            Request::Score { .. } => &self.score,
            Request::Metrics { .. } => &self.metrics,
        };
        worker.request(request);
    }
}

/// Does one request's work, reporting through `emit`; `stop` says when a newer request
/// is waiting (a search then gives up without a result: the newer one answers).
/// The workers call this; tests call it inline.
pub fn perform(request: Request, emit: &mut dyn FnMut(Action), stop: &dyn Fn() -> bool) {
    match request {
        Request::Load { id, paths } => {
            let result = load_raw(&paths, |p| emit(Action::LoadProgress(id, p.clone())))
                .map(|study| Arc::new(Prepared::of_loaded_at(study, &paths)))
                .map_err(|e| e.to_string());
            emit(Action::Loaded(id, result));
        }
        Request::Highlight { id, texts } => {
            let batch = texts
                .iter()
                .map(|t| (text_key(t), Arc::new(highlight(t))))
                .collect();
            emit(Action::Highlighted(id, Arc::new(batch)));
        }
        Request::Find { id, index, query } => {
            if let Some(hits) = search(&index, &query, FINDER_LIMIT, stop) {
                emit(Action::FinderResults(id, Arc::new(hits)));
            }
        }
        Request::Truth { id, data, oracle } => {
            emit(Action::TruthTable(
                id,
                Arc::new(truth::build(&data, oracle)),
            ));
        }
        Request::Score { id, raw, oracle } => {
            let cache = ParseCache::user();
            let prepared = Prepared::scored(&raw, oracle, &cache);
            cache.flush();
            emit(Action::Scored(id, Ok(Arc::new(prepared))));
        }
        Request::Metrics {
            id,
            study,
            selection,
            key,
        } => {
            // A newer request waiting answers instead (this one would be dropped).
            if !stop() {
                let view = dashboard::compute(&study, &selection, key);
                emit(Action::MetricsComputed(id, Ok(Arc::new(view))));
            }
        }
    }
}

#[cfg(test)]
#[path = "runner_tests.rs"]
mod tests;
