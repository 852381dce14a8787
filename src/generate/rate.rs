//! The rate and the time left of a run, from completed requests over wall time: the
//! requests finished (answered or given up on) in the last [`WINDOW`] of the run,
//! divided by that stretch of wall time (the whole run while it is shorter). A model
//! answering every 20 s reads 0.05 answers/s from its first answer on, whatever the
//! number of jobs, and the estimate follows a server that slows down or speeds up
//! within the window.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// How far back completions count.
pub const WINDOW: Duration = Duration::from_secs(300);

/// Completions over wall time.
#[derive(Debug, Clone)]
pub struct RateMeter {
    started: Instant,
    window: Duration,
    /// Completion times within the window, oldest first.
    recent: VecDeque<Instant>,
}

impl RateMeter {
    /// A meter of a run that started at `started`.
    pub fn new(started: Instant) -> Self {
        Self::with_window(started, WINDOW)
    }

    pub fn with_window(started: Instant, window: Duration) -> Self {
        Self {
            started,
            window,
            recent: VecDeque::new(),
        }
    }

    /// `n` requests completed at `at`.
    pub fn completed(&mut self, n: usize, at: Instant) {
        self.recent.extend(std::iter::repeat_n(at, n));
        self.forget(at);
    }

    fn forget(&mut self, now: Instant) {
        while self
            .recent
            .front()
            .is_some_and(|&t| now.saturating_duration_since(t) >= self.window)
        {
            self.recent.pop_front();
        }
    }

    /// Completions per second at `now`; `None` before the first one.
    pub fn rate(&mut self, now: Instant) -> Option<f64> {
        self.forget(now);
        let span = now
            .saturating_duration_since(self.started)
            .min(self.window)
            .as_secs_f64();
        if self.recent.is_empty() || span <= 0.0 {
            return None;
        }
        Some(self.recent.len() as f64 / span)
    }

    /// The time left for `remaining` requests at the current rate; `None` before the
    /// first completion.
    pub fn eta(&mut self, remaining: usize, now: Instant) -> Option<Duration> {
        let rate = self.rate(now)?;
        Some(Duration::from_secs_f64(remaining as f64 / rate))
    }
}

/// A rate for people, with three significant digits (`0.0526`, `1.52`, `2100`).
pub fn format_rate(rate: f64) -> String {
    if !rate.is_finite() || rate <= 0.0 {
        return "0".into();
    }
    let digits = (2 - rate.log10().floor() as i32).clamp(0, 6) as usize;
    format!("{rate:.digits$}")
}

/// A duration for people: `45s`, `12m05s`, `3h20m`.
pub fn format_duration(d: Duration) -> String {
    let s = d.as_secs_f64().round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_model_reads_its_true_rate_from_the_first_answer() {
        // One answer every 20 s (0.05/s), two jobs in flight: answers at 20, 40, ...
        let t0 = Instant::now();
        let mut m = RateMeter::new(t0);
        assert_eq!(m.rate(t0 + Duration::from_secs(5)), None);
        for k in 1..=30u64 {
            let at = t0 + Duration::from_secs(20 * k);
            m.completed(1, at);
            let r = m.rate(at).unwrap();
            assert!((r - 0.05).abs() < 1e-9, "after {k}: {r}");
        }
        // 10 left at 0.05/s: 200 s.
        let now = t0 + Duration::from_secs(600);
        assert_eq!(m.eta(10, now).unwrap().as_secs(), 200);
    }

    #[test]
    fn the_window_follows_a_change_of_speed() {
        let t0 = Instant::now();
        let mut m = RateMeter::with_window(t0, Duration::from_secs(100));
        for k in 1..=10u64 {
            m.completed(1, t0 + Duration::from_secs(10 * k)); // 0.1/s
        }
        for k in 1..=100u64 {
            m.completed(1, t0 + Duration::from_secs(100 + k)); // then 1/s
        }
        let r = m.rate(t0 + Duration::from_secs(200)).unwrap();
        assert!((r - 1.0).abs() < 0.02, "{r}");
    }

    #[test]
    fn rates_and_durations_read_well() {
        assert_eq!(format_rate(0.05263), "0.0526");
        assert_eq!(format_rate(1.523), "1.52");
        assert_eq!(format_rate(2100.4), "2100");
        assert_eq!(format_rate(0.0), "0");
        assert_eq!(format_duration(Duration::from_secs(45)), "45s");
        assert_eq!(format_duration(Duration::from_secs(725)), "12m05s");
        assert_eq!(format_duration(Duration::from_secs(12_000)), "3h20m");
    }
}
