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
//! signal-hook turns the signals into values read here; nothing runs inside a signal
//! handler.

use std::io::{self, Write};

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

/// The signals the TUI handles, registered while it runs.
pub struct TerminalSignals(Signals);

impl TerminalSignals {
    /// Registers the handlers (before the terminal is touched, so that no signal can
    /// find it half set up with the default action).
    pub fn install() -> io::Result<TerminalSignals> {
        Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT]).map(TerminalSignals)
    }

    /// The signals that arrived since the last call, in order.
    pub fn pending(&mut self) -> Vec<SignalEvent> {
        self.0
            .pending()
            .map(|signal| match signal {
                SIGTSTP => SignalEvent::Suspend,
                SIGCONT => SignalEvent::Resumed,
                other => SignalEvent::Terminate(other),
            })
            .collect()
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

/// Ends the process as `signal` would have, the terminal restored first.
pub fn end_by(signal: i32) -> ! {
    let _ = restore_terminal();
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    // Only if the default action did not end the process.
    std::process::exit(128 + signal)
}
