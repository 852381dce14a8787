//! The bytes of `annotations.jsonl`: reading them into decisions with located errors,
//! and replacing them atomically (temporary file in the same directory, fsync, rename,
//! fsync of the directory).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

use super::super::annotation::Annotation;
use super::super::error::{LocatedError, display_path};
use super::super::jsonl::{parse_line, read_text};
use super::super::record_line::Line;

/// What an existing annotations file holds.
#[derive(Debug, Default)]
pub struct Contents {
    /// The file's text exactly as read ("" when the file does not exist).
    pub text: String,
    /// The decisions that parsed and checked, in file order.
    pub decisions: Vec<Annotation>,
    /// Every line that is not a decision, located (empty for a good file).
    pub errors: Vec<LocatedError>,
}

/// Reads the annotations file at `path`; a missing file is an empty store. Errors
/// about the file as a whole (not UTF-8, unreadable) come back in `errors` too.
pub fn read(path: &Path) -> io::Result<Contents> {
    if !path.exists() {
        return Ok(Contents::default());
    }
    let text = match read_text(path) {
        Ok(text) => text,
        Err(e) => {
            // Unreadable or not UTF-8: keep the bytes aside untouched by never writing.
            return Ok(Contents {
                errors: vec![e],
                ..Contents::default()
            });
        }
    };
    Ok(parse(&display_path(path), text))
}

/// Parses annotations text (see [`read`]).
pub fn parse(file: &str, text: String) -> Contents {
    let mut decisions = Vec::new();
    let mut errors = Vec::new();
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    for (i, line) in body.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match parse_line::<Annotation>(file, i + 1, line) {
            Ok((_, a)) => match a.check() {
                Ok(()) => decisions.push(a),
                Err(problem) => {
                    let at = Line {
                        file,
                        line: i + 1,
                        text: line,
                    };
                    errors.push(at.at(&[problem.field], problem.message));
                }
            },
            Err(e) => errors.push(e),
        }
    }
    Contents {
        text,
        decisions,
        errors,
    }
}

/// The name of the temporary file a new version is written to before the rename.
pub fn temp_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Replaces the file at `path` by `text`, atomically: after a crash at any moment the
/// file holds either its old text or `text`, never a mix.
/// A write that fails (a full disk) removes its temporary file, so that the space it
/// held is free again at once.
pub fn replace_atomically(path: &Path, text: impl AsRef<[u8]>) -> io::Result<()> {
    let temp = temp_path(path);
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&temp)?;
        file.write_all(text.as_ref())?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    sync_dir(path.parent().unwrap_or(Path::new(".")))
}

/// Makes a rename in `dir` durable.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"program": "p1", "behavior": "x=y", "model": "m", "variant": "T2", "action": "tag", "tag": "dropped-predicate", "auditor": "ana", "time": "2026-11-29T15:04:05Z", "version": "0.1.0"}"#;

    #[test]
    fn good_lines_parse_and_blank_lines_are_skipped() {
        let c = parse("a.jsonl", format!("{GOOD}\n\n{GOOD}\n"));
        assert_eq!(c.decisions.len(), 2);
        assert!(c.errors.is_empty());
    }

    #[test]
    fn bad_lines_are_located() {
        let bad_time = GOOD.replace("2026-11-29T15:04:05Z", "noon");
        let c = parse("a.jsonl", format!("{GOOD}\nnot json\n{bad_time}\n"));
        assert_eq!(c.decisions.len(), 1);
        assert_eq!(c.errors.len(), 2);
        assert_eq!(c.errors[0].location.line, 2);
        assert_eq!(c.errors[1].location.line, 3);
        let col = bad_time.find("\"noon\"").unwrap() + 1;
        assert_eq!(c.errors[1].location.column, col, "{}", c.errors[1]);
        assert!(c.errors[1].message.contains("RFC 3339"));
    }

    #[test]
    fn replace_writes_the_whole_text_and_leaves_no_temp_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("annotations.jsonl");
        replace_atomically(&path, "one\n").unwrap();
        replace_atomically(&path, "two\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two\n");
        assert!(!temp_path(&path).exists());
    }
}
