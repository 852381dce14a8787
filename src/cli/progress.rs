//! The progress line of a long run (`flipscope score` of fragments, by programs; the
//! proofs of `score` on module studies and of `prove`, by checks, driven by the
//! prover's hook): `score: 120/1000 programs  45.2 programs/s  ETA 19s` on standard
//! error while it runs, when standard
//! error is a terminal, and nothing when it is not. The rate and the time left come
//! from `generate`'s meter (completions over wall time, `generate::rate`). The line is
//! taken off the screen when the run ends.

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::generate::rate::{RateMeter, format_duration, format_rate};

/// The text of the line: `TASK: DONE/TOTAL UNIT  RATE UNIT/s  ETA LEFT`, with `-` for
/// a rate and `?` for a time left not known yet (before the first completion).
pub fn line(
    task: &str,
    unit: &str,
    done: u64,
    total: u64,
    rate: Option<f64>,
    left: Option<Duration>,
) -> String {
    let rate = rate.map_or_else(|| "-".to_string(), format_rate);
    let left = left.map_or_else(|| "?".to_string(), format_duration);
    format!("{task}: {done}/{total} {unit}  {rate} {unit}/s  ETA {left}")
}

/// A run's progress line (drawn only on a terminal).
pub struct Progress {
    bar: Option<ProgressBar>,
    meter: Arc<Mutex<RateMeter>>,
}

impl Progress {
    /// A line for `total` units of `task`, drawn when standard error is a terminal.
    pub fn on_stderr(task: &'static str, unit: &'static str, total: u64) -> Progress {
        Progress::new(std::io::stderr().is_terminal(), task, unit, total)
    }

    /// A line drawn on standard error when `terminal`, else nothing.
    pub fn new(terminal: bool, task: &'static str, unit: &'static str, total: u64) -> Progress {
        let meter = Arc::new(Mutex::new(RateMeter::new(Instant::now())));
        let bar = terminal.then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let key = {
                let meter = Arc::clone(&meter);
                move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let total = s.len().unwrap_or(0);
                    let remaining = total.saturating_sub(s.pos()) as usize;
                    let now = Instant::now();
                    let (rate, left) = match meter.lock() {
                        Ok(mut m) => (m.rate(now), m.eta(remaining, now)),
                        Err(_) => (None, None),
                    };
                    let _ = w.write_str(&line(task, unit, s.pos(), total, rate, left));
                }
            };
            bar.set_style(
                ProgressStyle::with_template("{line}")
                    .expect("a valid template")
                    .with_key("line", key),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress { bar, meter }
    }

    /// `n` more units done.
    pub fn advance(&self, n: u64) {
        if let Some(bar) = &self.bar {
            if let Ok(mut m) = self.meter.lock() {
                m.completed(n as usize, Instant::now());
            }
            bar.inc(n);
        }
    }

    /// The prover's hook that drives this line: each phase's planned checks lengthen
    /// it, each check done advances it. `None` off a terminal (nothing to draw).
    pub fn prover_hook(&self) -> Option<crate::formal::ProgressHook> {
        use crate::formal::ProgressEvent;
        let bar = self.bar.clone()?;
        let meter = Arc::clone(&self.meter);
        Some(crate::formal::ProgressHook(Arc::new(
            move |event| match event {
                ProgressEvent::Planned(n) => bar.inc_length(n),
                ProgressEvent::Done(n) => {
                    if let Ok(mut m) = meter.lock() {
                        m.completed(n as usize, Instant::now());
                    }
                    bar.inc(n);
                }
            },
        )))
    }

    /// Takes the line off the screen.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_shows_done_total_rate_and_time_left() {
        assert_eq!(
            line(
                "score",
                "programs",
                120,
                1000,
                Some(45.2),
                Some(Duration::from_secs(19))
            ),
            "score: 120/1000 programs  45.2 programs/s  ETA 19s"
        );
        assert_eq!(
            line("score", "programs", 0, 7, None, None),
            "score: 0/7 programs  - programs/s  ETA ?"
        );
        assert_eq!(
            line(
                "score",
                "programs",
                3,
                3000,
                Some(0.5),
                Some(Duration::from_secs(5994))
            ),
            "score: 3/3000 programs  0.500 programs/s  ETA 1h39m"
        );
    }

    #[test]
    fn nothing_is_drawn_off_a_terminal() {
        let p = Progress::new(false, "score", "programs", 10);
        p.advance(3);
        assert!(p.bar.is_none());
    }
}
