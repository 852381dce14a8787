//! The parse cache: analysis outcomes (behaviors or syntax errors, never syntax trees)
//! stored as JSON under the user's cache directory, keyed by the sha256 of the wrapped
//! source and a format version. Writes are atomic (temp file + rename); an unreadable
//! or corrupt entry is a miss, never an error.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use sha2::{Digest, Sha256};

use super::stored::{Outcome, StoredOutcome};

/// Bumped whenever the stored form or the extraction rules change, so old entries
/// are never read as new ones.
pub const FORMAT_VERSION: u32 = 2;

/// Where outcomes are kept; `None` disables the cache (`--no-cache`).
#[derive(Debug, Clone)]
pub struct ParseCache {
    dir: Option<PathBuf>,
}

static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl ParseCache {
    /// The user's cache directory (`$XDG_CACHE_HOME/flipscope/rtl` on Linux), or a
    /// disabled cache when there is no home directory.
    pub fn user() -> ParseCache {
        let dir =
            directories::ProjectDirs::from("", "", "flipscope").map(|d| d.cache_dir().join("rtl"));
        ParseCache { dir }
    }

    /// A cache in a given directory.
    pub fn at(dir: impl Into<PathBuf>) -> ParseCache {
        ParseCache {
            dir: Some(dir.into()),
        }
    }

    /// No cache: every text is parsed.
    pub fn disabled() -> ParseCache {
        ParseCache { dir: None }
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
        hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    fn entry(&self, key: &str) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        Some(
            dir.join(format!("v{FORMAT_VERSION}"))
                .join(&key[..2])
                .join(format!("{key}.json")),
        )
    }

    /// The stored outcome for a key; `None` when absent, unreadable or corrupt.
    pub fn get(&self, key: &str) -> Option<Outcome> {
        let bytes = fs::read(self.entry(key)?).ok()?;
        let stored: StoredOutcome = serde_json::from_slice(&bytes).ok()?;
        Some(stored.into())
    }

    /// Stores an outcome atomically; failures (read-only disk, full disk) are ignored
    /// because the cache only saves time.
    pub fn put(&self, key: &str, outcome: &Outcome) {
        let Some(path) = self.entry(key) else { return };
        let _ = write_atomically(&path, &StoredOutcome::from(outcome));
    }
}

/// Writes through a temp file in the same directory and a rename, so readers see the
/// old entry, no entry, or the whole new one. No fsync: after a power loss an entry may
/// be empty or torn, which [`ParseCache::get`] treats as a miss.
fn write_atomically(path: &Path, stored: &StoredOutcome) -> std::io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| std::io::Error::other("cache entry without a directory"))?;
    fs::create_dir_all(dir)?;
    let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = dir.join(format!(".tmp-{}-{n}", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(&serde_json::to_vec(stored).map_err(std::io::Error::other)?)?;
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rtl::analyse;

    #[test]
    fn round_trips_behaviors_and_errors() {
        let dir = tempfile::tempdir().unwrap();
        let cache = ParseCache::at(dir.path());
        let src = "case (s)\n 4'b1x0?: if (a != b && c[2]) x <= 8'hff; else y = (p || q) == r;\nendcase\n";
        let outcome = analyse(src);
        cache.put("ab12", &outcome);
        assert_eq!(cache.get("ab12"), Some(outcome));
        let error = analyse("if (a) b = c\nd = e;");
        assert!(error.is_err());
        cache.put("cd34", &error);
        assert_eq!(cache.get("cd34"), Some(error));
    }

    #[test]
    fn corrupt_and_missing_entries_are_misses() {
        let dir = tempfile::tempdir().unwrap();
        let cache = ParseCache::at(dir.path());
        assert_eq!(cache.get("ee00"), None);
        let path = cache.entry("ee00").unwrap();
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, b"{not json").unwrap();
        assert_eq!(cache.get("ee00"), None);
        assert_eq!(ParseCache::disabled().get("ee00"), None);
    }

    #[test]
    fn keys_depend_on_the_text() {
        assert_ne!(ParseCache::key("a = b;"), ParseCache::key("a = c;"));
        assert_eq!(ParseCache::key("a = b;").len(), 64);
    }
}
