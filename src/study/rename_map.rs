//! The rename map of a variant must be a bijection between the identifiers of the
//! variant's RTL and those of the original (the program's clock counts as original
//! RTL): no empty names, every key used by the variant, every value used by the
//! original, no two keys for one value, and every identifier the variant uses either
//! mapped or the original's own. A map that breaks this changes verdicts without a
//! word (2 to 12 of 66 in the review of issue 15), so each break is a located error.
//!
//! Identifiers are read lexically (no parse): words outside comments and strings that
//! are not SystemVerilog keywords, system names (`$rose`), macro or directive names,
//! or the digits of a based number (`4'hA`).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::error::LocatedError;
use super::program::{ORIGINAL, Program};
use super::record_line::Line;

/// The problems of every rename map of a program.
pub fn check(at: &Line, p: &Program) -> Vec<LocatedError> {
    let mut out = Vec::new();
    let mut original: Option<BTreeSet<String>> = None;
    for (name, variant) in &p.variants {
        let Some(map) = &variant.rename else { continue };
        if name == ORIGINAL {
            continue;
        }
        let original = original.get_or_insert_with(|| {
            let mut ids = identifiers(&p.rtl);
            ids.extend(clock_identifiers(p.clock.as_deref().unwrap_or("")));
            ids
        });
        let before = out.len();
        check_map(
            at,
            name,
            map,
            &identifiers(&variant.rtl),
            original,
            p,
            &mut out,
        );
        // A one-to-one map must also pair the right names.
        if out.len() == before && name == super::rename_apply::RENAME_VARIANT {
            out.extend(super::rename_apply::check(
                at,
                name,
                map,
                &p.rtl,
                &variant.rtl,
            ));
        }
    }
    out
}

fn check_map(
    at: &Line,
    variant: &str,
    map: &BTreeMap<String, String>,
    used: &BTreeSet<String>,
    original: &BTreeSet<String>,
    p: &Program,
    out: &mut Vec<LocatedError>,
) {
    let clock: BTreeSet<String> = clock_identifiers(p.clock.as_deref().unwrap_or(""));
    let field = |key: &str| ["variants", variant, "rename", key].map(str::to_string);
    let mut key_error = |key: &str, message: String| {
        let path = field(key);
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        out.push(at.at_key(
            &path,
            format!("rename map of variant \"{variant}\": {message}"),
        ));
    };
    let mut first_key_of: HashMap<&str, &str> = HashMap::new();
    for (key, value) in map {
        if key.trim().is_empty() || value.trim().is_empty() {
            key_error(
                key,
                format!("an empty name (\"{key}\" -> \"{value}\"): both sides must be identifiers"),
            );
            continue;
        }
        if !used.contains(key) && !clock.contains(value) {
            key_error(
                key,
                format!("`{key}` is not an identifier of the variant's RTL"),
            );
        }
        if !original.contains(value) {
            key_error(
                key,
                format!(
                    "`{key}` maps to `{value}`, which is not an identifier of the original RTL \
                     or its clock"
                ),
            );
        }
        match first_key_of.get(value.as_str()) {
            Some(first) => key_error(
                key,
                format!("`{first}` and `{key}` both map to `{value}`: a rename map is one to one"),
            ),
            None => {
                first_key_of.insert(value, key);
            }
        }
        if used.contains(value) && !map.contains_key(value) {
            key_error(
                key,
                format!(
                    "`{key}` maps to `{value}`, which the variant also uses unchanged: two names \
                     would mean one"
                ),
            );
        }
    }
    let unmapped: Vec<&str> = used
        .iter()
        .filter(|u| !map.contains_key(*u) && !original.contains(*u))
        .map(String::as_str)
        .collect();
    if !unmapped.is_empty() {
        let shown: Vec<String> = unmapped.iter().take(8).map(|u| format!("`{u}`")).collect();
        let more = if unmapped.len() > 8 {
            format!(" and {} more", unmapped.len() - 8)
        } else {
            String::new()
        };
        out.push(at.at_key(
            &["variants", variant, "rename"],
            format!(
                "rename map of variant \"{variant}\" is incomplete: {}{more} of the variant's RTL \
                 {} neither mapped nor identifiers of the original RTL",
                shown.join(", "),
                if unmapped.len() == 1 { "is" } else { "are" }
            ),
        ));
    }
}

