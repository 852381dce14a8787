//! The endpoint a run talks to: the chat-completions URL made from what the user gave
//! (a server root, a `/v1` base, or the full URL), the models URL beside it, and
//! whether the host is loopback (then no proxy is ever used). Credentials written into
//! the URL (`http://user:pw@host/v1`) are taken out of it before anything else sees the
//! URL: they are sent as HTTP Basic authorization and never recorded or printed.

use std::net::IpAddr;

use ureq::http::Uri;

/// A checked OpenAI-compatible endpoint.
#[derive(Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// `.../chat/completions`, without credentials.
    pub chat_url: String,
    /// `.../models`, beside it.
    pub models_url: String,
    /// The host is `localhost`, a `.localhost` name, `127.0.0.0/8` or `::1`.
    pub loopback: bool,
    /// `Basic ...` from the URL's `user:password@`, when it had one (never shown).
    pub basic_auth: Option<String>,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("chat_url", &self.chat_url)
            .field("models_url", &self.models_url)
            .field("loopback", &self.loopback)
            .field("basic_auth", &self.basic_auth.as_ref().map(|_| "(hidden)"))
            .finish()
    }
}

/// A URL without the `user:password@` of its authority (for anything shown or kept).
pub fn without_userinfo(url: &str) -> String {
    split_userinfo(url).0
}

/// The URL without its userinfo, and the userinfo.
fn split_userinfo(url: &str) -> (String, Option<String>) {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return (url.to_string(), None);
    };
    let rest = &url[scheme_end..];
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => (
            format!("{}{}", &url[..scheme_end], &rest[at + 1..]),
            Some(rest[..at].to_string()),
        ),
        None => (url.to_string(), None),
    }
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
        let (url, userinfo) = split_userinfo(url);
        let url = url.as_str();
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
            basic_auth: userinfo
                .map(|u| format!("Basic {}", base64(percent_decode(&u).as_slice()))),
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

/// `%XX` escapes of a URL's userinfo as bytes (RFC 3986); anything else as it is.
fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

/// Standard base64 with padding (RFC 4648), for the Basic authorization header.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userinfo_is_taken_out_of_the_url_and_sent_as_basic_auth() {
        let e = Endpoint::parse("http://user:p%40ss@127.0.0.1:8080/v1").unwrap();
        assert_eq!(e.chat_url, "http://127.0.0.1:8080/v1/chat/completions");
        assert_eq!(e.models_url, "http://127.0.0.1:8080/v1/models");
        // base64("user:p@ss")
        assert_eq!(e.basic_auth.as_deref(), Some("Basic dXNlcjpwQHNz"));
        assert!(!format!("{e:?}").contains("dXNlcjpwQHNz"));
        assert!(
            Endpoint::parse("http://h:1/v1")
                .unwrap()
                .basic_auth
                .is_none()
        );
        let err = Endpoint::parse("ftp://user:secret@h/v1").unwrap_err();
        assert!(!err.to_string().contains("secret"), "{err}");
        assert_eq!(without_userinfo("https://a:b@h/x@y"), "https://h/x@y");
        assert_eq!(without_userinfo("not a url"), "not a url");
    }

    #[test]
    fn base64_pads() {
        for (given, want) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
        ] {
            assert_eq!(base64(given.as_bytes()), want);
        }
    }

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
