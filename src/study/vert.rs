//! VERT import: a VERT JSON file (an array of records with `Code`, `Assertion`,
//! `Synchronous` ("True"/"False") and `Clock`) turned into programs with stable ids
//! (`STEM/0007`: the file stem, or a prefix, and the record's 0-based index) and a
//! stratum given or inferred from the code (`nested-if`, `if-else-tree` or `case`, then
//! `/sync` or `/async`). Every problem of every record is reported, located in the file.

use std::fmt;
use std::path::Path;

use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use serde_json::{Map, Value};

use super::error::{LocatedError, display_path};
use super::jsonl::read_text;
use super::locate::{array_elements, find_member, path_value};
use super::program::Program;
use crate::text::line_column;

/// How records become programs.
#[derive(Debug, Clone, Default)]
pub struct VertOptions {
    /// The stratum of every program, used as given; inferred from the code when absent.
    pub stratum: Option<String>,
    /// What comes before `/0007` in ids; the file stem when absent.
    pub id_prefix: Option<String>,
}

/// One record of a VERT file.
#[derive(Debug, Deserialize)]
struct VertRecord {
    #[serde(rename = "Code")]
    code: String,
    #[serde(rename = "Assertion")]
    assertion: String,
    #[serde(rename = "Synchronous")]
    synchronous: VertBool,
    #[serde(rename = "Clock", default)]
    clock: Option<String>,
    #[serde(flatten)]
    extra: Map<String, Value>,
}

/// VERT writes booleans as the strings "True" and "False"; real booleans are accepted.
#[derive(Debug, Clone, Copy)]
struct VertBool(bool);

impl<'de> Deserialize<'de> for VertBool {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = VertBool;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"True\" or \"False\"")
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<VertBool, E> {
                Ok(VertBool(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<VertBool, E> {
                match v.to_ascii_lowercase().as_str() {
                    "true" => Ok(VertBool(true)),
                    "false" => Ok(VertBool(false)),
                    _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
                }
            }
        }
        deserializer.deserialize_any(V)
    }
}

/// Reads a VERT file into programs, or every located problem of it.
pub fn import_vert(path: &Path, options: &VertOptions) -> Result<Vec<Program>, Vec<LocatedError>> {
    let file = display_path(path);
    let owned = read_text(path).map_err(|e| vec![e])?;
    // A byte-order mark (Windows editors) is not JSON.
    let text: &str = owned.strip_prefix('\u{feff}').unwrap_or(&owned);
    if let Err(e) = serde_json::from_str::<de::IgnoredAny>(text) {
        let offset = byte_offset(text, e.line(), e.column());
        let (line, column) = line_column(text, offset);
        let message = strip_position(&e.to_string());
        let message = if e.is_eof() {
            format!("the file ends early (truncated JSON): {message}")
        } else {
            message
        };
        return Err(vec![LocatedError::new(file, line, column, message)]);
    }
    let Some(elements) = array_elements(text) else {
        let start = text.len() - text.trim_start().len();
        let (line, column) = line_column(text, start);
        return Err(vec![LocatedError::new(
            file,
            line,
            column,
            "expected a JSON array of VERT records",
        )]);
    };
    let prefix = options.id_prefix.clone().unwrap_or_else(|| stem(path));
    let mut programs = Vec::with_capacity(elements.len());
    let mut errors = Vec::new();
    for (index, range) in elements.into_iter().enumerate() {
        let slice = &text[range.clone()];
        let at = |offset: usize, message: String| {
            let (line, column) = line_column(text, range.start + offset);
            LocatedError::new(&file, line, column, format!("record {index}: {message}"))
        };
        let de = &mut serde_json::Deserializer::from_str(slice);
        let record: VertRecord = match serde_path_to_error::deserialize(de) {
            Ok(r) => r,
            Err(err) => {
                let field = err.path().to_string();
                let start = match err.inner().classify() {
                    serde_json::error::Category::Data => path_value(slice, err.path()),
                    _ => None,
                };
                let inner = err.into_inner();
                let mut message = strip_position(&inner.to_string());
                let offset = if message.starts_with("missing field") || field == "." {
                    message = format!(
                        "{message}: a VERT record has \"Code\", \"Assertion\", \"Synchronous\" and (when synchronous) \"Clock\""
                    );
                    0
                } else {
                    message = format!("{message} for \"{field}\"");
                    start.unwrap_or_else(|| byte_offset(slice, inner.line(), inner.column()))
                };
                errors.push(at(offset, message));
                continue;
            }
        };
        let clock = record.clock.filter(|c| !c.trim().is_empty());
        if record.synchronous.0 && clock.is_none() {
            let offset = find_member(slice, &["Synchronous"]).map_or(0, |m| m.value);
            errors.push(at(
                offset,
                "a synchronous record needs a \"Clock\" such as \"posedge clk\"".into(),
            ));
            continue;
        }
        let stratum = options.stratum.clone().unwrap_or_else(|| {
            format!(
                "{}/{}",
                infer_shape(&record.code),
                if record.synchronous.0 {
                    "sync"
                } else {
                    "async"
                }
            )
        });
        programs.push(Program {
            id: format!("{prefix}/{index:04}"),
            stratum,
            synchronous: record.synchronous.0,
            clock,
            rtl: record.code,
            reference: record.assertion,
            extra: record.extra,
            ..Program::default()
        });
    }
    if errors.is_empty() {
        Ok(programs)
    } else {
        Err(errors)
    }
}

