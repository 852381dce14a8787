//! A bounded dry run of the preprocessor before sv-parser's own: macro uses are
//! expanded the way sv-parser does (arguments substituted as text, the result read
//! again), counting expansions and expanded bytes, and stopping with a located error
//! at the first limit. sv-parser's preprocessor has no such bound: 24 levels of
//! `` `define Li (`L(i-1) && `L(i-1)) `` ran for minutes, and each expansion costs it
//! about half a millisecond.
//!
//! The same pass notes what messages need and sv-parser does not say: where each
//! undefined macro is first used, which `` `ifdef `` has no `` `endif ``, and the
//! `` `include `` directives (never followed: flipscope reads one text).
//!
//! Conditional compilation is not evaluated: every branch is read, so the counts are
//! an upper bound of what sv-parser expands.

use std::collections::HashMap;

/// Most macro expansions in one text (a real file has at most 60).
pub const MAX_EXPANSIONS: usize = 1000;

/// Most expanded text, in bytes, summed over all expansions.
pub const MAX_EXPANDED_BYTES: usize = 512 * 1024;

/// sv-parser's own limit on macros expanding macros.
const MAX_DEPTH: usize = 64;

/// What the pass found in the text (offsets into it).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Directives {
    /// Every `` `include ``: its offset and the rest of its line.
    pub includes: Vec<(usize, String)>,
    /// `` `ifdef ``/`` `ifndef `` left open at the end, innermost last.
    pub open_conditionals: Vec<usize>,
    /// The first use of each macro that was not defined before it.
    pub undefined: HashMap<String, usize>,
    /// The first use of each defined macro.
    pub first_use: HashMap<String, usize>,
}

/// A limit reached, at the offset of the outermost macro use being expanded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooMuch {
    pub offset: usize,
    pub message: String,
}

#[derive(Debug, Clone)]
struct Macro {
    params: Vec<(String, Option<String>)>,
    body: String,
}

/// Compiler directives that are not macro uses.
const DIRECTIVES: [&str; 18] = [
    "timescale",
    "default_nettype",
    "resetall",
    "celldefine",
    "endcelldefine",
    "unconnected_drive",
    "nounconnected_drive",
    "pragma",
    "line",
    "begin_keywords",
    "end_keywords",
    "__FILE__",
    "__LINE__",
    "protect",
    "endprotect",
    "else",
    "elsif",
    "undefineall",
];

/// Runs the pass over `text`.
pub fn scan(text: &str) -> Result<Directives, TooMuch> {
    let mut run = Run::default();
    run.text(text, 0)?;
    Ok(run.found)
}

#[derive(Default)]
struct Run {
    defines: HashMap<String, Macro>,
    expansions: usize,
    bytes: usize,
    /// Offset (in the top text) of the macro use being expanded.
    outer: usize,
    found: Directives,
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

fn word_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_word(b[i]) {
        i += 1;
    }
    i
}

fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |n| i + n)
}

/// Skips a comment or string starting at `i`, if one does; returns where it ends.
fn skip_opaque(text: &str, i: usize) -> Option<usize> {
    let b = text.as_bytes();
    match (b[i], b.get(i + 1)) {
        (b'/', Some(b'/')) => Some(line_end(b, i)),
        (b'/', Some(b'*')) => Some(text[i + 2..].find("*/").map_or(b.len(), |n| i + n + 4)),
        (b'"', _) => {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' && b[j] != b'\n' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            Some((j + 1).min(b.len()))
        }
        _ => None,
    }
}

