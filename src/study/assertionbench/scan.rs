//! A Verilog text with its comments blanked out (each comment character replaced by a
//! space, newlines kept), so that readers can search it while every byte offset and
//! line still points into the original. String literals are kept and skipped over.

/// `text` with `// ...` and `/* ... */` comments replaced by spaces of the same byte
/// length (newlines inside block comments are kept). An unterminated block comment
/// runs to the end.
pub fn blank_comments(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b'/', Some(b'/')) => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    out.push(b' ');
                    i += 1;
                }
            }
            (b'/', Some(b'*')) => {
                out.extend_from_slice(b"  ");
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    out.push(if bytes[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
                if i < bytes.len() {
                    out.extend_from_slice(b"  ");
                    i += 2;
                }
            }
            (b'"', _) => {
                let end = string_end(bytes, i);
                out.extend_from_slice(&bytes[i..end]);
                i = end;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    // Only ASCII bytes were replaced, by ASCII spaces, at whole characters: a
    // multi-byte character is either copied whole or blanked byte by byte inside a
    // comment, so the result is UTF-8 again.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The offset just past the string literal starting at `start` (a `"`), or the end of
/// its line when it is not closed there.
pub fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            b'\n' => return i,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Whether `b` can be part of an identifier.
pub fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// The offsets of every whole-word occurrence of `word` in `text`.
pub fn find_words<'a>(text: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    let bytes = text.as_bytes();
    text.match_indices(word).filter_map(move |(at, _)| {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + word.len()).copied();
        let whole = !before.is_some_and(is_ident_byte) && !after.is_some_and(is_ident_byte);
        whole.then_some(at)
    })
}

/// Skips white space from `at`; the offset of the next other byte.
pub fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() && bytes[at].is_ascii_whitespace() {
        at += 1;
    }
    at
}

/// The identifier starting at `at` (after white space), with its end offset.
pub fn identifier_at(text: &str, at: usize) -> Option<(&str, usize)> {
    let bytes = text.as_bytes();
    let start = skip_space(bytes, at);
    let first = *bytes.get(start)?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let mut end = start + 1;
    while end < bytes.len() && is_ident_byte(bytes[end]) {
        end += 1;
    }
    Some((&text[start..end], end))
}

/// From an opening `(` at `open`, the offset of its matching `)` (strings skipped), or
/// `None` when the text ends first.
pub fn matching_paren(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'"' => {
                i = string_end(bytes, i);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_become_spaces_of_the_same_length() {
        let text = "a // x \"q\"\nb /* c\nd */ e \"// not\" f";
        let blank = blank_comments(text);
        assert_eq!(blank.len(), text.len());
        assert_eq!(blank, "a         \nb     \n     e \"// not\" f");
        assert_eq!(blank_comments("x /* open"), "x        ");
        assert_eq!(blank_comments("é // ü\n"), "é      \n", "ü is two bytes");
    }

    #[test]
    fn words_lines_and_parens() {
        let text = "assert property1; assert property (x);\n";
        let at: Vec<usize> = find_words(text, "property").collect();
        assert_eq!(at, [25]);
        assert_eq!(matching_paren("f(a, (b), \")\") x", 1), Some(13));
        assert_eq!(matching_paren("(a", 0), None);
        assert_eq!(identifier_at("  v_x(", 0), Some(("v_x", 5)));
        assert_eq!(identifier_at(" 1x", 0), None);
    }
}
