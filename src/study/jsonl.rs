//! Streaming JSON Lines reader: one record per line, blank lines skipped, every error
//! located by file, line and column, with the JSON path of the offending field. A line
//! longer than [`MAX_LINE_BYTES`] is an error (and the end of the reading), never read
//! whole; text after a line's object, and lines ended by a carriage return alone, are
//! errors, never silently dropped records.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use serde::de::DeserializeOwned;

use super::error::{LocatedError, display_path};

/// Longest line read, in bytes: a program line holds its RTL and every variant's (the
/// largest real one is about 300 KB).
pub const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// Reads records of type `T` one line at a time; a file never sits in memory whole.
pub struct JsonlReader {
    file: String,
    reader: Box<dyn BufRead>,
    line: usize,
    buf: Vec<u8>,
    records: usize,
    /// Whether a line that is not blank was read (a record, or a line of bad bytes).
    content: bool,
    /// Whether the end came with no record at all (an empty or blank file).
    no_record: bool,
    done: bool,
}

impl JsonlReader {
    /// Opens a file (`-` means standard input).
    pub fn open(path: &Path) -> Result<Self, LocatedError> {
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(BufReader::new(std::io::stdin()))
        } else {
            // Never opened when it is not a regular file: opening a FIFO waits for ever.
            super::regular_file::check_regular(path)?;
            let f = File::open(path)
                .map_err(|e| LocatedError::whole_file(path, format!("cannot open: {e}")))?;
            Box::new(BufReader::with_capacity(1 << 16, f))
        };
        Ok(Self::from_reader(display_path(path), reader))
    }

    /// Reads from any source; `name` is used in messages.
    pub fn from_reader(name: impl Into<String>, reader: Box<dyn BufRead>) -> Self {
        Self {
            file: name.into(),
            reader,
            line: 0,
            buf: Vec::new(),
            records: 0,
            content: false,
            no_record: false,
            done: false,
        }
    }

    /// The name used in messages.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The next record with its 1-based line number, or an error at its place. After an
    /// I/O error the reader stops; after a bad record it goes on with the next line.
    pub fn next_record<T: DeserializeOwned>(&mut self) -> Option<Result<(usize, T), LocatedError>> {
        loop {
            if self.done {
                return None;
            }
            self.buf.clear();
            match read_line_at_most(&mut self.reader, &mut self.buf, MAX_LINE_BYTES) {
                Ok(Line::TooLong) => {
                    self.done = true;
                    self.line += 1;
                    let n = self.line;
                    self.buf.clear();
                    return Some(Err(LocatedError::new(
                        &self.file,
                        n,
                        1,
                        format!(
                            "line {n} is longer than {}, the most flipscope reads as one line \
                             (is this a JSON Lines file?): the rest of the file is not read",
                            size_text(MAX_LINE_BYTES as u64)
                        ),
                    )));
                }
                Ok(Line::Read(0)) => {
                    self.done = true;
                    self.no_record = !self.content;
                    if self.line == 0 {
                        return Some(Err(LocatedError::new(
                            &self.file,
                            1,
                            1,
                            "the file is empty: expected one JSON object per line",
                        )));
                    }
                    if !self.content {
                        // Blank lines only: as empty as a 0-byte file, and said so.
                        let n = self.line;
                        let s = if n == 1 { "" } else { "s" };
                        return Some(Err(LocatedError::new(
                            &self.file,
                            1,
                            1,
                            format!(
                                "the file holds no record, only {n} blank line{s}: expected one \
                                 JSON object per line"
                            ),
                        )));
                    }
                    return None;
                }
                Ok(Line::Read(_)) => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(LocatedError::new(
                        &self.file,
                        self.line + 1,
                        1,
                        format!("cannot read: {e}"),
                    )));
                }
            }
            self.line += 1;
            let text = match std::str::from_utf8(&self.buf) {
                Ok(t) => t,
                Err(e) => {
                    self.content = true;
                    let good = &self.buf[..e.valid_up_to()];
                    let column = String::from_utf8_lossy(good).chars().count() + 1;
                    return Some(Err(LocatedError::new(
                        &self.file,
                        self.line,
                        column,
                        format!(
                            "invalid UTF-8 byte 0x{:02x}: files must be UTF-8",
                            self.buf[e.valid_up_to()]
                        ),
                    )));
                }
            };
            let text = text.trim_end_matches(['\n', '\r']);
            // A byte-order mark (Windows editors) is not part of the first record.
            let text = if self.line == 1 {
                text.trim_start_matches('\u{feff}')
            } else {
                text
            };
            if text.trim().is_empty() {
                continue;
            }
            self.records += 1;
            self.content = true;
            return Some(parse_line(&self.file, self.line, text));
        }
    }

    /// The text of the line last read, without its line ending (empty after an error
    /// about bad bytes). Lets callers locate problems found after parsing.
    pub fn line_text(&self) -> &str {
        let text = std::str::from_utf8(&self.buf)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r']);
        if self.line == 1 {
            text.trim_start_matches('\u{feff}')
        } else {
            text
        }
    }

    /// The line last read with bad bytes replaced (U+FFFD), so a line that is not
    /// UTF-8 can still be told apart (by the id it starts with, say).
    pub fn line_text_lossy(&self) -> std::borrow::Cow<'_, str> {
        let text = match std::str::from_utf8(&self.buf) {
            Ok(_) => return std::borrow::Cow::Borrowed(self.line_text()),
            Err(_) => String::from_utf8_lossy(&self.buf),
        };
        let trimmed = text.trim_end_matches(['\n', '\r']);
        let trimmed = if self.line == 1 {
            trimmed.trim_start_matches('\u{feff}')
        } else {
            trimmed
        };
        std::borrow::Cow::Owned(trimmed.to_string())
    }

    /// Whether the file ended without holding any line but blank ones (or none): the
    /// error then said so.
    pub fn held_no_record(&self) -> bool {
        self.no_record
    }

    /// Number of non-blank lines seen so far.
    pub fn records(&self) -> usize {
        self.records
    }
}

