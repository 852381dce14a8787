//! The TUI's session and the annotation lock, through the real binary in tmux: a
//! terminal that goes away (pane, session or server killed) ends the TUI and removes
//! its lock; quitting removes the lock; a lock left by a process that is gone is taken
//! over and said so; a live holder is named; a lock from another host needs
//! `--take-over-lock`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::tmux::{Tmux, have_tmux, private_env};

/// A copy of the TUI fixture study in `dir/study`.
fn study_copy(dir: &Path) -> PathBuf {
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-study");
    let to = dir.join("study");
    std::fs::create_dir_all(&to).unwrap();
    for name in ["pairs.jsonl", "programs.jsonl", "annotations.jsonl"] {
        std::fs::copy(from.join(name), to.join(name)).unwrap();
    }
    to
}

/// Starts `flipscope open --theme dark ARGS STUDY` in session `tui` of `tmux`; the
/// shell writes the exit status to `dir/exit-RUN` when flipscope ends.
fn open(tmux: &Tmux, dir: &Path, study: &Path, args: &str, run: &str) -> PathBuf {
    let exit_file = dir.join(format!("exit-{run}"));
    let bin = std::env::var("FLIPSCOPE_TEST_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_flipscope").to_string());
    let script = format!(
        "{} {bin} open --theme dark {args} {}; echo \"exit=$?\" > {}; sleep 5",
        private_env(dir),
        study.display(),
        exit_file.display()
    );
    let status = tmux
        .cmd()
        .args(["new-session", "-d", "-s", "tui", "-x", "120", "-y", "40"])
        .args(["sh", "-c", &script])
        .status()
        .unwrap();
    assert!(status.success());
    exit_file
}

/// The pid of flipscope: the child of the pane's shell.
fn flipscope_pid(tmux: &Tmux) -> u32 {
    let out = tmux
        .cmd()
        .args(["display-message", "-p", "-t", "tui", "#{pane_pid}"])
        .output()
        .unwrap();
    let shell = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let out = Command::new("pgrep").args(["-P", &shell]).output().unwrap();
    let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
    pid.parse()
        .unwrap_or_else(|_| panic!("children of {shell}: {pid:?}"))
}

/// Whether process `pid` still runs (a zombie does not: it has exited).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        let state = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest.trim_start());
        !state.starts_with('Z') && !state.starts_with('X')
    })
}

