//! A miter of two designs with the same interface: both instantiated side by side on
//! shared inputs, one property per output saying that the two agree from the cycle
//! after reset on (`##1 (left == right)`, checked from every cycle; the reset is
//! assumed in cycle 0, as for every proof). PDR proves each one or finds a
//! counterexample: the trace of the inputs under which the designs first differ.

use super::ports::{Port, rename_module};
use crate::formal::{Design, SourceFile};

/// The miter's module name.
pub const MITER: &str = "flipscope_miter";

/// One side of a miter: its source files (the last holds its top module), and its top.
#[derive(Debug, Clone)]
pub struct Side<'a> {
    pub files: Vec<(String, &'a str)>,
    pub top: &'a str,
}

/// Why two designs cannot be compared.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MiterError {
    #[error("the interfaces differ: {0}")]
    Interface(String),
    #[error("the top module `{0}` is not in the design")]
    NoTop(String),
}

fn plain(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The miter of `left` and `right` (`left_ports` and `right_ports` their interfaces)
/// and the properties over its outputs, one `assert property` per output (labelled
/// `eq_<output>`).
pub fn miter(
    left: &Side,
    left_ports: &[Port],
    right: &Side,
    right_ports: &[Port],
    clock: &str,
) -> Result<(Design, String), MiterError> {
    let mut l: Vec<&Port> = left_ports.iter().collect();
    let mut r: Vec<&Port> = right_ports.iter().collect();
    l.sort_by(|a, b| a.name.cmp(&b.name));
    r.sort_by(|a, b| a.name.cmp(&b.name));
    let names = |v: &[&Port]| {
        v.iter()
            .map(|p| format!("{} {}{}", p.direction, p.range, p.name))
            .collect::<Vec<_>>()
    };
    if names(&l) != names(&r) {
        return Err(MiterError::Interface(format!(
            "`{}` has ({}), `{}` has ({})",
            left.top,
            names(&l).join(", "),
            right.top,
            names(&r).join(", ")
        )));
    }
    if let Some(bad) = l.iter().find(|p| !plain(&p.name)) {
        return Err(MiterError::Interface(format!(
            "the port `{}` is not a plain identifier",
            bad.name
        )));
    }
    let mut header = Vec::new();
    let mut wires = String::new();
    let mut props = String::new();
    let mut conn_l = Vec::new();
    let mut conn_r = Vec::new();
    for p in &l {
        if p.direction == "input" {
            header.push(format!("input wire {} {}", p.range, p.name));
            conn_l.push(format!(".{0}({0})", p.name));
            conn_r.push(format!(".{0}({0})", p.name));
        } else {
            wires.push_str(&format!(
                "  wire {0} left__{1};\n  wire {0} right__{1};\n",
                p.range, p.name
            ));
            conn_l.push(format!(".{0}(left__{0})", p.name));
            conn_r.push(format!(".{0}(right__{0})", p.name));
            props.push_str(&format!(
                "eq_{0}: assert property (@(posedge {clock}) ##1 (left__{0} == right__{0}));\n",
                p.name
            ));
        }
    }
    let text = format!(
        "module {MITER} (\n  {}\n);\n{wires}  flipscope_left left ({});\n  flipscope_right right ({});\nendmodule\n",
        header.join(",\n  "),
        conn_l.join(", "),
        conn_r.join(", ")
    );
    let mut files = Vec::new();
    for (side, top, name) in [
        (left, left.top, "flipscope_left"),
        (right, right.top, "flipscope_right"),
    ] {
        let Some((last_name, last)) = side.files.last() else {
            return Err(MiterError::NoTop(top.to_string()));
        };
        for (n, t) in &side.files[..side.files.len() - 1] {
            files.push(SourceFile::new(format!("{name}/{n}"), *t));
        }
        files.push(SourceFile::new(
            format!("{name}/{last_name}"),
            rename_module(last, top, name),
        ));
    }
    files.push(SourceFile::new("flipscope_miter.sv", text));
    Ok((Design::new(files, Some(MITER.to_string())), props))
}
