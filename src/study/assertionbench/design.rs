//! A design as its folder defines it: the script that runs it (`FPV_*.tcl`), the RTL
//! files it analyses and the headers they `` `include``, the top module, the clock and
//! reset settings, and the binding of the property module.

use std::collections::BTreeSet;

use super::bindings::{Binding, parse_bindings};
use super::flaw::{Flaw, FlawKind};
use super::folder::DesignFolder;
use super::scan::{blank_comments, find_words, identifier_at};
use super::tcl::{ClockSetting, FpvScript, ResetSetting, parse_script};
use crate::text::line_column;

/// A design, resolved from its folder.
#[derive(Debug, Clone)]
pub struct Design {
    /// The script used (`FPV_fht_bfly.tcl`), when the folder has one.
    pub script_name: Option<String>,
    pub script: Option<FpvScript>,
    /// The top module.
    pub top: Option<String>,
    /// The RTL files read as sources, in the script's order (names within the folder).
    pub sources: Vec<String>,
    /// Files only `` `include``d by the sources (`defines.v`, a submodule's file).
    pub headers: Vec<String>,
    /// The file that declares the top module (one of `sources`).
    pub top_file: Option<String>,
    /// The binding of the property module, when `bindings.sva` has one.
    pub binding: Option<Binding>,
    pub flaws: Vec<Flaw>,
}

impl Design {
    /// The clock setting (`Missing` without a script).
    pub fn clock(&self) -> ClockSetting {
        self.script
            .as_ref()
            .map_or(ClockSetting::Missing, |s| s.clock.clone())
    }

    /// The reset setting (`Missing` without a script).
    pub fn reset(&self) -> ResetSetting {
        self.script
            .as_ref()
            .map_or(ResetSetting::Missing, |s| s.reset.clone())
    }
}

/// Resolves the design of a folder; every choice that is not the script's own word is
/// reported as a flaw.
pub fn resolve_design(folder: &DesignFolder) -> Design {
    let mut flaws = Vec::new();
    let (script_name, script) = choose_script(folder, &mut flaws);
    let mut sources = Vec::new();
    match &script {
        Some(s) => {
            for f in &s.rtl {
                if folder.files.contains_key(&f.path) {
                    sources.push(f.path.clone());
                } else {
                    flaws.push(Flaw::new(
                        FlawKind::MissingRtlFile,
                        folder.path_of(script_name.as_deref().unwrap_or("")),
                        f.line,
                        format!("the script analyses {}, which is not in the folder", f.path),
                    ));
                }
            }
        }
        None => {
            // No script: the folder's Verilog files, as a best reading, reported.
            sources = folder
                .files
                .keys()
                .filter(|n| n.ends_with(".v") || n.ends_with(".sv"))
                .cloned()
                .collect();
            let headers = included_names(folder, &sources);
            sources.retain(|s| !headers.contains(s));
        }
    }
    let headers = include_closure(folder, &sources, &mut flaws);
    let (top, top_file) = resolve_top(
        folder,
        script_name.as_deref(),
        script.as_ref(),
        &sources,
        &mut flaws,
    );
    let binding = read_binding(folder, top.as_deref(), &mut flaws);
    if let Some(s) = &script {
        let missing: Vec<&str> = [
            ("clock", s.clock == ClockSetting::Missing),
            ("reset", s.reset == ResetSetting::Missing),
        ]
        .iter()
        .filter(|(_, m)| *m)
        .map(|(n, _)| *n)
        .collect();
        if !missing.is_empty() {
            flaws.push(Flaw::new(
                FlawKind::NoClockOrReset,
                folder.path_of(script_name.as_deref().unwrap_or("")),
                1,
                format!(
                    "the script has no `{}` command: taken as none",
                    missing.join("` or `")
                ),
            ));
        }
    }
    Design {
        script_name,
        script,
        top,
        sources,
        headers,
        top_file,
        binding,
        flaws,
    }
}

