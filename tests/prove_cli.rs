//! `flipscope prove` through the real binary: the table and JSON, mutants, standard
//! input, and bad input (RTL yosys rejects, a property with a syntax error, an unknown
//! top module, a check past its time limit, a design too large for the limits, no
//! yosys): each a clear message or status, never a hang or a crash. Needs yosys.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

/// `q` is `a` one cycle later; `c` counts up (24 bits) while `en` holds.
const DESIGN: &str = "module t(input clk, input rst, input a, input en,
          output reg q, output reg [23:0] c);
  always @(posedge clk) begin
    if (rst) begin q <= 1'b0; c <= 24'd0; end
    else begin q <= a; if (en) c <= c + 24'd1; end
  end
endmodule
";

/// `q` is the inverse of `a`: breaks `a |=> q`.
const MUTANT: &str = "module t_mutant(input clk, input rst, input a, input en,
          output reg q, output reg [23:0] c);
  always @(posedge clk) begin
    if (rst) begin q <= 1'b0; c <= 24'd0; end
    else begin q <= !a; if (en) c <= c + 24'd1; end
  end
endmodule
";

const PROPS: &str = "Here are the properties:\n```systemverilog\nproperty p_next;\n  @(posedge clk) disable iff (rst) a |=> q;\nendproperty\na_next: assert property (p_next);\n\nproperty p_bad_syntax;\n  @(posedge clk) disable iff (rst) a |=> ;\nendproperty\n\nassert property (@(posedge clk) disable iff (rst) a |-> q);\nlbl: assert property (@(posedge clk) a |-> s_eventually q);\n```\n";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn run(args: &[&str]) -> Output {
    common::flipscope()
        .arg("prove")
        .args(args)
        .arg("--no-cache")
        .output()
        .expect("run flipscope")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn statuses(v: &Value) -> Vec<(String, String)> {
    v["properties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn json_has_one_entry_per_property_in_reading_order() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    let props = write(dir.path(), "gen.txt", PROPS);
    let mutant = write(dir.path(), "m.sv", MUTANT);
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
        "--mutants",
        mutant.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(
        statuses(&v),
        [
            ("p_next".to_string(), "pass".to_string()),
            ("p_bad_syntax".to_string(), "error".to_string()),
            ("assert_12_1".to_string(), "fail".to_string()),
            ("lbl".to_string(), "unsupported".to_string()),
        ]
    );
    let p = &v["properties"];
    for key in [
        "name",
        "status",
        "vacuous",
        "reason",
        "counterexample",
        "mutants",
    ] {
        assert!(p[0].get(key).is_some(), "missing {key}");
    }
    assert_eq!(p[0]["vacuous"], false);
    assert_eq!(p[0]["mutants"][0]["file"], mutant.to_str().unwrap());
    assert_eq!(p[0]["mutants"][0]["status"], "fail");
    assert_eq!(p[2]["mutants"], Value::Array(vec![]));
    // The syntax error is located in the user's file.
    let reason = p[1]["reason"].as_str().unwrap();
    assert!(reason.contains("gen.txt:9:"), "{reason}");
    let reason = p[3]["reason"].as_str().unwrap();
    assert!(
        reason.contains("`s_eventually`") && reason.contains("gen.txt:13:"),
        "{reason}"
    );
    // The counterexample is structured: one value per cycle for every row.
    let cex = &p[2]["counterexample"];
    let cycles = cex["fail_cycle"].as_u64().unwrap() as usize + 1;
    let signals = cex["signals"].as_array().unwrap();
    let names: Vec<&str> = signals
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    for n in ["rst", "a", "en", "q", "c", "[property fails]"] {
        assert!(names.contains(&n), "{names:?}");
    }
    assert!(!names.contains(&"clk"));
    for s in signals {
        assert_eq!(s["values"].as_array().unwrap().len(), cycles);
    }
    let c = signals.iter().find(|s| s["name"] == "c").unwrap();
    assert_eq!(c["width"], 24);
    assert_eq!(c["role"], "output");
}

#[test]
fn table_shows_counterexamples_cycle_by_cycle() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    let out = common::flipscope()
        .args([
            "prove",
            rtl.to_str().unwrap(),
            "--properties",
            "-",
            "--no-cache",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"assert property (@(posedge clk) disable iff (rst) a |-> q);\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("assert_1_1  fail"), "{text}");
    let header = text
        .lines()
        .find(|l| l.trim_start().starts_with("cycle"))
        .unwrap();
    let fail_at: usize = header
        .split_whitespace()
        .find_map(|c| c.strip_suffix('*'))
        .unwrap()
        .parse()
        .unwrap();
    // In the failing cycle a holds and q does not.
    let row = |name: &str| -> Vec<String> {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap();
        line.split_whitespace()
            .skip(1)
            .map(str::to_string)
            .collect()
    };
    assert_eq!(row("a")[fail_at], "1");
    assert_eq!(row("q")[fail_at], "0");
    assert!(stderr(&out).contains("assuming `rst` holds in the first cycle"));
}

#[test]
fn rtl_that_yosys_rejects_is_an_error_located_in_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(
        dir.path(),
        "bad.sv",
        "module t(input clk, input a, output reg q);\n  always @(posedge clk) q <= a +;\nendmodule\n",
    );
    let props = write(dir.path(), "p.txt", "assert property (@(posedge clk) q);");
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("bad.sv:2: yosys:"), "{err}");
    let v = json(&out);
    assert_eq!(v["properties"][0]["status"], "error");
}

#[test]
fn an_unknown_top_module_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    let props = write(dir.path(), "p.txt", PROPS);
    let out = run(&[
        rtl.to_str().unwrap(),
        "--top",
        "nosuch",
        "--properties",
        props.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("the top module `nosuch` is not defined in") && err.contains("(modules: `t`)"),
        "{err}"
    );
}

#[test]
fn an_undeclared_signal_is_an_error_and_the_rest_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    let props = write(
        dir.path(),
        "p.txt",
        "assert property (@(posedge clk) disable iff (rst) a |=> q);\nassert property (@(posedge clk) nosuch |=> q);\n",
    );
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["properties"][0]["status"], "pass");
    assert_eq!(v["properties"][1]["status"], "error");
    let reason = v["properties"][1]["reason"].as_str().unwrap();
    assert!(
        reason.contains("p.txt:2:33: `nosuch` is not declared in module `t`"),
        "{reason}"
    );
}

