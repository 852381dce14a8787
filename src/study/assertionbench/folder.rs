//! One design folder of the dataset read from disk: its top-level files (RTL, scripts,
//! bindings, property files, `jg_*.out`), and the one verdict log of each project
//! folder (`<prefix>_<model>_<k>shot/jg.log`, else its
//! `sessionLogs/session_0/jg_session_0.log`). Everything is read once, as text.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::flaw::{Flaw, FlawKind};
use super::log::{JasperLog, parse_log};
use super::names::{RunName, out_file_run, project_folder_run};

/// Which tree a folder is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tree {
    /// `Jasper_llama_results/`: every model, the paper's runs.
    Main,
    /// `Jasper_results/`: an earlier GPT run, a fallback only.
    Earlier,
}

impl Tree {
    pub fn dir(self) -> &'static str {
        match self {
            Tree::Main => "Jasper_llama_results",
            Tree::Earlier => "Jasper_results",
        }
    }
}

/// Where a log was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LogPlace {
    /// The project folder's `jg.log` or session log.
    Project,
    /// The `tee`'d `jg_<tag>_<k>shot.out` at the folder's top.
    Stdout,
}

/// A log of one run.
#[derive(Debug, Clone)]
pub struct RunLog {
    pub run: RunName,
    pub place: LogPlace,
    /// Relative to the dataset folder, `/`-separated.
    pub path: String,
    pub log: JasperLog,
}

/// A text file of the folder.
#[derive(Debug, Clone)]
pub struct TextFile {
    pub text: String,
}

/// A design folder, read.
#[derive(Debug, Clone)]
pub struct DesignFolder {
    pub tree: Tree,
    /// The group folder, e.g. `arithmetic_core_2d_fht`.
    pub group: String,
    /// The design folder's name, e.g. `fht_bfly`.
    pub name: String,
    /// `Jasper_llama_results/<group>/<name>`.
    pub rel: String,
    /// Top-level text files by name (sorted): everything but the logs.
    pub files: BTreeMap<String, TextFile>,
    /// Every log found: project folders' first, then `.out` files, each by name.
    pub logs: Vec<RunLog>,
    /// Problems met while reading.
    pub flaws: Vec<Flaw>,
}

impl DesignFolder {
    /// The relative path of a file of this folder.
    pub fn path_of(&self, file: &str) -> String {
        format!("{}/{file}", self.rel)
    }

    /// The `FPV_*.tcl` scripts, by name.
    pub fn scripts(&self) -> impl Iterator<Item = (&str, &str)> {
        self.files
            .iter()
            .filter(|(n, _)| n.starts_with("FPV_") && n.ends_with(".tcl"))
            .map(|(n, f)| (n.as_str(), f.text.as_str()))
    }

    /// A file's text.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.files.get(name).map(|f| f.text.as_str())
    }
}

/// An I/O problem with the dataset folder itself.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {message}")]
pub struct ReadError {
    pub path: String,
    pub message: String,
}

/// The design folders of one tree, `<root>/<tree>/<group>/<design>`, sorted.
pub fn design_dirs(root: &Path, tree: Tree) -> Result<Vec<(String, String)>, ReadError> {
    let base = root.join(tree.dir());
    if !base.is_dir() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for group in sorted_dirs(&base)? {
        for design in sorted_dirs(&base.join(&group))? {
            out.push((group.clone(), design));
        }
    }
    Ok(out)
}

fn sorted_dirs(dir: &Path) -> Result<Vec<String>, ReadError> {
    let mut out: Vec<String> = entries(dir)?
        .into_iter()
        .filter(|(_, p)| p.is_dir())
        .map(|(n, _)| n)
        .collect();
    out.sort();
    Ok(out)
}

