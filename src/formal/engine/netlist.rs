//! What flipscope reads from yosys's JSON netlist of the elaborated top module (the
//! documented `write_json` format): its ports, its named signals, and the clock of
//! every flip-flop (a design is checked only when all its flip-flops share the
//! property's clock and edge).

use std::collections::HashSet;

use serde_json::Value;

/// A port of the top module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    pub name: String,
    pub input: bool,
    pub width: usize,
}

/// A flip-flop's clock: the bits of its clock signal, its edge, and the `src` of the
/// cell (`file:line.col-line.col`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlopClock {
    pub bits: Vec<Value>,
    pub posedge: bool,
    pub src: String,
}

/// The elaborated top module.
#[derive(Clone, Debug, Default)]
pub struct Netlist {
    pub ports: Vec<Port>,
    /// Every named signal (ports included).
    pub signals: HashSet<String>,
    pub flops: Vec<FlopClock>,
    /// The bits of each named signal.
    bits: std::collections::HashMap<String, Vec<Value>>,
}

impl Netlist {
    /// Reads the module `top` of a `write_json` file.
    pub fn from_json(text: &str, top: &str) -> Result<Netlist, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("yosys JSON: {e}"))?;
        let modules = v
            .get("modules")
            .and_then(Value::as_object)
            .ok_or("yosys JSON has no modules")?;
        let m = modules
            .get(top)
            .or_else(|| {
                (modules.len() == 1)
                    .then(|| modules.values().next())
                    .flatten()
            })
            .ok_or_else(|| format!("yosys JSON has no module `{top}`"))?;
        let mut out = Netlist::default();
        if let Some(ports) = m.get("ports").and_then(Value::as_object) {
            for (name, p) in ports {
                let dir = p.get("direction").and_then(Value::as_str).unwrap_or("");
                let width = p.get("bits").and_then(Value::as_array).map_or(0, Vec::len);
                out.ports.push(Port {
                    name: name.clone(),
                    input: dir == "input",
                    width,
                });
            }
        }
        if let Some(nets) = m.get("netnames").and_then(Value::as_object) {
            for (name, n) in nets {
                if n.get("hide_name").and_then(Value::as_u64) == Some(1) {
                    continue;
                }
                out.signals.insert(name.clone());
                if let Some(bits) = n.get("bits").and_then(Value::as_array) {
                    out.bits.insert(name.clone(), bits.clone());
                }
            }
        }
        if let Some(cells) = m.get("cells").and_then(Value::as_object) {
            for cell in cells.values() {
                let kind = cell.get("type").and_then(Value::as_str).unwrap_or("");
                let conns = cell.get("connections");
                let clk = conns.and_then(|c| c.get("CLK")).or_else(|| {
                    (kind.starts_with("$_") && kind.contains("DFF"))
                        .then(|| conns.and_then(|c| c.get("C")))
                        .flatten()
                });
                let Some(clk) = clk.and_then(Value::as_array) else {
                    continue;
                };
                let posedge = match cell.get("parameters").and_then(|p| p.get("CLK_POLARITY")) {
                    Some(p) => param_true(p),
                    None => fine_cell_posedge(kind),
                };
                let src = cell
                    .get("attributes")
                    .and_then(|a| a.get("src"))
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                out.flops.push(FlopClock {
                    bits: clk.clone(),
                    posedge,
                    src,
                });
            }
        }
        Ok(out)
    }

    /// The bits of a named signal.
    pub fn signal_bits(&self, name: &str) -> Option<&[Value]> {
        self.bits.get(name).map(Vec::as_slice)
    }

    pub fn is_port(&self, name: &str) -> bool {
        self.ports.iter().any(|p| p.name == name)
    }
}

/// A parameter value `"1"`, `"00000000000000000000000000000001"` or `1`.
fn param_true(v: &Value) -> bool {
    match v {
        Value::String(s) => s.ends_with('1'),
        Value::Number(n) => n.as_u64() == Some(1),
        _ => true,
    }
}

/// The clock edge of a fine-grained flip-flop from its type (`$_DFF_N_`, `$_DFFE_PN_`).
fn fine_cell_posedge(kind: &str) -> bool {
    let rest = kind.trim_start_matches("$_");
    rest.split('_').nth(1).and_then(|p| p.chars().next()) != Some('N')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ports_signals_and_clocks() {
        let json = r#"{"modules": {"t": {
            "ports": {"clk": {"direction": "input", "bits": [2]},
                      "q": {"direction": "output", "bits": [3, 4]}},
            "cells": {"$dff1": {"type": "$dff", "parameters": {"CLK_POLARITY": "1"},
                                "attributes": {"src": "a.sv:3.5-3.20"},
                                "connections": {"CLK": [2], "D": [5, 6], "Q": [3, 4]}},
                      "$g": {"type": "$_DFF_N_", "connections": {"C": [2]}},
                      "$h": {"type": "$_DFFE_NP_", "connections": {"CLK": [2]}}},
            "netnames": {"clk": {"hide_name": 0, "bits": [2]},
                         "$x": {"hide_name": 1, "bits": [5]}}}}}"#;
        let n = Netlist::from_json(json, "t").unwrap();
        assert_eq!(n.ports.len(), 2);
        assert!(n.ports[0].input && !n.ports[1].input);
        assert_eq!(n.ports[1].width, 2);
        assert!(n.signals.contains("clk") && !n.signals.contains("$x"));
        assert_eq!(n.flops.len(), 3);
        assert!(n.flops[0].posedge && !n.flops[1].posedge && !n.flops[2].posedge);
        assert_eq!(n.flops[0].src, "a.sv:3.5-3.20");
    }
}
