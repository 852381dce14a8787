//! `flipscope prove`'s bounds and messages (issue 29, items 9 and 13): the SVA reader's
//! nesting and length limits, a closed pipe or a full disk on standard output, the RTL
//! limits and file checks before yosys runs, the size estimate before the model is
//! built, signals (the tools killed, the temp dirs removed, nothing retried), and the
//! messages of an unclosed module, a combinational loop, a huge `--depth`, invalid
//! UTF-8, a file given twice and an unclosed comment or string. Each test works in its
//! own temp dir (TMPDIR too) and kills only what it started, by pid. Needs yosys.

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const DESIGN: &str = "module c(input clk, input a, output reg q);
  always @(posedge clk) q <= a;
endmodule
";

const PASSES: &str = "assert property (@(posedge clk) a |=> q);\n";

/// The counter reaches its maximum only after 2^24 cycles: PDR runs to its limit.
const COUNTER: &str = "module t(input clk, input rst, output reg [23:0] c);
  always @(posedge clk) if (rst) c <= 0; else c <= c + 24'd1;
endmodule
";

const MULTIPLIER: &str = "module m(input clk, input [255:0] a, b, output reg [511:0] q);
  always @(posedge clk) q <= a * b;
endmodule
";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn flipscope(dir: &Path) -> Command {
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let mut c = common::flipscope();
    c.current_dir(dir)
        .env("TMPDIR", &tmp)
        .env("XDG_CACHE_HOME", dir.join("cache"));
    c
}

fn prove(dir: &Path, args: &[&str]) -> Output {
    flipscope(dir)
        .arg("prove")
        .args(args)
        .arg("--no-cache")
        .output()
        .expect("run flipscope")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            stderr(out)
        )
    })
}

#[test]
fn deep_and_long_properties_are_beyond_the_limits_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "c.sv", DESIGN);
    let deep = format!("{}a{}", "(".repeat(10_000), ")".repeat(10_000));
    let long = vec!["a"; 20_000].join(" || ");
    let within = vec!["a"; 100].join(" || ");
    write(
        dir.path(),
        "p.sva",
        &format!(
            "assert property (@(posedge clk) {deep} |=> q);\nassert property (@(posedge clk) {long} |=> q);\nassert property (@(posedge clk) {within} |=> q);\n"
        ),
    );
    let out = prove(
        dir.path(),
        &[
            "c.sv",
            "--properties",
            "p.sva",
            "--format",
            "json",
            "--timeout",
            "300",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    let p = v["properties"].as_array().unwrap();
    assert_eq!(p[0]["status"], "unsupported");
    assert!(
        p[0]["reason"].as_str().unwrap().contains(
            "p.sva:1:97: the property is beyond the limits: brackets nested more than 64 deep"
        ),
        "{}",
        p[0]["reason"]
    );
    assert_eq!(p[1]["status"], "unsupported");
    assert!(
        p[1]["reason"]
            .as_str()
            .unwrap()
            .contains("beyond the limits"),
        "{}",
        p[1]["reason"]
    );
    assert_eq!(p[2]["status"], "pass", "{}", p[2]["reason"]);
}

#[test]
fn a_full_disk_or_a_closed_pipe_on_stdout_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "c.sv", DESIGN);
    write(dir.path(), "p.sva", PASSES);
    for format in ["table", "json"] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = flipscope(dir.path())
            .args([
                "prove",
                "c.sv",
                "--properties",
                "p.sva",
                "--no-cache",
                "--format",
                format,
            ])
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("cannot write the output (standard output)"),
            "{}",
            stderr(&out)
        );
        let mut child = flipscope(dir.path())
            .args([
                "prove",
                "c.sv",
                "--properties",
                "p.sva",
                "--no-cache",
                "--format",
                format,
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let status = child.wait().unwrap();
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert_eq!(status.code(), Some(1), "{format}: {err}");
        assert!(err.contains("cannot write the output"), "{err}");
    }
}

