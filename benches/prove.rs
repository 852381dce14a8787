//! Speed of `flipscope prove` on the EquivSVA dev generations, side by side with the
//! way EquivSVA's scripts check them, in one run (figures printed, nothing asserted):
//!
//! 1. flipscope: every property of the 96 generations on its own implementation, then
//!    every passing one on the family's three mutants (one model per design), twice:
//!    as issue 13 measured it (`engine::legacy`: two yosys runs per model, PDR for
//!    every output, one ABC process per phase) and as it is now (one yosys run, a
//!    random simulation of each model first, ABC in rounds); both profiles are printed
//!    (tool seconds per phase), and the verdicts of the two runs compared.
//! 2. The EquivSVA way: the same checks, each with its own yosys elaboration (design
//!    plus that one property's monitor as an immediate assertion, SMT2 model) and its
//!    own solver processes (yosys-smtbmc base case and induction, depth 30, as
//!    SymbiYosys `mode prove` runs them; z3: EquivSVA uses bitwuzla, which Debian does
//!    not package, and Debian's boolector 1.5 rejects yosys-smtbmc's SMT2).
//!
//! Both use the same number of parallel jobs (`FLIPSCOPE_BENCH_JOBS`, default: cores)
//! and no cache. Run: `cargo bench --bench prove` (needs yosys, z3 and
//! `../shared/data/equivsva`); `FLIPSCOPE_BENCH_SKIP_EQUIVSVA=1` runs only part 1.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use flipscope::formal::engine::harness::{self, Entry};
use flipscope::formal::engine::profile;
use flipscope::formal::lower::lower;
use flipscope::formal::{
    CacheChoice, Design, FormalStatus, Job, PastConvention, PropertySet, ProveOptions, Prover,
    read_properties,
};
use rayon::prelude::*;
use serde_json::Value;

fn data() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .map(|a| a.join("shared/data/equivsva"))
        .find(|p| p.exists())
}

/// CPU seconds used by this process's finished children (from /proc/self/stat).
fn children_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = after.split_whitespace().collect();
    let tick = 100.0;
    let get = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields after the command: state is 0; cutime is 13, cstime 14.
    (get(13) + get(14)) / tick
}

struct Task {
    design: Design,
    props: PropertySet,
    mutants: Vec<Design>,
}

