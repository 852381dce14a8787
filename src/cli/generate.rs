//! `flipscope generate STUDY --endpoint URL --model NAME`: one chat-completion request
//! per (program, variant) not yet generated for the model, answers appended to
//! `STUDY/generations.jsonl` as they arrive. See docs/generate.md.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;

use super::UsageError;
use super::generate_progress::Display;
use crate::generate::client::{Client, ClientOptions, FailureKind};
use crate::generate::endpoint::Endpoint;
use crate::generate::failure::read_failures;
use crate::generate::meta::RunMeta;
use crate::generate::plan::{Conflict, Job, Plan, PlanOptions, plan};
use crate::generate::retry::RetryPolicy;
use crate::generate::run::{RunOptions, RunSummary, run as run_jobs};
use crate::generate::writer::AppendLog;
use crate::generate::{FAILURES_FILE, GENERATIONS_FILE, GenerateError, PromptTemplate, Sampling};
use crate::stats::Filter;
use crate::study::source::{self, FileKind};
use crate::study::{Study, load_study};

/// Generate a study's outputs from an OpenAI-compatible model endpoint.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The study directory: its programs*.jsonl are prompted, and the answers are
    /// appended to STUDY/generations.jsonl.
    #[arg(value_name = "STUDY")]
    pub study: PathBuf,
    /// The server: http://HOST:PORT, its /v1 base, or the full /v1/chat/completions URL
    /// (vLLM, llama.cpp's server, Ollama's /v1, mlx_lm.server, LM Studio).
    #[arg(long, value_name = "URL")]
    pub endpoint: String,
    /// The model name sent to the server, and the generations' `model`; repeat it
    /// (`--model A --model B`) to generate for several models in one run.
    #[arg(long, value_name = "NAME", required_unless_present = "models")]
    pub model: Vec<String>,
    /// A file naming models, one per line (blank lines and `#` comments skipped),
    /// after any --model.
    #[arg(long, value_name = "FILE")]
    pub models: Option<PathBuf>,
    /// Samples per (program, variant): sample k is sent with the seed S+k and recorded
    /// with its `sample` index.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub samples: u32,
    /// A system message sent before the prompt: the text, or @FILE for a file's text.
    #[arg(long, value_name = "TEXT|@FILE")]
    pub system: Option<String>,
    /// A stop sequence (repeatable), sent as the request's `stop`.
    #[arg(long, value_name = "S")]
    pub stop: Vec<String>,
    /// The prompt: `vert` (the study's specification), `equivsva` (EquivSVA's task
    /// prompt, word for word) or a template file with named placeholders.
    #[arg(long, value_name = "vert|equivsva|FILE", default_value = "vert")]
    pub prompt: String,
    /// Only these variants, comma-separated (`original,T2`); every variant by default.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub variants: Option<Vec<String>>,
    /// Only the (program, variant) that match, e.g. `stratum=*/sync program=p0*`
    /// (keys program, stratum, variant, model; see docs/filter.md).
    #[arg(long, value_name = "EXPR", default_value = "")]
    pub filter: String,
    /// Requests in flight at once.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
    /// The most new tokens per answer.
    #[arg(long, value_name = "N", default_value_t = 1536, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_tokens: u64,
    /// Sampling temperature (0 is greedy decoding).
    #[arg(long, value_name = "T", default_value_t = 0.0)]
    pub temperature: f64,
    /// Sampling seed, always sent.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Read the API key from this environment variable (sent as a bearer token,
    /// never recorded).
    #[arg(long, value_name = "VAR")]
    pub api_key_env: Option<String>,
    /// Send again the requests recorded in STUDY/failed-generations.jsonl.
    #[arg(long)]
    pub retry_errors: bool,
    /// Print the requests that would be sent (JSON Lines on standard output) and send
    /// nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Go on when the model's existing generations were made with other settings (or
    /// another prompt): keep them, and generate only what is missing.
    #[arg(long)]
    pub allow_mixed_settings: bool,
    /// The limit on one attempt of one request, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 600.0)]
    pub timeout: f64,
    /// Retries of a request after a connection error, a timeout, 408, 429 or 5xx.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub retries: u32,
    /// The wait before the first retry in milliseconds (doubling, with jitter, up to
    /// 60 s; a Retry-After header wins).
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub backoff_ms: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let endpoint = Endpoint::parse(&args.endpoint).map_err(|e| UsageError(e.to_string()))?;
    check_numbers(&args)?;
    let api_key = match &args.api_key_env {
        None => None,
        Some(var) => Some(std::env::var(var).map_err(|_| {
            UsageError(format!(
                "--api-key-env {var}: the environment variable is not set"
            ))
        })?),
    };
    if !args.study.is_dir() {
        return Err(UsageError(format!(
            "{}: STUDY must be a study directory (holding programs.jsonl)",
            args.study.display()
        ))
        .into());
    }
    let template = PromptTemplate::load(&args.prompt)?;
    let filter = Filter::parse(&args.filter)?;
    let sampling = Sampling {
        temperature: args.temperature,
        max_tokens: args.max_tokens,
        seed: args.seed,
        stop: args.stop.clone(),
    };
    let models = models(&args)?;
    let system = system_message(args.system.as_deref())?;

    // Take the files first: a second writer, or a line cut off by a crash, is reported
    // before anything else.
    let generations_path = args.study.join(GENERATIONS_FILE);
    let failures_path = args.study.join(FAILURES_FILE);
    let logs = if args.dry_run {
        None
    } else {
        Some((
            AppendLog::deferred(&generations_path)?,
            AppendLog::deferred(&failures_path)?,
        ))
    };
    let study = load(&args.study)?;
    let failures = read_failures(&failures_path).map_err(|errors| {
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        anyhow::anyhow!("{}", text.join("\n"))
    })?;
    let mut plans = Vec::new();
    for model in &models {
        let options = PlanOptions {
            model,
            variants: args.variants.as_deref(),
            filter: &filter,
            template: &template,
            sampling: &sampling,
            samples: args.samples,
            system: system.as_deref(),
            retry_errors: args.retry_errors,
        };
        let plan = plan(&study.programs, &study.generations, &failures, &options).map_err(
            |e| -> anyhow::Error {
                match e {
                    GenerateError::UnknownVariant { .. } => UsageError(e.to_string()).into(),
                    e => e.into(),
                }
            },
        )?;
        if plan.mixes_settings() && !args.allow_mixed_settings {
            return Err(UsageError(mixed_settings_message(model, &plan)).into());
        }
        plans.push(plan);
    }
    if plans.iter().all(|p| p.chosen == 0) {
        return Err(UsageError(nothing_chosen_message(&args, study.programs.len())).into());
    }
    let kept: usize = plans.iter().map(|p| p.conflicts.len()).sum();
    let reused: usize = plans.iter().map(|p| p.reused.len()).sum();
    let failed_earlier: Vec<_> = plans
        .iter()
        .flat_map(|p| p.failed_earlier.clone())
        .collect();
    let jobs: Vec<_> = plans.into_iter().flat_map(|p| p.jobs).collect();
    if args.dry_run {
        return dry_run(&jobs, &endpoint, reused, kept, failed_earlier.len());
    }
    for t in &failed_earlier {
        eprintln!(
            "warning: {t}: failed earlier (recorded in {}), not sent again; --retry-errors sends it",
            failures_path.display()
        );
    }
    if jobs.is_empty() {
        eprintln!(
            "nothing to send for {}: {reused} generated already{}{}",
            models_named(&models),
            kept_note(kept),
            failed_note(failed_earlier.len()),
        );
        return Ok(ExitCode::SUCCESS);
    }
    let (mut generations, mut failures_log) = logs.expect("not a dry run");

    let client = Client::new(
        endpoint.clone(),
        ClientOptions {
            timeout: Duration::from_secs_f64(args.timeout),
            retry: RetryPolicy {
                retries: args.retries,
                base: Duration::from_millis(args.backoff_ms),
                ..RetryPolicy::default()
            },
            api_key,
            connections: usize::from(args.jobs),
        },
    );
    preflight(&client, &models)?;

    let interrupt = Arc::new(AtomicBool::new(false));
    {
        let interrupt = Arc::clone(&interrupt);
        // Only one handler per process; a second call (tests in one process) keeps the first.
        let _ = ctrlc::set_handler(move || interrupt.store(true, Ordering::SeqCst));
    }
    let meta = RunMeta {
        endpoint: endpoint.chat_url.clone(),
        sampling: sampling.clone(),
        system: system.clone(),
        template: template.name().to_string(),
        template_sha256: template.sha256().to_string(),
    };
    let failed_earlier = failed_earlier.len();
    let mut display = Display::new(std::io::stderr().is_terminal(), jobs.len() as u64);
    let summary = run_jobs(
        jobs,
        &client,
        &meta,
        &RunOptions {
            jobs: usize::from(args.jobs),
            reused,
        },
        (&mut generations, &mut failures_log),
        &interrupt,
        &mut |event| display.event(event),
    );
    display.finish();
    let summary = summary?;
    Ok(report(
        &summary,
        &generations_path,
        &failures_path,
        kept,
        failed_earlier,
    ))
}

