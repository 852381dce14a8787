//! The files a study is made of: which kind each one is (from its name, else from its
//! first record), directories expanded to their study files, and the SHA-256 of every
//! file computed while it is streamed (provenance). Study files are regular files:
//! a directory, a named pipe, a device, a dangling symbolic link or a link loop where
//! one is named or expected is an error that names it (a pipe would block, or be read
//! once where a study file is read twice).

use std::cell::RefCell;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::error::{LocatedError, display_path};
use super::jsonl::JsonlReader;
use super::regular_file::check_regular;

/// What a study file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    /// `programs*.jsonl`
    Programs,
    /// `generations*.jsonl`
    Generations,
    /// `pairs*.jsonl`
    Pairs,
    /// `verdicts*.jsonl`: formal verdicts of generated properties (whole-module programs)
    Verdicts,
    /// `annotations*.jsonl`
    Annotations,
}

impl FileKind {
    /// The kind a file name announces (`programs*.jsonl`, `generations*.jsonl`,
    /// `pairs*.jsonl`, `verdicts*.jsonl`, `annotations*.jsonl`), if any.
    pub fn from_name(path: &Path) -> Option<Self> {
        let name = path.file_name()?.to_str()?;
        if !name.ends_with(".jsonl") {
            return None;
        }
        [
            ("programs", FileKind::Programs),
            ("generations", FileKind::Generations),
            ("pairs", FileKind::Pairs),
            ("verdicts", FileKind::Verdicts),
            ("annotations", FileKind::Annotations),
        ]
        .into_iter()
        .find(|(prefix, _)| name.starts_with(prefix))
        .map(|(_, kind)| kind)
    }

    /// The kind of a record, guessed from the keys of its JSON object.
    pub fn from_keys(keys: &serde_json::Map<String, serde_json::Value>) -> Option<Self> {
        let has = |k: &str| keys.contains_key(k);
        if has("base") && has("trans") {
            Some(FileKind::Pairs)
        } else if has("action") && has("auditor") {
            Some(FileKind::Annotations)
        } else if has("output") && has("model") {
            Some(FileKind::Generations)
        } else if has("index") && has("model") && has("program") {
            Some(FileKind::Verdicts)
        } else if has("id") && has("rtl") {
            Some(FileKind::Programs)
        } else {
            None
        }
    }

    /// The word used in messages and summaries.
    pub fn as_str(self) -> &'static str {
        match self {
            FileKind::Programs => "programs",
            FileKind::Generations => "generations",
            FileKind::Pairs => "pairs",
            FileKind::Verdicts => "verdicts",
            FileKind::Annotations => "annotations",
        }
    }
}

/// One file read into a study, for provenance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourceFile {
    /// The path as given (or as found in a given directory).
    pub path: PathBuf,
    /// What it holds.
    pub kind: FileKind,
    /// Hex SHA-256 of its bytes.
    pub sha256: String,
    /// Its non-blank lines.
    pub records: usize,
}

