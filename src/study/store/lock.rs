//! The store's lock, `annotations.jsonl.lock`: one writer at a time.
//!
//! - Held: an exclusive `flock` on the lock file, which names its holder in one JSON
//!   line (host, boot id, pid and the pid's start time, auditor, since when).
//! - Released: when the store closes the lock file is removed (a lock never outlives
//!   its session), and the kernel lets go of the `flock` when the process dies.
//! - Stale: a lock file whose holder is gone (no such pid on this host, or a pid with
//!   another start time, or another boot) is taken over at once and reported; one held
//!   on another host is reported with its holder and age, and is taken over only when
//!   asked (`flipscope open --take-over-lock`).
//! - The exit path of a signal removes the lock files this process holds
//!   ([`release_all`]), since it ends the process without dropping the store.
//!
//! See `docs/annotations.md#the-lock`.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::StoreError;
use crate::study::timestamp::rfc3339_utc;

/// How long a held lock is waited for before the store is reported as locked: long
/// enough for an instance that is closing to let go (and for a process forked at that
/// moment, which holds a copy of the lock's descriptor until it executes its program),
/// short enough that a second instance is refused at once to the eye.
const LOCK_PATIENCE: Duration = Duration::from_millis(300);

/// A lock held on another host for longer than this is called stale in the report.
pub const STALE_ELSEWHERE: Duration = Duration::from_secs(24 * 3600);

/// Who holds a lock: the lock file's one line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    pub host: String,
    /// `/proc/sys/kernel/random/boot_id`: a pid means nothing after a reboot.
    #[serde(default)]
    pub boot: String,
    pub pid: u32,
    /// The pid's start time (clock ticks after boot, `/proc/PID/stat` field 22): a pid
    /// reused by another process has another one.
    #[serde(default)]
    pub start: Option<u64>,
    pub auditor: String,
    /// Seconds since the Unix epoch when the lock was taken.
    pub since: u64,
}

impl Holder {
    /// This process, for `auditor`.
    fn this_process(auditor: &str) -> Holder {
        let pid = std::process::id();
        Holder {
            host: host_name(),
            boot: boot_id(),
            pid,
            start: start_time(pid),
            auditor: auditor.to_string(),
            since: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
        }
    }

    /// "ana (pid 123 on host lab1, since 2026-12-01T22:00:00Z)", every field of the
    /// file escaped for the terminal.
    pub fn describe(&self) -> String {
        let since = rfc3339_utc(UNIX_EPOCH + Duration::from_secs(self.since));
        crate::printable::escape(&format!(
            "{} (pid {} on host {}, since {since})",
            self.auditor, self.pid, self.host
        ))
        .into_owned()
    }

    /// How long ago the lock was taken.
    fn age(&self) -> Duration {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Duration::from_secs(now.saturating_sub(self.since))
    }
}

/// Where the holder of a lock stands, seen from here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// A live process on this host.
    Alive,
    /// Gone: the reason (no such process, pid reused, rebooted).
    Gone(String),
    /// On another host: cannot be checked from here.
    Elsewhere,
}

/// Where `holder` stands.
pub fn standing(holder: &Holder) -> Standing {
    if holder.host != host_name() {
        return Standing::Elsewhere;
    }
    if !holder.boot.is_empty() && holder.boot != boot_id() {
        return Standing::Gone("the host was restarted since".into());
    }
    match start_time(holder.pid) {
        None => Standing::Gone(format!("no process {} runs", holder.pid)),
        Some(start) if holder.start.is_some_and(|s| s != start) => Standing::Gone(format!(
            "process {} is another program (it started at another time)",
            holder.pid
        )),
        Some(_) => Standing::Alive,
    }
}

/// The held lock of an open store; dropping it removes the lock file.
#[derive(Debug)]
pub struct StoreLock {
    file: File,
    path: PathBuf,
    id: (u64, u64),
}

/// A lock taken, and what it took over (a report for the user), if anything.
#[derive(Debug)]
pub struct Taken {
    pub lock: StoreLock,
    pub took_over: Option<String>,
}

/// The lock files this process holds (for [`release_all`]).
static HELD: Mutex<Vec<(PathBuf, (u64, u64))>> = Mutex::new(Vec::new());

