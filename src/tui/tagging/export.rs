//! `E` on the queue: the tagged pairs written as JSON Lines, exactly what
//! `flipscope export tags STUDY --filter F` writes now (F the queue's text filter;
//! the quick keys and the audit sample do not narrow it), built by the same
//! `stats::tag_export` from the annotations files on disk (every decision is saved
//! before it is shown, so they hold this session's decisions too).
//!
//! The file is `tagged-pairs.jsonl` beside the annotation store: the study directory,
//! or the store's folder in the user data directory when the study directory cannot be
//! written. It is replaced atomically; its name is not one a study directory is read
//! for, so it never becomes part of the study.

use std::path::{Path, PathBuf};

use crate::stats::tag_export::{ExportPair, TagExport, auditors_of, export_tags};
use crate::study::annotation::replay;
use crate::study::store::file::replace_atomically;
use crate::study::store::gather::study_annotations;
use crate::study::store::location::{default_data_root, resolve};
use crate::tui::app::App;
use crate::tui::model::PairView;

/// The export's file name.
pub const EXPORT_FILE: &str = "tagged-pairs.jsonl";

/// A pair of the view as the export sees it.
pub fn export_pair(p: &PairView) -> ExportPair<'_> {
    ExportPair {
        model: &p.model,
        variant: &p.variant,
        program: &p.program,
        behavior: &p.behavior,
        stratum: &p.stratum,
        base_correct: p.base.correct,
        trans_correct: p.trans.correct,
        flip: p.flip,
        base_category: p.base.category_given.then_some(p.base.category.as_str()),
        trans_category: p.trans.category_given.then_some(p.trans.category.as_str()),
        pair_hash: p.pair_hash.as_deref(),
        sample: p.sample,
    }
}

impl App {
    /// The paths the study was opened from (the study directory in tests that set
    /// only that).
    pub fn study_paths(&self) -> Vec<PathBuf> {
        if self.paths.is_empty() {
            self.study_dir.iter().cloned().collect()
        } else {
            self.paths.clone()
        }
    }

    /// What `export tags` would write for the study now, with the queue's filter.
    pub fn tag_export(&self) -> Result<TagExport, String> {
        let annotations = study_annotations(&self.study_paths(), default_data_root().as_deref())
            .map_err(|errors| {
                let more = match errors.len() {
                    0 | 1 => String::new(),
                    n => format!(" (and {} more)", n - 1),
                };
                let first = errors.first().map(ToString::to_string).unwrap_or_default();
                format!("not exported: {first}{more}")
            })?;
        Ok(export_tags(
            self.study.pairs.iter().map(export_pair),
            &replay(&annotations),
            &auditors_of(&annotations),
            &self.queue.filter,
        ))
    }

    /// Where the export goes: beside the open store, else where the store would be.
    pub(crate) fn export_dir(&self) -> Result<PathBuf, String> {
        if let Some(store) = &self.tagging.store
            && let Some(dir) = store.path().parent()
        {
            return Ok(dir.to_path_buf());
        }
        let dir = self
            .study_folder()
            .ok_or_else(|| "not exported: no study directory".to_string())?;
        let resolved = resolve(&dir, default_data_root().as_deref())
            .map_err(|e| format!("not exported: {e}"))?;
        let folder = resolved
            .path
            .parent()
            .unwrap_or(Path::new("."))
            .to_path_buf();
        std::fs::create_dir_all(&folder)
            .map_err(|e| format!("not exported: cannot create {}: {e}", folder.display()))?;
        Ok(folder)
    }

    /// `E`: writes the export and says where on the status line.
    pub(crate) fn export_tagged_pairs(&mut self) {
        self.message = Some(match self.write_export() {
            Ok((path, export)) => {
                let filter = if self.queue.filter.is_empty() {
                    "no filter".to_string()
                } else {
                    format!("filter {}", self.queue.filter.source())
                };
                let orphans = match export.orphans {
                    0 => String::new(),
                    n => format!("; {n} annotated pairs not loaded"),
                };
                format!(
                    "exported {} tagged pairs ({filter}{orphans}) to {}",
                    export.exported,
                    path.display()
                )
            }
            Err(e) => e,
        });
    }

    fn write_export(&self) -> Result<(PathBuf, TagExport), String> {
        if !self.pairs_ready() {
            return Err("not exported: the study's pairs are not in yet".into());
        }
        let export = self.tag_export()?;
        let path = self.export_dir()?.join(EXPORT_FILE);
        replace_atomically(&path, &export.text)
            .map_err(|e| format!("not exported: cannot write {}: {e}", path.display()))?;
        Ok((path, export))
    }
}