/// Words of a clock event that are not signals.
const EVENT_WORDS: [&str; 5] = ["posedge", "negedge", "edge", "or", "iff"];

fn clock_identifiers(clock: &str) -> BTreeSet<String> {
    identifiers(clock)
        .into_iter()
        .filter(|w| !EVENT_WORDS.contains(&w.as_str()))
        .collect()
}

/// The identifiers an RTL text uses (see the module comment).
pub fn identifiers(text: &str) -> BTreeSet<String> {
    let b = text.as_bytes();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = b[i..]
                    .iter()
                    .position(|&x| x == b'\n')
                    .map_or(b.len(), |n| i + n);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(b.len(), |n| i + n + 4);
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'\\' => {
                let start = i;
                while i < b.len() && !b[i].is_ascii_whitespace() {
                    i += 1;
                }
                out.insert(text[start..i].to_string());
            }
            // A macro or directive name, a system name, the digits of a based number.
            b'`' | b'$' | b'\'' | b'0'..=b'9' => {
                i += 1;
                while i < b.len() && is_word(b[i]) {
                    i += 1;
                }
            }
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < b.len() && is_word(b[i]) {
                    i += 1;
                }
                let word = &text[start..i];
                if !is_keyword(word) {
                    out.insert(word.to_string());
                }
            }
            _ => i += 1,
        }
    }
    out
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// Whether `word` is a SystemVerilog keyword (IEEE 1800-2017 Annex B).
pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.binary_search(&word).is_ok()
}

