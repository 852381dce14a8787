//! JasperGold logs (`jg.log`, `jg_session_0.log` and the `tee`'d `jg_<tag>_<k>shot.out`):
//! the files the run analysed (`Analyzing Verilog file './/property_X.sva'`), the script
//! it ran, the top module it elaborated, its errors, the SUMMARY counts and the RESULTS
//! table (`[1]   fht_bfly.v_fht_bfly._assert_1   cex   Hp   1   0.001 s`).
//!
//! Reading is line by line and never fails: what a log does not have is absent.

use std::collections::BTreeMap;

use super::tcl::normalise_path;

/// One row of the RESULTS table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultRow {
    /// 1-based line of the log.
    pub line: usize,
    /// The row's number in the table (`[3]`).
    pub number: usize,
    /// The property's name, e.g. `fht_bfly.v_fht_bfly._assert_2:precondition1`.
    pub name: String,
    /// `proven`, `cex`, `covered`, `unreachable`, ...
    pub status: String,
    /// The engine that decided it (`Hp`, `PRE`, ...).
    pub engine: String,
    /// The bound column as printed (`1`, `Infinite`, `118 - 163`).
    pub bound: String,
    /// The time column as printed (`0.001 s`).
    pub time: String,
}

/// What a row's name says: `<scope>._assert_N` or `<scope>._assert_N:preconditionK`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowName<'a> {
    /// What comes before `._assert_N`: `fht_bfly.v_fht_bfly` (the bound instance) or
    /// `i_ramByte` (the property module itself, where the bind did not take).
    pub scope: &'a str,
    /// `N`.
    pub assertion: usize,
    /// `K` of `:preconditionK` (the cover of the antecedent), when this is a cover.
    pub precondition: Option<usize>,
}

impl ResultRow {
    /// The assertion this row is about, when its name is JasperGold's `_assert_N`.
    pub fn parsed_name(&self) -> Option<RowName<'_>> {
        parse_row_name(&self.name)
    }
}

/// Splits `<scope>._assert_N[:preconditionK]`.
pub fn parse_row_name(name: &str) -> Option<RowName<'_>> {
    let (main, precondition) = match name.split_once(':') {
        Some((main, rest)) => (main, Some(rest.strip_prefix("precondition")?.parse().ok()?)),
        None => (name, None),
    };
    let (scope, n) = main.rsplit_once("._assert_")?;
    Some(RowName {
        scope,
        assertion: n.parse().ok()?,
        precondition,
    })
}

/// An error line of the log: `[ERROR (VERI-1137)] .//property_X.sva(18): syntax error
/// near 'assert'`, `ERROR (ENL034): 5 errors detected ...`, `ERROR: problem encountered
/// at line 12 in file FPV_x.tcl`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogError {
    /// 1-based line of the log.
    pub line: usize,
    /// The message code (`VERI-1137`, `ENL034`), when the line has one.
    pub code: Option<String>,
    /// The source file the message is about (`property_X.sva`) and its line.
    pub source: Option<(String, usize)>,
    /// The message after the code and place.
    pub message: String,
}

/// A JasperGold log, read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JasperLog {
    /// The file's size; a 0-byte log holds nothing.
    pub bytes: usize,
    /// `2024.03 FCS 64 bits`.
    pub version: Option<String>,
    /// The script named last on the `# arguments :` line (`FPV_fht_bfly.tcl`).
    pub script: Option<String>,
    /// Files analysed (`Analyzing Verilog file`), normalised, JasperGold's own library
    /// files left out, each with its log line.
    pub analysed: Vec<(String, usize)>,
    /// Files the run tried to analyse and found missing (`ERROR (ESW046): The file
    /// ".//X" does not exist.`), normalised, with their log lines.
    pub missing: Vec<(String, usize)>,
    /// `INFO (ISW003): Top module name is "X".`
    pub top: Option<String>,
    /// Error lines in order (the indented repeats of "Summary of errors" left out).
    pub errors: Vec<LogError>,
    /// `ERROR (EG014): An internal error has occurred ...` with its line.
    pub internal_error: Option<(usize, String)>,
    /// The SUMMARY block: assertion counts by status (`proven`, `cex`, ...).
    pub summary_assertions: Option<BTreeMap<String, u64>>,
    /// The SUMMARY block: cover counts by status.
    pub summary_covers: Option<BTreeMap<String, u64>>,
    /// The line of `RESULTS`, when the table was printed.
    pub results_line: Option<usize>,
    /// The RESULTS rows in order.
    pub rows: Vec<ResultRow>,
    /// Operators JasperGold replaced by free signals (`WARNING (WNL018): .//F.v(89):
    /// multiplication operator mult_12u_15u (size 27) automatically black boxed.`),
    /// each once, as `F.v(89): multiplication operator ...`.
    pub black_boxed: Vec<String>,
}

