//! The user's configuration file (`config.toml` in flipscope's config directory, e.g.
//! `~/.config/flipscope/config.toml`): the auditor's name and extra tags. Other
//! sections (keys, themes) belong to the UI and are ignored here.
//!
//! ```toml
//! auditor = "ana"
//! [tags]
//! extra = ["scorer-bug", "prompt-ambiguity"]
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::error::{LocatedError, display_path};
use super::jsonl::read_text;
use crate::text::line_column;

/// What the annotation side reads from the configuration file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Config {
    /// The name decisions are stamped with (default: `$USER`).
    #[serde(default)]
    pub auditor: Option<String>,
    /// `[tags]`.
    #[serde(default)]
    pub tags: TagsConfig,
}

/// The `[tags]` table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct TagsConfig {
    /// Tags offered after the nine defaults.
    #[serde(default)]
    pub extra: Vec<String>,
}

/// The configuration file's path (`None` when the platform has no config directory).
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "flipscope").map(|d| d.config_dir().join("config.toml"))
}

impl Config {
    /// Reads the configuration file at `path`; a missing file is the default config.
    pub fn load(path: &Path) -> Result<Self, LocatedError> {
        if !path.exists() {
            return Ok(Self::default());
        }
        let text = read_text(path)?;
        Self::parse(&display_path(path), &text)
    }

    /// Reads the user's configuration file, if any.
    pub fn load_default() -> Result<Self, LocatedError> {
        match default_path() {
            Some(path) => Self::load(&path),
            None => Ok(Self::default()),
        }
    }

    /// Parses configuration text; errors are located within it.
    pub fn parse(file: &str, text: &str) -> Result<Self, LocatedError> {
        toml::from_str::<Config>(text).map_err(|e| {
            let (line, column) = e
                .span()
                .map_or((1, 1), |span| line_column(text, span.start.min(text.len())));
            LocatedError::new(file, line, column, e.message().to_string())
        })
    }

    /// The auditor: the config's name, else `$USER` (or `$USERNAME`), else `unknown`.
    pub fn auditor(&self) -> String {
        self.auditor
            .clone()
            .filter(|a| !a.trim().is_empty())
            .or_else(|| std::env::var("USER").ok().filter(|u| !u.is_empty()))
            .or_else(|| std::env::var("USERNAME").ok().filter(|u| !u.is_empty()))
            .unwrap_or_else(|| "unknown".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_auditor_and_extra_tags_and_ignores_other_sections() {
        let c = Config::parse(
            "config.toml",
            "auditor = \"ana\"\n[tags]\nextra = [\"scorer-bug\"]\n[keys]\nquit = \"q\"\n",
        )
        .unwrap();
        assert_eq!(c.auditor(), "ana");
        assert_eq!(c.tags.extra, ["scorer-bug"]);
        assert_eq!(Config::parse("c", "").unwrap(), Config::default());
    }

    #[test]
    fn errors_are_located() {
        let e = Config::parse("config.toml", "auditor = \"ana\"\n[tags]\nextra = 3\n").unwrap_err();
        assert_eq!(e.location.file, "config.toml");
        assert_eq!(e.location.line, 3, "{e}");
        assert!(
            e.message.contains("sequence") || e.message.contains("array"),
            "{e}"
        );
    }

    #[test]
    fn a_missing_file_is_the_default() {
        let dir = tempfile::tempdir().unwrap();
        let c = Config::load(&dir.path().join("none.toml")).unwrap();
        assert_eq!(c, Config::default());
    }
}