#[test]
fn interface_only_lists_what_is_not_a_port() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(
        dir.path(),
        "t.sv",
        "module t(input clk, input a, output q);\n  reg r;\n  always @(posedge clk) r <= a;\n  assign q = r;\nendmodule\n",
    );
    let props = write(
        dir.path(),
        "p.txt",
        "assert property (@(posedge clk) a |=> r);\nassert property (@(posedge clk) a |=> q);\n",
    );
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
        "--interface-only",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(
        statuses(&v),
        [
            ("assert_1_1".to_string(), "interface-violation".to_string()),
            ("assert_2_1".to_string(), "pass".to_string()),
        ]
    );
    assert_eq!(
        v["properties"][0]["non_interface_identifiers"],
        serde_json::json!(["r"])
    );
    assert!(
        v["properties"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("`r`")
    );
}

#[test]
fn a_check_past_its_time_limit_is_unknown() {
    // The counter reaches its maximum only after 2^24 cycles: no short counterexample
    // and no proof, so PDR runs until its limit.
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    let props = write(
        dir.path(),
        "p.txt",
        "assert property (@(posedge clk) disable iff (rst) c != 24'hFFFFFF);\nassert property (@(posedge clk) disable iff (rst) a |=> q);\n",
    );
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
        "--timeout",
        "1",
        "--depth",
        "1000000",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["properties"][0]["status"], "unknown");
    let reason = v["properties"][0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("1 s") || reason.contains("stopped"),
        "{reason}"
    );
    assert_eq!(v["properties"][1]["status"], "pass");
}