impl Run {
    fn text(&mut self, text: &str, depth: usize) -> Result<(), TooMuch> {
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if let Some(next) = skip_opaque(text, i) {
                i = next;
                continue;
            }
            if b[i] != b'`' || !b.get(i + 1).is_some_and(|&c| is_word(c)) {
                i += 1;
                continue;
            }
            let start = i;
            let name_end = word_end(b, i + 1);
            let name = &text[i + 1..name_end];
            i = name_end;
            let top = depth == 0;
            match name {
                "define" => i = self.define(text, i),
                "undef" => {
                    let (n, end) = next_word(text, i);
                    self.defines.remove(n);
                    i = end;
                }
                "ifdef" | "ifndef" => {
                    if top {
                        self.found.open_conditionals.push(start);
                    }
                    i = next_word(text, i).1;
                }
                "endif" => {
                    if top {
                        self.found.open_conditionals.pop();
                    }
                }
                "include" => {
                    let end = line_end(b, i);
                    if top {
                        let what = text[i..end].trim().to_string();
                        self.found.includes.push((start, what));
                    }
                    i = end;
                }
                d if DIRECTIVES.contains(&d) => {}
                _ => match self.defines.get(name).cloned() {
                    Some(m) => {
                        if top {
                            self.outer = start;
                            self.found
                                .first_use
                                .entry(name.to_string())
                                .or_insert(start);
                        }
                        i = self.expand(text, i, name, &m, depth)?;
                    }
                    None => {
                        if top {
                            self.found
                                .undefined
                                .entry(name.to_string())
                                .or_insert(start);
                        }
                    }
                },
            }
        }
        Ok(())
    }

    /// Reads `` `define NAME(params) body `` after the keyword; returns where it ends.
    fn define(&mut self, text: &str, i: usize) -> usize {
        let b = text.as_bytes();
        let (name, mut i) = next_word(text, i);
        let mut params = Vec::new();
        if b.get(i) == Some(&b'(') {
            let close = matching_paren(text, i).unwrap_or(b.len());
            params = split_arguments(&text[i + 1..close.min(b.len())])
                .into_iter()
                .map(|p| match p.split_once('=') {
                    Some((n, d)) => (n.trim().to_string(), Some(d.trim().to_string())),
                    None => (p.trim().to_string(), None),
                })
                .collect();
            i = (close + 1).min(b.len());
        }
        // The body runs to the end of the line, continued by a `\` before the newline.
        let start = i;
        let mut end = line_end(b, i);
        while end < b.len() && text[start..end].trim_end_matches('\r').ends_with('\\') {
            end = line_end(b, end + 1);
        }
        if !name.is_empty() {
            let body = text[start..end].to_string();
            self.defines
                .insert(name.to_string(), Macro { params, body });
        }
        end
    }

    /// Expands one use of `m` whose name ends at `i`; returns where the use ends.
    fn expand(
        &mut self,
        text: &str,
        i: usize,
        name: &str,
        m: &Macro,
        depth: usize,
    ) -> Result<usize, TooMuch> {
        let b = text.as_bytes();
        let mut end = i;
        let mut args: Vec<String> = Vec::new();
        if !m.params.is_empty() {
            let open = i + text[i..].len() - text[i..].trim_start().len();
            if b.get(open) == Some(&b'(')
                && let Some(close) = matching_paren(text, open)
            {
                args = split_arguments(&text[open + 1..close]);
                end = close + 1;
            }
        }
        self.expansions += 1;
        if self.expansions > MAX_EXPANSIONS {
            return Err(self.too_much(format!(
                "macro expansion too large: more than {MAX_EXPANSIONS} macro expansions in one \
                 text (flipscope's limit: sv-parser's preprocessor is slow on each)"
            )));
        }
        if depth + 1 > MAX_DEPTH {
            return Err(self.too_much(format!(
                "macro `{name}` expands into itself, or macros nest more than {MAX_DEPTH} levels"
            )));
        }
        let replaced = self.substitute(m, &args)?;
        self.text(&replaced, depth + 1)?;
        Ok(end)
    }

    /// The body of `m` with its parameters replaced by `args`, counted against
    /// [`MAX_EXPANDED_BYTES`] as it grows.
    fn substitute(&mut self, m: &Macro, args: &[String]) -> Result<String, TooMuch> {
        let body = m.body.as_str();
        let b = body.as_bytes();
        let mut out = String::new();
        let mut i = 0;
        while i < b.len() {
            let piece_end = if is_word(b[i]) {
                word_end(b, i)
            } else {
                i + body[i..].chars().next().map_or(1, char::len_utf8)
            };
            let piece = &body[i..piece_end];
            let value = m
                .params
                .iter()
                .position(|(p, _)| p == piece)
                .map(|k| match args.get(k) {
                    Some(a) if !a.trim().is_empty() => a.as_str(),
                    _ => m.params[k].1.as_deref().unwrap_or(""),
                });
            let added = value.unwrap_or(piece);
            self.bytes += added.len();
            if self.bytes > MAX_EXPANDED_BYTES {
                return Err(self.too_much(format!(
                    "macro expansion too large: more than {} KiB of expanded text in one text \
                     (flipscope's limit)",
                    MAX_EXPANDED_BYTES / 1024
                )));
            }
            out.push_str(added);
            i = piece_end;
        }
        Ok(out)
    }

    fn too_much(&self, message: String) -> TooMuch {
        TooMuch {
            offset: self.outer,
            message,
        }
    }
}

