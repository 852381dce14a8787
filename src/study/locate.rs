//! Positions inside JSON text that is already known to be well formed: where a member of
//! an object starts, where the elements of an array lie, and the line and column of a
//! byte offset. Used to point errors found after parsing (a duplicate id, an unknown
//! program) at the exact place in the file.

use std::ops::Range;

/// Where one member of an object sits, as byte offsets into the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member {
    /// The opening quote of the key.
    pub key: usize,
    /// The first byte of the value.
    pub value: usize,
}

/// The member at `path` (keys of nested objects) of the object `text`, if present.
pub fn find_member(text: &str, path: &[&str]) -> Option<Member> {
    let mut start = 0;
    let mut found = None;
    for key in path {
        let member = members(text, start)?.into_iter().find(|(k, _)| k == key)?.1;
        start = member.value;
        found = Some(member);
    }
    found
}

/// The 1-based character column of the value at `path` in a one-line JSON object, or 1.
pub fn value_column(text: &str, path: &[&str]) -> usize {
    find_member(text, path).map_or(1, |m| char_column(text, m.value))
}

/// The 1-based character column of the key at `path` in a one-line JSON object, or 1.
pub fn key_column(text: &str, path: &[&str]) -> usize {
    find_member(text, path).map_or(1, |m| char_column(text, m.key))
}

/// The byte ranges of the elements of the top-level array `text` (None if it is not an
/// array).
pub fn array_elements(text: &str) -> Option<Vec<Range<usize>>> {
    elements_at(text, 0)
}

/// The byte offset where the value at a serde path (as reported by
/// `serde_path_to_error`) starts in the JSON `text`; the start of the text for the
/// empty path.
pub fn path_value(text: &str, path: &serde_path_to_error::Path) -> Option<usize> {
    use serde_path_to_error::Segment;
    let mut start = text.len() - text.trim_start().len();
    for segment in path.iter() {
        start = match segment {
            Segment::Map { key } => {
                members(text, start)?
                    .into_iter()
                    .find(|(k, _)| k == key)?
                    .1
                    .value
            }
            Segment::Seq { index } => elements_at(text, start)?.get(*index)?.start,
            _ => return None,
        };
    }
    Some(start)
}

/// The byte offset of the second `key` in the object at a serde path of `text` (where
/// serde reports a duplicate field: the object holding it).
pub fn duplicate_key(text: &str, path: &serde_path_to_error::Path, key: &str) -> Option<usize> {
    let object = path_value(text, path)?;
    members(text, object)?
        .into_iter()
        .filter(|(k, _)| k == key)
        .nth(1)
        .map(|(_, m)| m.key)
}

/// The id of a program line that did not load, if it has a top-level `"id"` string
/// before the line goes wrong: the line need not be valid JSON.
pub fn leading_id(text: &str) -> Option<String> {
    let mut c = Cursor {
        b: text.as_bytes(),
        pos: 0,
    };
    c.ws();
    if c.peek()? != b'{' {
        return None;
    }
    c.pos += 1;
    loop {
        c.ws();
        match c.peek()? {
            b',' => c.pos += 1,
            b'"' => {
                let key_at = c.pos;
                c.string()?;
                let key: String = serde_json::from_str(text.get(key_at..c.pos)?).ok()?;
                c.ws();
                if c.peek()? != b':' {
                    return None;
                }
                c.pos += 1;
                c.ws();
                let value_at = c.pos;
                let is_string = c.peek()? == b'"';
                c.value()?;
                if key == "id" {
                    return if is_string {
                        serde_json::from_str(text.get(value_at..c.pos)?).ok()
                    } else {
                        None
                    };
                }
            }
            _ => return None,
        }
    }
}

/// The elements of the array whose `[` is at or after byte `start`.
fn elements_at(text: &str, start: usize) -> Option<Vec<Range<usize>>> {
    let mut c = Cursor {
        b: text.as_bytes(),
        pos: start,
    };
    c.ws();
    if c.peek()? != b'[' {
        return None;
    }
    c.pos += 1;
    let mut out = Vec::new();
    loop {
        c.ws();
        match c.peek()? {
            b']' => return Some(out),
            b',' => c.pos += 1,
            _ => {
                let start = c.pos;
                c.value()?;
                out.push(start..c.pos);
            }
        }
    }
}

fn char_column(text: &str, offset: usize) -> usize {
    crate::text::line_column(text, offset).1
}

/// The members (key, position) of the object whose `{` is at or after byte `start`.
fn members(text: &str, start: usize) -> Option<Vec<(String, Member)>> {
    let mut c = Cursor {
        b: text.as_bytes(),
        pos: start,
    };
    c.ws();
    if c.peek()? != b'{' {
        return None;
    }
    c.pos += 1;
    let mut out = Vec::new();
    loop {
        c.ws();
        match c.peek()? {
            b'}' => return Some(out),
            b',' => c.pos += 1,
            b'"' => {
                let key_at = c.pos;
                c.string()?;
                let key: String = serde_json::from_str(&text[key_at..c.pos]).ok()?;
                c.ws();
                if c.peek()? != b':' {
                    return None;
                }
                c.pos += 1;
                c.ws();
                let value_at = c.pos;
                c.value()?;
                out.push((
                    key,
                    Member {
                        key: key_at,
                        value: value_at,
                    },
                ));
            }
            _ => return None,
        }
    }
}

