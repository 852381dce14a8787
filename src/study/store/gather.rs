//! Every decision that applies to a study, read as `flipscope export tags` reads them:
//! the `annotations*.jsonl` files among the study's paths (a directory stands for its
//! files, in name order), then, for each directory that cannot be written, the store
//! kept for it in the user's data directory.

use std::path::{Path, PathBuf};

use super::file;
use super::location::existing_user_store;
use crate::study::annotation::Annotation;
use crate::study::error::LocatedError;
use crate::study::source::{FileKind, expand};

/// The annotations files of the study in `paths`, in reading order (see the module
/// documentation); `data_root` is the user data directory (`None`: none).
pub fn annotation_files(
    paths: &[PathBuf],
    data_root: Option<&Path>,
) -> Result<Vec<PathBuf>, Vec<LocatedError>> {
    let mut files: Vec<PathBuf> = expand(paths)?
        .into_iter()
        .filter(|(_, kind)| *kind == FileKind::Annotations)
        .map(|(path, _)| path)
        .collect();
    for dir in paths.iter().filter(|p| p.is_dir()) {
        files.extend(existing_user_store(dir, data_root));
    }
    Ok(files)
}

/// Every decision of the study in `paths`, in reading order; every bad line of every
/// file, located, when any file has one.
pub fn study_annotations(
    paths: &[PathBuf],
    data_root: Option<&Path>,
) -> Result<Vec<Annotation>, Vec<LocatedError>> {
    let mut decisions = Vec::new();
    let mut errors = Vec::new();
    for path in annotation_files(paths, data_root)? {
        let (found, bad) = read_file(&path);
        decisions.extend(found);
        errors.extend(bad);
    }
    if errors.is_empty() {
        Ok(decisions)
    } else {
        Err(errors)
    }
}

/// The decisions of one annotations file and its bad lines; a missing or unreadable
/// file is one error naming it.
pub fn read_file(path: &Path) -> (Vec<Annotation>, Vec<LocatedError>) {
    if !path.is_file() {
        let what = if path.exists() {
            "not a file"
        } else {
            "no such annotations file"
        };
        return (Vec::new(), vec![LocatedError::whole_file(path, what)]);
    }
    match file::read(path) {
        Ok(contents) => (contents.decisions, contents.errors),
        Err(e) => (
            Vec::new(),
            vec![LocatedError::whole_file(path, format!("cannot read: {e}"))],
        ),
    }
}
