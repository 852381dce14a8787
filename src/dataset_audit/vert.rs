//! VERT's own files: a JSON array of records `{"Code", "Assertion", "Synchronous",
//! "Clock"}`, read into audit programs whose id is the record's 0-based index.

use std::path::Path;

use serde::Deserialize;

use super::program::AuditProgram;
use crate::study::LocatedError;
use crate::study::error::display_path;
use crate::study::jsonl::read_text;

#[derive(Deserialize)]
struct VertRecord {
    #[serde(rename = "Code")]
    code: String,
    #[serde(rename = "Assertion")]
    assertion: String,
    #[serde(rename = "Synchronous", default)]
    synchronous: Option<Flag>,
    #[serde(rename = "Clock", default)]
    clock: Option<String>,
}

/// `"True"`/`"False"` as VERT writes it, or a JSON Boolean.
#[derive(Deserialize)]
#[serde(untagged)]
enum Flag {
    Bool(bool),
    Text(String),
}

impl Flag {
    fn is_true(&self) -> bool {
        match self {
            Flag::Bool(b) => *b,
            Flag::Text(t) => t.eq_ignore_ascii_case("true"),
        }
    }
}

/// Whether a file looks like a VERT file: its first non-blank character opens a JSON
/// array (programs.jsonl lines are objects).
pub fn is_vert_file(path: &Path) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let mut head = [0u8; 256];
    let n = file.read(&mut head).unwrap_or(0);
    head[..n].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[')
}

/// Reads a VERT file; errors name the file, line and column, and the field.
pub fn read_vert(path: &Path) -> Result<Vec<AuditProgram>, LocatedError> {
    let text = read_text(path)?;
    let file = display_path(path);
    let mut de = serde_json::Deserializer::from_str(&text);
    let records: Vec<VertRecord> = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let inner = e.inner();
        let (line, column) = (inner.line().max(1), inner.column().max(1));
        let at = e.path().to_string();
        let field = if at == "." {
            String::new()
        } else {
            format!(" at {at}")
        };
        LocatedError::new(
            &file,
            line,
            column,
            format!(
                "not a VERT file{field}: {inner} (expected a JSON array of records with \
                 \"Code\", \"Assertion\", \"Synchronous\" and \"Clock\")"
            ),
        )
    })?;
    Ok(records
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let synchronous = r.synchronous.as_ref().is_some_and(Flag::is_true);
            AuditProgram {
                id: i.to_string(),
                rtl: r.code,
                reference: r.assertion,
                clock: if synchronous {
                    r.clock.filter(|c| !c.trim().is_empty())
                } else {
                    None
                },
                widths: Default::default(),
                variants: Vec::new(),
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_records_with_index_ids_and_clocks() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v.json");
        std::fs::write(
            &path,
            r#"[{"Code": "x = y;", "Assertion": "p", "Synchronous": "False"},
                {"Code": "a <= b;", "Assertion": "q", "Synchronous": "True", "Clock": "posedge clk"}]"#,
        )
        .unwrap();
        assert!(is_vert_file(&path));
        let programs = read_vert(&path).unwrap();
        assert_eq!(programs[1].id, "1");
        assert_eq!(programs[0].clock, None);
        assert_eq!(programs[1].clock.as_deref(), Some("posedge clk"));
    }

    #[test]
    fn errors_name_line_column_and_field() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v.json");
        std::fs::write(&path, "[\n {\"Code\": \"x = y;\", \"Assertion\": 3}\n]").unwrap();
        let e = read_vert(&path).unwrap_err();
        assert_eq!(e.location.line, 2, "{e}");
        assert!(e.message.contains("[0].Assertion"), "{e}");
    }
}
