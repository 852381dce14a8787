//! Loading a study's pairs with the annotations that apply to them, for the commands
//! that read tags (`export tags`, `sample`, `agreement`): the study's own
//! `annotations*.jsonl` plus, for a study directory that cannot be written, the
//! annotation store kept for it in the user's data directory. A raw study (programs
//! and generations, no pairs) is scored first, as `metrics` does.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::bail;

use super::scoring::ScoringArgs;
use crate::stats::tag_export::auditors_of;
use crate::study::annotation::replay;
use crate::study::store::{file, location};
use crate::study::{Annotation, PairAudit, PairKey, Study, load_study};

/// A loaded study and where every annotated pair stands.
pub struct Annotated {
    pub study: Study,
    pub audits: BTreeMap<PairKey, PairAudit>,
    /// Who made decisions on each pair.
    pub auditors: BTreeMap<PairKey, BTreeSet<String>>,
}

/// Loads the study at `paths` with its annotations (see the module doc); a raw study
/// is scored as `scoring` says.
pub fn load(paths: &[PathBuf], scoring: &ScoringArgs) -> anyhow::Result<Annotated> {
    let mut study = load_study(paths).map_err(|e| anyhow::anyhow!("{e}"))?;
    super::study_warnings::print_warnings(&study);
    if let Cow::Owned(scored) = super::metrics::study_pairs(&study, scoring)? {
        study.pairs = scored;
    }
    super::modules::prepare(&mut study, scoring)?;
    for path in paths.iter().filter(|p| p.is_dir()) {
        if let Some(store) = user_data_store(path) {
            study.annotations.extend(read_annotations(&store)?);
        }
    }
    let audits = replay(&study.annotations);
    let auditors = auditors_of(&study.annotations);
    Ok(Annotated {
        study,
        audits,
        auditors,
    })
}

/// The store kept in the user's data directory for a study directory that cannot be
/// written, when it exists.
pub fn user_data_store(study_dir: &Path) -> Option<PathBuf> {
    location::existing_user_store(study_dir, location::default_data_root().as_deref())
}

/// The annotations file of a study: the file itself when `path` is a file, else the
/// study directory's store (in the user's data directory when it is kept there).
pub fn store_file(path: &Path) -> PathBuf {
    if path.is_file() {
        return path.to_path_buf();
    }
    user_data_store(path).unwrap_or_else(|| path.join(location::FILE_NAME))
}

/// Reads an annotations file, failing with every located problem.
pub fn read_annotations(path: &Path) -> anyhow::Result<Vec<Annotation>> {
    if !path.is_file() {
        bail!("{}: no such annotations file", path.display());
    }
    let contents = file::read(path)?;
    if !contents.errors.is_empty() {
        let lines: Vec<String> = contents.errors.iter().map(|e| e.to_string()).collect();
        bail!(
            "{}\n{} line(s) of {} are not annotation decisions",
            lines.join("\n"),
            contents.errors.len(),
            path.display()
        );
    }
    Ok(contents.decisions)
}
