//! A tmux server of our own for the TUI's journeys through the real binary: start
//! flipscope in a session of a given size (with private HOME/XDG directories and
//! extra environment), press keys, read the pane (as text, or with its attributes),
//! wait for texts and the status line's `ready` (the idle signal, never a sleep),
//! resize the window, check the exit status.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of our own (its own socket), killed when dropped.
pub struct Tmux {
    pub socket: String,
}

impl Tmux {
    pub fn cmd(&self) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.socket]);
        c
    }

    pub fn screen(&self) -> String {
        let out = self
            .cmd()
            .args(["capture-pane", "-p", "-t", "tui"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn keys(&self, keys: &[&str]) {
        let status = self
            .cmd()
            .args(["send-keys", "-t", "tui"])
            .args(keys)
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Waits until the screen holds every one of `texts` and the status line says
    /// `ready` (the idle signal). Fails after a generous deadline.
    pub fn wait_for(&self, texts: &[&str]) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            let idle = screen.lines().any(|l| l.starts_with("ready"));
            if idle && texts.iter().all(|t| screen.contains(t)) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "waited for {texts:?} and `ready`; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    /// Ends the tmux server and, by pid, every process its panes started: a TUI that
    /// outlived its terminal (a failed test ends before it quits) must not be left running.
    fn drop(&mut self) {
        let shells = self
            .cmd()
            .args(["list-panes", "-a", "-F", "#{pane_pid}"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        let mut started: Vec<String> = Vec::new();
        for shell in shells.split_whitespace() {
            if let Ok(out) = Command::new("pgrep").args(["-P", shell]).output() {
                started.extend(
                    String::from_utf8_lossy(&out.stdout)
                        .split_whitespace()
                        .map(String::from),
                );
            }
        }
        let _ = self.cmd().arg("kill-server").status();
        for pid in started {
            let _ = Command::new("kill").args(["-KILL", &pid]).status();
        }
    }
}

/// Whether tmux is there (CI must have it).
pub fn have_tmux() -> bool {
    if Command::new("tmux").arg("-V").output().is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs tmux for the TUI journey"
        );
        eprintln!("skipping: tmux is not installed");
        return false;
    }
    true
}

/// Starts `flipscope ARGS` in a 120x40 tmux session of its own, in directory `cwd`,
/// with private HOME/XDG directories under the exit file's folder; the exit status is
/// written to `exit_file`.
pub fn start(name: &str, args: &str, cwd: &Path, exit_file: &Path) -> Tmux {
    start_with(name, "", args, cwd, exit_file)
}

/// `start` with more environment settings (`NO_COLOR=1`, ...) for flipscope.
pub fn start_with(name: &str, env: &str, args: &str, cwd: &Path, exit_file: &Path) -> Tmux {
    let tmux = Tmux {
        socket: format!("flipscope-test-{name}-{}", std::process::id()),
    };
    let bin = std::env::var("FLIPSCOPE_TEST_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_flipscope").to_string());
    let script = format!(
        "{} {env} {bin} {args}; echo \"exit=$?\" > {}; sleep 5",
        private_env(exit_file.parent().unwrap()),
        exit_file.display()
    );
    let status = tmux
        .cmd()
        .args([
            "new-session",
            "-d",
            "-s",
            "tui",
            "-x",
            "120",
            "-y",
            "40",
            "-c",
        ])
        .arg(cwd)
        .args(["sh", "-c", &script])
        .status()
        .unwrap();
    assert!(status.success());
    tmux
}

impl Tmux {
    /// Waits until `text` has left the screen and the status line says `ready`: after
    /// Esc, before the next key (an Esc followed at once by a key reads as Alt+key).
    pub fn wait_gone(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            let idle = screen.lines().any(|l| l.starts_with("ready"));
            if idle && !screen.contains(text) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "waited for {text:?} to go and `ready`; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The pane with its attributes as escape sequences (`capture-pane -e`).
    pub fn screen_with_attributes(&self) -> String {
        let out = self
            .cmd()
            .args(["capture-pane", "-p", "-e", "-t", "tui"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen holds every one of `texts`, idle or not (a screen too
    /// small for the status line has no `ready`).
    pub fn wait_for_text(&self, texts: &[&str]) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            if texts.iter().all(|t| screen.contains(t)) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "waited for {texts:?}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Resizes the window (the terminal flipscope runs in) to `w`x`h`.
    pub fn resize(&self, w: u16, h: u16) {
        let status = self
            .cmd()
            .args([
                "resize-window",
                "-t",
                "tui",
                "-x",
                &w.to_string(),
                "-y",
                &h.to_string(),
            ])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Lets programs in the pane set tmux's clipboard with OSC 52.
    pub fn accept_clipboard(&self) {
        let status = self
            .cmd()
            .args(["set-option", "-g", "set-clipboard", "on"])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// The newest tmux paste buffer (what OSC 52 put on the clipboard), if any.
    pub fn clipboard(&self) -> Option<String> {
        let out = self.cmd().args(["show-buffer"]).output().unwrap();
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

/// Waits for the exit file and checks the exit status is 0.
pub fn exits_with_0(tmux: &Tmux, exit_file: &std::path::Path) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !exit_written(exit_file) {
        assert!(
            Instant::now() < deadline,
            "flipscope did not quit:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let exit = std::fs::read_to_string(exit_file).unwrap();
    assert_eq!(exit.trim(), "exit=0");
}

/// Copies the files of directory `from` into `to` (created).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// `env` settings that keep the user's own config and data directories out of a run.
pub fn private_env(dir: &Path) -> String {
    let home = dir.join("home");
    format!(
        "env USER=tester HOME={h} XDG_DATA_HOME={h}/data XDG_CONFIG_HOME={h}/config XDG_CACHE_HOME={c}",
        h = home.display(),
        c = super::cache_home().display()
    )
}

impl Tmux {
    /// Starts `flipscope open STUDY` in a 120x40 session; returns the file its exit
    /// status is written to.
    pub fn launch(&self, dir: &Path, study: &Path, run: &str) -> PathBuf {
        let exit_file = dir.join(format!("exit-{run}"));
        // FLIPSCOPE_TEST_BIN: a private copy of the binary when several checkouts share
        // one target directory.
        let bin = std::env::var("FLIPSCOPE_TEST_BIN")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_flipscope").to_string());
        let script = format!(
            "{} {} open --theme dark {}; echo \"exit=$?\" > {}; sleep 5",
            private_env(dir),
            bin,
            study.display(),
            exit_file.display()
        );
        let status = self
            .cmd()
            .args(["new-session", "-d", "-s", "tui", "-x", "120", "-y", "40"])
            .args(["sh", "-c", &script])
            .status()
            .unwrap();
        assert!(status.success());
        exit_file
    }

    /// Presses `q` and waits for flipscope to exit with status 0.
    pub fn quit(&self, exit_file: &Path) {
        self.keys(&["q"]);
        let deadline = Instant::now() + Duration::from_secs(30);
        while !exit_written(exit_file) {
            assert!(
                Instant::now() < deadline,
                "flipscope did not quit:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let exit = std::fs::read_to_string(exit_file).unwrap();
        assert_eq!(exit.trim(), "exit=0");
    }

    /// Filters the queue on `tag=TAG` and waits for `shown`.
    pub fn filter_tag(&self, tag: &str, shown: &str) {
        self.keys(&["/"]);
        self.keys(&["-l", &format!("tag={tag}")]);
        self.keys(&["Enter"]);
        self.wait_for(&[shown, &format!("filter tag={tag}")]);
    }
}

/// The parameters of every SGR escape (`ESC [ ... m`) in `text`, one list per escape.
pub fn sgr_codes(text: &str) -> Vec<Vec<u16>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("\u{1b}[") {
        rest = &rest[at + 2..];
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(rest.len());
        if rest[end..].starts_with('m') {
            out.push(
                rest[..end]
                    .split(';')
                    .map(|p| p.parse().unwrap_or(0))
                    .collect(),
            );
        }
        rest = &rest[end..];
    }
    out
}

/// Whether `text` turns on the SGR attribute `code` (7 reverse, 1 bold, 4 underline).
pub fn has_attribute(text: &str, code: u16) -> bool {
    sgr_codes(text).iter().any(|p| p.contains(&code))
}

/// Whether `text` sets a foreground or background colour (not the defaults 39/49).
pub fn has_colour(text: &str) -> bool {
    sgr_codes(text).iter().any(|p| {
        p.iter()
            .any(|&c| matches!(c, 30..=38 | 40..=48 | 90..=97 | 100..=107))
    })
}

/// Whether the shell has written the exit status (the file exists before `echo` fills it).
fn exit_written(exit_file: &Path) -> bool {
    std::fs::read_to_string(exit_file).is_ok_and(|t| t.ends_with('\n'))
}

#[cfg(test)]
mod sgr_tests {
    use super::*;

    #[test]
    fn combined_and_default_codes_are_read_apart() {
        let line = "\u{1b}[1;7m  \u{1b}[0;7m\u{1b}[39m\u{1b}[49m p03";
        assert!(has_attribute(line, 7));
        assert!(has_attribute(line, 1));
        assert!(!has_attribute(line, 4));
        assert!(!has_colour(line));
        assert!(has_colour("\u{1b}[38;5;7mx"));
        assert!(has_colour("\u{1b}[0;31mx"));
    }
}
