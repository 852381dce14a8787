//! SystemVerilog integer constants in antecedents: `3`, `1'b0`, `4'hA`, `'d3`, `4'sb1x0?`,
//! `'0`/`'1`/`'x`/`'z`; their value, x/z digits, and truth when standing alone.

use super::error::ParseError;
use super::expr::Constant;

/// A constant read from the text, with its truth as a condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LexedConstant {
    pub constant: Constant,
    /// True when some bit is known to be 1 (how SystemVerilog treats a condition).
    pub truthy: bool,
    /// Byte offset just past the constant.
    pub end: usize,
}

/// The value of `text` when it is exactly one constant with a known value (`4'hA`,
/// `4'd10` and `10` are all 10); `None` for anything else (x/z digits included).
pub fn constant_value(text: &str) -> Option<u128> {
    let t = text.trim();
    if !t.starts_with(|c: char| c.is_ascii_digit() || c == '\'') {
        return None;
    }
    let c = lex_constant(t, 0).ok()?;
    if c.end != t.len() || c.constant.has_xz {
        return None;
    }
    c.constant.value
}

/// The value and declared width of `text` when it is exactly one constant with a
/// known value (`4'hA` is (10, Some(4)), `10` is (10, None)).
pub fn sized_value(text: &str) -> Option<(u128, Option<u32>)> {
    let t = text.trim();
    if !t.starts_with(|c: char| c.is_ascii_digit() || c == '\'') {
        return None;
    }
    let c = lex_constant(t, 0).ok()?;
    if c.end != t.len() || c.constant.has_xz {
        return None;
    }
    Some((c.constant.value?, c.constant.width))
}

/// Reads the constant starting at byte `start` of `text` (a digit or `'`).
pub(crate) fn lex_constant(text: &str, start: usize) -> Result<LexedConstant, ParseError> {
    let bytes = text.as_bytes();
    let mut pos = start;
    let mut size: Option<String> = None;
    if bytes[pos].is_ascii_digit() {
        let end = scan(bytes, pos, |b| b.is_ascii_digit() || b == b'_');
        let digits = &text[pos..end];
        let after = skip_spaces(bytes, end);
        if bytes.get(after) != Some(&b'\'') {
            if matches!(bytes.get(end), Some(b'.' | b'e' | b'E')) {
                return Err(ParseError::at(
                    text,
                    end,
                    "real numbers are outside the grammar",
                ));
            }
            if bytes
                .get(end)
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'$')
            {
                return Err(ParseError::at(
                    text,
                    end,
                    format!(
                        "unexpected `{}` after the number `{digits}`",
                        char_at(text, end)
                    ),
                ));
            }
            let (value, ones, overflow) = digits_value(digits, 10);
            return Ok(LexedConstant {
                constant: Constant {
                    text: digits.to_string(),
                    width: None,
                    value: (!overflow).then_some(value),
                    has_xz: false,
                },
                truthy: ones != 0 || overflow,
                end,
            });
        }
        size = Some(digits.to_string());
        pos = after;
    }
    // At the apostrophe.
    let quote = pos;
    pos += 1;
    let mut signed = false;
    if matches!(bytes.get(pos), Some(b's' | b'S')) {
        signed = true;
        pos += 1;
    }
    let Some(&base_char) = bytes.get(pos) else {
        return Err(ParseError::at(
            text,
            pos,
            "expected a base (b, o, d, h) after `'`",
        ));
    };
    let base = match base_char.to_ascii_lowercase() {
        b'b' => 2,
        b'o' => 8,
        b'd' => 10,
        b'h' => 16,
        b'0' | b'1' | b'x' | b'z' if size.is_none() && !signed => {
            return Ok(unbased_unsized(base_char, pos + 1));
        }
        _ => {
            return Err(ParseError::at(
                text,
                pos,
                format!(
                    "expected a base (b, o, d, h) after `'`, found `{}`",
                    char_at(text, pos)
                ),
            ));
        }
    };
    let digits_start = skip_spaces(bytes, pos + 1);
    let digits_end = scan(bytes, digits_start, |b| {
        b.is_ascii_alphanumeric() || b == b'_' || b == b'?'
    });
    let digits = &text[digits_start..digits_end];
    if digits.is_empty() || digits.starts_with('_') {
        return Err(ParseError::at(
            text,
            digits_start,
            "expected the digits of the constant",
        ));
    }
    if let Some((i, c)) = digits.char_indices().find(|&(_, c)| !digit_ok(c, base)) {
        return Err(ParseError::at(
            text,
            digits_start + i,
            format!("digit `{c}` is not valid in a {} constant", base_name(base)),
        ));
    }
    let has_xz = digits.contains(['x', 'X', 'z', 'Z', '?']);
    if base == 10 && has_xz && digits.trim_matches('_').len() != 1 {
        return Err(ParseError::at(
            text,
            digits_start,
            "a decimal constant with x or z must be that single digit",
        ));
    }
    let width = match &size {
        Some(s) => match s.replace('_', "").parse::<u32>() {
            Ok(0) | Err(_) => {
                return Err(ParseError::at(
                    text,
                    start,
                    format!("invalid constant width `{s}`"),
                ));
            }
            Ok(w) => Some(w),
        },
        None => None,
    };
    let (mut value, mut ones, overflow) = digits_value(digits, base);
    if let Some(w) = width.filter(|&w| w < 128) {
        let mask = (1u128 << w) - 1;
        value &= mask;
        ones &= mask;
    }
    let fits = !overflow || width.is_some_and(|w| w < 128);
    let mut written = size.unwrap_or_default();
    written.push('\'');
    if signed {
        written.push(bytes[quote + 1] as char);
    }
    written.push(base_char as char);
    written.push_str(digits);
    Ok(LexedConstant {
        constant: Constant {
            text: written,
            width,
            value: (fits && !has_xz).then_some(value),
            has_xz,
        },
        truthy: ones != 0 || (overflow && width.is_none()),
        end: digits_end,
    })
}

