//! The AssertionBench importer on the real data in `../shared/data/assertionbench`: its
//! counts per design and model agree with the dataset README's table, verdicts follow
//! the analysed-file rule, and each data flaw the README lists gives its warning.

mod common;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use flipscope::study::assertionbench::folder::{LogPlace, Tree};
use flipscope::study::assertionbench::property_file::parse_property_file;
use flipscope::study::assertionbench::{FlawKind, Import, Model, import_assertionbench};
use flipscope::study::{Generation, RunOutcome};

/// The import, made once for all tests of this file.
fn import() -> Option<&'static Import> {
    static IMPORT: OnceLock<Option<Import>> = OnceLock::new();
    IMPORT
        .get_or_init(|| {
            let root = common::shared_data("assertionbench/Jasper_llama_results")?;
            Some(import_assertionbench(root.parent().unwrap()).expect("the import works"))
        })
        .as_ref()
}

fn readme() -> String {
    let path = common::shared_data("assertionbench/README.md").unwrap();
    std::fs::read_to_string(path).unwrap()
}

/// The README's abbreviation of a group folder.
fn abbreviate(group: &str) -> String {
    let short = group
        .replace("arithmetic_core_", "ac_")
        .replace("communication_controller_", "cc_");
    short.chars().take(28).collect()
}

/// The README's per-design table: (group, design folder, column) -> "n: verdict".
fn readme_table() -> BTreeMap<(String, String, String), String> {
    let columns = [
        "gpt_3.5 1",
        "gpt_3.5 5",
        "gpt_4o 1",
        "gpt_4o 5",
        "llama2 1",
        "llama2 5",
        "llama3 1",
        "llama3 5",
    ];
    let mut out = BTreeMap::new();
    for line in readme().lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if !line.starts_with("| ") || cells.len() != 10 || cells[0] == "group" {
            continue;
        }
        for (column, cell) in columns.iter().zip(&cells[2..]) {
            out.insert(
                (
                    cells[0].to_string(),
                    cells[1].to_string(),
                    column.to_string(),
                ),
                cell.to_string(),
            );
        }
    }
    out
}

/// A generation's cell as the README writes it.
fn cell(g: &Generation) -> String {
    let statements = if g.output.is_empty() {
        "-".to_string()
    } else {
        parse_property_file(&g.output).assertions.len().to_string()
    };
    let run = g.external.as_ref().unwrap();
    let verdict = match run.outcome {
        RunOutcome::Ok => format!("{}P/{}C", run.count("proven"), run.count("cex")),
        RunOutcome::Syntax => "E".into(),
        RunOutcome::Empty => "empty".into(),
        RunOutcome::Incomplete => "inc/inc".into(),
        RunOutcome::Nolog | RunOutcome::InternalError => "no log".into(),
    };
    format!("{statements}: {verdict}")
}

