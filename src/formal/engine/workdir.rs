//! Where a model's work files go: a private folder (mode 0700, removed when the
//! [`tempfile::TempDir`] is dropped, also on a signal) under the first of
//! `FLIPSCOPE_WORK_DIR`, `TMPDIR`, `/dev/shm` and `/tmp` that exists and takes a new
//! folder. `/dev/shm` is memory on Linux: yosys and ABC write and read the model
//! there many times, and a disk's `/tmp` costs a file system sync on a loaded machine.
//! The folder is named `flipscope-prove-` and random letters: never a design's or a
//! study's name.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

/// The folders tried, in order.
pub fn candidates() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for var in ["FLIPSCOPE_WORK_DIR", "TMPDIR"] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            out.push(PathBuf::from(v));
        }
    }
    out.push(PathBuf::from("/dev/shm"));
    out.push(PathBuf::from("/tmp"));
    out
}

/// A new private work folder under the first candidate that takes one.
pub fn create() -> std::io::Result<tempfile::TempDir> {
    let mut last = None;
    for root in candidates() {
        if !root.is_dir() {
            continue;
        }
        match tempfile::Builder::new()
            .prefix("flipscope-prove-")
            .permissions(std::fs::Permissions::from_mode(0o700))
            .tempdir_in(&root)
        {
            Ok(d) => return Ok(d),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no folder takes a work folder")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_work_folder_is_private_and_removed() {
        let d = create().unwrap();
        let path = d.path().to_path_buf();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700, "{path:?}");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert!(name.starts_with("flipscope-prove-"), "{name}");
        drop(d);
        assert!(!path.exists());
    }

    #[test]
    fn the_candidates_end_with_memory_then_disk() {
        let c = candidates();
        let shm = c.iter().position(|p| p == std::path::Path::new("/dev/shm"));
        let tmp = c.iter().rposition(|p| p == std::path::Path::new("/tmp"));
        assert!(shm.is_some() && tmp.is_some() && shm < tmp, "{c:?}");
    }
}
