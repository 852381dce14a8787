//! What the event loop waits on, in one channel: the terminal's events (keys, resizes),
//! read on a thread of their own, the signals of [`super::signals`], and the hang-up.
//!
//! The terminal is read off the event loop because crossterm's reader spins for ever on
//! a terminal that went away (a read that returns 0 bytes or `EIO` is retried at once):
//! the event loop never waits on it, and both the reader and the event loop check the
//! terminal every turn (`isatty` fails with `EIO` once the terminal hung up). A hang-up
//! (the tmux pane, session or server killed, an SSH session dropped) ends the TUI as
//! SIGHUP would: the decisions are already saved, the store's lock is removed, the
//! process exits with 129.
//!
//! The channel is unbounded: no key is ever dropped; the event loop applies every key
//! waiting before it draws again.

use std::io::IsTerminal;
use std::sync::mpsc::Sender;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event};

use super::signals::SignalEvent;

/// One thing the event loop is told.
#[derive(Debug, Clone)]
pub enum Input {
    /// A key, a resize, ... from the terminal.
    Terminal(Event),
    /// A signal that arrived.
    Signal(SignalEvent),
    /// The terminal went away: end as SIGHUP would.
    HangUp,
}

/// Whether the terminal is still there (standard input still a terminal: after a
/// hang-up `isatty` fails with `EIO`).
pub fn terminal_alive() -> bool {
    std::io::stdin().is_terminal()
}

/// Starts the thread that reads the terminal's events into `tx`; it ends when the
/// terminal goes away (saying so) or the event loop is gone.
pub fn spawn_reader(tx: Sender<Input>) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("flipscope-input".into())
        .spawn(move || {
            loop {
                if !terminal_alive() {
                    let _ = tx.send(Input::HangUp);
                    return;
                }
                let event = match event::poll(Duration::from_millis(50)) {
                    Ok(false) => continue,
                    Ok(true) => event::read(),
                    Err(e) => Err(e),
                };
                let sent = match event {
                    Ok(event) => tx.send(Input::Terminal(event)),
                    // EOF or EIO: the terminal is gone.
                    Err(_) => {
                        let _ = tx.send(Input::HangUp);
                        return;
                    }
                };
                if sent.is_err() {
                    return;
                }
            }
        })
        .map(drop)
}
