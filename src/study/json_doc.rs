//! A whole JSON document (a dataset's `spec.json`, a splits file) read into a type,
//! with an error located at the offending value's line and column and naming its
//! field.

use std::path::Path;

use serde::de::DeserializeOwned;

use super::error::{LocatedError, display_path};
use super::jsonl::read_text;
use super::locate::path_value;
use crate::text::line_column;

/// Reads `path` as one JSON document of type `T`.
pub fn read_json<T: DeserializeOwned>(path: &Path) -> Result<T, LocatedError> {
    let text = read_text(path)?;
    parse_json(&display_path(path), &text)
}

/// Parses `text` (the contents of `file`) as one JSON document of type `T`.
pub fn parse_json<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, LocatedError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let de = &mut serde_json::Deserializer::from_str(text);
    let err = match serde_path_to_error::deserialize::<_, T>(de) {
        Ok(value) => return Ok(value),
        Err(err) => err,
    };
    let field = err.path().to_string();
    let start = match err.inner().classify() {
        serde_json::error::Category::Data => path_value(text, err.path()),
        _ => None,
    };
    let inner = err.into_inner();
    let mut message = inner.to_string();
    if let Some(i) = message.rfind(" at line ") {
        message.truncate(i);
    }
    if inner.is_eof() {
        message = format!("the file ends early (truncated JSON): {message}");
    } else if field != "." && !message.starts_with("missing field") {
        message = format!("{message} for \"{field}\"");
    } else if field != "." {
        message = format!("{message} in \"{field}\"");
    }
    let (line, column) = match start {
        Some(offset) if !message.starts_with("missing field") => line_column(text, offset),
        _ if inner.line() > 0 => (inner.line(), inner.column().max(1)),
        _ => (1, 1),
    };
    Err(LocatedError::new(file, line, column, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Doc {
        name: String,
        items: Vec<u32>,
    }

    #[test]
    fn errors_name_the_field_and_its_place() {
        let e = parse_json::<Doc>(
            "d.json",
            "{\n  \"name\": \"x\",\n  \"items\": [1, \"two\"]\n}",
        )
        .unwrap_err();
        assert_eq!((e.location.line, e.location.column), (3, 16), "{e}");
        assert!(e.message.contains("for \"items[1]\""), "{e}");
        let e = parse_json::<Doc>("d.json", "{\n  \"name\": \"x\"\n}").unwrap_err();
        assert!(e.message.contains("missing field `items`"), "{e}");
        let e = parse_json::<Doc>("d.json", "{\n  \"name\": \"x\",").unwrap_err();
        assert!(e.message.starts_with("the file ends early"), "{e}");
        assert_eq!(e.location.line, 2);
        let ok = parse_json::<Doc>("d.json", "{\"name\": \"x\", \"items\": [1]}").unwrap();
        assert_eq!(ok.items, [1]);
    }
}
