//! The metrics dashboard: actions in, state out (recompute, supersede, stale results
//! dropped, the empty selection), exports equal to `flipscope export metrics`, and
//! snapshots at 120x40 and 80x24 (fixed seed, 200 replicates).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Modifier;

use crate::stats::export::{Format, render};
use crate::tui::action::Action;
use crate::tui::app::{App, Request, Screen};
use crate::tui::dashboard::{Figure, Selection};
use crate::tui::jobs::JobKind;
use crate::tui::keymap::Mode;
use crate::tui::runner::perform;
use crate::tui::testing::{AppBuilder, press, settle, type_text};
use crate::tui::theme::Role;

use crate::tui::testing::SIZES;

/// The fixture app at `w`x`h` with a fast, fixed bootstrap.
fn fixture_app(w: u16, h: u16) -> App {
    let mut app = AppBuilder::fixture().size(w, h).build();
    app.dashboard.config.replicates = 200;
    app
}

fn render_app(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).unwrap();
    terminal
        .draw(|frame| crate::tui::app::draw::draw(app, frame))
        .unwrap();
    terminal
}

fn screen_text(app: &App) -> String {
    let terminal = render_app(app);
    let buf = terminal.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            let line: String = (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect();
            format!("{}\n", line.trim_end())
        })
        .collect()
}

/// The ids of the metrics requests waiting.
fn metrics_requests(app: &App) -> Vec<u64> {
    app.requests
        .iter()
        .filter(|r| r.kind() == JobKind::Metrics)
        .map(Request::id)
        .collect()
}

/// Runs the waiting requests and returns their results, without applying them.
fn run_requests(app: &mut App) -> Vec<Action> {
    let mut out = Vec::new();
    for request in std::mem::take(&mut app.requests) {
        perform(request, &mut |a| out.push(a), &|| false);
    }
    out
}

fn conditions(app: &App) -> Vec<(String, String)> {
    let view = app.dashboard.shown.as_ref().expect("figures");
    view.report
        .conditions
        .iter()
        .map(|c| (c.model.clone(), c.variant.clone()))
        .collect()
}

#[test]
fn m_opens_the_dashboard_and_the_figures_come_from_a_background_job() {
    let mut app = fixture_app(120, 40);
    press(&mut app, "M");
    assert_eq!(app.screen, Screen::Dashboard);
    assert_eq!(app.mode(), Mode::Dashboard);
    assert_eq!(
        metrics_requests(&app).len(),
        1,
        "asked once, in the background"
    );
    assert!(app.dashboard.shown.is_none() && !app.is_idle());
    assert!(app.dashboard_is_stale());
    assert!(screen_text(&app).contains("computing the metrics…"));
    settle(&mut app);
    assert!(app.is_idle() && !app.dashboard_is_stale());
    assert_eq!(conditions(&app).len(), 6);
    let view = app.dashboard.shown.clone().unwrap();
    assert_eq!(view.programs, 4);
    assert_eq!(view.report.provenance.pairs_matched, 48);
    assert_eq!(view.report.provenance.bootstrap.replicates, 200);
    // Nothing changed: opening again asks for nothing.
    press(&mut app, "Esc M");
    assert!(app.requests.is_empty() && app.is_idle());
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Queue);
}

#[test]
fn a_newer_request_supersedes_an_older_one_and_late_results_are_dropped() {
    let mut app = fixture_app(120, 40);
    press(&mut app, "M");
    let first = metrics_requests(&app);
    let mut results = run_requests(&mut app);
    // The filter typed on the dashboard asks again whenever the text parses.
    press(&mut app, "/");
    type_text(&mut app, "variant=T2");
    assert_eq!(app.mode(), Mode::Filter);
    let later = metrics_requests(&app);
    assert_eq!(
        later.len(),
        2,
        "`variant=T` and `variant=T2` parse: {later:?}"
    );
    assert!(later.iter().all(|id| *id > first[0]));
    results.extend(run_requests(&mut app));
    // The newest result first, then the older ones arrive late: they are dropped.
    results.reverse();
    for r in results {
        app.update(r);
    }
    assert!(app.is_idle());
    assert_eq!(app.dashboard_key().filter, "variant=T2");
    assert!(!app.dashboard_is_stale());
    let variants: Vec<String> = conditions(&app).into_iter().map(|c| c.1).collect();
    assert_eq!(variants, ["T2", "T2"]);
}

#[test]
fn a_job_superseded_before_it_starts_gives_no_result() {
    let mut app = fixture_app(120, 40);
    press(&mut app, "M");
    let request = app.requests.pop().unwrap();
    let mut out = Vec::new();
    perform(request, &mut |a| out.push(a), &|| true);
    assert!(out.is_empty(), "the newer request answers instead");
}

