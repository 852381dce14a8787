//! The one escaping of untrusted text (a study's ids, strata, model names, RTL,
//! properties, file names) for a terminal: every control character (C0, DEL, C1) and
//! every bidirectional control is shown as an escape (`\x1b`, `\u{9b}`, `\u{202e}`), so
//! that no text from a dataset can reach the terminal as an escape sequence, and the
//! width of what is printed is the width of what is shown (each escape is plain ASCII).
//!
//! [`escape`] is for one-line fields (a newline or tab shows as `\n`, `\t`);
//! [`escape_lines`] keeps newlines and tabs, for multi-line texts such as RTL.
//! Every text output of study data goes through one of them: `validate`, `metrics`,
//! error messages, and the TUI's view model.

use std::borrow::Cow;

/// Whether `c` is escaped: a control character or a bidirectional control.
fn escaped(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn push_escape(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        c if (c as u32) < 0x80 => out.push_str(&format!("\\x{:02x}", c as u32)),
        c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
    }
}

fn escape_with(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    // The usual text (printable ASCII) holds nothing to escape: one pass over bytes.
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return Cow::Borrowed(text);
    }
    if !text.chars().any(|c| escaped(c) && !keep(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) && !keep(c) {
            push_escape(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` as one line a terminal shows as it is: `ESC` becomes `\x1b`, a newline `\n`.
pub fn escape(text: &str) -> Cow<'_, str> {
    escape_with(text, |_| false)
}

/// `text` with its line breaks and tabs kept and every other control character
/// escaped (`\r` too, which would move the cursor back over the line).
pub fn escape_lines(text: &str) -> Cow<'_, str> {
    escape_with(text, |c| c == '\n' || c == '\t')
}

/// [`escape`] on an owned string, reusing it when nothing changes.
pub fn escape_owned(text: String) -> String {
    match escape(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(s) => s,
    }
}

/// [`escape_lines`] on an owned string, reusing it when nothing changes.
pub fn escape_lines_owned(text: String) -> String {
    match escape_lines(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(s) => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_escapes_are_shown_not_sent() {
        let hostile = "a\u{1b}]52;c;Zm9v\u{7}b\u{1b}[2J\u{9b}c\u{202e}d";
        assert_eq!(
            escape(hostile),
            "a\\x1b]52;c;Zm9v\\x07b\\x1b[2J\\u{9b}c\\u{202e}d"
        );
        assert!(matches!(escape("plain text"), Cow::Borrowed(_)));
        assert!(matches!(escape("naïve"), Cow::Borrowed(_)));
        assert_eq!(escape("a\nb\tc"), "a\\nb\\tc");
        assert_eq!(escape_lines("a\nb\tc\r\u{1b}"), "a\nb\tc\\r\\x1b");
    }

    proptest::proptest! {
        #[test]
        fn nothing_escaped_is_left(text in ".*") {
            let shown = escape(&text);
            proptest::prop_assert!(!shown.chars().any(escaped));
        }
    }
}