fn main() {
    let Some(root) = data() else {
        eprintln!("prove bench: ../shared/data/equivsva is missing; nothing measured");
        return;
    };
    let jobs: usize = std::env::var("FLIPSCOPE_BENCH_JOBS")
        .ok()
        .and_then(|j| j.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let gens =
        root.join("experiments/results_v2/mlx-community__Qwen2.5-Coder-7B-Instruct-4bit/dev.jsonl");
    let mut tasks = Vec::new();
    for line in std::fs::read_to_string(gens).unwrap().lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        let fam = root
            .join("dataset")
            .join(row["design_id"].as_str().unwrap());
        let rtl = fam.join("rtl").join(row["rtl_file"].as_str().unwrap());
        let mut mutants: Vec<PathBuf> = std::fs::read_dir(fam.join("mutants"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        mutants.sort();
        tasks.push(Task {
            design: Design::read(&[rtl], None).unwrap(),
            props: read_properties(row["response"].as_str().unwrap(), "gen.txt"),
            mutants: mutants
                .iter()
                .map(|m| Design::read(std::slice::from_ref(m), None).unwrap())
                .collect(),
        });
    }
    let prover = Prover::new(ProveOptions {
        cache: CacheChoice::Off,
        jobs,
        ..ProveOptions::default()
    })
    .expect("yosys and yosys-abc");

    // 1. flipscope as issue 13 measured it (no random simulation), then as it is now.
    let batch: Vec<Job> = tasks
        .iter()
        .map(|t| Job {
            design: &t.design,
            properties: &t.props,
            mutants: &t.mutants,
        })
        .collect();
    let mut runs = Vec::new();
    for now in [false, true] {
        flipscope::formal::engine::simulate::set_enabled(now);
        flipscope::formal::engine::legacy::set(!now);
        profile::reset();
        let cpu = children_cpu();
        let started = Instant::now();
        let reports = prover.prove_batch(&batch);
        runs.push((
            started.elapsed(),
            children_cpu() - cpu,
            profile::snapshot(),
            reports,
        ));
    }
    let (before_wall, before_cpu, before_profile, before_reports) = runs.remove(0);
    let (ours_wall, ours_cpu, ours_profile, reports) = runs.remove(0);
    let differing = verdicts(&before_reports)
        .iter()
        .zip(verdicts(&reports).iter())
        .filter(|(a, b)| a != b)
        .count();
    // The checks both runs do: (design, property index, of a task) on the
    // implementation with a verdict, and every passing one on each mutant.
    let mut checks: Vec<(&Design, &Task, usize)> = Vec::new();
    let mut on_mutants = 0;
    for (t, r) in tasks.iter().zip(&reports) {
        for (i, o) in r.outcomes.iter().enumerate() {
            if matches!(
                o.status,
                FormalStatus::Pass | FormalStatus::Fail | FormalStatus::Unknown
            ) {
                checks.push((&t.design, t, i));
            }
            if o.status == FormalStatus::Pass {
                for m in &t.mutants {
                    checks.push((m, t, i));
                    on_mutants += 1;
                }
            }
        }
    }

    // 2. The EquivSVA way (`FLIPSCOPE_BENCH_SKIP_EQUIVSVA=1` leaves it out, to compare
    // flipscope's two engines quickly).
    let skip_theirs = std::env::var_os("FLIPSCOPE_BENCH_SKIP_EQUIVSVA").is_some();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .unwrap();
    let cpu = children_cpu();
    let started = Instant::now();
    let done: usize = pool.install(|| {
        checks
            .par_iter()
            .filter(|_| !skip_theirs)
            .map(|(d, t, i)| usize::from(one_by_one(d, &t.props, *i)))
            .sum()
    });
    let theirs_wall = started.elapsed();
    let theirs_cpu = children_cpu() - cpu;

    let abc_start = abc_start_up();
    println!(
        "prove bench: {} checks ({} on implementations, {on_mutants} on mutants), {jobs} jobs",
        checks.len(),
        checks.len() - on_mutants
    );
    println!(
        "profile before (issue 13's engine: two yosys runs per model, PDR for every output, one ABC process per phase):\n{before_profile}"
    );
    println!(
        "profile after (one yosys run, random simulation first, BMC below the known failure, ABC in rounds):\n{ours_profile}"
    );
    let abc_runs = |p: &profile::Profile| -> u64 { p.abc_processes };
    println!(
        "  ABC start-up: {:.1} ms per process (empty script, median of 9): {:.1} s before, {:.1} s after",
        abc_start * 1e3,
        abc_start * abc_runs(&before_profile) as f64,
        abc_start * abc_runs(&ours_profile) as f64
    );
    println!(
        "  verdicts that differ between before and after (status, vacuity, failing cycle, category, mutants): {differing}"
    );
    println!(
        "  flipscope before (PDR per output)             wall {:>8.1} s   tools' CPU {:>8.1} s",
        secs(before_wall),
        before_cpu
    );
    println!(
        "  flipscope (one model per design, sim + PDR)   wall {:>8.1} s   tools' CPU {:>8.1} s",
        secs(ours_wall),
        ours_cpu
    );
    println!(
        "  EquivSVA way (one elaboration + solver each)  wall {:>8.1} s   tools' CPU {:>8.1} s   ({done} ran)",
        secs(theirs_wall),
        theirs_cpu
    );
    println!(
        "  speed-up: {:.1}x wall, {:.1}x CPU (before: {:.1}x wall, {:.1}x CPU)",
        secs(theirs_wall) / secs(ours_wall),
        theirs_cpu / ours_cpu.max(1e-9),
        secs(theirs_wall) / secs(before_wall),
        theirs_cpu / before_cpu.max(1e-9)
    );
}

/// What the reports say, per property: status, vacuity, failing cycle, failure
/// category and the mutants' statuses.
type Said = (
    FormalStatus,
    Option<bool>,
    Option<usize>,
    String,
    Vec<FormalStatus>,
);

fn verdicts(reports: &[flipscope::formal::Report]) -> Vec<Said> {
    reports
        .iter()
        .flat_map(|r| &r.outcomes)
        .map(|o| {
            (
                o.status,
                o.vacuous,
                o.counterexample.as_ref().map(|c| c.fail_cycle),
                format!("{:?}", o.failure),
                o.mutants.iter().map(|m| m.status).collect(),
            )
        })
        .collect()
}

/// Seconds one yosys-abc process takes on an empty script (median of 9).
fn abc_start_up() -> f64 {
    let Ok(dir) = tempfile::tempdir() else {
        return 0.0;
    };
    let _ = std::fs::write(dir.path().join("empty.abc"), "\n");
    let mut times: Vec<f64> = (0..9)
        .map(|_| {
            let t = Instant::now();
            let _ = Command::new("yosys-abc")
                .args(["-s", "-f", "empty.abc"])
                .current_dir(dir.path())
                .output();
            t.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[4]
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// One check the EquivSVA way; `false` when it could not be set up.
fn one_by_one(design: &Design, props: &PropertySet, i: usize) -> bool {
    let p = &props.properties[i];
    let Some(spec) = p.spec() else { return false };
    let Some(clock) = spec.clock.clone().or_else(|| props.default_clock.clone()) else {
        return false;
    };
    let Ok(mut lowered) = lower(spec, &clock, props, PastConvention::Ieee) else {
        return false;
    };
    lowered.text.push_str("always @* assert(!@P@bad);\n");
    let Ok(top) = design.find_top() else {
        return false;
    };
    let h = harness::build(
        &design.files[top.file].text,
        top.end,
        &[Entry { lowered: &lowered }],
        Some("rst"),
    );
    let Ok(dir) = tempfile::tempdir() else {
        return false;
    };
    let d = dir.path();
    let script = format!(
        "read_verilog -formal -sv formal.sv\nprep -top {}\nasync2sync\nchformal -assume -early\nopt_clean\nsetundef -anyseq\nopt -keepdc -fast\ncheck\nhierarchy -simcheck\ndffunmap\nwrite_smt2 -wires model.smt2\n",
        top.name
    );
    if std::fs::write(d.join("formal.sv"), &h.text).is_err()
        || std::fs::write(d.join("model.ys"), script).is_err()
    {
        return false;
    }
    let built = Command::new("yosys")
        .args(["-q", "-s", "model.ys"])
        .current_dir(d)
        .output()
        .is_ok_and(|o| o.status.success());
    if !built {
        return false;
    }
    // A solver run counts when it reached a verdict (PASSED or FAILED).
    let ok = |c: &mut Command| {
        c.current_dir(d).output().is_ok_and(|o| {
            let out = String::from_utf8_lossy(&o.stdout);
            out.contains("Status: PASSED") || out.contains("Status: FAILED")
        })
    };
    let base = ok(Command::new("yosys-smtbmc").args([
        "-s",
        "z3",
        "--presat",
        "--noprogress",
        "-t",
        "30",
        "model.smt2",
    ]));
    let ind = ok(Command::new("yosys-smtbmc").args([
        "-s",
        "z3",
        "-i",
        "--presat",
        "--noprogress",
        "-t",
        "30",
        "model.smt2",
    ]));
    base && ind
}
