//! EquivSVA's engine depth, replicated where it can change a verdict: their checker
//! runs SymbiYosys `mode prove`, `depth 30` (a base case and a k-induction step of 30
//! cycles), so a true property that is not 30-inductive is `unknown` for them, where
//! flipscope's PDR proves it. For a property flipscope proves, this module lowers it
//! the way their checker does (an immediate assertion in a clocked block, guarded by
//! a `past_valid` register and `$past` of the antecedent, `assume(rst)` in the first
//! cycle) and runs the induction step alone with `yosys-smtbmc -i -t 30` (z3: their
//! bitwuzla is not installed here, and the Debian boolector does not take the SMT-LIB
//! options smtbmc sends).
//! Each result is cached (`$XDG_CACHE_HOME/flipscope/equivsva-induction`); the key is
//! the SHA-256 of the harness, the design files, the depth and the tools' versions.
//!
//! No design or property text reaches a shell: yosys reads a script file that names
//! files of a private temporary directory only, and the top module's name is checked
//! to be a plain identifier.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use sha2::{Digest, Sha256};
use wait_timeout::ChildExt;

use super::shape::Lowerable;
use crate::text::token::tokenize;

/// Why the check could not be made.
#[derive(Debug, thiserror::Error)]
pub enum InductionError {
    #[error("yosys-smtbmc or z3 is missing: {0}")]
    Tools(String),
    #[error("the top module `{0}` is not a plain identifier")]
    Top(String),
    #[error("the top module `{0}` is not in the design")]
    NoTop(String),
    #[error("yosys rejected the harness: {0}")]
    Yosys(String),
    #[error("yosys-smtbmc gave no status: {0}")]
    Solver(String),
    #[error("the induction check ran out of time ({0} s)")]
    Timeout(u64),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// One induction check: a design (files in order, the last holding the top module),
/// its clock and reset, and a property in their supported form.
#[derive(Debug, Clone)]
pub struct InductionCheck<'a> {
    pub files: Vec<(&'a str, &'a str)>,
    pub top: &'a str,
    /// The clock signal (posedge).
    pub clock: &'a str,
    /// The reset expression assumed in the first cycle.
    pub reset: Option<&'a str>,
    pub property: &'a Lowerable,
    pub depth: u32,
    pub timeout: Duration,
}

/// The monitor their lowering places in the top module.
pub fn monitor(c: &InductionCheck) -> String {
    let p = c.property;
    let clk = c.clock;
    let mut guard = vec!["fs_eq_past_valid".to_string()];
    if let Some(d) = &p.disable {
        guard.push(format!("!({d})"));
        if p.delay == 1 {
            guard.push(format!("!$past({d})"));
        }
    }
    if let Some(a) = &p.antecedent {
        guard.push(if p.delay == 1 {
            format!("$past({a})")
        } else {
            format!("({a})")
        });
    }
    let reset = c
        .reset
        .map(|r| format!("  always @(*) if (!fs_eq_past_valid) assume ({r});\n"))
        .unwrap_or_default();
    format!(
        "\n`ifdef FORMAL\n  reg fs_eq_past_valid = 1'b0;\n  always @(posedge {clk}) fs_eq_past_valid <= 1'b1;\n{reset}  always @(posedge {clk}) if ({}) assert ({});\n`endif\n",
        guard.join(" && "),
        p.consequent
    )
}

/// The top file with the monitor placed before the top module's `endmodule`.
fn harness(c: &InductionCheck) -> Result<String, InductionError> {
    let (_, text) = c
        .files
        .iter()
        .rev()
        .find(|(_, t)| has_module(t, c.top))
        .ok_or_else(|| InductionError::NoTop(c.top.to_string()))?;
    let toks = tokenize(text);
    let w = |k: usize| toks.get(k).map(|t| t.text(text));
    let start = (0..toks.len())
        .find(|&k| w(k) == Some("module") && w(k + 1) == Some(c.top))
        .ok_or_else(|| InductionError::NoTop(c.top.to_string()))?;
    let end = (start..toks.len())
        .find(|&k| w(k) == Some("endmodule"))
        .ok_or_else(|| InductionError::NoTop(c.top.to_string()))?;
    let at = toks[end].start;
    Ok(format!("{}{}{}", &text[..at], monitor(c), &text[at..]))
}

fn has_module(text: &str, top: &str) -> bool {
    let toks = tokenize(text);
    toks.windows(2)
        .any(|w| w[0].text(text) == "module" && w[1].text(text) == top)
}

fn plain_identifier(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// The tools' versions (part of the cache key); an error when one is missing.
fn versions() -> Result<String, InductionError> {
    static VERSIONS: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
    VERSIONS
        .get_or_init(|| {
            let run = |cmd: &str, arg: &str| {
                Command::new(cmd)
                    .arg(arg)
                    .stdin(Stdio::null())
                    .output()
                    .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
                    .map_err(|e| format!("{cmd}: {e}"))
            };
            let yosys = run("yosys", "-V")?;
            run("yosys-smtbmc", "--help").map_err(|e| e.to_string())?;
            let z3 = run("z3", "--version")?;
            Ok(format!("{yosys}; {z3}"))
        })
        .clone()
        .map_err(InductionError::Tools)
}

fn cache_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "flipscope")
        .map(|d| d.cache_dir().join("equivsva-induction"))
}

