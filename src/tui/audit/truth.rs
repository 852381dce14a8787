//! The audit screen's truth table as shown: one column per expression (reference
//! antecedent, RTL path, the two generated antecedents), one row per assignment of the
//! atoms, rows where the expressions disagree first. Built from `logic` in a background
//! job. Each atom gets a short stable label (`a`, `b`, ...) and is shown as the first
//! expression that uses it writes it: `x != 3` when that expression says `!=` (its
//! column then holds the values of `x != 3`), not the canonical `x == 3`.

/// One assignment of the atoms and what each expression gives under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TruthRow {
    /// A value per atom, in `TruthView::atoms` order.
    pub atoms: Vec<bool>,
    /// A value per expression column (`None` when that expression is missing).
    pub values: Vec<Option<bool>>,
    /// Whether the present expressions disagree.
    pub disagree: bool,
}

/// A truth table ready to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TruthView {
    /// The atoms, as the first expression using each writes it.
    pub atoms: Vec<String>,
    /// A short stable label per atom (`a`, `b`, ..., `z`, `aa`, ...).
    pub labels: Vec<String>,
    /// The expression columns: label and the expression's text (or why it is missing).
    pub columns: Vec<(String, Result<String, String>)>,
    pub rows: Vec<TruthRow>,
    /// Something to say above the table (too many atoms, rows cut, ...).
    pub note: Option<String>,
    /// What the table leaves out, short, for the table's title (`first 256 of >2^128
    /// rows`, `no table: more than 1000 atoms`); `None` when it leaves nothing out.
    pub bound: Option<String>,
}

impl TruthView {
    /// How many rows disagree.
    pub fn disagreements(&self) -> usize {
        self.rows.iter().filter(|r| r.disagree).count()
    }
}

use std::collections::HashMap;

use crate::logic::canon::canonical;
use crate::logic::expr::Atom;
use crate::logic::{Expr, parse_expr, truth_table};
use crate::tui::model::Oracle;
use crate::tui::model::{AuditData, antecedent_of};

/// The table shows at most this many rows (disagreeing ones first).
pub const ROW_CAP: usize = 256;

/// The most atoms a table is built over. `logic::truth_table`'s diagrams grow with the
/// square of a chain's length (1,000 atoms: 0.16 s; 10,000: 15 s, in a debug build):
/// past this the pane lists the expressions and says why there is no table, and the
/// next pair's table is not kept waiting behind it (issue 29, item 10).
pub const MAX_ATOMS: usize = 1000;

/// The truth table of an audit: the reference antecedent, the RTL path and both
/// generated antecedents (the transformed one in the original names), over the atoms
/// of all of them. The oracle's column is marked in its label. Runs the RTL parser
/// (slow): call it from the background job only.
pub fn build(data: &AuditData, oracle: Oracle) -> TruthView {
    let rename: HashMap<String, String> = data
        .rename
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let generated = |property: &str, rename: Option<&HashMap<String, String>>| {
        if property.is_empty() {
            return Err("no property matched".to_string());
        }
        let text = antecedent_of(property).ok_or("no implication in the property")?;
        let expr = parse_expr(text).map_err(|e| format!("{text}: {e}"))?;
        Ok(rename.map_or(expr.clone(), |m| expr.rename(m)))
    };
    let reference = match &data.reference_property {
        Some(p) => generated(p, None),
        None => Err("no reference property names this behavior".to_string()),
    };
    let columns: Vec<(String, Result<Expr, String>)> = vec![
        (label("reference", oracle == Oracle::Reference), reference),
        (label("RTL path", oracle == Oracle::Rtl), rtl_path(data)),
        ("original".to_string(), generated(&data.base.property, None)),
        (
            "transformed".to_string(),
            generated(&data.trans.property, Some(&rename)),
        ),
    ];
    let present: Vec<&Expr> = columns
        .iter()
        .filter_map(|(_, e)| e.as_ref().ok())
        .collect();
    let (order, written) = written_atoms(&present);
    if order.len() > MAX_ATOMS {
        return TruthView {
            labels: (0..order.len()).map(atom_label).collect(),
            atoms: order.iter().map(|a| written[a].0.clone()).collect(),
            columns: columns
                .into_iter()
                .map(|(label, e)| (label, e.map(|e| e.to_string())))
                .collect(),
            rows: Vec::new(),
            note: Some(format!(
                "no table: more than {MAX_ATOMS} atoms (the verdicts come from the scorer's \
                 exact equivalence check)"
            )),
            bound: Some(format!("no table: more than {MAX_ATOMS} atoms")),
        };
    }
    let table = truth_table(&present, ROW_CAP);
    let shown: Vec<(String, bool)> = table
        .atoms
        .iter()
        .map(|a| {
            written
                .get(a)
                .map_or((a.to_string(), false), |(text, negated)| {
                    (text.clone(), *negated)
                })
        })
        .collect();
    let rows = table
        .rows
        .iter()
        .map(|row| {
            let mut values = row.values.iter();
            TruthRow {
                atoms: row
                    .values_of_atoms
                    .iter()
                    .zip(&shown)
                    .map(|(&v, (_, negated))| v != *negated)
                    .collect(),
                values: columns
                    .iter()
                    .map(|(_, e)| e.as_ref().ok().and_then(|_| values.next().copied()))
                    .collect(),
                disagree: row.disagree,
            }
        })
        .collect();
    // Past 2^128 rows the count is not exact.
    let total = |more: &str| {
        if table.total_rows == u128::MAX {
            format!("{more}2^128")
        } else {
            table.total_rows.to_string()
        }
    };
    let bound = table
        .truncated
        .then(|| format!("first {} of {} rows", table.rows.len(), total(">")));
    let note = table.truncated.then(|| {
        format!(
            "first {} of {} rows; {} disagree in all",
            table.rows.len(),
            total("more than "),
            table
                .disagreeing_rows
                .map_or("more than 2^128".to_string(), |n| n.to_string())
        )
    });
    TruthView {
        labels: (0..shown.len()).map(atom_label).collect(),
        atoms: shown.into_iter().map(|(text, _)| text).collect(),
        columns: columns
            .into_iter()
            .map(|(label, e)| (label, e.map(|e| e.to_string())))
            .collect(),
        rows,
        note,
        bound,
    }
}