/// A byte cursor that skips JSON values without building them.
struct Cursor<'a> {
    b: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Skips a string starting at its opening quote.
    fn string(&mut self) -> Option<()> {
        self.pos += 1;
        loop {
            match self.peek()? {
                b'\\' => self.pos += 2,
                b'"' => {
                    self.pos += 1;
                    return Some(());
                }
                _ => self.pos += 1,
            }
        }
    }

    /// Skips one value of any kind.
    fn value(&mut self) -> Option<()> {
        match self.peek()? {
            b'"' => self.string(),
            b'{' | b'[' => {
                let mut depth = 0usize;
                loop {
                    match self.peek()? {
                        b'"' => {
                            self.string()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.pos += 1;
                                return Some(());
                            }
                        }
                        _ => {}
                    }
                    self.pos += 1;
                }
            }
            _ => {
                while !matches!(
                    self.peek(),
                    None | Some(b',' | b']' | b'}' | b' ' | b'\t' | b'\n' | b'\r')
                ) {
                    self.pos += 1;
                }
                Some(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::line_column;

    #[test]
    fn finds_top_level_and_nested_members() {
        let t = r#"{"id": "p1", "x": {"id": 2}, "variants": {"T1": {"rtl": "a\"}"}, "T2": {}}}"#;
        assert_eq!(value_column(t, &["id"]), 8);
        assert_eq!(key_column(t, &["variants"]), 30);
        let m = find_member(t, &["variants", "T2"]).unwrap();
        assert_eq!(&t[m.value..m.value + 2], "{}");
        let m = find_member(t, &["variants", "T1", "rtl"]).unwrap();
        assert_eq!(&t[m.value..m.value + 3], "\"a\\");
        assert_eq!(find_member(t, &["missing"]), None);
        assert_eq!(value_column(t, &["missing"]), 1);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let t = r#"{"é": "ü", "id": 3}"#;
        assert_eq!(value_column(t, &["id"]), 18);
    }

    #[test]
    fn array_elements_and_their_lines() {
        let t = "[\n  {\"a\": [1, 2]},\n  {\"b\": \"]\"}\n, 7 ]";
        let els = array_elements(t).unwrap();
        assert_eq!(els.len(), 3);
        assert_eq!(&t[els[0].clone()], "{\"a\": [1, 2]}");
        assert_eq!(&t[els[1].clone()], "{\"b\": \"]\"}");
        assert_eq!(&t[els[2].clone()], "7");
        assert_eq!(line_column(t, els[1].start), (3, 3));
        assert_eq!(array_elements("{}"), None);
        assert_eq!(array_elements("[]").unwrap().len(), 0);
    }

    fn json_value() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            "[a-z\"\\\\é{}\\[\\],: ]{0,6}".prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
                proptest::collection::btree_map("[a-z\"é]{0,4}", inner, 0..4)
                    .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn every_member_and_element_is_found_where_it_is(
            members in proptest::collection::btree_map("[a-z\"\\\\é ]{0,5}", json_value(), 0..6),
            pretty in proptest::prelude::any::<bool>(),
        ) {
            let object = serde_json::Value::Object(members.clone().into_iter().collect());
            let text = if pretty {
                serde_json::to_string_pretty(&object).unwrap()
            } else {
                serde_json::to_string(&object).unwrap()
            };
            let read_at = |offset: usize| {
                let mut stream = serde_json::Deserializer::from_str(&text[offset..])
                    .into_iter::<serde_json::Value>();
                stream.next().unwrap().unwrap()
            };
            for (key, value) in &members {
                let m = find_member(&text, &[key]).unwrap();
                proptest::prop_assert_eq!(&read_at(m.value), value);
                proptest::prop_assert_eq!(read_at(m.key), serde_json::Value::from(key.clone()));
            }
            let array = serde_json::to_string(&members.values().collect::<Vec<_>>()).unwrap();
            let elements = array_elements(&array).unwrap();
            proptest::prop_assert_eq!(elements.len(), members.len());
            for (range, value) in elements.into_iter().zip(members.values()) {
                let parsed: serde_json::Value = serde_json::from_str(&array[range]).unwrap();
                proptest::prop_assert_eq!(&parsed, value);
            }
        }
    }

    #[test]
    fn serde_paths_lead_to_their_values() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct R {
            a: Vec<Vec<u8>>,
            b: std::collections::BTreeMap<String, bool>,
        }
        let t = r#" {"b": {"x": true, "y": "no"}, "a": [[1], [2, "z"]]}"#;
        let de = &mut serde_json::Deserializer::from_str(t);
        let err = serde_path_to_error::deserialize::<_, R>(de).unwrap_err();
        assert_eq!(err.path().to_string(), "b.y");
        assert_eq!(&t[path_value(t, err.path()).unwrap()..][..4], "\"no\"");
        let t = r#"{"a": [[1], [2, "z"]], "b": {}}"#;
        let de = &mut serde_json::Deserializer::from_str(t);
        let err = serde_path_to_error::deserialize::<_, R>(de).unwrap_err();
        assert_eq!(err.path().to_string(), "a[1][1]");
        assert_eq!(&t[path_value(t, err.path()).unwrap()..][..3], "\"z\"");
    }
}
