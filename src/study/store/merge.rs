//! Lines another program wrote to `annotations.jsonl` while the store was open (an
//! `echo ... >>`, a `git pull`, a sync tool). Before every write the store compares the
//! file with what it last read or wrote, by size, modification time and the SHA-256 of
//! its bytes. Whole decisions added at the end are merged (kept in place, before the
//! new line); any other change (a line rewritten or removed, the file replaced, a line
//! that is not a decision, a last line without its newline) stops the store's writing,
//! since rewriting the file would drop what someone else wrote.

use std::fs;
use std::io;
use std::path::Path;
use std::time::SystemTime;

use sha2::{Digest, Sha256};

use super::super::annotation::Annotation;
use super::super::error::display_path;
use super::super::jsonl::parse_line;

/// What the file held when the store last read or wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// `None`: there was no file.
    seen: Option<Seen>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Seen {
    len: u64,
    modified: Option<SystemTime>,
    sha256: [u8; 32],
}

impl Snapshot {
    /// No file.
    pub fn absent() -> Snapshot {
        Snapshot { seen: None }
    }

    /// The file at `path` as it is now, whose bytes are `bytes` (just read or written).
    pub fn of(path: &Path, bytes: &[u8]) -> Snapshot {
        let modified = fs::metadata(path).ok().and_then(|m| m.modified().ok());
        Snapshot {
            seen: Some(Seen {
                len: bytes.len() as u64,
                modified,
                sha256: Sha256::digest(bytes).into(),
            }),
        }
    }
}

/// A line another program added at the end: its text and the decision it holds (`None`
/// for a blank line).
#[derive(Debug, Clone, PartialEq)]
pub struct Added {
    pub text: String,
    pub decision: Option<Annotation>,
}

/// How the file differs from the store's snapshot.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// As the store left it.
    None,
    /// Whole lines added at the end; `bytes` is the file as it is now.
    Appended { lines: Vec<Added>, bytes: Vec<u8> },
    /// Anything else, in words.
    Other(String),
}

/// Compares the file at `path` with `snapshot`, taken when its text was `expected`.
pub fn change(path: &Path, expected: &[u8], snapshot: &Snapshot) -> io::Result<Change> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(match snapshot.seen {
                None => Change::None,
                Some(_) => Change::Other("it was removed".into()),
            });
        }
        Err(e) => return Err(e),
    };
    let now = Snapshot::of(path, &bytes);
    if now == *snapshot {
        return Ok(Change::None);
    }
    if bytes == expected {
        // Touched (or copied back) without a change of content.
        return Ok(Change::None);
    }
    let Some(tail) = bytes.strip_prefix(expected) else {
        return Ok(Change::Other(
            "its earlier lines were changed or removed (not only lines added at its end)".into(),
        ));
    };
    let Ok(tail) = std::str::from_utf8(tail) else {
        return Ok(Change::Other(
            "the lines added at its end are not UTF-8".into(),
        ));
    };
    if !tail.ends_with('\n') {
        return Ok(Change::Other(
            "its last line has no newline (another program may still be writing it)".into(),
        ));
    }
    let first_line = bytecount_lines(expected) + 1;
    let mut lines = Vec::new();
    for (i, text) in tail.lines().enumerate() {
        if text.trim().is_empty() {
            lines.push(Added {
                text: text.to_string(),
                decision: None,
            });
            continue;
        }
        let line = first_line + i;
        let parsed = parse_line::<Annotation>(&display_path(path), line, text)
            .map_err(|e| e.to_string())
            .and_then(|(_, a)| a.check().map(|()| a).map_err(|p| p.message));
        match parsed {
            Ok(a) => lines.push(Added {
                text: text.to_string(),
                decision: Some(a),
            }),
            Err(why) => {
                return Ok(Change::Other(format!(
                    "line {line}, added by another program, is not a decision: {why}"
                )));
            }
        }
    }
    Ok(Change::Appended { lines, bytes })
}

fn bytecount_lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"program": "p1", "behavior": "x=y", "model": "m", "variant": "T2", "action": "tag", "tag": "a", "auditor": "bo", "time": "2026-11-29T15:04:05Z", "version": "0.1.0"}"#;

    #[test]
    fn tells_appends_from_other_changes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("annotations.jsonl");
        let ours = format!("{GOOD}\n");
        assert_eq!(
            change(&path, b"", &Snapshot::absent()).unwrap(),
            Change::None
        );
        fs::write(&path, &ours).unwrap();
        let snap = Snapshot::of(&path, ours.as_bytes());
        assert_eq!(change(&path, ours.as_bytes(), &snap).unwrap(), Change::None);
        fs::write(&path, format!("{ours}\n{GOOD}\n")).unwrap();
        match change(&path, ours.as_bytes(), &snap).unwrap() {
            Change::Appended { lines, .. } => {
                assert_eq!(lines.len(), 2);
                assert!(lines[0].decision.is_none() && lines[1].decision.is_some());
            }
            other => panic!("{other:?}"),
        }
        fs::write(&path, format!("{ours}not a decision\n")).unwrap();
        let Change::Other(why) = change(&path, ours.as_bytes(), &snap).unwrap() else {
            panic!()
        };
        assert!(why.contains("line 2, added by another program"), "{why}");
        fs::write(&path, format!("{ours}{GOOD}")).unwrap();
        assert!(matches!(
            change(&path, ours.as_bytes(), &snap).unwrap(),
            Change::Other(_)
        ));
        fs::write(&path, GOOD.replace("bo", "ana") + "\n").unwrap();
        assert!(matches!(
            change(&path, ours.as_bytes(), &snap).unwrap(),
            Change::Other(_)
        ));
        fs::remove_file(&path).unwrap();
        assert!(matches!(
            change(&path, ours.as_bytes(), &snap).unwrap(),
            Change::Other(_)
        ));
    }
}