/// The label of atom `i`: `a` ... `z`, then `aa`, `ab`, ...
pub fn atom_label(i: usize) -> String {
    let letter = |n: usize| char::from(b'a' + (n % 26) as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        format!("{}{}", letter(i / 26 - 1), letter(i))
    }
}

/// The canonical atoms of `exprs` in order of appearance, and each one's writing: the
/// text it is written with and whether that text is the atom's negation (`x != 3` is
/// written negated, its canonical atom being `x == 3`). The first writing of an atom
/// wins. A map, not a list searched for each atom: 10,000 atoms were 10^8 comparisons.
type Written = (Vec<Atom>, HashMap<Atom, (String, bool)>);

fn written_atoms(exprs: &[&Expr]) -> Written {
    fn visit(e: &Expr, out: &mut Written) {
        let mut note = |e: &Expr, atom: &Atom, negated: bool| {
            let (canon, flipped) = match canonical(&Expr::Atom(atom.clone())) {
                Expr::Atom(c) => (c, false),
                Expr::Not(inner) => match *inner {
                    Expr::Atom(c) => (c, true),
                    _ => return,
                },
                _ => return,
            };
            if !out.1.contains_key(&canon) {
                out.0.push(canon.clone());
                out.1.insert(canon, (e.to_string(), negated != flipped));
            }
        };
        match e {
            Expr::Atom(a) => note(e, a, false),
            Expr::Not(inner) => match &**inner {
                Expr::Atom(a) => note(e, a, true),
                other => visit(other, out),
            },
            Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| visit(x, out)),
            Expr::Const(_) => {}
        }
    }
    let mut out = (Vec::new(), HashMap::new());
    for e in exprs {
        visit(e, &mut out);
    }
    out
}

fn label(name: &str, oracle: bool) -> String {
    if oracle {
        format!("{name} (oracle)")
    } else {
        name.to_string()
    }
}

