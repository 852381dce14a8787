//! The assertions screens: the queue filters by the assertion keys, Enter audits one,
//! Tab and `]` move, Esc goes back; snapshots of both screens, and the styles of the
//! verdicts.

use std::sync::Arc;

use serde_json::{Map, json};

use super::model::AssertionStudy;
use super::state::{AssertionPane, AssertionsState};
use crate::reproof::record::ExternalSide;
use crate::reproof::{ReproofRecord, SignalRole, Trace, TraceSignal, join, units_of};
use crate::study::FormalStatus;
use crate::study::{ExternalRun, ExternalVerdict, Generation, Program, RunOutcome, Study};
use crate::tui::app::{App, Screen};
use crate::tui::testing::{AppBuilder, press, render, type_text};
use crate::tui::theme::Role;

const RTL: &str = "module fht_bfly(input clk, input rstn, input valid, input [7:0] a, output reg [7:0] a_FF);\n  always @(posedge clk)\n    if (!rstn) a_FF <= 0;\n    else if (valid) a_FF <= a;\nendmodule\n";

pub(super) fn study() -> Study {
    let program: Program = serde_json::from_value(json!({
        "id": "fht_bfly", "stratum": "arithmetic_core_2d_fht", "synchronous": true,
        "clock": "posedge clk", "rtl": RTL, "reference": "", "kind": "module",
        "top": "fht_bfly", "rtl_name": "fht_bfly.v", "reset": "rstn",
        "meta": {"folder": "Jasper_llama_results/arithmetic_core_2d_fht/fht_bfly"}
    }))
    .unwrap();
    let statements = [
        (
            "proven",
            "assert property(@(posedge clk) (valid && rstn) |=> (a_FF == $past(a)));",
        ),
        (
            "cex",
            "assert property(@(posedge clk) (valid) |-> (a_FF == a));",
        ),
        ("proven", "assert property(@(posedge clk) (a_FF == 8'd0));"),
    ];
    let verdicts = statements
        .iter()
        .enumerate()
        .map(|(i, (status, text))| ExternalVerdict {
            assertion: i + 1,
            name: format!("fht_bfly.v_fht_bfly._assert_{}", i + 1),
            status: status.to_string(),
            precondition: Some("covered".into()),
            text: Some(text.to_string()),
            line: Some(18 + i),
            extra: Map::new(),
        })
        .collect();
    let generation = Generation {
        program: "fht_bfly".into(),
        variant: "original".into(),
        model: "codellama2-70b".into(),
        output: String::new(),
        shots: Some(1),
        sample: None,
        external: Some(ExternalRun {
            engine: "jaspergold".into(),
            version: None,
            outcome: RunOutcome::Ok,
            log: Some("x/jg.log".into()),
            analysed: Some("property_llama2_1shot.sva".into()),
            message: None,
            verdicts,
            extra: Map::new(),
        }),
        meta: Some(json!({"file": "property_llama2_1shot.sva"})),
        extra: Map::new(),
    };
    Study::new(vec![program], vec![generation], vec![], vec![])
}

fn record(
    id: &str,
    n: usize,
    external: &str,
    status: FormalStatus,
    property: &str,
) -> ReproofRecord {
    let sig = |name: &str, role, width, values: &[&str]| TraceSignal {
        name: name.into(),
        role,
        width,
        values: values.iter().map(|v| v.to_string()).collect(),
    };
    ReproofRecord {
        id: id.into(),
        program: "fht_bfly".into(),
        model: "codellama2-70b".into(),
        shots: Some(1),
        assertion: n,
        file: "property_llama2_1shot.sva".into(),
        line: Some(17 + n),
        property: property.into(),
        status,
        vacuous: None,
        reason: if status == FormalStatus::Fail {
            "fails at cycle 1".into()
        } else {
            String::new()
        },
        counterexample: (status == FormalStatus::Fail).then(|| Trace {
            fail_cycle: 1,
            signals: vec![
                sig("rstn", SignalRole::Input, 1, &["0", "1"]),
                sig("valid", SignalRole::Input, 1, &["1", "1"]),
                sig("a", SignalRole::Input, 8, &["00000000", "01000000"]),
                sig("a_FF", SignalRole::Output, 8, &["00000000", "00000000"]),
                sig("a_FF == a", SignalRole::Expression, 1, &["1", "0"]),
                sig("[property fails]", SignalRole::Monitor, 1, &["0", "1"]),
            ],
        }),
        external: ExternalSide {
            engine: "jaspergold".into(),
            status: Some(external.into()),
            precondition: Some("covered".into()),
            outcome: Some(RunOutcome::Ok),
            note: None,
            bind_not_taken: false,
        },
        engine: "test".into(),
        cause: None,
    }
}

