//! What `flipscope generate` shows while it runs: a progress bar on standard error
//! (done, rate and time left from completed requests over wall time, in flight, reused,
//! errors) when standard error is a terminal, nothing but warnings otherwise; retries,
//! failures and truncated answers as lines above the bar. The bar is taken off the
//! screen however the run ends (Ctrl-C included).

use std::sync::{Arc, Mutex};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::generate::rate::{RateMeter, format_duration, format_rate};
use crate::generate::run::Event;

/// The run's display.
pub struct Display {
    bar: Option<ProgressBar>,
    meter: Arc<Mutex<RateMeter>>,
    /// Requests finished so far (answered or given up on).
    finished: usize,
}

impl Display {
    /// A bar of `total` requests when `terminal`, else only lines.
    pub fn new(terminal: bool, total: u64) -> Self {
        let meter = Arc::new(Mutex::new(RateMeter::new(Instant::now())));
        let bar = terminal.then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let rate = {
                let meter = Arc::clone(&meter);
                move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let r = meter.lock().ok().and_then(|mut m| m.rate(Instant::now()));
                    let _ = match r {
                        Some(r) => write!(w, "{} answers/s", format_rate(r)),
                        None => write!(w, "- answers/s"),
                    };
                }
            };
            let left = {
                let meter = Arc::clone(&meter);
                move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let remaining = s.len().unwrap_or(0).saturating_sub(s.pos()) as usize;
                    let eta = meter
                        .lock()
                        .ok()
                        .and_then(|mut m| m.eta(remaining, Instant::now()));
                    let _ = match eta {
                        Some(d) => write!(w, "{}", format_duration(d)),
                        None => write!(w, "?"),
                    };
                }
            };
            bar.set_style(
                ProgressStyle::with_template("{bar:20} {pos}/{len}  {rate}  ETA {left}  {msg}")
                    .expect("a valid template")
                    .with_key("rate", rate)
                    .with_key("left", left),
            );
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            bar
        });
        Self {
            bar,
            meter,
            finished: 0,
        }
    }

    /// Shows one event of the run.
    pub fn event(&mut self, event: Event) {
        match event {
            Event::Progress(p) => {
                let finished = p.done + p.errors;
                if finished > self.finished {
                    if let Ok(mut m) = self.meter.lock() {
                        m.completed(finished - self.finished, Instant::now());
                    }
                    self.finished = finished;
                }
                if let Some(bar) = &self.bar {
                    bar.set_position(finished as u64);
                    bar.set_message(format!(
                        "in flight {}  reused {}  errors {}  truncated {}",
                        p.in_flight, p.reused, p.errors, p.truncated
                    ));
                }
            }
            Event::Retry { target, note } => self.line(format!(
                "retry: {target}: {} (attempt {}); again in {:.1} s",
                note.reason,
                note.attempt,
                note.wait.as_secs_f64()
            )),
            Event::Failed { target, failure } => self.line(format!(
                "warning: {target}: failed after {} attempt(s): {}",
                failure.attempts, failure.message
            )),
            Event::Truncated { target } => {
                self.line(format!("warning: {target}: the answer is truncated"))
            }
        }
    }

    fn line(&self, text: String) {
        match &self.bar {
            Some(bar) => bar.println(text),
            None => eprintln!("{text}"),
        }
    }

    /// Takes the bar off the screen.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        self.finish();
    }
}
