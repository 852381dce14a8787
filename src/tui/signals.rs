//! The terminal across signals and job control, read by the event loop every turn:
//!
//! - SIGTERM, SIGHUP, SIGINT and SIGQUIT restore the terminal (raw mode off, the main
//!   screen back, the cursor shown) and then end the process as the signal would have
//!   (a shell sees the signal in the exit status);
//! - SIGTSTP (`kill -TSTP`, or Ctrl-Z, which raw mode delivers as a key) restores the
//!   terminal and stops the process;
//! - SIGCONT (`fg`, after a stop of any kind) takes the terminal back (raw mode, the
//!   alternate screen, the cursor hidden) and has the screen redrawn whole.
//!
//! signal-hook turns the signals into values that a thread of their own forwards to the
//! event loop (as `tui::input::Input::Signal`); nothing runs inside a signal handler.
//! TERM, HUP, INT and QUIT are acted on even when the event loop is stuck (a draw
//! blocked on a terminal that reads nothing, say): when the event loop has not ended
//! the process [`PATIENCE`] after such a signal, the signal thread removes the store's
//! lock, restores the terminal and ends the process itself (every decision is already
//! on disk).

use std::io::{self, Write};
use std::time::Duration;

use ratatui::DefaultTerminal;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use signal_hook::consts::signal::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
use signal_hook::iterator::Signals;

/// What a signal asks of the event loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignalEvent {
    /// Restore the terminal and end as this signal would.
    Terminate(i32),
    /// Restore the terminal and stop until continued.
    Suspend,
    /// Continued after a stop: take the terminal back and redraw.
    Resumed,
}

/// How long the event loop has to end the process after a terminating signal before
/// the signal thread does it.
pub const PATIENCE: Duration = Duration::from_secs(2);

/// The signals the TUI handles, registered while it runs.
pub struct TerminalSignals(Signals);

impl TerminalSignals {
    /// Registers the handlers (before the terminal is touched, so that no signal can
    /// find it half set up with the default action).
    pub fn install() -> io::Result<TerminalSignals> {
        Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT]).map(TerminalSignals)
    }

    /// Forwards the signals to `send` from a thread of their own, in order.
    pub fn forward(self, send: impl Fn(SignalEvent) + Send + 'static) -> io::Result<()> {
        let mut signals = self.0;
        std::thread::Builder::new()
            .name("flipscope-signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    let event = match signal {
                        SIGTSTP => SignalEvent::Suspend,
                        SIGCONT => SignalEvent::Resumed,
                        other => SignalEvent::Terminate(other),
                    };
                    send(event);
                    if let SignalEvent::Terminate(signal) = event {
                        // The event loop ends the process well before this, unless stuck.
                        std::thread::sleep(PATIENCE);
                        end_by(signal);
                    }
                }
            })
            .map(drop)
    }
}

/// Gives the terminal back to the shell: raw mode off, the main screen, the cursor
/// shown. Every step is tried even when one fails.
pub fn restore_terminal() -> io::Result<()> {
    let raw = disable_raw_mode();
    let mut out = io::stdout();
    let screen = execute!(out, LeaveAlternateScreen, Show);
    let _ = out.flush();
    raw.and(screen)
}

/// Takes the terminal back after a stop and clears it, so that the next draw paints
/// every cell.
pub fn take_terminal(terminal: &mut DefaultTerminal) -> io::Result<()> {
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, Hide)?;
    terminal.clear()
}

/// Restores the terminal and stops the process; returns once it is continued, with
/// the terminal taken back.
pub fn suspend(terminal: &mut DefaultTerminal) -> io::Result<()> {
    restore_terminal()?;
    // SIGTSTP's default action: stop (signal-hook raises SIGSTOP, which cannot be
    // caught, so our own SIGTSTP handler is not in the way).
    signal_hook::low_level::emulate_default_handler(SIGTSTP)?;
    take_terminal(terminal)
}

/// Ends the process as `signal` would have, the terminal restored first and the
/// annotation store's lock removed (the process ends without dropping the store).
pub fn end_by(signal: i32) -> ! {
    crate::study::store::lock::release_all();
    let _ = restore_terminal();
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    // Only if the default action did not end the process.
    std::process::exit(128 + signal)
}
