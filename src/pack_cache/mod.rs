//! The pack cache: values computed from a content hash (RTL analyses, proofs), kept as
//! JSON under a cache directory so a later run need not compute them again. The one
//! design both caches share (`rtl::cache`, `formal::cache`).
//!
//! Entries live in *pack* files (`<dir>/v<N>/<hash>.pack.json`, a JSON object from key
//! to sealed value): a run loads every pack once, on first use, and writes what it
//! computed as one new pack at [`PackCache::flush`]. One file per run instead of one per
//! entry, because creating thousands of small files costs seconds on real disks. Packs
//! are written atomically (temp file + rename) and merged into one when there are more
//! than [`MAX_PACKS`]. An unreadable or corrupt pack is ignored (and removed), never an
//! error: the cache only saves time.
//!
//! Each entry is sealed: it carries the sha256 of its key and of its value's JSON. An
//! entry whose seal does not match (valid JSON with wrong content, or a value moved
//! under another key) is not trusted: the value is computed again.

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, RwLock};

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

/// Packs beyond this many are merged into one on the next write.
pub const MAX_PACKS: usize = 8;

/// An entry as a pack holds it: the value and its seal ([`seal`]).
#[derive(serde::Serialize, serde::Deserialize)]
struct Sealed<V> {
    seal: String,
    value: V,
}

/// Where values are kept; no directory disables the cache (`--no-cache`).
pub struct PackCache<V> {
    /// The versioned directory of the packs (`<dir>/v<N>`), if enabled.
    dir: Option<PathBuf>,
    /// Entries of the packs on disk (loaded on first use) and of this run's flushes.
    loaded: RwLock<Option<Loaded<V>>>,
    /// Entries computed since the last flush.
    pending: Mutex<Vec<(String, V)>>,
}

struct Loaded<V> {
    entries: HashMap<String, V>,
    packs: Vec<PathBuf>,
}

static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl<V> std::fmt::Debug for PackCache<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PackCache")
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

impl<V: Serialize + DeserializeOwned + Clone> PackCache<V> {
    /// A cache in `dir` (its packs under `dir/v<version>`), or a disabled one.
    pub fn new(dir: Option<PathBuf>, version: u32) -> PackCache<V> {
        PackCache {
            dir: dir.map(|d| d.join(format!("v{version}"))),
            loaded: RwLock::new(None),
            pending: Mutex::new(Vec::new()),
        }
    }

    /// A disabled cache: nothing is read or kept.
    pub fn disabled() -> PackCache<V> {
        PackCache::new(None, 0)
    }

