//! Test support shared by every screen's tests: `AppBuilder` sets up a state in one
//! line, `settle` runs the requested background jobs inline, `press` and `type_text`
//! drive the keymap, `render` draws into a `TestBackend`, and the `snapshot_screens!`
//! and `snapshot_tagging!` macros snapshot a setup at 120x40 and 80x24 (macros, so that
//! insta names the snapshot after the calling test module).

use std::path::{Path, PathBuf};

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::action::Action;
use super::app::App;
use super::keymap::{Key, Keymap};
use super::model::load::Prepared;
use super::model::{FlipClass, PairView, SideView, StudyView};
use super::runner::perform;
use super::theme::{Theme, ThemeKind};

/// The sizes every screen is snapshotted at.
pub const SIZES: [(u16, u16); 3] = [(120, 40), (80, 24), (200, 60)];

/// Draws the whole app into a `TestBackend` of the app's size.
pub fn render(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).unwrap();
    terminal
        .draw(|frame| super::app::draw::draw(app, frame))
        .unwrap();
    terminal
}

/// The whole screen as text, one line per row.
pub fn screen_text(app: &App) -> String {
    let terminal = render(app);
    let buf = terminal.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            let line: String = (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect();
            line + "\n"
        })
        .collect()
}

/// Builds the fixture app at each size, applies `setup`, snapshots the screen as
/// `NAME_WxH`.
macro_rules! snapshot_screens {
    ($name:expr, $setup:expr) => {
        for (w, h) in $crate::tui::testing::SIZES {
            let mut app = $crate::tui::testing::AppBuilder::fixture()
                .size(w, h)
                .build();
            let setup: &dyn Fn(&mut $crate::tui::app::App) = &$setup;
            setup(&mut app);
            let terminal = $crate::tui::testing::render(&app);
            insta::assert_snapshot!(format!("{}_{w}x{h}", $name), terminal.backend());
        }
    };
}
pub(crate) use snapshot_screens;

/// Like `snapshot_screens!`, with the annotation store open on a copy of the fixture
/// (the message naming the temp path cleared).
macro_rules! snapshot_tagging {
    ($name:expr, $setup:expr) => {
        for (w, h) in $crate::tui::testing::SIZES {
            let dir = $crate::tui::testing::study_copy();
            let mut app = $crate::tui::testing::tagging_app(dir.path());
            app.update($crate::tui::action::Action::Resize(w, h));
            app.message = None;
            let setup: &dyn Fn(&mut $crate::tui::app::App) = &$setup;
            setup(&mut app);
            let terminal = $crate::tui::testing::render(&app);
            insta::assert_snapshot!(format!("{}_{w}x{h}", $name), terminal.backend());
        }
    };
}
pub(crate) use snapshot_tagging;

/// Sets up an `App` in one line: `AppBuilder::fixture().size(120, 40).build()`.
pub struct AppBuilder {
    study: StudyView,
    size: (u16, u16),
}

impl AppBuilder {
    /// The fixture study of `tests/fixtures/tui-study`.
    pub fn fixture() -> AppBuilder {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-study");
        let study = crate::tui::model::load::load_study(&[dir], |_| {}).expect("fixture loads");
        AppBuilder {
            study,
            size: (120, 40),
        }
    }

    /// A synthetic study of `n` pairs (every fourth one a loss).
    pub fn synthetic(n: usize) -> AppBuilder {
        let pairs = (0..n)
            .map(|i| {
                let flip = FlipClass::ALL[i % 4];
                PairView {
                    program: format!("p{:05}", i / 8),
                    stratum: "nested-if/async".into(),
                    behavior: format!("x{}=y", i % 8),
                    model: ["m-a", "m-b"][i % 2].into(),
                    variant: ["T1", "T2", "T3"][i % 3].into(),
                    flip,
                    base: SideView {
                        correct: matches!(flip, FlipClass::CC | FlipClass::CW),
                        ..Default::default()
                    },
                    trans: SideView {
                        correct: matches!(flip, FlipClass::CC | FlipClass::WC),
                        ..Default::default()
                    },
                    tags: vec![],
                    pair_hash: None,
                    class: None,
                    sensitive: None,
                    raw_key: None,
                    sample: 0,
                }
            })
            .collect();
        AppBuilder {
            study: StudyView {
                pairs,
                ..StudyView::default()
            },
            size: (120, 40),
        }
    }

    pub fn size(mut self, w: u16, h: u16) -> AppBuilder {
        self.size = (w, h);
        self
    }

    /// A given study.
    pub fn from_study(study: StudyView) -> AppBuilder {
        AppBuilder {
            study,
            size: (120, 40),
        }
    }

    pub fn build(self) -> App {
        let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
        app.update(Action::Resize(self.size.0, self.size.1));
        let p = Prepared::new(self.study);
        app.set_study(p.study, p.queue, p.index);
        app
    }
}

/// Runs every pending request inline and applies the results, until none is left.
pub fn settle(app: &mut App) {
    while !app.requests.is_empty() {
        for request in std::mem::take(&mut app.requests) {
            let mut results = Vec::new();
            perform(request, &mut |a| results.push(a), &|| false);
            for a in results {
                app.update(a);
            }
        }
    }
}

/// Presses keys (keymap syntax, space separated) through the keymap.
pub fn press(app: &mut App, keys: &str) {
    for k in keys.split(' ') {
        let key = Key::parse(k).unwrap_or_else(|| panic!("bad key {k}"));
        if let Some(action) = app.action_of(key) {
            app.update(action);
        }
    }
}

/// Types text into the open field.
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Input(c));
    }
}

/// A copy of the fixture study in a temp dir (the store writes there).
pub fn study_copy() -> tempfile::TempDir {
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-study");
    let dir = tempfile::tempdir().unwrap();
    for name in ["pairs.jsonl", "programs.jsonl", "annotations.jsonl"] {
        std::fs::copy(from.join(name), dir.path().join(name)).unwrap();
    }
    dir
}

/// The fixture app with its store open in `dir`.
pub fn tagging_app(dir: &Path) -> App {
    let mut app = AppBuilder::fixture().build();
    app.tagging.auditor = "tester".into();
    app.open_annotations(dir, None);
    app
}

/// The EquivSVA fixture study (`tests/fixtures/equivsva-study`: one family, four
/// implementations, verdicts from `flipscope score`), loaded as the load job would, at
/// `size`; with `store`, its annotation store opened in a copy of the study there.
pub fn family_app(size: (u16, u16), store: Option<&Path>) -> App {
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/equivsva-study");
    let dir = match store {
        Some(d) => {
            for name in ["programs.jsonl", "generations.jsonl", "verdicts.jsonl"] {
                std::fs::copy(from.join(name), d.join(name)).unwrap();
            }
            d.to_path_buf()
        }
        None => from,
    };
    let study = super::model::load::load_raw(std::slice::from_ref(&dir), |_| {})
        .expect("the fixture loads");
    let prepared = Prepared::of_loaded_at(study, std::slice::from_ref(&dir));
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    app.update(Action::Resize(size.0, size.1));
    let id = app.ask(super::jobs::JobKind::Load);
    app.update(Action::Loaded(id, Ok(std::sync::Arc::new(prepared))));
    if store.is_some() {
        app.tagging.auditor = "tester".into();
        app.open_annotations(&dir, None);
    }
    settle(&mut app);
    app.message = None;
    app
}
