//! The verdicts of issue 24's reproducers through the real binary: the property shapes
//! models write (a declared property asserted with its clock and `disable iff`),
//! memory words, parameters as counts, shortest counterexamples and `--depth`,
//! `$past` before its tick with declared initial values, cycle-0 failures, the clock as
//! data, `A |-> 0` and package imports. Where the verdict is not obvious it is derived from a
//! hand-written monitor proven by yosys-smtbmc in the test. Needs yosys (and z3 for the
//! monitor).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// `flipscope prove DESIGN --properties PROPS --format json ARGS...` in a fresh folder.
fn prove(design: &str, props: &str, args: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let rtl = write(dir.path(), "design.sv", design);
    let p = write(dir.path(), "props.sva", props);
    let out: Output = common::flipscope()
        .arg("prove")
        .arg(&rtl)
        .arg("--properties")
        .arg(&p)
        .args(["--format", "json", "--no-cache"])
        .args(args)
        .output()
        .expect("run flipscope");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// (name, status) of every entry.
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

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(n, s)| (n.to_string(), s.to_string()))
        .collect()
}

fn entry<'a>(v: &'a Value, name: &str) -> &'a Value {
    v["properties"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("no entry {name} in {v}"))
}

fn fail_cycle(v: &Value, name: &str) -> u64 {
    entry(v, name)["counterexample"]["fail_cycle"]
        .as_u64()
        .unwrap_or_else(|| panic!("{name} has no counterexample: {v}"))
}

/// `q` follows `d` while `en` holds; reset clears it.
const HOLD: &str = "module hold(input clk, input rst, input en, input [3:0] d, output reg [3:0] q);
  always @(posedge clk)
    if (rst) q <= 4'd0;
    else if (en) q <= d;
endmodule
";

#[test]
fn a_declared_property_takes_the_clock_and_disable_of_its_assert() {
    let v = prove(
        HOLD,
        "property p_hold; !en |=> $stable(q); endproperty\nchk: assert property (@(posedge clk) disable iff (rst) p_hold);\n",
        &[],
    );
    // One entry, named by the declaration, proven: the assert's `disable iff (rst)`
    // applies (without it, reset in the second cycle breaks `$stable(q)`).
    assert_eq!(statuses(&v), pairs(&[("p_hold", "pass")]));
    let location = entry(&v, "p_hold")["location"].as_str().unwrap();
    assert!(location.ends_with("props.sva:1:1"), "{location}");
    let unguarded = prove(
        HOLD,
        "property p_hold; !en |=> $stable(q); endproperty\nassert property (@(posedge clk) p_hold);\n",
        &[],
    );
    assert_eq!(statuses(&unguarded), pairs(&[("p_hold", "fail")]));
}

/// A 4-bit counter of `en`, cleared by `rst`.
const COUNTER: &str = "module cnt(input clk, input rst, input en, output reg [3:0] q);
  always @(posedge clk)
    if (rst) q <= 4'd0;
    else if (en) q <= q + 4'd1;
endmodule
";