/// The folder's script: the one its logs name as run, else `FPV_<folder>.tcl`, else
/// the only one.
fn choose_script(
    folder: &DesignFolder,
    flaws: &mut Vec<Flaw>,
) -> (Option<String>, Option<FpvScript>) {
    let scripts: Vec<(&str, &str)> = folder.scripts().collect();
    if scripts.is_empty() {
        flaws.push(Flaw::new(
            FlawKind::NoScript,
            &folder.rel,
            1,
            "no FPV_*.tcl script: the design's files and top module are taken from its Verilog files",
        ));
        return (None, None);
    }
    let named_by_logs: BTreeSet<&str> = folder
        .logs
        .iter()
        .filter_map(|l| l.log.script.as_deref())
        .collect();
    let own = format!("FPV_{}.tcl", folder.name);
    let chosen = scripts
        .iter()
        .find(|(n, _)| named_by_logs.contains(n))
        .or_else(|| scripts.iter().find(|(n, _)| *n == own))
        .unwrap_or(&scripts[0]);
    for (other, _) in scripts.iter().filter(|(n, _)| n != &chosen.0) {
        flaws.push(Flaw::new(
            FlawKind::ExtraScript,
            folder.path_of(other),
            1,
            format!(
                "a second script; the design is read from {}{}",
                chosen.0,
                if named_by_logs.contains(chosen.0) {
                    ", the one the logs ran"
                } else {
                    ""
                }
            ),
        ));
    }
    (Some(chosen.0.to_string()), Some(parse_script(chosen.1)))
}

/// Every file of the folder `` `include``d, directly or not, by `sources` and not a
/// source itself, in first-seen order; includes of files not in the folder are flaws.
fn include_closure(
    folder: &DesignFolder,
    sources: &[String],
    flaws: &mut Vec<Flaw>,
) -> Vec<String> {
    let mut headers: Vec<String> = Vec::new();
    let mut queue: Vec<String> = sources.to_vec();
    let mut seen: BTreeSet<String> = sources.iter().cloned().collect();
    while let Some(file) = queue.first().cloned() {
        queue.remove(0);
        let Some(text) = folder.text(&file) else {
            continue;
        };
        for (name, offset) in includes(text) {
            if seen.contains(&name) {
                continue;
            }
            seen.insert(name.clone());
            if folder.files.contains_key(&name) {
                headers.push(name.clone());
                queue.push(name);
            } else {
                let (line, _) = line_column(text, offset);
                flaws.push(Flaw::new(
                    FlawKind::MissingRtlFile,
                    folder.path_of(&file),
                    line,
                    format!("`include \"{name}\": the file is not in the folder"),
                ));
            }
        }
    }
    headers
}

/// The names `` `include``d by any of `files` (no flaws: for the folder without script).
fn included_names(folder: &DesignFolder, files: &[String]) -> BTreeSet<String> {
    files
        .iter()
        .filter_map(|f| folder.text(f))
        .flat_map(|t| includes(t).into_iter().map(|(n, _)| n))
        .collect()
}

/// `` `include "name" `` directives outside comments, with their offsets.
pub fn includes(text: &str) -> Vec<(String, usize)> {
    let blank = blank_comments(text);
    let mut out = Vec::new();
    for (at, _) in blank.match_indices("`include") {
        let rest = blank[at + "`include".len()..].trim_start();
        if let Some(body) = rest.strip_prefix('"')
            && let Some(end) = body.find('"')
        {
            out.push((super::tcl::normalise_path(&body[..end]), at));
        }
    }
    out
}

/// The modules a text declares (`module NAME`, comments ignored), with offsets.
pub fn declared_modules(text: &str) -> Vec<(String, usize)> {
    let blank = blank_comments(text);
    let mut out = Vec::new();
    for keyword in ["module", "macromodule"] {
        for at in find_words(&blank, keyword) {
            if let Some((name, _)) = identifier_at(&blank, at + keyword.len()) {
                out.push((name.to_string(), at));
            }
        }
    }
    out.sort_by_key(|(_, at)| *at);
    out
}

