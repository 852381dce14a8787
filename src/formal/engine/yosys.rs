//! Building the model of a design once for all its properties: one yosys run reads the
//! design with every monitor in it, elaborates and flattens the top module, writes the
//! JSON netlist (ports, signals, flip-flop clocks) and one AIGER file whose bad-state
//! outputs are every property's `bad` and `trig` wires, the design's outputs and the
//! counterexample rows. Only stable, documented commands are used (see docs/formal.md).
//!
//! The size estimate is made while that run goes on: once the netlist is written (a
//! marker file says so), flipscope reads it, and a design beyond the limits is killed
//! before the expensive mapping ends. [`super::legacy`] builds in two runs instead
//! (elaboration to RTLIL, then the model), as issue 13 measured.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::aiger::{Aig, AigMap, parse_aig, parse_map};
use super::estimate;
use super::harness::{Harness, Line};
use super::limits::Limits;
use super::netlist::Netlist;
use super::process;
use super::stage::{self, Staged};
use super::tools::Tools;
use crate::formal::design::{Design, Module};

/// The first yosys run, after reading the files (`{top}` is the top module): the
/// elaborated, flattened design, its JSON netlist (ports, flip-flop clocks, and the
/// cells flipscope estimates the model's size from) and its RTLIL. `scc` selects the
/// cells of a combinational loop: a loop is refused here (later passes crash on one).
const ELABORATE: &str = "hierarchy -check -top {top}
proc
chformal -remove
flatten
memory_map
opt_clean
async2sync
setundef -undriven -anyseq
write_json netlist.json
scc -select
select -assert-none %
select -clear
write_rtlil model.il
";

/// The marker the one-run build writes once the netlist is written and the design has
/// no combinational loop (the estimate is made then).
const ELABORATED: &str = "elaborated.txt";

/// The one-run build: [`ELABORATE`] without the RTLIL, the marker, then [`MODEL`] on
/// the design in memory, its widths reduced (`wreduce`) before the mapping.
fn one_run_script(top: &str) -> String {
    let elaborate = ELABORATE
        .replace("{top}", top)
        .replace("write_rtlil model.il\n", "");
    // `wreduce` first: the monitors' comparisons with 32-bit constants (`c >= 0`) are
    // narrowed before `techmap` expands them (a third of the CPU time of such a build).
    let model = MODEL
        .replace("read_rtlil model.il\n", "")
        .replace("techmap\n", "wreduce\ntechmap\n");
    format!("{elaborate}tee -q -o {ELABORATED} log elaborated\n{model}")
}

/// The second run, once the size estimate is within the limits: the AIGER model.
const MODEL: &str = "read_rtlil model.il
expose w:flipscope_p*_bad w:flipscope_p*_trig w:flipscope_p*_late w:flipscope_p*_x*
techmap
dffunmap
aigmap
opt_clean
write_aiger -zinit -miter -vmap model.aim model.aig
";

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
    /// The run was interrupted (nothing about the design is known).
    Interrupted,
}

