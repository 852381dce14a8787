//! The audit screen on pairs too big to lay out whole (issue 29, item 10): a
//! 10,000-atom condition draws with the truth table's bound said on screen, and a
//! 300-atom one shows its first 256 rows under the atoms that fit, and says so.

use std::collections::BTreeMap;

use crate::tui::audit::truth_view::legend_lines;
use crate::tui::model::{FlipClass, PairView, ProgramView, SideView, StudyView, VariantView};
use crate::tui::testing::{AppBuilder, press, render, screen_text, settle};

/// One program whose behavior sits under an `n`-atom condition on one line, its T1
/// rewrite (the operands reversed) and one CW pair whose transformed property drops
/// the first atom.
pub fn big_study(n: usize) -> StudyView {
    let atoms: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
    let mut reversed = atoms.clone();
    reversed.reverse();
    let condition = atoms.join(" && ");
    let rtl = |c: &str| format!("if ({c}) begin\n  x = y;\nend\n");
    let property = |c: &str| format!("property p_x; ({c}) |=> x == y; endproperty");
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
            trans: side(false, &reversed[..n - 1].join(" && ")),
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

/// The big pair's audit screen at 120x40, the truth table focused.
fn audit_of(n: usize) -> crate::tui::app::App {
    let mut app = AppBuilder::from_study(big_study(n)).size(120, 40).build();
    press(&mut app, "x Enter");
    settle(&mut app);
    press(&mut app, "Tab Tab Tab");
    app
}

#[test]
fn a_10000_atom_pair_says_why_it_has_no_table() {
    let app = audit_of(10_000);
    let text = screen_text(&app);
    assert!(text.contains("if (a0 && a1 && a2"), "{text}");
    assert!(text.contains("if (a9999 && a9998"), "{text}");
    let truth = app.audit.as_ref().unwrap().truth.as_ref().unwrap();
    assert!(truth.rows.is_empty());
    assert_eq!(truth.atoms.len(), 10_000);
    assert!(
        text.contains("no table: more than 1000 atoms"),
        "the bound is on screen:\n{text}"
    );
    insta::assert_snapshot!("audit_10000_atoms_120x40", render(&app).backend());
    // The legend lists the atoms a table would have a column for, then the count of
    // the others.
    let legend: Vec<String> = legend_lines(&app.theme, truth, 52)
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert!(legend[0].starts_with("no table: more than 1000 atoms"));
    assert_eq!(legend[2], "a  a0");
    assert_eq!(legend[21], "t  a19");
    assert!(
        legend[22].starts_with("… and 9980 more atoms"),
        "{legend:?}"
    );
    assert!(legend.len() < 80, "bounded: {}", legend.len());
    // The end of the legend: the counts.
    let mut app = app;
    press(&mut app, "G");
    let text = screen_text(&app);
    assert!(text.contains("10000 atoms, 0 rows"), "{text}");
}

#[test]
fn a_300_atom_pair_shows_its_first_rows_under_the_atoms_that_fit() {
    let mut app = audit_of(300);
    let truth = app.audit.as_ref().unwrap().truth.clone().unwrap();
    assert_eq!(truth.rows.len(), crate::tui::audit::truth::ROW_CAP);
    assert_eq!(truth.atoms.len(), 300);
    press(&mut app, "G");
    let text = screen_text(&app);
    assert!(
        text.contains("first 256 of >2^128 rows · atoms a-t of 300"),
        "the table's title says what it leaves out:\n{text}"
    );
    insta::assert_snapshot!("audit_300_atoms_table_120x40", render(&app).backend());
}