#[test]
fn rtl_limits_and_file_checks_apply_before_yosys_runs() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "p.sva", PASSES);
    // A device, a folder, invalid UTF-8, macros that double.
    let out = prove(dir.path(), &["/dev/zero", "--properties", "p.sva"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/dev/zero: cannot read: it is not a regular file"));
    let out = prove(dir.path(), &[".", "--properties", "p.sva"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("it is a folder"), "{}", stderr(&out));
    let mut bad = DESIGN.as_bytes().to_vec();
    bad.splice(44..44, b"// caf\xe9\n".iter().copied());
    std::fs::write(dir.path().join("u.sv"), &bad).unwrap();
    let out = prove(dir.path(), &["u.sv", "--properties", "p.sva"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("u.sv:2:7: invalid UTF-8 byte 0xe9"),
        "{}",
        stderr(&out)
    );
    let mut doubling = String::from("`define L0 a\n");
    for i in 1..24 {
        doubling.push_str(&format!("`define L{i} (`L{} && `L{})\n", i - 1, i - 1));
    }
    let text = DESIGN.replace("q <= a;", "q <= `L23;");
    write(dir.path(), "m.sv", &format!("{doubling}{text}"));
    let out = prove(dir.path(), &["m.sv", "--properties", "p.sva"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("m.sv:26:") && stderr(&out).contains("docs/rtl.md"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_wide_multiplier_is_refused_before_it_is_built() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "m.sv", MULTIPLIER);
    write(
        dir.path(),
        "p.sva",
        "assert property (@(posedge clk) q == q);\n",
    );
    let out = prove(
        dir.path(),
        &[
            "m.sv",
            "--properties",
            "p.sva",
            "--timeout",
            "1",
            "--max-gates",
            "1000",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("an estimated ")
            && stderr(&out).contains(" AND gates before building (limit 1000, --max-gates)"),
        "{}",
        stderr(&out)
    );
}

/// The processes whose parent is `pid`: (pid, command line, arguments joined by
/// spaces).
fn children(pid: u32) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(n) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ppid ...`
        let Some((head, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let _ = head;
        let ppid = rest.split_whitespace().nth(1).and_then(|p| p.parse().ok());
        if ppid == Some(pid) {
            let cmdline = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
            let args = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            out.push((n, args));
        }
    }
    out
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|s| !s.rsplit_once(") ").is_some_and(|(_, r)| r.starts_with('Z')))
}

/// Waits until `child` runs a tool whose command line holds `tool` (`model.ys`: the
/// model's build; `checks`: an ABC batch); its pid.
fn wait_for_tool(child: &Child, tool: &str) -> u32 {
    let until = Instant::now() + Duration::from_secs(60);
    while Instant::now() < until {
        if let Some((pid, _)) = children(child.id())
            .into_iter()
            .find(|(_, args)| args.contains(tool))
        {
            return pid;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("{tool} never started");
}

fn wait_exit(child: &mut Child) -> std::process::ExitStatus {
    let until = Instant::now() + Duration::from_secs(60);
    while Instant::now() < until {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    panic!("flipscope did not exit after the signal");
}

/// A started flipscope, killed (by its pid) if the test ends before it does.
struct Started(Child);

impl Drop for Started {
    fn drop(&mut self) {
        if self.0.try_wait().ok().flatten().is_none() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

fn signal(pid: u32, name: &str) {
    let ok = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{name} {pid}");
}

/// Starts a long proof, sends `sig` to flipscope once `tool` runs; the tool must be
/// gone, the exit status 130, nothing printed, nothing left in TMPDIR.
fn interrupted_while(tool: &str, sig: &str, design: &str, props: &str) {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "d.sv", design);
    write(dir.path(), "p.sva", props);
    let child = flipscope(dir.path())
        .args([
            "prove",
            "d.sv",
            "--properties",
            "p.sva",
            "--no-cache",
            "--timeout",
            "120",
            "--depth",
            "1000000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut started = Started(child);
    let child = &mut started.0;
    let tool_pid = wait_for_tool(child, tool);
    signal(child.id(), sig);
    let status = wait_exit(child);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!alive(tool_pid), "{tool} ({tool_pid}) outlived flipscope");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    assert_eq!(out, "");
    let left: Vec<_> = std::fs::read_dir(dir.path().join("tmp"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "left in TMPDIR: {left:?}");
    assert!(!dir.path().join("cache").exists(), "nothing cached");
}

#[test]
fn sigterm_during_a_check_kills_abc_and_cleans_up() {
    interrupted_while(
        "checks",
        "TERM",
        COUNTER,
        "assert property (@(posedge clk) disable iff (rst) c != 24'hFFFFFF);\n",
    );
}

#[test]
fn sigint_during_the_build_kills_yosys_and_cleans_up() {
    interrupted_while(
        "model.ys",
        "INT",
        MULTIPLIER,
        "assert property (@(posedge clk) q == q);\n",
    );
}

#[test]
fn a_yosys_killed_by_hand_is_not_started_again() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "m.sv", MULTIPLIER);
    write(
        dir.path(),
        "p.sva",
        "assert property (@(posedge clk) q == q);\n",
    );
    let child = flipscope(dir.path())
        .args([
            "prove",
            "m.sv",
            "--properties",
            "p.sva",
            "--no-cache",
            "--timeout",
            "120",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut started = Started(child);
    let child = &mut started.0;
    // The yosys run that builds the model (elaboration and mapping in one run).
    let second = wait_for_tool(child, "model.ys");
    std::thread::sleep(Duration::from_millis(200));
    signal(second, "KILL");
    let mut started_again = false;
    let until = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if children(child.id())
            .iter()
            .any(|(p, args)| args.contains("yosys") && *p != second)
        {
            started_again = true;
        }
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(Instant::now() < until, "flipscope did not end");
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!started_again, "yosys was started again");
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(err.contains("yosys was killed (signal 9"), "{err}");
}

#[test]
fn misleading_messages_now_say_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "p.sva", PASSES);
    let cases: [(&str, String, &str); 4] = [
        (
            "e.sv",
            DESIGN.replace("endmodule", "endmodul"),
            "e.sv:1: module `c` has no `endmodule`",
        ),
        (
            "l.sv",
            "module c(input clk, input a, output reg q);\n  wire x, y;\n  assign x = y ^ a;\n  assign y = x;\n  always @(posedge clk) q <= x;\nendmodule\n".into(),
            "l.sv:3: the design has a combinational loop (through `y`)",
        ),
        (
            "uc.sv",
            DESIGN.replace("always", "/* always"),
            "uc.sv:2:3: the comment opened here with `/*` is never closed",
        ),
        (
            "us.sv",
            DESIGN.replace("always", "initial $display(\"x);\n  always"),
            "us.sv:2:20: the string opened here is never closed",
        ),
    ];
    for (name, text, expected) in cases {
        write(dir.path(), name, &text);
        let out = prove(dir.path(), &[name, "--properties", "p.sva"]);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains(expected), "{name}: {}", stderr(&out));
    }
    write(dir.path(), "c.sv", DESIGN);
    let out = prove(
        dir.path(),
        &["c.sv", "--properties", "p.sva", "--depth", "4294967295"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--depth must be between 1 and 1000000"),
        "{}",
        stderr(&out)
    );
    let out = prove(dir.path(), &["c.sv", "./c.sv", "--properties", "p.sva"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("./c.sv is given twice (also as c.sv)"),
        "{}",
        stderr(&out)
    );
    write(
        dir.path(),
        "q.sva",
        "assert property (@(posedge clk) a |=> q /* no end\n);\nassert property (@(posedge clk) a |=> \"q);\n",
    );
    let out = prove(
        dir.path(),
        &["c.sv", "--properties", "q.sva", "--format", "json"],
    );
    let v = json(&out);
    let reason = v["properties"][0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("q.sva:1:41: the comment opened here with `/*` is never closed"),
        "{reason}"
    );
}

/// The proof budget is one argument group: `prove`, `score` (on a raw module study),
/// `reprove` and `audit` refuse the same values with the same message and status 2.
#[test]
fn every_proving_command_refuses_the_same_budget() {
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("study");
    std::fs::create_dir(&study).unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/equivsva-study");
    for f in ["programs.jsonl", "generations.jsonl"] {
        std::fs::copy(fixture.join(f), study.join(f)).unwrap();
    }
    write(dir.path(), "c.sv", DESIGN);
    write(dir.path(), "p.sva", PASSES);
    let s = study.to_str().unwrap();
    let commands: [&[&str]; 4] = [
        &["prove", "c.sv", "--properties", "p.sva"],
        &["score", s],
        &["reprove", s],
        &["audit", s],
    ];
    for command in commands {
        for (flag, value, message) in [
            ("--depth", "0", "--depth must be between 1 and 1000000"),
            (
                "--depth",
                "1000001",
                "--depth must be between 1 and 1000000",
            ),
            ("--timeout", "0", "expected a positive number of seconds"),
        ] {
            let out = flipscope(dir.path())
                .args(command)
                .args([flag, value])
                .output()
                .unwrap();
            assert_eq!(
                out.status.code(),
                Some(2),
                "{command:?} {flag} {value}: {}",
                stderr(&out)
            );
            assert!(
                stderr(&out).contains(message),
                "{command:?} {flag} {value}: {}",
                stderr(&out)
            );
        }
    }
}