impl JasperLog {
    /// The analysed file whose name starts with `property` (the run's property file),
    /// with its log line.
    /// A run that stopped because the file was missing names it in its error instead.
    pub fn property_file(&self) -> Option<(&str, usize)> {
        self.analysed
            .iter()
            .chain(&self.missing)
            .find(|(p, _)| file_name(p).starts_with("property"))
            .map(|(p, l)| (p.as_str(), *l))
    }

    /// The rows about assertions (not their precondition covers).
    pub fn assertion_rows(&self) -> impl Iterator<Item = &ResultRow> {
        self.rows
            .iter()
            .filter(|r| r.parsed_name().is_none_or(|n| n.precondition.is_none()))
    }
}

fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

#[derive(PartialEq)]
enum Block {
    None,
    Summary,
    Results,
}

/// Reads a log's text.
pub fn parse_log(text: &str) -> JasperLog {
    let mut log = JasperLog {
        bytes: text.len(),
        ..JasperLog::default()
    };
    let mut block = Block::None;
    let mut in_covers = false;
    for (index, line) in text.lines().enumerate() {
        let no = index + 1;
        let trimmed = line.trim();
        match trimmed {
            "SUMMARY" => {
                block = Block::Summary;
                log.summary_assertions = Some(BTreeMap::new());
                log.summary_covers = Some(BTreeMap::new());
                in_covers = false;
                continue;
            }
            "RESULTS" => {
                block = Block::Results;
                log.results_line = Some(no);
                continue;
            }
            "ASSUMPTIONS" => {
                block = Block::None;
                continue;
            }
            _ => {}
        }
        match block {
            Block::Summary => {
                if let Some((key, count)) = summary_line(trimmed) {
                    if key == "covers" {
                        in_covers = true;
                    } else if let Some(status) = key.strip_prefix("- ") {
                        let map = if in_covers {
                            log.summary_covers.as_mut()
                        } else {
                            log.summary_assertions.as_mut()
                        };
                        if let Some(map) = map {
                            map.insert(status.trim().to_string(), count);
                        }
                    }
                    continue;
                }
                if !trimmed.starts_with('=') && !trimmed.is_empty() {
                    block = Block::None;
                }
            }
            Block::Results => {
                if let Some(row) = result_row(no, trimmed) {
                    log.rows.push(row);
                    continue;
                }
                if trimmed.starts_with("[<embedded>]") || trimmed.starts_with('%') {
                    block = Block::None;
                }
            }
            Block::None => {}
        }
        header_line(&mut log, no, line, trimmed);
    }
    log
}

/// The version, arguments, analysed files, top module and errors.
fn header_line(log: &mut JasperLog, no: usize, line: &str, trimmed: &str) {
    if let Some(rest) = trimmed.strip_prefix("# version") {
        if log.version.is_none() {
            log.version = rest
                .trim_start()
                .strip_prefix(':')
                .map(|v| v.trim().to_string());
        }
    } else if log.version.is_none()
        && let Some(rest) = trimmed.strip_prefix("Jasper Apps ")
    {
        // The first line of a `tee`'d stdout: `Jasper Apps 2024.03 FCS 64 bits 2024.03.27 ...`.
        let words: Vec<&str> = rest.split_whitespace().take(4).collect();
        log.version = Some(words.join(" "));
    } else if let Some(rest) = trimmed.strip_prefix("# arguments") {
        log.script = rest
            .rsplit('\'')
            .nth(1)
            .filter(|s| s.ends_with(".tcl"))
            .map(str::to_string);
    } else if let Some(at) = trimmed.find("Analyzing Verilog file '") {
        let rest = &trimmed[at + "Analyzing Verilog file '".len()..];
        if let Some(end) = rest.find('\'') {
            let path = &rest[..end];
            if !path.starts_with('/') {
                log.analysed.push((normalise_path(path), no));
            }
        }
    } else if let Some(rest) = trimmed.strip_prefix("INFO (ISW003): Top module name is \"") {
        log.top = rest.split('"').next().map(str::to_string);
    } else if let Some(rest) = trimmed.strip_prefix("ERROR (ESW046): The file \"") {
        if let Some(path) = rest.split('"').next() {
            log.missing.push((normalise_path(path), no));
        }
        if let Some(e) = error_line(no, trimmed) {
            log.errors.push(e);
        }
    } else if let Some(rest) = trimmed.strip_prefix("WARNING (WNL018): ") {
        let what = rest.trim_start_matches(".//").to_string();
        if !log.black_boxed.contains(&what) {
            log.black_boxed.push(what);
        }
    } else if trimmed.starts_with("ERROR (EG014)") {
        log.internal_error = Some((no, trimmed.to_string()));
    } else if !line.starts_with('\t')
        && !line.starts_with(' ')
        && let Some(e) = error_line(no, trimmed)
    {
        log.errors.push(e);
    }
}

