//! The `FPV_<name>.tcl` scripts of AssertionBench: which RTL files are analysed
//! (`analyze -v2k`), which SVA files (`analyze -sva`: the bindings and one property
//! file), the top module (`elaborate -top`), the clock (`clock clk`, `clock -infer`) and
//! the reset (`reset rstn`, `reset -none`).
//!
//! Only as much Tcl as the scripts use: `#` comments at the start of a command,
//! backslash-newline continuations (a comment continues too, as in Tcl), `set VAR
//! value` and `${VAR}`/`$VAR` substitution, and nothing after the first `exit`.

use std::collections::HashMap;

/// The clock setting of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockSetting {
    /// `clock NAME`: every property is sampled on the rising edge of `NAME`.
    Signal(String),
    /// `clock -infer`: JasperGold takes the clocks from the properties' own events.
    Infer,
    /// No `clock` command.
    Missing,
}

/// The reset setting of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResetSetting {
    /// `reset EXPR`: `EXPR` holds during JasperGold's reset analysis.
    Expression(String),
    /// `reset -none`: no reset.
    None,
    /// No `reset` command.
    Missing,
}

/// A file named by an `analyze` command, with the script line that names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysedFile {
    /// The path as the script gives it, with `${RTL_PATH}` and `./` removed:
    /// `fht_bfly.v`.
    pub path: String,
    /// The 1-based line of the script where the path is written.
    pub line: usize,
}

/// What an FPV script says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FpvScript {
    /// RTL files in order (`analyze -v2k`, `-sv`, ...).
    pub rtl: Vec<AnalysedFile>,
    /// SVA files in order (`analyze -sva`): `bindings.sva`, `property_X.sva`.
    pub sva: Vec<AnalysedFile>,
    /// `elaborate -top NAME`.
    pub top: Option<String>,
    /// `elaborate -bbox_m NAME`: modules black-boxed.
    pub blackboxes: Vec<String>,
    /// The 1-based line of the `elaborate` command, when there is one.
    pub elaborate_line: Option<usize>,
    pub clock: ClockSetting,
    pub reset: ResetSetting,
}

/// One command: its words (after substitution) and the line of each word.
struct Command {
    words: Vec<(String, usize)>,
}

/// Reads a script. It never fails: commands it does not know are skipped.
pub fn parse_script(text: &str) -> FpvScript {
    let mut vars: HashMap<String, String> = HashMap::new();
    let mut script = FpvScript {
        rtl: Vec::new(),
        sva: Vec::new(),
        top: None,
        blackboxes: Vec::new(),
        elaborate_line: None,
        clock: ClockSetting::Missing,
        reset: ResetSetting::Missing,
    };
    for command in commands(text) {
        let words: Vec<(String, usize)> = command
            .words
            .iter()
            .map(|(w, line)| (substitute(w, &vars), *line))
            .collect();
        let Some((name, _)) = words.first() else {
            continue;
        };
        let args = &words[1..];
        match name.as_str() {
            "exit" => break,
            "set" => {
                if let [(var, _), (value, _), ..] = args {
                    vars.insert(var.clone(), value.clone());
                }
            }
            "analyze" => {
                let is_sva = args.iter().any(|(w, _)| w == "-sva");
                let files = args
                    .iter()
                    .filter(|(w, _)| !w.starts_with('-'))
                    .map(|(w, line)| AnalysedFile {
                        path: normalise_path(w),
                        line: *line,
                    });
                if is_sva {
                    script.sva.extend(files);
                } else {
                    script.rtl.extend(files);
                }
            }
            "elaborate" => {
                script.elaborate_line = words.first().map(|(_, line)| *line);
                let mut it = args.iter();
                while let Some((w, _)) = it.next() {
                    match w.as_str() {
                        "-top" => script.top = it.next().map(|(v, _)| v.clone()),
                        "-bbox_m" => script.blackboxes.extend(it.next().map(|(v, _)| v.clone())),
                        _ => {}
                    }
                }
            }
            "clock" => {
                script.clock = match args.first().map(|(w, _)| w.as_str()) {
                    Some("-infer") => ClockSetting::Infer,
                    Some(w) if !w.starts_with('-') => ClockSetting::Signal(w.to_string()),
                    _ => script.clock.clone(),
                };
            }
            "reset" => {
                script.reset = match args {
                    [(w, _), ..] if w == "-none" => ResetSetting::None,
                    [(w, _), (e, _), ..] if w == "-expression" => {
                        ResetSetting::Expression(e.clone())
                    }
                    [(w, _), ..] if !w.starts_with('-') => {
                        let all: Vec<&str> = args.iter().map(|(w, _)| w.as_str()).collect();
                        ResetSetting::Expression(all.join(" "))
                    }
                    _ => script.reset.clone(),
                };
            }
            _ => {}
        }
    }
    script
}

