//! Building the model of a design once for all its properties: one yosys run reads the
//! design with every monitor in it, elaborates and flattens the top module, writes the
//! JSON netlist (ports, signals, flip-flop clocks) and one AIGER file whose bad-state
//! outputs are every property's `bad` and `trig` wires, the design's outputs and the
//! counterexample rows. Only stable, documented commands are used (see docs/formal.md).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::aiger::{Aig, AigMap, parse_aig, parse_map};
use super::harness::{Harness, Line};
use super::netlist::Netlist;
use super::process;
use super::tools::Tools;
use crate::formal::design::{Design, Module};

/// The yosys script after reading the files (`{top}` is the top module).
const SCRIPT: &str = "hierarchy -check -top {top}
proc
chformal -remove
flatten
memory_map
opt_clean
async2sync
setundef -undriven -anyseq
write_json netlist.json
expose w:flipscope_p*_bad w:flipscope_p*_trig w:flipscope_p*_late w:flipscope_p*_x*
techmap
dffunmap
aigmap
opt_clean
write_aiger -zinit -miter -vmap model.aim model.aig
";

/// Limits on what one model may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of source text of one design.
    pub source_bytes: usize,
    /// AND gates of the AIGER model.
    pub gates: usize,
    /// Latches (flip-flop bits) of the AIGER model.
    pub latches: usize,
    /// Time yosys may take to build one model.
    pub build_time: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            source_bytes: 4 << 20,
            gates: 2_000_000,
            latches: 200_000,
            build_time: Duration::from_secs(300),
        }
    }
}

/// A built model.
pub struct Model {
    pub dir: PathBuf,
    pub aig_path: PathBuf,
    pub aig: Aig,
    pub map: AigMap,
    pub netlist: Netlist,
    pub harness: Harness,
    /// Identifiers yosys declared implicitly, per block: (entry, identifier).
    pub undeclared: Vec<(usize, String)>,
    /// The name of the harness file of the top module (in flop `src` attributes).
    pub top_file: String,
}

/// Why a model could not be built.
#[derive(Debug)]
pub enum Failure {
    /// The design itself: its message, located in the user's file.
    Design(String),
    /// Entry `i`'s monitor: yosys's message.
    Entry(usize, String),
    /// The reset expression.
    Reset(String),
    /// Beyond the limits.
    TooLarge(String),
}

/// The name of design file `i` in the work directory.
fn work_name(i: usize) -> String {
    format!("d{i}.sv")
}

/// Builds the model of `design` with the monitors of `harness` placed in the file of
/// `top`.
pub fn build(
    tools: &Tools,
    design: &Design,
    top: &Module,
    harness: Harness,
    dir: &Path,
    limits: &Limits,
) -> Result<Model, Failure> {
    let io = |e: std::io::Error| Failure::Design(format!("cannot write the model's files: {e}"));
    let mut read = String::from("read_verilog -formal -sv");
    let mut dirs: Vec<&Path> = design
        .files
        .iter()
        .filter_map(|f| f.include_dir.as_deref())
        .collect();
    dirs.dedup();
    for d in dirs {
        read.push_str(&format!(" -I {}", quote(&d.display().to_string())));
    }
    let texts: Vec<&str> = design
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            if i == top.file {
                harness.text.as_str()
            } else {
                f.text.as_str()
            }
        })
        .collect();
    // yosys 0.23 rejects `import pkg::*;`: imports become qualified names.
    let texts = super::packages::resolve_imports(&texts);
    for (i, text) in texts.iter().enumerate() {
        std::fs::write(dir.join(work_name(i)), text).map_err(io)?;
    }
    // Files that declare packages are read first.
    let mut order: Vec<usize> = (0..texts.len()).collect();
    order.sort_by_key(|&i| !texts[i].contains("endpackage"));
    for i in order {
        read.push(' ');
        read.push_str(&work_name(i));
    }
    let script = format!("{read}\n{}", SCRIPT.replace("{top}", &quote(&top.name)));
    std::fs::write(dir.join("model.ys"), script).map_err(io)?;
    // A run that fails without a word (killed by a signal, out of memory) is tried
    // once more.
    let mut run = None;
    for _ in 0..2 {
        let mut cmd = Command::new(&tools.yosys);
        cmd.args(["-q", "-s", "model.ys"]);
        let r = process::run(cmd, dir, limits.build_time)
            .map_err(|e| Failure::Design(format!("cannot run yosys: {e}")))?;
        let silent = !r.success()
            && !r.timed_out()
            && !r.stdout.contains("ERROR")
            && !r.stderr.contains("ERROR");
        run = Some(r);
        if !silent {
            break;
        }
    }
    let run = run.expect("yosys ran");
    if run.timed_out() {
        return Err(Failure::TooLarge(format!(
            "yosys did not finish building the model within {} s",
            limits.build_time.as_secs()
        )));
    }
    let log = format!("{}\n{}", run.stdout, run.stderr);
    let top_file = work_name(top.file);
    let messages = messages(&log);
    let mut undeclared = Vec::new();
    for m in &messages {
        if m.error {
            continue;
        }
        if m.file.as_deref() == Some(top_file.as_str())
            && let (Some(line), Some(name)) = (m.line, implicit_name(&m.text))
            && let Line::Block(i) = harness.line(line)
        {
            undeclared.push((i, name));
        }
    }
    if !run.success() {
        let error = messages.iter().find(|m| m.error);
        let status = run.status.map_or("killed".to_string(), |s| s.to_string());
        return Err(classify(error, design, &harness, &top_file, &log, &status));
    }
    let aig_path = dir.join("model.aig");
    let bytes = std::fs::read(&aig_path)
        .map_err(|e| Failure::Design(format!("yosys wrote no model: {e}")))?;
    let aig = parse_aig(&bytes).map_err(|e| Failure::Design(format!("yosys's model: {e}")))?;
    if aig.ands.len() > limits.gates || aig.latches.len() > limits.latches {
        return Err(Failure::TooLarge(format!(
            "the design is too large for the limits: its model has {} AND gates and {} latches (limits {} and {})",
            aig.ands.len(),
            aig.latches.len(),
            limits.gates,
            limits.latches
        )));
    }
    let map = parse_map(&std::fs::read_to_string(dir.join("model.aim")).unwrap_or_default());
    let json = std::fs::read_to_string(dir.join("netlist.json"))
        .map_err(|e| Failure::Design(format!("yosys wrote no netlist: {e}")))?;
    let netlist = Netlist::from_json(&json, &top.name).map_err(Failure::Design)?;
    Ok(Model {
        dir: dir.to_path_buf(),
        aig_path,
        aig,
        map,
        netlist,
        harness,
        undeclared,
        top_file,
    })
}

