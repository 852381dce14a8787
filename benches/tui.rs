//! The TUI with 100,000 pairs loaded: one key press that moves the selection, then a
//! full redraw into a 120x40 `TestBackend` (target: at most 16 ms per frame).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use flipscope::tui::action::Action;
use flipscope::tui::app::App;
use flipscope::tui::keymap::Keymap;
use flipscope::tui::model::load::Prepared;
use flipscope::tui::model::{FlipClass, PairView, SideView, StudyView};
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

criterion_group!(benches, bench);
criterion_main!(benches);