#[test]
fn a_filter_changed_elsewhere_is_computed_when_the_dashboard_opens() {
    let mut app = fixture_app(120, 40);
    press(&mut app, "M");
    settle(&mut app);
    press(&mut app, "Esc /");
    type_text(&mut app, "model=qwen2.5-coder-7b");
    press(&mut app, "Enter v");
    assert!(
        metrics_requests(&app).is_empty(),
        "nothing computed off screen"
    );
    assert!(app.dashboard_is_stale());
    press(&mut app, "M");
    assert_eq!(
        app.dashboard_key().filter,
        "variant=T1 model=qwen2.5-coder-7b",
        "quick keys first, then the text filter"
    );
    assert!(
        screen_text(&app).contains("stale (computed for no filter)"),
        "the old figures, marked"
    );
    settle(&mut app);
    assert_eq!(
        conditions(&app),
        [("qwen2.5-coder-7b".to_string(), "T1".to_string())]
    );
    // The quick keys work on the dashboard too.
    press(&mut app, "x");
    assert_eq!(metrics_requests(&app).len(), 1);
    settle(&mut app);
    assert_eq!(conditions(&app).len(), 6);
}

#[test]
fn the_selection_text_selects_what_the_dashboard_counts() {
    let app = fixture_app(120, 40);
    let mut queue = app.queue.clone();
    queue.model = Some("qwen2.5-coder-7b".into());
    queue.variant = Some("T3".into());
    queue.filter = crate::stats::Filter::parse("flip!=WW").unwrap();
    let selection = Selection::of(&queue);
    let as_text = crate::stats::Filter::parse(&selection.text()).unwrap();
    let mut kept = 0;
    for pair in &app.study.pairs {
        assert_eq!(selection.keeps(pair), as_text.matches(pair), "{pair:?}");
        kept += usize::from(selection.keeps(pair));
    }
    assert!(kept > 0);
}

#[test]
fn an_empty_selection_says_so() {
    let mut app = fixture_app(80, 24);
    press(&mut app, "M /");
    type_text(&mut app, "model=nobody");
    press(&mut app, "Enter");
    settle(&mut app);
    assert!(conditions(&app).is_empty());
    let text = screen_text(&app);
    assert!(
        text.contains("no pairs match the filter `model=nobody`"),
        "{text}"
    );
    press(&mut app, "j k G g Tab");
    screen_text(&app);
}

#[test]
fn tags_changed_on_the_queue_recompute_the_figures() {
    let mut app = fixture_app(120, 40);
    press(&mut app, "M");
    settle(&mut app);
    let epoch = app.dashboard.epoch;
    press(&mut app, "Esc");
    app.update(Action::ToggleTag('3'));
    assert_eq!(app.dashboard.epoch, epoch + 1);
    press(&mut app, "M");
    assert_eq!(metrics_requests(&app).len(), 1);
}

#[test]
fn keys_move_the_selected_condition_and_switch_the_figure() {
    let mut app = fixture_app(80, 24);
    press(&mut app, "M");
    settle(&mut app);
    press(&mut app, "j j");
    assert_eq!(app.dashboard.selected, 2);
    press(&mut app, "G");
    assert_eq!(app.dashboard.selected, 5);
    press(&mut app, "j");
    assert_eq!(app.dashboard.selected, 5);
    press(&mut app, "g");
    assert_eq!(app.dashboard.selected, 0);
    assert_eq!(app.dashboard.figure, Figure::Forest);
    press(&mut app, "Tab");
    assert_eq!(app.dashboard.figure, Figure::Scatter);
    press(&mut app, "E E");
    assert_eq!(app.dashboard.format, Format::Latex);
    assert_eq!(app.message.as_deref(), Some("export format: latex"));
}

/// The fixture study copied into a temp dir, opened from there with its store.
fn study_app(dir: &Path) -> App {
    let view = crate::tui::model::load::load_study(&[dir.to_path_buf()], |_| {}).unwrap();
    let mut app = AppBuilder::from_study(view).size(120, 40).build();
    app.dashboard.config.replicates = 200;
    app.study_dir = Some(dir.to_path_buf());
    app.tagging.auditor = "tester".into();
    app.open_annotations(dir, None);
    app
}

/// What `flipscope export metrics PATH --filter F --replicates 200 --format F` writes.
fn cli_export(dir: &Path, filter: &str, format: Format) -> String {
    let args = crate::cli::metrics::Args {
        paths: vec![dir.to_path_buf()],
        filter: filter.into(),
        replicates: 200,
        seed: 0,
        stratified: false,
        interval: crate::cli::metrics::IntervalArg::Percentile,
        format: crate::cli::metrics::FormatArg::Markdown,
        scoring: crate::cli::scoring::ScoringArgs {
            oracle: None,
            lenient: false,
            no_cache: false,
            formal: Default::default(),
        },
        rules: Default::default(),
        provenance: None,
        table: None,
        per: None,
    };
    render(&crate::cli::metrics::report(&args).unwrap(), format)
}

fn exported(app: &App) -> PathBuf {
    let message = app.message.clone().unwrap_or_default();
    let path = message
        .strip_prefix(&format!("exported {} to ", app.dashboard.format.name()))
        .unwrap_or_else(|| panic!("{message}"));
    PathBuf::from(path)
}

