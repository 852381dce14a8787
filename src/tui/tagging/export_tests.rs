//! `E` on the queue: the file it writes is what `flipscope export tags` prints for the
//! queue's text filter.

use crate::cli::scoring::ScoringArgs;
use crate::tui::agreement::tests::app_with_bo;
use crate::tui::tagging::export::EXPORT_FILE;
use crate::tui::testing::{press, type_text};

#[test]
fn e_writes_what_export_tags_writes_for_the_queue_filter() {
    let (dir, mut app, _) = app_with_bo();
    let scoring = ScoringArgs {
        oracle: None,
        lenient: false,
        no_cache: false,
        formal: Default::default(),
    };
    // A decision of this session is on disk, so it is exported too.
    press(&mut app, "x g 8");
    press(&mut app, "E");
    let written = std::fs::read_to_string(dir.path().join(EXPORT_FILE)).unwrap();
    let command = crate::cli::export::tags(&[dir.path().to_path_buf()], "", &scoring).unwrap();
    assert_eq!(written, command.text);
    assert!(written.contains("scorer-false-positive"));
    let message = app.message.clone().unwrap();
    assert!(
        message.contains(&dir.path().join(EXPORT_FILE).display().to_string()),
        "{message}"
    );
    assert!(
        message.contains(&format!(
            "exported {} tagged pairs (no filter)",
            command.exported
        )),
        "{message}"
    );

    // The text filter narrows it (the quick keys do not).
    press(&mut app, "/");
    type_text(&mut app, "tag=boolean-structure");
    press(&mut app, "Enter c E");
    let written = std::fs::read_to_string(dir.path().join(EXPORT_FILE)).unwrap();
    let command = crate::cli::export::tags(
        &[dir.path().to_path_buf()],
        "tag=boolean-structure",
        &scoring,
    )
    .unwrap();
    assert_eq!(written, command.text);
    assert!(command.exported >= 3, "{}", command.text);
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("filter tag=boolean-structure")
    );
    // The export is not part of the study.
    let study = crate::study::load_study(&[dir.path().to_path_buf()]).unwrap();
    assert!(study.sources.iter().all(|s| !s.path.ends_with(EXPORT_FILE)));
}
