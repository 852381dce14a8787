//! `flipscope score`'s progress line on a terminal, through the real binary in a tmux
//! pane of our own: everything the pane receives is logged (`pipe-pane`), so the line
//! is seen even though `score` takes it off the screen when it ends. (Off a terminal
//! nothing is printed for it: `tests/reviewed_fragments.rs`.)

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::tmux::{Tmux, exits_with_0, have_tmux, private_env};

/// Runs `flipscope ARGS > dir/out` in a tmux pane of its own, waits for it to exit 0,
/// and returns everything the pane received once it holds `until`.
fn logged_run(dir: &Path, args: &str, until: &str) -> String {
    let (go, log, exit) = (dir.join("go"), dir.join("pane.log"), dir.join("exit"));
    let tmux = Tmux {
        socket: format!(
            "flipscope-test-progress-{}-{}",
            std::process::id(),
            dir.file_name().unwrap().to_string_lossy()
        ),
    };
    // The pane waits for `go`, so that its log is attached before the command starts.
    let script = format!(
        "while [ ! -e {go} ]; do sleep 0.05; done; cd {dir}; {env} {bin} {args} > {out}; \
         echo \"exit=$?\" > {exit}; sleep 5",
        go = go.display(),
        dir = dir.display(),
        env = private_env(dir),
        bin = env!("CARGO_BIN_EXE_flipscope"),
        out = dir.join("out").display(),
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
    loop {
        let logged = std::fs::read_to_string(&log).unwrap_or_default();
        if logged.contains(until) || Instant::now() > deadline {
            return logged;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

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
    let logged = logged_run(
        dir.path(),
        &format!("score {}", study.display()),
        "scored 14 pairs",
    );
    assert!(logged.contains("scored 14 pairs"), "{logged:?}");
    assert!(logged.contains("score: "), "{logged:?}");
    assert!(logged.contains("/14 programs"), "{logged:?}");
    assert!(logged.contains("programs/s  ETA "), "{logged:?}");
    // The pairs went to standard output, untouched by the line.
    let pairs = std::fs::read_to_string(dir.path().join("out")).unwrap();
    assert_eq!(pairs.lines().count(), 14);
    assert!(!pairs.contains("programs/s"));
}

/// `prove` counts checks: each phase's planned checks, each design's as they finish.
#[test]
fn prove_draws_its_line_of_checks_on_a_terminal_and_nothing_off_it() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("c.sv"),
        "module c(input clk, input a, output reg q);\n  always @(posedge clk) q <= a;\nendmodule\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("p.sva"),
        "assert property (@(posedge clk) a |=> q);\nassert property (@(posedge clk) q);\n",
    )
    .unwrap();
    let logged = logged_run(
        dir.path(),
        "prove c.sv --properties p.sva --no-cache --format json",
        " checks  ",
    );
    assert!(logged.contains("prove: "), "{logged:?}");
    assert!(logged.contains(" checks  "), "{logged:?}");
    let report = std::fs::read_to_string(dir.path().join("out")).unwrap();
    assert!(
        report.starts_with('{') && !report.contains("checks/s"),
        "{report}"
    );
    // Off a terminal, standard error holds no line.
    let out = common::flipscope()
        .current_dir(dir.path())
        .args(["prove", "c.sv", "--properties", "p.sva", "--no-cache"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("checks/s"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
