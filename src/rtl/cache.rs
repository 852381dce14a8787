//! The parse cache: analysis outcomes (behaviors or syntax errors, never syntax trees)
//! stored as JSON under the user's cache directory, keyed by the sha256 of the wrapped
//! source and a format version.
//!
//! Entries live in *pack* files (`<dir>/v<N>/<hash>.pack.json`, a JSON object from key
//! to outcome): a run loads every pack once, and writes the entries it parsed as one new
//! pack at the end ([`ParseCache::flush`]). One file per run instead of one per entry,
//! because creating thousands of small files costs seconds on real disks. Packs are
//! written atomically (temp file + rename) and merged into one when there are more
//! than [`MAX_PACKS`]. An unreadable or corrupt pack is ignored (and removed), never an
//! error.
//!
//! Each entry is sealed: it carries the sha256 of its key (the content hash of the
//! source it was stored under) and of its outcome's JSON. An entry whose seal does not
//! match (valid JSON with wrong content, or an outcome moved under another key) is not
//! trusted: the source is parsed again.

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, RwLock};

use sha2::{Digest, Sha256};

use super::stored::{Outcome, StoredOutcome};

/// Bumped whenever the stored form, the extraction rules or the errors change, so old entries
/// are never read as new ones.
pub const FORMAT_VERSION: u32 = 5;

/// Packs beyond this many are merged into one on the next write.
pub const MAX_PACKS: usize = 8;

type Entries = HashMap<String, StoredOutcome>;

/// An entry as a pack holds it: the outcome and its seal ([`seal`]).
#[derive(serde::Serialize, serde::Deserialize)]
struct Sealed {
    seal: String,
    outcome: StoredOutcome,
}

/// The checksum of an entry: the sha256 of its key and of its outcome's JSON.
fn seal(key: &str, outcome: &StoredOutcome) -> Option<String> {
    let json = serde_json::to_vec(outcome).ok()?;
    let mut hasher = Sha256::new();
    hasher.update(key.as_bytes());
    hasher.update(b"\0");
    hasher.update(&json);
    Some(hex(&hasher.finalize()))
}

/// The entries of a pack's bytes whose seals match; `None` when it is not a pack.
fn unseal(bytes: &[u8]) -> Option<Entries> {
    let sealed: HashMap<String, Sealed> = serde_json::from_slice(bytes).ok()?;
    Some(
        sealed
            .into_iter()
            .filter(|(key, e)| seal(key, &e.outcome).is_some_and(|s| s == e.seal))
            .map(|(key, e)| (key, e.outcome))
            .collect(),
    )
}

/// Where outcomes are kept; no directory disables the cache (`--no-cache`).
pub struct ParseCache {
    dir: Option<PathBuf>,
    /// Entries of the packs on disk (loaded on first use) and of this run's flushes.
    loaded: RwLock<Option<Loaded>>,
    /// Entries parsed since the last flush.
    pending: Mutex<Vec<(String, StoredOutcome)>>,
}

struct Loaded {
    entries: Entries,
    packs: Vec<PathBuf>,
}

static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl std::fmt::Debug for ParseCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParseCache")
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

impl ParseCache {
    fn with_dir(dir: Option<PathBuf>) -> ParseCache {
        ParseCache {
            dir,
            loaded: RwLock::new(None),
            pending: Mutex::new(Vec::new()),
        }
    }

    /// The user's cache directory (`$XDG_CACHE_HOME/flipscope/rtl` on Linux), or a
    /// disabled cache when there is no home directory.
    pub fn user() -> ParseCache {
        let dir =
            directories::ProjectDirs::from("", "", "flipscope").map(|d| d.cache_dir().join("rtl"));
        ParseCache::with_dir(dir)
    }

    /// A cache in a given directory.
    pub fn at(dir: impl Into<PathBuf>) -> ParseCache {
        ParseCache::with_dir(Some(dir.into()))
    }

    /// No cache: every text is parsed.
    pub fn disabled() -> ParseCache {
        ParseCache::with_dir(None)
    }

    /// The directory entries live under, if enabled.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The key of a wrapped source text.
    pub fn key(wrapped_text: &str) -> String {
        let mut hasher = Sha256::new();
        hasher.update(format!("flipscope-rtl-cache-v{FORMAT_VERSION}\0").as_bytes());
        hasher.update(wrapped_text.as_bytes());
        hex(&hasher.finalize())
    }

    fn pack_dir(&self) -> Option<PathBuf> {
        Some(self.dir.as_ref()?.join(format!("v{FORMAT_VERSION}")))
    }

    /// The stored outcome for a key; `None` when absent (or the cache is disabled).
    pub fn get(&self, key: &str) -> Option<Outcome> {
        self.pack_dir()?;
        {
            let loaded = self.loaded.read().ok()?;
            if let Some(l) = loaded.as_ref() {
                return l.entries.get(key).map(|s| s.to_outcome());
            }
        }
        let mut loaded = self.loaded.write().ok()?;
        let l = loaded.get_or_insert_with(|| self.load());
        l.entries.get(key).map(|s| s.to_outcome())
    }