fn unbased_unsized(digit: u8, end: usize) -> LexedConstant {
    let d = digit.to_ascii_lowercase();
    LexedConstant {
        constant: Constant {
            text: format!("'{}", digit as char),
            width: None,
            // `'1` is all ones of the context's width: no single value.
            value: (d == b'0').then_some(0),
            has_xz: matches!(d, b'x' | b'z'),
        },
        truthy: d == b'1',
        end,
    }
}

/// The value of the digits (x/z as 0), the bits known to be 1, and whether they overflow.
fn digits_value(digits: &str, base: u32) -> (u128, u128, bool) {
    let bits = match base {
        2 => 1,
        8 => 3,
        16 => 4,
        _ => 0,
    };
    let (mut value, mut ones, mut overflow) = (0u128, 0u128, false);
    for c in digits.chars().filter(|&c| c != '_') {
        let d = c.to_digit(base);
        if bits == 0 {
            let next = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u128::from(d.unwrap_or(0))));
            overflow |= next.is_none();
            value = next.unwrap_or(0);
            ones = value;
        } else {
            overflow |= value.leading_zeros() < bits || ones.leading_zeros() < bits;
            value = (value << bits) | u128::from(d.unwrap_or(0));
            ones = (ones << bits) | u128::from(d.unwrap_or(0));
        }
    }
    (value, ones, overflow)
}

fn digit_ok(c: char, base: u32) -> bool {
    c == '_' || matches!(c, 'x' | 'X' | 'z' | 'Z' | '?') || c.is_digit(base)
}

fn base_name(base: u32) -> &'static str {
    match base {
        2 => "binary",
        8 => "octal",
        10 => "decimal",
        _ => "hexadecimal",
    }
}

fn scan(bytes: &[u8], from: usize, ok: impl Fn(u8) -> bool) -> usize {
    let mut i = from;
    while i < bytes.len() && ok(bytes[i]) {
        i += 1;
    }
    i
}

fn skip_spaces(bytes: &[u8], from: usize) -> usize {
    scan(bytes, from, |b| b.is_ascii_whitespace())
}

fn char_at(text: &str, offset: usize) -> char {
    text[offset..].chars().next().unwrap_or(' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex(t: &str) -> LexedConstant {
        lex_constant(t, 0).unwrap()
    }

    #[test]
    fn reads_sized_based_constants() {
        let c = lex("4'hA");
        assert_eq!(
            c.constant,
            Constant {
                text: "4'hA".into(),
                width: Some(4),
                value: Some(10),
                has_xz: false
            }
        );
        assert!(c.truthy);
        assert_eq!(lex("1'b0").constant.value, Some(0));
        assert!(!lex("1'b0").truthy);
        assert_eq!(lex("8'b1010_0001").constant.value, Some(0xa1));
        assert_eq!(lex("6'o17").constant.value, Some(15));
        assert_eq!(lex("4 'd 3").constant.text, "4'd3");
        assert_eq!(lex("4'sb1010").constant.text, "4'sb1010");
    }

    #[test]
    fn reads_unsized_and_unbased_constants() {
        assert_eq!(lex("3").constant.value, Some(3));
        assert_eq!(lex("'d3").constant.width, None);
        assert_eq!(lex("'d3").constant.value, Some(3));
        assert!(!lex("0").truthy);
        assert!(lex("'1").truthy);
        assert_eq!(lex("'1").constant.value, None);
        assert_eq!(lex("'0").constant.value, Some(0));
        assert!(lex("'x").constant.has_xz);
    }

    #[test]
    fn marks_x_and_z_digits() {
        let c = lex("7'b11111x0");
        assert!(c.constant.has_xz);
        assert_eq!(c.constant.value, None);
        assert!(c.truthy, "known 1 bits make the condition true");
        assert!(!lex("2'bx0").truthy);
        assert!(lex("4'b10??").constant.has_xz);
        assert!(lex("8'hz1").truthy);
    }

    #[test]
    fn truncates_to_the_width() {
        assert_eq!(lex("4'h1F").constant.value, Some(15));
        assert!(!lex("4'h10").truthy);
    }

    #[test]
    fn rejects_bad_digits_and_bases() {
        let e = lex_constant("4'b102", 0).unwrap_err();
        assert_eq!(e.column, 6);
        assert!(
            e.message.contains("digit `2` is not valid in a binary"),
            "{e}"
        );
        assert!(
            lex_constant("4'q1", 0)
                .unwrap_err()
                .message
                .contains("base")
        );
        assert!(lex_constant("1.5", 0).unwrap_err().message.contains("real"));
        assert!(
            lex_constant("0'b1", 0)
                .unwrap_err()
                .message
                .contains("width")
        );
        assert!(
            lex_constant("4'h", 0)
                .unwrap_err()
                .message
                .contains("digits")
        );
        assert!(lex_constant("'", 0).is_err());
    }

    #[test]
    fn values_of_whole_constants() {
        assert_eq!(constant_value("4'hA"), Some(10));
        assert_eq!(constant_value("4'd10"), Some(10));
        assert_eq!(constant_value(" 10 "), Some(10));
        assert_eq!(constant_value("4'b1x"), None);
        assert_eq!(constant_value("10+1"), None);
        assert_eq!(constant_value("a"), None);
        assert_eq!(constant_value("'1"), None);
    }

    #[test]
    fn huge_constants_have_no_value_but_stay_true() {
        let c = lex("999999999999999999999999999999999999999999999");
        assert_eq!(c.constant.value, None);
        assert!(c.truthy);
    }
}