/// The word after `i` (spaces and tabs skipped), and where it ends.
fn next_word(text: &str, i: usize) -> (&str, usize) {
    let b = text.as_bytes();
    let mut s = i;
    while s < b.len() && matches!(b[s], b' ' | b'\t') {
        s += 1;
    }
    let e = word_end(b, s);
    (&text[s..e], e)
}

/// The `)` matching the `(` at `open`, skipping strings and nested brackets.
fn matching_paren(text: &str, open: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i < b.len() {
        if b[i] == b'"'
            && let Some(next) = skip_opaque(text, i)
        {
            i = next;
            continue;
        }
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return (b[i] == b')').then_some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The arguments of a macro use (or the parameters of a definition), split at commas
/// outside brackets and strings.
fn split_arguments(inner: &str) -> Vec<String> {
    let b = inner.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'"'
            && let Some(next) = skip_opaque(inner, i)
        {
            i = next;
            continue;
        }
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                out.push(inner[start..i].to_string());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(inner[start..].to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doubling(levels: usize) -> String {
        let mut s = "`define L0 a\n".to_string();
        for i in 1..=levels {
            s.push_str(&format!("`define L{i} (`L{} && `L{})\n", i - 1, i - 1));
        }
        s.push_str(&format!("if (`L{levels}) x = y;\n"));
        s
    }

    #[test]
    fn exponential_macros_stop_at_the_outer_use() {
        assert!(scan(&doubling(8)).is_ok());
        let text = doubling(24);
        let e = scan(&text).unwrap_err();
        assert!(
            e.message.contains("more than 1000 macro expansions"),
            "{e:?}"
        );
        assert_eq!(e.offset, text.find("`L24) x").unwrap());
    }

    #[test]
    fn arguments_that_double_are_bounded_too() {
        let mut text = "`define D(x) x x x x x x x x\n".to_string();
        text.push_str(&format!("{}b{}", "`D(".repeat(12), ")".repeat(12)));
        let e = scan(&text).unwrap_err();
        assert!(e.message.contains("macro expansion too large"), "{e:?}");
    }

    #[test]
    fn self_expanding_macros_are_named() {
        let e = scan("`define A (`A)\nx = `A;\n").unwrap_err();
        assert!(e.message.contains("macro `A` expands into itself"), "{e:?}");
    }

    #[test]
    fn finds_includes_open_conditionals_and_undefined_macros() {
        let text =
            "`include \"defs.vh\"\n`define W 8\n`ifdef FAST\nx = `W + `N;\n`ifdef B\n`endif\n";
        let found = scan(text).unwrap();
        assert_eq!(found.includes, [(0, "\"defs.vh\"".to_string())]);
        assert_eq!(found.open_conditionals, [text.find("`ifdef FAST").unwrap()]);
        assert_eq!(found.undefined["N"], text.find("`N").unwrap());
        assert!(!found.undefined.contains_key("W"));
        assert_eq!(found.first_use["W"], text.find("`W").unwrap());
    }

    #[test]
    fn comments_strings_and_continued_lines() {
        let text = "// `L\n/* `M */ s = \"`Q\";\n`define LONG a && \\\n  b\nx = `LONG;\n";
        let found = scan(text).unwrap();
        assert!(found.undefined.is_empty(), "{found:?}");
        assert!(found.first_use.contains_key("LONG"));
    }
}
