//! Staging a design in the private work directory before yosys reads it: every file
//! under a fixed name (`d0.sv`, `d1.sv`, ... for the design's files, `i0.vh`, ... for
//! the files they `` `include ``), so no path, name or text of the user's or a study's
//! ever reaches the yosys script (yosys's script language cannot quote every
//! character, and `!` there runs a shell).
//!
//! flipscope resolves the includes itself: each `` `include "NAME" `` is rewritten in
//! place (same line) to the fixed name of the file it finds, searched in the including
//! file's own folder, then in the folders of the design's files. What it finds must be a
//! regular file within the RTL limits, in UTF-8; an include that names a folder, a
//! device or a FIFO, that includes itself, or that is not a quoted name (a macro could
//! name any file) is a located error. An include found nowhere is rewritten to a name
//! that does not exist, so yosys still decides (it may sit in a branch not compiled)
//! and its message is given back with the include's place. Every text is checked
//! against flipscope's RTL limits (size, nesting, statement length, macro expansion)
//! first, so no text can drive yosys into unbounded work.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::limits::Limits;
use crate::formal::design::Design;
use crate::rtl::{limits, macros};
use crate::text::line_column;

/// Most levels of includes inside includes.
pub const MAX_INCLUDE_DEPTH: usize = 16;

/// Most distinct included files of one design.
pub const MAX_INCLUDED_FILES: usize = 256;

/// The design as staged: how to name the work files back in messages.
#[derive(Debug, Default)]
pub struct Staged {
    /// (work name, the user's name) of every staged file.
    pub names: Vec<(String, String)>,
    /// (work name, message) of every include that was found nowhere.
    pub missing: Vec<(String, String)>,
}

impl Staged {
    /// The user's name of work file `work`.
    pub fn user_name(&self, work: &str) -> Option<&str> {
        self.names
            .iter()
            .find(|(w, _)| w == work)
            .map(|(_, u)| u.as_str())
    }
}

/// The name of design file `i` in the work directory.
pub fn work_name(i: usize) -> String {
    format!("d{i}.sv")
}

/// One `` `include `` of a text: where it is and what it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Include {
    /// Byte offset of the backtick.
    pub offset: usize,
    /// The byte range of the name between the quotes, or why there is none.
    pub name: Result<std::ops::Range<usize>, String>,
}

/// Every `` `include `` of `text` outside comments and strings (macro bodies too).
pub fn includes(text: &str) -> Vec<Include> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'/', Some(b'/')) => {
                i = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |n| i + n);
            }
            (b'/', Some(b'*')) => {
                i = text[i + 2..].find("*/").map_or(b.len(), |n| i + n + 4);
            }
            (b'"', _) => i = string_end(b, i),
            (b'`', _) if text[i + 1..].starts_with("include") => {
                let after = i + 1 + "include".len();
                if b.get(after)
                    .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_')
                {
                    i = after;
                    continue;
                }
                let mut j = after;
                while j < b.len() && matches!(b[j], b' ' | b'\t') {
                    j += 1;
                }
                let name = if b.get(j) == Some(&b'"') {
                    let end = string_end(b, j);
                    if end > j + 1 && b[end - 1] == b'"' && end - 1 > j {
                        Ok(j + 1..end - 1)
                    } else {
                        Err("its file name is not closed by `\"` on the same line".to_string())
                    }
                } else {
                    Err(
                        "flipscope follows only an include of a file name in double quotes \
                         (`include \"defs.vh\"), not a macro or `<...>`"
                            .to_string(),
                    )
                };
                let next = match &name {
                    Ok(r) => r.end + 1,
                    Err(_) => j,
                };
                out.push(Include { offset: i, name });
                i = next.max(i + 1);
            }
            _ => i += 1,
        }
    }
    out
}

/// Where the string starting at `i` (a `"`) ends (after its closing quote, or at the
/// line's end).
fn string_end(b: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    while j < b.len() && b[j] != b'"' && b[j] != b'\n' {
        j += if b[j] == b'\\' { 2 } else { 1 };
    }
    (j + 1).min(b.len())
}