/// `- proven                    : 0 (0%)` or `assertions                   : 2`.
fn summary_line(trimmed: &str) -> Option<(&str, u64)> {
    let (key, value) = trimmed.split_once(':')?;
    let count = value.split_whitespace().next()?.parse().ok()?;
    // `- bounded_proven (user)` keeps its qualifier.
    Some((key.trim(), count))
}

/// `[1]   name   status   engine   bound...   0.001 s`.
fn result_row(line: usize, trimmed: &str) -> Option<ResultRow> {
    let rest = trimmed.strip_prefix('[')?;
    let (number, rest) = rest.split_once(']')?;
    let number = number.parse().ok()?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.len() < 6 || words[words.len() - 1] != "s" {
        return None;
    }
    let time = format!("{} s", words[words.len() - 2]);
    Some(ResultRow {
        line,
        number,
        name: words[0].to_string(),
        status: words[1].to_string(),
        engine: words[2].to_string(),
        bound: words[3..words.len() - 2].join(" "),
        time,
    })
}

/// An `ERROR` line, with its code and source place when it has them.
fn error_line(line: usize, trimmed: &str) -> Option<LogError> {
    let rest = if let Some(r) = trimmed.strip_prefix("[ERROR") {
        r
    } else {
        trimmed.strip_prefix("ERROR")?
    };
    let rest = rest.trim_start();
    let (code, rest) = match rest.strip_prefix('(') {
        Some(r) => {
            let (code, r) = r.split_once(')')?;
            (Some(code.to_string()), r)
        }
        None => (None, rest),
    };
    let rest = rest.trim_start_matches(']').trim_start();
    let rest = rest.strip_prefix(':').unwrap_or(rest).trim_start();
    // `.//property_X.sva(18): message`
    let (source, message) = match rest.split_once("): ") {
        Some((place, message)) if place.contains('(') && !place.contains(' ') => {
            let (file, l) = place.rsplit_once('(')?;
            match l.parse() {
                Ok(l) => (Some((normalise_path(file), l)), message),
                Err(_) => (None, rest),
            }
        }
        _ => (None, rest),
    };
    Some(LogError {
        line,
        code,
        source,
        message: message.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = "# version   : 2024.03 FCS 64 bits\n# arguments : '-label' 'session_0' '-proj' '/x/fht_bfly_llama2_1shot/sessionLogs/session_0' 'FPV_fht_bfly.tcl'\n[-- (VERI-1482)] Analyzing Verilog file './/fht_bfly.v'\n[-- (VERI-1482)] Analyzing Verilog file '/tools/Cadence/Jasper/jasper_2024.03/lib/verilog/packages/std/std.sv' into library 'std'\n[-- (VERI-1482)] Analyzing Verilog file './/bindings.sva'\n[-- (VERI-1482)] Analyzing Verilog file './/property_llama2_1shot.sva'\nINFO (ISW003): Top module name is \"fht_bfly\".\n==============================================================\nSUMMARY\n==============================================================\n           Properties Considered              : 4\n                 assertions                   : 2\n                  - proven                    : 0 (0%)\n                  - bounded_proven (user)     : 0 (0%)\n                  - cex                       : 2 (100%)\n                 covers                       : 2\n                  - unreachable               : 0 (0%)\n                  - covered                   : 2 (100%)\ndetermined\n[<embedded>] % report\n==============================================================\nRESULTS\n==============================================================\n\n-------------------\n       Name       |    Result    |  Engine  |  Bound  |  Time\n---[ <embedded> ]---------\n[1]   fht_bfly.v_fht_bfly._assert_1                         cex             Hp            1    0.001 s      \n[2]   fht_bfly.v_fht_bfly._assert_1:precondition1           covered         PRE           1    0.000 s      \n[3]   uartTrans.v_uartTrans._assert_2                          cex             L      118 - 163   0.451 s      \n\n==============================================================\nASSUMPTIONS\n==============================================================\n";

    #[test]
    fn lists_the_operators_jaspergold_black_boxed_once_each() {
        let w = "WARNING (WNL018): .//PSGFilter.v(89): multiplication operator mult_12u_15u (size 27) automatically black boxed.";
        let log = parse_log(&format!("{w}\n{w}\nWARNING (WRS031): other\n{OK}"));
        assert_eq!(
            log.black_boxed,
            [
                "PSGFilter.v(89): multiplication operator mult_12u_15u (size 27) automatically black boxed."
            ]
        );
        assert!(parse_log(OK).black_boxed.is_empty());
    }

    #[test]
    fn reads_a_finished_run() {
        let log = parse_log(OK);
        assert_eq!(log.version.as_deref(), Some("2024.03 FCS 64 bits"));
        assert_eq!(log.script.as_deref(), Some("FPV_fht_bfly.tcl"));
        let analysed: Vec<&str> = log.analysed.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            analysed,
            ["fht_bfly.v", "bindings.sva", "property_llama2_1shot.sva"]
        );
        assert_eq!(log.property_file(), Some(("property_llama2_1shot.sva", 6)));
        assert_eq!(log.top.as_deref(), Some("fht_bfly"));
        let a = log.summary_assertions.as_ref().unwrap();
        assert_eq!(
            (a["proven"], a["cex"], a["bounded_proven (user)"]),
            (0, 2, 0)
        );
        assert_eq!(log.summary_covers.as_ref().unwrap()["covered"], 2);
        assert_eq!(log.results_line, Some(22));
        assert_eq!(log.rows.len(), 3);
        assert_eq!(log.rows[2].bound, "118 - 163");
        assert_eq!(log.rows[2].time, "0.451 s");
        assert_eq!(log.assertion_rows().count(), 2);
        let n = log.rows[1].parsed_name().unwrap();
        assert_eq!(
            (n.scope, n.assertion, n.precondition),
            ("fht_bfly.v_fht_bfly", 1, Some(1))
        );
        assert!(log.errors.is_empty() && log.internal_error.is_none());
    }

    #[test]
    fn reads_errors_once_with_their_place() {
        let text = "[ERROR (VERI-1137)] .//property_gpt_3.5_1shot.sva(18): syntax error near 'assert'\nSummary of errors detected:\n\t[ERROR (VERI-1137)] .//property_gpt_3.5_1shot.sva(18): syntax error near 'assert'\nERROR (ENL034): 5 errors detected in the design file(s).\n\nERROR: problem encountered at line 12 in file FPV_fht_bfly.tcl\nERROR (ESW046): The file \".//property_gpt_4o_5shot.sva\" does not exist.\n";
        let log = parse_log(text);
        assert_eq!(log.errors.len(), 4);
        let e = &log.errors[0];
        assert_eq!(e.code.as_deref(), Some("VERI-1137"));
        assert_eq!(e.source, Some(("property_gpt_3.5_1shot.sva".into(), 18)));
        assert_eq!(e.message, "syntax error near 'assert'");
        assert_eq!(log.errors[1].code.as_deref(), Some("ENL034"));
        assert_eq!(
            log.errors[1].message,
            "5 errors detected in the design file(s)."
        );
        assert_eq!(log.errors[2].code, None);
        assert_eq!(
            log.errors[2].message,
            "problem encountered at line 12 in file FPV_fht_bfly.tcl"
        );
        assert_eq!(log.missing, [("property_gpt_4o_5shot.sva".to_string(), 7)]);
        assert_eq!(log.property_file(), Some(("property_gpt_4o_5shot.sva", 7)));
        assert!(log.results_line.is_none() && log.rows.is_empty());
    }

    #[test]
    fn internal_errors_empty_logs_and_unbound_names() {
        let log = parse_log("ERROR (EG014): An internal error has occurred in the Tcl-thread.\n");
        assert_eq!(log.internal_error.as_ref().unwrap().0, 1);
        assert_eq!(parse_log("").bytes, 0);
        let n = parse_row_name("i_ramByte._assert_12").unwrap();
        assert_eq!(
            (n.scope, n.assertion, n.precondition),
            ("i_ramByte", 12, None)
        );
        assert!(parse_row_name(":noDeadEnd").is_none());
        assert!(parse_row_name("x._assert_1:witness").is_none());
    }

    #[test]
    fn the_stdout_copy_names_its_version() {
        let log = parse_log("Jasper Apps 2024.03 FCS 64 bits 2024.03.27 15:42:27 UTC\n");
        assert_eq!(log.version.as_deref(), Some("2024.03 FCS 64 bits"));
    }
}
