//! The TUI with 100,000 pairs loaded: one key press that moves the selection, then a
//! full redraw into a 120x40 `TestBackend` (target: at most 16 ms per frame). And the
//! audit screen on one pair whose condition holds 10,000 atoms (issue 29, item 10):
//! opening it, a key that scrolls a pane plus the redraw, and the background jobs
//! (truth table, highlighting) it asks for, each timed on its own.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use flipscope::tui::action::Action;
use flipscope::tui::app::{App, Request};
use flipscope::tui::audit::truth::TruthView;
use flipscope::tui::keymap::Keymap;
use flipscope::tui::model::load::Prepared;
use flipscope::tui::model::{FlipClass, PairView, ProgramView, SideView, StudyView, VariantView};
use flipscope::tui::runner::perform;
use flipscope::tui::theme::{Theme, ThemeKind};

use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn study(n: usize) -> StudyView {
    let models = ["qwen2.5-coder-7b", "deepseek-coder-v2-lite", "codellama-7b"];
    let pairs = (0..n)
        .map(|i| {
            let flip = FlipClass::ALL[(i * 7 + i / 3) % 4];
            let side = |correct: bool| SideView {
                correct,
                category: if correct {
                    "correct"
                } else {
                    "dropped-predicate"
                }
                .into(),
                property: format!("property p{i}; (a{i} && b) |=> x == y; endproperty"),
                reason: String::new(),
                category_given: true,
            };
            PairView {
                program: format!("ifdataset-not-else/{:04}", i / 25),
                stratum: ["nested-if/async", "nested-if/sync", "if-else-tree/async"][i % 3].into(),
                behavior: format!("out{}=data{}", i % 9, i % 5),
                model: models[i % 3].into(),
                variant: ["T1", "T2", "T3"][(i / 3) % 3].into(),
                flip,
                base: side(flip.base_correct()),
                trans: side(flip.trans_correct()),
                tags: if i % 11 == 0 {
                    vec!["branch-polarity".into()]
                } else {
                    vec![]
                },
                pair_hash: None,
                class: None,
                sensitive: None,
                raw_key: None,
                sample: 0,
            }
        })
        .collect();
    StudyView {
        pairs,
        ..StudyView::default()
    }
}

/// The number of atoms of the big pair's condition.
pub const BIG_ATOMS: usize = 10_000;

/// One program whose only behavior sits under a 10,000-atom condition on one line, its
/// T1 rewrite (the operands reversed), and one CW pair whose transformed property drops
/// the last atom.
fn big_study() -> StudyView {
    let atoms: Vec<String> = (0..BIG_ATOMS).map(|i| format!("a{i}")).collect();
    let mut reversed = atoms.clone();
    reversed.reverse();
    let condition = atoms.join(" && ");
    let rtl = |c: &str| format!("if ({c}) begin\n  x = y;\nend\n");
    let property = |c: &str| format!("property p_x; ({c}) |=> x == y; endproperty");
    let dropped = reversed[1..].join(" && ");
    let program = ProgramView {
        id: "big".into(),
        stratum: "nested-if/async".into(),
        synchronous: false,
        clock: None,
        rtl: rtl(&condition),
        reference: property(&condition),
        variants: BTreeMap::from([(
            "T1".to_string(),
            VariantView {
                rtl: rtl(&reversed.join(" && ")),
                rename: BTreeMap::new(),
            },
        )]),
    };
    let side = |correct: bool, c: &str| SideView {
        correct,
        category: if correct {
            "correct"
        } else {
            "dropped-predicate"
        }
        .into(),
        property: property(c),
        reason: String::new(),
        category_given: true,
    };
    StudyView {
        pairs: vec![PairView {
            program: "big".into(),
            stratum: "nested-if/async".into(),
            behavior: "x=y".into(),
            model: "m".into(),
            variant: "T1".into(),
            flip: FlipClass::CW,
            base: side(true, &condition),
            trans: side(false, &dropped),
            tags: vec![],
            pair_hash: None,
            class: None,
            sensitive: None,
            raw_key: None,
            sample: 0,
        }],
        programs: BTreeMap::from([("big".to_string(), program)]),
        ..StudyView::default()
    }
}