/// Whether `name` can be written in a yosys script as it is: a plain Verilog
/// identifier (an escaped one could hold `;`, a quote or a newline).
pub fn plain_identifier(name: &str) -> bool {
    name.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
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
    if !plain_identifier(&top.name) {
        return Err(Failure::Design(format!(
            "{}:{}: the top module `{}` has an escaped name: flipscope proves only modules \
             named by plain identifiers",
            design.files[top.file].path, top.line, top.name
        )));
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
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let staged = stage::stage(design, &texts, dir, limits).map_err(Failure::Design)?;
    let mut read = String::from("read_verilog -formal -sv");
    // Files that declare packages are read first.
    let mut order: Vec<usize> = (0..texts.len()).collect();
    order.sort_by_key(|&i| !texts[i].contains("endpackage"));
    for i in order {
        read.push(' ');
        read.push_str(&stage::work_name(i));
    }
    let top_file = stage::work_name(top.file);
    let failed = |run: &process::Finished| {
        let log = format!("{}\n{}", run.stdout, run.stderr);
        let found = messages(&log);
        classify(
            found.iter().find(|m| m.error),
            &staged,
            &harness,
            &top_file,
            &log,
            run,
            limits,
        )
    };
    let read_netlist = || {
        std::fs::read_to_string(dir.join("netlist.json"))
            .map_err(|e| Failure::Design(format!("yosys wrote no netlist: {e}")))
    };
    let (run, json) = if super::legacy::on() {
        let script = format!("{read}\n{}", ELABORATE.replace("{top}", &top.name));
        std::fs::write(dir.join("elaborate.ys"), script).map_err(io)?;
        let started = Instant::now();
        let run = yosys(
            tools,
            dir,
            "elaborate.ys",
            limits.build_time,
            limits,
            &mut || false,
        )?;
        if !run.success() {
            return Err(failed(&run));
        }
        let json = read_netlist()?;
        if let Some(why) = estimate::beyond_limits(&json, &top.name, limits) {
            return Err(Failure::TooLarge(why));
        }
        let first = run;
        std::fs::write(dir.join("model.ys"), MODEL).map_err(io)?;
        let left = limits.build_time.saturating_sub(started.elapsed());
        let run = yosys(tools, dir, "model.ys", left, limits, &mut || false)?;
        if !run.success() {
            return Err(failed(&run));
        }
        let _ = std::fs::remove_file(dir.join("model.il"));
        (first, json)
    } else {
        let script = format!("{read}\n{}", one_run_script(&top.name));
        std::fs::write(dir.join("model.ys"), script).map_err(io)?;
        // The estimate, made once the marker is there (while yosys maps the model).
        let mut estimated: Option<Result<String, Failure>> = None;
        let estimate = || -> Option<Result<String, Failure>> {
            if !dir.join(ELABORATED).exists() {
                return None;
            }
            Some(read_netlist().and_then(|json| {
                match estimate::beyond_limits(&json, &top.name, limits) {
                    Some(why) => Err(Failure::TooLarge(why)),
                    None => Ok(json),
                }
            }))
        };
        let run = yosys(
            tools,
            dir,
            "model.ys",
            limits.build_time,
            limits,
            &mut || {
                if estimated.is_none() {
                    estimated = estimate();
                }
                matches!(estimated, Some(Err(_)))
            },
        )?;
        if estimated.is_none() {
            estimated = estimate();
        }
        match estimated {
            Some(Err(why)) => return Err(why),
            Some(Ok(json)) if run.success() => (run, json),
            _ => return Err(failed(&run)),
        }
    };
    let log = format!("{}\n{}", run.stdout, run.stderr);
    let mut undeclared = Vec::new();
    for m in &messages(&log) {
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
    let netlist = Netlist::from_json(&json, &top.name).map_err(Failure::Design)?;
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

/// Runs yosys on `script` (a fixed name in `dir`) within `limit` and the memory limit;
/// `stop` may end it early (see [`process::run_watched`]: the run is then returned as
/// it is, for the caller to say why).
fn yosys(
    tools: &Tools,
    dir: &Path,
    script: &str,
    limit: Duration,
    limits: &Limits,
    stop: &mut dyn FnMut() -> bool,
) -> Result<process::Finished, Failure> {
    let mut cmd = tools.command(&tools.yosys, limits.memory_bytes);
    cmd.args(["-q", "-s", script]);
    let mut stopped = false;
    let run = match process::run_watched(cmd, dir, limit, &mut || {
        stopped = stop();
        stopped
    }) {
        Ok(r) => r,
        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => return Err(Failure::Interrupted),
        Err(e) => return Err(Failure::Design(format!("cannot run yosys: {e}"))),
    };
    if run.timed_out() && !stopped {
        return Err(Failure::TooLarge(format!(
            "yosys did not finish building the model within {} s (the build's time limit: \
             the check timeout, at least 30 s)",
            limits.build_time.as_secs()
        )));
    }
    Ok(run)
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
    staged: &Staged,
    harness: &Harness,
    top_file: &str,
    log: &str,
    run: &process::Finished,
    limits: &Limits,
) -> Failure {
    if log.contains("bad_alloc") || log.contains("Out of memory") || log.contains("out of memory") {
        return Failure::TooLarge(format!(
            "yosys ran out of memory building the model (flipscope's limit: {} MiB of address \
             space)",
            limits.memory_bytes >> 20
        ));
    }
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
            rename_files(
                &tail.into_iter().rev().collect::<Vec<_>>().join(" / "),
                staged,
            )
        };
        let how = match run.status {
            Some(s) => match s.signal() {
                Some(9) => {
                    "was killed (signal 9, SIGKILL: by hand, or the system ran out of memory)"
                        .to_string()
                }
                Some(6) => format!(
                    "stopped (signal 6, SIGABRT: it may have reached the memory limit of {} MiB)",
                    limits.memory_bytes >> 20
                ),
                Some(11) => "crashed (signal 11, SIGSEGV)".to_string(),
                Some(n) => format!("stopped on signal {n}"),
                None => format!("failed ({s})"),
            },
            None => "was stopped".to_string(),
        };
        return Failure::Design(format!("yosys {how}: {said}"));
    };
    if m.text
        .starts_with("Assertion failed: selection is not empty")
    {
        return Failure::Design(combinational_loop(log, staged, harness, top_file));
    }
    if let Some((_, why)) = staged
        .missing
        .iter()
        .find(|(work, _)| m.text.contains(&format!("`{work}'")))
    {
        return Failure::Design(why.clone());
    }
    let user_file = |name: &str| staged.user_name(name).map(str::to_string);
    match (&m.file, m.line) {
        (Some(f), Some(n)) if f == top_file => match harness.line(n) {
            Line::Block(i) => Failure::Entry(i, m.text.clone()),
            Line::Header => Failure::Reset(m.text.clone()),
            Line::User(n) => Failure::Design(format!(
                "{}:{n}: yosys: {}",
                user_file(f).unwrap_or_else(|| f.clone()),
                rename_files(&m.text, staged)
            )),
        },
        (Some(f), Some(n)) => Failure::Design(format!(
            "{}:{n}: yosys: {}",
            user_file(f).unwrap_or_else(|| f.clone()),
            rename_files(&m.text, staged)
        )),
        _ => Failure::Design(format!("yosys: {}", rename_files(&m.text, staged))),
    }
}

/// The message of a combinational loop, from the cells and wires `scc` selected
/// (`top/$xor$d0.sv:3$1`, `top/y`), located in the user's files.
fn combinational_loop(log: &str, staged: &Staged, harness: &Harness, top_file: &str) -> String {
    let listed = log
        .split_once("Selection contains:")
        .map_or("", |(_, rest)| rest);
    let mut places: Vec<String> = Vec::new();
    let mut wires: Vec<String> = Vec::new();
    for line in listed.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let Some((_, name)) = line.split_once('/') else {
            continue;
        };
        let mut found = false;
        for (work, user) in &staged.names {
            let Some(at) = name.find(&format!("{work}:")) else {
                continue;
            };
            let rest = &name[at + work.len() + 1..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = digits.parse::<usize>() {
                let n = if work == top_file {
                    match harness.line(n) {
                        Line::User(u) => u,
                        _ => continue,
                    }
                } else {
                    n
                };
                let p = format!("{user}:{n}");
                if !places.contains(&p) {
                    places.push(p);
                }
                found = true;
            }
        }
        if !found && !name.starts_with('$') && wires.len() < 8 {
            wires.push(format!("`{}`", name.trim_start_matches('\\')));
        }
    }
    let first = places.first().cloned().unwrap_or_default();
    let mut through = Vec::new();
    if !wires.is_empty() {
        through.push(format!("through {}", wires.join(", ")));
    }
    if places.len() > 1 {
        through.push(format!("at {}", places.join(", ")));
    }
    format!(
        "{}the design has a combinational loop{}: flipscope models only designs whose every \
         loop goes through a flip-flop",
        if first.is_empty() {
            String::new()
        } else {
            format!("{first}: ")
        },
        if through.is_empty() {
            String::new()
        } else {
            format!(" ({})", through.join("; "))
        }
    )
}

/// Replaces work file names (`d0.sv`, `i0.vh`) in a message by the user's.
fn rename_files(text: &str, staged: &Staged) -> String {
    let mut names: Vec<&(String, String)> = staged.names.iter().collect();
    // `d10.sv` before `d1.sv`.
    names.sort_by_key(|(work, _)| std::cmp::Reverse(work.len()));
    let mut out = text.to_string();
    for (work, user) in names {
        out = out.replace(work.as_str(), user);
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