/// Whether the property is `depth`-inductive on the design as their checker lowers
/// it (`true`: their induction step succeeds, so their status is the base case's).
pub fn inductive(c: &InductionCheck, cache: bool) -> Result<bool, InductionError> {
    if !plain_identifier(c.top) {
        return Err(InductionError::Top(c.top.to_string()));
    }
    let top_text = harness(c)?;
    let versions = versions()?;
    let mut h = Sha256::new();
    for (name, text) in &c.files {
        h.update(name.as_bytes());
        h.update([0]);
        h.update(text.as_bytes());
        h.update([0]);
    }
    h.update(top_text.as_bytes());
    h.update(format!("\0{}\0{}\0{versions}", c.top, c.depth).as_bytes());
    let key: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let cached = cache.then(cache_dir).flatten().map(|d| d.join(&key));
    if let Some(path) = &cached
        && let Ok(word) = std::fs::read_to_string(path)
    {
        match word.trim() {
            "inductive" => return Ok(true),
            "not-inductive" => return Ok(false),
            _ => {}
        }
    }
    let result = run(c, &top_text)?;
    if let Some(path) = &cached
        && let Some(dir) = path.parent()
        && std::fs::create_dir_all(dir).is_ok()
    {
        let word = if result { "inductive" } else { "not-inductive" };
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&tmp, word).is_ok() {
            let _ = std::fs::rename(&tmp, path);
        }
    }
    Ok(result)
}

/// Runs yosys then the induction step in a private temporary directory.
fn run(c: &InductionCheck, top_text: &str) -> Result<bool, InductionError> {
    let dir = tempfile::tempdir()?;
    let mut reads = String::new();
    let top_index = c
        .files
        .iter()
        .rposition(|(_, t)| has_module(t, c.top))
        .unwrap_or(c.files.len().saturating_sub(1));
    for (i, (_, text)) in c.files.iter().enumerate() {
        let name = format!("f{i}.sv");
        let body = if i == top_index { top_text } else { text };
        std::fs::write(dir.path().join(&name), body)?;
        reads.push_str(&format!("read_verilog -formal -sv {name}\n"));
    }
    let script = format!(
        "{reads}prep -top {}\nasync2sync\ndffunmap\nwrite_smt2 -wires model.smt2\n",
        c.top
    );
    std::fs::write(dir.path().join("harness.ys"), script)?;
    let mut yosys = Command::new("yosys");
    yosys.args(["-q", "-s", "harness.ys"]);
    let (ok, out) = limited(yosys, dir.path(), c.timeout)?;
    if !ok {
        let last = out
            .lines()
            .rfind(|l| l.contains("ERROR"))
            .unwrap_or("yosys failed")
            .to_string();
        return Err(InductionError::Yosys(last));
    }
    let mut smtbmc = Command::new("yosys-smtbmc");
    smtbmc.args(["-s", "z3", "--presat", "-i", "-t"]);
    smtbmc.arg(c.depth.to_string()).arg("model.smt2");
    let (_, out) = limited(smtbmc, dir.path(), c.timeout)?;
    if out.contains("Status: PASSED") {
        Ok(true)
    } else if out.contains("Status: FAILED") {
        Ok(false)
    } else {
        let last = out
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        Err(InductionError::Solver(last.to_string()))
    }
}

/// Runs `cmd` in `dir` within `limit`; whether it succeeded, and its output.
fn limited(
    mut cmd: Command,
    dir: &Path,
    limit: Duration,
) -> Result<(bool, String), InductionError> {
    let mut child = cmd
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| InductionError::Tools(e.to_string()))?;
    let mut stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(o) = stdout.as_mut() {
            let _ = o.read_to_string(&mut s);
        }
        s
    });
    let mut stderr = child.stderr.take();
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(o) = stderr.as_mut() {
            let _ = o.read_to_string(&mut s);
        }
        s
    });
    let status = match child.wait_timeout(limit)? {
        Some(s) => s,
        None => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(InductionError::Timeout(limit.as_secs()));
        }
    };
    let mut out = reader.join().unwrap_or_default();
    out.push_str(&err_reader.join().unwrap_or_default());
    Ok((status.success(), out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_monitor_guards_by_past_valid_and_the_antecedent() {
        let p = Lowerable {
            disable: Some("rst".into()),
            antecedent: Some("a".into()),
            consequent: "b".into(),
            delay: 1,
        };
        let c = InductionCheck {
            files: vec![(
                "m.sv",
                "module m(input clk, input rst, input a, output b); endmodule",
            )],
            top: "m",
            clock: "clk",
            reset: Some("rst"),
            property: &p,
            depth: 30,
            timeout: Duration::from_secs(10),
        };
        let m = monitor(&c);
        assert!(m.contains("assume (rst)"), "{m}");
        assert!(
            m.contains("if (fs_eq_past_valid && !(rst) && !$past(rst) && $past(a)) assert (b);"),
            "{m}"
        );
        let h = harness(&c).unwrap();
        assert!(h.ends_with("`endif\nendmodule"), "{h}");
    }
}