/// Takes the lock `lock_path` of the store `store` for `auditor`; `take_over`: also
/// take over a lock held on another host.
pub fn take(
    store: &Path,
    lock_path: &Path,
    auditor: &str,
    take_over: bool,
) -> Result<Taken, StoreError> {
    let io = |what: &'static str| {
        let path = lock_path.display().to_string();
        move |reason| StoreError::Io { path, what, reason }
    };
    let mut took_over = None;
    // A lock file removed or replaced between opening and locking it is opened again.
    for _ in 0..8 {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(lock_path)
            .map_err(io("create the lock file"))?;
        if !wait_for(&file).map_err(io("lock"))? {
            let holder = read_holder(&mut file);
            let report = match &holder {
                None => {
                    return Err(locked(store, lock_path, "another flipscope".into(), ""));
                }
                Some(h) => match standing(h) {
                    Standing::Alive => {
                        return Err(locked(
                            store,
                            lock_path,
                            h.describe(),
                            ": close it there first",
                        ));
                    }
                    Standing::Elsewhere if !take_over => {
                        let hint = if h.age() > STALE_ELSEWHERE {
                            ", more than a day ago: if that session is gone, open the study with --take-over-lock"
                        } else {
                            ": close it there first, or, if that session is gone, open the study with --take-over-lock"
                        };
                        return Err(locked(store, lock_path, h.describe(), hint));
                    }
                    Standing::Elsewhere => format!("held on another host by {}", h.describe()),
                    Standing::Gone(why) => format!("left by {} ({why})", h.describe()),
                },
            };
            // The holder is gone (a descriptor of it may live on in a child) or the
            // user takes it over: a new lock file, which the old descriptor does not lock.
            if same_file(&file, lock_path) {
                fs::remove_file(lock_path).map_err(io("remove the stale lock file"))?;
            }
            took_over = Some(report);
            continue;
        }
        if !same_file(&file, lock_path) {
            continue;
        }
        if let Some(previous) = read_holder(&mut file) {
            // The flock was free: its holder ended without removing the file.
            took_over.get_or_insert(format!("left by {}, which is gone", previous.describe()));
        }
        let line = serde_json::to_string(&Holder::this_process(auditor))
            .map_err(|e| io("write the lock file")(io::Error::other(e)))?;
        file.set_len(0).map_err(io("write the lock file"))?;
        file.rewind().map_err(io("write the lock file"))?;
        file.write_all(format!("{line}\n").as_bytes())
            .map_err(io("write the lock file"))?;
        let id = file_id(&file.metadata().map_err(io("read the lock file"))?);
        if let Ok(mut held) = HELD.lock() {
            held.push((lock_path.to_path_buf(), id));
        }
        let took_over = took_over.map(|what| {
            format!(
                "took over the lock {} {what}",
                crate::printable::escape(&lock_path.display().to_string())
            )
        });
        return Ok(Taken {
            lock: StoreLock {
                file,
                path: lock_path.to_path_buf(),
                id,
            },
            took_over,
        });
    }
    Err(io("lock")(io::Error::other(
        "the lock file kept being replaced by another program",
    )))
}

fn locked(store: &Path, lock: &Path, holder: String, hint: &str) -> StoreError {
    StoreError::Locked {
        path: crate::printable::escape(&store.display().to_string()).into_owned(),
        lock: crate::printable::escape(&lock.display().to_string()).into_owned(),
        holder,
        hint: hint.to_string(),
    }
}

/// Waits up to [`LOCK_PATIENCE`] for the flock; whether it was taken.
fn wait_for(file: &File) -> io::Result<bool> {
    let start = Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(true),
            Err(TryLockError::WouldBlock) if start.elapsed() < LOCK_PATIENCE => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(TryLockError::WouldBlock) => return Ok(false),
            Err(TryLockError::Error(e)) => return Err(e),
        }
    }
}

/// The holder a lock file names (`None`: empty, or not a holder line).
fn read_holder(file: &mut File) -> Option<Holder> {
    let mut text = String::new();
    file.rewind().ok()?;
    file.take(64 * 1024).read_to_string(&mut text).ok()?;
    serde_json::from_str(text.trim()).ok()
}

fn file_id(m: &fs::Metadata) -> (u64, u64) {
    (m.dev(), m.ino())
}

/// Whether `path` is still the file `file` has open.
fn same_file(file: &File, path: &Path) -> bool {
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => file_id(&a) == file_id(&b),
        _ => false,
    }
}

/// Removes `path` when it is still the lock file `id`.
fn remove_if_ours(path: &Path, id: (u64, u64)) {
    if fs::metadata(path).is_ok_and(|m| file_id(&m) == id) {
        let _ = fs::remove_file(path);
    }
}

impl Drop for StoreLock {
    fn drop(&mut self) {
        // Removed while the flock is still held, so no one locks the old file in between.
        if same_file(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
        if let Ok(mut held) = HELD.lock() {
            held.retain(|(p, id)| !(p == &self.path && *id == self.id));
        }
    }
}

/// Removes the lock files this process holds: for an exit that does not drop the
/// stores (a signal, the watchdog of the TUI).
pub fn release_all() {
    let held = match HELD.try_lock() {
        Ok(mut held) => std::mem::take(&mut *held),
        Err(_) => return,
    };
    for (path, id) in held {
        remove_if_ours(&path, id);
    }
}

/// This host's name.
pub fn host_name() -> String {
    fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|s| s.trim().to_string())
        .ok()
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "localhost".into())
}

fn boot_id() -> String {
    fs::read_to_string("/proc/sys/kernel/random/boot_id")
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

/// The start time of process `pid` (field 22 of `/proc/PID/stat`), `None` when no
/// such process runs.
fn start_time(pid: u32) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold anything.
    let after = &stat[stat.rfind(')')? + 1..];
    // Fields from 3 on: the state is field 3, the start time field 22.
    after.split_whitespace().nth(19)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_alive_and_a_dead_one_is_gone() {
        let me = Holder::this_process("ana");
        assert_eq!(standing(&me), Standing::Alive);
        let reused = Holder {
            start: me.start.map(|s| s + 1),
            ..me.clone()
        };
        assert!(matches!(standing(&reused), Standing::Gone(_)));
        let elsewhere = Holder {
            host: format!("{}-not", me.host),
            ..me
        };
        assert_eq!(standing(&elsewhere), Standing::Elsewhere);
    }

    #[test]
    fn a_lock_is_removed_when_dropped_and_a_dead_holder_is_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("annotations.jsonl");
        let lock = dir.path().join("annotations.jsonl.lock");
        let taken = take(&store, &lock, "ana", false).unwrap();
        assert!(taken.took_over.is_none());
        assert!(lock.exists());
        drop(taken);
        assert!(!lock.exists(), "the lock outlived its store");
        let gone = Holder {
            pid: u32::MAX - 1,
            ..Holder::this_process("bob")
        };
        fs::write(&lock, serde_json::to_string(&gone).unwrap()).unwrap();
        let taken = take(&store, &lock, "ana", false).unwrap();
        let report = taken.took_over.as_deref().unwrap();
        assert!(report.contains("bob (pid 4294967294"), "{report}");
    }
}
