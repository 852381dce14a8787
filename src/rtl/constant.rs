//! SystemVerilog integer literals (`3`, `1'b0`, `4'hA`, `7'bxx01`, `'1`) read into the
//! shared [`Constant`]: width, value, and whether x/z/`?` digits make it 4-state.

use crate::logic::Constant;

/// Reads the compact text of a literal. Never fails: a literal the reader does not
/// understand keeps its text with no value.
pub fn parse_constant(text: &str) -> Constant {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut constant = Constant {
        text: text.clone(),
        width: None,
        value: None,
        has_xz: false,
    };
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    let Some(tick) = digits.find('\'') else {
        constant.value = digits.parse::<u128>().ok();
        constant.has_xz = digits.chars().any(is_xz);
        return constant;
    };
    let (size, rest) = digits.split_at(tick);
    let rest = &rest[1..];
    if !size.is_empty() {
        constant.width = size.parse::<u32>().ok();
    }
    let rest = rest.strip_prefix(['s', 'S']).unwrap_or(rest);
    let mut chars = rest.chars();
    let radix = match chars.next().map(|c| c.to_ascii_lowercase()) {
        Some('b') => 2,
        Some('o') => 8,
        Some('d') => 10,
        Some('h') => 16,
        // Unbased unsized literals: '0, '1, 'x, 'z.
        Some('0') if rest.len() == 1 => return with_value(constant, 0),
        Some('1') if rest.len() == 1 => {
            let all_ones = match constant.width {
                Some(w) if w < 128 => (1u128 << w) - 1,
                _ => 1,
            };
            return with_value(constant, all_ones);
        }
        Some(c) if is_xz(c) => {
            constant.has_xz = true;
            return constant;
        }
        _ => return constant,
    };
    let body: &str = chars.as_str();
    if body.chars().any(is_xz) {
        constant.has_xz = true;
        return constant;
    }
    constant.value = u128::from_str_radix(body, radix)
        .ok()
        .map(|v| match constant.width {
            Some(w) if w < 128 => v & ((1u128 << w) - 1),
            _ => v,
        });
    constant
}

fn with_value(mut constant: Constant, value: u128) -> Constant {
    constant.value = Some(value);
    constant
}

fn is_xz(c: char) -> bool {
    matches!(c, 'x' | 'X' | 'z' | 'Z' | '?')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sized_based_literals() {
        let c = parse_constant("4'hA");
        assert_eq!((c.width, c.value, c.has_xz), (Some(4), Some(10), false));
        let c = parse_constant("6'h3d");
        assert_eq!((c.width, c.value), (Some(6), Some(0x3d)));
        let c = parse_constant("8'b1010_0101");
        assert_eq!(c.value, Some(0xa5));
        assert_eq!(parse_constant("3").value, Some(3));
        assert_eq!(parse_constant("4'sd7").value, Some(7));
    }

    #[test]
    fn marks_xz_digits() {
        for text in ["7'bxxxx100", "4'b1?0z", "'x", "8'hzz"] {
            let c = parse_constant(text);
            assert!(c.has_xz, "{text}");
            assert_eq!(c.value, None, "{text}");
        }
    }

    #[test]
    fn keeps_text_without_white_space() {
        assert_eq!(parse_constant("4 'h A").text, "4'hA");
        assert_eq!(parse_constant("'1").value, Some(1));
    }
}