/// The control shape of an RTL fragment: `case` when its first control keyword is a
/// `case`/`casez`/`casex`, `if-else-tree` when it starts with `if` and has an `else`,
/// `nested-if` when it starts with `if` and has none, `other` otherwise.
pub fn infer_shape(code: &str) -> &'static str {
    let words = words(code);
    match words
        .iter()
        .find(|w| matches!(**w, "if" | "case" | "casez" | "casex"))
    {
        Some(&"if") if words.contains(&"else") => "if-else-tree",
        Some(&"if") => "nested-if",
        Some(_) => "case",
        None => "other",
    }
}

/// The identifier-like words of code outside comments and strings.
fn words(code: &str) -> Vec<&str> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        // Bytes, not `str` slices: `i` may stop inside a multi-byte character.
        if b[i..].starts_with(b"//") {
            i = find(&b[i..], b"\n").map_or(b.len(), |n| i + n);
        } else if b[i..].starts_with(b"/*") {
            i = find(&b[i + 2..], b"*/").map_or(b.len(), |n| i + n + 4);
        } else if b[i] == b'"' {
            i = find(&b[i + 1..], b"\"").map_or(b.len(), |n| i + n + 2);
        } else if b[i].is_ascii_alphabetic() || b[i] == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$') {
                i += 1;
            }
            out.push(&code[start..i]);
        } else if b[i].is_ascii_digit() || b[i] == b'\'' {
            // Numbers and based literals (4'hA, 7'b11x0) are not words.
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'\'' || b[i] == b'_') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The position of `needle` in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The file name without its last extension.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(|| "vert".to_string(), |s| s.to_string_lossy().into_owned())
}

/// The byte offset of serde_json's (1-based line, 1-based byte column) in `text`.
fn byte_offset(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (line_start + column.saturating_sub(1)).min(text.len())
}

