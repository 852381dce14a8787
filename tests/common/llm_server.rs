//! A small OpenAI-compatible chat-completions server on loopback for the tests and the
//! benchmark of `flipscope generate`: every answer comes from a script (a function of
//! the request and how often its prompt was sent before), so each fault of a real
//! server can be played: an error status with or without Retry-After, an answer slower
//! than the client's timeout, a connection reset, a truncated body, null content, a
//! finish reason of `length`.
#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// One request the server received.
#[derive(Debug, Clone)]
pub struct Seen {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Value,
    /// The user message.
    pub prompt: String,
    /// When it arrived.
    pub at: Instant,
}

/// What the server does with a request.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A chat completion (`content: None` is JSON null).
    Answer {
        content: Option<String>,
        finish_reason: String,
        completion_tokens: u64,
    },
    /// Any status, extra headers and body.
    Status {
        status: u16,
        headers: Vec<(String, String)>,
        body: String,
    },
    /// These bytes as they are, then the connection is closed.
    Raw(Vec<u8>),
    /// The connection is reset (RST) without an answer.
    Reset,
    /// The reply after a pause.
    Delay(Duration, Box<Reply>),
}

impl Reply {
    /// A normal answer.
    pub fn answer(content: &str) -> Reply {
        Reply::Answer {
            content: Some(content.to_string()),
            finish_reason: "stop".into(),
            completion_tokens: 7,
        }
    }

    /// A status with a JSON error body.
    pub fn status(status: u16, message: &str) -> Reply {
        Reply::Status {
            status,
            headers: vec![],
            body: json!({"error": {"message": message}}).to_string(),
        }
    }
}

/// The script: (request, how many times this prompt came before) -> reply.
pub type Script = dyn Fn(&Seen, u32) -> Reply + Send + Sync;

struct Shared {
    script: Box<Script>,
    seen: Mutex<Vec<Seen>>,
    counts: Mutex<HashMap<String, u32>>,
    keep: bool,
}

/// The running server; it stops taking connections when dropped.
pub struct LlmServer {
    addr: SocketAddr,
    shared: Arc<Shared>,
    stop: Arc<AtomicBool>,
}

/// The model id the server reports.
pub const SERVED_MODEL: &str = "fake-model";

impl LlmServer {
    /// A server on `127.0.0.1` at a free port, answering with `script`; it keeps every
    /// chat request for [`LlmServer::seen`].
    pub fn start(script: impl Fn(&Seen, u32) -> Reply + Send + Sync + 'static) -> Self {
        Self::start_with(script, true)
    }

    /// As [`LlmServer::start`]; `keep` false keeps no requests (for the benchmark).
    pub fn start_with(
        script: impl Fn(&Seen, u32) -> Reply + Send + Sync + 'static,
        keep: bool,
    ) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let addr = listener.local_addr().unwrap();
        let shared = Arc::new(Shared {
            script: Box::new(script),
            seen: Mutex::new(Vec::new()),
            counts: Mutex::new(HashMap::new()),
            keep,
        });
        let stop = Arc::new(AtomicBool::new(false));
        {
            let (shared, stop) = (Arc::clone(&shared), Arc::clone(&stop));
            thread::spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let Ok(stream) = stream else { continue };
                    let shared = Arc::clone(&shared);
                    thread::spawn(move || serve(stream, &shared));
                }
            });
        }
        Self { addr, shared, stop }
    }

    /// `http://127.0.0.1:PORT/v1`.
    pub fn url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    /// The chat requests received so far, in order.
    pub fn seen(&self) -> Vec<Seen> {
        self.shared.seen.lock().unwrap().clone()
    }
}

impl Drop for LlmServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = TcpStream::connect(self.addr);
    }
}

/// Serves one connection, request after request (keep-alive).
fn serve(stream: TcpStream, shared: &Shared) {
    let _ = stream.set_nodelay(true);
    let mut reader = BufReader::new(stream.try_clone().expect("clone the stream"));
    let mut writer = stream;
    loop {
        let Some((method, path, headers, body)) = read_request(&mut reader) else {
            return;
        };
        if method == "GET" && path.ends_with("/models") {
            let body = json!({"object": "list", "data": [{"id": SERVED_MODEL, "object": "model"}]});
            if write_json(&mut writer, 200, &[], &body.to_string()).is_err() {
                return;
            }
            continue;
        }
        let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        let prompt = body["messages"][0]["content"]
            .as_str()
            .unwrap_or("")
            .to_string();
        let seen = Seen {
            method,
            path,
            headers,
            body,
            prompt: prompt.clone(),
            at: Instant::now(),
        };
        let before = {
            let mut counts = shared.counts.lock().unwrap();
            let n = counts.entry(prompt).or_insert(0);
            *n += 1;
            *n - 1
        };
        let reply = (shared.script)(&seen, before);
        if shared.keep {
            shared.seen.lock().unwrap().push(seen);
        }
        if !answer(&mut writer, reply) {
            return;
        }
    }
}

/// Writes a reply; false when the connection is to be closed.
fn answer(writer: &mut TcpStream, reply: Reply) -> bool {
    match reply {
        Reply::Answer {
            content,
            finish_reason,
            completion_tokens,
        } => {
            let body = json!({
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "created": 0,
                "model": SERVED_MODEL,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish_reason}],
                "usage": {"prompt_tokens": 11, "completion_tokens": completion_tokens, "total_tokens": 11 + completion_tokens},
            });
            write_json(writer, 200, &[], &body.to_string()).is_ok()
        }
        Reply::Status {
            status,
            headers,
            body,
        } => write_json(writer, status, &headers, &body).is_ok(),
        Reply::Raw(bytes) => {
            let _ = writer.write_all(&bytes);
            let _ = writer.flush();
            false
        }
        Reply::Reset => {
            let _ = socket2::SockRef::from(&*writer).set_linger(Some(Duration::ZERO));
            false
        }
        Reply::Delay(pause, then) => {
            thread::sleep(pause);
            answer(writer, *then)
        }
    }
}

fn write_json(
    writer: &mut TcpStream,
    status: u16,
    headers: &[(String, String)],
    body: &str,
) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {status} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n",
        reason(status),
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    writer.write_all(&bytes)?;
    writer.flush()
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        408 => "Request Timeout",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Status",
    }
}

type Request = (String, String, Vec<(String, String)>, Vec<u8>);

/// Reads one request: the request line, headers and a content-length body.
fn read_request(reader: &mut BufReader<TcpStream>) -> Option<Request> {
    let mut line = String::new();
    if reader.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let mut parts = line.split_whitespace();
    let method = parts.next()?.to_string();
    let path = parts.next()?.to_string();
    let mut headers = Vec::new();
    let mut length = 0usize;
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).ok()? == 0 {
            return None;
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            let (k, v) = (k.trim().to_ascii_lowercase(), v.trim().to_string());
            if k == "content-length" {
                length = v.parse().ok()?;
            }
            headers.push((k, v));
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some((method, path, headers, body))
}
