//! The arguments of `flipscope transform`: one rewrite of a file or fragment (`--kind`)
//! or the proven rewrites of a whole-module study (`--kinds ... --out`).

use std::path::PathBuf;

use crate::transform::Kind;

/// Rewrites an RTL module or VERT-style fragment with T1, T2 or T3, validated.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// T1 (reverse top-level &&/|| chains), T2 (rename identifiers) or T3 (add
    /// redundant parentheses).
    #[arg(long, value_name = "KIND", value_parser = parse_kind, required_unless_present = "kinds", conflicts_with = "kinds")]
    pub kind: Option<Kind>,
    /// A whole-module study: the kinds to add to each program (`T1,T2,T3`), each
    /// rewrite proven equivalent to its source; needs `--out`.
    #[arg(long, value_name = "KINDS", requires = "out")]
    pub kinds: Option<String>,
    /// With `--kinds`: rewrite the canonical implementation only, or every one.
    #[arg(long, value_enum, default_value = "canonical", requires = "kinds")]
    pub implementations: ImplementationsArg,
    /// With `--kinds`: the directory of the new study (created; must be empty).
    #[arg(long, value_name = "NEW_STUDY", requires = "kinds")]
    pub out: Option<PathBuf>,
    /// The proofs of `--kinds` (depth, time limit, parallelism).
    #[command(flatten)]
    pub proof: super::args::ProofArgs,
    /// The clock event of a fragment (`posedge clk`); T2 renames its signal too.
    #[arg(long, value_name = "EVENT")]
    pub clock: Option<String>,
    /// Print JSON: the text, the rename map, the clock and the edits.
    #[arg(long)]
    pub json: bool,
    /// Parse without reading or writing the parse cache.
    #[arg(long)]
    pub no_cache: bool,
    /// An RTL file (a module or a fragment of statements), or `-` for standard input;
    /// with `--kinds`, a study (its directory or programs file).
    pub file: PathBuf,
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    s.parse()
        .map_err(|e: crate::transform::UnknownKind| e.to_string())
}

/// `--implementations`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ImplementationsArg {
    /// The canonical implementation (`original`): variants `T1`, `T2`, `T3`.
    Canonical,
    /// Every implementation: another one's variants are `STYLE.T1` ...
    All,
}