/// The app on the assertions queue of the test study, re-proven: #1 agrees (proven),
/// #2 agrees (cex, with a counterexample), #3 disagrees (JasperGold proven, flipscope
/// cex).
pub(crate) fn app(w: u16, h: u16) -> App {
    let s = study();
    let units = units_of(&s);
    let records = vec![
        record(
            &units[0].id,
            1,
            "proven",
            FormalStatus::Pass,
            &units[0].text,
        ),
        record(&units[1].id, 2, "cex", FormalStatus::Fail, &units[1].text),
        record(
            &units[2].id,
            3,
            "proven",
            FormalStatus::Fail,
            "assert property(@(posedge clk) disable iff (rstn) (a_FF == 8'd0));",
        ),
    ];
    let mut built = AssertionStudy::build(&s, None);
    built.views = join(units, records);
    built.note = None;
    let mut app = AppBuilder::synthetic(0).size(w, h).build();
    app.assertions = Some(AssertionsState::new(Arc::new(built)));
    app.screen = Screen::Assertions;
    app
}

pub(super) fn text(app: &App) -> String {
    format!("{}", render(app).backend())
}

#[test]
fn an_assertion_study_opens_on_the_assertions_queue() {
    let dir = tempfile::tempdir().unwrap();
    let prepared =
        crate::tui::model::load::Prepared::of_loaded_at(study(), &[dir.path().to_path_buf()]);
    let a = prepared.assertions.expect("an assertion study");
    assert_eq!(a.views.len(), 3);
    assert!(a.note.as_deref().unwrap().contains("flipscope reprove"));
    assert!(prepared.raw.is_none(), "not scored by path conditions");
    assert_eq!(a.designs["fht_bfly"].files[0].0, "fht_bfly.v");
}

#[test]
fn the_queue_filters_by_verdicts_and_counts_agreement() {
    let mut app = app(120, 40);
    let s = app.assertions.as_ref().unwrap();
    assert_eq!(s.visible.len(), 3);
    assert_eq!(s.agreement, [2, 1, 0]);
    press(&mut app, "/");
    type_text(&mut app, "jasper=proven flipscope=cex");
    press(&mut app, "Enter");
    let s = app.assertions.as_ref().unwrap();
    assert_eq!(s.visible, [2]);
    assert_eq!(s.filter.source(), "jasper=proven flipscope=cex");
    press(&mut app, "/");
    assert_eq!(
        app.filter_input, "jasper=proven flipscope=cex",
        "the filter bar opens on the filter in force"
    );
    type_text(&mut app, " modle=x");
    assert!(
        app.filter_error
            .as_ref()
            .unwrap()
            .to_string()
            .contains("unknown key \"modle\"")
    );
    press(&mut app, "Esc");
    press(&mut app, "x");
    assert_eq!(app.assertions.as_ref().unwrap().visible.len(), 3);
    for (filter, n) in [
        ("design=fht*", 3),
        ("shots=5", 0),
        ("agree=no", 1),
        ("model=codellama2-70b assertion=2", 1),
    ] {
        press(&mut app, "/");
        app.filter_input.clear();
        type_text(&mut app, filter);
        press(&mut app, "Enter");
        assert_eq!(
            app.assertions.as_ref().unwrap().visible.len(),
            n,
            "{filter}"
        );
    }
}

#[test]
fn enter_audits_tab_and_brackets_move_esc_goes_back() {
    let mut app = app(120, 40);
    press(&mut app, "j Enter");
    assert_eq!(app.screen, Screen::AssertionAudit);
    let audit = app.assertions.as_ref().unwrap().audit.clone().unwrap();
    assert_eq!((audit.index, audit.pane), (1, AssertionPane::Rtl));
    press(&mut app, "Tab Tab");
    assert_eq!(
        app.assertions
            .as_ref()
            .unwrap()
            .audit
            .as_ref()
            .unwrap()
            .pane,
        AssertionPane::Waveform
    );
    press(&mut app, "j");
    assert_eq!(
        app.assertions
            .as_ref()
            .unwrap()
            .audit
            .as_ref()
            .unwrap()
            .wave
            .row,
        1
    );
    press(&mut app, "]");
    assert_eq!(
        app.assertions
            .as_ref()
            .unwrap()
            .audit
            .as_ref()
            .unwrap()
            .index,
        2
    );
    press(&mut app, "[ [");
    assert_eq!(
        app.assertions
            .as_ref()
            .unwrap()
            .audit
            .as_ref()
            .unwrap()
            .index,
        0
    );
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Assertions);
    assert!(app.assertions.as_ref().unwrap().audit.is_none());
}

#[test]
fn the_audit_shows_the_rtl_both_verdicts_and_the_waveform() {
    let mut app = app(120, 40);
    press(&mut app, "j Enter");
    let t = text(&app);
    assert!(t.contains("RTL clock posedge clk, reset rstn"), "{t}");
    assert!(t.contains("always @(posedge clk)"), "{t}");
    assert!(
        t.contains("JasperGold cex") && t.contains("flipscope  cex"),
        "{t}"
    );
    assert!(
        t.contains("Counterexample (flipscope)") && t.contains("1*"),
        "{t}"
    );
    assert!(t.contains("[property fails]"), "{t}");
    // The third: a disagreement, proven by flipscope with the reset phase added.
    press(&mut app, "]");
    let t = text(&app);
    assert!(t.contains("agree no") && t.contains("proven as"), "{t}");
}

