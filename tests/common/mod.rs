//! Helpers shared by the integration tests: the real binary and the shared VERT data.
#![allow(dead_code)]

pub mod docs;
pub mod equivsva;
pub mod module_study;
pub mod tmux;

use std::path::PathBuf;
use std::process::{Command, Output};

/// The `flipscope` binary built for these tests, with the tests' own cache directory
/// ([`cache_home`] as `XDG_CACHE_HOME`), never the user's. A test that needs another
/// cache sets `XDG_CACHE_HOME` again (the last value wins) or passes `--no-cache`.
pub fn flipscope() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_flipscope"));
    command.env("XDG_CACHE_HOME", cache_home());
    command
}

/// The tests' own cache home (the proof cache `formal/` and the parse cache `rtl/`
/// under it): `target/tmp/flipscope-cache-<build>`, one directory per build of the
/// binary under test, keyed by its size and modification time. A second run of the
/// same build finds its proofs (the EquivSVA dev split in seconds, not minutes); a
/// rebuilt binary, whose engine may prove otherwise, starts cold; the directories of
/// earlier builds are removed. docs/testing.md, "The tests' cache".
pub fn cache_home() -> PathBuf {
    static HOME: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    HOME.get_or_init(|| {
        let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let meta = std::fs::metadata(env!("CARGO_BIN_EXE_flipscope")).expect("the binary");
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        let name = format!("flipscope-cache-{}-{modified}", meta.len());
        if let Ok(entries) = std::fs::read_dir(&tmp) {
            for entry in entries.flatten() {
                let other = entry.file_name().to_string_lossy().into_owned();
                if other.starts_with("flipscope-cache-") && other != name {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let home = tmp.join(name);
        std::fs::create_dir_all(&home).expect("create the tests' cache directory");
        home
    })
    .clone()
}

/// Runs the binary with `args` and returns what it did.
pub fn run(args: &[&str]) -> Output {
    flipscope().args(args).output().expect("run flipscope")
}

/// A file of `../shared/data` (or of `shared/data` in a further ancestor of the crate,
/// as for a git worktree under `wt/NAME`). `None` (the test skips) when it is missing,
/// except under CI (`CI` set), where a missing file fails the test loudly.
pub fn shared_data(rel: &str) -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("../shared/data").join(rel);
    if path.exists() {
        return Some(path);
    }
    if let Some(found) = root
        .ancestors()
        .skip(2)
        .map(|a| a.join("shared/data").join(rel))
        .find(|p| p.exists())
    {
        return Some(found);
    }
    if std::env::var_os("CI").is_some() {
        panic!(
            "CI is set but the shared data file {} is missing",
            path.display()
        );
    }
    eprintln!(
        "skipping: {} is missing (set CI to make this a failure)",
        path.display()
    );
    None
}

/// The four VERT files with their record counts.
pub const VERT_FILES: [(&str, usize); 4] = [
    ("vert/ifdataset-not-else.json", 3008),
    ("vert/ifdataset-not-else-synch.json", 3008),
    ("vert/casedataset-not-if.json", 4000),
    ("vert/casedataset-not-if-synch.json", 4000),
];

/// Whether every tool of `tools` can be started (`yosys`, `yosys-smtbmc`, `z3`, ...);
/// with `CI` set a missing one is a failure, not a skip (`.ci/run` installs them).
pub fn have_tools(tools: &[&str]) -> bool {
    let missing: Vec<&str> = tools
        .iter()
        .copied()
        .filter(|t| Command::new(t).arg("--version").output().is_err())
        .collect();
    assert!(
        missing.is_empty() || std::env::var_os("CI").is_none(),
        "CI is set but {} is missing",
        missing.join(", ")
    );
    missing.is_empty()
}

/// The local model server's endpoint (`FLIPSCOPE_MODEL_ENDPOINT`, which `.ci/run` sets
/// when it starts the server): with `CI` set its absence is a failure, else a skip.
pub fn model_endpoint() -> Option<String> {
    match std::env::var("FLIPSCOPE_MODEL_ENDPOINT") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var_os("CI").is_some() => {
            panic!("CI is set but FLIPSCOPE_MODEL_ENDPOINT is not: .ci/run starts the model server")
        }
        _ => {
            eprintln!("skipping: FLIPSCOPE_MODEL_ENDPOINT is not set (see .ci/run)");
            None
        }
    }
}
