//! `flipscope metrics` on a study of pairs files only, without loading it: each file
//! streamed into per-(condition, program) counts (`stats::pair_tally`), so a million
//! pairs take a few MiB and one pass. The figures are those of the ordinary path
//! (`metrics::full_report_of`), byte for byte (tested); any study or line that path
//! would treat differently (other kinds of files, settings, scoring flags, a line it
//! would warn about or reject) is left to it.

use crate::stats::pair_tally::PairTally;
use crate::stats::{Filter, InputFile, MetricsReport, Provenance, compute};
use crate::study::pair_stream::read_chunks;
use crate::study::source::{FileKind, expand};

use super::metrics_args::{Args, bootstrap_config};

/// The report of a pairs-only study read streaming, or `None` when the study must be
/// loaded the ordinary way.
pub fn report(args: &Args, filter: &Filter) -> Option<MetricsReport> {
    if args.scoring.given() || args.per.is_some() {
        return None;
    }
    let files = expand(&args.paths).ok()?;
    if files.is_empty() || files.iter().any(|(_, kind)| *kind != FileKind::Pairs) {
        return None;
    }
    // A study settings file is read (and checked) by the loader.
    if !crate::study::settings::find(&args.paths)
        .ok()?
        .eq(&Default::default())
    {
        return None;
    }
    let mut tally = PairTally::new(filter);
    let mut inputs = Vec::new();
    for (path, _) in &files {
        let sha256 = read_chunks(path, |chunk| tally.add_chunk(chunk)).ok()?;
        inputs.push(InputFile {
            path: path.to_string_lossy().into_owned(),
            sha256,
        });
    }
    let bootstrap = bootstrap_config(args);
    let (read, matched, oracle) = (tally.read, tally.matched, tally.oracle());
    let conditions = tally.conditions().ok()?;
    if matched == 0 {
        eprintln!("warning: no pairs match the filter");
    }
    Some(MetricsReport {
        conditions: compute(&conditions, &bootstrap),
        provenance: Provenance {
            filter: args.filter.clone(),
            oracle,
            bootstrap,
            version: env!("CARGO_PKG_VERSION").to_string(),
            inputs,
            pairs_read: read,
            pairs_matched: matched,
        },
    })
}
