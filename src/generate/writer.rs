//! An append-only JSON Lines file written by one process at a time: each line goes out
//! in one `write`, a batch of lines is made durable with one `fdatasync` before any of
//! them is reported done, a failed write is cut back out, and a file whose last line
//! was cut off by a crash is refused with its place named (never silently glued to).

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;

use super::error::GenerateError;
use crate::study::LocatedError;
use crate::study::error::display_path;

/// An open, locked append-only file (or one to be created by its first line).
#[derive(Debug)]
pub struct AppendLog {
    /// `None` until the first line, for a file that did not exist.
    file: Option<File>,
    path: std::path::PathBuf,
    name: String,
    /// The length that is known to end in a whole line.
    len: u64,
    /// The file ends in a complete line without its newline: write one first.
    needs_newline: bool,
    /// Lines written since the last sync.
    unsynced: usize,
}

impl AppendLog {
    /// Opens `path` for appending and takes its lock when it exists; otherwise it is
    /// created (and locked) by the first line appended, so a run that writes nothing
    /// leaves no file behind.
    pub fn deferred(path: &Path) -> Result<Self, GenerateError> {
        if path.exists() {
            return Self::open(path);
        }
        Ok(Self {
            file: None,
            path: path.to_path_buf(),
            name: display_path(path),
            len: 0,
            needs_newline: false,
            unsynced: 0,
        })
    }

    /// Opens (or creates) `path` for appending and takes its lock.
    pub fn open(path: &Path) -> Result<Self, GenerateError> {
        let name = display_path(path);
        let fail = |message: String| GenerateError::File(LocatedError::whole_file(path, message));
        let existed = path.exists();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| fail(format!("cannot open for appending: {e}")))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(fail(
                    "another flipscope generate is writing this file (it is locked): wait for it or stop it first".into(),
                ));
            }
            Err(TryLockError::Error(e)) => return Err(fail(format!("cannot lock: {e}"))),
        }
        if !existed && let Some(dir) = path.parent() {
            // The new name must survive a crash as well as the lines in it.
            let dir = if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            };
            File::open(dir)
                .and_then(|d| d.sync_all())
                .map_err(|e| fail(format!("cannot sync its directory: {e}")))?;
        }
        let len = file
            .metadata()
            .map_err(|e| fail(format!("cannot read: {e}")))?
            .len();
        let needs_newline = check_tail(&mut file, len, path)?;
        Ok(Self {
            file: Some(file),
            path: path.to_path_buf(),
            name,
            len,
            needs_newline,
            unsynced: 0,
        })
    }

    /// The file as named.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Appends one line (`line` without its newline) in a single write. On failure the
    /// file is cut back to where it was, so no partial line stays behind.
    pub fn append(&mut self, line: &str) -> Result<(), GenerateError> {
        if self.file.is_none() {
            *self = Self::open(&self.path)?;
        }
        let file = self.file.as_mut().expect("opened above");
        let mut bytes = Vec::with_capacity(line.len() + 2);
        if self.needs_newline {
            bytes.push(b'\n');
        }
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        if let Err(reason) = file.write_all(&bytes) {
            let _ = file.set_len(self.len);
            return Err(GenerateError::Write {
                file: self.name.clone(),
                reason,
            });
        }
        self.needs_newline = false;
        self.len += bytes.len() as u64;
        self.unsynced += 1;
        Ok(())
    }

    /// Makes every line appended so far durable.
    pub fn sync(&mut self) -> Result<(), GenerateError> {
        if self.unsynced == 0 {
            return Ok(());
        }
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        file.sync_data().map_err(|reason| GenerateError::Write {
            file: self.name.clone(),
            reason,
        })?;
        self.unsynced = 0;
        Ok(())
    }
}

/// Whether the file ends in a complete line that only lacks its newline (`Ok(true)`),
/// ends in a newline or is empty (`Ok(false)`), or ends in a cut-off line (an error
/// naming its line).
fn check_tail(file: &mut File, len: u64, path: &Path) -> Result<bool, GenerateError> {
    if len == 0 {
        return Ok(false);
    }
    let io = |e: std::io::Error| {
        GenerateError::File(LocatedError::whole_file(path, format!("cannot read: {e}")))
    };
    let mut last = [0u8];
    file.seek(SeekFrom::Start(len - 1)).map_err(io)?;
    file.read_exact(&mut last).map_err(io)?;
    if last[0] == b'\n' {
        return Ok(false);
    }
    // Find the last line and its number.
    file.seek(SeekFrom::Start(0)).map_err(io)?;
    let mut reader = BufReader::new(&mut *file);
    let mut line = Vec::new();
    let mut number = 0usize;
    loop {
        line.clear();
        let n = reader.read_until(b'\n', &mut line).map_err(io)?;
        if n == 0 {
            break;
        }
        number += 1;
        if line.last() != Some(&b'\n') {
            break;
        }
    }
    let complete = serde_json::from_slice::<serde_json::Value>(&line).is_ok_and(|v| v.is_object());
    if complete {
        return Ok(true);
    }
    Err(GenerateError::File(LocatedError::new(
        display_path(path),
        number,
        1,
        "the last line is cut off (no newline at its end, and not a whole JSON object): a write was interrupted; delete that line (its request is sent again) and run again",
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appends_lines_and_adds_a_missing_final_newline() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        {
            let mut log = AppendLog::open(&path).unwrap();
            log.append("{\"a\":1}").unwrap();
            log.sync().unwrap();
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"a\":1}\n");
        std::fs::write(&path, "{\"a\":1}\n{\"b\":2}").unwrap();
        let mut log = AppendLog::open(&path).unwrap();
        log.append("{\"c\":3}").unwrap();
        log.sync().unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n"
        );
    }

    #[test]
    fn a_cut_off_last_line_is_refused_with_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        std::fs::write(&path, "{\"a\":1}\n{\"b\":2}\n{\"c\":").unwrap();
        let e = AppendLog::open(&path).unwrap_err().to_string();
        assert!(e.contains("g.jsonl:3:1: the last line is cut off"), "{e}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"a\":1}\n{\"b\":2}\n{\"c\":",
            "nothing is changed"
        );
    }

    #[test]
    fn a_deferred_file_appears_with_its_first_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.jsonl");
        let mut log = AppendLog::deferred(&path).unwrap();
        log.sync().unwrap();
        assert!(!path.exists());
        log.append("{}").unwrap();
        log.sync().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{}\n");
    }

    #[test]
    fn a_second_writer_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        let _first = AppendLog::open(&path).unwrap();
        let e = AppendLog::open(&path).unwrap_err().to_string();
        assert!(e.contains("locked"), "{e}");
    }
}