fn quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "_/.-$\\".contains(c))
    {
        s.to_string()
    } else {
        format!("\"{}\"", s.replace('"', "\\\""))
    }
}

/// One message of yosys's log.
#[derive(Debug, PartialEq, Eq)]
struct Message {
    file: Option<String>,
    line: Option<usize>,
    error: bool,
    text: String,
}

/// The `ERROR:` and `Warning:` lines of a log, with their `file:line` when given.
fn messages(log: &str) -> Vec<Message> {
    let mut out = Vec::new();
    for raw in log.lines() {
        let line = raw.trim();
        for (tag, error) in [("ERROR: ", true), ("Warning: ", false)] {
            let Some(at) = line.find(tag) else { continue };
            let text = line[at + tag.len()..].trim().to_string();
            let place = line[..at].trim().trim_end_matches(':');
            let (file, num) = match place.rsplit_once(':') {
                Some((f, rest)) => {
                    let n = rest.split(['.', '-']).next().unwrap_or("");
                    (Some(f.to_string()), n.parse().ok())
                }
                None => (None, None),
            };
            out.push(Message {
                file: file.filter(|f| !f.is_empty()),
                line: num,
                error,
                text,
            });
            break;
        }
    }
    out
}

/// `Identifier `\x' is implicitly declared.` -> `x`.
fn implicit_name(text: &str) -> Option<String> {
    let rest = text.strip_prefix("Identifier `")?;
    let (name, tail) = rest.split_once('\'')?;
    tail.contains("implicitly declared")
        .then(|| name.trim_start_matches('\\').to_string())
}

/// Whose fault a failed build is.
fn classify(
    error: Option<&Message>,
    design: &Design,
    harness: &Harness,
    top_file: &str,
    log: &str,
    status: &str,
) -> Failure {
    let Some(m) = error else {
        let tail: Vec<&str> = log
            .lines()
            .rev()
            .filter(|l| !l.trim().is_empty())
            .take(3)
            .collect();
        let said = if tail.is_empty() {
            "no message".to_string()
        } else {
            tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
        };
        return Failure::Design(format!("yosys failed ({status}): {said}"));
    };
    let user_file = |name: &str| {
        name.strip_prefix('d')
            .and_then(|r| r.strip_suffix(".sv"))
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|i| design.files.get(i))
            .map(|f| f.path.clone())
    };
    match (&m.file, m.line) {
        (Some(f), Some(n)) if f == top_file => match harness.line(n) {
            Line::Block(i) => Failure::Entry(i, m.text.clone()),
            Line::Header => Failure::Reset(m.text.clone()),
            Line::User(n) => Failure::Design(format!(
                "{}:{n}: yosys: {}",
                user_file(f).unwrap_or_else(|| f.clone()),
                m.text
            )),
        },
        (Some(f), Some(n)) => Failure::Design(format!(
            "{}:{n}: yosys: {}",
            user_file(f).unwrap_or_else(|| f.clone()),
            m.text
        )),
        _ => Failure::Design(format!("yosys: {}", rename_files(&m.text, design))),
    }
}

/// Replaces work file names (`d0.sv`) in a message by the user's.
fn rename_files(text: &str, design: &Design) -> String {
    let mut out = text.to_string();
    for (i, f) in design.files.iter().enumerate().rev() {
        out = out.replace(&work_name(i), &f.path);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_located_messages() {
        let log = "d0.sv:3: ERROR: syntax error, unexpected '@'\nd1.sv:12.5-12.9: Warning: Identifier `\\nosuch' is implicitly declared.\nERROR: Module `\\x' not found!\n";
        let m = messages(log);
        assert_eq!(m.len(), 3);
        assert_eq!(
            m[0],
            Message {
                file: Some("d0.sv".into()),
                line: Some(3),
                error: true,
                text: "syntax error, unexpected '@'".into()
            }
        );
        assert_eq!(m[1].line, Some(12));
        assert_eq!(implicit_name(&m[1].text).as_deref(), Some("nosuch"));
        assert_eq!(m[2].file, None);
    }
}