/// IEEE 1800-2017 Annex B, sorted.
pub const KEYWORDS: [&str; 248] = [
    "accept_on",
    "alias",
    "always",
    "always_comb",
    "always_ff",
    "always_latch",
    "and",
    "assert",
    "assign",
    "assume",
    "automatic",
    "before",
    "begin",
    "bind",
    "bins",
    "binsof",
    "bit",
    "break",
    "buf",
    "bufif0",
    "bufif1",
    "byte",
    "case",
    "casex",
    "casez",
    "cell",
    "chandle",
    "checker",
    "class",
    "clocking",
    "cmos",
    "config",
    "const",
    "constraint",
    "context",
    "continue",
    "cover",
    "covergroup",
    "coverpoint",
    "cross",
    "deassign",
    "default",
    "defparam",
    "design",
    "disable",
    "dist",
    "do",
    "edge",
    "else",
    "end",
    "endcase",
    "endchecker",
    "endclass",
    "endclocking",
    "endconfig",
    "endfunction",
    "endgenerate",
    "endgroup",
    "endinterface",
    "endmodule",
    "endpackage",
    "endprimitive",
    "endprogram",
    "endproperty",
    "endsequence",
    "endspecify",
    "endtable",
    "endtask",
    "enum",
    "event",
    "eventually",
    "expect",
    "export",
    "extends",
    "extern",
    "final",
    "first_match",
    "for",
    "force",
    "foreach",
    "forever",
    "fork",
    "forkjoin",
    "function",
    "generate",
    "genvar",
    "global",
    "highz0",
    "highz1",
    "if",
    "iff",
    "ifnone",
    "ignore_bins",
    "illegal_bins",
    "implements",
    "implies",
    "import",
    "incdir",
    "include",
    "initial",
    "inout",
    "input",
    "inside",
    "instance",
    "int",
    "integer",
    "interconnect",
    "interface",
    "intersect",
    "join",
    "join_any",
    "join_none",
    "large",
    "let",
    "liblist",
    "library",
    "local",
    "localparam",
    "logic",
    "longint",
    "macromodule",
    "matches",
    "medium",
    "modport",
    "module",
    "nand",
    "negedge",
    "nettype",
    "new",
    "nexttime",
    "nmos",
    "nor",
    "noshowcancelled",
    "not",
    "notif0",
    "notif1",
    "null",
    "or",
    "output",
    "package",
    "packed",
    "parameter",
    "pmos",
    "posedge",
    "primitive",
    "priority",
    "program",
    "property",
    "protected",
    "pull0",
    "pull1",
    "pulldown",
    "pullup",
    "pulsestyle_ondetect",
    "pulsestyle_onevent",
    "pure",
    "rand",
    "randc",
    "randcase",
    "randsequence",
    "rcmos",
    "real",
    "realtime",
    "ref",
    "reg",
    "reject_on",
    "release",
    "repeat",
    "restrict",
    "return",
    "rnmos",
    "rpmos",
    "rtran",
    "rtranif0",
    "rtranif1",
    "s_always",
    "s_eventually",
    "s_nexttime",
    "s_until",
    "s_until_with",
    "scalared",
    "sequence",
    "shortint",
    "shortreal",
    "showcancelled",
    "signed",
    "small",
    "soft",
    "solve",
    "specify",
    "specparam",
    "static",
    "string",
    "strong",
    "strong0",
    "strong1",
    "struct",
    "super",
    "supply0",
    "supply1",
    "sync_accept_on",
    "sync_reject_on",
    "table",
    "tagged",
    "task",
    "this",
    "throughout",
    "time",
    "timeprecision",
    "timeunit",
    "tran",
    "tranif0",
    "tranif1",
    "tri",
    "tri0",
    "tri1",
    "triand",
    "trior",
    "trireg",
    "type",
    "typedef",
    "union",
    "unique",
    "unique0",
    "unsigned",
    "until",
    "until_with",
    "untyped",
    "use",
    "uwire",
    "var",
    "vectored",
    "virtual",
    "void",
    "wait",
    "wait_order",
    "wand",
    "weak",
    "weak0",
    "weak1",
    "while",
    "wildcard",
    "wire",
    "with",
    "within",
    "wor",
    "xnor",
    "xor",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::jsonl::parse_line;

    #[test]
    fn the_keyword_list_is_sorted_and_whole() {
        assert!(KEYWORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(is_keyword("always_ff") && is_keyword("endcase") && !is_keyword("clk"));
    }

    #[test]
    fn identifiers_leave_out_keywords_numbers_strings_and_comments() {
        let text =
            "if (a && 4'hA == b_1) begin // c\n  $display(\"d\"); x <= `W; \\esc y; /* e */\nend";
        let ids: Vec<String> = identifiers(text).into_iter().collect();
        assert_eq!(ids, ["\\esc", "a", "b_1", "x", "y"]);
    }

    fn problems(line: &str) -> Vec<String> {
        let (_, p) = parse_line::<Program>("programs.jsonl", 3, line).unwrap();
        let at = Line {
            file: "programs.jsonl",
            line: 3,
            text: line,
        };
        check(&at, &p).iter().map(ToString::to_string).collect()
    }

    fn program(rename: &str, variant_rtl: &str) -> String {
        format!(
            r#"{{"id": "p", "stratum": "s", "synchronous": true, "clock": "posedge clk", "rtl": "if (a && b) x = y;", "reference": "r", "variants": {{"T2": {{"rtl": "{variant_rtl}", "rename": {rename}}}}}}}"#
        )
    }

    #[test]
    fn a_bijection_passes_and_the_clock_may_be_mapped() {
        let line = program(
            r#"{"v1": "clk", "v2": "a", "v3": "b", "v4": "x", "v5": "y"}"#,
            "if (v2 && v3) v4 = v5;",
        );
        assert_eq!(problems(&line), Vec::<String>::new());
        // Names the variant keeps need no entry.
        let line = program(r#"{"v2": "a"}"#, "if (v2 && b) x = y;");
        assert_eq!(problems(&line), Vec::<String>::new());
    }

    #[test]
    fn every_break_of_the_bijection_is_located() {
        let line = program(
            r#"{"v2": "a", "v3": "a", "v9": "b", "": "x", "v5": "q"}"#,
            "if (v2 && v3) v4 = v5;",
        );
        let got = problems(&line);
        let has = |needle: &str| got.iter().any(|m| m.contains(needle));
        assert!(has("`v2` and `v3` both map to `a`"), "{got:#?}");
        assert!(
            has("`v9` is not an identifier of the variant's RTL"),
            "{got:#?}"
        );
        assert!(has("an empty name"), "{got:#?}");
        assert!(
            has("`v5` maps to `q`, which is not an identifier"),
            "{got:#?}"
        );
        assert!(has("is incomplete: `v4`"), "{got:#?}");
        let col = line.find(r#""v3": "a""#).unwrap() + 1;
        assert!(
            got.iter().any(|m| m.starts_with(&format!(
                "programs.jsonl:3:{col}: rename map of variant \"T2\""
            ))),
            "{got:#?}"
        );
        let line = program(r#"{"v2": "a"}"#, "if (v2 && a) x = y;");
        assert!(
            problems(&line)[0].contains("which the variant also uses unchanged"),
            "{:?}",
            problems(&line)
        );
    }
}