/// `file:line:column` of byte `offset` of `text`.
fn at(file: &str, text: &str, offset: usize) -> String {
    let (line, column) = line_column(text, offset);
    format!("{file}:{line}:{column}")
}

/// Checks every file of the design against the RTL limits, and that none leaves a
/// comment or a string open (before anything else looks at the design).
pub fn check_files(design: &Design) -> Result<(), String> {
    for f in &design.files {
        check_limits(&f.path, &f.text)?;
    }
    Ok(())
}

/// Checks `text` (the user's, named `file`) against the RTL limits, and that it leaves
/// no comment or string open.
pub fn check_limits(file: &str, text: &str) -> Result<(), String> {
    if let Some(u) = crate::rtl::unclosed::find(text) {
        return Err(format!("{}: {}", at(file, text, u.offset()), u.message()));
    }
    let brief = |m: &str| {
        m.split(" (flipscope's limit")
            .next()
            .unwrap_or(m)
            .to_string()
    };
    limits::check_size(text.len()).map_err(|e| {
        format!(
            "{file}: {} (flipscope's RTL limits, docs/rtl.md)",
            brief(&e.message)
        )
    })?;
    limits::check_shape(text, 0..text.len()).map_err(|e| {
        format!(
            "{}: {} (flipscope's RTL limits, docs/rtl.md)",
            at(file, text, e.offset),
            brief(&e.message)
        )
    })?;
    macros::scan(text).map_err(|e| {
        format!(
            "{}: {} (flipscope's RTL limits, docs/rtl.md)",
            at(file, text, e.offset),
            brief(&e.message)
        )
    })?;
    Ok(())
}

/// Reads a file the way every RTL input is read: a regular file (after symlinks), at
/// most `limit` bytes, UTF-8 (an invalid byte is located). `name` is used in messages.
pub fn read_source(path: &Path, name: &str, limit: usize) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a device, FIFO or socket)"
        };
        return Err(format!("{name}: cannot read: it is {what}"));
    }
    if meta.len() > limit as u64 {
        return Err(too_large(name, meta.len(), limit));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    if bytes.len() > limit {
        return Err(too_large(name, bytes.len() as u64, limit));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let before = String::from_utf8_lossy(good);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!(
            "{name}:{line}:{column}: invalid UTF-8 byte 0x{:02x}: RTL files must be UTF-8",
            e.as_bytes()[e.utf8_error().valid_up_to()]
        )
    })
}

fn too_large(name: &str, len: u64, limit: usize) -> String {
    format!(
        "{name}: too large: {len} bytes, flipscope reads at most {limit} bytes of one RTL file \
         (docs/rtl.md)"
    )
}

/// A file being staged: its text and where it came from.
struct Pending {
    work: String,
    /// The name in messages.
    user: String,
    text: String,
    /// The folder searched first for its includes.
    own_dir: Option<PathBuf>,
    /// The resolved paths of the files that include it (to find cycles).
    stack: Vec<PathBuf>,
}

