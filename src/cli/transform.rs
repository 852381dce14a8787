//! `flipscope transform --kind T1|T2|T3 [--clock EVENT] [--json] FILE|-`: one validated
//! rewrite of an RTL file or fragment; the rewritten text on stdout, or with `--json`
//! the text, the rename map, the clock and the list of edits. With `--kinds` and
//! `--out`, the rewrites of a whole-module study, proven (`transform_study`).

use super::output::OrOutput;
use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use crate::rtl::ParseCache;
use crate::study::error::display_path;
use crate::study::jsonl::read_text_at_most;
use crate::transform::{Kind, ProgramInput, TransformError, transform_many};

pub use super::transform_args::Args;

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Some(one) = args.kind else {
        return super::transform_study::run(args);
    };
    let most = crate::rtl::limits::MAX_SOURCE_BYTES as u64;
    let text = read_text_at_most(&args.file, most)?;
    let file = display_path(&args.file);
    let cache = if args.no_cache {
        ParseCache::disabled()
    } else {
        ParseCache::user()
    };
    let input = ProgramInput {
        id: &file,
        source: &text,
        clock: args.clock.as_deref(),
    };
    let (kind, outcome) = transform_many(&[input], &[one], &cache)
        .pop()
        .and_then(|mut kinds| kinds.pop())
        .expect("one outcome per input and kind");
    let rewrite = match outcome {
        Ok(r) => r,
        Err(TransformError::Rtl(e)) => return Err(e.located(&file).into()),
        Err(e) => return Err(anyhow::anyhow!("{file}: {e}")),
    };
    let mut out = std::io::stdout().lock();
    match (&rewrite, args.json) {
        (Some(r), true) => {
            let value = json!({
                "kind": kind,
                "applied": true,
                "rtl": r.rtl,
                "rename": r.rename,
                "clock": r.clock,
                "edits": r.edits,
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&value)?).or_output()?;
        }
        (Some(r), false) => out.write_all(r.rtl.as_bytes()).or_output()?,
        (None, json) => {
            eprintln!("{file}: {kind} does not apply: {}", not_applicable(kind));
            if json {
                let value = json!({
                    "kind": kind,
                    "applied": false,
                    "rtl": text,
                    "rename": null,
                    "clock": args.clock,
                    "edits": [],
                });
                writeln!(out, "{}", serde_json::to_string_pretty(&value)?).or_output()?;
            } else {
                out.write_all(text.as_bytes()).or_output()?;
            }
        }
    }
    out.flush().or_output()?;
    Ok(ExitCode::SUCCESS)
}

fn not_applicable(kind: Kind) -> &'static str {
    match kind {
        Kind::T1 => {
            "no if condition has a safe, homogeneous top-level && or || chain; the text is unchanged"
        }
        Kind::T2 => "the text uses no identifier; the text is unchanged",
        Kind::T3 => "the text has no if condition or case selector; the text is unchanged",
    }
}