/// The path condition the RTL gives the behavior.
fn rtl_path(data: &AuditData) -> Result<Expr, String> {
    let clock = if data.synchronous {
        data.clock.as_deref()
    } else {
        None
    };
    let behaviors = crate::rtl::behaviors(&data.rtl_original, clock).map_err(|e| e.to_string())?;
    behaviors
        .into_iter()
        .find(|b| b.id == data.behavior)
        .map(|b| b.path)
        .ok_or_else(|| format!("the RTL has no assignment {}", data.behavior))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::model::{FlipClass, SideView};

    fn data(base: &str, trans: &str) -> AuditData {
        let rtl = "if (en && rst_n) begin\n  out = data;\nend\n";
        AuditData {
            program: "p".into(),
            stratum: "s".into(),
            behavior: "out=data".into(),
            model: "m".into(),
            variant: "T2".into(),
            flip: FlipClass::CW,
            base: SideView {
                correct: true,
                property: base.into(),
                ..SideView::default()
            },
            trans: SideView {
                property: trans.into(),
                ..SideView::default()
            },
            tags: vec![],
            reference: String::new(),
            reference_property: Some(
                "property p; (en && rst_n) |=> out == data; endproperty".into(),
            ),
            rtl_original: rtl.into(),
            rtl_transformed: String::new(),
            rename: [("v0".to_string(), "en".to_string())].into(),
            synchronous: false,
            clock: None,
            trans_output: None,
        }
    }

    #[test]
    fn one_column_per_expression_disagreements_first() {
        let t = build(
            &data(
                "property a; en && rst_n |=> out == data; endproperty",
                "property b; v0 |=> out == data; endproperty",
            ),
            Oracle::Reference,
        );
        assert_eq!(t.atoms, ["en", "rst_n"]);
        assert_eq!(t.columns.len(), 4);
        assert_eq!(t.columns[0].0, "reference (oracle)");
        assert!(t.columns.iter().all(|(_, e)| e.is_ok()), "{:?}", t.columns);
        assert_eq!(t.columns[3].1.as_deref(), Ok("en"), "renamed back");
        assert_eq!(t.rows.len(), 4);
        assert_eq!(t.disagreements(), 1);
        assert!(t.rows[0].disagree);
        // en=1, rst_n=0: reference, RTL and original false; transformed true.
        assert_eq!(
            t.rows[0].values,
            [Some(false), Some(false), Some(false), Some(true)]
        );
        assert_eq!(t.note, None);
    }

    #[test]
    fn atoms_are_labelled_and_shown_as_written() {
        let mut d = data(
            "property a; cnt != 3 && rst_n |=> out == data; endproperty",
            "property b; v0 |=> out == data; endproperty",
        );
        d.reference_property =
            Some("property p; (cnt != 3 && rst_n) |=> out == data; endproperty".into());
        let t = build(&d, Oracle::Reference);
        assert_eq!(t.labels.len(), t.atoms.len());
        assert_eq!(t.labels[..2], ["a", "b"]);
        let at = |text: &str| t.atoms.iter().position(|a| a == text);
        let written = at("cnt != 3").unwrap_or_else(|| panic!("as written: {:?}", t.atoms));
        let rst_n = at("rst_n").unwrap();
        // The atom's column holds the values of the atom as written.
        for row in &t.rows {
            let reference = row.values[0].unwrap();
            assert_eq!(reference, row.atoms[written] && row.atoms[rst_n], "{row:?}");
        }
        assert_eq!(atom_label(25), "z");
        assert_eq!(atom_label(26), "aa");
        assert_eq!(atom_label(27), "ab");
    }

    /// Past [`MAX_ATOMS`] atoms no table is built (the diagrams grow with the square of
    /// the chain): the columns and atoms are there, no rows, and the bound is said.
    #[test]
    fn past_the_atom_bound_there_is_no_table_and_it_says_so() {
        let atoms: Vec<String> = (0..=MAX_ATOMS).map(|i| format!("s{i}")).collect();
        let property = |c: &str| format!("property p; {c} |=> out == data; endproperty");
        let mut d = data(&property(&atoms.join(" && ")), &property("v0"));
        d.reference_property = Some(property(&atoms.join(" && ")));
        let t = build(&d, Oracle::Reference);
        // The atoms, and the RTL path's `en` and `rst_n`.
        assert_eq!(t.atoms.len(), MAX_ATOMS + 3);
        assert_eq!(t.atoms[..2], ["s0", "s1"], "in order of appearance");
        assert_eq!(t.labels.len(), t.atoms.len());
        assert!(t.rows.is_empty());
        assert_eq!(t.bound.as_deref(), Some("no table: more than 1000 atoms"));
        assert!(t.note.as_deref().unwrap().contains("exact equivalence"));
        assert!(t.columns[0].1.is_ok() && t.columns[3].1.is_ok());
        // At the bound: a table of its first rows, and the bound said.
        let atoms = &atoms[..MAX_ATOMS - 2];
        let mut d = data(&property(&atoms.join(" && ")), &property("v0"));
        d.reference_property = Some(property(&atoms.join(" && ")));
        let t = build(&d, Oracle::Reference);
        assert_eq!(t.atoms.len(), MAX_ATOMS);
        assert_eq!(t.rows.len(), ROW_CAP);
        assert_eq!(t.bound.as_deref(), Some("first 256 of >2^128 rows"));
    }

    #[test]
    fn missing_or_bad_expressions_say_why() {
        let t = build(
            &data("", "property b; v0 + 1 |=> out == data; endproperty"),
            Oracle::Rtl,
        );
        assert_eq!(t.columns[1].0, "RTL path (oracle)");
        assert_eq!(t.columns[2].1, Err("no property matched".into()));
        assert!(t.columns[3].1.is_err());
        assert!(
            t.rows
                .iter()
                .all(|r| r.values[2].is_none() && r.values[3].is_none())
        );
        assert_eq!(t.disagreements(), 0);
    }
}
