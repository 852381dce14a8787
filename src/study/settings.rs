//! `study.toml`: settings of a whole study, kept in the study's directory (beside its
//! `programs.jsonl`). Today one setting: how scoring reads atoms.
//!
//! ```toml
//! [scoring]
//! semantics = "atoms"   # or "two-state", the default
//! ```
//!
//! `flipscope score --semantics` (and `check-sva`, `audit`) overrides it.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::error::{LocatedError, display_path};
use super::jsonl::read_text;
use crate::logic::Values;
use crate::text::line_column;

/// The name of the settings file in a study directory.
pub const FILE_NAME: &str = "study.toml";

/// What `study.toml` says (everything optional).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StudySettings {
    #[serde(default)]
    pub scoring: ScoringSettings,
}

/// The `[scoring]` table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringSettings {
    /// `two-state` (the default) or `atoms`.
    #[serde(default)]
    pub semantics: Option<Values>,
}

impl StudySettings {
    /// Parses settings text; errors are located within it.
    pub fn parse(file: &str, text: &str) -> Result<StudySettings, LocatedError> {
        toml::from_str::<StudySettings>(text).map_err(|e| {
            let (line, column) = e
                .span()
                .map_or((1, 1), |span| line_column(text, span.start.min(text.len())));
            LocatedError::new(file, line, column, e.message().to_string())
        })
    }
}

/// The directories whose `study.toml` applies to a study given as `paths`: each
/// directory given, and the directory of each `programs*.jsonl` file given.
fn directories(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for p in paths {
        let dir = if p.is_dir() {
            Some(p.clone())
        } else {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("programs")
                .then(|| p.parent().map(Path::to_path_buf).unwrap_or_default())
        };
        if let Some(d) = dir
            && !out.contains(&d)
        {
            out.push(d);
        }
    }
    out
}

/// The settings of the study at `paths`: from the `study.toml` files that apply (none:
/// the defaults). Two files that disagree are an error naming both.
pub fn find(paths: &[PathBuf]) -> Result<StudySettings, LocatedError> {
    let mut found: Option<(String, StudySettings)> = None;
    for dir in directories(paths) {
        let path = dir.join(FILE_NAME);
        if !path.is_file() {
            continue;
        }
        let name = display_path(&path);
        let text = read_text(&path)?;
        let settings = StudySettings::parse(&name, &text)?;
        match &found {
            Some((first, s)) if *s != settings => {
                return Err(LocatedError::new(
                    &name,
                    1,
                    1,
                    format!("these settings differ from those of {first}: a study has one set"),
                ));
            }
            Some(_) => {}
            None => found = Some((name, settings)),
        }
    }
    Ok(found.map(|(_, s)| s).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_semantics_and_rejects_unknown_keys_with_a_place() {
        let s = StudySettings::parse("study.toml", "[scoring]\nsemantics = \"atoms\"\n").unwrap();
        assert_eq!(s.scoring.semantics, Some(Values::Atoms));
        assert_eq!(
            StudySettings::parse("s", "").unwrap(),
            StudySettings::default()
        );
        let e = StudySettings::parse("study.toml", "[scoring]\nsemantics = \"three-state\"\n")
            .unwrap_err();
        assert_eq!(
            (e.location.file.as_str(), e.location.line),
            ("study.toml", 2),
            "{e}"
        );
        let e =
            StudySettings::parse("study.toml", "[scoring]\nsemantic = \"atoms\"\n").unwrap_err();
        assert!(e.message.contains("semantic"), "{e}");
    }

    #[test]
    fn finds_the_file_of_a_directory_or_beside_a_programs_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(FILE_NAME),
            "[scoring]\nsemantics = \"atoms\"\n",
        )
        .unwrap();
        let programs = dir.path().join("programs.jsonl");
        std::fs::write(&programs, "").unwrap();
        for given in [dir.path().to_path_buf(), programs] {
            let s = find(&[given]).unwrap();
            assert_eq!(s.scoring.semantics, Some(Values::Atoms));
        }
        let elsewhere = tempfile::tempdir().unwrap();
        assert_eq!(
            find(&[elsewhere.path().to_path_buf()]).unwrap(),
            StudySettings::default()
        );
    }
}