#[test]
fn counts_per_design_and_model_agree_with_the_readme_table() {
    let Some(import) = import() else { return };
    let table = readme_table();
    assert_eq!(
        table.len(),
        123 * 8,
        "the README's table has 123 rows of 8 cells"
    );
    let mut ours: BTreeMap<(String, String, String), String> = BTreeMap::new();
    for p in &import.programs {
        let folder = p.meta.as_ref().unwrap()["folder"]
            .as_str()
            .unwrap()
            .to_string();
        let mut parts = folder.split('/').skip(1);
        let (group, design) = (parts.next().unwrap(), parts.next().unwrap());
        for model in Model::ALL {
            for k in [1, 5] {
                let key = (
                    abbreviate(group),
                    design.to_string(),
                    format!("{} {k}", model.file_tag()),
                );
                let g = import
                    .generations
                    .iter()
                    .find(|g| g.program == p.id && g.model == model.name() && g.shots == Some(k));
                ours.insert(key, g.map_or("-: no log".to_string(), cell));
            }
        }
    }
    let differ: Vec<String> = table
        .iter()
        .filter(|(k, v)| ours.get(*k) != Some(v))
        .map(|(k, v)| format!("{k:?}: README {v}, flipscope {:?}", ours.get(k)))
        .collect();
    assert!(
        differ.is_empty(),
        "{} cells differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[test]
fn totals_agree_with_the_readme() {
    let Some(import) = import() else { return };
    assert_eq!(import.programs.len(), 123);
    let with_files = import
        .programs
        .iter()
        .filter(|p| {
            import
                .generations
                .iter()
                .any(|g| g.program == p.id && !g.output.is_empty())
        })
        .count();
    assert_eq!(
        with_files, 110,
        "110 design folders with LLM property files"
    );
    let with_verdict = import
        .programs
        .iter()
        .filter(|p| {
            import
                .generations
                .iter()
                .any(|g| g.program == p.id && g.external.as_ref().unwrap().outcome.has_verdict())
        })
        .count();
    assert_eq!(with_verdict, 104, "104 with at least one verdict");
    // Statements and assertion rows per model and shot count (1-shot / 5-shot).
    let expected = [
        (Model::Gpt35, [1787, 1427], [163, 498]),
        (Model::Gpt4o, [1954, 1665], [668, 570]),
        (Model::CodeLlama2, [1314, 1316], [1065, 1119]),
        (Model::Llama3, [2847, 3166], [2181, 1694]),
    ];
    for (model, statements, rows) in expected {
        for (i, k) in [1, 5].into_iter().enumerate() {
            let gens: Vec<&Generation> = import
                .generations
                .iter()
                .filter(|g| g.model == model.name() && g.shots == Some(k))
                .collect();
            let files = gens.iter().filter(|g| !g.output.is_empty()).count();
            let n_files = if matches!(model, Model::Gpt35 | Model::Gpt4o) {
                110
            } else {
                103
            };
            assert_eq!(files, n_files, "{model} {k}-shot property files");
            let s: usize = gens
                .iter()
                .map(|g| parse_property_file(&g.output).assertions.len())
                .sum();
            assert_eq!(s, statements[i], "{model} {k}-shot statements");
            let r: usize = gens
                .iter()
                .map(|g| g.external.as_ref().unwrap().verdicts.len())
                .sum();
            assert_eq!(r, rows[i], "{model} {k}-shot assertion rows");
        }
    }
}

#[test]
fn result_rows_of_every_log_agree_with_the_readme() {
    let Some(import) = import() else { return };
    // Every copied log except the earlier run's folders without a shot count.
    let mut rows: BTreeMap<&str, usize> = BTreeMap::new();
    for l in import.logs.iter().filter(|l| l.run.shots.is_some()) {
        for (status, n) in &l.rows {
            *rows.entry(status.as_str()).or_default() += n;
        }
    }
    let expected = BTreeMap::from([
        ("cex", 10275),
        ("covered", 13809),
        ("proven", 5761),
        ("unreachable", 2154),
    ]);
    assert_eq!(rows, expected);
}

/// The flaws of one kind, as (file, message).
fn flaws(import: &Import, kind: FlawKind) -> Vec<(&str, &str)> {
    import
        .flaws
        .iter()
        .filter(|f| f.kind == kind)
        .map(|f| (f.at.location.file.as_str(), f.at.message.as_str()))
        .collect()
}

fn has(list: &[(&str, &str)], file_part: &str) -> bool {
    list.iter().any(|(f, _)| f.contains(file_part))
}

#[test]
fn verdicts_follow_the_analysed_file() {
    let Some(import) = import() else { return };
    let generation = |program: &str, model: Model, k: u32| {
        import
            .generations
            .iter()
            .find(|g| g.program == program && g.model == model.name() && g.shots == Some(k))
            .unwrap()
    };
    // The README's hand counts: fht_bfly llama2 1-shot has 2 statements, both cex.
    let g = generation("fht_bfly", Model::CodeLlama2, 1);
    let run = g.external.as_ref().unwrap();
    assert_eq!(run.analysed.as_deref(), Some("property_llama2_1shot.sva"));
    let names: Vec<(usize, &str)> = run
        .verdicts
        .iter()
        .map(|v| (v.assertion, v.status.as_str()))
        .collect();
    assert_eq!(names, [(1, "cex"), (2, "cex")]);
    let file = parse_property_file(&g.output);
    assert_eq!(
        run.verdicts[1].text.as_deref(),
        Some(file.assertions[1].text.as_str())
    );
    assert_eq!(run.verdicts[0].precondition.as_deref(), Some("covered"));
    for (program, model, k, n) in [
        ("tcReset", Model::Gpt4o, 1, 4),
        ("host_interface", Model::CodeLlama2, 5, 8),
        ("eth_receivecontrol", Model::Gpt35, 5, 31),
        ("fht_1d_x8", Model::Gpt4o, 1, 52),
    ] {
        let run = generation(program, model, k).external.as_ref().unwrap();
        let numbers: Vec<usize> = run.verdicts.iter().map(|v| v.assertion).collect();
        assert_eq!(
            numbers,
            (1..=n).collect::<Vec<_>>(),
            "{program} {model} {k}"
        );
        assert!(run.verdicts.iter().all(|v| v.text.is_some()), "{program}");
    }
    // A gpt_3.5 1-shot run that analysed property_gpt_3.5.sva: its verdicts are that
    // file's statements, not those of property_gpt_3.5_1shot.sva.
    let g = generation("control_unit", Model::Gpt35, 1);
    let run = g.external.as_ref().unwrap();
    assert_eq!(run.analysed.as_deref(), Some("property_gpt_3.5.sva"));
    let folder = common::shared_data(
        "assertionbench/Jasper_llama_results/arithmetic_core_aes128/control_unit/property_gpt_3.5.sva",
    )
    .unwrap();
    let analysed = parse_property_file(&std::fs::read_to_string(folder).unwrap());
    if run.outcome == RunOutcome::Ok {
        for v in &run.verdicts {
            assert_eq!(
                v.text.as_deref(),
                Some(analysed.assertions[v.assertion - 1].text.as_str())
            );
        }
    }
    // The x == x statements are proven: 163 of 164 times in all logs (the one cex
    // indexes out of range).
    let mut tautologies = (0, 0);
    for l in import.logs.iter().filter(|l| l.run.shots.is_some()) {
        for v in &l.external.verdicts {
            let Some(text) = &v.text else { continue };
            let Some(at) = text.rfind("|->").or_else(|| text.rfind("|=>")) else {
                continue;
            };
            let consequent: String = text[at + 3..]
                .chars()
                .filter(|c| !c.is_whitespace() && *c != '(' && *c != ')' && *c != ';')
                .collect();
            if let Some((l, r)) = consequent.split_once("==")
                && !l.is_empty()
                && l == r
            {
                match v.status.as_str() {
                    "proven" => tautologies.0 += 1,
                    _ => {
                        tautologies.1 += 1;
                        assert!(text.contains("resets[tcAddr]"), "{text}");
                    }
                }
            }
        }
    }
    // (The README's reading of "consequent" finds 163 proven; this simpler one 164.)
    assert!(
        tautologies.0 >= 163 && tautologies.1 == 1,
        "{tautologies:?}"
    );
}

#[test]
fn every_flaw_the_readme_lists_gives_its_warning() {
    let Some(import) = import() else { return };
    // 48 logs (49 by the README's own list) where the file and the log disagree on the
    // number of assertions: the 21 runs seen in both their project log and their .out.
    let mismatch = flaws(import, FlawKind::CountMismatch);
    let with_shots: Vec<_> = mismatch
        .iter()
        .filter(|(f, _)| !f.contains("_gpt_3.5/") && !f.contains("_gpt_4o/"))
        .collect();
    assert_eq!(with_shots.len(), 49, "{with_shots:#?}");
    for run in [
        "tcLoad/tcLoad_llama3_5shot",
        "tcLoad/jg_llama3_5shot.out",
        "host_interface_aes/host_interface_aes_gpt_4o_5shot",
        "host_interface_aes/jg_4o_5shot.out",
        "fpu_add/fpu_add_llama3_1shot",
        "rxStatModule/rxStatModule_llama3_5shot",
        "outputReg/outputReg_gpt_4o_5shot",
        "ack_counter/ack_counter_gpt_4o_5shot",
        "Jasper_results/arithmetic_core_2d_fht/fht_1d_x8/fht_1d_x8_gpt_4o_1shot",
    ] {
        assert!(has(&mismatch, run), "no count-mismatch warning for {run}");
    }
    let llama3_5 = mismatch
        .iter()
        .filter(|(f, m)| f.contains("llama3_5shot") && m.contains("has"))
        .count();
    assert!(llama3_5 >= 40, "{llama3_5}");
    // Where the counts differ, the verdicts keep no statement text.
    let g = import
        .generations
        .iter()
        .find(|g| g.program == "tcLoad" && g.model == "llama3-70b" && g.shots == Some(5))
        .unwrap();
    assert!(
        g.external
            .as_ref()
            .unwrap()
            .verdicts
            .iter()
            .all(|v| v.text.is_none())
    );
    // The logs that used another file than their folder says.
    let other = flaws(import, FlawKind::AnalysedOtherFile);
    assert!(has(&other, "control_unit/control_unit_gpt_3.5_1shot"));
    assert!(other.iter().any(|(f, m)| f.contains("Jasper_results")
        && f.contains("gpt_4o_1shot")
        && m.contains("property_gpt_3.5_5shot.sva")));
    let ones: Vec<_> = other
        .iter()
        .filter(|(f, _)| f.contains("gpt_3.5_1shot") || f.contains("3.5_1shot.out"))
        .collect();
    assert!(
        ones.iter().all(|(_, m)| m.contains("property_gpt_3.5.sva")),
        "{ones:#?}"
    );
    // Kinds of logs.
    let empty = flaws(import, FlawKind::EmptyLog);
    assert_eq!(empty.len(), 4, "can_acf's four GPT .out files: {empty:?}");
    assert!(empty.iter().all(|(f, _)| f.contains("can_acf/jg_")));
    let incomplete = flaws(import, FlawKind::IncompleteRun);
    for run in [
        "dual_port_ram_llama2_1shot",
        "dual_port_ram_llama3_1shot",
        "eth_txcounters_llama3_1shot",
    ] {
        assert!(has(&incomplete, run), "{run}: {incomplete:?}");
    }
    assert!(
        incomplete
            .iter()
            .any(|(f, m)| f.contains("eth_txcounters") && m.contains("1 undetermined"))
    );
    let internal = flaws(import, FlawKind::InternalError);
    assert_eq!(
        internal.len(),
        2,
        "fht_8x8_core_gpt_3.5 in both trees: {internal:?}"
    );
    assert!(
        internal
            .iter()
            .all(|(f, m)| f.contains("fht_8x8_core_gpt_3.5/") && m.contains("EG014"))
    );
    let unbound = flaws(import, FlawKind::BindNotTaken);
    for design in ["byteRam", "can_fifo", "eth_fifo"] {
        assert!(has(&unbound, &format!("/{design}/")), "{design}");
    }
    assert!(has(
        &flaws(import, FlawKind::DuplicateDesign),
        "eth_shiftreg"
    ));
    assert_eq!(flaws(import, FlawKind::MisspeltLogName).len(), 3);
    // 18 llama2 property files without an assertion: their runs are `empty`.
    let empty_runs = import
        .generations
        .iter()
        .filter(|g| g.external.as_ref().unwrap().outcome == RunOutcome::Empty)
        .count();
    assert_eq!(empty_runs, 18);
    // Absent from the mirror: eth_txcounters' gpt 5-shot runs have no log.
    let g = import
        .generations
        .iter()
        .find(|g| g.program == "eth_txcounters" && g.model == "gpt-4o" && g.shots == Some(5))
        .unwrap();
    assert_eq!(g.external.as_ref().unwrap().outcome, RunOutcome::Nolog);
    assert!(has(
        &flaws(import, FlawKind::NoLog),
        "eth_txcounters/property_gpt_4o_5shot.sva"
    ));
}

#[test]
fn the_verdict_log_is_the_project_folders() {
    let Some(import) = import() else { return };
    for l in import.logs.iter().filter(|l| l.used) {
        assert_eq!(
            (l.tree, l.place),
            (Tree::Main, LogPlace::Project),
            "{}",
            l.path
        );
    }
}
