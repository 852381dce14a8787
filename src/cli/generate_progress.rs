//! What `flipscope generate` shows while it runs: a progress bar on standard error
//! (done, reused, errors, rate, ETA) when standard error is a terminal, nothing but
//! warnings otherwise; retries, failures and truncated answers as lines above the bar.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::generate::run::Event;

/// The run's display.
pub struct Display {
    bar: Option<ProgressBar>,
}

impl Display {
    /// A bar of `total` requests when `terminal`, else only lines.
    pub fn new(terminal: bool, total: u64) -> Self {
        let bar = terminal.then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:30} {pos}/{len} done  {msg}  {per_sec}  ETA {eta}",
                )
                .expect("a valid template"),
            );
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            bar
        });
        Self { bar }
    }

    /// Shows one event of the run.
    pub fn event(&mut self, event: Event) {
        match event {
            Event::Progress(p) => {
                if let Some(bar) = &self.bar {
                    bar.set_position((p.done + p.errors) as u64);
                    bar.set_message(format!(
                        "reused {}  errors {}  truncated {}  in flight {}",
                        p.reused, p.errors, p.truncated, p.in_flight
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