#[test]
fn verdict_styles() {
    let app = app(120, 40);
    let terminal = render(&app);
    let buf = terminal.backend().buffer();
    let find = |word: &str| -> (u16, u16) {
        for y in 0..buf.area.height {
            let line: String = (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect();
            if let Some(at) = line.find(word)
                && y > 6
            {
                let x = line[..at].chars().count() as u16;
                return (x, y);
            }
        }
        panic!("{word} not drawn");
    };
    let (x, y) = find(" no ");
    assert_eq!(buf[(x + 1, y)].style().fg, app.theme.style(Role::Loss).fg);
}

#[test]
fn snapshots() {
    for (w, h) in crate::tui::testing::SIZES {
        let mut app = app(w, h);
        insta::assert_snapshot!(format!("assertions_queue_{w}x{h}"), render(&app).backend());
        press(&mut app, "j Enter");
        insta::assert_snapshot!(format!("assertions_audit_{w}x{h}"), render(&app).backend());
    }
}

/// #30 item 4: the generation's raw answer, escaped for the terminal, on the assertion
/// audit (`A`), and in the copy menu (`y w`).
#[test]
fn a_shows_the_assertions_raw_answer_escaped() {
    let mut s = study();
    s.generations[0].output =
        "module fht_bfly_props;\n\u{1b}[31mred\nassert property (a_FF == a);\nendmodule".into();
    let built = AssertionStudy::build(&s, None);
    let key = (
        "fht_bfly".to_string(),
        "codellama2-70b".to_string(),
        Some(1),
    );
    assert!(
        built.answers[&key].contains("\\x1b[31mred"),
        "{:?}",
        built.answers
    );
    let mut app = app(120, 40);
    let state = app.assertions.as_mut().unwrap();
    let mut with = (*state.study).clone();
    with.answers = built.answers.clone();
    state.study = Arc::new(with);
    press(&mut app, "Enter A");
    let shown = text(&app);
    assert!(shown.contains("The model's raw answer"), "{shown}");
    assert!(shown.contains("module fht_bfly_props;"), "{shown}");
    assert!(shown.contains("endmodule"), "{shown}");
    press(&mut app, "Esc y w");
    assert!(
        app.clipboard
            .as_deref()
            .unwrap_or("")
            .contains("fht_bfly_props"),
        "{:?}",
        app.message
    );
}

#[test]
fn the_waveform_scrolls_to_its_last_signals_and_through_its_cycles() {
    // At 80x20 the waveform pane holds fewer rows than the trace has signals.
    let mut app = app(80, 20);
    press(&mut app, "j Enter");
    let t = text(&app);
    assert!(!t.contains("[property fails]"), "hidden at first: {t}");
    assert!(t.contains("signals 1-"), "{t}");
    press(&mut app, "Tab Tab G");
    let t = text(&app);
    assert!(t.contains("[property fails]"), "{t}");
    assert!(t.contains("of 6 · cycles 0-1 of 2"), "{t}");
    // j stops at the last signal, k comes back.
    let row = |app: &App| {
        app.assertions
            .as_ref()
            .unwrap()
            .audit
            .as_ref()
            .unwrap()
            .wave
    };
    assert_eq!(row(&app).row, 5);
    press(&mut app, "j k");
    assert_eq!(row(&app).row, 4);
    // H/L move through the cycles from any pane, no further than the last.
    press(&mut app, "Tab L L L");
    assert_eq!(row(&app).cycle, 1);
    press(&mut app, "H");
    assert_eq!(row(&app).cycle, 0);
    // Without a counterexample, H/L say so.
    press(&mut app, "[ L");
    assert!(
        text(&app).contains("no counterexample to scroll"),
        "{}",
        text(&app)
    );
}

#[test]
fn the_statement_keeps_its_room_and_long_names_stay_apart() {
    let mut app = app(80, 24);
    let s = app.assertions.as_mut().unwrap();
    let mut study = (*s.study).clone();
    let long = [
        "arithmetic_core_2d_fht_butterfly_a",
        "arithmetic_core_2d_fht_butterfly_b",
    ];
    for (i, v) in study.views.iter_mut().enumerate() {
        v.unit.program = long[i % 2].to_string();
        v.unit.model = "meta-llama/CodeLlama-70b-Instruct-hf".into();
    }
    *s = AssertionsState::new(Arc::new(study));
    let t = text(&app);
    let row = t
        .lines()
        .find(|l| l.contains("assert property"))
        .expect("a row");
    let statement = &row[row.find("assert").unwrap()..];
    assert!(
        statement.trim_end_matches(['│', ' ']).chars().count() >= 16,
        "{t}"
    );
    // The designs are cut apart, the model keeps its name over its organisation.
    let shown: Vec<&str> = t
        .lines()
        .filter(|l| l.contains("assert property"))
        .map(|l| l.trim_start_matches('│').split(' ').next().unwrap())
        .collect();
    assert!(shown.iter().all(|d| d.contains('…')), "{t}");
    assert_ne!(shown[0], shown[1], "{t}");
    assert!(t.contains("…/"), "{t}");
}