/// The study files named by `paths`: files as given (kind from the name, else from the
/// first record), directories expanded to their `programs*`, `generations*`, `pairs*`,
/// `verdicts*` and `annotations*` `.jsonl` files in name order. A path given twice is read once.
pub fn expand(paths: &[PathBuf]) -> Result<Vec<(PathBuf, FileKind)>, Vec<LocatedError>> {
    let mut out: Vec<(PathBuf, FileKind)> = Vec::new();
    let mut errors = Vec::new();
    let push = |path: PathBuf, kind: FileKind, out: &mut Vec<(PathBuf, FileKind)>| {
        let same = |p: &PathBuf| match (p.canonicalize(), path.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => *p == path,
        };
        if !out.iter().any(|(p, _)| same(p)) {
            out.push((path, kind));
        }
    };
    for path in paths {
        if path.as_os_str() == "-" {
            errors.push(LocatedError::whole_file(
                path,
                "a study is read from files, not from standard input: save it to a file first",
            ));
        } else if path.is_dir() {
            let entries = match std::fs::read_dir(path) {
                Ok(entries) => entries,
                Err(e) => {
                    errors.push(LocatedError::whole_file(
                        path,
                        format!("cannot read the directory: {e}"),
                    ));
                    continue;
                }
            };
            let mut found: Vec<(PathBuf, FileKind)> = Vec::new();
            let mut named = 0;
            for entry in entries {
                let p = match entry {
                    Ok(entry) => entry.path(),
                    Err(e) => {
                        errors.push(LocatedError::whole_file(
                            path,
                            format!("cannot read the directory: {e}"),
                        ));
                        continue;
                    }
                };
                let Some(kind) = FileKind::from_name(&p) else {
                    if let Some(e) = non_utf8_study_name(&p) {
                        named += 1;
                        errors.push(e);
                    }
                    continue;
                };
                named += 1;
                match check_regular(&p) {
                    Ok(()) => found.push((p, kind)),
                    Err(e) => errors.push(e),
                }
            }
            if named == 0 {
                errors.push(LocatedError::whole_file(
                    path,
                    "the directory holds no study files: expected programs.jsonl, generations*.jsonl, \
                     pairs*.jsonl, verdicts*.jsonl or annotations.jsonl",
                ));
            }
            found.sort();
            for (p, k) in found {
                push(p, k, &mut out);
            }
        } else if let Err(e) = check_regular(path) {
            errors.push(e);
        } else if let Some(kind) = FileKind::from_name(path) {
            push(path.clone(), kind, &mut out);
        } else {
            match sniff(path) {
                Ok(kind) => push(path.clone(), kind, &mut out),
                Err(e) => errors.push(e),
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The error for a file of a study directory whose name is not UTF-8 but would name a
/// study file if its bad bytes were read as characters (`generations-\xff.jsonl`): it is
/// refused by name, never skipped, since its records would silently be missing.
fn non_utf8_study_name(path: &Path) -> Option<LocatedError> {
    let name = path.file_name()?;
    if name.to_str().is_some() {
        return None;
    }
    let lossy = name.to_string_lossy();
    FileKind::from_name(Path::new(lossy.as_ref()))?;
    let shown: String = name
        .as_encoded_bytes()
        .utf8_chunks()
        .flat_map(|chunk| {
            let bad = chunk.invalid().iter().map(|b| format!("\\x{b:02x}"));
            std::iter::once(chunk.valid().to_string()).chain(bad)
        })
        .collect();
    let dir = path.parent().map(display_path).unwrap_or_default();
    Some(LocatedError::new(
        format!("{dir}/{shown}"),
        1,
        1,
        "the file name is not valid UTF-8 (shown with \\x escapes): a study file's name \
         must be UTF-8; rename the file, it is not read",
    ))
}

/// The kind of a file whose name says nothing, from its first record.
fn sniff(path: &Path) -> Result<FileKind, LocatedError> {
    let mut reader = JsonlReader::open(path)?;
    let (line, keys) = match reader.next_record::<serde_json::Map<String, serde_json::Value>>() {
        Some(Ok(r)) => r,
        Some(Err(e)) if reader.line_text().trim_start().starts_with('[') => {
            return Err(LocatedError::new(
                e.location.file,
                e.location.line,
                1,
                "this is a JSON array, not JSON Lines (one object per line): a VERT file is \
                 imported first with `flipscope import vert FILE.json > programs.jsonl`",
            ));
        }
        Some(Err(e)) => return Err(e),
        None => return Err(LocatedError::whole_file(path, "the file is empty")),
    };
    FileKind::from_keys(&keys).ok_or_else(|| {
        LocatedError::new(
            display_path(path),
            line,
            1,
            "cannot tell what this file holds: expected a program (\"id\", \"rtl\"), a generation \
             (\"model\", \"output\"), a pair (\"base\", \"trans\"), a property verdict (\"program\", \
             \"model\", \"index\") or an annotation (\"action\", \"auditor\"); or name the file \
             programs*.jsonl, generations*.jsonl, pairs*.jsonl, verdicts*.jsonl or annotations*.jsonl",
        )
    })
}

/// A running SHA-256 shared between a reader and whoever wants the digest at the end.
#[derive(Clone, Default)]
pub struct Sha256Handle(Rc<RefCell<Sha256>>);

impl Sha256Handle {
    /// The hex digest of everything read so far.
    pub fn hex(&self) -> String {
        hex(&self.0.borrow().clone().finalize())
    }
}

/// Hex text of bytes (one definition for every digest flipscope writes).
pub use crate::pack_cache::hex;

/// A reader that feeds every byte it passes on into a SHA-256.
struct HashingReader<R> {
    inner: R,
    hash: Sha256Handle,
}

impl<R: Read> Read for HashingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash.0.borrow_mut().update(&buf[..n]);
        Ok(n)
    }
}

/// Opens `path` for streaming JSON Lines while hashing it; the digest is complete once
/// the reader has returned `None`.
pub fn open_hashed(path: &Path) -> Result<(JsonlReader, Sha256Handle), LocatedError> {
    check_regular(path)?;
    let file = File::open(path)
        .map_err(|e| LocatedError::whole_file(path, format!("cannot open: {e}")))?;
    let hash = Sha256Handle::default();
    let reader: Box<dyn BufRead> = Box::new(BufReader::with_capacity(
        1 << 16,
        HashingReader {
            inner: file,
            hash: hash.clone(),
        },
    ));
    Ok((JsonlReader::from_reader(display_path(path), reader), hash))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_from_names() {
        let k = |n: &str| FileKind::from_name(Path::new(n));
        assert_eq!(k("dir/programs.jsonl"), Some(FileKind::Programs));
        assert_eq!(k("generations-qwen.jsonl"), Some(FileKind::Generations));
        assert_eq!(k("pairs.jsonl"), Some(FileKind::Pairs));
        assert_eq!(k("verdicts-qwen.jsonl"), Some(FileKind::Verdicts));
        assert_eq!(k("annotations.jsonl"), Some(FileKind::Annotations));
        assert_eq!(k("programs.json"), None);
        assert_eq!(k("vert.jsonl"), None);
    }

    #[test]
    fn hash_is_sha256_of_the_streamed_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        std::fs::write(&path, "{\"a\": 1}\n").unwrap();
        let (mut r, h) = open_hashed(&path).unwrap();
        while r.next_record::<serde_json::Value>().is_some() {}
        let expected = hex(&Sha256::digest(b"{\"a\": 1}\n"));
        assert_eq!(h.hex(), expected);
    }

    #[test]
    fn directories_expand_and_unknown_files_are_sniffed() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("programs.jsonl"), "{}\n").unwrap();
        std::fs::write(d.join("generations-b.jsonl"), "{}\n").unwrap();
        std::fs::write(d.join("generations-a.jsonl"), "{}\n").unwrap();
        std::fs::write(d.join("notes.txt"), "hello").unwrap();
        let out = expand(&[d.to_path_buf(), d.join("programs.jsonl")]).unwrap();
        let names: Vec<_> = out
            .iter()
            .map(|(p, _)| p.file_name().unwrap().to_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "generations-a.jsonl",
                "generations-b.jsonl",
                "programs.jsonl"
            ]
        );

        let odd = d.join("vert-if.jsonl");
        std::fs::write(&odd, "{\"id\": \"a\", \"rtl\": \"x\"}\n").unwrap();
        assert_eq!(
            expand(std::slice::from_ref(&odd)).unwrap()[0].1,
            FileKind::Programs
        );
        std::fs::write(&odd, "{\"q\": 1}\n").unwrap();
        let e = expand(&[odd]).unwrap_err();
        assert!(e[0].message.contains("cannot tell"), "{}", e[0]);
        let vert = d.join("vert.json");
        std::fs::write(&vert, "[\n  {\"Code\": \"x\"}\n]\n").unwrap();
        let e = expand(&[vert]).unwrap_err();
        assert!(e[0].message.contains("flipscope import vert"), "{}", e[0]);
    }
}
