//! Running a tool with a time limit: its output goes to files (no pipe can fill up and
//! block it), and a tool still running at the limit is killed and waited for, so no
//! check ever hangs and no process is left behind. The same happens when the run is
//! interrupted ([`interrupt`], called by the commands' SIGINT/SIGTERM/SIGHUP handler):
//! the running tool is killed, and no tool starts after it.

use std::fs::File;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// How a tool run ended.
#[derive(Debug)]
pub struct Finished {
    /// `None` when it was killed at the time limit.
    pub status: Option<ExitStatus>,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

impl Finished {
    pub fn timed_out(&self) -> bool {
        self.status.is_none()
    }

    pub fn success(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }
}

static RUNS: AtomicU64 = AtomicU64::new(0);

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// How often a running tool is looked at for an interruption.
const POLL: Duration = Duration::from_millis(50);

/// Stops every tool run of this process: the running ones are killed, and later ones
/// fail at once with [`std::io::ErrorKind::Interrupted`]. Safe in a signal handler's
/// thread (it only sets a flag).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Whether [`interrupt`] was called.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

fn interrupted_error() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted")
}

/// Runs `cmd` in `dir`, killing it after `limit`, or when the run is interrupted (then
/// the error is of kind [`std::io::ErrorKind::Interrupted`]).
pub fn run(cmd: Command, dir: &Path, limit: Duration) -> std::io::Result<Finished> {
    run_watched(cmd, dir, limit, &mut || false)
}

/// [`run`], and `stop` is asked at every look at the running tool (every 50 ms):
/// when it says `true` the tool is killed as at the time limit (its status is `None`).
pub fn run_watched(
    mut cmd: Command,
    dir: &Path,
    limit: Duration,
    stop: &mut dyn FnMut() -> bool,
) -> std::io::Result<Finished> {
    if interrupted() {
        return Err(interrupted_error());
    }
    let n = RUNS.fetch_add(1, Ordering::Relaxed);
    let out_path = dir.join(format!("run{n}.out"));
    let err_path = dir.join(format!("run{n}.err"));
    let started = Instant::now();
    let mut child = cmd
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(File::create(&out_path)?)
        .stderr(File::create(&err_path)?)
        .spawn()?;
    let mut status = None;
    while status.is_none() {
        let left = limit.saturating_sub(started.elapsed());
        if left.is_zero() || interrupted() || stop() {
            break;
        }
        status = child.wait_timeout(left.min(POLL))?;
    }
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let read = |p: &Path| {
        std::fs::read(p)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    };
    let out = Finished {
        status,
        stdout: read(&out_path),
        stderr: read(&err_path),
        elapsed: started.elapsed(),
    };
    let _ = std::fs::remove_file(&out_path);
    let _ = std::fs::remove_file(&err_path);
    if interrupted() {
        return Err(interrupted_error());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The limit doubles until the shell has had time to print (a loaded machine may
    /// not start it within the first); every run must time out, be killed well before
    /// the sleep ends, and the output written before the kill must be kept.
    #[test]
    fn kills_a_tool_past_its_limit() {
        let dir = tempfile::tempdir().unwrap();
        let mut limit = Duration::from_millis(300);
        loop {
            let mut cmd = Command::new("sh");
            cmd.args(["-c", "echo started; exec sleep 60"]);
            let done = run(cmd, dir.path(), limit).unwrap();
            assert!(done.timed_out());
            assert!(done.elapsed < limit + Duration::from_secs(10));
            if !done.stdout.is_empty() || limit >= Duration::from_secs(20) {
                assert_eq!(done.stdout, "started\n");
                break;
            }
            limit *= 2;
        }
    }

    #[test]
    fn a_watcher_stops_a_tool() {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "exec sleep 60"]);
        let mut asked = 0;
        let done = run_watched(cmd, dir.path(), Duration::from_secs(120), &mut || {
            asked += 1;
            asked > 2
        })
        .unwrap();
        assert!(done.status.is_none());
        assert!(done.elapsed < Duration::from_secs(30));
        assert_eq!(asked, 3);
    }

    #[test]
    fn collects_output_and_status() {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo out; echo err >&2; exit 3"]);
        let done = run(cmd, dir.path(), Duration::from_secs(20)).unwrap();
        assert!(!done.timed_out());
        assert_eq!(done.status.unwrap().code(), Some(3));
        assert_eq!(
            (done.stdout.as_str(), done.stderr.as_str()),
            ("out\n", "err\n")
        );
    }
}
