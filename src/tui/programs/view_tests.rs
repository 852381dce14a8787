//! The programs screen: a study with programs and no generations opens on it and says
//! how to generate; truncated, failed and missing generations show distinctly; keys
//! move between programs and variants.

use std::path::PathBuf;
use std::sync::Arc;

use crate::tui::action::Action;
use crate::tui::app::{App, Screen};
use crate::tui::jobs::JobKind;
use crate::tui::keymap::Keymap;
use crate::tui::model::catalog::GenerationState;
use crate::tui::model::load::{Prepared, load_raw};
use crate::tui::testing::{SIZES, press, render, settle};
use crate::tui::theme::{Role, Theme, ThemeKind};

/// The app after loading the fixture study `name` (as the load job would), at `size`.
fn loaded(name: &str, size: (u16, u16)) -> App {
    let path = PathBuf::from("tests/fixtures").join(name);
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    app.update(Action::Resize(size.0, size.1));
    let study = load_raw(
        &[PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(&path)],
        |_| {},
    )
    .expect("the fixture loads");
    let id = app.ask(JobKind::Load);
    app.update(Action::Loaded(id, Ok(Arc::new(Prepared::of_loaded(study)))));
    // The hint names the study as it was opened (no annotation store is opened here).
    app.study_dir = Some(path);
    settle(&mut app);
    app
}

#[test]
fn an_ungenerated_study_opens_on_the_programs_and_says_how_to_generate() {
    for (w, h) in SIZES {
        let app = loaded("programs-only", (w, h));
        assert_eq!(app.screen, Screen::Programs);
        let terminal = render(&app);
        insta::assert_snapshot!(format!("ungenerated_{w}x{h}"), terminal.backend());
    }
    let app = loaded("programs-only", (120, 40));
    let screen = format!("{}", render(&app).backend());
    assert!(screen.contains("No generations yet"), "{screen}");
    assert!(
        screen.contains("flipscope generate tests/fixtures/programs-only")
            && screen.contains("--endpoint URL --model NAME")
            && screen.contains("See docs/generate.md."),
        "{screen}"
    );
}

#[test]
fn variants_and_behaviors_can_be_browsed() {
    let mut app = loaded("programs-only", (120, 40));
    assert_eq!(app.programs.variant_name(), Some("original"));
    press(&mut app, "Tab Tab");
    assert_eq!(app.programs.variant_name(), Some("T2"));
    let screen = format!("{}", render(&app).backend());
    assert!(screen.contains("RTL T2"), "{screen}");
    assert!(screen.contains("(renamed: prompted so)"), "{screen}");
    assert!(screen.contains("v1 != v2"), "the renamed RTL: {screen}");
    press(&mut app, "BackTab BackTab BackTab");
    assert_eq!(app.programs.variant_name(), Some("T3"), "wraps around");
    press(&mut app, "j");
    assert_eq!(app.programs.program().unwrap().id, "p11");
    // p11 has no T1: the variant shown stays within its three.
    assert_eq!(app.programs.variant_name(), Some("T3"));
    press(&mut app, "G");
    assert_eq!(app.programs.program().unwrap().id, "p31");
    let screen = format!("{}", render(&app).backend());
    assert!(screen.contains("Behaviors ("), "{screen}");
    // Nothing to go back to: the programs screen stays and says why.
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Programs);
    assert!(app.message.as_deref().unwrap().contains("no pairs yet"));
}

#[test]
fn truncated_failed_and_missing_generations_show_distinctly() {
    for (w, h) in SIZES {
        let mut app = loaded("generation-states", (w, h));
        assert_eq!(
            app.screen,
            Screen::Queue,
            "a study with generations opens on its queue"
        );
        press(&mut app, "P");
        assert_eq!(app.screen, Screen::Programs);
        let terminal = render(&app);
        insta::assert_snapshot!(format!("generation_states_{w}x{h}"), terminal.backend());
    }
    let mut app = loaded("generation-states", (120, 40));
    press(&mut app, "P");
    let p01 = app.programs.program().unwrap();
    assert!(matches!(
        p01.state("T3", "m-a"),
        Some(GenerationState::Truncated { .. })
    ));
    assert!(matches!(
        p01.state("T2", "m-b"),
        Some(GenerationState::Failed { .. })
    ));
    assert!(
        matches!(
            p01.state("original", "m-a"),
            Some(GenerationState::Done { .. })
        ),
        "a later generation supersedes a recorded failure"
    );
    assert_eq!(p01.state("T3", "m-b"), None);
    // Each state in its own role.
    let terminal = render(&app);
    let buffer = terminal.backend().buffer();
    let style_of = |text: &str| {
        let area = buffer.area;
        for y in 0..area.height {
            let line: String = (0..area.width).map(|x| buffer[(x, y)].symbol()).collect();
            if let Some(at) = line.find(text) {
                let x = line[..at].chars().count() as u16;
                return buffer[(x, y)].style();
            }
        }
        panic!("{text} not on screen");
    };
    let theme = &app.theme;
    assert_eq!(style_of("✂ truncated").fg, theme.style(Role::Differs).fg);
    assert_eq!(
        style_of("✗ failed http-status").fg,
        theme.style(Role::Error).fg
    );
    assert_eq!(style_of("· missing").fg, theme.style(Role::Muted).fg);
    assert_eq!(style_of("✓ 58 tok").fg, theme.style(Role::Correct).fg);
    // The failure's message for the variant shown.
    press(&mut app, "Tab Tab");
    let screen = format!("{}", render(&app).backend());
    assert!(
        screen.contains("m-b: HTTP 400: context length exceeded"),
        "{screen}"
    );
    // Back to the queue.
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Queue);
}