#[test]
fn a_design_too_large_for_the_limits_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    let props = write(
        dir.path(),
        "p.txt",
        "assert property (@(posedge clk) a |=> q);",
    );
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
        "--max-gates",
        "20",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("too large for the limits") && err.contains("AND gates"),
        "{err}"
    );
    // A file beyond the RTL limit (256 KiB) is refused before it is read whole.
    let mut big = String::from(DESIGN);
    big.push_str(
        &"// padding padding padding padding padding padding padding padding\n".repeat(70_000),
    );
    let big = write(dir.path(), "big.sv", &big);
    let out = run(&[
        big.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("too large: 4690239 bytes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_missing_yosys_says_what_to_install() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    let props = write(dir.path(), "p.txt", PROPS);
    let out = common::flipscope()
        .args([
            "prove",
            rtl.to_str().unwrap(),
            "--properties",
            props.to_str().unwrap(),
        ])
        .env("PATH", dir.path())
        .env_remove("FLIPSCOPE_YOSYS")
        .env_remove("FLIPSCOPE_YOSYS_ABC")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("apt-get install yosys"), "{err}");
    assert_eq!(err.lines().count(), 1, "one message: {err}");
}

#[test]
fn text_without_properties_and_bad_options_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    let props = write(
        dir.path(),
        "p.txt",
        "I could not write any property, sorry.",
    );
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no property found"),
        "{}",
        stderr(&out)
    );
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
        "--clock",
        "clk",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["missing.sv", "--properties", props.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("missing.sv"));
}