/// Removes serde_json's " at line L column C" suffix: the location is given separately.
fn strip_position(msg: &str) -> String {
    msg.rfind(" at line ")
        .map_or_else(|| msg.to_string(), |i| msg[..i].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn import(text: &str, options: &VertOptions) -> Result<Vec<Program>, Vec<String>> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mini-vert.json");
        std::fs::write(&path, text).unwrap();
        let prefix = format!("{}/", dir.path().display());
        import_vert(&path, options).map_err(|es| {
            es.iter()
                .map(|e| e.to_string().replace(&prefix, ""))
                .collect()
        })
    }

    const GOOD: &str = r#"[
  {"Code": "if (a) begin\n x = y;\nend\n", "Assertion": "property name; (a) |=> x == y; endproperty", "Synchronous": "False"},
  {"Code": "case (s)\n 1'b0: x = y;\nendcase", "Assertion": "p", "Synchronous": "True", "Clock": "posedge clk", "Note": 1}
]"#;

    #[test]
    fn records_become_programs_with_ids_and_strata() {
        let programs = import(GOOD, &VertOptions::default()).unwrap();
        assert_eq!(programs.len(), 2);
        assert_eq!(programs[0].id, "mini-vert/0000");
        assert_eq!(programs[0].stratum, "nested-if/async");
        assert!(!programs[0].synchronous && programs[0].clock.is_none());
        assert_eq!(programs[1].id, "mini-vert/0001");
        assert_eq!(programs[1].stratum, "case/sync");
        assert_eq!(programs[1].clock.as_deref(), Some("posedge clk"));
        assert_eq!(programs[1].extra["Note"], 1);
        let options = VertOptions {
            stratum: Some("mine".into()),
            id_prefix: Some("P".into()),
        };
        let programs = import(GOOD, &options).unwrap();
        assert_eq!(
            (programs[1].id.as_str(), programs[1].stratum.as_str()),
            ("P/0001", "mine")
        );
    }

    #[test]
    fn every_bad_record_is_located() {
        let text = r#"[
  {"Code": "x", "Synchronous": "False"},
  {"Code": "x", "Assertion": "p", "Synchronous": "Maybe"},
  {"Code": 3, "Assertion": "p", "Synchronous": "False"},
  {"Code": "x", "Assertion": "p", "Synchronous": "True"}
]"#;
        let errors = import(text, &VertOptions::default()).unwrap_err();
        assert_eq!(errors.len(), 4, "{errors:#?}");
        assert!(
            errors[0].starts_with("mini-vert.json:2:3: record 0: missing field `Assertion`"),
            "{errors:#?}"
        );
        assert!(errors[1].starts_with("mini-vert.json:3:50:"), "{errors:#?}");
        assert!(
            errors[1].contains("expected \"True\" or \"False\" for \"Synchronous\""),
            "{errors:#?}"
        );
        assert!(
            errors[2].starts_with("mini-vert.json:4:12: record 2: invalid type"),
            "{errors:#?}"
        );
        assert_eq!(
            errors[3],
            "mini-vert.json:5:50: record 3: a synchronous record needs a \"Clock\" such as \"posedge clk\""
        );
    }

    #[test]
    fn syntax_errors_and_wrong_shapes_are_located() {
        let errors = import(
            "[\n  {\"Code\": \"x\",\n  \"Assertion\" \"p\"}\n]",
            &VertOptions::default(),
        )
        .unwrap_err();
        assert!(
            errors[0].starts_with("mini-vert.json:3:15: expected `:`"),
            "{errors:#?}"
        );
        let errors = import("[\n  {\"Code\": \"x\",", &VertOptions::default()).unwrap_err();
        assert!(errors[0].contains("truncated"), "{errors:#?}");
        let errors = import("\n {\"Code\": 1}", &VertOptions::default()).unwrap_err();
        assert_eq!(
            errors[0],
            "mini-vert.json:2:2: expected a JSON array of VERT records"
        );
        let errors = import("", &VertOptions::default()).unwrap_err();
        assert!(errors[0].starts_with("mini-vert.json:1:1:"), "{errors:#?}");
    }

    #[test]
    fn shapes_are_inferred_from_keywords_outside_comments() {
        assert_eq!(infer_shape("if (a) begin x = y; end"), "nested-if");
        assert_eq!(
            infer_shape("if (a) x = y; else if (b) x = z; else x = w;"),
            "if-else-tree"
        );
        assert_eq!(
            infer_shape("// else\nif (a) x = y; /* else */"),
            "nested-if"
        );
        assert_eq!(
            infer_shape("casez (s) 2'b1?: if (a) x = y; else x = z; endcase"),
            "case"
        );
        assert_eq!(infer_shape("x = y;"), "other");
        assert_eq!(infer_shape("elsewhere = iffy;"), "other");
    }

    proptest::proptest! {
        #[test]
        fn shape_inference_never_panics(code in "\\PC*") {
            let shape = infer_shape(&code);
            proptest::prop_assert!(["case", "if-else-tree", "nested-if", "other"].contains(&shape));
        }

        #[test]
        fn any_bytes_give_programs_or_located_errors(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("x.json");
            std::fs::write(&path, &bytes).unwrap();
            if let Err(errors) = import_vert(&path, &VertOptions::default()) {
                proptest::prop_assert!(!errors.is_empty());
                proptest::prop_assert!(errors.iter().all(|e| e.location.line >= 1 && e.location.column >= 1));
            }
        }
    }

    #[test]
    fn non_ascii_code_is_read() {
        assert_eq!(
            infer_shape("// é\nif (ü) x = y; /* ñ */ else \"ß\" z = w;"),
            "if-else-tree"
        );
    }
}
