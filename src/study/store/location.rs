//! Where a study's annotations live: `annotations.jsonl` in the study's directory, or,
//! when that directory cannot be written, in the user's data directory under a folder
//! named by a hash of the study's canonical path.

use std::fs::{self, OpenOptions};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::super::source::hex;

/// The file name of the annotation store.
pub const FILE_NAME: &str = "annotations.jsonl";

/// Where the store is, so the UI can say it on screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreLocation {
    /// `annotations.jsonl` in the study's own directory.
    StudyDir,
    /// In the user's data directory, because the study's directory could not be
    /// written (`reason` says why).
    UserData { reason: String },
}

/// The resolved store file and its location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// The annotations file (it may not exist yet).
    pub path: PathBuf,
    pub location: StoreLocation,
    /// The study directory's own annotations file, when the store is elsewhere.
    pub study_file: PathBuf,
}

/// The user's data directory for flipscope (`$XDG_DATA_HOME/flipscope` on Linux).
pub fn default_data_root() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "flipscope").map(|d| d.data_dir().to_path_buf())
}

/// The per-study folder name under the data root: the first 16 hex digits of the
/// SHA-256 of the study directory's canonical path.
pub fn study_folder(canonical: &Path) -> String {
    let digest = Sha256::digest(canonical.to_string_lossy().as_bytes());
    hex(&digest)[..16].to_string()
}

/// Decides where the store of the study in `study_dir` is: the study directory when a
/// file can be created there, else under `data_root`.
pub fn resolve(study_dir: &Path, data_root: Option<&Path>) -> Result<Resolved, String> {
    let study_file = study_dir.join(FILE_NAME);
    if !study_dir.is_dir() {
        return Err(format!(
            "the study directory {} does not exist or is not a directory",
            study_dir.display()
        ));
    }
    let reason = match probe_writable(study_dir) {
        Ok(()) => {
            return Ok(Resolved {
                path: study_file.clone(),
                location: StoreLocation::StudyDir,
                study_file,
            });
        }
        Err(reason) => reason,
    };
    let Some(root) = data_root else {
        return Err(format!(
            "{reason}, and there is no user data directory to keep the annotations in"
        ));
    };
    let canonical = fs::canonicalize(study_dir).unwrap_or_else(|_| study_dir.to_path_buf());
    let folder = root.join(study_folder(&canonical));
    Ok(Resolved {
        path: folder.join(FILE_NAME),
        location: StoreLocation::UserData { reason },
        study_file,
    })
}

/// The store kept under `data_root` for the study in `study_dir` when the study's
/// directory cannot be written and that store exists (`None` otherwise: the study's
/// own `annotations.jsonl` is the store).
pub fn existing_user_store(study_dir: &Path, data_root: Option<&Path>) -> Option<PathBuf> {
    let resolved = resolve(study_dir, data_root).ok()?;
    matches!(resolved.location, StoreLocation::UserData { .. })
        .then_some(resolved.path)
        .filter(|p| p.is_file())
}

/// Whether a file can be created (and the annotations file written) in `dir`.
fn probe_writable(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    let existing = dir.join(FILE_NAME);
    if existing.exists()
        && let Err(e) = OpenOptions::new().append(true).open(&existing)
    {
        return Err(format!("{} cannot be written: {e}", existing.display()));
    }
    let probe = dir.join(format!(".flipscope-probe-{}", std::process::id()));
    match OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(format!(
            "the study directory {shown} cannot be written: {e}"
        )),
    }
}

/// Prepares the user-data folder of a store: creates it, records which study it
/// belongs to (`study-path.txt`) and, the first time, starts the store as a copy of
/// the study directory's own annotations file when there is one.
pub fn prepare_user_data(resolved: &Resolved, study_dir: &Path) -> std::io::Result<()> {
    let Some(folder) = resolved.path.parent() else {
        return Ok(());
    };
    fs::create_dir_all(folder)?;
    let canonical = fs::canonicalize(study_dir).unwrap_or_else(|_| study_dir.to_path_buf());
    let note = folder.join("study-path.txt");
    if !note.exists() {
        fs::write(&note, format!("{}\n", canonical.display()))?;
    }
    if !resolved.path.exists() && resolved.study_file.is_file() {
        let bytes = fs::read(&resolved.study_file)?;
        super::file::replace_atomically(&resolved.path, &bytes)?;
    }
    Ok(())
}
