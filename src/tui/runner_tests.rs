//! The event loop's input handling: every key queued while the app was busy is
//! applied, in order (issue 29, item 10: no key is dropped).

use std::sync::mpsc;
use std::time::Duration;

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::{Step, apply_input, waiting};
use crate::tui::action::Action;
use crate::tui::audit::Pane;
use crate::tui::input::Input;
use crate::tui::testing::{AppBuilder, settle};

fn key(c: char) -> Input {
    Input::Terminal(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )))
}

#[test]
fn fifty_queued_keys_move_the_selection_fifty_rows() {
    let mut app = AppBuilder::synthetic(200).build();
    app.update(Action::ClearFilters);
    app.update(Action::First);
    assert_eq!((app.queue.selected, app.queue.visible.len()), (0, 200));
    let (tx, rx) = mpsc::channel();
    for _ in 0..50 {
        tx.send(key('j')).unwrap();
    }
    let inputs = waiting(&rx, Duration::ZERO).unwrap();
    assert_eq!(inputs.len(), 50, "every queued key in one turn");
    for input in inputs {
        assert!(matches!(apply_input(&mut app, input), Step::Applied));
    }
    assert_eq!(app.queue.selected, 50);
    // Nothing waiting: an empty turn, not an error.
    assert!(waiting(&rx, Duration::ZERO).unwrap().is_empty());
}

#[test]
fn queued_keys_on_a_big_pair_are_all_applied_in_order() {
    let study = crate::tui::audit::big_pair_tests::big_study(10_000);
    let mut app = AppBuilder::from_study(study).build();
    app.update(Action::ClearFilters);
    app.update(Action::Open);
    settle(&mut app);
    let (tx, rx) = mpsc::channel();
    // Tab Tab (the properties pane), 50 j, 10 k, then a key release (ignored).
    let tab = |kind| {
        let mut k = KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE);
        k.kind = kind;
        Input::Terminal(Event::Key(k))
    };
    tx.send(tab(KeyEventKind::Press)).unwrap();
    tx.send(tab(KeyEventKind::Press)).unwrap();
    for _ in 0..50 {
        tx.send(key('j')).unwrap();
    }
    for _ in 0..10 {
        tx.send(key('k')).unwrap();
    }
    tx.send(tab(KeyEventKind::Release)).unwrap();
    let steps: Vec<Step> = waiting(&rx, Duration::ZERO)
        .unwrap()
        .into_iter()
        .map(|input| apply_input(&mut app, input))
        .collect();
    assert_eq!(steps.len(), 63);
    assert!(matches!(steps[62], Step::Ignored), "the release");
    let audit = app.audit.as_ref().unwrap();
    assert_eq!(audit.pane, Pane::Properties);
    assert_eq!(audit.scroll_of(Pane::Properties), 40, "50 down, then 10 up");
}

#[test]
fn signals_and_the_hang_up_end_or_suspend() {
    let mut app = AppBuilder::synthetic(4).build();
    use crate::tui::signals::SignalEvent;
    assert!(matches!(
        apply_input(&mut app, Input::Signal(SignalEvent::Terminate(15))),
        Step::End(crate::tui::TuiError::Signal(15))
    ));
    assert!(matches!(
        apply_input(&mut app, Input::HangUp),
        Step::End(crate::tui::TuiError::HangUp)
    ));
    let ctrl_z = Input::Terminal(Event::Key(KeyEvent::new(
        KeyCode::Char('z'),
        KeyModifiers::CONTROL,
    )));
    assert!(matches!(apply_input(&mut app, ctrl_z), Step::Suspend));
    let (tx, rx) = mpsc::channel::<Input>();
    drop(tx);
    assert!(matches!(
        waiting(&rx, Duration::ZERO),
        Err(crate::tui::TuiError::HangUp)
    ));
}

#[test]
fn escape_and_a_key_read_together_are_both_applied() {
    // tmux or ssh delivers a quick Escape then `q` in one read, which crossterm reports
    // as Alt-q: it closes the help, then quits.
    let mut app = AppBuilder::synthetic(4).build();
    app.update(Action::ToggleHelp);
    assert!(matches!(app.mode(), crate::tui::keymap::Mode::Help));
    let alt_q = Input::Terminal(Event::Key(KeyEvent::new(
        KeyCode::Char('q'),
        KeyModifiers::ALT,
    )));
    assert!(matches!(apply_input(&mut app, alt_q), Step::Applied));
    assert!(!matches!(app.mode(), crate::tui::keymap::Mode::Help));
    assert!(app.quit, "q after the Escape");
    // A lone Alt-key split this way: Escape then the key.
    let alt_j =
        crate::tui::keymap::Key::from_event(KeyEvent::new(KeyCode::Char('j'), KeyModifiers::ALT));
    let [esc, j] = alt_j.escape_then_key().unwrap();
    assert_eq!(
        (esc.code, j.code, j.alt),
        (KeyCode::Esc, KeyCode::Char('j'), false)
    );
    assert!(key_of('j').escape_then_key().is_none());
}

fn key_of(c: char) -> crate::tui::keymap::Key {
    crate::tui::keymap::Key::from_event(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

#[test]
fn a_key_that_does_nothing_says_so() {
    let mut app = crate::tui::testing::AppBuilder::synthetic(5).build();
    // `z` is bound on no screen.
    assert!(matches!(apply_input(&mut app, key('z')), Step::Applied));
    assert_eq!(
        app.message.as_deref(),
        Some("z does nothing on this screen (? lists its keys)")
    );
    // A bound key acts, and says nothing of the kind.
    app.message = None;
    apply_input(&mut app, key('?'));
    assert!(app.message.is_none(), "{:?}", app.message);
}

#[test]
fn m_opens_the_metrics_from_the_audit_and_esc_comes_back() {
    let mut app = AppBuilder::synthetic(5).build();
    app.update(Action::ClearFilters);
    app.update(Action::Open);
    assert_eq!(app.screen, crate::tui::app::Screen::Audit);
    let pair = app.audit.as_ref().map(|a| a.pair);
    apply_input(&mut app, key('M'));
    assert_eq!(app.screen, crate::tui::app::Screen::Dashboard);
    apply_input(
        &mut app,
        Input::Terminal(Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE))),
    );
    assert_eq!(app.screen, crate::tui::app::Screen::Audit);
    assert_eq!(app.audit.as_ref().map(|a| a.pair), pair);
}
