//! RFC 3339 UTC timestamps (`2026-11-29T15:04:05Z`) for annotations: formatting the
//! current time and checking the form, without a date-time dependency.

use std::time::{SystemTime, UNIX_EPOCH};

/// `t` as RFC 3339 in UTC with whole seconds, e.g. `2026-11-29T15:04:05Z`.
pub fn rfc3339_utc(t: SystemTime) -> String {
    let secs = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    };
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The current time as [`rfc3339_utc`].
pub fn now_rfc3339_utc() -> String {
    rfc3339_utc(SystemTime::now())
}

/// Whether `s` is an RFC 3339 date-time in UTC: `YYYY-MM-DDTHH:MM:SS[.fraction]Z`
/// (`t`/`z` and a space separator are accepted too, as RFC 3339 allows).
pub fn is_rfc3339_utc(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 20 {
        return false;
    }
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    let num = |r: std::ops::Range<usize>| s[r].parse::<u32>().unwrap_or(99);
    let shape = digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10)
        && matches!(b[10], b'T' | b't' | b' ')
        && digits(11..13)
        && b[13] == b':'
        && digits(14..16)
        && b[16] == b':'
        && digits(17..19);
    if !shape {
        return false;
    }
    let (month, day) = (num(5..7), num(8..10));
    let in_range = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && num(11..13) < 24
        && num(14..16) < 60
        && num(17..19) <= 60;
    let mut rest = &b[19..];
    if rest.first() == Some(&b'.') {
        let n = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return false;
        }
        rest = &rest[1 + n..];
    }
    in_range && matches!(rest, [b'Z'] | [b'z'])
}

/// (year, month, day) of a count of days since 1970-01-01 (proleptic Gregorian).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn formats_known_instants() {
        assert_eq!(rfc3339_utc(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = UNIX_EPOCH + Duration::from_secs(951_782_400 + 3661); // 2000-02-29
        assert_eq!(rfc3339_utc(t), "2000-02-29T01:01:01Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_795_964_645);
        assert_eq!(rfc3339_utc(t), "2026-11-29T15:04:05Z");
    }

    #[test]
    fn checks_the_form() {
        assert!(is_rfc3339_utc("2026-11-29T15:04:05Z"));
        assert!(is_rfc3339_utc("2026-11-29T15:04:05.123Z"));
        assert!(!is_rfc3339_utc("2026-11-29T15:04:05+01:00"));
        assert!(!is_rfc3339_utc("2026-13-29T15:04:05Z"));
        assert!(!is_rfc3339_utc("2026-11-29 15:04"));
        assert!(!is_rfc3339_utc("2026-11-29T15:04:05.Z"));
        assert!(!is_rfc3339_utc("yesterday, around noon"));
    }

    proptest::proptest! {
        #[test]
        fn every_formatted_time_is_valid(secs in 0u64..8_000_000_000) {
            let s = rfc3339_utc(UNIX_EPOCH + Duration::from_secs(secs));
            proptest::prop_assert!(is_rfc3339_utc(&s), "{}", s);
        }
    }
}
