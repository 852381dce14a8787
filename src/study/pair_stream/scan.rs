//! A hand scanner for the usual shape of a `pairs.jsonl` line, the one `flipscope
//! score` writes: printable ASCII, spaces between tokens, strings whose escapes (if
//! any) are only in the texts that are checked and dropped. It finds the fields the
//! metrics need with `memchr` and borrows them, at a fraction of serde's cost.
//!
//! It only answers when it is sure: a line it reads gives the view
//! [`super::read_view`] gives (tested on generated lines and on scored studies). On
//! anything else (a byte outside printable ASCII, a tab, an escape in a kept field, a
//! `\u` escape, a number, an array or object where a string or flag is expected, an
//! unknown or repeated key, a missing field) it gives `None`, and the line is read by
//! serde, which decides.

use std::borrow::Cow;

use memchr::memchr2;

use super::view::{Key, PairView, SideKey, SideView, checked};
use crate::study::FlipClass;

/// The view of `line` (without its line ending), or `None` when the scanner is not
/// sure of it.
pub fn scan_view(line: &[u8]) -> Option<PairView<'_>> {
    if !printable_ascii(line) {
        return None;
    }
    let mut s = Scan { s: line, i: 0 };
    let mut text: [Option<&str>; 5] = [None; 5];
    let (mut base, mut trans, mut flip) = (None, None, None);
    let (mut oracle, mut class) = (None, None);
    s.object(
        Key::of,
        |k| k as u32,
        |s, key| {
            match key {
                Key::Model => text[0] = Some(s.plain()?),
                Key::Variant => text[1] = Some(s.plain()?),
                Key::Program => text[2] = Some(s.plain()?),
                Key::Stratum => text[3] = Some(s.plain()?),
                Key::Behavior => text[4] = Some(s.plain()?),
                Key::Base => base = Some(s.side()?),
                Key::Trans => trans = Some(s.side()?),
                Key::Flip => {
                    if !s.null() {
                        flip = Some(match s.plain()? {
                            "CC" => FlipClass::CC,
                            "CW" => FlipClass::CW,
                            "WC" => FlipClass::WC,
                            "WW" => FlipClass::WW,
                            _ => return None,
                        });
                    }
                }
                Key::PairHash => {
                    if !s.null() {
                        s.skip_string()?;
                    }
                }
                Key::Oracle => oracle = s.maybe_text()?,
                Key::Class => class = s.maybe_text()?,
                Key::Lenient | Key::Semantics => {
                    if s.boolean().is_none() && !s.null() {
                        s.skip_string()?;
                    }
                }
            }
            Some(())
        },
    )?;
    s.ws();
    if s.i != line.len() {
        return None;
    }
    let [model, variant, program, stratum, behavior] = text;
    let view = PairView {
        model: Cow::Borrowed(model?),
        variant: Cow::Borrowed(variant?),
        program: Cow::Borrowed(program?),
        stratum: Cow::Borrowed(stratum?),
        behavior: Cow::Borrowed(behavior?),
        base: base?,
        trans: trans?,
        oracle: oracle.map(Cow::Borrowed),
        class: class.map(Cow::Borrowed),
    };
    checked(view, flip).ok()
}

/// Every byte in `0x20..0x80` (hence valid UTF-8 with no control character). No early
/// exit, so that it compiles to wide compares.
fn printable_ascii(line: &[u8]) -> bool {
    line.iter()
        .fold(0u8, |bad, &b| bad | u8::from(b.wrapping_sub(0x20) >= 0x60))
        == 0
}

/// A position in a line of printable ASCII.
struct Scan<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Scan<'a> {
    /// Skips spaces (the only whitespace a printable line has).
    fn ws(&mut self) {
        while self.s.get(self.i) == Some(&b' ') {
            self.i += 1;
        }
    }

    /// The next byte after spaces, not consumed.
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, b: u8) -> Option<()> {
        (self.peek()? == b).then(|| self.i += 1)
    }

    fn literal(&mut self, word: &[u8]) -> bool {
        self.ws();
        let found = self.s[self.i..].starts_with(word);
        if found {
            self.i += word.len();
        }
        found
    }

    fn null(&mut self) -> bool {
        self.literal(b"null")
    }

    fn boolean(&mut self) -> Option<bool> {
        if self.literal(b"true") {
            Some(true)
        } else if self.literal(b"false") {
            Some(false)
        } else {
            None
        }
    }

    /// A string without escapes, borrowed.
    fn plain(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let rest = &self.s[self.i..];
        let end = memchr2(b'"', b'\\', rest)?;
        if rest[end] != b'"' {
            return None;
        }
        self.i += end + 1;
        std::str::from_utf8(&rest[..end]).ok()
    }

    /// A string whose escapes are all of one character (`\"`, `\n`, ...), skipped.
    fn skip_string(&mut self) -> Option<()> {
        self.eat(b'"')?;
        loop {
            let rest = &self.s[self.i..];
            let at = memchr2(b'"', b'\\', rest)?;
            if rest[at] == b'"' {
                self.i += at + 1;
                return Some(());
            }
            match rest.get(at + 1)? {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => self.i += at + 2,
                _ => return None,
            }
        }
    }

    /// A string kept (`Some(Some)`), a flag or null dropped (`Some(None)`); `None` for
    /// anything else.
    fn maybe_text(&mut self) -> Option<Option<&'a str>> {
        if self.peek()? == b'"' {
            return self.plain().map(Some);
        }
        (self.boolean().is_some() || self.null()).then_some(None)
    }

    /// A side: a bare flag, or an object with `correct`.
    fn side(&mut self) -> Option<SideView<'a>> {
        if let Some(correct) = self.boolean() {
            return Some(SideView {
                correct,
                category: None,
            });
        }
        let (mut correct, mut category) = (None, None);
        self.object(
            SideKey::of,
            |k| k as u32,
            |s, key| {
                match key {
                    SideKey::Correct => correct = Some(s.boolean()?),
                    SideKey::Category => {
                        if !s.null() {
                            category = Some(Cow::Borrowed(s.plain()?));
                        }
                    }
                    SideKey::Property | SideKey::Reason => {
                        if !s.null() {
                            s.skip_string()?;
                        }
                    }
                }
                Some(())
            },
        )?;
        Some(SideView {
            correct: correct?,
            category,
        })
    }

    /// An object whose keys are plain strings known to `of`, each at most once (`bit`
    /// numbers them, below 32); `value` reads each value.
    fn object<K: Copy>(
        &mut self,
        of: fn(&str) -> Option<K>,
        bit: fn(K) -> u32,
        mut value: impl FnMut(&mut Self, K) -> Option<()>,
    ) -> Option<()> {
        self.eat(b'{')?;
        if self.peek()? == b'}' {
            self.i += 1;
            return Some(());
        }
        let mut seen = 0u32;
        loop {
            let key = of(self.plain()?)?;
            let mask = 1u32 << bit(key);
            if seen & mask != 0 {
                return None;
            }
            seen |= mask;
            self.eat(b':')?;
            value(self, key)?;
            match self.peek()? {
                b',' => self.i += 1,
                b'}' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests;
