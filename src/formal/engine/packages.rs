//! Package imports for yosys 0.23, which reads `package ... endpackage` and qualified
//! names (`pkg::W`, `pkg::state_t`) but rejects `import pkg::*;`. Every import of a
//! package the design declares is blanked (its bytes become spaces, so lines and the
//! other columns stay) and, in its scope (the rest of the file for an import outside a
//! module, else the module it is in, from the import on, or the whole module for an
//! import in its header), every use of a name the package declares (parameters,
//! localparams, types, enum members, functions) is qualified `pkg::NAME`. Imports of
//! packages the design does not declare are left for yosys to report.

use std::collections::{BTreeMap, BTreeSet};

use crate::text::token::{Kind, Token, tokenize};

/// The files' texts with the imports resolved (the same texts when none imports).
pub fn resolve_imports(files: &[&str]) -> Vec<String> {
    let packages = declared(files);
    files
        .iter()
        .map(|text| {
            if packages.is_empty() || !text.contains("import") {
                text.to_string()
            } else {
                resolve(text, &packages)
            }
        })
        .collect()
}

/// The names each package declares at its top level.
fn declared(files: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for text in files {
        if !text.contains("package") {
            continue;
        }
        let toks = tokenize(text);
        let s = |i: usize| toks.get(i).map(|t| t.text(text)).unwrap_or("");
        let mut i = 0;
        while i < toks.len() {
            if s(i) != "package" || toks.get(i + 1).is_none_or(|t| t.kind != Kind::Ident) {
                i += 1;
                continue;
            }
            let name = s(i + 1).to_string();
            let end = (i..toks.len())
                .find(|&j| s(j) == "endpackage")
                .unwrap_or(toks.len());
            let names = out.entry(name).or_default();
            let mut j = i + 2;
            while j < end {
                match s(j) {
                    "localparam" | "parameter" => {
                        // NAME = ..., NAME = ...;
                        let stop = (j..end).find(|&k| s(k) == ";").unwrap_or(end);
                        let mut depth = 0i32;
                        for k in j + 1..stop {
                            match s(k) {
                                "(" | "{" | "[" => depth += 1,
                                ")" | "}" | "]" => depth -= 1,
                                "=" if depth == 0 && toks[k - 1].kind == Kind::Ident => {
                                    names.insert(s(k - 1).to_string());
                                }
                                _ => {}
                            }
                        }
                        j = stop;
                    }
                    "typedef" => {
                        let stop = (j..end).find(|&k| s(k) == ";").unwrap_or(end);
                        if stop > j + 1 && toks[stop - 1].kind == Kind::Ident {
                            names.insert(s(stop - 1).to_string());
                        }
                        // enum members: identifiers inside `{ ... }` at depth 1 after
                        // `{` or `,`.
                        if let Some(open) = (j..stop).find(|&k| s(k) == "{")
                            && (j..open).any(|k| s(k) == "enum")
                        {
                            let mut depth = 0i32;
                            for (k, tok) in toks.iter().enumerate().take(stop).skip(open) {
                                match s(k) {
                                    "{" | "(" | "[" => depth += 1,
                                    "}" | ")" | "]" => depth -= 1,
                                    _ if depth == 1
                                        && tok.kind == Kind::Ident
                                        && matches!(s(k - 1), "{" | ",") =>
                                    {
                                        names.insert(s(k).to_string());
                                    }
                                    _ => {}
                                }
                            }
                        }
                        j = stop;
                    }
                    "function" | "task" => {
                        let open = (j..end).find(|&k| s(k) == "(" || s(k) == ";");
                        if let Some(o) = open
                            && o > j + 1
                            && toks[o - 1].kind == Kind::Ident
                        {
                            names.insert(s(o - 1).to_string());
                        }
                        let close = if s(j) == "function" {
                            "endfunction"
                        } else {
                            "endtask"
                        };
                        j = (j..end).find(|&k| s(k) == close).unwrap_or(end);
                    }
                    _ => {}
                }
                j += 1;
            }
            i = end + 1;
        }
    }
    out
}

