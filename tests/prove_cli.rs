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
        "100000000",
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
    // Source beyond 4 MiB is refused before yosys runs.
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
    assert!(stderr(&out).contains("bytes of source"), "{}", stderr(&out));
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