/// The run's models: every --model, then the names of --models FILE; each once.
fn models(args: &Args) -> anyhow::Result<Vec<String>> {
    let mut models = args.model.clone();
    if let Some(path) = &args.models {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read the models file", path.display()))?;
        for line in text.lines() {
            let name = line.trim();
            if !name.is_empty() && !name.starts_with('#') {
                models.push(name.to_string());
            }
        }
    }
    for (i, m) in models.iter().enumerate() {
        if m.trim().is_empty() {
            return Err(UsageError("--model: expected a name, not an empty string".into()).into());
        }
        if models[..i].contains(m) {
            return Err(UsageError(format!("--model {m:?} is given twice")).into());
        }
    }
    if models.is_empty() {
        return Err(UsageError(
            "no model: give --model NAME or a --models file naming some".into(),
        )
        .into());
    }
    Ok(models)
}

/// `--system`: the text, or the text of the file after `@`.
fn system_message(given: Option<&str>) -> anyhow::Result<Option<String>> {
    match given {
        None => Ok(None),
        Some(spec) => match spec.strip_prefix('@') {
            Some(path) => std::fs::read_to_string(path)
                .map(Some)
                .with_context(|| format!("--system @{path}: cannot read the file")),
            None => Ok(Some(spec.to_string())),
        },
    }
}

