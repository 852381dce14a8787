//! When to try a request again and how long to wait: exponential backoff with jitter,
//! or the server's `Retry-After` when it gives one. Pure functions; the client sleeps.

use std::time::{Duration, SystemTime};

/// The retry settings of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt (so `retries + 1` attempts at most).
    pub retries: u32,
    /// The wait before the first retry; it doubles with every retry.
    pub base: Duration,
    /// No computed wait is longer than this.
    pub cap: Duration,
    /// A `Retry-After` longer than this is cut to it (a run is not parked for hours).
    pub retry_after_cap: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            retries: 5,
            base: Duration::from_secs(1),
            cap: Duration::from_secs(60),
            retry_after_cap: Duration::from_secs(600),
        }
    }
}

/// Whether an HTTP status is worth another try: 408 (request timeout), 429 (too many
/// requests) and every 5xx. Other 4xx are the request's own fault and are never retried.
pub fn status_is_retryable(status: u16) -> bool {
    status == 408 || status == 429 || (500..600).contains(&status)
}

impl RetryPolicy {
    /// The wait before retry number `retry` (1-based). `retry_after` (the server's
    /// word) wins over the computed backoff, up to `retry_after_cap`. `unit` in [0, 1)
    /// is the jitter draw: the wait is half the backoff plus `unit` of the other half
    /// ("equal jitter"), so parallel jobs do not retry in step.
    pub fn delay(&self, retry: u32, retry_after: Option<Duration>, unit: f64) -> Duration {
        if let Some(after) = retry_after {
            return after.min(self.retry_after_cap);
        }
        let exp = self
            .base
            .saturating_mul(
                1u32.checked_shl(retry.saturating_sub(1))
                    .unwrap_or(u32::MAX),
            )
            .min(self.cap);
        let half = exp / 2;
        half + half.mul_f64(unit.clamp(0.0, 1.0))
    }
}

/// A `Retry-After` value: whole seconds, or an HTTP date (then the time until it, from
/// `now`; a date in the past is no wait). `None` when it is neither.
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_statuses_are_retried() {
        for s in [408, 429, 500, 502, 503, 504, 599] {
            assert!(status_is_retryable(s), "{s}");
        }
        for s in [400, 401, 403, 404, 409, 413, 422, 200, 301] {
            assert!(!status_is_retryable(s), "{s}");
        }
    }

    #[test]
    fn backoff_doubles_with_jitter_up_to_the_cap() {
        let p = RetryPolicy {
            retries: 10,
            base: Duration::from_millis(100),
            cap: Duration::from_millis(1000),
            retry_after_cap: Duration::from_secs(5),
        };
        assert_eq!(p.delay(1, None, 0.0), Duration::from_millis(50));
        assert_eq!(p.delay(1, None, 1.0), Duration::from_millis(100));
        assert_eq!(p.delay(2, None, 0.0), Duration::from_millis(100));
        assert_eq!(p.delay(3, None, 0.5), Duration::from_millis(300));
        assert_eq!(p.delay(9, None, 1.0), Duration::from_millis(1000));
        assert_eq!(p.delay(64, None, 1.0), Duration::from_millis(1000));
        // Jitter stays between half and all of the backoff.
        for i in 0..100 {
            let d = p.delay(2, None, f64::from(i) / 100.0);
            assert!(d >= Duration::from_millis(100) && d <= Duration::from_millis(200));
        }
    }

    #[test]
    fn retry_after_wins_and_is_capped() {
        let p = RetryPolicy::default();
        assert_eq!(
            p.delay(1, Some(Duration::from_secs(3)), 0.9),
            Duration::from_secs(3)
        );
        assert_eq!(
            p.delay(1, Some(Duration::from_secs(99_999)), 0.0),
            p.retry_after_cap
        );
    }

    #[test]
    fn retry_after_in_seconds_or_as_a_date() {
        let now = httpdate::parse_http_date("Wed, 21 Oct 2015 07:28:00 GMT").unwrap();
        assert_eq!(parse_retry_after(" 2 ", now), Some(Duration::from_secs(2)));
        assert_eq!(
            parse_retry_after("Wed, 21 Oct 2015 07:28:30 GMT", now),
            Some(Duration::from_secs(30))
        );
        assert_eq!(
            parse_retry_after("Wed, 21 Oct 2015 07:00:00 GMT", now),
            Some(Duration::ZERO)
        );
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(parse_retry_after("-1", now), None);
    }
}
