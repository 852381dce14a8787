//! The AIGER model yosys writes (`write_aiger -zinit -miter -vmap`): the binary graph,
//! its map file (which input, latch and bad-state output is which bit of which wire),
//! and a simulator that replays a witness (inputs per cycle) through it, so that every
//! counterexample is confirmed and shown with the values of every exposed signal.

use std::collections::HashMap;

/// A parsed binary AIGER file (format 1.9; the miter's outputs are bad states).
#[derive(Clone, Debug)]
pub struct Aig {
    pub inputs: usize,
    pub latches: Vec<u32>,
    /// Outputs then bad-state literals, in file order (what ABC numbers as POs).
    pub outputs: Vec<u32>,
    /// AND gates: (lhs variable is `inputs + latches + 1 + index`), rhs literals.
    pub ands: Vec<(u32, u32)>,
}

/// The symbols of the map file.
#[derive(Clone, Debug, Default)]
pub struct AigMap {
    /// Input index -> (bit, wire name); `init` inputs (initial values) are absent.
    pub inputs: HashMap<usize, (usize, String)>,
    /// Output (PO) index -> (bit, wire name) of every wire it is (aliases included).
    pub outputs: HashMap<usize, Vec<(usize, String)>>,
}

impl AigMap {
    /// Output indices by wire name, with each output's bit: name -> [(bit, index)].
    pub fn outputs_by_name(&self) -> HashMap<&str, Vec<(usize, usize)>> {
        let mut out: HashMap<&str, Vec<(usize, usize)>> = HashMap::new();
        for (&index, names) in &self.outputs {
            for (bit, name) in names {
                out.entry(name.as_str()).or_default().push((*bit, index));
            }
        }
        for bits in out.values_mut() {
            bits.sort();
        }
        out
    }

    /// Input indices by wire name: name -> [(bit, index)].
    pub fn inputs_by_name(&self) -> HashMap<&str, Vec<(usize, usize)>> {
        let mut out: HashMap<&str, Vec<(usize, usize)>> = HashMap::new();
        for (&index, (bit, name)) in &self.inputs {
            out.entry(name.as_str()).or_default().push((*bit, index));
        }
        for bits in out.values_mut() {
            bits.sort();
        }
        out
    }
}

/// Reads a binary AIGER file.
pub fn parse_aig(bytes: &[u8]) -> Result<Aig, String> {
    let mut pos = 0;
    let mut line = || -> Result<&[u8], String> {
        let start = pos;
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map(|n| start + n)
            .ok_or("the AIGER file ends early")?;
        pos = end + 1;
        Ok(&bytes[start..end])
    };
    let header = String::from_utf8_lossy(line()?).into_owned();
    let fields: Vec<&str> = header.split_whitespace().collect();
    if fields.first() != Some(&"aig") || fields.len() < 6 {
        return Err(format!("not a binary AIGER header: `{header}`"));
    }
    let num = |i: usize| -> Result<usize, String> {
        fields.get(i).map_or(Ok(0), |f| {
            f.parse()
                .map_err(|_| format!("bad AIGER header `{header}`"))
        })
    };
    let (m, i, l, o, a) = (num(1)?, num(2)?, num(3)?, num(4)?, num(5)?);
    let (b, c, j, f) = (num(6)?, num(7)?, num(8)?, num(9)?);
    if m != i + l + a {
        return Err(format!("inconsistent AIGER header `{header}`"));
    }
    if c + j + f > 0 {
        return Err("the AIGER model has constraints or liveness properties".into());
    }
    let lit = |s: &[u8]| -> Result<u32, String> {
        let text = String::from_utf8_lossy(s);
        let first = text.split_whitespace().next().unwrap_or("");
        first
            .parse()
            .map_err(|_| format!("bad AIGER literal `{text}`"))
    };
    let mut latches = Vec::with_capacity(l);
    for _ in 0..l {
        let s = line()?;
        let text = String::from_utf8_lossy(s);
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() > 1 && parts[1] != "0" {
            return Err("the AIGER model has a latch not reset to 0".into());
        }
        latches.push(lit(s)?);
    }
    let mut outputs = Vec::with_capacity(o + b);
    for _ in 0..o + b {
        outputs.push(lit(line()?)?);
    }
    let mut ands = Vec::with_capacity(a);
    let mut read_delta = || -> Result<u32, String> {
        let mut x: u32 = 0;
        let mut shift = 0;
        loop {
            let byte = *bytes.get(pos).ok_or("the AIGER file ends in its gates")?;
            pos += 1;
            x |= u32::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(x);
            }
            shift += 7;
            if shift > 28 {
                return Err("bad AIGER gate encoding".into());
            }
        }
    };
    for k in 0..a {
        let lhs = 2 * (i + l + k + 1) as u32;
        let d0 = read_delta()?;
        let d1 = read_delta()?;
        let r0 = lhs.checked_sub(d0).ok_or("bad AIGER gate")?;
        let r1 = r0.checked_sub(d1).ok_or("bad AIGER gate")?;
        ands.push((r0, r1));
    }
    Ok(Aig {
        inputs: i,
        latches,
        outputs,
        ands,
    })
}

/// Reads the map file of `write_aiger -vmap` (`input N BIT NAME`, `output N BIT NAME`,
/// ...; names may hold spaces).
pub fn parse_map(text: &str) -> AigMap {
    let mut map = AigMap::default();
    for line in text.lines() {
        let mut parts = line.splitn(4, ' ');
        let (Some(kind), Some(index), Some(bit), Some(name)) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let (Ok(index), Ok(bit)) = (index.parse::<usize>(), bit.parse::<usize>()) else {
            continue;
        };
        match kind {
            "input" => {
                map.inputs.insert(index, (bit, name.to_string()));
            }
            "output" => {
                map.outputs
                    .entry(index)
                    .or_default()
                    .push((bit, name.to_string()));
            }
            _ => {}
        }
    }
    map
}

