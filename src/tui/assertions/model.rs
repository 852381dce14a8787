//! What the assertions screens show, built off the UI thread when the study loads: the
//! study's assertions joined with `reproof.jsonl` (beside the study, when there), and
//! each design's files.

use std::collections::BTreeMap;
use std::path::Path;

use crate::reproof::scope::design_of;
use crate::reproof::{AssertionView, REPROOF_FILE, join, read_records, units_of};
use crate::study::annotation::replay;
use crate::study::{PairKey, Study};

/// A design's files, as the audit screen shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DesignText {
    pub top: String,
    /// The top module's file, the other sources (reverse reading order), then headers.
    pub files: Vec<(String, String)>,
    pub clock: Option<String>,
    pub reset: Option<String>,
    /// The dataset folder it came from.
    pub folder: Option<String>,
}

/// Every assertion of the study with both verdicts.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct AssertionStudy {
    pub views: Vec<AssertionView>,
    pub designs: BTreeMap<String, DesignText>,
    /// Each generation's raw answer (escaped for the terminal), by (program, model,
    /// shots): the answer its assertions were read from.
    pub answers: BTreeMap<(String, String, Option<u32>), String>,
    /// Why flipscope's verdicts are missing or partial (no `reproof.jsonl`, a bad one).
    pub note: Option<String>,
    /// The tags the study's annotations files give each assertion (by its
    /// `AssertionUnit::annotation_key`), as loaded; the open store's decisions win.
    pub loaded_tags: BTreeMap<PairKey, Vec<String>>,
}

impl AssertionStudy {
    /// The assertions of `study`, with the records of `dir/reproof.jsonl` when it exists.
    pub fn build(study: &Study, dir: Option<&Path>) -> AssertionStudy {
        let path = dir.map(|d| d.join(REPROOF_FILE));
        let (records, note) = match path {
            Some(p) if p.is_file() => match read_records(&p) {
                Ok(r) => (r, None),
                Err(errors) => (
                    Vec::new(),
                    Some(format!(
                        "{} cannot be read ({} errors, the first: {}): flipscope's verdicts are not shown",
                        p.display(),
                        errors.len(),
                        errors[0]
                    )),
                ),
            },
            _ => (
                Vec::new(),
                Some(
                    "not re-proven yet: run `flipscope reprove STUDY` for flipscope's verdicts"
                        .into(),
                ),
            ),
        };
        let designs = study
            .programs
            .iter()
            .filter_map(|p| {
                let d = design_of(p).ok()?;
                // The top module's file first, then the other sources, then headers.
                let mut files: Vec<_> = d.sources.iter().rev().cloned().collect();
                files.extend(d.headers.iter().cloned());
                Some((
                    p.id.clone(),
                    DesignText {
                        top: d.top,
                        files,
                        clock: d.clock,
                        reset: d.reset,
                        folder: p
                            .meta
                            .as_ref()
                            .and_then(|m| m.get("folder"))
                            .and_then(|f| f.as_str())
                            .map(str::to_string),
                    },
                ))
            })
            .collect();
        let answers = study
            .generations
            .iter()
            .map(|g| {
                (
                    (g.program.clone(), g.model.clone(), g.shots),
                    crate::printable::escape_lines(&g.output).into_owned(),
                )
            })
            .collect();
        let loaded_tags = replay(&study.annotations)
            .into_iter()
            .filter(|(_, a)| !a.tags.is_empty())
            .map(|(k, a)| (k, a.tags.into_iter().collect()))
            .collect();
        AssertionStudy {
            views: join(units_of(study), records),
            designs,
            answers,
            note,
            loaded_tags,
        }
    }
}
