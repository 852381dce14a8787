//! SystemVerilog's binary operators by binding strength (IEEE 1800-2017 Table 11-2),
//! shared by the RTL's precedence regrouping (`rtl::precedence`) and the printer of
//! consequent operands (`sva::operand`).

/// Binding strength of binary operator `op`, higher binds tighter; `None` for text
/// that is no binary operator. All are left-associative except `->` and `<->`, which
/// bind least (below the conditional operator, whose strength is 1).
pub fn binary_binding(op: &str) -> Option<u8> {
    Some(match op {
        "**" => 12,
        "*" | "/" | "%" => 11,
        "+" | "-" => 10,
        "<<" | ">>" | "<<<" | ">>>" => 9,
        "<" | "<=" | ">" | ">=" => 8,
        "==" | "!=" | "===" | "!==" | "==?" | "!=?" => 7,
        "&" => 6,
        "^" | "~^" | "^~" => 5,
        "|" => 4,
        "&&" => 3,
        "||" => 2,
        "->" | "<->" => 0,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::binary_binding;

    #[test]
    fn follows_table_11_2() {
        let order = [
            "**", "*", "+", "<<", "<", "==", "&", "^", "|", "&&", "||", "->",
        ];
        for w in order.windows(2) {
            assert!(binary_binding(w[0]) > binary_binding(w[1]), "{w:?}");
        }
        assert_eq!(binary_binding("?"), None);
    }
}
