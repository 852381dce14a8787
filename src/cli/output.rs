//! A command's result on standard output. A write that fails (a full disk, a closed
//! pipe) ends the command with `error: cannot write the output (standard output): ...`
//! and exit status 1: never a panic, never a silent success, since a truncated result
//! must not pass for a whole one (docs/commands.md).

use std::fmt::Display;
use std::io::Write;

/// What a failed write says first.
pub const CANNOT_WRITE: &str = "cannot write the output (standard output)";

/// The error of a failed write to standard output.
pub fn error(e: impl Display) -> anyhow::Error {
    anyhow::anyhow!("{CANNOT_WRITE}: {e}")
}

/// Writes all of `text` to standard output and flushes it.
/// Control characters from a study's text are escaped (`\x1b`) on the way out; the
/// renderers escape each field before they align it, so this only catches the rest.
pub fn print(text: &str) -> anyhow::Result<()> {
    let text = crate::printable::escape_lines(text);
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(error)
}

/// [`print`] of `text` and a newline.
pub fn print_line(text: &str) -> anyhow::Result<()> {
    let text = crate::printable::escape_lines(text);
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(error)
}

/// Turns the error of a write to standard output into the output error.
pub trait OrOutput<T> {
    fn or_output(self) -> anyhow::Result<T>;
}

impl<T> OrOutput<T> for std::io::Result<T> {
    fn or_output(self) -> anyhow::Result<T> {
        self.map_err(error)
    }
}

impl<T> OrOutput<T> for serde_json::Result<T> {
    fn or_output(self) -> anyhow::Result<T> {
        self.map_err(error)
    }
}
