//! A path or name written as one shell word, for the commands a message suggests
//! (`flipscope assertions 'my study' --reproof out.jsonl`): plain when it holds only
//! characters no shell reads specially, single-quoted otherwise, and in `$'...'` form
//! with `\xNN` escapes when it holds control characters, so that a suggested command
//! can be pasted as printed and never carries a raw terminal escape.

use std::path::Path;

/// `text` as one word of a POSIX shell command line (bash's `$'...'` for control
/// characters).
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./+=:,@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text.to_string();
    }
    if text.chars().any(char::is_control) {
        let mut out = String::from("$'");
        for c in text.chars() {
            match c {
                '\'' => out.push_str("\\'"),
                '\\' => out.push_str("\\\\"),
                c if c.is_control() => {
                    let mut buf = [0u8; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        out.push_str(&format!("\\x{b:02x}"));
                    }
                }
                c => out.push(c),
            }
        }
        out.push('\'');
        return out;
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// A path as one shell word (lossy for names that are not UTF-8).
pub fn shell_path(path: &Path) -> String {
    shell_word(&path.to_string_lossy())
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn plain_words_stay_as_they_are() {
        assert_eq!(shell_word("ab/reproof.jsonl"), "ab/reproof.jsonl");
        assert_eq!(shell_word("/tmp/x-1_2.jsonl"), "/tmp/x-1_2.jsonl");
    }

    #[test]
    fn words_with_shell_characters_are_single_quoted() {
        assert_eq!(shell_word("my study"), "'my study'");
        assert_eq!(shell_word("a'b;$(x)"), "'a'\\''b;$(x)'");
        assert_eq!(shell_word(""), "''");
    }

    #[test]
    fn control_characters_are_escaped_never_raw() {
        let word = shell_word("a\u{1b}]0;t\u{7}b'c");
        assert_eq!(word, "$'a\\x1b]0;t\\x07b\\'c'");
        assert!(!word.chars().any(char::is_control));
    }
}