/// What one bounded read of a line gave.
enum Line {
    /// Bytes read (0 at the end of the input), the `\n` included.
    Read(usize),
    /// The line goes on past the limit; what was read is dropped.
    TooLong,
}

/// Reads up to and including the next `\n`, but never more than `limit` bytes.
fn read_line_at_most(
    reader: &mut dyn BufRead,
    buf: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<Line> {
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(Line::Read(buf.len()));
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        if buf.len() + chunk.len() > limit {
            buf.clear();
            return Ok(Line::TooLong);
        }
        buf.extend_from_slice(chunk);
        let n = chunk.len();
        reader.consume(n);
        if done {
            return Ok(Line::Read(buf.len()));
        }
    }
}

/// Parses one line of JSON into `T`, locating any error within the line.
pub fn parse_line<T: DeserializeOwned>(
    file: &str,
    line: usize,
    text: &str,
) -> Result<(usize, T), LocatedError> {
    let mut de = serde_json::Deserializer::from_str(text);
    match serde_path_to_error::deserialize::<_, T>(&mut de) {
        Ok(v) => {
            let rest = text.trim();
            if !(rest.starts_with('{') || rest.starts_with('[')) {
                return Err(LocatedError::new(file, line, 1, "expected a JSON object"));
            }
            // Anything after the object on the same line is an error, not ignored.
            if let Err(e) = de.end() {
                return Err(trailing_text(file, line, text, e.column()));
            }
            Ok((line, v))
        }
        Err(err) => {
            // A data error (wrong type, bad value, missing field) points at the start
            // of the value at fault, which serde_json reports only at its end.
            let start = match err.inner().classify() {
                serde_json::error::Category::Data => super::locate::path_value(text, err.path()),
                _ => None,
            };
            // A duplicate key is reported at the key, not at its object.
            if let Some(key) = duplicate_field(&err.inner().to_string())
                && let Some(offset) = super::locate::duplicate_key(text, err.path(), &key)
            {
                let column = crate::text::line_column(text, offset).1;
                let path = err.path().to_string();
                let within = if path == "." || path.is_empty() {
                    String::new()
                } else {
                    format!(" (in \"{path}\")")
                };
                let message = format!(
                    "duplicate key \"{key}\": each key may appear once in an object{within}"
                );
                return Err(LocatedError::new(file, line, column, message));
            }
            let path = err.path().to_string();
            let inner = err.into_inner();
            let column = match start {
                Some(offset) => crate::text::line_column(text, offset).1,
                None => char_column(text, inner.column()),
            };
            let mut message = strip_position(&inner.to_string());
            if inner.is_eof() {
                message = format!("the line ends early (truncated JSON): {message}");
            }
            if path != "." && !path.is_empty() {
                message = format!("{message} for \"{path}\"");
            }
            Err(LocatedError::new(file, line, column.max(1), message))
        }
    }
}

