//! Every screen and popup at every size, tiny ones included: nothing panics (issue 15:
//! the dashboard once indexed outside the buffer on a one-row terminal), and below
//! `MIN_SIZE` the frame is the "terminal too small" notice. The family screen (on its
//! own fixture study) too.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;

use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::app::draw::{MIN_SIZE, too_small};
use crate::tui::testing::{AppBuilder, press, render, settle, type_text};

const WIDTHS: [u16; 12] = [1, 2, 10, 30, 59, 60, 61, 80, 109, 110, 120, 200];
const HEIGHTS: [u16; 13] = [1, 2, 3, 5, 10, 15, 16, 17, 20, 24, 29, 30, 60];

/// How to get to a state from the fixture app.
type Setup = Box<dyn Fn(&mut App)>;

/// The states drawn: a name and how to get there from the fixture app.
fn states() -> Vec<(&'static str, Setup)> {
    vec![
        ("queue", Box::new(|_| {})),
        ("filter bar", Box::new(|a| press(a, "/"))),
        (
            "filter error",
            Box::new(|a| {
                press(a, "/");
                type_text(a, "colour=red");
            }),
        ),
        (
            "search",
            Box::new(|a| {
                press(a, "s");
                type_text(a, "p0");
            }),
        ),
        ("empty queue", Box::new(|a| press(a, "v v v v"))),
        (
            "audit",
            Box::new(|a| {
                press(a, "Enter");
                settle(a);
            }),
        ),
        (
            "audit properties",
            Box::new(|a| {
                press(a, "Enter Tab Tab");
                settle(a);
            }),
        ),
        (
            "audit truth",
            Box::new(|a| {
                press(a, "Enter Tab Tab Tab");
                settle(a);
            }),
        ),
        (
            "finder",
            Box::new(|a| {
                press(a, "f");
                settle(a);
            }),
        ),
        ("help", Box::new(|a| press(a, "?"))),
        (
            "help search",
            Box::new(|a| {
                press(a, "? /");
                type_text(a, "tag");
            }),
        ),
        (
            "dashboard",
            Box::new(|a| {
                a.dashboard.config.replicates = 50;
                press(a, "M");
                settle(a);
            }),
        ),
        ("dashboard computing", Box::new(|a| press(a, "M"))),
        ("note", Box::new(|a| press(a, "n"))),
        ("copy", Box::new(|a| press(a, "y"))),
        (
            "message",
            Box::new(|a| {
                a.message = Some("a long message ".repeat(20));
                press(a, "!");
            }),
        ),
    ]
}

#[test]
fn every_screen_draws_at_every_size_without_panicking() {
    for (name, setup) in states() {
        let mut app = AppBuilder::fixture().build();
        setup(&mut app);
        for w in WIDTHS {
            for h in HEIGHTS {
                app.update(Action::Resize(w, h));
                let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
                let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    terminal
                        .draw(|frame| crate::tui::app::draw::draw(&app, frame))
                        .unwrap();
                }));
                assert!(drawn.is_ok(), "{name} at {w}x{h} panicked");
            }
        }
    }
}

#[test]
fn the_family_screen_draws_at_every_size_without_panicking() {
    // Each pane focused (one at a time on a small terminal), on the EquivSVA fixture.
    for tabs in ["", "Tab", "Tab Tab", "Tab Tab Tab", "v v"] {
        let mut app = crate::tui::testing::family_app((120, 40), None);
        press(&mut app, "Enter");
        if !tabs.is_empty() {
            press(&mut app, tabs);
        }
        for w in WIDTHS {
            for h in HEIGHTS {
                app.update(Action::Resize(w, h));
                let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
                let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    terminal
                        .draw(|frame| crate::tui::app::draw::draw(&app, frame))
                        .unwrap();
                    // The view itself, below the notice's minimum too.
                    terminal
                        .draw(|frame| {
                            crate::tui::family::view::draw(
                                &app.shell(),
                                app.family.as_ref().unwrap(),
                                frame,
                                frame.area(),
                            );
                        })
                        .unwrap();
                }));
                assert!(drawn.is_ok(), "family {tabs:?} at {w}x{h} panicked");
            }
        }
    }
}

#[test]
fn the_dashboard_view_draws_into_any_area() {
    // The view itself, without the notice in front of it: one row, one column, none.
    let mut app = AppBuilder::fixture().build();
    app.dashboard.config.replicates = 50;
    press(&mut app, "M");
    settle(&mut app);
    for (w, h) in [
        (120, 1),
        (120, 2),
        (120, 3),
        (1, 40),
        (0, 0),
        (120, 0),
        (5, 5),
    ] {
        app.update(Action::Resize(w, h.max(1)));
        let mut terminal = Terminal::new(TestBackend::new(w.max(1), h.max(1))).unwrap();
        terminal
            .draw(|frame| {
                let area = Rect::new(0, 0, w, h).intersection(frame.area());
                crate::tui::dashboard::view::draw(&app.shell(), &app.dashboard, frame, area);
            })
            .unwrap();
    }
}

#[test]
fn below_the_minimum_size_the_frame_says_the_terminal_is_too_small() {
    assert!(too_small(Rect::new(0, 0, MIN_SIZE.0 - 1, 40)));
    assert!(too_small(Rect::new(0, 0, 120, MIN_SIZE.1 - 1)));
    assert!(!too_small(Rect::new(0, 0, MIN_SIZE.0, MIN_SIZE.1)));
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "M");
    app.update(Action::Resize(120, 1));
    let terminal = render(&app);
    let line: String = (0..120)
        .map(|x| terminal.backend().buffer()[(x, 0)].symbol().to_string())
        .collect();
    assert!(line.starts_with("terminal too small: 120x1"), "{line}");
    // Keys still work: back to the queue, then quit.
    press(&mut app, "Esc q");
    assert!(app.quit);
}

#[test]
fn too_small_notice() {
    for (w, h) in [(40, 10), (120, 1), (59, 24)] {
        let mut app = AppBuilder::fixture().build();
        app.update(Action::Resize(w, h));
        insta::assert_snapshot!(format!("too_small_{w}x{h}"), render(&app).backend());
    }
}
