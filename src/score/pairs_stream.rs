//! Scoring a study straight into `pairs.jsonl` bytes, pipelined over a given number of
//! threads, in bounded memory: what `flipscope score` writes.
//!
//! The programs are cut into windows of [`WINDOW_PROGRAMS`] (file order). Scorer threads
//! take windows in turn, score every model's outputs of their programs and serialise
//! the pairs, one buffer per (model, variant); the writer (the calling thread) takes the
//! windows in order. At most [`AHEAD_PER_THREAD`] windows per scorer are scored ahead of
//! the writer, so memory holds a few windows' pairs, not the study's.
//!
//! The pairs' order is models by name, then variants by name, then programs: a window
//! holds every (model, variant) of its programs, so the writer writes the first
//! (model, variant)'s lines to the output as they come and appends every other
//! (model, variant)'s to a temporary file of its own, copied to the output in order at
//! the end. Each line is one pair's `serde_json::to_writer`, so the bytes are those of
//! [`score_study`](super::study::score_study)'s pairs serialised one after the other,
//! whatever the thread count.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

use super::study::{Plan, ScoreReport, StudyOptions};
use crate::rtl::ParseCache;
use crate::study::Study;

/// Programs per window: a window is the unit of work of a scorer thread.
pub const WINDOW_PROGRAMS: usize = 32;

/// Windows each scorer may have scored ahead of the one the writer waits for.
pub const AHEAD_PER_THREAD: usize = 4;

/// What [`write_pairs`] did: what could not be scored (the report without its pairs)
/// and how many pairs it wrote.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Written {
    pub report: ScoreReport,
    pub pairs: usize,
}

/// One window's pairs as JSON lines, by (model, variant) index, and how many.
struct Window {
    lines: Vec<Vec<u8>>,
    pairs: usize,
}

/// Scores every generation of `study` (as `score_study` does) on `jobs` threads
/// (0: one per core) and writes the pairs to `out` as JSON lines, in `score_study`'s
/// order. `scored()` is called once per fragment program scored.
pub fn write_pairs<W: Write>(
    study: &Study,
    options: &StudyOptions,
    cache: &ParseCache,
    jobs: usize,
    out: &mut W,
    scored: &(dyn Fn() + Sync),
) -> io::Result<Written> {
    let jobs = if jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        jobs
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(io::Error::other)?;
    // The behaviors of every program (and the RTL analysis, under the rtl oracle) on
    // the same number of threads.
    let plan = pool.install(|| Plan::new(study, options.oracle, cache));
    let keys: Vec<(&str, &str)> = plan
        .models
        .iter()
        .flat_map(|&m| plan.variants.iter().map(move |&v| (m, v)))
        .collect();
    let windows = study.programs.len().div_ceil(WINDOW_PROGRAMS);
    let score_window = |w: usize| -> io::Result<Window> {
        let start = w * WINDOW_PROGRAMS;
        let end = (start + WINDOW_PROGRAMS).min(study.programs.len());
        let mut lines: Vec<Vec<u8>> = vec![Vec::new(); keys.len()];
        let mut pairs = 0;
        for index in start..end {
            let mut scored_pairs = plan.score_program(index, options, scored);
            if scored_pairs.is_empty() {
                continue;
            }
            for (k, key) in keys.iter().enumerate() {
                let Some(list) = scored_pairs.remove(key) else {
                    continue;
                };
                for pair in &list {
                    serde_json::to_writer(&mut lines[k], pair)?;
                    lines[k].push(b'\n');
                }
                pairs += list.len();
            }
        }
        Ok(Window { lines, pairs })
    };
    let gate = Gate::new(jobs * AHEAD_PER_THREAD);
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, io::Result<Window>)>();
    // The scorers on the pool's threads (so that any rayon work inside scoring stays on
    // them too), the writer on this one.
    let pairs = pool.in_place_scope(|s| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (gate, next, score_window) = (&gate, &next, &score_window);
            s.spawn(move |_| {
                let _stop = StopOnPanic(gate);
                loop {
                    let w = next.fetch_add(1, Ordering::Relaxed);
                    if w >= windows || !gate.wait_for(w) {
                        return;
                    }
                    if tx.send((w, score_window(w))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let written = write_in_order(&rx, windows, keys.len(), &gate, out);
        // Whatever happened, no scorer waits any longer.
        gate.stop();
        written
    })?;
    Ok(Written {
        report: plan.report(),
        pairs,
    })
}

/// The writer: windows in order, the first (model, variant)'s lines to `out`, the
/// others' to temporary files copied to `out` at the end. Returns the pairs written.
fn write_in_order<W: Write>(
    rx: &mpsc::Receiver<(usize, io::Result<Window>)>,
    windows: usize,
    keys: usize,
    gate: &Gate,
    out: &mut W,
) -> io::Result<usize> {
    let mut waiting: BTreeMap<usize, Window> = BTreeMap::new();
    let mut spill: Vec<Option<File>> = (0..keys).map(|_| None).collect();
    let mut pairs = 0;
    for done in 0..windows {
        let window = loop {
            if let Some(w) = waiting.remove(&done) {
                break w;
            }
            match rx.recv() {
                Ok((w, scored)) => {
                    waiting.insert(w, scored?);
                }
                Err(_) => return Err(io::Error::other("a scorer thread stopped early")),
            }
        };
        gate.written(done + 1);
        pairs += window.pairs;
        for (k, lines) in window.lines.iter().enumerate() {
            if lines.is_empty() {
                continue;
            }
            if k == 0 {
                out.write_all(lines)?;
                continue;
            }
            let file = match &mut spill[k] {
                Some(f) => f,
                slot => slot.insert(tempfile::tempfile().map_err(|e| {
                    io::Error::new(
                        e.kind(),
                        format!("cannot create a temporary file for the pairs: {e}"),
                    )
                })?),
            };
            file.write_all(lines)?;
        }
    }
    // `io::copy` of a file to a file (or a buffered standard output that is one) is a
    // copy within the kernel.
    for file in spill.iter_mut().flatten() {
        file.seek(SeekFrom::Start(0))?;
        io::copy(file, out)?;
    }
    Ok(pairs)
}

/// How far scorers may run ahead of the writer: window `w` is scored only once the
/// writer has taken every window before `w - ahead`.
struct Gate {
    ahead: usize,
    /// Windows the writer has taken, and whether it has stopped.
    state: Mutex<(usize, bool)>,
    changed: Condvar,
    stopped: AtomicBool,
}

impl Gate {
    fn new(ahead: usize) -> Gate {
        Gate {
            ahead: ahead.max(1),
            state: Mutex::new((0, false)),
            changed: Condvar::new(),
            stopped: AtomicBool::new(false),
        }
    }

    /// Waits until window `w` may be scored; false once the writer has stopped.
    fn wait_for(&self, w: usize) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return false;
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while !state.1 && w >= state.0 + self.ahead {
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        !state.1
    }

    /// The writer has taken `windows` windows.
    fn written(&self, windows: usize) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.0 = windows;
        self.changed.notify_all();
    }

    /// The writer has stopped (done, or failed): no window is scored any more.
    fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.1 = true;
        self.changed.notify_all();
    }
}

/// Stops the gate when a scorer panics, so that the others do not wait for the window
/// it was scoring (the panic is raised again when the scope ends).
struct StopOnPanic<'g>(&'g Gate);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

#[cfg(test)]
#[path = "pairs_stream_tests.rs"]
mod tests;