/// A size in bytes for messages: `256 KiB`, `16 MiB`, or bytes.
pub fn size_text(bytes: u64) -> String {
    const KIB: u64 = 1024;
    if bytes >= KIB * KIB && bytes.is_multiple_of(KIB * KIB) {
        format!("{} MiB", bytes / (KIB * KIB))
    } else if bytes >= KIB && bytes.is_multiple_of(KIB) {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// The key of serde's "duplicate field `key`" message.
fn duplicate_field(message: &str) -> Option<String> {
    let rest = message.strip_prefix("duplicate field `")?;
    Some(rest[..rest.find('`')?].to_string())
}

/// The error for text after a line's JSON object, at that text (serde_json's 1-based
/// byte `column` of it). Lines ended by a lone carriage return (classic Mac OS) read as
/// one line holding every record, and are said to be that.
fn trailing_text(file: &str, line: usize, text: &str, column: usize) -> LocatedError {
    let at = column.saturating_sub(1).min(text.len());
    if let Some(cr) = text.find('\r') {
        let records = text.split('\r').filter(|l| !l.trim().is_empty()).count();
        return LocatedError::new(
            file,
            line,
            char_column(text, cr + 1),
            format!(
                "a carriage return alone ends a line here (classic Mac OS line endings): \
                 flipscope reads lines ended by LF or CRLF, so this line holds {records} records; \
                 convert the file (e.g. `tr '\\r' '\\n'`)"
            ),
        );
    }
    let rest = text.get(at..).unwrap_or("").trim_start();
    let message = if rest.starts_with('{') {
        "a second JSON object on the same line: one record per line"
    } else {
        "text after the JSON object: one record per line, nothing after it"
    };
    LocatedError::new(file, line, char_column(text, at + 1), message)
}

/// serde_json columns are byte offsets (1-based); messages count characters.
fn char_column(text: &str, byte_column: usize) -> usize {
    if byte_column == 0 {
        return 1;
    }
    let end = byte_column.min(text.len());
    let mut end = end;
    while end > 0 && !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].chars().count().max(1)
}

/// Removes serde_json's " at line L column C" suffix: the location is given separately.
fn strip_position(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}

/// Largest file [`read_text`] reads whole (the largest real one, a VERT file, is 3.5 MB).
pub const MAX_TEXT_BYTES: u64 = 256 * 1024 * 1024;

/// Reads a whole small file as UTF-8 text with a located error on bad bytes; a file (or
/// standard input) of more than [`MAX_TEXT_BYTES`] is an error, not read to its end.
pub fn read_text(path: &Path) -> Result<String, LocatedError> {
    read_text_at_most(path, MAX_TEXT_BYTES)
}

/// [`read_text`] of a file that may hold at most `limit` bytes.
pub fn read_text_at_most(path: &Path, limit: u64) -> Result<String, LocatedError> {
    let mut bytes = Vec::new();
    let cannot = |e: std::io::Error| LocatedError::whole_file(path, format!("cannot read: {e}"));
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    } else {
        // A FIFO or a device in a dataset tree gets the study loader's rule and message.
        super::regular_file::check_regular(path)?;
        File::open(path)
            .and_then(|f| f.take(limit.saturating_add(1)).read_to_end(&mut bytes))
            .map_err(cannot)?;
    }
    if bytes.len() as u64 > limit {
        return Err(LocatedError::whole_file(
            path,
            format!(
                "too large: more than {}, the most flipscope reads of this file",
                size_text(limit)
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let before = String::from_utf8_lossy(good);
        let (line, column) = crate::text::line_column(&before, before.len());
        LocatedError::new(
            display_path(path),
            line,
            column,
            "invalid UTF-8: files must be UTF-8",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Rec {
        #[allow(dead_code)]
        rtl: String,
    }

    fn read_all(text: &[u8]) -> Vec<Result<(usize, Rec), LocatedError>> {
        let mut r =
            JsonlReader::from_reader("p.jsonl", Box::new(std::io::Cursor::new(text.to_vec())));
        std::iter::from_fn(|| r.next_record::<Rec>()).collect()
    }

    #[test]
    fn wrong_type_names_field_line_and_column() {
        let out = read_all(b"{\"rtl\": \"a\"}\n\n{\"rtl\": 3}\n");
        assert!(out[0].is_ok());
        let e = out[1].as_ref().unwrap_err();
        assert_eq!(
            (e.location.line, e.location.column),
            (3, 9),
            "the column of the value 3"
        );
        assert!(e.message.contains("expected a string for \"rtl\""), "{e}");
    }

    #[test]
    fn truncated_line_is_reported_on_its_line() {
        let out = read_all(b"{\"rtl\": \"a\"}\n{\"rtl\": \"b\"}\n{\"rtl\": \"c");
        let e = out[2].as_ref().unwrap_err();
        assert_eq!(e.location.line, 3);
        assert!(e.message.contains("truncated"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let out = read_all("\u{feff}{\"rtl\": \"a\"}\n{\"rtl\": 1}\n".as_bytes());
        assert!(out[0].is_ok());
        assert_eq!(out[1].as_ref().unwrap_err().location.column, 9);
    }

    #[test]
    fn empty_file_and_bad_utf8_are_errors() {
        let out = read_all(b"");
        assert!(out[0].as_ref().unwrap_err().message.contains("empty"));
        let out = read_all(b" \n\t\r\n\n");
        let e = out[0].as_ref().unwrap_err();
        assert_eq!((e.location.line, e.location.column), (1, 1));
        assert!(
            e.message.contains("holds no record, only 3 blank lines"),
            "{e}"
        );
        let out = read_all(b"{\"rtl\": \"a\xff\"}\n");
        let e = out[0].as_ref().unwrap_err();
        assert_eq!((e.location.line, e.location.column), (1, 11));
        assert!(e.message.contains("UTF-8"));
    }
}
