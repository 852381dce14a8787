//! Counterexamples: a witness replayed through the model gives, per cycle, the value of
//! every interface signal and of every sub-expression row of the property; the trace
//! ends at the first cycle where the property fails. A witness that does not make the
//! property fail on replay is never reported as a failure.

use super::engine::aiger::{Aig, AigMap, Witness, simulate};
use super::engine::netlist::Netlist;
use super::outcome::{Counterexample, SignalRole, TraceSignal};

/// What the replay needs to know about one property.
pub struct Rows<'a> {
    /// The property's wire prefix (`flipscope_p3_`).
    pub prefix: String,
    /// Sub-expression rows: (text as written, wire name without the prefix).
    pub expressions: &'a [(String, String)],
    /// The clock signal (not shown: one row per tick already).
    pub clock: &'a str,
}

/// Replays `witness` and builds the counterexample of the property whose monitor has
/// the prefix of `rows`, or says why the witness does not show a failure.
pub fn counterexample(
    aig: &Aig,
    map: &AigMap,
    netlist: &Netlist,
    witness: &Witness,
    rows: &Rows,
) -> Result<Counterexample, String> {
    let outputs = simulate(aig, witness);
    let by_name = map.outputs_by_name();
    let bad_name = format!("{}bad", rows.prefix);
    let Some(bad) = by_name.get(bad_name.as_str()).and_then(|b| b.first()) else {
        return Err(format!("the model has no output `{bad_name}`"));
    };
    let Some(fail_cycle) = outputs.iter().position(|o| o[bad.1]) else {
        return Err("the counterexample does not make the property fail when replayed".into());
    };
    let cycles = fail_cycle + 1;
    let mut signals = Vec::new();
    let inputs = map.inputs_by_name();
    for port in &netlist.ports {
        if port.name == rows.clock {
            continue;
        }
        let (role, bits) = if port.input {
            let Some(bits) = inputs.get(port.name.as_str()) else {
                continue;
            };
            let values = (0..cycles)
                .map(|c| value(bits, |i| witness.frames[c].get(i).copied().unwrap_or(false)))
                .collect();
            (SignalRole::Input, (bits, values))
        } else {
            let Some(bits) = by_name.get(port.name.as_str()) else {
                continue;
            };
            let values = (0..cycles)
                .map(|c| value(bits, |i| outputs[c][i]))
                .collect();
            (SignalRole::Output, (bits, values))
        };
        signals.push(TraceSignal {
            name: port.name.clone(),
            role,
            width: width(bits.0),
            values: bits.1,
        });
    }
    for (text, wire) in rows.expressions {
        // A port's own row is already there.
        if netlist.is_port(text) {
            continue;
        }
        let name = format!("{}{}", rows.prefix, wire);
        let Some(bits) = by_name.get(name.as_str()) else {
            continue;
        };
        signals.push(TraceSignal {
            name: text.clone(),
            role: SignalRole::Expression,
            width: width(bits),
            values: (0..cycles)
                .map(|c| value(bits, |i| outputs[c][i]))
                .collect(),
        });
    }
    for (label, wire) in [("antecedent matched", "trig"), ("property fails", "bad")] {
        let name = format!("{}{}", rows.prefix, wire);
        if let Some(bits) = by_name.get(name.as_str()) {
            signals.push(TraceSignal {
                name: format!("[{label}]"),
                role: SignalRole::Monitor,
                width: 1,
                values: (0..cycles)
                    .map(|c| value(bits, |i| outputs[c][i]))
                    .collect(),
            });
        }
    }
    Ok(Counterexample {
        fail_cycle,
        signals,
    })
}

fn width(bits: &[(usize, usize)]) -> usize {
    bits.iter().map(|b| b.0 + 1).max().unwrap_or(0)
}

/// The binary text of a signal whose bit `b` is at index `i` for each `(b, i)`.
fn value(bits: &[(usize, usize)], get: impl Fn(usize) -> bool) -> String {
    let w = width(bits);
    let mut digits = vec!['0'; w];
    for &(b, i) in bits {
        if get(i) {
            digits[w - 1 - b] = '1';
        }
    }
    digits.into_iter().collect()
}

/// A value for a table: `0`/`1` for one bit, decimal for more.
pub fn display(value: &str) -> String {
    if value.len() <= 1 {
        return value.to_string();
    }
    if value.len() <= 128
        && let Ok(n) = u128::from_str_radix(value, 2)
    {
        return n.to_string();
    }
    format!("'b{value}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_msb_first() {
        assert_eq!(value(&[(0, 0), (1, 1), (2, 2)], |i| i == 0), "001");
        assert_eq!(value(&[(0, 5)], |_| true), "1");
        assert_eq!(display("101"), "5");
        assert_eq!(display("1"), "1");
    }
}