/// Times one run of `f` and prints it (before the fix a frame took seconds, too long
/// for criterion's samples): `one run: NAME: T`.
fn once<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    println!("one run: {name}: {:.1?}", start.elapsed());
    out
}

fn draw(app: &App, terminal: &mut Terminal<TestBackend>) {
    terminal
        .draw(|frame| flipscope::tui::draw(app, frame))
        .unwrap();
}

/// Reopens the audited pair and answers its truth-table request with `table` (the
/// highlighting is in the app's cache already).
fn reopen(app: &mut App, table: &Arc<TruthView>) {
    app.update(Action::Back);
    app.update(Action::Open);
    for request in std::mem::take(&mut app.requests) {
        match request {
            Request::Truth { id, .. } => app.update(Action::TruthTable(id, Arc::clone(table))),
            other => perform(other, &mut |a| app.update(a), &|| false),
        }
    }
}

fn big_pair(c: &mut Criterion) {
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    app.update(Action::Resize(120, 40));
    let prepared = Prepared::new(big_study());
    app.set_study(prepared.study, prepared.queue, prepared.index);
    app.update(Action::ClearFilters);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    // One run of each step, as a user meets them.
    once("UI: open the pair (Enter)", || app.update(Action::Open));
    once("UI: first frame, jobs not done", || {
        draw(&app, &mut terminal)
    });
    let requests = std::mem::take(&mut app.requests);
    let mut table = None;
    for request in requests.iter().cloned() {
        let name = format!("worker: {}", request.kind().name());
        let mut results = Vec::new();
        once(&name, || {
            perform(request, &mut |a| results.push(a), &|| false)
        });
        for a in results {
            if let Action::TruthTable(_, t) = &a {
                table = Some(Arc::clone(t));
            }
            app.update(a);
        }
    }
    let table = table.expect("the pair asks for its truth table");
    once("UI: first frame, jobs done", || draw(&app, &mut terminal));
    once("UI: next frame", || draw(&app, &mut terminal));
    for (pane, tabs) in [("RTL", 0), ("properties", 2), ("truth table", 3)] {
        reopen(&mut app, &table);
        for _ in 0..tabs {
            app.update(Action::NextPane);
        }
        draw(&app, &mut terminal);
        once(&format!("UI: j in the {pane} pane"), || {
            app.update(Action::Down)
        });
        once(&format!("UI: frame after j in the {pane} pane"), || {
            draw(&app, &mut terminal)
        });
    }
    let mut group = c.benchmark_group("audit, 10,000-atom pair");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    group.bench_function("UI: open the pair (Enter) + first frame", |b| {
        b.iter(|| {
            reopen(&mut app, &table);
            draw(&app, &mut terminal);
        })
    });
    for request in requests {
        let name = format!("worker: {}", request.kind().name());
        group.bench_function(&name, |b| {
            b.iter(|| perform(request.clone(), &mut |a| drop(black_box(a)), &|| false))
        });
    }
    for (pane, tabs) in [("RTL", 0), ("properties", 2), ("truth table", 3)] {
        reopen(&mut app, &table);
        for _ in 0..tabs {
            app.update(Action::NextPane);
        }
        group.bench_function(format!("UI: j in the {pane} pane + frame, 120x40"), |b| {
            b.iter(|| {
                app.update(black_box(Action::Down));
                draw(&app, &mut terminal);
            })
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    app.update(Action::Resize(120, 40));
    let prepared = Prepared::new(study(100_000));
    app.set_study(prepared.study, prepared.queue, prepared.index);
    app.update(Action::ClearFilters);
    assert_eq!(app.queue.visible.len(), 100_000);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    c.bench_function("queue: move selection + redraw, 100k pairs", |b| {
        b.iter(|| {
            if app.queue.selected + 1 >= app.queue.visible.len() {
                app.update(Action::First);
            }
            app.update(black_box(Action::Down));
            terminal
                .draw(|frame| flipscope::tui::draw(&app, frame))
                .unwrap();
        })
    });
    c.bench_function("queue: cycle flip class (refilter 100k) + redraw", |b| {
        b.iter(|| {
            app.update(black_box(Action::CycleFlip));
            terminal
                .draw(|frame| flipscope::tui::draw(&app, frame))
                .unwrap();
        })
    });
}

criterion_group!(benches, bench, big_pair);
criterion_main!(benches);
