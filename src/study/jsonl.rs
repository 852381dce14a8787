//! Streaming JSON Lines reader: one record per line, blank lines skipped, every error
//! located by file, line and column, with the JSON path of the offending field.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use serde::de::DeserializeOwned;

use super::error::{LocatedError, display_path};

/// Reads records of type `T` one line at a time; a file never sits in memory whole.
pub struct JsonlReader {
    file: String,
    reader: Box<dyn BufRead>,
    line: usize,
    buf: Vec<u8>,
    records: usize,
    done: bool,
}

impl JsonlReader {
    /// Opens a file (`-` means standard input).
    pub fn open(path: &Path) -> Result<Self, LocatedError> {
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(BufReader::new(std::io::stdin()))
        } else {
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
            match self.reader.read_until(b'\n', &mut self.buf) {
                Ok(0) => {
                    self.done = true;
                    if self.records == 0 && self.line == 0 {
                        return Some(Err(LocatedError::new(
                            &self.file,
                            1,
                            1,
                            "the file is empty: expected one JSON object per line",
                        )));
                    }
                    return None;
                }
                Ok(_) => {}
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

    /// Number of non-blank lines seen so far.
    pub fn records(&self) -> usize {
        self.records
    }
}

/// Parses one line of JSON into `T`, locating any error within the line.
pub fn parse_line<T: DeserializeOwned>(
    file: &str,
    line: usize,
    text: &str,
) -> Result<(usize, T), LocatedError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    match serde_path_to_error::deserialize::<_, T>(de) {
        Ok(v) => {
            // Trailing content after the object on the same line.
            let rest = text.trim();
            if !(rest.starts_with('{') || rest.starts_with('[')) {
                return Err(LocatedError::new(file, line, 1, "expected a JSON object"));
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
            let path = err.path().to_string();
            let inner = err.into_inner();
            let column = match start {
                Some(offset) => super::locate::line_col(text, offset).1,
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

/// Reads a whole small file as UTF-8 text with a located error on bad bytes.
pub fn read_text(path: &Path) -> Result<String, LocatedError> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| LocatedError::whole_file(path, format!("cannot read: {e}")))?;
    } else {
        bytes = std::fs::read(path)
            .map_err(|e| LocatedError::whole_file(path, format!("cannot read: {e}")))?;
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let before = String::from_utf8_lossy(good);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
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
        assert_eq!((e.line, e.column), (3, 9), "the column of the value 3");
        assert!(e.message.contains("expected a string for \"rtl\""), "{e}");
    }

    #[test]
    fn truncated_line_is_reported_on_its_line() {
        let out = read_all(b"{\"rtl\": \"a\"}\n{\"rtl\": \"b\"}\n{\"rtl\": \"c");
        let e = out[2].as_ref().unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("truncated"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let out = read_all("\u{feff}{\"rtl\": \"a\"}\n{\"rtl\": 1}\n".as_bytes());
        assert!(out[0].is_ok());
        assert_eq!(out[1].as_ref().unwrap_err().column, 9);
    }

    #[test]
    fn empty_file_and_bad_utf8_are_errors() {
        let out = read_all(b"");
        assert!(out[0].as_ref().unwrap_err().message.contains("empty"));
        let out = read_all(b"{\"rtl\": \"a\xff\"}\n");
        let e = out[0].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (1, 11));
        assert!(e.message.contains("UTF-8"));
    }
}