/// The top module and its file: `elaborate -top`, else the one module of the sources
/// (the script's black-boxed design, the folder's namesake), reported.
fn resolve_top(
    folder: &DesignFolder,
    script_name: Option<&str>,
    script: Option<&FpvScript>,
    sources: &[String],
    flaws: &mut Vec<Flaw>,
) -> (Option<String>, Option<String>) {
    let declared: Vec<(String, String)> = sources
        .iter()
        .filter_map(|f| folder.text(f).map(|t| (f, t)))
        .flat_map(|(f, t)| {
            declared_modules(t)
                .into_iter()
                .map(move |(m, _)| (m, f.clone()))
        })
        .collect();
    let file_of = |m: &str| {
        declared
            .iter()
            .find(|(d, _)| d == m)
            .map(|(_, f)| f.clone())
    };
    let at = script_name.map_or_else(|| folder.rel.clone(), |s| folder.path_of(s));
    let line = script.and_then(|s| s.elaborate_line).unwrap_or(1);
    if let Some(top) = script.and_then(|s| s.top.clone()) {
        let file = file_of(&top);
        if file.is_none() {
            flaws.push(Flaw::new(
                FlawKind::MissingRtlFile,
                &at,
                line,
                format!("no analysed file declares the top module {top}"),
            ));
        }
        return (Some(top), file);
    }
    let blackboxed: Vec<&str> = script
        .map(|s| s.blackboxes.iter().map(String::as_str).collect())
        .unwrap_or_default();
    let pick = declared
        .iter()
        .find(|(m, _)| blackboxed.contains(&m.as_str()))
        .map(|d| {
            (
                d,
                "the module the script black-boxes with `elaborate -bbox_m`",
            )
        })
        .or_else(|| {
            (declared.len() == 1).then(|| (&declared[0], "the only module of the analysed files"))
        })
        .or_else(|| {
            declared
                .iter()
                .find(|(m, _)| *m == folder.name)
                .map(|d| (d, "the module named like the folder"))
        });
    match pick {
        Some(((module, file), why)) => {
            flaws.push(Flaw::new(
                FlawKind::NoTop,
                &at,
                line,
                format!("no `elaborate -top`: the top module is {module} of {file}, {why}"),
            ));
            (Some(module.clone()), Some(file.clone()))
        }
        None => {
            flaws.push(Flaw::new(
                FlawKind::NoTop,
                &at,
                line,
                format!(
                    "no `elaborate -top`, and no single module to take as the top ({} declared)",
                    declared.len()
                ),
            ));
            (None, None)
        }
    }
}

fn read_binding(
    folder: &DesignFolder,
    top: Option<&str>,
    flaws: &mut Vec<Flaw>,
) -> Option<Binding> {
    let path = folder.path_of("bindings.sva");
    let Some(text) = folder.text("bindings.sva") else {
        flaws.push(Flaw::new(
            FlawKind::BindingProblem,
            &folder.rel,
            1,
            "no bindings.sva: the property module's signals are taken by name in the top module",
        ));
        return None;
    };
    match parse_bindings(text) {
        Ok(bindings) => {
            let first = bindings.into_iter().next();
            match (&first, top) {
                (None, _) => flaws.push(Flaw::new(
                    FlawKind::BindingProblem,
                    &path,
                    1,
                    "no `bind` statement: the property module's signals are taken by name in the top module",
                )),
                (Some(b), Some(top)) if b.target != top => flaws.push(Flaw::new(
                    FlawKind::BindingProblem,
                    &path,
                    1,
                    format!(
                        "binds into {}, not the top module {top}: the signals are taken by name in {top}",
                        b.target
                    ),
                )),
                _ => {}
            }
            first
        }
        Err((offset, message)) => {
            let (line, _) = line_column(text, offset);
            flaws.push(Flaw::new(
                FlawKind::BindingProblem,
                &path,
                line,
                format!(
                    "{message}: the property module's signals are taken by name in the top module"
                ),
            ));
            None
        }
    }
}
