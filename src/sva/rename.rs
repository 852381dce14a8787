//! Mapping a variant's identifiers back to the original names, token by token (never by
//! substring: renaming `a` leaves `a_1` alone), before anything else reads the text.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::text::token::{Kind, tokenize};

/// `source` with every identifier token found in `map` (from -> to) replaced; comments,
/// white space and everything else kept as they are.
pub fn rename_identifiers<'a>(source: &'a str, map: &HashMap<String, String>) -> Cow<'a, str> {
    if map.is_empty() {
        return Cow::Borrowed(source);
    }
    let mut out = String::with_capacity(source.len());
    let mut copied = 0;
    for token in tokenize(source) {
        if token.kind != Kind::Ident {
            continue;
        }
        if let Some(to) = map.get(token.text(source)) {
            out.push_str(&source[copied..token.start]);
            out.push_str(to);
            copied = token.end;
        }
    }
    if copied == 0 {
        return Cow::Borrowed(source);
    }
    out.push_str(&source[copied..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_whole_identifiers_only() {
        let map = HashMap::from([
            ("v1".to_string(), "a".to_string()),
            ("v2".into(), "clk".into()),
        ]);
        let text = "property p; @(posedge v2) v1 && v1_x // v1\n|=> y == v1; endproperty";
        assert_eq!(
            rename_identifiers(text, &map),
            "property p; @(posedge clk) a && v1_x // v1\n|=> y == a; endproperty"
        );
    }

    #[test]
    fn leaves_text_alone_without_a_map_hit() {
        let map = HashMap::from([("q".to_string(), "r".to_string())]);
        assert!(matches!(
            rename_identifiers("a && b", &map),
            Cow::Borrowed(_)
        ));
    }
}