/// Writes the design's files to `dir` under fixed names: file `i` with `texts[i]` (its
/// own text, or the top file with the monitors in it), every include rewritten.
pub fn stage(
    design: &Design,
    texts: &[&str],
    dir: &Path,
    limits: &Limits,
) -> Result<Staged, String> {
    let per_file = limits::MAX_SOURCE_BYTES.min(limits.source_bytes);
    for f in &design.files {
        check_limits(&f.path, &f.text)?;
    }
    let mut search: Vec<PathBuf> = Vec::new();
    for f in &design.files {
        if let Some(d) = &f.include_dir
            && !search.contains(d)
        {
            search.push(d.clone());
        }
    }
    let mut staged = Staged::default();
    let mut pending: Vec<Pending> = design
        .files
        .iter()
        .zip(texts)
        .enumerate()
        .map(|(i, (f, text))| Pending {
            work: work_name(i),
            user: f.path.clone(),
            text: text.to_string(),
            own_dir: f.include_dir.clone(),
            // A file read from disk that includes itself.
            stack: f
                .include_dir
                .as_ref()
                .and_then(|_| Path::new(&f.path).canonicalize().ok())
                .into_iter()
                .collect(),
        })
        .collect();
    pending.reverse();
    let mut by_path: HashMap<PathBuf, String> = HashMap::new();
    let mut total = design.size();
    let mut missing = 0usize;
    while let Some(file) = pending.pop() {
        let mut out = String::with_capacity(file.text.len());
        let mut copied = 0;
        for inc in includes(&file.text) {
            let here = at(&file.user, &file.text, inc.offset);
            let range = inc.name.map_err(|why| format!("{here}: `include: {why}"))?;
            let name = &file.text[range.clone()];
            let found = resolve(name, file.own_dir.as_deref(), &search);
            let work = match found {
                None => {
                    let work = format!("missing{missing}.vh");
                    missing += 1;
                    let mut dirs: Vec<String> = file
                        .own_dir
                        .iter()
                        .chain(&search)
                        .map(|d| d.display().to_string())
                        .collect();
                    dirs.dedup();
                    staged.missing.push((
                        work.clone(),
                        format!(
                            "{here}: `include \"{name}\": no such file (searched {})",
                            if dirs.is_empty() {
                                "no folder: the design is not read from files".to_string()
                            } else {
                                dirs.join(", ")
                            }
                        ),
                    ));
                    work
                }
                Some(path) => {
                    let real = path.canonicalize().unwrap_or_else(|_| path.clone());
                    if file.stack.contains(&real) {
                        return Err(format!(
                            "{here}: `include \"{name}\" includes a file that includes it: \
                             flipscope does not follow include cycles"
                        ));
                    }
                    if file.stack.len() >= MAX_INCLUDE_DEPTH {
                        return Err(format!(
                            "{here}: `include \"{name}\": includes nested more than \
                             {MAX_INCLUDE_DEPTH} deep"
                        ));
                    }
                    match by_path.get(&real) {
                        Some(work) => work.clone(),
                        None => {
                            if by_path.len() >= MAX_INCLUDED_FILES {
                                return Err(format!(
                                    "{here}: more than {MAX_INCLUDED_FILES} included files"
                                ));
                            }
                            let user = path.display().to_string();
                            let text = read_source(&path, &user, per_file)
                                .map_err(|e| format!("{here}: `include \"{name}\": {e}"))?;
                            check_limits(&user, &text)?;
                            total += text.len();
                            if total > limits.source_bytes {
                                return Err(format!(
                                    "{here}: the design is too large for the limits: more than \
                                     {} bytes of source with its includes",
                                    limits.source_bytes
                                ));
                            }
                            let work = format!("i{}.vh", by_path.len());
                            by_path.insert(real.clone(), work.clone());
                            let mut stack = file.stack.clone();
                            stack.push(real.clone());
                            pending.push(Pending {
                                work: work.clone(),
                                user,
                                text,
                                own_dir: path.parent().map(Path::to_path_buf),
                                stack,
                            });
                            work
                        }
                    }
                }
            };
            out.push_str(&file.text[copied..range.start]);
            out.push_str(&work);
            copied = range.end;
        }
        out.push_str(&file.text[copied..]);
        std::fs::write(dir.join(&file.work), out)
            .map_err(|e| format!("cannot write the model's files: {e}"))?;
        staged.names.push((file.work, file.user));
    }
    Ok(staged)
}

/// The file `name` names: itself when absolute, else the first folder (the including
/// file's, then the design's) that holds it.
fn resolve(name: &str, own: Option<&Path>, search: &[PathBuf]) -> Option<PathBuf> {
    let p = Path::new(name);
    if p.is_absolute() {
        return std::fs::metadata(p).is_ok().then(|| p.to_path_buf());
    }
    own.into_iter()
        .chain(search.iter().map(PathBuf::as_path))
        .map(|d| d.join(p))
        .find(|c| std::fs::metadata(c).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_includes_outside_comments_and_strings() {
        let text = "// `include \"a\"\n/* `include \"b\" */ $display(\"`include \\\"c\\\"\");\n`include \"d.vh\" // x\n`include `F\n`includes\n";
        let found = includes(text);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(&text[found[0].name.clone().unwrap()], "d.vh");
        assert!(
            found[1]
                .name
                .as_ref()
                .unwrap_err()
                .contains("double quotes")
        );
    }
}