/// `"m"` or `models "a", "b"`, for messages.
fn models_named(models: &[String]) -> String {
    match models {
        [one] => format!("model \"{one}\""),
        many => format!(
            "models {}",
            many.iter()
                .map(|m| format!("\"{m}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// What to say when --variants and --filter leave no (program, variant).
fn nothing_chosen_message(args: &Args, programs: usize) -> String {
    let mut chose = Vec::new();
    if let Some(v) = &args.variants {
        chose.push(format!("--variants {}", v.join(",")));
    }
    if !args.filter.trim().is_empty() {
        chose.push(format!("--filter {:?}", args.filter));
    }
    if chose.is_empty() {
        return format!("the study's {programs} program(s) give no (program, variant) to prompt");
    }
    format!(
        "{} match(es) no (program, variant) of the study's {programs} program(s): nothing to generate (the keys are program, stratum, variant and model; see docs/filter.md)",
        chose.join(" and ")
    )
}

/// Numbers clap cannot check by itself.
fn check_numbers(args: &Args) -> Result<(), UsageError> {
    if !args.temperature.is_finite() || args.temperature < 0.0 {
        return Err(UsageError(format!(
            "--temperature {}: expected a number of at least 0",
            args.temperature
        )));
    }
    if !args.timeout.is_finite() || args.timeout <= 0.0 || args.timeout > 86_400.0 {
        return Err(UsageError(format!(
            "--timeout {}: expected seconds above 0 (at most a day)",
            args.timeout
        )));
    }
    Ok(())
}

/// The study's programs and generations (its pairs and annotations are not needed).
fn load(dir: &Path) -> anyhow::Result<Study> {
    let files = source::expand(&[dir.to_path_buf()]).map_err(|errors| {
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        anyhow::anyhow!("{}", text.join("\n"))
    })?;
    let paths: Vec<PathBuf> = files
        .into_iter()
        .filter(|(_, kind)| matches!(kind, FileKind::Programs | FileKind::Generations))
        .map(|(path, _)| path)
        .collect();
    if !paths
        .iter()
        .any(|p| FileKind::from_name(p) == Some(FileKind::Programs))
    {
        anyhow::bail!(
            "{}: no programs*.jsonl in the study directory: nothing to prompt",
            dir.display()
        );
    }
    let study = load_study(&paths).map_err(|e| anyhow::anyhow!("{e}"))?;
    for w in &study.warnings {
        eprintln!("warning: {w}");
    }
    Ok(study)
}

/// Checks that the endpoint answers before any job starts, and says when it does not
/// list the model.
fn preflight(client: &Client, wanted: &[String]) -> anyhow::Result<()> {
    let url = &client.endpoint().models_url;
    match client.models() {
        Ok(models) if !models.is_empty() => {
            for model in wanted.iter().filter(|w| !models.contains(w)) {
                eprintln!(
                    "warning: {url} lists {} but not \"{model}\" (llama.cpp's server answers with its one model whatever the name; vLLM and Ollama refuse an unknown one)",
                    models.join(", ")
                );
            }
        }
        Ok(_) => {}
        Err(f) if f.kind == FailureKind::Redirect => {
            anyhow::bail!("the endpoint redirects: {}", f.message)
        }
        Err(f) if f.kind == FailureKind::Connection || f.kind == FailureKind::Timeout => {
            anyhow::bail!("cannot reach the endpoint: {url}: {}", f.message)
        }
        Err(f) => eprintln!("warning: {url}: {} (going on)", f.message),
    }
    Ok(())
}

/// The refusal to mix settings, with what differs and what to do.
fn mixed_settings_message(model: &str, plan: &Plan) -> String {
    let mut lines = vec![];
    let list = |conflicts: &[Conflict], lines: &mut Vec<String>| {
        for c in conflicts.iter().take(5) {
            lines.push(format!("  {}: {}", c.target, c.differs));
        }
        if conflicts.len() > 5 {
            lines.push(format!("  ... and {} more", conflicts.len() - 5));
        }
    };
    if !plan.conflicts.is_empty() {
        lines.push(format!(
            "{} generation(s) of model \"{model}\" were made by another request:",
            plan.conflicts.len()
        ));
        list(&plan.conflicts, &mut lines);
    }
    if !plan.jobs.is_empty() && !plan.other_settings.is_empty() {
        lines.push(format!(
            "sending {} request(s) would mix settings with {} generation(s) of \"{model}\" made with other settings:",
            plan.jobs.len(),
            plan.other_settings.len()
        ));
        list(&plan.other_settings, &mut lines);
    }
    lines.push(
        "use another --model name for these settings, or --allow-mixed-settings to keep those generations and generate only what is missing".into(),
    );
    lines.join("\n")
}

/// `--dry-run`: the requests as JSON Lines, and what would happen.
fn dry_run(
    jobs: &[Job],
    endpoint: &Endpoint,
    reused: usize,
    kept: usize,
    failed_earlier: usize,
) -> anyhow::Result<ExitCode> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for job in jobs {
        let body: serde_json::Value =
            serde_json::from_slice(&job.request.body).expect("the body is JSON");
        let mut line = serde_json::json!({
            "program": job.target.program,
            "variant": job.target.variant,
            "model": job.model,
            "url": endpoint.chat_url,
            "request_sha256": job.request.sha256,
            "prompt_sha256": job.request.prompt_sha256,
            "body": body,
        });
        if job.sampled {
            line["sample"] = job.target.sample.into();
        }
        serde_json::to_writer(&mut out, &line).context("cannot write the output")?;
        out.write_all(b"\n").context("cannot write the output")?;
    }
    out.flush().context("cannot write the output")?;
    eprintln!(
        "dry run: would send {} request(s) to {}; {reused} generated already{}{}",
        jobs.len(),
        endpoint.chat_url,
        kept_note(kept),
        failed_note(failed_earlier),
    );
    Ok(ExitCode::SUCCESS)
}

fn kept_note(kept: usize) -> String {
    if kept == 0 {
        String::new()
    } else {
        format!(", {kept} kept from other settings")
    }
}

fn failed_note(failed: usize) -> String {
    if failed == 0 {
        String::new()
    } else {
        format!(", {failed} failed earlier (not sent again without --retry-errors)")
    }
}

/// The closing lines on standard error, and the exit status: 0 when every request was
/// answered, 1 when some failed or the endpoint stopped answering, 130 on Ctrl-C.
fn report(
    s: &RunSummary,
    generations: &Path,
    failures: &Path,
    kept: usize,
    failed_earlier: usize,
) -> ExitCode {
    let p = &s.progress;
    let secs = s.elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        p.done as f64 / secs
    } else {
        0.0
    };
    let truncated = if p.truncated > 0 {
        format!(" ({} truncated)", p.truncated)
    } else {
        String::new()
    };
    eprintln!(
        "generated {} of {}{truncated} into {}, {} failed, {} reused{}{}, in {:.1} s ({} answers/s)",
        p.done,
        p.total,
        generations.display(),
        p.errors,
        p.reused,
        kept_note(kept),
        failed_note(failed_earlier),
        secs,
        crate::generate::rate::format_rate(rate),
    );
    if s.interrupted {
        eprintln!(
            "interrupted: every answer received is written; {} request(s) in flight abandoned and {} not sent (a re-run sends them)",
            s.abandoned,
            p.total - p.done - p.errors - s.abandoned
        );
        return ExitCode::from(130);
    }
    if let Some((target, failure)) = &s.stopped {
        if failure.kind == FailureKind::Redirect {
            eprintln!(
                "error: the endpoint redirects ({target}: {}); a re-run sends what is missing",
                failure.message
            );
            return ExitCode::from(1);
        }
        eprintln!(
            "error: the endpoint stopped answering ({target}: {} after {} attempt(s)); a re-run sends what is missing",
            failure.message, failure.attempts
        );
        return ExitCode::from(1);
    }
    if p.errors > 0 {
        eprintln!(
            "error: {} request(s) failed; they are recorded in {} and --retry-errors sends them again",
            p.errors,
            failures.display()
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
