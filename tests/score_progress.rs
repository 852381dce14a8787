//! `flipscope score`'s progress line on a terminal, through the real binary in a tmux
//! pane of our own: everything the pane receives is logged (`pipe-pane`), so the line
//! is seen even though `score` takes it off the screen when it ends. (Off a terminal
//! nothing is printed for it: `tests/reviewed_fragments.rs`.)

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::tmux::{Tmux, exits_with_0, have_tmux, private_env};

#[test]
fn the_progress_line_is_drawn_when_stderr_is_a_terminal() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("study");
    common::tmux::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reviewed-fragments"),
        &study,
    );
    let (go, log, exit) = (
        dir.path().join("go"),
        dir.path().join("pane.log"),
        dir.path().join("exit"),
    );
    let tmux = Tmux {
        socket: format!("flipscope-test-progress-{}", std::process::id()),
    };
    // The pane waits for `go`, so that its log is attached before `score` starts.
    let script = format!(
        "while [ ! -e {go} ]; do sleep 0.05; done; {env} {bin} score {study} > {out}; \
         echo \"exit=$?\" > {exit}; sleep 5",
        go = go.display(),
        env = private_env(dir.path()),
        bin = env!("CARGO_BIN_EXE_flipscope"),
        study = study.display(),
        out = dir.path().join("pairs.jsonl").display(),
        exit = exit.display(),
    );
    let status = tmux
        .cmd()
        .args(["new-session", "-d", "-s", "tui", "-x", "120", "-y", "40"])
        .args(["sh", "-c", &script])
        .status()
        .unwrap();
    assert!(status.success());
    let status = tmux
        .cmd()
        .args(["pipe-pane", "-t", "tui", "-o"])
        .arg(format!("cat >> {}", log.display()))
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::write(&go, "").unwrap();
    exits_with_0(&tmux, &exit);
    // The log is written by `cat` as the pane receives it: wait for the closing line.
    let deadline = Instant::now() + Duration::from_secs(10);
    let logged = loop {
        let logged = std::fs::read_to_string(&log).unwrap_or_default();
        if logged.contains("scored 14 pairs") || Instant::now() > deadline {
            break logged;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(logged.contains("scored 14 pairs"), "{logged:?}");
    assert!(logged.contains("score: "), "{logged:?}");
    assert!(logged.contains("/14 programs"), "{logged:?}");
    assert!(logged.contains("programs/s  ETA "), "{logged:?}");
    // The pairs went to standard output, untouched by the line.
    let pairs = std::fs::read_to_string(dir.path().join("pairs.jsonl")).unwrap();
    assert_eq!(pairs.lines().count(), 14);
    assert!(!pairs.contains("programs/s"));
}
