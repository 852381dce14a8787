//! `flipscope behaviors [--clock EVENT] FILE|-`: the assignment behaviors of an RTL
//! file or fragment with their path conditions, as a JSON list.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::rtl::{Behavior, ParseCache, RtlInput, analyse_many, path_text};
use crate::study::error::display_path;
use crate::study::jsonl::read_text_at_most;

/// Lists the assignment behaviors of an RTL module or VERT-style fragment.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The clock event of a fragment (`posedge clk`); modules take their own.
    #[arg(long, value_name = "EVENT")]
    pub clock: Option<String>,
    /// Parse without reading or writing the parse cache.
    #[arg(long)]
    pub no_cache: bool,
    /// An RTL file (a module or a fragment of statements), or `-` for standard input.
    pub file: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let most = crate::rtl::limits::MAX_SOURCE_BYTES as u64;
    let text = read_text_at_most(&args.file, most)?;
    let cache = if args.no_cache {
        ParseCache::disabled()
    } else {
        ParseCache::user()
    };
    let input = RtlInput {
        source: &text,
        clock: args.clock.as_deref(),
    };
    let outcome = analyse_many(&[input], &cache)
        .pop()
        .expect("one outcome per input");
    let file = display_path(&args.file);
    for w in crate::rtl::warnings(&text) {
        eprintln!("warning: {}", w.located(&file));
    }
    let behaviors = outcome.map_err(|e| e.located(&file))?;
    let list: Vec<Value> = behaviors.iter().map(behavior_json).collect();
    super::output::print_line(&serde_json::to_string_pretty(&list)?)?;
    Ok(ExitCode::SUCCESS)
}

/// One behavior as JSON: `path` is SystemVerilog text (`1` when unconditional).
pub fn behavior_json(b: &Behavior) -> Value {
    json!({
        "id": b.id,
        "lhs": b.lhs,
        "rhs": b.rhs,
        "path": path_text(&b.path),
        "line": b.line,
        "column": b.column,
        "kind": b.kind.as_str(),
        "clock": b.clock,
        "xz": b.xz,
    })
}
