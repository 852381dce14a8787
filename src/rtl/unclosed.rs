//! Comments and strings that are never closed: a `/*` without `*/`, a `"` without its
//! closing quote on the same line. Found before a design reaches yosys, or a property
//! the parser, so the message says where the comment or string opens instead of
//! blaming what follows it ("expected a statement", "no `endmodule`").

/// What is left open, and the byte offset where it opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unclosed {
    Comment(usize),
    String(usize),
}

impl Unclosed {
    pub fn offset(self) -> usize {
        match self {
            Unclosed::Comment(o) | Unclosed::String(o) => o,
        }
    }

    /// The message, after the location.
    pub fn message(self) -> &'static str {
        match self {
            Unclosed::Comment(_) => "the comment opened here with `/*` is never closed by `*/`",
            Unclosed::String(_) => {
                "the string opened here is never closed: its closing `\"` is missing on its line"
            }
        }
    }
}

/// The first comment or string of `text` that is never closed.
pub fn find(text: &str) -> Option<Unclosed> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'/', Some(b'/')) => {
                i = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |n| i + n);
            }
            (b'/', Some(b'*')) => match text[i + 2..].find("*/") {
                Some(n) => i += n + 4,
                None => return Some(Unclosed::Comment(i)),
            },
            (b'"', _) => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' && b[j] != b'\n' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                if j >= b.len() || b[j] != b'"' {
                    return Some(Unclosed::String(i));
                }
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_is_never_closed() {
        assert_eq!(
            find("a /* b */ \"c\" // \"d\n/* e"),
            Some(Unclosed::Comment(20))
        );
        assert_eq!(find("x = \"abc);\ny;"), Some(Unclosed::String(4)));
        assert_eq!(find("x = \"a\\\"b\"; /* */"), None);
        assert_eq!(find("// /* not a comment\n"), None);
    }
}