    fn load(&self) -> Loaded {
        let mut out = Loaded {
            entries: HashMap::new(),
            packs: Vec::new(),
        };
        let Some(dir) = self.pack_dir() else {
            return out;
        };
        let Ok(listing) = fs::read_dir(&dir) else {
            return out;
        };
        for entry in listing.flatten() {
            let path = entry.path();
            if !path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".pack.json"))
            {
                continue;
            }
            let parsed = fs::read(&path).ok().and_then(|b| unseal(&b));
            match parsed {
                Some(entries) => {
                    out.entries.extend(entries);
                    out.packs.push(path);
                }
                // A pack only appears by rename once complete, so a bad one stays bad.
                None => {
                    let _ = fs::remove_file(&path);
                }
            }
        }
        out
    }

    /// Remembers an outcome; it reaches the disk at the next [`ParseCache::flush`].
    pub fn put(&self, key: &str, outcome: &Outcome) {
        if self.dir.is_none() {
            return;
        }
        if let Ok(mut pending) = self.pending.lock() {
            pending.push((key.to_string(), StoredOutcome::from(outcome)));
        }
    }

    /// Writes the outcomes put since the last flush as one pack (merging all packs
    /// into one when there are too many). Failures (read-only or full disk) are
    /// ignored: the cache only saves time.
    pub fn flush(&self) {
        let Some(dir) = self.pack_dir() else { return };
        let pending = match self.pending.lock() {
            Ok(mut p) if !p.is_empty() => std::mem::take(&mut *p),
            _ => return,
        };
        let Ok(mut loaded) = self.loaded.write() else {
            return;
        };
        let l = loaded.get_or_insert_with(|| self.load());
        let fresh: Entries = pending.into_iter().collect();
        if l.packs.len() < MAX_PACKS {
            if let Ok(path) = write_pack(&dir, &fresh) {
                l.packs.push(path);
            }
            l.entries.extend(fresh);
        } else {
            l.entries.extend(fresh);
            if let Ok(path) = write_pack(&dir, &l.entries) {
                for old in std::mem::take(&mut l.packs) {
                    if old != path {
                        let _ = fs::remove_file(old);
                    }
                }
                l.packs.push(path);
            }
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes a pack through a temp file in the same directory and a rename, so readers
/// see no pack or the whole pack. No fsync: after a power loss a pack may be torn,
/// which loading treats as absent.
fn write_pack(dir: &Path, entries: &Entries) -> std::io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let sealed: HashMap<&String, Sealed> = entries
        .iter()
        .filter_map(|(key, outcome)| {
            let seal = seal(key, outcome)?;
            let outcome = outcome.clone();
            Some((key, Sealed { seal, outcome }))
        })
        .collect();
    let bytes = serde_json::to_vec(&sealed).map_err(std::io::Error::other)?;
    let path = dir.join(format!("{}.pack.json", &hex(&Sha256::digest(&bytes))[..32]));
    let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = dir.join(format!(".tmp-{}-{n}", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(&bytes)?;
        fs::rename(&temp, &path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result.map(|()| path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rtl::analyse;

    fn packs(dir: &Path) -> Vec<PathBuf> {
        let d = dir.join(format!("v{FORMAT_VERSION}"));
        fs::read_dir(d)
            .map(|r| r.flatten().map(|e| e.path()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn round_trips_behaviors_and_errors_through_a_pack() {
        let dir = tempfile::tempdir().unwrap();
        let cache = ParseCache::at(dir.path());
        let src = "case (s)\n 4'b1x0?: if (a != b && c[2]) x <= 8'hff; else y = (p || q) == r;\nendcase\n";
        let outcome = analyse(src);
        let error = analyse("if (a) b = c\nd = e;");
        assert!(error.is_err());
        cache.put("ab12", &outcome);
        cache.put("cd34", &error);
        assert_eq!(cache.get("ab12"), None, "not visible before the flush");
        cache.flush();
        assert_eq!(
            cache.get("ab12"),
            Some(outcome.clone()),
            "visible to the same instance"
        );
        assert_eq!(packs(dir.path()).len(), 1);
        let again = ParseCache::at(dir.path());
        assert_eq!(again.get("ab12"), Some(outcome));
        assert_eq!(again.get("cd34"), Some(error));
    }

    #[test]
    fn corrupt_packs_are_ignored_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let good = ParseCache::at(dir.path());
        good.put("aa", &analyse("x = y;"));
        good.flush();
        let bad = dir
            .path()
            .join(format!("v{FORMAT_VERSION}"))
            .join("0000.pack.json");
        fs::write(&bad, b"{not json").unwrap();
        let cache = ParseCache::at(dir.path());
        assert!(cache.get("aa").is_some());
        assert_eq!(cache.get("ee00"), None);
        assert!(!bad.exists());
        assert_eq!(ParseCache::disabled().get("aa"), None);
    }

    #[test]
    fn entries_whose_seal_does_not_match_are_not_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let cache = ParseCache::at(dir.path());
        cache.put("aa", &analyse("x = y;"));
        cache.put("bb", &analyse("if (a) p = q;"));
        cache.flush();
        let pack = packs(dir.path()).pop().unwrap();
        let mut json: serde_json::Value =
            serde_json::from_slice(&fs::read(&pack).unwrap()).unwrap();
        // Swap the outcomes: valid JSON, each seal now wrong.
        let a = json["aa"]["outcome"].take();
        let b = std::mem::replace(&mut json["bb"]["outcome"], a);
        json["aa"]["outcome"] = b;
        fs::write(&pack, serde_json::to_vec(&json).unwrap()).unwrap();
        let again = ParseCache::at(dir.path());
        assert_eq!(again.get("aa"), None);
        assert_eq!(again.get("bb"), None);
    }

    #[test]
    fn packs_are_merged_beyond_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..=MAX_PACKS {
            let cache = ParseCache::at(dir.path());
            cache.put(&format!("k{i}"), &analyse(&format!("x = y{i};")));
            cache.flush();
        }
        assert_eq!(packs(dir.path()).len(), 1);
        let cache = ParseCache::at(dir.path());
        assert!((0..=MAX_PACKS).all(|i| cache.get(&format!("k{i}")).is_some()));
    }

    #[test]
    fn keys_depend_on_the_text() {
        assert_ne!(ParseCache::key("a = b;"), ParseCache::key("a = c;"));
        assert_eq!(ParseCache::key("a = b;").len(), 64);
    }
}
