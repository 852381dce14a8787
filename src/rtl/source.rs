//! What the user gave: a whole file (a `module`) or a bare VERT-style fragment of
//! statements, which is wrapped into a module and an `always` block for sv-parser.
//! Offsets in the wrapped text map back to the user's own lines and columns.

/// Whether a text is a design file or a fragment of statements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    Module,
    Fragment,
}

const PREFIX: &str = "module flipscope_fragment;\nalways begin\n";
const SUFFIX: &str = "\nend\nendmodule\n";

/// The text handed to sv-parser, with what is needed to map positions back.
#[derive(Debug, Clone)]
pub struct Wrapped {
    pub kind: SourceKind,
    /// The text sv-parser reads.
    pub text: String,
    /// Byte offset where the user's text starts in `text`.
    start: usize,
    /// Length in bytes of the user's text.
    len: usize,
}

impl Wrapped {
    /// Wraps a fragment; a text that declares a module is taken as it is. A UTF-8
    /// byte-order mark at the start (Windows editors) is not part of the text.
    pub fn new(source: &str) -> Wrapped {
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        match detect(source) {
            SourceKind::Module => Wrapped {
                kind: SourceKind::Module,
                text: source.to_string(),
                start: 0,
                len: source.len(),
            },
            SourceKind::Fragment => Wrapped {
                kind: SourceKind::Fragment,
                text: format!("{PREFIX}{source}{SUFFIX}"),
                start: PREFIX.len(),
                len: source.len(),
            },
        }
    }

    /// The user's text.
    pub fn user_text(&self) -> &str {
        &self.text[self.start..self.start + self.len]
    }

    /// Byte offset where the user's text starts in the wrapped text.
    pub fn user_start(&self) -> usize {
        self.start
    }

    /// The offset in the user's text of a wrapped-text offset, or `None` when it lies
    /// in the wrapper (added for `transform`, which edits the user's text by spans).
    pub fn user_offset(&self, offset: usize) -> Option<usize> {
        let rel = offset.checked_sub(self.start)?;
        (rel <= self.len).then_some(rel)
    }

    /// The user's part of `processed`, the wrapped text after preprocessing (which
    /// keeps the wrapper's own lines as they are).
    pub fn user_region(&self, processed: &str) -> std::ops::Range<usize> {
        match self.kind {
            SourceKind::Module => 0..processed.len(),
            SourceKind::Fragment => {
                let start = if processed.starts_with(PREFIX) {
                    PREFIX.len()
                } else {
                    0
                };
                let end = processed
                    .strip_suffix(SUFFIX)
                    .map_or(processed.len(), str::len)
                    .max(start);
                start..end
            }
        }
    }

    /// Whether a byte offset of the wrapped text lies after the user's text.
    pub fn is_past_end(&self, offset: usize) -> bool {
        offset >= self.start + self.len
    }

    /// Line and column (1-based, columns in characters) of a wrapped-text offset in
    /// the user's text; offsets in the wrapper are clamped to the user's text.
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let user = self.user_text();
        crate::text::line_column(user, offset.saturating_sub(self.start))
    }

    /// The token at a wrapped-text offset (for messages), shortened.
    pub fn token_at(&self, offset: usize) -> Option<String> {
        let rest = self.text.get(offset..)?;
        let rest = rest.trim_start();
        let first = rest.chars().next()?;
        let token: String = if first.is_ascii_alphanumeric() || first == '_' || first == '$' {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '\''))
                .take(40)
                .collect()
        } else {
            rest.chars()
                .take_while(|c| !c.is_whitespace() && !c.is_ascii_alphanumeric())
                .take(3)
                .collect()
        };
        Some(token)
    }
}

/// A text is a module when a `module`/`macromodule`/`interface`/`program`/`package`
/// keyword appears outside comments and strings; anything else is a fragment.
pub fn detect(source: &str) -> SourceKind {
    let code = strip_comments(source);
    let is_module = code
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .any(|w| {
            matches!(
                w,
                "module" | "macromodule" | "interface" | "program" | "package"
            )
        });
    if is_module {
        SourceKind::Module
    } else {
        SourceKind::Fragment
    }
}

/// The text with `//` and `/* */` comments and string literals blanked out.
fn strip_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('/', Some('/')) => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut prev = ' ';
                for c in chars.by_ref() {
                    if prev == '*' && c == '/' {
                        break;
                    }
                    prev = c;
                }
                out.push(' ');
            }
            ('"', _) => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '"' && !escaped {
                        break;
                    }
                    escaped = c == '\\' && !escaped;
                }
                out.push(' ');
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_modules_and_fragments() {
        assert_eq!(detect("module m; endmodule"), SourceKind::Module);
        assert_eq!(
            detect("// module in a comment\nif (a) b = c;"),
            SourceKind::Fragment
        );
        assert_eq!(
            detect("if (modulename) b = \"module\";"),
            SourceKind::Fragment
        );
    }

    #[test]
    fn maps_offsets_to_fragment_coordinates() {
        let w = Wrapped::new("if (a)\n  b = c;\n");
        let offset = w.text.find("b = c").unwrap();
        assert_eq!(w.position(offset), (2, 3));
        assert_eq!(w.position(0), (1, 1));
        assert_eq!(w.position(w.text.len()), (3, 1));
        assert_eq!(w.user_text(), "if (a)\n  b = c;\n");
    }
}
