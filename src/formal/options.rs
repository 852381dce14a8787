//! How to prove: the default clock, the reset assumption, the depth and time limits,
//! the interface rule, parallelism, the cache and the size limits.

use std::path::PathBuf;
use std::time::Duration;

use super::engine::limits::Limits;
use super::property::ast::ClockEvent;

/// The deepest `depth` accepted (`--depth`): far beyond any useful PDR run, and within
/// what ABC reads (a C int).
pub const MAX_DEPTH: u32 = 1_000_000;

/// The default `depth`: EquivSVA's SymbiYosys depth.
pub const DEFAULT_DEPTH: u32 = 30;

/// The default time limit of each check, in seconds.
pub const DEFAULT_TIMEOUT_SECONDS: u64 = 60;

/// `depth` if it is one the engine takes (1 to [`MAX_DEPTH`]), else why not.
pub fn valid_depth(depth: u32) -> Result<u32, String> {
    if depth == 0 || depth > MAX_DEPTH {
        return Err(format!(
            "--depth must be between 1 and {MAX_DEPTH} (time frames PDR explores), not {depth}"
        ));
    }
    Ok(depth)
}

/// A time limit of `seconds` if it is a positive number, else why not.
pub fn valid_timeout(seconds: f64) -> Result<Duration, String> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(format!(
            "--timeout {seconds}: expected a positive number of seconds"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// What is assumed about reset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reset {
    /// The first of `rst`, `reset`, `rst_i`, `reset_i`, `srst`, `arst`, `areset`
    /// (assumed 1), `rst_n`, `rstn`, `reset_n`, `resetn`, `nrst`, `rst_ni`, `arst_n`,
    /// `aresetn`, `areset_n`, `rst_b`, `resetb` (assumed 0) that the top module names;
    /// no assumption when it names none of them.
    Auto,
    /// A Verilog expression over the top module's signals, assumed true in cycle 0.
    Expr(String),
    /// No assumption: the design starts in any state its initial values allow.
    None,
}

/// What `$past(e)` (and `$rose`, `$fell`, `$stable`, `$changed`) reads before the
/// tick it refers to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PastConvention {
    /// IEEE 1800 16.9.3 and 16.5.1: the default sampled value of `e`: `e` evaluated
    /// over the declared initial values of its variables (`logic [3:0] q = 0;`);
    /// unconstrained (X, any value) when a variable of `e` has none (an input, a net, a
    /// register set only by an `initial` block).
    #[default]
    Ieee,
    /// EquivSVA's lowering (yosys's own `$past`, as its SymbiYosys checks read it):
    /// always unconstrained before the tick, declared initial values ignored.
    EquivSva,
}

impl PastConvention {
    pub fn as_str(self) -> &'static str {
        match self {
            PastConvention::Ieee => "ieee",
            PastConvention::EquivSva => "equivsva",
        }
    }
}

/// Where results are cached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheChoice {
    /// The user's cache directory.
    User,
    /// A given directory.
    At(PathBuf),
    /// No cache.
    Off,
}

/// The options of a formal check.
#[derive(Clone, Debug)]
pub struct ProveOptions {
    /// The clocking event of properties that have none (`posedge clk`).
    pub clock: Option<ClockEvent>,
    pub reset: Reset,
    /// The longest counterexample, in cycles (one failing at cycle `depth - 1` at the
    /// latest), and the most time frames PDR explores.
    pub depth: u32,
    /// Time limit of each check (PDR run).
    pub timeout: Duration,
    /// Properties naming identifiers other than the top module's ports get
    /// `interface-violation` and are not checked.
    pub interface_only: bool,
    /// Checks run at once (0: one per core).
    pub jobs: usize,
    pub cache: CacheChoice,
    pub limits: Limits,
    /// What `$past` reads before the tick it refers to.
    pub past: PastConvention,
    /// Told of the checks as they are planned and done (a progress line); no effect on
    /// any result.
    pub progress: Option<ProgressHook>,
}

/// What a [`ProgressHook`] is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressEvent {
    /// `n` more checks are to run (each phase plans its own: properties, transfers,
    /// mutants).
    Planned(u64),
    /// `n` more checks are done (cached or run).
    Done(u64),
}

/// A callback the prover calls from its worker threads with [`ProgressEvent`]s.
#[derive(Clone)]
pub struct ProgressHook(pub std::sync::Arc<dyn Fn(ProgressEvent) + Send + Sync>);

impl ProgressHook {
    pub fn tell(&self, event: ProgressEvent) {
        (self.0)(event)
    }
}

impl std::fmt::Debug for ProgressHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProgressHook")
    }
}

impl Default for ProveOptions {
    fn default() -> ProveOptions {
        ProveOptions {
            clock: None,
            reset: Reset::Auto,
            depth: DEFAULT_DEPTH,
            timeout: Duration::from_secs(DEFAULT_TIMEOUT_SECONDS),
            interface_only: false,
            jobs: 0,
            cache: CacheChoice::User,
            limits: Limits::default(),
            past: PastConvention::Ieee,
            progress: None,
        }
    }
}

/// The reset names [`Reset::Auto`] looks for, with the value assumed.
pub const AUTO_RESETS: &[(&str, bool)] = &[
    ("rst", true),
    ("reset", true),
    ("rst_i", true),
    ("reset_i", true),
    ("srst", true),
    ("arst", true),
    ("areset", true),
    ("rst_n", false),
    ("rstn", false),
    ("reset_n", false),
    ("resetn", false),
    ("nrst", false),
    ("rst_ni", false),
    ("arst_n", false),
    ("aresetn", false),
    ("areset_n", false),
    ("rst_b", false),
    ("resetb", false),
];

/// Reads a clocking event: `posedge clk`, `negedge clk` or `@(posedge clk)`.
pub fn parse_clock(text: &str) -> Result<ClockEvent, String> {
    let t = text.trim();
    let t = t
        .strip_prefix('@')
        .map(|r| {
            r.trim()
                .trim_start_matches('(')
                .trim_end_matches(')')
                .trim()
        })
        .unwrap_or(t);
    let mut parts = t.split_whitespace();
    let edge = parts.next();
    let signal = parts.next();
    let ident = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
    };
    match (edge, signal, parts.next()) {
        (Some(e @ ("posedge" | "negedge")), Some(s), None) if ident(s) => Ok(ClockEvent {
            posedge: e == "posedge",
            signal: s.to_string(),
        }),
        _ => Err(format!(
            "`{text}` is not a clocking event: write `posedge CLK` or `negedge CLK`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_clocking_events() {
        assert_eq!(
            parse_clock("posedge clk").unwrap().to_string(),
            "posedge clk"
        );
        assert_eq!(
            parse_clock("@(negedge c_1)").unwrap().to_string(),
            "negedge c_1"
        );
        assert!(parse_clock("clk").is_err());
        assert!(parse_clock("posedge a b").is_err());
    }
}
