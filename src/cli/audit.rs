//! `flipscope audit PATHS... [--format table|json] [--no-cache]`: data quality of
//! studies and VERT files (RTL syntax errors, unreadable references, x/z literals,
//! reference-vs-RTL path agreement); for whole-module programs the module audit
//! (`super::audit_modules`: legality, equivalence, gold properties, mutants).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use crate::dataset_audit::{AuditProgram, AuditReport, audit_programs, is_vert_file, read_vert};
use crate::rtl::ParseCache;
use crate::study::error::display_path;
use crate::study::load_study;

use super::args::Format;

/// Audits studies (programs.jsonl, or a directory) and VERT files.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Studies (a programs.jsonl file or a study directory) or VERT files (a JSON array
    /// of records with Code, Assertion, Synchronous, Clock).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Parse every RTL text again, without reading or writing the parse cache.
    #[arg(long)]
    pub no_cache: bool,
    /// How atoms are compared [default: the study's `study.toml`, else two-state].
    #[arg(long, value_enum, value_name = "SEMANTICS")]
    pub semantics: Option<super::score::SemanticsArg>,
    /// The proofs of the module audit (whole-module studies).
    #[command(flatten)]
    pub proof: super::args::ProofArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let cache = if args.no_cache {
        ParseCache::disabled()
    } else {
        ParseCache::user()
    };
    let mut report = AuditReport::default();
    let mut modules = Vec::new();
    for path in &args.paths {
        let name = display_path(path);
        if path.is_file() && is_vert_file(path) {
            let programs = read_vert(path)?;
            let values = args.semantics.map(Into::into).unwrap_or_default();
            audit_programs(&mut report, &name, "vert", &programs, values, &cache);
        } else {
            let study = load_study(std::slice::from_ref(path))
                .with_context(|| format!("{name}: the study did not load"))?;
            if study.kind().has_modules() {
                modules.push((
                    path.clone(),
                    super::audit_modules::audit(
                        &study,
                        path,
                        &args.proof.prove_options(args.no_cache)?,
                    )?,
                ));
                if !study.kind().has_fragments() {
                    continue;
                }
            }
            let programs: Vec<AuditProgram> = study
                .programs
                .iter()
                .filter(|p| !p.is_module())
                .map(|p| AuditProgram {
                    id: p.id.clone(),
                    rtl: p.rtl.clone(),
                    reference: p.reference.clone(),
                    clock: if p.synchronous { p.clock.clone() } else { None },
                    widths: p.widths(),
                    variants: p
                        .variants
                        .iter()
                        .map(|(name, v)| (name.clone(), v.rtl.clone()))
                        .collect(),
                })
                .collect();
            let values = args
                .semantics
                .map(Into::into)
                .or(study.settings.scoring.semantics)
                .unwrap_or_default();
            audit_programs(&mut report, &name, "study", &programs, values, &cache);
        }
    }
    if !modules.is_empty() && report.inputs.is_empty() {
        return super::audit_modules::print(&modules, args.format);
    }
    if !modules.is_empty() {
        super::audit_modules::print(&modules, args.format)?;
    }
    match args.format {
        Format::Json => {
            super::output::print_line(&serde_json::to_string_pretty(&report.to_json())?)?
        }
        Format::Table => super::output::print(&super::audit_table::render(&report))?,
    }
    Ok(ExitCode::SUCCESS)
}
