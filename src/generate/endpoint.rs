//! The endpoint a run talks to: the chat-completions URL made from what the user gave
//! (a server root, a `/v1` base, or the full URL), the models URL beside it, and
//! whether the host is loopback (then no proxy is ever used).

use std::net::IpAddr;

use ureq::http::Uri;

/// A checked OpenAI-compatible endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// `.../chat/completions`.
    pub chat_url: String,
    /// `.../models`, beside it.
    pub models_url: String,
    /// The host is `localhost`, a `.localhost` name, `127.0.0.0/8` or `::1`.
    pub loopback: bool,
}

/// Why an endpoint URL cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--endpoint {url:?}: {reason}")]
pub struct EndpointError {
    pub url: String,
    pub reason: String,
}

impl Endpoint {
    /// `http://host:port` becomes `http://host:port/v1/chat/completions`; a URL ending in
    /// `/chat/completions` is kept; any other path gets `/chat/completions` appended
    /// (`http://host:8000/v1` -> `http://host:8000/v1/chat/completions`).
    pub fn parse(url: &str) -> Result<Self, EndpointError> {
        let fail = |reason: &str| EndpointError {
            url: url.to_string(),
            reason: reason.to_string(),
        };
        let uri: Uri = url.parse().map_err(|e| fail(&format!("not a URL ({e})")))?;
        match uri.scheme_str() {
            Some("http" | "https") => {}
            Some(other) => {
                return Err(fail(&format!(
                    "unsupported scheme {other:?}: use http or https"
                )));
            }
            None => return Err(fail("no scheme: write http://HOST:PORT/v1")),
        }
        let host = uri.host().ok_or_else(|| fail("no host"))?;
        if uri.query().is_some() {
            return Err(fail("a query string is not supported"));
        }
        let trimmed = url.trim_end_matches('/');
        let path = uri.path().trim_end_matches('/');
        let base = if let Some(base) = trimmed.strip_suffix("/chat/completions") {
            base.to_string()
        } else if path.is_empty() {
            format!("{trimmed}/v1")
        } else {
            trimmed.to_string()
        };
        Ok(Self {
            chat_url: format!("{base}/chat/completions"),
            models_url: format!("{base}/models"),
            loopback: is_loopback(host),
        })
    }
}

/// Whether a URL host names this machine's loopback interface.
pub fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.eq_ignore_ascii_case("localhost") || host.to_ascii_lowercase().ends_with(".localhost") {
        return true;
    }
    host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_become_chat_completions() {
        let cases = [
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080/v1"),
            ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/v1"),
            ("http://localhost:11434/v1", "http://localhost:11434/v1"),
            ("http://localhost:11434/v1/", "http://localhost:11434/v1"),
            ("http://h:1/v1/chat/completions", "http://h:1/v1"),
            (
                "https://api.example.org/openai/v1",
                "https://api.example.org/openai/v1",
            ),
        ];
        for (given, base) in cases {
            let e = Endpoint::parse(given).unwrap();
            assert_eq!(e.chat_url, format!("{base}/chat/completions"), "{given}");
            assert_eq!(e.models_url, format!("{base}/models"), "{given}");
        }
    }

    #[test]
    fn loopback_hosts() {
        for host in [
            "localhost",
            "LOCALHOST",
            "a.localhost",
            "127.0.0.1",
            "127.9.9.9",
            "[::1]",
            "::1",
        ] {
            assert!(is_loopback(host), "{host}");
        }
        for host in [
            "10.0.0.1",
            "example.org",
            "localhost.example.org",
            "[::2]",
            "0.0.0.0",
        ] {
            assert!(!is_loopback(host), "{host}");
        }
        assert!(Endpoint::parse("http://[::1]:8000/v1").unwrap().loopback);
        assert!(!Endpoint::parse("http://gpu-box:8000/v1").unwrap().loopback);
    }

    #[test]
    fn bad_urls_say_why() {
        for (url, says) in [
            ("localhost:8080", "scheme"),
            ("ftp://h/v1", "unsupported scheme"),
            ("http://h/v1?x=1", "query"),
            ("not a url", "not a URL"),
        ] {
            let e = Endpoint::parse(url).unwrap_err();
            assert!(e.to_string().contains(says), "{url}: {e}");
        }
    }
}