/// The property as a hand-written monitor (`a1..a3`: `q == 2` one to three
/// ticks ago, no reset since), with the reset assumed in the first cycle.
const COUNTER_MONITOR: &str = "module mon(input clk, input rst, input en);
  wire [3:0] q;
  cnt dut(.clk(clk), .rst(rst), .en(en), .q(q));
  reg first = 1'b1;
  reg a1 = 1'b0, a2 = 1'b0, a3 = 1'b0;
  always @(posedge clk) begin
    first <= 1'b0;
    a1 <= (q == 4'd2) && !rst;
    a2 <= a1 && !rst;
    a3 <= a2 && !rst;
  end
  always @(*) begin
    if (first) assume(rst);
    if ((a1 || a2 || a3) && en && !rst) assert(q != 4'd4);
  end
endmodule
";

/// The earliest failing step of the monitor by yosys-smtbmc's BMC.
fn monitor_fail_step(dir: &Path) -> u64 {
    let rtl = write(dir, "cnt.sv", COUNTER);
    let mon = write(dir, "mon.sv", COUNTER_MONITOR);
    let smt = dir.join("mon.smt2");
    let script = format!(
        "read_verilog -formal -sv {} {}; prep -top mon; async2sync; dffunmap; write_smt2 -wires {}",
        rtl.display(),
        mon.display(),
        smt.display()
    );
    let built = Command::new("yosys")
        .args(["-q", "-p", &script])
        .status()
        .expect("yosys");
    assert!(built.success());
    let out = Command::new("yosys-smtbmc")
        .args(["-s", "z3", "-t", "12"])
        .arg(&smt)
        .output()
        .expect("yosys-smtbmc with z3");
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(log.contains("BMC failed!"), "{log}");
    log.lines()
        .filter_map(|l| l.split("Checking assertions in step ").nth(1))
        .filter_map(|s| s.trim_end_matches("..").parse::<u64>().ok())
        .max()
        .expect("a step")
}

#[test]
fn the_counterexample_is_a_shortest_one_and_depth_bounds_its_length() {
    let dir = tempfile::tempdir().unwrap();
    let earliest = monitor_fail_step(dir.path());
    assert_eq!(earliest, 5);
    let props =
        "assert property (@(posedge clk) disable iff (rst) (q == 2) ##[1:3] en |-> q != 4'd4);\n";
    let v = prove(COUNTER, props, &[]);
    assert_eq!(statuses(&v), pairs(&[("assert_1_1", "fail")]));
    assert_eq!(fail_cycle(&v, "assert_1_1"), earliest);
    // `--depth N`: counterexamples of at most N cycles (failing at cycle N - 1 at the
    // latest).
    let v = prove(COUNTER, props, &["--depth", "6"]);
    assert_eq!(fail_cycle(&v, "assert_1_1"), 5);
    let v = prove(COUNTER, props, &["--depth", "5"]);
    let e = entry(&v, "assert_1_1");
    assert_eq!(e["status"], "unknown");
    let reason = e["reason"].as_str().unwrap();
    assert!(
        reason.contains("no counterexample is at most 5 cycles long"),
        "{reason}"
    );
    assert!(e["counterexample"].is_null());
}

/// A two-deep FIFO of bytes over a memory.
const FIFO: &str = "module fifo(input clk, input rst, input wr_en, input rd_en, input [7:0] din,
            output [7:0] dout, output full, output empty);
  reg [7:0] mem [0:3];
  reg [2:0] wptr, rptr;
  assign full = (wptr[1:0] == rptr[1:0]) && (wptr[2] != rptr[2]);
  assign empty = wptr == rptr;
  assign dout = mem[rptr[1:0]];
  always @(posedge clk)
    if (rst) begin wptr <= 0; rptr <= 0; end
    else begin
      if (wr_en && !full) begin mem[wptr[1:0]] <= din; wptr <= wptr + 1; end
      if (rd_en && !empty) rptr <= rptr + 1;
    end
endmodule
";

#[test]
fn memory_words_are_read() {
    let v = prove(
        FIFO,
        "property same; @(posedge clk) mem[0] == mem[0]; endproperty
property integrity; @(posedge clk) disable iff (rst) wr_en && !full |=> mem[$past(wptr[1:0])] == $past(din); endproperty
property wrong; @(posedge clk) disable iff (rst) wr_en && !full |=> mem[$past(wptr[1:0])] == din; endproperty
",
        &[],
    );
    assert_eq!(
        statuses(&v),
        pairs(&[("same", "pass"), ("integrity", "pass"), ("wrong", "fail")])
    );
    let rows: Vec<&str> = entry(&v, "wrong")["counterexample"]["signals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(rows.contains(&"mem[$past(wptr[1:0])]"), "{rows:?}");
}

/// A pipeline of `N` stages (a parameter) with a localparam computed from it.
const DELAY: &str =
    "module dly #(parameter N = 3, parameter W = 4) (input clk, input rst, input [W-1:0] din,
           input go, output [W-1:0] dout, output done);
  localparam LAST = N - 1;
  reg [W-1:0] pipe [0:LAST];
  reg [N-1:0] v;
  integer i;
  always @(posedge clk) begin
    pipe[0] <= din;
    for (i = 1; i < N; i = i + 1) pipe[i] <= pipe[i-1];
    if (rst) v <= 0; else v <= {v[N-2:0], go};
  end
  assign dout = pipe[LAST];
  assign done = v[LAST];
endmodule
";

#[test]
fn parameters_are_folded_as_counts() {
    let v = prove(
        DELAY,
        "property p_past; @(posedge clk) ##N 1'b1 |-> dout == $past(din, N); endproperty
property p_delay; @(posedge clk) disable iff (rst) go |-> ##N done; endproperty
property p_range; @(posedge clk) disable iff (rst) go |-> ##[1:N] done; endproperty
property p_rep; @(posedge clk) disable iff (rst) go [*N] |-> ##1 done; endproperty
property p_expr; @(posedge clk) disable iff (rst) go |-> ##(LAST + 1) done; endproperty
property p_early; @(posedge clk) disable iff (rst) go |-> ##LAST done; endproperty
property p_unknown; @(posedge clk) go |-> ##M done; endproperty
",
        &[],
    );
    assert_eq!(
        statuses(&v),
        pairs(&[
            ("p_past", "pass"),
            ("p_delay", "pass"),
            ("p_range", "pass"),
            ("p_rep", "pass"),
            ("p_expr", "pass"),
            ("p_early", "fail"),
            ("p_unknown", "unsupported"),
        ])
    );
    let reason = entry(&v, "p_unknown")["reason"].as_str().unwrap();
    assert!(reason.contains("`M`"), "{reason}");
}

/// `ff` is declared with an initial value, `gg` is set by an `initial` block; both fall
/// to 0 at the first tick.
const INITIAL: &str = "module init(input clk, input a, output f, output g);
  logic ff = 1'b1;
  reg gg;
  initial gg = 1'b1;
  always @(posedge clk) begin ff <= 1'b0; gg <= 1'b0; end
  assign f = ff;
  assign g = gg;
endmodule
";

#[test]
fn past_before_its_tick_is_the_default_sampled_value() {
    let props = "property declared; @(posedge clk) ff |-> $past(ff); endproperty
property by_initial; @(posedge clk) gg |-> $past(gg); endproperty
";
    // IEEE 1800 16.5.1: the default sampled value of a static variable is its
    // declaration's value; an `initial` block is no declaration (X: any value).
    let v = prove(INITIAL, props, &["--reset", "none"]);
    assert_eq!(
        statuses(&v),
        pairs(&[("declared", "pass"), ("by_initial", "fail")])
    );
    assert_eq!(fail_cycle(&v, "by_initial"), 0);
    // EquivSVA's lowering: any value before the tick.
    let v = prove(INITIAL, props, &["--reset", "none", "--past", "equivsva"]);
    assert_eq!(
        statuses(&v),
        pairs(&[("declared", "fail"), ("by_initial", "fail")])
    );
    assert_eq!(fail_cycle(&v, "declared"), 0);
}

/// A counter that saturates at 2.
const SATURATE: &str = "module sat(input clk, input rst, input inc, output reg [1:0] c);
  always @(posedge clk)
    if (rst) c <= 2'd0;
    else if (inc && c != 2'd2) c <= c + 2'd1;
endmodule
";

#[test]
fn a_failure_only_in_cycle_zero_says_so_and_has_a_category() {
    let v = prove(
        SATURATE,
        "property c_le2; @(posedge clk) c <= 2'd2; endproperty
property c_le1; @(posedge clk) c <= 2'd1; endproperty
property guarded; @(posedge clk) disable iff (rst) c <= 2'd2; endproperty
",
        &[],
    );
    assert_eq!(
        statuses(&v),
        pairs(&[("c_le2", "fail"), ("c_le1", "fail"), ("guarded", "pass")])
    );
    let e = entry(&v, "c_le2");
    assert_eq!(e["failure"], "cycle-0-before-reset");
    let reason = e["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("fails only in cycle 0, before the first reset edge")
            && reason.contains("add `disable iff (rst)`")
            && reason.contains("--reset"),
        "{reason}"
    );
    // `c <= 1` also fails later: no category.
    assert!(entry(&v, "c_le1")["failure"].is_null());
}

#[test]
fn the_clock_read_as_data_is_its_sampled_value() {
    let v = prove(
        COUNTER,
        "property clk_low; @(posedge clk) !clk; endproperty
property clk_never_rises; @(posedge clk) !$rose(clk); endproperty
property clk_high; @(posedge clk) clk == 1; endproperty
",
        &[],
    );
    // IEEE 1800 16.5.1: sampled just before its rising edge, the clock is 0.
    assert_eq!(
        statuses(&v),
        pairs(&[
            ("clk_low", "pass"),
            ("clk_never_rises", "pass"),
            ("clk_high", "fail"),
        ])
    );
    assert_eq!(entry(&v, "clk_low")["vacuous"], false);
}

#[test]
fn an_implication_of_false_is_an_invariant() {
    let v = prove(
        SATURATE,
        "property mutex_imp; @(posedge clk) disable iff (rst) (c == 2'd3) |-> 1'b0; endproperty
property mutex_not; @(posedge clk) disable iff (rst) !(c == 2'd3); endproperty
property mutex_next; @(posedge clk) disable iff (rst) (c == 2'd3) |=> 0; endproperty
property vacuous; @(posedge clk) disable iff (rst) (c == 2'd3) |-> inc; endproperty
property broken; @(posedge clk) disable iff (rst) (c == 2'd1) |-> 1'b0; endproperty
",
        &[],
    );
    assert_eq!(
        statuses(&v),
        pairs(&[
            ("mutex_imp", "pass"),
            ("mutex_not", "pass"),
            ("mutex_next", "pass"),
            ("vacuous", "pass"),
            ("broken", "fail"),
        ])
    );
    // `A |-> 0` is judged as `!A`: not vacuous.
    for name in ["mutex_imp", "mutex_not", "mutex_next"] {
        assert_eq!(entry(&v, name)["vacuous"], false, "{name}");
    }
    assert_eq!(entry(&v, "vacuous")["vacuous"], true);
}

const PACKAGE: &str = "package fsm_pkg;
  localparam int W = 4;
  typedef enum logic [1:0] {IDLE, RUN, DONE} state_t;
endpackage
";

/// A state machine typed by a package it imports (yosys 0.23 rejects the import).
const FSM: &str =
    "module fsm import fsm_pkg::*; (input clk, input rst, input go, output reg [W-1:0] n);
  state_t s;
  always @(posedge clk)
    if (rst) begin s <= IDLE; n <= 0; end
    else case (s)
      IDLE: if (go) s <= RUN;
      RUN: begin n <= n + 1; if (n == W'(3)) s <= DONE; end
      DONE: s <= IDLE;
      default: s <= IDLE;
    endcase
endmodule
";

#[test]
fn package_imports_are_resolved() {
    let dir = tempfile::tempdir().unwrap();
    // The importing file first: the package is read first anyway.
    let rtl = write(dir.path(), "fsm.sv", FSM);
    let pkg = write(dir.path(), "pkg.sv", PACKAGE);
    let props = write(
        dir.path(),
        "props.sva",
        "property p_go; @(posedge clk) disable iff (rst) s == IDLE && go |=> s == RUN; endproperty
property p_states; @(posedge clk) disable iff (rst) s != 2'd3; endproperty
property p_stays; @(posedge clk) disable iff (rst) s == DONE |=> s == DONE; endproperty
",
    );
    let out = common::flipscope()
        .arg("prove")
        .args([&rtl, &pkg])
        .arg("--properties")
        .arg(&props)
        .args(["--format", "json", "--no-cache"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        statuses(&v),
        pairs(&[("p_go", "pass"), ("p_states", "pass"), ("p_stays", "fail")])
    );
}
