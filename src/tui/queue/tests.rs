//! State tests of the queue's own keys: the search (`s`, `]`, `[`, Esc), marks and
//! tagging them at once (with one undo), sorting by a column, what Esc on a bad
//! filter says, and an empty queue.

use crate::tui::app::{Overlay, Screen};
use crate::tui::testing::{AppBuilder, press, study_copy, tagging_app, type_text};

#[test]
fn the_search_moves_the_selection_without_changing_the_list() {
    let mut app = AppBuilder::fixture().build();
    let shown = app.queue.visible.clone();
    press(&mut app, "s");
    assert_eq!(app.overlay, Some(Overlay::Search));
    type_text(&mut app, "state=IDLE");
    let at = app.queue.selected_pair().unwrap();
    assert_eq!(app.study.pairs[at].behavior, "state=IDLE");
    assert_eq!(app.queue.visible, shown, "a search is not a filter");
    press(&mut app, "Enter");
    assert_eq!(app.overlay, None);
    assert!(
        app.message.as_deref().unwrap().contains("row 1 of"),
        "{:?}",
        app.message
    );
    // `]` goes on to the next match, wrapping around.
    press(&mut app, "]");
    let next = app.queue.selected_pair().unwrap();
    assert_eq!(app.study.pairs[next].behavior, "state=IDLE");
    press(&mut app, "[");
    assert_eq!(app.queue.selected_pair(), Some(at));
    // Smart case: a capital letter makes it exact.
    press(&mut app, "g s");
    type_text(&mut app, "Idle");
    assert!(
        app.search_note().contains("no row holds"),
        "{}",
        app.search_note()
    );
    // Esc goes back to where the search started.
    press(&mut app, "Esc");
    assert_eq!(app.queue.selected, 0);
    assert!(app.search.query.is_empty());
}

#[test]
fn marked_pairs_are_tagged_at_once_and_undone_at_once() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    // Three untagged pairs marked.
    let untagged: Vec<usize> = (0..app.queue.visible.len())
        .filter(|&pos| app.study.pairs[app.queue.visible[pos]].tags.is_empty())
        .take(3)
        .collect();
    for &pos in &untagged {
        app.queue.selected = pos;
        press(&mut app, "Space");
    }
    assert_eq!(app.queue.marked.len(), 3);
    press(&mut app, "6");
    let pairs: Vec<usize> = untagged.iter().map(|&p| app.queue.visible[p]).collect();
    for &i in &pairs {
        assert_eq!(app.study.pairs[i].tags, ["extra-predicate"], "pair {i}");
    }
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("on 3 of 3 marked pairs")
    );
    // All three have it now: the key takes it off all of them.
    press(&mut app, "6");
    assert!(pairs.iter().all(|&i| app.study.pairs[i].tags.is_empty()));
    press(&mut app, "6 u");
    assert!(
        pairs.iter().all(|&i| app.study.pairs[i].tags.is_empty()),
        "one undo"
    );
    assert_eq!(
        app.message.as_deref(),
        Some("undone: tag extra-predicate on 3 pairs (3 decisions)")
    );
    // Esc clears the marks; the keys then act on the selected pair alone.
    press(&mut app, "Esc");
    assert!(app.queue.marked.is_empty());
}

#[test]
fn sorting_by_a_column_keeps_the_selection() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "x j j");
    let selected = app.queue.selected_pair();
    press(&mut app, "O");
    assert_eq!(app.queue.sort, Some(0));
    let programs: Vec<&str> = app
        .queue
        .visible
        .iter()
        .map(|&i| app.study.pairs[i].program.as_str())
        .collect();
    assert!(programs.windows(2).all(|w| w[0] <= w[1]), "{programs:?}");
    assert_eq!(app.queue.selected_pair(), selected);
    press(&mut app, "R");
    assert!(app.queue.descending);
    let first = app.study.pairs[app.queue.visible[0]].program.clone();
    assert_eq!(first, "p04");
    // After the last column, back to the default order.
    press(&mut app, "O O O O O O O O O");
    assert_eq!(app.queue.sort, None);
    assert!(app.message.as_deref().unwrap().starts_with("default order"));
}

#[test]
fn esc_on_a_bad_filter_says_the_previous_filter_stays() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "/");
    type_text(&mut app, "variant=T2");
    press(&mut app, "Enter /");
    type_text(&mut app, " colour=red");
    assert!(app.filter_error.is_some());
    press(&mut app, "Esc");
    assert_eq!(app.queue.filter.source().trim(), "variant=T2");
    let message = app.message.clone().unwrap();
    assert!(
        message.contains("the filter stays `variant=T2`"),
        "{message}"
    );
}

#[test]
fn an_empty_queue_says_what_matches_nothing() {
    let mut app = AppBuilder::fixture().size(80, 24).build();
    press(&mut app, "/");
    type_text(&mut app, "program=p99");
    press(&mut app, "Enter");
    assert!(app.queue.visible.is_empty());
    let text = crate::tui::testing::screen_text(&app);
    assert!(
        text.contains("no pairs match `flip=CW program=p99`"),
        "{text}"
    );
}

#[test]
fn esc_goes_back_to_the_dashboard_a_condition_was_opened_from() {
    let mut app = AppBuilder::fixture().build();
    app.dashboard.config.replicates = 20;
    press(&mut app, "M");
    crate::tui::testing::settle(&mut app);
    press(&mut app, "j Enter");
    assert_eq!(app.screen, Screen::Queue);
    let condition = &app.dashboard.shown.as_ref().unwrap().report.conditions[1];
    assert_eq!(app.queue.model.as_ref(), Some(&condition.model));
    assert_eq!(app.queue.variant.as_ref(), Some(&condition.variant));
    assert!(app.queue.visible.iter().all(|&i| {
        let p = &app.study.pairs[i];
        p.model == condition.model && p.variant == condition.variant
    }));
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Dashboard);
    assert_eq!(app.queue.model, None, "the quick keys as they were");
}