fn wait_until(what: &str, check: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !check() {
        assert!(Instant::now() < deadline, "waited for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn lock_of(study: &Path) -> PathBuf {
    study.join("annotations.jsonl.lock")
}

/// Waits until the `flock` child holds the lock (`flock -n` then fails), so a loaded
/// machine cannot start flipscope before the holder has it.
fn wait_until_held(lock: &Path) {
    wait_until("the holder to take the lock", || {
        !Command::new("flock")
            .args(["-n", "-E", "3"])
            .arg(lock)
            .arg("true")
            .status()
            .unwrap()
            .success()
    });
}

#[test]
fn a_terminal_that_goes_away_ends_the_tui_and_removes_its_lock() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    for how in ["kill-pane", "kill-session", "kill-server"] {
        let tmux = Tmux {
            socket: format!("flipscope-hangup-{how}-{}", std::process::id()),
        };
        open(&tmux, dir.path(), &study, "", how);
        tmux.wait_for(&["12 of 48 pairs", "annotations: study dir"]);
        let pid = flipscope_pid(&tmux);
        assert!(lock_of(&study).exists(), "{how}: the open study is locked");
        let target: &[&str] = match how {
            "kill-server" => &[],
            _ => &["-t", "tui"],
        };
        assert!(tmux.cmd().arg(how).args(target).status().unwrap().success());
        wait_until(&format!("flipscope to end after {how}"), || !running(pid));
        assert!(
            !lock_of(&study).exists(),
            "{how}: the lock outlived the session"
        );
    }
    // The next session can write.
    let tmux = Tmux {
        socket: format!("flipscope-hangup-next-{}", std::process::id()),
    };
    let exit_file = open(&tmux, dir.path(), &study, "", "next");
    tmux.wait_for(&["12 of 48 pairs", "annotations: study dir"]);
    tmux.quit(&exit_file);
    assert!(!lock_of(&study).exists(), "q left the lock behind");
}

#[test]
fn a_terminating_signal_removes_the_lock() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    for signal in ["TERM", "HUP", "INT"] {
        let tmux = Tmux {
            socket: format!("flipscope-siglock-{signal}-{}", std::process::id()),
        };
        let exit_file = open(&tmux, dir.path(), &study, "", signal);
        tmux.wait_for(&["12 of 48 pairs", "annotations: study dir"]);
        let pid = flipscope_pid(&tmux);
        let sent = Command::new("kill")
            .args([format!("-{signal}"), pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        wait_until(&format!("the exit status after SIG{signal}"), || {
            std::fs::read_to_string(&exit_file).is_ok_and(|t| t.ends_with('\n'))
        });
        assert!(!lock_of(&study).exists(), "SIG{signal} left the lock");
    }
}

/// A lock line naming `pid` on `host` since `since` (seconds since the epoch).
fn holder_line(host: &str, pid: u32, since: u64) -> String {
    format!(
        r#"{{"host":"{host}","boot":"","pid":{pid},"start":null,"auditor":"ana","since":{since}}}"#
    )
}

fn this_host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .unwrap()
        .trim()
        .to_string()
}

#[test]
fn a_lock_left_by_a_process_that_is_gone_is_taken_over_and_said_so() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    // A pid that cannot run (above the kernel's pid_max), held for real by a child
    // that inherited the descriptor: the flock alone would keep the study read-only.
    std::fs::write(lock_of(&study), holder_line(&this_host(), 4_999_999, 0)).unwrap();
    let mut holder = Command::new("flock")
        .arg(lock_of(&study))
        .args(["sleep", "60"])
        .spawn()
        .unwrap();
    wait_until_held(&lock_of(&study));
    let tmux = Tmux {
        socket: format!("flipscope-stale-{}", std::process::id()),
    };
    let exit_file = open(&tmux, dir.path(), &study, "", "stale");
    let screen = tmux.wait_for(&["annotations: study dir", "took over the lock"]);
    assert!(screen.contains("ana (pid 4999999"), "{screen}");
    // Decisions are saved.
    tmux.keys(&["1"]);
    tmux.wait_for(&["output-contract"]);
    tmux.quit(&exit_file);
    assert!(!lock_of(&study).exists());
    let _ = holder.kill();
    let _ = holder.wait();
}

#[test]
fn a_live_holder_is_named_and_another_hosts_lock_needs_take_over() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    let first = Tmux {
        socket: format!("flipscope-live-a-{}", std::process::id()),
    };
    let first_exit = open(&first, dir.path(), &study, "", "first");
    first.wait_for(&["annotations: study dir"]);
    let pid = flipscope_pid(&first);
    let second = Tmux {
        socket: format!("flipscope-live-b-{}", std::process::id()),
    };
    let second_exit = open(&second, dir.path(), &study, "", "second");
    second.wait_for(&["annotations: read-only", "already open"]);
    // The whole message names the holder.
    second.keys(&["!"]);
    second.wait_for(&[
        &format!("by tester (pid {pid} on host"),
        "close it there first",
    ]);
    second.keys(&["Escape"]);
    second.wait_gone("close it there first");
    second.quit(&second_exit);
    first.quit(&first_exit);

    // Held on another host, a day ago: refused with the way out, then taken over.
    let day_ago = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        - 2 * 24 * 3600;
    std::fs::write(lock_of(&study), holder_line("elsewhere", 77, day_ago)).unwrap();
    let mut holder = Command::new("flock")
        .arg(lock_of(&study))
        .args(["sleep", "60"])
        .spawn()
        .unwrap();
    wait_until_held(&lock_of(&study));
    let third = Tmux {
        socket: format!("flipscope-live-c-{}", std::process::id()),
    };
    let third_exit = open(&third, dir.path(), &study, "", "third");
    third.wait_for(&["annotations: read-only", "already open"]);
    third.keys(&["!"]);
    third.wait_for(&[
        "ana (pid 77 on host elsewhere",
        "more than a day ago",
        "--take-over-lock",
    ]);
    third.keys(&["Escape"]);
    third.wait_gone("--take-over-lock");
    third.quit(&third_exit);
    let fourth = Tmux {
        socket: format!("flipscope-live-d-{}", std::process::id()),
    };
    let fourth_exit = open(&fourth, dir.path(), &study, "--take-over-lock", "fourth");
    fourth.wait_for(&["annotations: study dir", "took over the lock"]);
    fourth.quit(&fourth_exit);
    let _ = holder.kill();
    let _ = holder.wait();
}
