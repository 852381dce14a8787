//! Helpers shared by the integration tests: the real binary and the shared VERT data.
#![allow(dead_code)]

pub mod equivsva;
pub mod tmux;

use std::path::PathBuf;
use std::process::{Command, Output};

/// The `flipscope` binary built for these tests.
pub fn flipscope() -> Command {
    Command::new(env!("CARGO_BIN_EXE_flipscope"))
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