fn entries(dir: &Path) -> Result<Vec<(String, PathBuf)>, ReadError> {
    let err = |e: std::io::Error| ReadError {
        path: dir.to_string_lossy().into_owned(),
        message: format!("cannot read the folder: {e}"),
    };
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(err)? {
        let entry = entry.map_err(err)?;
        out.push((
            entry.file_name().to_string_lossy().into_owned(),
            entry.path(),
        ));
    }
    out.sort();
    Ok(out)
}

/// Reads a file as text; a file that is not UTF-8 is read with replacement characters
/// and reported.
fn read_text(path: &Path, rel: &str, flaws: &mut Vec<Flaw>) -> Result<String, ReadError> {
    // The study loader's rule: never open a FIFO (it waits for ever) or a device.
    if let Err(e) = crate::study::regular_file::check_regular(path) {
        return Err(ReadError {
            path: rel.to_string(),
            message: e.message,
        });
    }
    let bytes = std::fs::read(path).map_err(|e| ReadError {
        path: rel.to_string(),
        message: format!("cannot read: {e}"),
    })?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            flaws.push(Flaw::new(
                FlawKind::NotUtf8,
                rel,
                line,
                format!(
                    "invalid UTF-8 byte 0x{:02x}: the file is read with replacement characters",
                    e.as_bytes()[at]
                ),
            ));
            Ok(String::from_utf8_lossy(e.as_bytes()).into_owned())
        }
    }
}

/// Reads one design folder.
pub fn read_folder(
    root: &Path,
    tree: Tree,
    group: &str,
    name: &str,
) -> Result<DesignFolder, ReadError> {
    let rel = format!("{}/{group}/{name}", tree.dir());
    let dir = root.join(&rel);
    let mut folder = DesignFolder {
        tree,
        group: group.to_string(),
        name: name.to_string(),
        rel: rel.clone(),
        files: BTreeMap::new(),
        logs: Vec::new(),
        flaws: Vec::new(),
    };
    let mut outs = Vec::new();
    for (file, path) in entries(&dir)? {
        let file_rel = format!("{rel}/{file}");
        if path.is_dir() {
            if let Some((_, run)) = project_folder_run(&file)
                && let Some((log_path, log_rel)) = project_log(&path, &file_rel)
            {
                let text = read_text(&log_path, &log_rel, &mut folder.flaws)?;
                folder.logs.push(RunLog {
                    run,
                    place: LogPlace::Project,
                    path: log_rel,
                    log: parse_log(&text),
                });
            }
        } else if let Some((run, typo)) = out_file_run(&file) {
            if typo {
                folder.flaws.push(Flaw::new(
                    FlawKind::MisspeltLogName,
                    &file_rel,
                    1,
                    format!("misspelt log name: read as the log of {run}"),
                ));
            }
            let text = read_text(&path, &file_rel, &mut folder.flaws)?;
            outs.push(RunLog {
                run,
                place: LogPlace::Stdout,
                path: file_rel,
                log: parse_log(&text),
            });
        } else if !file.ends_with(".out") && !file.ends_with(".log") {
            let text = read_text(&path, &file_rel, &mut folder.flaws)?;
            folder.files.insert(file, TextFile { text });
        }
    }
    folder.logs.extend(outs);
    Ok(folder)
}

/// A project folder's log: `jg.log`, else the session log.
fn project_log(dir: &Path, rel: &str) -> Option<(PathBuf, String)> {
    // A log that is there but is no regular file (a FIFO, a device) is the log: reading
    // it refuses it by name, rather than skipping it for the session log's verdicts.
    let present = |p: &Path| std::fs::symlink_metadata(p).is_ok() && !p.is_dir();
    let direct = dir.join("jg.log");
    if present(direct.as_path()) {
        return Some((direct, format!("{rel}/jg.log")));
    }
    let session = dir.join("sessionLogs/session_0/jg_session_0.log");
    present(session.as_path()).then(|| {
        (
            session,
            format!("{rel}/sessionLogs/session_0/jg_session_0.log"),
        )
    })
}
