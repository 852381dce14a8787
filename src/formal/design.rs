//! A design to prove properties on: named source files and an optional top module;
//! finding its modules (outside comments and strings) and the top one, and placing a
//! monitor just before the top module's `endmodule`.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::text::Lines;
use crate::text::token::{Kind, tokenize};

/// One source file of a design.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The name used in messages (the path as the user gave it).
    pub path: String,
    pub text: String,
    /// The directory `` `include `` files are searched in (the file's own, when read
    /// from disk).
    pub include_dir: Option<PathBuf>,
}

impl SourceFile {
    /// A file held in memory.
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            path: path.into(),
            text: text.into(),
            include_dir: None,
        }
    }

    /// Reads a file from disk (its directory is searched for `` `include `` files).
    pub fn read(path: &Path) -> std::io::Result<SourceFile> {
        SourceFile::load(path).map_err(std::io::Error::other)
    }

    /// [`SourceFile::read`] with the whole message: a regular file of at most the RTL
    /// limit (256 KiB), in UTF-8 (an invalid byte is located: `FILE:LINE:COLUMN`).
    pub fn load(path: &Path) -> Result<SourceFile, String> {
        let name = path.display().to_string();
        let text =
            super::engine::stage::read_source(path, &name, crate::rtl::limits::MAX_SOURCE_BYTES)?;
        Ok(SourceFile {
            path: name,
            text,
            include_dir: path
                .parent()
                .map(|p| {
                    if p.as_os_str().is_empty() {
                        Path::new(".")
                    } else {
                        p
                    }
                })
                .map(Path::to_path_buf),
        })
    }
}

/// A design: its source files and, optionally, the name of its top module (found when
/// absent: the only module no other module instantiates).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Design {
    pub files: Vec<SourceFile>,
    pub top: Option<String>,
}

impl Design {
    pub fn new(files: Vec<SourceFile>, top: Option<String>) -> Design {
        Design { files, top }
    }

    /// Reads every file from disk.
    pub fn read(paths: &[PathBuf], top: Option<String>) -> std::io::Result<Design> {
        let files = paths
            .iter()
            .map(|p| SourceFile::read(p))
            .collect::<std::io::Result<Vec<_>>>()?;
        Ok(Design { files, top })
    }

    /// A hash of the files (names and contents) and the top module.
    pub fn digest(&self) -> String {
        let mut h = Sha256::new();
        for f in &self.files {
            h.update(f.path.as_bytes());
            h.update([0]);
            h.update(f.text.as_bytes());
            h.update([0]);
        }
        h.update(self.top.as_deref().unwrap_or("").as_bytes());
        hex(&h.finalize())
    }

    /// Total bytes of source.
    pub fn size(&self) -> usize {
        self.files.iter().map(|f| f.text.len()).sum()
    }

    /// Every module of the design, in file order.
    pub fn modules(&self) -> Vec<Module> {
        self.files
            .iter()
            .enumerate()
            .flat_map(|(i, f)| scan_modules(i, &f.text))
            .collect()
    }

    /// The top module: the one named by `top`, else the only module that no other
    /// module's text names.
    pub fn find_top(&self) -> Result<Module, String> {
        let modules = self.modules();
        let names = || {
            modules
                .iter()
                .map(|m| format!("`{}`", m.name))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let files = self
            .files
            .iter()
            .map(|f| f.path.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        if modules.is_empty() {
            return Err(format!("{files}: no module is defined"));
        }
        if let Some(top) = &self.top {
            return modules
                .iter()
                .find(|m| &m.name == top)
                .cloned()
                .ok_or_else(|| {
                    format!(
                        "the top module `{top}` is not defined in {files} (modules: {})",
                        names()
                    )
                });
        }
        let tops: Vec<&Module> = modules
            .iter()
            .filter(|m| {
                !modules
                    .iter()
                    .any(|o| o.name != m.name && o.names.contains(&m.name))
            })
            .collect();
        match tops.as_slice() {
            [one] => Ok((*one).clone()),
            _ => Err(format!(
                "cannot tell the top module of {files} (candidates: {}); name it with --top",
                if tops.is_empty() {
                    names()
                } else {
                    tops.iter()
                        .map(|m| format!("`{}`", m.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            )),
        }
    }
}

/// A module of a design: its name, where it is and where its `endmodule` is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Module {
    pub name: String,
    /// Index of its file in the design.
    pub file: usize,
    /// Byte offset of the `endmodule` keyword (when it has none: of the next module's
    /// `module` keyword, or the text's end).
    pub end: usize,
    /// Line of the `module` keyword.
    pub line: usize,
    /// Every identifier its text uses (to find instantiations).
    pub names: Vec<String>,
}

fn scan_modules(file: usize, text: &str) -> Vec<Module> {
    let toks = tokenize(text);
    let lines = Lines::new(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i].text(text);
        if (t == "module" || t == "macromodule")
            && toks.get(i + 1).is_some_and(|n| n.kind == Kind::Ident)
        {
            let mut j = i + 2;
            // `module automatic name` / `module static name`
            let mut name_tok = toks[i + 1];
            if matches!(name_tok.text(text), "automatic" | "static")
                && toks.get(i + 2).is_some_and(|n| n.kind == Kind::Ident)
            {
                name_tok = toks[i + 2];
                j += 1;
            }
            let mut names = Vec::new();
            // A module without `endmodule` ends where the next one starts.
            while j < toks.len()
                && !matches!(toks[j].text(text), "endmodule" | "module" | "macromodule")
            {
                if toks[j].kind == Kind::Ident {
                    names.push(toks[j].text(text).to_string());
                }
                j += 1;
            }
            names.sort();
            names.dedup();
            out.push(Module {
                name: name_tok.text(text).to_string(),
                file,
                end: toks.get(j).map_or(text.len(), |t| t.start),
                line: lines.line_column(text, toks[i].start).0,
                names,
            });
            i = if toks.get(j).is_some_and(|t| t.text(text) == "endmodule") {
                j + 1
            } else {
                j
            };
            continue;
        }
        i += 1;
    }
    out
}

pub(crate) use crate::pack_cache::hex;

#[cfg(test)]
mod tests {
    use super::*;

    fn design(files: &[(&str, &str)], top: Option<&str>) -> Design {
        Design::new(
            files.iter().map(|(p, t)| SourceFile::new(*p, *t)).collect(),
            top.map(String::from),
        )
    }

    #[test]
    fn finds_the_top_module() {
        let d = design(
            &[
                ("a.sv", "module leaf(input a); endmodule\n// module fake;\n"),
                ("b.sv", "module top(input a);\n leaf u(.a(a));\nendmodule\n"),
            ],
            None,
        );
        let top = d.find_top().unwrap();
        assert_eq!(top.name, "top");
        assert_eq!(top.file, 1);
        assert_eq!(&d.files[1].text[top.end..top.end + 9], "endmodule");
        assert_eq!(d.modules().len(), 2);
    }

    #[test]
    fn names_an_unknown_or_ambiguous_top() {
        let d = design(&[("a.sv", "module x; endmodule module y; endmodule")], None);
        let e = d.find_top().unwrap_err();
        assert!(e.contains("cannot tell the top module of a.sv"), "{e}");
        let d = design(&[("a.sv", "module x; endmodule")], Some("nosuch"));
        let e = d.find_top().unwrap_err();
        assert_eq!(
            e,
            "the top module `nosuch` is not defined in a.sv (modules: `x`)"
        );
    }
}
