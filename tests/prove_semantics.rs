//! The lowering's semantics, each case with a known verdict (IEEE 1800 16.12), proven
//! on small designs with the real engine (yosys + ABC PDR): `|->` against `|=>`,
//! `$past` in the first cycle, `disable iff` during reset, `##[1:3]`, vacuity, a
//! property that holds only after reset, and where a counterexample fails.

use flipscope::formal::{
    CacheChoice, Design, FormalStatus, Outcome, ProveOptions, Prover, Reset, SourceFile,
    read_properties,
};

/// `q` is `a` one cycle later, `q2` two cycles later (both cleared by `rst`), `y` is
/// `q` outside reset, and `c` counts 0, 1, 2 and stays at 2.
const DESIGN: &str = "module t(input clk, input rst, input a, input b,
          output reg q, output reg q2, output y, output reg [1:0] c);
  always @(posedge clk) begin
    if (rst) begin q <= 1'b0; q2 <= 1'b0; end
    else begin q <= a; q2 <= q; end
  end
  assign y = rst ? 1'b0 : q;
  always @(posedge clk)
    if (rst) c <= 2'd0;
    else if (c != 2'd2) c <= c + 2'd1;
endmodule
";

fn prove_with(text: &str, reset: Reset) -> Vec<Outcome> {
    let design = Design::new(vec![SourceFile::new("t.sv", DESIGN)], None);
    let props = read_properties(text, "props.sva");
    let prover = Prover::new(ProveOptions {
        reset,
        cache: CacheChoice::Off,
        ..ProveOptions::default()
    })
    .expect("yosys and yosys-abc are installed");
    let report = prover.prove(&design, &props);
    assert_eq!(report.error, None);
    report.outcomes
}

fn prove(text: &str) -> Vec<Outcome> {
    prove_with(text, Reset::Auto)
}

/// The statuses of `outcomes`, by name.
fn statuses(outcomes: &[Outcome]) -> Vec<(String, FormalStatus)> {
    outcomes
        .iter()
        .map(|o| (o.name.clone(), o.status))
        .collect()
}

fn pairs(items: &[(&str, FormalStatus)]) -> Vec<(String, FormalStatus)> {
    items.iter().map(|(n, s)| (n.to_string(), *s)).collect()
}

#[test]
fn overlapping_and_next_cycle_implication() {
    let o = prove(
        "property next; @(posedge clk) disable iff (rst) a |=> q; endproperty
         property same; @(posedge clk) disable iff (rst) a |-> q; endproperty
         property next_as_delay; @(posedge clk) disable iff (rst) a |-> ##1 q; endproperty
         property two; @(posedge clk) disable iff (rst) a |=> ##1 q2; endproperty",
    );
    assert_eq!(
        statuses(&o),
        pairs(&[
            ("next", FormalStatus::Pass),
            ("same", FormalStatus::Fail),
            ("next_as_delay", FormalStatus::Pass),
            ("two", FormalStatus::Pass),
        ])
    );
    // `a |-> q` fails in the cycle where `a` holds and `q` does not.
    let cex = o[1].counterexample.as_ref().unwrap();
    let at = cex.fail_cycle;
    assert_eq!(cex.signal("a").unwrap().values[at], "1");
    assert_eq!(cex.signal("q").unwrap().values[at], "0");
}

#[test]
fn past_before_the_first_cycle_is_unconstrained() {
    let o = prove(
        "property from_start; @(posedge clk) q == $past(a) || $past(rst); endproperty
         property after_one; @(posedge clk) 1'b1 |=> q == $past(a) || $past(rst); endproperty
         property past2; @(posedge clk) disable iff (rst) ##2 1'b1 |-> q2 == $past(a, 2) || $past(rst) || $past(rst, 2); endproperty",
    );
    assert_eq!(
        statuses(&o),
        pairs(&[
            ("from_start", FormalStatus::Fail),
            ("after_one", FormalStatus::Pass),
            ("past2", FormalStatus::Pass),
        ])
    );
    // In cycle 0, $past(a) and $past(rst) are the default sampled values (X: any).
    assert_eq!(o[0].counterexample.as_ref().unwrap().fail_cycle, 0);
}

#[test]
fn disable_iff_cancels_attempts_during_reset() {
    let o = prove(
        "property guarded; @(posedge clk) disable iff (rst) a |=> y; endproperty
         property unguarded; @(posedge clk) a |=> y; endproperty
         property reset_clears; @(posedge clk) rst |=> !q; endproperty",
    );
    assert_eq!(
        statuses(&o),
        pairs(&[
            ("guarded", FormalStatus::Pass),
            ("unguarded", FormalStatus::Fail),
            ("reset_clears", FormalStatus::Pass),
        ])
    );
    // Without `disable iff`, reset in the consequent's cycle breaks `a |=> y`.
    let cex = o[1].counterexample.as_ref().unwrap();
    let rst = &cex.signal("rst").unwrap().values;
    assert!(rst[cex.fail_cycle] == "1" || rst[cex.fail_cycle - 1] == "1");
}

#[test]
fn bounded_delay_ranges() {
    let o = prove(
        "property in_range; @(posedge clk) disable iff (rst) a |-> ##[1:3] q2; endproperty
         property too_late; @(posedge clk) disable iff (rst) a |-> ##[3:4] q2; endproperty
         property exact; @(posedge clk) disable iff (rst) a |-> ##[1:1] q2; endproperty
         property in_antecedent; @(posedge clk) disable iff (rst) a ##[1:3] b |-> ##[0:2] q2 || !q2 || 1'b1; endproperty",
    );
    assert_eq!(
        statuses(&o),
        pairs(&[
            ("in_range", FormalStatus::Pass),
            ("too_late", FormalStatus::Fail),
            ("exact", FormalStatus::Fail),
            ("in_antecedent", FormalStatus::Pass),
        ])
    );
}

#[test]
fn vacuous_passes_are_marked() {
    let o = prove(
        "property never; @(posedge clk) disable iff (rst) rst |=> !q; endproperty
         property contradiction; @(posedge clk) a && !a |-> q; endproperty
         property real; @(posedge clk) disable iff (rst) a |=> q; endproperty
         property invariant; @(posedge clk) disable iff (rst) c != 2'd3; endproperty",
    );
    let v: Vec<(FormalStatus, Option<bool>)> = o.iter().map(|o| (o.status, o.vacuous)).collect();
    assert_eq!(
        v,
        [
            (FormalStatus::Pass, Some(true)),
            (FormalStatus::Pass, Some(true)),
            (FormalStatus::Pass, Some(false)),
            (FormalStatus::Pass, Some(false)),
        ]
    );
}

#[test]
fn a_property_that_holds_only_after_reset() {
    let text = "property bounded; @(posedge clk) disable iff (rst) c != 2'd3; endproperty";
    let with = prove(text);
    assert_eq!(with[0].status, FormalStatus::Pass);
    // Without the reset assumption the counter may start at 3 and stay there.
    let without = prove_with(text, Reset::None);
    assert_eq!(without[0].status, FormalStatus::Fail);
    let cex = without[0].counterexample.as_ref().unwrap();
    assert_eq!(cex.signal("c").unwrap().values[cex.fail_cycle], "11");
    // An explicit reset expression is the same as the automatic one here.
    let explicit = prove_with(text, Reset::Expr("rst".into()));
    assert_eq!(explicit[0].status, FormalStatus::Pass);
}

#[test]
fn a_counterexample_fails_where_the_table_says() {
    // c reaches 2 three cycles after the last reset at the earliest.
    let o = prove("property below_two; @(posedge clk) disable iff (rst) c != 2'd2; endproperty");
    assert_eq!(o[0].status, FormalStatus::Fail);
    let cex = o[0].counterexample.as_ref().unwrap();
    let at = cex.fail_cycle;
    assert!(at >= 3, "fails at {at}");
    let c = &cex.signal("c").unwrap().values;
    let rst = &cex.signal("rst").unwrap().values;
    assert_eq!(rst[0], "1", "reset holds in cycle 0");
    assert_eq!((c[at].as_str(), rst[at].as_str()), ("10", "0"));
    // Nowhere earlier does the property fail.
    assert!((0..at).all(|k| c[k] != "10" || rst[k] == "1"));
    let fails = &cex.signal("[property fails]").unwrap().values;
    assert_eq!(fails[at], "1");
    assert!(fails[..at].iter().all(|v| v == "0"));
    // Every row has one value per cycle, and the sub-expression is there.
    assert!(cex.signals.iter().all(|s| s.values.len() == at + 1));
    assert_eq!(cex.signal("c != 2'd2").unwrap().values[at], "0");
}

#[test]
fn past_rose_stable_and_sequences() {
    let o = prove(
        "property rose; @(posedge clk) disable iff (rst) $rose(q) |-> $past(a); endproperty
         property stable; @(posedge clk) disable iff (rst) c == 2'd2 |=> $stable(c); endproperty
         property changed; @(posedge clk) disable iff (rst) !$past(rst) && $changed(q) |-> $past(a) != $past(q); endproperty
         property rep; @(posedge clk) disable iff (rst) a[*2] |=> q ##1 q2; endproperty
         property onehot; @(posedge clk) $onehot0({q && !q, 1'b0}) && $countones(2'b11) == 2; endproperty
         property inside_set; @(posedge clk) disable iff (rst) c inside {[0:2]}; endproperty",
    );
    assert!(
        o.iter().all(|o| o.status == FormalStatus::Pass),
        "{:?}",
        o.iter()
            .map(|o| (&o.name, o.status, &o.reason))
            .collect::<Vec<_>>()
    );
}
