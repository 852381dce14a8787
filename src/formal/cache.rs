//! The results cache of the formal checks, under the user's cache directory
//! (`$XDG_CACHE_HOME/flipscope/formal` on Linux). A key is the sha256 of everything a
//! result depends on: the design's files and top module, the lowered property and its
//! clock, the reset assumption, depth, timeout and interface option, the yosys and ABC
//! versions, and this format's version. Storage is the shared [`PackCache`] (pack files
//! written once per run, sealed entries: one whose seal does not match, a torn or
//! edited file or a well-formed entry copied under another key, is ignored).
//! `unknown` results are never stored (they depend on the machine's load).

use std::path::PathBuf;

use sha2::{Digest, Sha256};

use super::check_result::CheckResult;
use crate::pack_cache::{PackCache, hex};

/// Bumped whenever the lowering, the engine or the stored form changes (3: the shared
/// pack format).
pub const FORMAT_VERSION: u32 = 3;

/// Where results are kept; no directory disables the cache.
#[derive(Debug)]
pub struct Cache {
    packs: PackCache<CheckResult>,
}

impl Cache {
    /// The user's cache directory (none when there is no home directory).
    pub fn user() -> Cache {
        Cache::with(PackCache::<CheckResult>::user_dir("formal"))
    }

    /// A cache in a given directory.
    pub fn at(dir: impl Into<PathBuf>) -> Cache {
        Cache::with(Some(dir.into()))
    }

    /// No cache.
    pub fn disabled() -> Cache {
        Cache::with(None)
    }

    fn with(dir: Option<PathBuf>) -> Cache {
        Cache {
            packs: PackCache::new(dir, FORMAT_VERSION),
        }
    }

    /// The key of a list of parts (each hashed with a separator).
    pub fn key(parts: &[&str]) -> String {
        let mut h = Sha256::new();
        h.update(format!("flipscope-formal-v{FORMAT_VERSION}\0"));
        for p in parts {
            h.update(p.as_bytes());
            h.update([0]);
        }
        hex(&h.finalize())
    }

    /// The stored result of a key, if any.
    pub fn get(&self, key: &str) -> Option<CheckResult> {
        self.packs.get(key)
    }

    /// Remembers a result until the next [`Cache::flush`].
    pub fn put(&self, key: &str, result: &CheckResult) {
        self.packs.put(key, result.clone());
    }

    /// Writes the results put since the last flush as one pack.
    pub fn flush(&self) {
        self.packs.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::super::outcome::FormalStatus;
    use super::*;
    use std::fs;

    fn result(reason: &str) -> CheckResult {
        CheckResult {
            status: FormalStatus::Pass,
            vacuous: Some(false),
            reason: reason.into(),
            counterexample: None,
            undeclared: vec![],
            ports: vec!["clk".into()],
            failure: None,
        }
    }

    #[test]
    fn round_trips_and_rejects_tampered_entries() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::at(dir.path());
        cache.put("k1", &result("proven"));
        assert!(cache.get("k1").is_none(), "not before the flush");
        cache.flush();
        assert_eq!(Cache::at(dir.path()).get("k1"), Some(result("proven")));
        let pack = fs::read_dir(dir.path().join(format!("v{FORMAT_VERSION}")))
            .unwrap()
            .flatten()
            .next()
            .unwrap()
            .path();
        let text = fs::read_to_string(&pack)
            .unwrap()
            .replace("proven", "forged");
        fs::write(&pack, text).unwrap();
        assert_eq!(Cache::at(dir.path()).get("k1"), None);
        assert_eq!(Cache::disabled().get("k1"), None);
    }

    #[test]
    fn an_entry_copied_under_another_key_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::at(dir.path());
        cache.put("pass-key", &result("proven"));
        cache.put("fail-key", &result("fails"));
        cache.flush();
        let pack = fs::read_dir(dir.path().join(format!("v{FORMAT_VERSION}")))
            .unwrap()
            .flatten()
            .next()
            .unwrap()
            .path();
        let mut stored: serde_json::Map<String, serde_json::Value> =
            serde_json::from_slice(&fs::read(&pack).unwrap()).unwrap();
        let pass = stored["pass-key"].clone();
        stored.insert("fail-key".into(), pass);
        fs::write(&pack, serde_json::to_vec(&stored).unwrap()).unwrap();
        let again = Cache::at(dir.path());
        assert_eq!(again.get("pass-key"), Some(result("proven")));
        assert_eq!(again.get("fail-key"), None);
    }

    #[test]
    fn keys_depend_on_every_part() {
        assert_ne!(Cache::key(&["a", "bc"]), Cache::key(&["ab", "c"]));
        assert_eq!(Cache::key(&["a"]).len(), 64);
    }
}