    /// `dir/<name>` under the user's cache directory (`$XDG_CACHE_HOME/flipscope` on
    /// Linux), or `None` when there is no home directory.
    pub fn user_dir(name: &str) -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "flipscope").map(|d| d.cache_dir().join(name))
    }

    /// The directory the packs are in, if enabled.
    pub fn pack_dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The stored value for a key; `None` when absent (or the cache is disabled).
    pub fn get(&self, key: &str) -> Option<V> {
        self.dir.as_ref()?;
        {
            let loaded = self.loaded.read().ok()?;
            if let Some(l) = loaded.as_ref() {
                return l.entries.get(key).cloned();
            }
        }
        let mut loaded = self.loaded.write().ok()?;
        let l = loaded.get_or_insert_with(|| self.load());
        l.entries.get(key).cloned()
    }

    /// Remembers a value; it reaches the disk at the next [`PackCache::flush`].
    pub fn put(&self, key: &str, value: V) {
        if self.dir.is_none() {
            return;
        }
        if let Ok(mut pending) = self.pending.lock() {
            pending.push((key.to_string(), value));
        }
    }

    fn load(&self) -> Loaded<V> {
        let mut out = Loaded {
            entries: HashMap::new(),
            packs: Vec::new(),
        };
        let Some(dir) = &self.dir else {
            return out;
        };
        let Ok(listing) = fs::read_dir(dir) else {
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
            match fs::read(&path).ok().and_then(|b| unseal::<V>(&b)) {
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

    /// Writes the values put since the last flush as one pack (merging all packs into
    /// one when there are too many). Failures (read-only or full disk) are ignored.
    pub fn flush(&self) {
        let Some(dir) = &self.dir else { return };
        let pending = match self.pending.lock() {
            Ok(mut p) if !p.is_empty() => std::mem::take(&mut *p),
            _ => return,
        };
        let Ok(mut loaded) = self.loaded.write() else {
            return;
        };
        let l = loaded.get_or_insert_with(|| self.load());
        let fresh: HashMap<String, V> = pending.into_iter().collect();
        if l.packs.len() < MAX_PACKS {
            if let Ok(path) = write_pack(dir, &fresh) {
                l.packs.push(path);
            }
            l.entries.extend(fresh);
        } else {
            l.entries.extend(fresh);
            if let Ok(path) = write_pack(dir, &l.entries) {
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

/// Lower-case hexadecimal of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The checksum of an entry: the sha256 of its key and of its value's JSON.
fn seal<V: Serialize>(key: &str, value: &V) -> Option<String> {
    let json = serde_json::to_vec(value).ok()?;
    let mut hasher = Sha256::new();
    hasher.update(key.as_bytes());
    hasher.update(b"\0");
    hasher.update(&json);
    Some(hex(&hasher.finalize()))
}

/// The entries of a pack's bytes whose seals match; `None` when it is not a pack.
fn unseal<V: Serialize + DeserializeOwned>(bytes: &[u8]) -> Option<HashMap<String, V>> {
    let sealed: HashMap<String, Sealed<V>> = serde_json::from_slice(bytes).ok()?;
    Some(
        sealed
            .into_iter()
            .filter(|(key, e)| seal(key, &e.value).is_some_and(|s| s == e.seal))
            .map(|(key, e)| (key, e.value))
            .collect(),
    )
}

/// Writes a pack through a temp file in the same directory and a rename, so readers
/// see no pack or the whole pack. No fsync: after a power loss a pack may be torn,
/// which loading treats as absent.
fn write_pack<V: Serialize + Clone>(
    dir: &Path,
    entries: &HashMap<String, V>,
) -> std::io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let sealed: HashMap<&String, Sealed<&V>> = entries
        .iter()
        .filter_map(|(key, value)| {
            Some((
                key,
                Sealed {
                    seal: seal(key, value)?,
                    value,
                },
            ))
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

    fn packs(cache: &PackCache<String>) -> Vec<PathBuf> {
        fs::read_dir(cache.pack_dir().unwrap())
            .map(|r| r.flatten().map(|e| e.path()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn values_reach_the_disk_at_the_flush_and_a_new_run_reads_them() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PackCache::<String>::new(Some(dir.path().into()), 3);
        cache.put("k1", "one".into());
        assert_eq!(cache.get("k1"), None, "not visible before the flush");
        cache.flush();
        assert_eq!(cache.get("k1").as_deref(), Some("one"));
        assert_eq!(packs(&cache).len(), 1);
        assert!(cache.pack_dir().unwrap().ends_with("v3"));
        let again = PackCache::<String>::new(Some(dir.path().into()), 3);
        assert_eq!(again.get("k1").as_deref(), Some("one"));
        let other_version = PackCache::<String>::new(Some(dir.path().into()), 4);
        assert_eq!(other_version.get("k1"), None, "versions never mix");
    }

    #[test]
    fn corrupt_packs_are_ignored_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let good = PackCache::<String>::new(Some(dir.path().into()), 1);
        good.put("aa", "x".into());
        good.flush();
        let bad = good.pack_dir().unwrap().join("0000.pack.json");
        fs::write(&bad, b"{not json").unwrap();
        let cache = PackCache::<String>::new(Some(dir.path().into()), 1);
        assert!(cache.get("aa").is_some());
        assert_eq!(cache.get("ee00"), None);
        assert!(!bad.exists());
        assert_eq!(PackCache::<String>::disabled().get("aa"), None);
    }

    #[test]
    fn entries_whose_seal_does_not_match_are_not_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let cache = PackCache::<String>::new(Some(dir.path().into()), 1);
        cache.put("aa", "first".into());
        cache.put("bb", "second".into());
        cache.flush();
        let pack = packs(&cache).pop().unwrap();
        let mut json: serde_json::Value =
            serde_json::from_slice(&fs::read(&pack).unwrap()).unwrap();
        // Swap the values: valid JSON, each seal now wrong.
        let a = json["aa"]["value"].take();
        let b = std::mem::replace(&mut json["bb"]["value"], a);
        json["aa"]["value"] = b;
        fs::write(&pack, serde_json::to_vec(&json).unwrap()).unwrap();
        let again = PackCache::<String>::new(Some(dir.path().into()), 1);
        assert_eq!(again.get("aa"), None);
        assert_eq!(again.get("bb"), None);
    }

    #[test]
    fn packs_are_merged_beyond_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..=MAX_PACKS {
            let cache = PackCache::<String>::new(Some(dir.path().into()), 1);
            cache.put(&format!("k{i}"), format!("v{i}"));
            cache.flush();
        }
        let cache = PackCache::<String>::new(Some(dir.path().into()), 1);
        assert_eq!(packs(&cache).len(), 1);
        assert!((0..=MAX_PACKS).all(|i| cache.get(&format!("k{i}")).is_some()));
    }

    #[test]
    fn a_disabled_cache_keeps_nothing() {
        let cache = PackCache::<String>::disabled();
        cache.put("k", "v".into());
        cache.flush();
        assert_eq!(cache.get("k"), None);
        assert!(cache.pack_dir().is_none());
    }
}