/// One file with its imports resolved.
fn resolve(text: &str, packages: &BTreeMap<String, BTreeSet<String>>) -> String {
    let toks = tokenize(text);
    let s = |i: usize| toks.get(i).map(|t| t.text(text)).unwrap_or("");
    // (token range of the scope, package, names) per import; blanked byte ranges.
    let mut scopes: Vec<(usize, usize, &str, Option<String>)> = Vec::new();
    let mut blank: Vec<(usize, usize)> = Vec::new();
    let mut module_start: Option<usize> = None;
    let mut i = 0;
    while i < toks.len() {
        match s(i) {
            "module" | "macromodule" | "interface" => module_start = Some(i),
            "endmodule" | "endinterface" => module_start = None,
            "package" => {
                // Imports inside packages are not resolved.
                i = (i..toks.len())
                    .find(|&k| s(k) == "endpackage")
                    .unwrap_or(toks.len());
            }
            "import" => {
                // import PKG::NAME[, PKG::NAME]... ;
                let stop = (i..toks.len()).find(|&k| s(k) == ";");
                let Some(stop) = stop else { break };
                let mut items: Vec<(&str, Option<String>)> = Vec::new();
                let mut k = i + 1;
                let mut ok = true;
                while k < stop {
                    let (pkg, sep, item) = (s(k), s(k + 1), s(k + 2));
                    if toks[k].kind != Kind::Ident || sep != "::" {
                        ok = false;
                        break;
                    }
                    items.push((pkg, (item != "*").then(|| item.to_string())));
                    k += 3;
                    if s(k) == "," {
                        k += 1;
                    }
                }
                if ok && !items.is_empty() && items.iter().all(|(p, _)| packages.contains_key(*p)) {
                    blank.push((toks[i].start, toks[stop].end));
                    let scope_start = module_start.unwrap_or(stop);
                    let scope_end = match module_start {
                        Some(_) => (stop..toks.len())
                            .find(|&k| matches!(s(k), "endmodule" | "endinterface"))
                            .unwrap_or(toks.len()),
                        None => toks.len(),
                    };
                    for (pkg, item) in items {
                        scopes.push((scope_start, scope_end, pkg, item));
                    }
                }
                i = stop;
            }
            _ => {}
        }
        i += 1;
    }
    if scopes.is_empty() {
        return text.to_string();
    }
    // Blank the imports first (same length: every token's offsets stay).
    let mut bytes = text.as_bytes().to_vec();
    for &(a, b) in &blank {
        for byte in &mut bytes[a..b] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    }
    let blanked = String::from_utf8(bytes).unwrap_or_else(|_| text.to_string());
    let mut out = String::with_capacity(text.len() + 64);
    let mut copied = 0;
    for (k, t) in toks.iter().enumerate() {
        if blank.iter().any(|&(a, b)| t.start >= a && t.end <= b) {
            continue;
        }
        if t.kind != Kind::Ident || qualified_or_member(&toks, text, k) {
            continue;
        }
        let word = t.text(text);
        let pkg = scopes.iter().find(|(a, b, pkg, item)| {
            (*a..*b).contains(&k)
                && match item {
                    Some(n) => n == word,
                    None => packages[*pkg].contains(word),
                }
        });
        if let Some((_, _, pkg, _)) = pkg {
            out.push_str(&blanked[copied..t.start]);
            out.push_str(pkg);
            out.push_str("::");
            copied = t.start;
        }
    }
    out.push_str(&blanked[copied..]);
    out
}

/// Whether token `k` is already qualified (`x::NAME`), a member (`s.NAME`), a
/// package name before `::`, or a declaration's name in a `package`.
fn qualified_or_member(toks: &[Token], text: &str, k: usize) -> bool {
    let prev = k.checked_sub(1).map(|p| toks[p].text(text));
    let next = toks.get(k + 1).map(|t| t.text(text));
    matches!(prev, Some("::" | "." | "`")) || next == Some("::")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PKG: &str = "package p;\n  localparam W = 4, D = W * 2;\n  typedef enum logic [1:0] {IDLE, RUN = 2'd1} st_t;\n  function automatic logic [3:0] inc(input logic [3:0] x); return x + 1; endfunction\nendpackage\n";

    #[test]
    fn imports_become_qualified_names() {
        let top = "module t import p::*; (input clk, output reg [W-1:0] q);\n  st_t s;\n  always @(posedge clk) begin q <= inc(q); s <= IDLE; end\nendmodule\nmodule u(input clk);\n  import p::W;\n  wire [W:0] a; wire [D:0] b;\nendmodule\nmodule v(input W); endmodule\n";
        let out = resolve_imports(&[PKG, top]);
        assert_eq!(out[0], PKG);
        let t = &out[1];
        assert_eq!(t.lines().count(), top.lines().count());
        assert!(
            t.starts_with("module t              (input clk, output reg [p::W-1:0] q);"),
            "{t}"
        );
        assert!(t.contains("  p::st_t s;"), "{t}");
        assert!(t.contains("q <= p::inc(q); s <= p::IDLE;"), "{t}");
        // An explicit import names one item only.
        assert!(t.contains("wire [p::W:0] a; wire [D:0] b;"), "{t}");
        assert!(!t.contains("import"), "{t}");
        // Outside the importing modules nothing changes.
        assert!(t.ends_with("module v(input W); endmodule\n"), "{t}");
        // A package the design does not declare is left alone.
        let other = "module x; import q::*; endmodule\n";
        assert_eq!(resolve_imports(&[PKG, other])[1], other);
    }
}
