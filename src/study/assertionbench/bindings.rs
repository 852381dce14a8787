//! `bindings.sva`: `bind <top> i_<top> v_<top>(.port(actual), ...);`, which binds the
//! property module into the design. The ports connect the property module's inputs to
//! the design's signals, internal ones too (`.a_FF(a_FF)`), so the assertions see the
//! design's scope.

use super::scan::{blank_comments, identifier_at, matching_paren, skip_space};

/// One `bind` statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    /// The design module bound into (`bind <target>`).
    pub target: String,
    /// The property module instantiated (`i_<top>`).
    pub module: String,
    /// The instance's name (`v_<top>`).
    pub instance: String,
    /// Named connections `.formal(actual)` in order; `actual` as written, trimmed.
    pub ports: Vec<(String, String)>,
}

impl Binding {
    /// The connections whose actual is not the formal's own name (`.x(y)`, `.x(a[3])`).
    pub fn renamed_ports(&self) -> impl Iterator<Item = (&str, &str)> {
        self.ports
            .iter()
            .filter(|(f, a)| f != a)
            .map(|(f, a)| (f.as_str(), a.as_str()))
    }
}

/// Every `bind` statement of the text (comments ignored); `Err` with a message and the
/// byte offset where a statement stops making sense.
pub fn parse_bindings(text: &str) -> Result<Vec<Binding>, (usize, String)> {
    let blank = blank_comments(text);
    let mut out = Vec::new();
    let words: Vec<usize> = super::scan::find_words(&blank, "bind").collect();
    for at in words {
        let (target, end) = identifier_at(&blank, at + 4)
            .ok_or((at, "expected the design module after `bind`".to_string()))?;
        let (module, end) = identifier_at(&blank, end).ok_or((
            end,
            "expected the property module after the bind target".to_string(),
        ))?;
        let (instance, end) = identifier_at(&blank, end).ok_or((
            end,
            "expected the instance name after the property module".to_string(),
        ))?;
        let open = skip_space(blank.as_bytes(), end);
        if blank.as_bytes().get(open) != Some(&b'(') {
            return Err((open, "expected `(` and the port connections".into()));
        }
        let close = matching_paren(&blank, open)
            .ok_or((open, "the port list is not closed with `)`".to_string()))?;
        out.push(Binding {
            target: target.to_string(),
            module: module.to_string(),
            instance: instance.to_string(),
            ports: ports(&blank[open + 1..close]).map_err(|(o, m)| (open + 1 + o, m))?,
        });
    }
    Ok(out)
}

/// `.a(a), .b(x[1])` into (formal, actual) pairs.
fn ports(list: &str) -> Result<Vec<(String, String)>, (usize, String)> {
    let bytes = list.as_bytes();
    let mut out = Vec::new();
    let mut at = skip_space(bytes, 0);
    while at < bytes.len() {
        if bytes[at] != b'.' {
            return Err((at, "expected a named connection `.port(signal)`".into()));
        }
        let (formal, end) = identifier_at(list, at + 1)
            .ok_or((at, "expected a port name after `.`".to_string()))?;
        let open = skip_space(bytes, end);
        if bytes.get(open) != Some(&b'(') {
            return Err((open, format!("expected `(` after `.{formal}`")));
        }
        let close = matching_paren(list, open)
            .ok_or((open, format!("the connection of `.{formal}` is not closed")))?;
        out.push((formal.to_string(), list[open + 1..close].trim().to_string()));
        at = skip_space(bytes, close + 1);
        if bytes.get(at) == Some(&b',') {
            at = skip_space(bytes, at + 1);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_bind_of_a_design() {
        let text = "bind fht_bfly\n i_fht_bfly v_fht_bfly(\n.a(a),\n.a_FF(a_FF), // internal\n.c( c[3:0] )\n);";
        let b = parse_bindings(text).unwrap();
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].target, "fht_bfly");
        assert_eq!(b[0].module, "i_fht_bfly");
        assert_eq!(b[0].instance, "v_fht_bfly");
        assert_eq!(b[0].ports[1], ("a_FF".to_string(), "a_FF".to_string()));
        let renamed: Vec<_> = b[0].renamed_ports().collect();
        assert_eq!(renamed, [("c", "c[3:0]")]);
    }

    #[test]
    fn broken_binds_are_located() {
        assert_eq!(parse_bindings("").unwrap(), []);
        let e = parse_bindings("bind t i v (.a(a), b)").unwrap_err();
        assert!(e.1.contains("named connection"), "{e:?}");
        let e = parse_bindings("bind t i v (.a(a)").unwrap_err();
        assert!(e.1.contains("not closed"), "{e:?}");
        assert!(parse_bindings("bind t").is_err());
    }
}
