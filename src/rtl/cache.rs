//! The parse cache: analysis outcomes (behaviors or syntax errors, never syntax trees)
//! stored as JSON under the user's cache directory, keyed by the sha256 of the wrapped
//! source and a format version. Storage is the shared [`PackCache`] (packs, seals,
//! atomic writes, merging): this module owns the key and the stored form.

use std::path::Path;

use sha2::{Digest, Sha256};

use super::stored::{Outcome, StoredOutcome};
use crate::pack_cache::{PackCache, hex};

/// Bumped whenever the stored form, the extraction rules or the errors change, so old
/// entries are never read as new ones (6: the shared pack format, after the unclosed
/// comment and string messages of 5).
pub const FORMAT_VERSION: u32 = 6;

/// Where outcomes are kept; no directory disables the cache (`--no-cache`).
#[derive(Debug)]
pub struct ParseCache {
    packs: PackCache<StoredOutcome>,
}

impl ParseCache {
    fn with_dir(dir: Option<std::path::PathBuf>) -> ParseCache {
        ParseCache {
            packs: PackCache::new(dir, FORMAT_VERSION),
        }
    }

    /// The user's cache directory (`$XDG_CACHE_HOME/flipscope/rtl` on Linux), or a
    /// disabled cache when there is no home directory.
    pub fn user() -> ParseCache {
        ParseCache::with_dir(PackCache::<StoredOutcome>::user_dir("rtl"))
    }

    /// A cache in a given directory.
    pub fn at(dir: impl Into<std::path::PathBuf>) -> ParseCache {
        ParseCache::with_dir(Some(dir.into()))
    }

    /// No cache: every text is parsed.
    pub fn disabled() -> ParseCache {
        ParseCache::with_dir(None)
    }

    /// The directory the packs live in, if enabled.
    pub fn dir(&self) -> Option<&Path> {
        self.packs.pack_dir()
    }

    /// The key of a wrapped source text.
    pub fn key(wrapped_text: &str) -> String {
        let mut hasher = Sha256::new();
        hasher.update(format!("flipscope-rtl-cache-v{FORMAT_VERSION}\0").as_bytes());
        hasher.update(wrapped_text.as_bytes());
        hex(&hasher.finalize())
    }

    /// The stored outcome for a key; `None` when absent (or the cache is disabled).
    pub fn get(&self, key: &str) -> Option<Outcome> {
        self.packs.get(key).map(|s| s.to_outcome())
    }

    /// Remembers an outcome; it reaches the disk at the next [`ParseCache::flush`].
    pub fn put(&self, key: &str, outcome: &Outcome) {
        self.packs.put(key, StoredOutcome::from(outcome));
    }

    /// Writes the outcomes put since the last flush as one pack. Failures (read-only
    /// or full disk) are ignored: the cache only saves time.
    pub fn flush(&self) {
        self.packs.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rtl::analyse;

    fn packs(cache: &ParseCache) -> Vec<std::path::PathBuf> {
        std::fs::read_dir(cache.dir().unwrap())
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
        assert_eq!(packs(&cache).len(), 1);
        assert!(cache.dir().unwrap().ends_with(format!("v{FORMAT_VERSION}")));
        let again = ParseCache::at(dir.path());
        assert_eq!(again.get("ab12"), Some(outcome));
        assert_eq!(again.get("cd34"), Some(error));
        assert_eq!(ParseCache::disabled().get("ab12"), None);
    }

    #[test]
    fn keys_depend_on_the_text() {
        assert_ne!(ParseCache::key("a = b;"), ParseCache::key("a = c;"));
        assert_eq!(ParseCache::key("a = b;").len(), 64);
    }
}
