//! `flipscope score` of a large study with 1 and with 2 threads (`--jobs`), side by side
//! in one run (issue 26: 2 threads at least 1.7x as fast as 1, peak memory at most
//! 512 MiB at 158k outputs). Each run is the real binary under `/usr/bin/time -v`: wall
//! time, CPU seconds (user + system) and peak resident memory. The two outputs must be
//! the same bytes.
//!
//! The study is the sample study (`sample-runs/`, written by `flipscope synth`) copied
//! until it has `FLIPSCOPE_BENCH_PROGRAMS` programs (default 20,000: 158k outputs, the
//! issue's row), program ids `ID~k`; `FLIPSCOPE_BENCH_STUDY=DIR` scores a study of your
//! own instead (for example `flipscope synth --programs 20000 --out DIR`).
//!
//!     cargo bench --bench score_threads

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::Builder::new()
        .prefix("flipscope-score-threads-")
        .tempdir()
        .expect("a temporary directory");
    let study = match std::env::var_os("FLIPSCOPE_BENCH_STUDY") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let programs = std::env::var("FLIPSCOPE_BENCH_PROGRAMS")
                .ok()
                .and_then(|n| n.parse().ok())
                .unwrap_or(20_000);
            let dir = work.path().join("study");
            let outputs = copy_sample_study(&root.join("sample-runs"), &dir, programs);
            println!("study: the sample study copied to {programs} programs, {outputs} outputs");
            dir
        }
    };
    let bin = env!("CARGO_BIN_EXE_flipscope");
    println!(
        "score_threads: {} cores, load {}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .split(' ')
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut runs = Vec::new();
    for jobs in [1, 2] {
        let out = work.path().join(format!("pairs-{jobs}.jsonl"));
        let run = measure(bin, &study, jobs, &out, work.path());
        println!(
            "  score --jobs {jobs}: wall {:7.2} s  cpu {:7.2} s (user {:.2} + system {:.2})  peak {:5} MiB",
            run.wall,
            run.user + run.system,
            run.user,
            run.system,
            run.max_rss_kib / 1024
        );
        runs.push((out, run));
    }
    let same = same_bytes(&runs[0].0, &runs[1].0);
    let bytes = std::fs::metadata(&runs[0].0).map_or(0, |m| m.len());
    println!(
        "  pairs: {} bytes, {} with 1 and 2 threads",
        bytes,
        if same { "the same" } else { "DIFFERENT" }
    );
    println!(
        "  2 threads are {:.2}x as fast as 1 (wall), CPU {:.2}x",
        runs[0].1.wall / runs[1].1.wall,
        (runs[1].1.user + runs[1].1.system) / (runs[0].1.user + runs[0].1.system)
    );
    assert!(same, "score with 1 and 2 threads wrote different pairs");
}

/// One run's figures from `/usr/bin/time -v`.
struct Run {
    wall: f64,
    user: f64,
    system: f64,
    max_rss_kib: u64,
}

fn measure(bin: &str, study: &Path, jobs: usize, out: &Path, work: &Path) -> Run {
    let stats = work.join(format!("time-{jobs}.txt"));
    let status = Command::new("/usr/bin/time")
        .arg("-v")
        .arg("-o")
        .arg(&stats)
        .arg(bin)
        .arg("score")
        .arg(study)
        .arg("--jobs")
        .arg(jobs.to_string())
        .env("XDG_CACHE_HOME", work.join("cache"))
        .stdout(File::create(out).expect("the pairs file"))
        .stderr(Stdio::null())
        .status()
        .expect("/usr/bin/time runs");
    assert!(status.success(), "score --jobs {jobs} failed");
    let text = std::fs::read_to_string(&stats).expect("time's figures");
    let field = |name: &str| -> &str {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(name))
            .and_then(|l| l.strip_prefix(": "))
            .unwrap_or_else(|| panic!("no {name} in {text}"))
    };
    // `h:mm:ss` or `m:ss.cc`.
    let wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
        .split(':')
        .fold(0.0, |s, part| s * 60.0 + part.parse::<f64>().unwrap_or(0.0));
    Run {
        wall,
        user: field("User time (seconds)").parse().unwrap_or(0.0),
        system: field("System time (seconds)").parse().unwrap_or(0.0),
        max_rss_kib: field("Maximum resident set size (kbytes)")
            .parse()
            .unwrap_or(0),
    }
}

/// Writes the sample study's programs and generations copied until there are
/// `programs` programs (ids `ID~k` from the second copy on); returns the outputs.
fn copy_sample_study(sample: &Path, dir: &Path, programs: usize) -> usize {
    std::fs::create_dir_all(dir).expect("the study directory");
    let read = |name: &str| -> Vec<serde_json::Value> {
        BufReader::new(File::open(sample.join(name)).expect("the sample study"))
            .lines()
            .map(|l| serde_json::from_str(&l.expect("a line")).expect("JSON"))
            .collect()
    };
    let (originals, generations) = (read("programs.jsonl"), read("generations.jsonl"));
    let id = |base: &str, k: usize| {
        if k == 0 {
            base.to_string()
        } else {
            format!("{base}~{k}")
        }
    };
    let mut p = BufWriter::new(File::create(dir.join("programs.jsonl")).unwrap());
    let mut g = BufWriter::new(File::create(dir.join("generations.jsonl")).unwrap());
    let mut outputs = 0;
    for k in 0..programs.div_ceil(originals.len()) {
        let take = (programs - k * originals.len()).min(originals.len());
        let kept: Vec<&str> = originals[..take]
            .iter()
            .map(|o| o["id"].as_str().unwrap())
            .collect();
        for o in &originals[..take] {
            let mut o = o.clone();
            o["id"] = id(o["id"].as_str().unwrap(), k).into();
            serde_json::to_writer(&mut p, &o).unwrap();
            p.write_all(b"\n").unwrap();
        }
        for line in &generations {
            if !kept.contains(&line["program"].as_str().unwrap()) {
                continue;
            }
            let mut line = line.clone();
            line["program"] = id(line["program"].as_str().unwrap(), k).into();
            serde_json::to_writer(&mut g, &line).unwrap();
            g.write_all(b"\n").unwrap();
            outputs += 1;
        }
    }
    p.flush().unwrap();
    g.flush().unwrap();
    outputs
}

/// Whether two files hold the same bytes (read a block at a time).
fn same_bytes(a: &Path, b: &Path) -> bool {
    let (mut a, mut b) = (File::open(a).unwrap(), File::open(b).unwrap());
    let (mut x, mut y) = (vec![0u8; 1 << 20], vec![0u8; 1 << 20]);
    loop {
        let n = read_full(&mut a, &mut x);
        let m = read_full(&mut b, &mut y);
        if n != m || x[..n] != y[..m] {
            return false;
        }
        if n == 0 {
            return true;
        }
    }
}

fn read_full(f: &mut File, buf: &mut [u8]) -> usize {
    let mut n = 0;
    while n < buf.len() {
        match f.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) => panic!("reading the pairs: {e}"),
        }
    }
    n
}