/// A witness: the input values of every cycle (the latches start at 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    pub frames: Vec<Vec<bool>>,
}

/// Reads the witness `write_cex -a` writes for an AIG with `inputs` inputs and
/// `latches` latches: optional status lines, the initial latch values, then the inputs
/// of each cycle (one line per cycle, or all on one line), ended by `.` or `#` comment.
pub fn parse_witness(text: &str, inputs: usize, latches: usize) -> Result<Witness, String> {
    let mut lines: Vec<&str> = text
        .lines()
        .map(|raw| raw.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty() && *l != ".")
        .collect();
    // The AIGER witness header (`1` then `b0`), when the tool writes one.
    let property_line = |l: &str| {
        l.len() > 1
            && l.starts_with(['b', 'c', 'j', 'f'])
            && l[1..].chars().all(|c| c.is_ascii_digit())
    };
    if lines.len() >= 2 && matches!(lines[0], "0" | "1" | "2") && property_line(lines[1]) {
        lines.drain(..2);
    }
    let mut bits: Vec<&str> = Vec::new();
    for line in lines {
        if !line.chars().all(|c| matches!(c, '0' | '1' | 'x' | 'X')) {
            return Err(format!("unexpected witness line `{line}`"));
        }
        bits.push(line);
    }
    let Some((init, rest)) = bits.split_first() else {
        return Err("the witness is empty".into());
    };
    if init.len() != latches {
        return Err(format!(
            "the witness has {} initial latch values for {latches} latches",
            init.len()
        ));
    }
    if init.chars().any(|c| c == '1') {
        return Err("the witness starts from a state the model cannot start in".into());
    }
    let all: Vec<bool> = rest.concat().chars().map(|c| c == '1').collect();
    if inputs == 0 || all.is_empty() || !all.len().is_multiple_of(inputs) {
        return Err(format!(
            "the witness has {} input values for {inputs} inputs per cycle",
            all.len()
        ));
    }
    Ok(Witness {
        frames: all.chunks(inputs).map(<[bool]>::to_vec).collect(),
    })
}

/// Replays `witness` through `aig`: the value of every output at every cycle.
pub fn simulate(aig: &Aig, witness: &Witness) -> Vec<Vec<bool>> {
    let vars = aig.inputs + aig.latches.len() + aig.ands.len() + 1;
    let mut value = vec![false; vars];
    let mut state = vec![false; aig.latches.len()];
    let read = |value: &[bool], lit: u32| value[(lit >> 1) as usize] ^ (lit & 1 == 1);
    let mut out = Vec::with_capacity(witness.frames.len());
    for frame in &witness.frames {
        for (k, &v) in frame.iter().enumerate().take(aig.inputs) {
            value[1 + k] = v;
        }
        for (k, &s) in state.iter().enumerate() {
            value[1 + aig.inputs + k] = s;
        }
        let base = 1 + aig.inputs + aig.latches.len();
        for (k, &(a, b)) in aig.ands.iter().enumerate() {
            value[base + k] = read(&value, a) && read(&value, b);
        }
        out.push(aig.outputs.iter().map(|&l| read(&value, l)).collect());
        for (k, &next) in aig.latches.iter().enumerate() {
            state[k] = read(&value, next);
        }
    }
    out
}

/// The tests' smallest model, `aig 3 1 1 0 1 1`: input x (lit 2), latch q (lit 4) <- x,
/// bad = x & q (lit 6), which rises first at cycle 1 (x in cycles 0 and 1).
#[cfg(test)]
pub(super) fn toy_aig() -> Aig {
    let mut bytes = b"aig 3 1 1 0 1 1\n2\n6\n".to_vec();
    // and 6 = 4 & 2: deltas 6-4 = 2, 4-2 = 2.
    bytes.extend([2u8, 2u8]);
    parse_aig(&bytes).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `aig 3 1 1 0 1 1`: input x (lit 2), latch q (lit 4) <- x, bad = x & q (lit 6).
    fn toy() -> Vec<u8> {
        let mut b = b"aig 3 1 1 0 1 1\n2\n6\n".to_vec();
        // and 6 = 4 & 2: deltas 6-4 = 2, 4-2 = 2.
        b.extend([2, 2]);
        b.extend(b"c\ncomment\n");
        b
    }

    #[test]
    fn parses_and_replays_a_model() {
        let aig = parse_aig(&toy()).unwrap();
        assert_eq!(
            (aig.inputs, aig.latches.len(), aig.outputs.len()),
            (1, 1, 1)
        );
        let w = parse_witness("1\nb0\n0\n1\n1\n.\n", 1, 1).unwrap();
        assert_eq!(w.frames, [vec![true], vec![true]]);
        assert_eq!(simulate(&aig, &w), [vec![false], vec![true]]);
        let w = parse_witness("0\n11# DONE", 1, 1).unwrap();
        assert_eq!(w.frames.len(), 2);
        assert!(parse_witness("00\n1\n", 1, 1).is_err());
    }

    #[test]
    fn reads_map_lines() {
        let map = parse_map(
            "input 0 0 clk\ninput 1 2 a b\ninit 2 0 q\noutput 0 1 flipscope_p0_bad\noutput 0 1 w\nlatch 0 0 q\n",
        );
        assert_eq!(map.inputs[&1], (2, "a b".to_string()));
        assert_eq!(
            map.outputs[&0],
            [(1, "flipscope_p0_bad".to_string()), (1, "w".to_string())]
        );
        assert_eq!(map.outputs_by_name()["w"], [(1, 0)]);
        assert_eq!(map.inputs.len(), 2);
    }
}
