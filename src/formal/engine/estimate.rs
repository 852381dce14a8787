//! The size of a model estimated before it is built: from the cells of the elaborated
//! design (yosys's JSON netlist, before `techmap`), an upper estimate of the AND gates
//! each becomes (a W×W multiplier about 8·W², an adder about 8·W, ...) and the exact
//! count of flip-flop bits. A design estimated at more than twice `--max-gates`, or with
//! more flip-flop bits than `--max-latches`, is refused before the expensive part of
//! the build (a 256-bit multiplier took yosys minutes and gigabytes to map).

use serde_json::Value;

use super::limits::Limits;

/// An estimate more than this many times the gate limit is refused before building
/// (the estimate is rough; the built model is checked exactly).
pub const MARGIN: usize = 2;

/// An integer parameter of a cell (yosys writes them as binary strings or numbers).
fn param(cell: &Value, name: &str) -> usize {
    match cell.get("parameters").and_then(|p| p.get(name)) {
        Some(Value::Number(n)) => n.as_u64().unwrap_or(0) as usize,
        Some(Value::String(s)) => {
            let bits = s.trim_start_matches('0');
            if bits.len() > 40 || !bits.chars().all(|c| c == '1' || c == '0') {
                0
            } else {
                usize::from_str_radix(if bits.is_empty() { "0" } else { bits }, 2).unwrap_or(0)
            }
        }
        _ => 0,
    }
}

/// (AND gates, flip-flop bits) a cell becomes, roughly.
fn cost(cell: &Value) -> (usize, usize) {
    let kind = cell.get("type").and_then(Value::as_str).unwrap_or("");
    let a = param(cell, "A_WIDTH");
    let b = param(cell, "B_WIDTH");
    let y = param(cell, "Y_WIDTH");
    let w = param(cell, "WIDTH");
    let widest = a.max(b).max(y).max(w).max(1);
    let gates = match kind {
        "$mul" => 8usize
            .saturating_mul(a.min(y.max(1)))
            .saturating_mul(b.min(y.max(1))),
        "$div" | "$mod" | "$divfloor" | "$modfloor" | "$pow" => {
            16usize.saturating_mul(a.max(1)).saturating_mul(b.max(1))
        }
        "$add" | "$sub" | "$neg" | "$alu" | "$lt" | "$le" | "$gt" | "$ge" | "$macc" => {
            8usize.saturating_mul(widest)
        }
        "$shl" | "$shr" | "$sshl" | "$sshr" | "$shift" | "$shiftx" => {
            3usize.saturating_mul(widest).saturating_mul(b.clamp(1, 64))
        }
        "$pmux" => 3usize
            .saturating_mul(w.max(1))
            .saturating_mul(param(cell, "S_WIDTH").max(1)),
        _ => 3usize.saturating_mul(widest),
    };
    let flops = if kind.contains("dff") || kind.contains("dlatch") || kind == "$sr" {
        w.max(1)
    } else {
        0
    };
    (gates, flops)
}

/// Why the design of `top` in `json` is beyond `limits` before its model is built, if
/// it is.
pub fn beyond_limits(json: &str, top: &str, limits: &Limits) -> Option<String> {
    let v: Value = serde_json::from_str(json).ok()?;
    let modules = v.get("modules")?.as_object()?;
    let m = modules.get(top)?;
    let (mut gates, mut flops) = (0usize, 0usize);
    for cell in m.get("cells")?.as_object()?.values() {
        let (g, f) = cost(cell);
        gates = gates.saturating_add(g);
        flops = flops.saturating_add(f);
    }
    if flops > limits.latches {
        return Some(format!(
            "the design is too large for the limits: {flops} flip-flop bits before building \
             (limit {}, --max-latches)",
            limits.latches
        ));
    }
    if gates > limits.gates.saturating_mul(MARGIN) {
        return Some(format!(
            "the design is too large for the limits: an estimated {gates} AND gates before \
             building (limit {}, --max-gates)",
            limits.gates
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn netlist(cells: &str) -> String {
        format!(r#"{{"modules": {{"m": {{"cells": {{{cells}}}}}}}}}"#)
    }

    #[test]
    fn a_wide_multiplier_is_refused_before_building() {
        let mul = r#""c": {"type": "$mul", "parameters": {"A_WIDTH": "00000000000000000000000100000000", "B_WIDTH": 256, "Y_WIDTH": 512}}"#;
        let limits = Limits {
            gates: 1000,
            ..Limits::default()
        };
        let why = beyond_limits(&netlist(mul), "m", &limits).unwrap();
        assert!(why.contains("524288 AND gates"), "{why}");
        assert_eq!(beyond_limits(&netlist(mul), "m", &Limits::default()), None);
        let ff = r#""f": {"type": "$dff", "parameters": {"WIDTH": 300000}}"#;
        assert!(
            beyond_limits(&netlist(ff), "m", &Limits::default())
                .unwrap()
                .contains("300000 flip-flop bits")
        );
    }
}
