//! Terminal escapes in a study's text never reach the terminal: `validate`, `metrics`,
//! error messages and the TUI show each control character as `\x1b` (issue 29, item 3).

mod common;

use std::path::{Path, PathBuf};

use common::tmux::{Tmux, have_tmux, private_env};

/// An OSC 0 (set the title), an OSC 52 (set the clipboard) and a clear-screen, as JSON.
const HOSTILE: &str = r"nested-if\u001b]0;pwned\u0007\u001b]52;c;cHduZWQ=\u0007\u001b[2J";
/// What it shows as.
const SHOWN: &str = r"nested-if\x1b]0;pwned\x07\x1b]52;c;cHduZWQ=\x07\x1b[2J";

/// The TUI fixture study with the hostile stratum in place of `nested-if/async`, and a
/// model whose name holds an escape.
fn hostile_study(dir: &Path) -> PathBuf {
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-study");
    let to = dir.join("study");
    std::fs::create_dir_all(&to).unwrap();
    for name in ["pairs.jsonl", "programs.jsonl"] {
        let text = std::fs::read_to_string(from.join(name)).unwrap();
        let text = text
            .replace("nested-if/async", HOSTILE)
            .replace("qwen2.5-coder-7b", r"qwen\u001b[31mred");
        std::fs::write(to.join(name), text).unwrap();
    }
    to
}

fn no_raw_escape(what: &str, bytes: &[u8]) {
    assert!(
        !bytes.iter().any(|&b| b == 0x1b || b == 0x07),
        "{what} holds a raw control character:\n{}",
        String::from_utf8_lossy(bytes)
    );
}

#[test]
fn validate_and_metrics_show_escapes_and_keep_columns() {
    let dir = tempfile::tempdir().unwrap();
    let study = hostile_study(dir.path());
    let out = common::run(&["validate", study.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    no_raw_escape("validate's output", &out.stdout);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(SHOWN), "{text}");
    assert!(text.contains(r"qwen\x1b[31mred"), "{text}");
    // The stratum's count is still padded after its shown name.
    let line = text.lines().find(|l| l.contains(SHOWN)).unwrap();
    assert!(line.ends_with(|c: char| c.is_ascii_digit()), "{line}");

    let out = common::run(&["metrics", study.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    no_raw_escape("metrics' output", &out.stdout);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(r"qwen\x1b[31mred"), "{text}");
}

#[test]
fn error_messages_quote_names_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let study = hostile_study(dir.path());
    // A pair of a program the study does not have, named with an escape.
    let pairs = std::fs::read_to_string(study.join("pairs.jsonl")).unwrap();
    let first = pairs.lines().next().unwrap().replace(
        r#""program": "p01""#,
        r#""program": "p\u001b]0;pwned\u0007""#,
    );
    std::fs::write(study.join("pairs.jsonl"), format!("{pairs}{first}\n")).unwrap();
    let out = common::run(&["validate", study.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    no_raw_escape("validate's errors", &out.stderr);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(r"p\x1b]0;pwned\x07"), "{err}");
    let out = common::run(&["metrics", study.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    no_raw_escape("metrics' errors", &out.stderr);
}

#[test]
fn the_tui_shows_escapes_and_leaves_the_title_alone() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = hostile_study(dir.path());
    let tmux = Tmux {
        socket: format!("flipscope-escapes-{}", std::process::id()),
    };
    let exit_file = dir.path().join("exit-escapes");
    let bin = std::env::var("FLIPSCOPE_TEST_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_flipscope").to_string());
    let script = format!(
        "{} {bin} open --theme dark {}; echo \"exit=$?\" > {}; sleep 5",
        private_env(dir.path()),
        study.display(),
        exit_file.display()
    );
    assert!(
        tmux.cmd()
            .args(["new-session", "-d", "-s", "tui", "-x", "160", "-y", "40"])
            .args(["sh", "-c", &script])
            .status()
            .unwrap()
            .success()
    );
    let title = |t: &Tmux| {
        let out = t
            .cmd()
            .args(["display-message", "-p", "-t", "tui", "#{pane_title}"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    let screen = tmux.wait_for(&[r"nested-if\x1b]0;", r"qwen\x1b[31mred"]);
    // Every row keeps its columns: the variant column starts at the same place.
    let starts: Vec<usize> = screen
        .lines()
        .filter(|l| l.contains(r"qwen\x1b[31mred"))
        .map(|l| l.find(r"qwen\x1b[31mred").unwrap())
        .collect();
    assert!(
        starts.len() > 1 && starts.windows(2).all(|w| w[0] == w[1]),
        "{screen}"
    );
    assert_ne!(title(&tmux), "pwned");
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["RTL original"]);
    tmux.keys(&["Escape"]);
    tmux.wait_gone("RTL original");
    assert_ne!(title(&tmux), "pwned");
    assert!(tmux.clipboard().is_none_or(|c| !c.contains("pwned")));
    tmux.quit(&exit_file);
}
