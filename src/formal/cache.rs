//! The results cache of the formal checks, under the user's cache directory
//! (`$XDG_CACHE_HOME/flipscope/formal` on Linux). A key is the sha256 of everything a
//! result depends on: the design's files and top module, the lowered property and its
//! clock, the reset assumption, depth, timeout and interface option, the yosys and ABC
//! versions, and this format's version. Every entry is sealed with the sha256 of its key
//! and its result together, like the RTL cache's: an entry whose seal does not match (a
//! torn or edited file, or a well-formed entry copied under another key) is ignored.
//!
//! Entries live in pack files written once per run (temp file + rename), like the RTL
//! parse cache: `<dir>/v<N>/<hash>.pack.json`, merged into one beyond [`MAX_PACKS`].
//! `unknown` results are never stored (they depend on the machine's load).

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::check::CheckResult;
use super::design::hex;

/// Bumped whenever the lowering, the engine or the stored form changes.
pub const FORMAT_VERSION: u32 = 2;

/// Packs beyond this many are merged on the next write.
pub const MAX_PACKS: usize = 8;

#[derive(Serialize, Deserialize)]
struct Stored {
    checksum: String,
    result: CheckResult,
}

/// Where results are kept; no directory disables the cache.
pub struct Cache {
    dir: Option<PathBuf>,
    loaded: Mutex<Option<Loaded>>,
    pending: Mutex<Vec<(String, CheckResult)>>,
}

struct Loaded {
    entries: HashMap<String, CheckResult>,
    packs: Vec<PathBuf>,
}

static TEMP: AtomicU64 = AtomicU64::new(0);

impl Cache {
    /// The user's cache directory (none when there is no home directory).
    pub fn user() -> Cache {
        Cache::with(
            directories::ProjectDirs::from("", "", "flipscope")
                .map(|d| d.cache_dir().join("formal")),
        )
    }

    pub fn at(dir: impl Into<PathBuf>) -> Cache {
        Cache::with(Some(dir.into()))
    }

    pub fn disabled() -> Cache {
        Cache::with(None)
    }

    fn with(dir: Option<PathBuf>) -> Cache {
        Cache {
            dir,
            loaded: Mutex::new(None),
            pending: Mutex::new(Vec::new()),
        }
    }

    fn pack_dir(&self) -> Option<PathBuf> {
        Some(self.dir.as_ref()?.join(format!("v{FORMAT_VERSION}")))
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

    pub fn get(&self, key: &str) -> Option<CheckResult> {
        self.pack_dir()?;
        let mut loaded = self.loaded.lock().ok()?;
        let l = loaded.get_or_insert_with(|| self.load());
        l.entries.get(key).cloned()
    }

    /// Remembers a result until the next [`Cache::flush`].
    pub fn put(&self, key: &str, result: &CheckResult) {
        if self.dir.is_none() {
            return;
        }
        if let Ok(mut p) = self.pending.lock() {
            p.push((key.to_string(), result.clone()));
        }
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
            let parsed = fs::read(&path)
                .ok()
                .and_then(|b| serde_json::from_slice::<HashMap<String, Stored>>(&b).ok());
            match parsed {
                Some(stored) => {
                    for (k, s) in stored {
                        if seal(&k, &s.result).as_deref() == Some(s.checksum.as_str()) {
                            out.entries.insert(k, s.result);
                        }
                    }
                    out.packs.push(path);
                }
                None => {
                    let _ = fs::remove_file(&path);
                }
            }
        }
        out
    }

    /// Writes the results put since the last flush as one pack. Failures are ignored:
    /// the cache only saves time.
    pub fn flush(&self) {
        let Some(dir) = self.pack_dir() else { return };
        let pending = match self.pending.lock() {
            Ok(mut p) if !p.is_empty() => std::mem::take(&mut *p),
            _ => return,
        };
        let Ok(mut loaded) = self.loaded.lock() else {
            return;
        };
        let l = loaded.get_or_insert_with(|| self.load());
        let fresh: HashMap<String, CheckResult> = pending.into_iter().collect();
        l.entries.extend(fresh.clone());
        let (entries, replace) = if l.packs.len() < MAX_PACKS {
            (&fresh, false)
        } else {
            (&l.entries, true)
        };
        if let Ok(path) = write_pack(&dir, entries) {
            if replace {
                for old in std::mem::take(&mut l.packs) {
                    if old != path {
                        let _ = fs::remove_file(old);
                    }
                }
            }
            l.packs.push(path);
        }
    }
}

/// The seal of an entry: the sha256 of its key and its result.
fn seal(key: &str, result: &CheckResult) -> Option<String> {
    let bytes = serde_json::to_vec(result).ok()?;
    let mut h = Sha256::new();
    h.update(key.as_bytes());
    h.update([0]);
    h.update(&bytes);
    Some(hex(&h.finalize()))
}

fn write_pack(dir: &Path, entries: &HashMap<String, CheckResult>) -> std::io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let stored: HashMap<&String, Stored> = entries
        .iter()
        .filter_map(|(k, r)| {
            Some((
                k,
                Stored {
                    checksum: seal(k, r)?,
                    result: r.clone(),
                },
            ))
        })
        .collect();
    let bytes = serde_json::to_vec(&stored).map_err(std::io::Error::other)?;
    let path = dir.join(format!("{}.pack.json", &hex(&Sha256::digest(&bytes))[..32]));
    let n = TEMP.fetch_add(1, Ordering::Relaxed);
    let temp = dir.join(format!(".tmp-{}-{n}", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&temp)?;
        f.write_all(&bytes)?;
        fs::rename(&temp, &path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result.map(|()| path)
}

#[cfg(test)]
mod tests {
    use super::super::outcome::Status;
    use super::*;

    fn result(reason: &str) -> CheckResult {
        CheckResult {
            status: Status::Pass,
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