/// `${RTL_PATH}/fht_bfly.v` after substitution is `.//fht_bfly.v`: the file's path
/// within the design folder, `fht_bfly.v`.
pub fn normalise_path(path: &str) -> String {
    let mut p = path;
    loop {
        if let Some(rest) = p.strip_prefix("./") {
            p = rest;
        } else if let Some(rest) = p.strip_prefix('/') {
            p = rest;
        } else {
            break;
        }
    }
    p.to_string()
}

/// The longest word substitution makes: a hostile script's `set a $a$a`, repeated,
/// would double a value per line (2^40 bytes in 40 lines). The real scripts' longest
/// word is a path of under 200 bytes.
pub const MAX_WORD_BYTES: usize = 4 * 1024;

/// `${VAR}` and `$VAR` replaced by the variable's value (unknown variables are kept).
/// A word that would grow past [`MAX_WORD_BYTES`] keeps the rest of its text as
/// written, unsubstituted.
fn substitute(word: &str, vars: &HashMap<String, String>) -> String {
    let mut out = String::with_capacity(word.len().min(MAX_WORD_BYTES));
    let mut rest = word;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let (name, len) = if let Some(inner) = after.strip_prefix('{') {
            match inner.find('}') {
                Some(end) => (&inner[..end], end + 2),
                None => ("", 0),
            }
        } else {
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            (&after[..end], end)
        };
        match vars.get(name) {
            Some(value) if len > 0 && out.len() + value.len() <= MAX_WORD_BYTES => {
                out.push_str(value);
                rest = &after[len..];
            }
            _ => {
                out.push('$');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The script's commands: lines joined at backslash-newline, split at newlines and
/// `;`, comments dropped, each split into words (braces group a word).
fn commands(text: &str) -> Vec<Command> {
    let mut out = Vec::new();
    let mut words: Vec<(String, usize)> = Vec::new();
    let mut in_comment = false;
    let mut at_start = true;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let (body, continued) = match raw.trim_end().strip_suffix('\\') {
            Some(body) => (body, true),
            None => (raw, false),
        };
        if at_start && body.trim_start().starts_with('#') {
            in_comment = true;
        }
        if !in_comment {
            split_words(body, line_no, &mut words);
        }
        if continued {
            at_start = false;
            continue;
        }
        in_comment = false;
        at_start = true;
        for cmd in words.split(|(w, _)| w == ";") {
            if !cmd.is_empty() {
                out.push(Command {
                    words: cmd.to_vec(),
                });
            }
        }
        words.clear();
    }
    if !words.is_empty() {
        out.push(Command { words });
    }
    out
}

/// Splits one line into words; `{...}` is one word without its braces, `;` a word of
/// its own.
fn split_words(line: &str, line_no: usize, words: &mut Vec<(String, usize)>) {
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == ';' {
            chars.next();
            words.push((";".into(), line_no));
            continue;
        }
        let mut word = String::new();
        if c == '{' {
            chars.next();
            let mut depth = 1;
            for c in chars.by_ref() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                word.push(c);
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == ';' {
                    break;
                }
                word.push(c);
                chars.next();
            }
        }
        words.push((word, line_no));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FHT_1D: &str = "\n\n# Analyze design under verification files\nset ROOT_PATH ./\nset RTL_PATH ${ROOT_PATH}\nset PROP_PATH ${ROOT_PATH}\n\nanalyze -v2k \\\n  ${RTL_PATH}/fht_1d_x8.v \\\n  ${RTL_PATH}/fht_bfly_noFF.v\n\n# Analyze property files\nanalyze -sva \\\n  ${RTL_PATH}/bindings.sva \\\n  ${RTL_PATH}/property_llama3_5shot.sva\n\n  \n\n# Elaborate design and properties\nelaborate -top fht_1d_x8\n\n# Set up Clocks and Resets\nclock sclk\nreset rstn\n\nget_design_info\nprove -all\nreport\n\nexit\n\nexit\n";

    #[test]
    fn doubling_variables_stay_bounded() {
        let mut text = String::from("set a xy\n");
        for _ in 0..64 {
            text.push_str("set a $a$a\n");
        }
        text.push_str("analyze -v2k $a/top.v\n");
        let s = parse_script(&text);
        let path = &s.rtl[0].path;
        assert!(path.len() <= MAX_WORD_BYTES + 16, "{}", path.len());
        assert!(path.ends_with("$a/top.v"), "the rest is kept as written");
    }

    #[test]
    fn reads_a_hierarchical_script() {
        let s = parse_script(FHT_1D);
        let paths: Vec<&str> = s.rtl.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["fht_1d_x8.v", "fht_bfly_noFF.v"]);
        assert_eq!(s.rtl[1].line, 10);
        let sva: Vec<&str> = s.sva.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(sva, ["bindings.sva", "property_llama3_5shot.sva"]);
        assert_eq!(s.top.as_deref(), Some("fht_1d_x8"));
        assert_eq!(s.elaborate_line, Some(20));
        assert_eq!(s.clock, ClockSetting::Signal("sclk".into()));
        assert_eq!(s.reset, ResetSetting::Expression("rstn".into()));
    }

    #[test]
    fn a_comment_ending_in_a_backslash_continues() {
        let text = "set RTL_PATH ./\nanalyze -v2k \\\n  ${RTL_PATH}/fpu_add.v\n#  ${RTL_PATH}/port_select.v \\\n#  ${RTL_PATH}/top.v \\\n   not_a_command.v\nanalyze -sva \\\n ${RTL_PATH}/bindings.sva \\\n  ${RTL_PATH}/property_backup.sva\nelaborate -bbox_m byteRam\nclock -infer\nreset -none\nexit\nclock clk\n";
        let s = parse_script(text);
        assert_eq!(s.rtl.len(), 1);
        assert_eq!(s.rtl[0].path, "fpu_add.v");
        assert_eq!(s.sva.len(), 2);
        assert_eq!(s.top, None);
        assert_eq!(s.blackboxes, ["byteRam"]);
        assert_eq!(s.clock, ClockSetting::Infer, "nothing after exit counts");
        assert_eq!(s.reset, ResetSetting::None);
    }

    #[test]
    fn missing_settings_and_expressions() {
        let s = parse_script("analyze -sv a.sv; elaborate -top t\nreset -expression {!rst_n}\n");
        assert_eq!(s.rtl[0].path, "a.sv");
        assert_eq!(s.top.as_deref(), Some("t"));
        assert_eq!(s.clock, ClockSetting::Missing);
        assert_eq!(s.reset, ResetSetting::Expression("!rst_n".into()));
        assert_eq!(parse_script("").reset, ResetSetting::Missing);
    }

    #[test]
    fn paths_and_variables() {
        assert_eq!(normalise_path(".//fht_bfly.v"), "fht_bfly.v");
        assert_eq!(normalise_path("rtl/a.v"), "rtl/a.v");
        let vars = HashMap::from([("A".to_string(), "x".to_string())]);
        assert_eq!(substitute("${A}/$A/$B/${", &vars), "x/x/$B/${");
    }
}
