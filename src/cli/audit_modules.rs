//! `flipscope audit` on a study of whole-module programs: the module audit
//! (`crate::dataset_audit::modules`) with the study's import warnings (AssertionBench's
//! `import-warnings.jsonl` beside its programs), as a table or JSON.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::args::Format;
use crate::dataset_audit::modules::{ModuleAudit, audit_modules, render_table};
use crate::formal::ProveOptions;
use crate::study::Study;

/// The module audit of `study` (read from `path`).
pub fn audit(study: &Study, path: &Path, options: &ProveOptions) -> anyhow::Result<ModuleAudit> {
    // The reset of each family's proofs is its own (`spec.json`).
    let mut audit = audit_modules(study, options)?;
    audit.import_warnings = import_warnings(path)?;
    Ok(audit)
}

/// The lines of `import-warnings.jsonl` in the study directory (or beside the
/// programs file), if there is one.
fn import_warnings(path: &Path) -> anyhow::Result<Vec<serde_json::Value>> {
    let dir = if path.is_dir() {
        path.to_path_buf()
    } else {
        path.parent().map(Path::to_path_buf).unwrap_or_default()
    };
    let file = dir.join(super::import_assertionbench::WARNINGS_FILE);
    let Ok(text) = std::fs::read_to_string(&file) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| anyhow::anyhow!("{}:{}:{}: {e}", file.display(), n + 1, e.column()))?;
        out.push(v);
    }
    Ok(out)
}

/// Prints the audits of the module studies.
pub fn print(audits: &[(PathBuf, ModuleAudit)], format: Format) -> anyhow::Result<ExitCode> {
    match format {
        Format::Json => {
            let value = if audits.len() == 1 {
                audits[0].1.to_json()
            } else {
                serde_json::Value::Array(
                    audits
                        .iter()
                        .map(|(p, a)| {
                            let mut v = a.to_json();
                            v["path"] = p.display().to_string().into();
                            v
                        })
                        .collect(),
                )
            };
            super::output::print_line(&serde_json::to_string_pretty(&value)?)?;
        }
        Format::Table => {
            let mut text = String::new();
            for (p, a) in audits {
                if audits.len() > 1 {
                    text.push_str(&format!("{}\n", p.display()));
                }
                text.push_str(&render_table(a));
            }
            super::output::print(&text)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
