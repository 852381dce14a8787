//! `flipscope check-sva`: scores one generated output against one reference text and
//! prints the verdict of every behavior as JSON.

use std::collections::HashMap;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::UsageError;
use super::score::SemanticsArg;
use crate::logic::{Grammar, Semantics, Values, Widths};
use crate::score::{Category, ScoreOptions, reference_behaviors_in, score_output};

/// Score one generated output against one reference.
#[derive(Debug, Args)]
pub struct CheckSvaArgs {
    /// The reference properties (the dataset's text: one or more declarations).
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub reference: String,
    /// The model's raw output (any text, also one starting with `-`).
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub generated: String,
    /// The program clock (`posedge clk`): makes the record synchronous.
    #[arg(long, value_name = "EVENT")]
    pub clock: Option<String>,
    /// Use every well-formed declaration anywhere in the output, ignore the rest.
    #[arg(long)]
    pub lenient: bool,
    /// Map an identifier of the generated text back to the reference's (repeatable).
    #[arg(long, value_name = "FROM=TO")]
    pub rename: Vec<String>,
    /// How atoms are compared [default: two-state].
    #[arg(long, value_enum, value_name = "SEMANTICS")]
    pub semantics: Option<SemanticsArg>,
    /// The width in bits of a signal, for two-state semantics (repeatable).
    #[arg(long, value_name = "NAME=BITS")]
    pub width: Vec<String>,
}

#[derive(Serialize)]
struct Output {
    behaviors: Vec<BehaviorVerdict>,
}

#[derive(Serialize)]
struct BehaviorVerdict {
    lhs: String,
    rhs: String,
    category: Category,
    correct: bool,
    reason: String,
}

pub fn run(args: CheckSvaArgs) -> anyhow::Result<ExitCode> {
    let rename = parse_renames(&args.rename)?;
    let clock = args.clock.as_deref().map(check_clock).transpose()?;
    let widths = parse_widths(&args.width)?;
    let values: Values = args.semantics.map(Into::into).unwrap_or_default();
    // The position is within the reference text (line:column).
    let behaviors = reference_behaviors_in(&args.reference, Grammar::of(values))
        .map_err(|e| anyhow::anyhow!("--reference {e}"))?;
    let options = ScoreOptions {
        clock,
        lenient: args.lenient,
        rename,
        semantics: Semantics::new(values).with_widths(widths),
    };
    let verdicts = score_output(&behaviors, &args.generated, &options);
    let out = Output {
        behaviors: verdicts
            .into_iter()
            .map(|v| BehaviorVerdict {
                lhs: v.lhs,
                rhs: v.rhs,
                category: v.category,
                correct: v.correct,
                reason: v.reason,
            })
            .collect(),
    };
    super::output::print_line(&serde_json::to_string(&out)?)?;
    Ok(ExitCode::SUCCESS)
}

/// `FROM=TO` pairs, each side one identifier.
fn parse_renames(pairs: &[String]) -> Result<HashMap<String, String>, UsageError> {
    let mut map = HashMap::new();
    for pair in pairs {
        let (from, to) = pair
            .split_once('=')
            .map(|(f, t)| (f.trim(), t.trim()))
            .filter(|(f, t)| is_identifier(f) && is_identifier(t))
            .ok_or_else(|| {
                UsageError(format!(
                    "--rename expects FROM=TO with two identifiers, got `{pair}`"
                ))
            })?;
        if let Some(old) = map.insert(from.to_string(), to.to_string())
            && old != to
        {
            return Err(UsageError(format!(
                "--rename maps `{from}` twice (to `{old}` and `{to}`)"
            )));
        }
    }
    Ok(map)
}

/// `NAME=BITS` pairs: an identifier and a width of at least 1.
fn parse_widths(pairs: &[String]) -> Result<Widths, UsageError> {
    let mut map = Widths::new();
    for pair in pairs {
        let (name, bits) = pair
            .split_once('=')
            .map(|(n, b)| (n.trim(), b.trim()))
            .and_then(|(n, b)| Some((n, b.parse::<u32>().ok().filter(|&b| b > 0)?)))
            .filter(|(n, _)| is_identifier(n))
            .ok_or_else(|| {
                UsageError(format!(
                    "--width expects NAME=BITS with an identifier and a width of at least 1, got `{pair}`"
                ))
            })?;
        if let Some(old) = map.insert(name.to_string(), bits)
            && old != bits
        {
            return Err(UsageError(format!(
                "--width gives `{name}` two widths ({old} and {bits})"
            )));
        }
    }
    Ok(map)
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// `posedge clk`, `negedge clk`, `edge clk`, optionally written `@(...)`.
fn check_clock(clock: &str) -> Result<String, UsageError> {
    let event = crate::sva::ClockEvent::parse(clock);
    let mut words = event.0.split(' ');
    let ok = matches!(words.next(), Some("posedge" | "negedge" | "edge"))
        && words.next().is_some_and(is_identifier)
        && words.next().is_none();
    if ok {
        Ok(clock.to_string())
    } else {
        Err(UsageError(format!(
            "--clock expects EDGE SIGNAL (like `posedge clk`), got `{clock}`"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_renames_and_rejects_bad_ones() {
        let map = parse_renames(&["v1=a".into(), " v2 = b ".into()]).unwrap();
        assert_eq!(map["v1"], "a");
        assert_eq!(map["v2"], "b");
        for bad in ["v1", "=a", "v1=", "a b=c", "v1=a=b", "1x=a"] {
            assert!(parse_renames(&[bad.into()]).is_err(), "{bad}");
        }
        assert!(parse_renames(&["v1=a".into(), "v1=b".into()]).is_err());
    }

    #[test]
    fn reads_widths_and_rejects_bad_ones() {
        let map = parse_widths(&["a=1".into(), " st = 2 ".into()]).unwrap();
        assert_eq!((map["a"], map["st"]), (1, 2));
        for bad in ["a", "a=0", "a=x", "=1", "1a=1", "a=-1"] {
            assert!(parse_widths(&[bad.into()]).is_err(), "{bad}");
        }
        assert!(parse_widths(&["a=1".into(), "a=2".into()]).is_err());
    }

    #[test]
    fn reads_clock_events() {
        assert!(check_clock("posedge clk").is_ok());
        assert!(check_clock("@( negedge clk_4 )").is_ok());
        assert!(check_clock("clk").is_err());
        assert!(check_clock("posedge").is_err());
    }
}