#[test]
fn exports_equal_what_flipscope_export_metrics_writes() {
    let dir = crate::tui::testing::study_copy();
    let mut app = study_app(dir.path());
    press(&mut app, "M");
    settle(&mut app);
    for format in [Format::Markdown, Format::Csv, Format::Latex, Format::Json] {
        assert_eq!(app.dashboard.format, format);
        press(&mut app, "e");
        let path = exported(&app);
        assert_eq!(path.parent(), Some(dir.path()), "into the study dir");
        let written = std::fs::read_to_string(&path).unwrap();
        assert_eq!(written, cli_export(dir.path(), "", format), "{format:?}");
        press(&mut app, "E");
    }
    assert_eq!(app.dashboard.format, Format::Markdown);
    // A filter, a quick key and a tag of this session (written to the study's
    // annotations before it shows): still the same text as the command's.
    press(&mut app, "Esc");
    app.update(Action::ToggleTag('3'));
    press(&mut app, "M m /");
    type_text(&mut app, "flip!=WW tag!=ok");
    press(&mut app, "Enter");
    // Pressed while the figures are computed: the export waits for them.
    press(&mut app, "e");
    assert!(app.dashboard.export_pending);
    settle(&mut app);
    let path = exported(&app);
    assert_eq!(
        path.file_name().unwrap().to_string_lossy(),
        "metrics-model_deepseek-coder-v2-lite_flip__WW_tag__ok.md"
    );
    let filter = "model=deepseek-coder-v2-lite flip!=WW tag!=ok";
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        cli_export(dir.path(), filter, Format::Markdown)
    );
}

fn snapshot(name: &str, setup: impl Fn(&mut App)) {
    for (w, h) in SIZES {
        let mut app = fixture_app(w, h);
        setup(&mut app);
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), render_app(&app).backend());
    }
}

#[test]
fn dashboard_snapshots() {
    snapshot("dashboard", |app| {
        press(app, "M");
        settle(app);
    });
    snapshot("dashboard_scatter", |app| {
        press(app, "M j j j Tab");
        settle(app);
    });
    snapshot("dashboard_empty", |app| {
        press(app, "M /");
        type_text(app, "program=p99");
        press(app, "Enter");
        settle(app);
    });
}

#[test]
fn stale_figures_are_dimmed_and_marked_while_the_new_ones_are_computed() {
    snapshot("dashboard_stale", |app| {
        press(app, "M");
        settle(app);
        press(app, "v");
    });
    let mut app = fixture_app(120, 40);
    press(&mut app, "M");
    settle(&mut app);
    let fresh = render_app(&app);
    press(&mut app, "v");
    let stale = render_app(&app);
    // The first table row (header 3, rule, two heading lines) is dimmed when stale.
    let cell = |t: &Terminal<TestBackend>| t.backend().buffer()[(2, 6)].clone();
    assert!(!cell(&fresh).modifier.contains(Modifier::DIM));
    assert!(cell(&stale).modifier.contains(Modifier::DIM));
    assert!(
        cell(&fresh).modifier.contains(Modifier::REVERSED),
        "selected"
    );
    let text = screen_text(&app);
    assert!(text.contains("⠋ computing…"), "{text}");
    app.update(Action::Tick);
    assert!(screen_text(&app).contains("⠙ computing…"));
    settle(&mut app);
    assert!(screen_text(&app).contains("up to date"));
    // Losses and gains in their roles.
    let buf = render_app(&app);
    let buf = buf.backend().buffer();
    let loss = app.theme.style(Role::Loss).fg.unwrap();
    assert!((0..buf.area.width).any(|x| buf[(x, 6)].fg == loss));
}

#[test]
fn rescoring_marks_the_figures_stale_and_recomputes_when_the_pairs_arrive() {
    let mut app = fixture_app(120, 40);
    press(&mut app, "M");
    settle(&mut app);
    // As the oracle switch does for a raw study: a scoring job is waited for.
    app.awaiting.insert(JobKind::Score, 1000);
    assert!(app.dashboard_is_stale());
    assert!(screen_text(&app).contains("scoring…"));
    press(&mut app, "v");
    assert!(
        metrics_requests(&app).is_empty(),
        "no figures of pairs about to change"
    );
    let mut prepared = crate::tui::model::load::Prepared::new((*app.study).clone());
    prepared.oracle = Some(app.oracle);
    app.update(Action::Scored(1000, Ok(Arc::new(prepared))));
    assert_eq!(metrics_requests(&app).len(), 1, "the new pairs are counted");
    settle(&mut app);
    assert!(!app.dashboard_is_stale());
    assert_eq!(conditions(&app).len(), 2, "variant=T1");
}

#[test]
fn the_dashboard_draws_at_any_size_down_to_one_cell() {
    let mut app = fixture_app(120, 40);
    press(&mut app, "M");
    settle(&mut app);
    assert!(app.dashboard.shown.is_some());
    for (w, h) in [
        (120, 1),
        (1, 40),
        (1, 1),
        (120, 2),
        (2, 3),
        (10, 5),
        (40, 8),
        (0, 0),
    ] {
        app.size = (w, h);
        let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| render_app(&app)));
        assert!(drawn.is_ok(), "the dashboard panicked at {w}x{h}");
    }
}