/// A counter `c` (0, 1, 2, then stays) in its own module, instantiated by `t`; the
/// module `spare` is instantiated by nobody, so the top must be named.
const COUNTER: &str = "module cnt(input clk, input rst, output reg [1:0] c);
  always @(posedge clk)
    if (rst) c <= 2'd0;
    else if (c != 2'd2) c <= c + 2'd1;
endmodule
";
const TOP: &str = "module t(input clk, input rst, input a, output [1:0] c, output reg q);
  cnt u(.clk(clk), .rst(rst), .c(c));
  always @(posedge clk) q <= a;
endmodule
module spare(input x, output y);
  assign y = x;
endmodule
";

#[test]
fn top_clock_reset_and_vacuity_options() {
    let dir = tempfile::tempdir().unwrap();
    let cnt = write(dir.path(), "cnt.sv", COUNTER);
    let top = write(dir.path(), "t.sv", TOP);
    // No clocking event in the text: `--clock` gives it.
    let props = write(
        dir.path(),
        "p.txt",
        "property bounded; disable iff (rst) c != 2'd3; endproperty\nproperty never; a && !a |-> q; endproperty\n",
    );
    let base = [
        cnt.to_str().unwrap(),
        top.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
    ];
    let with = |extra: &[&str]| {
        let mut args: Vec<&str> = base.to_vec();
        args.extend_from_slice(extra);
        run(&args)
    };
    // Two uninstantiated modules: the top is ambiguous until named.
    let out = with(&["--clock", "posedge clk"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // Without a clock the properties cannot be checked.
    let out = with(&["--top", "t", "--format", "json"]);
    let v = json(&out);
    assert_ne!(v["properties"][0]["status"], "pass", "{v}");
    let reason = v["properties"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("p.txt:1:"), "{reason}");
    // Reset assumed in the first cycle (auto: `rst`): the counter never reaches 3.
    let out = with(&["--top", "t", "--clock", "posedge clk", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(
        statuses(&v),
        [
            ("bounded".to_string(), "pass".to_string()),
            ("never".to_string(), "pass".to_string()),
        ]
    );
    assert_eq!(v["properties"][0]["vacuous"], false);
    assert_eq!(v["properties"][1]["vacuous"], true);
    assert!(stderr(&out).contains("assuming `rst` holds in the first cycle"));
    // An explicit reset expression, and none: then the counter may start at 3.
    let out = with(&[
        "--top",
        "t",
        "--clock",
        "negedge clk",
        "--reset",
        "rst == 1'b1",
        "--format",
        "json",
    ]);
    let v = json(&out);
    // The design's flip-flops use the other edge than the property's clock.
    assert_eq!(v["properties"][0]["status"], "unsupported", "{v}");
    let out = with(&[
        "--top",
        "t",
        "--clock",
        "posedge clk",
        "--reset",
        "rst == 1'b1",
        "--format",
        "json",
    ]);
    assert_eq!(json(&out)["properties"][0]["status"], "pass");
    assert!(stderr(&out).contains("assuming `rst == 1'b1` holds"));
    let out = with(&[
        "--top",
        "t",
        "--clock",
        "posedge clk",
        "--reset",
        "none",
        "--format",
        "json",
        "--jobs",
        "1",
    ]);
    let v = json(&out);
    assert_eq!(v["properties"][0]["status"], "fail", "{v}");
    let cex = &v["properties"][0]["counterexample"];
    let at = cex["fail_cycle"].as_u64().unwrap() as usize;
    let c = cex["signals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "c")
        .unwrap();
    assert_eq!(c["values"][at], "11");
    // The table marks the vacuous pass.
    let out = with(&["--top", "t", "--clock", "posedge clk"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("never     pass (vacuous)"), "{text}");
}

/// A yosys that logs its arguments, then runs the real one.
fn logging_yosys(dir: &Path, log: &Path) -> PathBuf {
    let real = std::env::var_os("PATH")
        .and_then(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join("yosys"))
                .find(|p| p.is_file())
        })
        .expect("yosys on the PATH");
    let script = dir.join("yosys");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho \"$@\" >> '{}'\nexec '{}' \"$@\"\n",
            log.display(),
            real.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    script
}

#[test]
fn results_are_cached_under_the_user_cache_directory() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    let props = write(
        dir.path(),
        "p.txt",
        "assert property (@(posedge clk) disable iff (rst) a |=> q);\nassert property (@(posedge clk) disable iff (rst) a |-> q);\n",
    );
    let log = dir.path().join("yosys.log");
    let yosys = logging_yosys(dir.path(), &log);
    let cache = dir.path().join("cache");
    let prove = || {
        common::flipscope()
            .args([
                "prove",
                rtl.to_str().unwrap(),
                "--properties",
                props.to_str().unwrap(),
                "--format",
                "json",
            ])
            .env("XDG_CACHE_HOME", &cache)
            .env("FLIPSCOPE_YOSYS", &yosys)
            .output()
            .unwrap()
    };
    let builds = || {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .filter(|l| l.trim() != "-V")
            .count()
    };
    let first = prove();
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(builds() >= 1, "the first run builds the model");
    let packs: Vec<_> = std::fs::read_dir(cache.join("flipscope/formal/v3"))
        .unwrap()
        .flatten()
        .collect();
    assert!(!packs.is_empty());
    let before = builds();
    let second = prove();
    assert!(second.status.success(), "{}", stderr(&second));
    assert_eq!(builds(), before, "the second run comes from the cache");
    assert_eq!(json(&first), json(&second));
    // Another option is another key.
    let out = common::flipscope()
        .args([
            "prove",
            rtl.to_str().unwrap(),
            "--properties",
            props.to_str().unwrap(),
            "--depth",
            "20",
        ])
        .env("XDG_CACHE_HOME", &cache)
        .env("FLIPSCOPE_YOSYS", &yosys)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(builds() > before);
}

#[test]
fn a_property_yosys_rejects_is_an_error_located_in_the_text() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(
        dir.path(),
        "t.sv",
        "module t(input clk, input [3:0] a, output reg [3:0] q);\n  function [3:0] inc(input [3:0] x); inc = x + 4'd1; endfunction\n  always @(posedge clk) q <= inc(a);\nendmodule\n",
    );
    let props = write(
        dir.path(),
        "p.txt",
        "assert property (@(posedge clk) q == $past(inc(a)));\nassert property (@(posedge clk) q == inc($past(a)));\n",
    );
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
        "--reset",
        "none",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["properties"][0]["status"], "error", "{v}");
    let reason = v["properties"][0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("p.txt:1:1: yosys rejects the lowered property:"),
        "{reason}"
    );
    // The other property is still checked: without reset `q` starts anywhere.
    assert_eq!(v["properties"][1]["status"], "fail", "{v}");
    assert_eq!(v["properties"][1]["counterexample"]["fail_cycle"], 0, "{v}");
}

#[test]
fn a_property_with_a_malformed_header_is_an_error_located_at_it() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "t.sv", DESIGN);
    // A colon for the `;`: once ignored without a word, now an error at the colon; the
    // prose before it names a property but is none.
    let props = write(
        dir.path(),
        "p.txt",
        "The property p_colon checks q.\nproperty p_colon:\n  @(posedge clk) disable iff (rst) a |=> q;\nendproperty\nproperty p_ok;\n  @(posedge clk) disable iff (rst) a |=> q;\nendproperty\n",
    );
    let out = run(&[
        rtl.to_str().unwrap(),
        "--properties",
        props.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(
        statuses(&v),
        [
            ("p_colon".to_string(), "error".to_string()),
            ("p_ok".to_string(), "pass".to_string()),
        ]
    );
    let reason = v["properties"][0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("p.txt:2:17: expected `;` after the property name `p_colon`, found `:`"),
        "{reason}"
    );
    let location = v["properties"][0]["location"].as_str().unwrap();
    assert!(location.ends_with("p.txt:2:1"), "{location}");
}
