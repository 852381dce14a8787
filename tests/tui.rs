//! The TUI through the real binary: refusals before the terminal is touched, and a
//! journey in a pseudo-terminal (tmux) that waits on the status line's `ready` signal.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::tmux::{
    Tmux, copy_dir, exits_with_0, has_attribute, has_colour, have_tmux, private_env, start,
    start_with,
};

fn fixture() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tui-study")
        .display()
        .to_string()
}

/// A copy of the bundled `sample-runs/` in `DIR/cwd`, for a TUI started there without
/// paths: (that working directory, the exit file the session writes).
fn bundled_sample(dir: &Path) -> (PathBuf, PathBuf) {
    let cwd = dir.join("cwd");
    copy_dir(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("sample-runs"),
        &cwd.join("sample-runs"),
    );
    (cwd, dir.join("exit"))
}

#[test]
fn a_missing_study_is_refused_with_its_path() {
    let out = common::run(&["open", "no/such/study"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no/such/study"), "{err}");
}

#[test]
fn a_directory_without_pairs_or_programs_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("generations.jsonl"),
        "{\"program\": \"p1\", \"variant\": \"original\", \"model\": \"m\", \"output\": \"\"}\n",
    )
    .unwrap();
    let out = common::run(&[dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no study to open"), "{err}");
    assert!(err.contains("generations*.jsonl"), "{err}");
}

#[test]
fn without_a_terminal_the_tui_says_so() {
    let out = common::run(&["open", &fixture()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs a terminal"), "{err}");
}

#[test]
fn a_bad_theme_is_a_usage_error() {
    let out = common::run(&["open", "--theme", "pink", &fixture()]);
    assert_eq!(out.status.code(), Some(2));
}

/// The main journey on the bundled sample study (programs and generations, no pairs:
/// the TUI scores it): the CW queue, a pair, the oracle switch, the finder, help, quit.
#[test]
fn journey_on_the_bundled_sample_study() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // No paths: the sample-runs/ of the current directory, here a copy of the bundled
    // one (the TUI keeps its annotations and lock beside the study).
    let (cwd, exit_file) = bundled_sample(dir.path());
    let tmux = start("sample", "--theme dark", &cwd, &exit_file);
    let queue = tmux.wait_for(&["flip CW", "oracle reference", " of 1740 pairs"]);
    assert!(queue.contains("CW "), "{queue}");
    tmux.keys(&["Enter"]);
    let audit = tmux.wait_for(&["RTL original", "RTL transformed", "Properties"]);
    assert!(audit.contains("reason "), "scored reasons shown:\n{audit}");
    tmux.keys(&["o"]);
    tmux.wait_for(&["oracle rtl", "RTL original"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["filter none  oracle rtl"]);
    tmux.keys(&["f"]);
    tmux.keys(&["-l", "cfg_72=cfg_102"]);
    tmux.wait_for(&["> cfg_72=cfg_102", "p01 behavior cfg_72=cfg_102"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["p01  cfg_72=cfg_102", "RTL original"]);
    // The help opens at the audit screen's keys.
    tmux.keys(&["?"]);
    tmux.wait_for(&["Keys", "audit (one pair)", "next pane"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["Tab next pane"]);
    tmux.keys(&["q"]);
    exits_with_0(&tmux, &exit_file);
}

/// The model's raw answer through the binary (#30 item 4): on the bundled sample study,
/// `A` on the audit screen opens both sides' answers whole with their position, Esc
/// closes it, and the copy menu's `w` puts the transformed side's answer on the
/// clipboard, byte for byte one of the study's generations.
#[test]
fn journey_the_raw_answer_and_its_copy() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (cwd, exit_file) = bundled_sample(dir.path());
    let tmux = start("answer", "--theme dark", &cwd, &exit_file);
    tmux.accept_clipboard();
    tmux.wait_for(&["flip CW", " of 1740 pairs"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["RTL original", "RTL transformed"]);
    tmux.keys(&["A"]);
    let popup = tmux.wait_for(&["The model's raw answer", "Esc closes"]);
    assert!(popup.contains(" lines 1-"), "{popup}");
    tmux.keys(&["Escape"]);
    tmux.wait_gone("The model's raw answer");
    tmux.keys(&["y"]);
    tmux.wait_for(&["Copy to the clipboard"]);
    tmux.keys(&["w"]);
    tmux.wait_for(&["copied the raw answer"]);
    let copied = tmux.clipboard().unwrap_or_default();
    let generations = std::fs::read_to_string(cwd.join("sample-runs/generations.jsonl")).unwrap();
    let outputs: Vec<String> = generations
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|g| g["variant"] != "original")
        .filter_map(|g| g["output"].as_str().map(str::to_string))
        .collect();
    assert!(
        !copied.is_empty() && outputs.contains(&copied),
        "the copy is a transformed side's answer: {copied:?}"
    );
    tmux.keys(&["q"]);
    exits_with_0(&tmux, &exit_file);
}

/// The metrics dashboard on the bundled sample study: `M` opens it, a filter typed
/// there recomputes the table, `e` exports it, and the file is what `flipscope export
/// metrics` writes for the same filter (markdown, then CSV after `E`).
#[test]
fn journey_dashboard_filter_and_export() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (cwd, exit_file) = bundled_sample(dir.path());
    let tmux = start("dash", "--theme dark", &cwd, &exit_file);
    tmux.wait_for(&["flip CW", " of 1740 pairs", "M metrics"]);
    tmux.keys(&["M"]);
    let all = tmux.wait_for(&[
        "Metrics · 1740 pairs, 40 programs, 6 conditions",
        "up to date",
        "bootstrap 10000 replicates",
    ]);
    // The paper's Qwen2.5-Coder-7B under T3: 69.8% -> 58.6%, IF 21.8%.
    let qwen_t3 = all
        .lines()
        .find(|l| l.contains("sim-qwen2.5-coder-7b") && l.contains(" T3 "))
        .unwrap_or_else(|| panic!("{all}"));
    assert!(qwen_t3.contains("69.8% 58.6%"), "{qwen_t3}");
    assert!(qwen_t3.contains("21.8% [17.0, 27.3]"), "{qwen_t3}");
    assert!(all.contains("Invariance failure L/B"), "{all}");
    assert!(all.contains("Δ accuracy (pts) →"), "{all}");

    tmux.keys(&["/"]);
    tmux.keys(&["-l", "variant=T3"]);
    tmux.keys(&["Enter"]);
    let t3 = tmux.wait_for(&[
        "filter variant=T3",
        "Metrics · 590 pairs, 40 programs, 2 conditions",
        "up to date",
    ]);
    assert!(!t3.contains(" T1 ") && !t3.contains(" T2 "), "{t3}");

    tmux.keys(&["e"]);
    tmux.wait_for(&["exported markdown to sample-runs/metrics-variant_T3.md"]);
    tmux.keys(&["E"]);
    tmux.wait_for(&["export format: csv"]);
    tmux.keys(&["e"]);
    tmux.wait_for(&["exported csv to sample-runs/metrics-variant_T3.csv"]);
    for (format, file) in [
        ("markdown", "metrics-variant_T3.md"),
        ("csv", "metrics-variant_T3.csv"),
    ] {
        let cli = common::flipscope()
            .current_dir(&cwd)
            .env("HOME", dir.path().join("home"))
            .env("XDG_CACHE_HOME", dir.path().join("home/cache"))
            .args(["export", "metrics", "sample-runs", "--filter", "variant=T3"])
            .args(["--format", format])
            .output()
            .unwrap();
        assert!(
            cli.status.success(),
            "{}",
            String::from_utf8_lossy(&cli.stderr)
        );
        let written = std::fs::read_to_string(cwd.join("sample-runs").join(file)).unwrap();
        assert_eq!(written, String::from_utf8_lossy(&cli.stdout), "{format}");
    }
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["flip CW", "filter variant=T3"]);
    tmux.keys(&["q"]);
    exits_with_0(&tmux, &exit_file);
}

#[test]
fn journey_through_queue_filter_audit_finder_and_quit() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exit_file = dir.path().join("exit");
    let study = study_copy(dir.path());
    let tmux = start(
        "pairs",
        &format!("open --theme dark {}", study.display()),
        dir.path(),
        &exit_file,
    );

    tmux.wait_for(&["12 of 48 pairs", "flip CW"]);
    tmux.keys(&["c"]);
    tmux.wait_for(&["flip WC"]);
    tmux.keys(&["x", "/"]);
    tmux.keys(&["-l", "model=qwen2.5-coder-7b"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["24 of 48 pairs", "filter model=qwen2.5-coder-7b"]);

    tmux.keys(&["Enter"]);
    let audit = tmux.wait_for(&[
        "RTL original",
        "RTL transformed",
        "Properties",
        "Truth table",
    ]);
    assert!(audit.contains("qwen2.5-coder-7b"), "{audit}");
    tmux.keys(&["r"]);
    tmux.wait_for(&["original names"]);
    // Esc and the next key sent together read as Alt-key: wait in between.
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["24 of 48 pairs"]);
    tmux.keys(&["f"]);
    tmux.keys(&["-l", "sel2"]);
    tmux.wait_for(&["p03 signal   sel2"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["p03", "RTL original"]);
    // The help opens at the audit screen's keys.
    tmux.keys(&["?"]);
    tmux.wait_for(&["Keys", "audit (one pair)", "next pane"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["Tab next pane"]);
    tmux.keys(&["q"]);
    exits_with_0(&tmux, &exit_file);
}

/// A copy of the fixture study under `dir` (the TUI writes its annotations there).
fn study_copy(dir: &Path) -> PathBuf {
    let from = PathBuf::from(fixture());
    let to = dir.join("study");
    std::fs::create_dir_all(&to).unwrap();
    for name in ["pairs.jsonl", "programs.jsonl", "annotations.jsonl"] {
        std::fs::copy(from.join(name), to.join(name)).unwrap();
    }
    to
}

#[test]
fn journey_tagging_three_pairs_survives_a_restart() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    let before = std::fs::read_to_string(study.join("annotations.jsonl")).unwrap();
    let tmux = Tmux {
        socket: format!("flipscope-tags-{}", std::process::id()),
    };
    let exit_file = tmux.launch(dir.path(), &study, "first");
    tmux.wait_for(&[
        "12 of 48 pairs",
        "annotations: study dir",
        "dropped-predicate 3/6",
    ]);
    // The sixth row (p01 out=data, qwen, T1) is untagged; its suggestion is
    // dropped-predicate. Accept it, then tag it and the next two untagged rows.
    tmux.keys(&["j", "j", "j", "j", "j", "a"]);
    tmux.wait_for(&["tagged dropped-predicate (saved)", "dropped-predicate 4/6"]);
    tmux.keys(&["6"]);
    tmux.wait_for(&["tagged extra-predicate (saved)"]);
    tmux.keys(&["j", "6", "j", "j", "6"]);
    tmux.filter_tag("extra-predicate", "3 of 48 pairs");
    tmux.quit(&exit_file);

    let after = std::fs::read_to_string(study.join("annotations.jsonl")).unwrap();
    assert!(after.starts_with(&before), "earlier decisions are kept");
    let added: Vec<&str> = after[before.len()..].lines().collect();
    assert_eq!(added.len(), 4, "{added:?}");
    assert_eq!(
        added
            .iter()
            .filter(|l| l.contains("\"tag\":\"extra-predicate\""))
            .count(),
        3
    );

    // A fresh tmux server for the second run.
    let tmux = Tmux {
        socket: format!("flipscope-tags-again-{}", std::process::id()),
    };
    let exit_file = tmux.launch(dir.path(), &study, "again");
    tmux.wait_for(&["12 of 48 pairs", "dropped-predicate 4/6"]);
    tmux.filter_tag("extra-predicate", "3 of 48 pairs");
    tmux.quit(&exit_file);
}

/// A second auditor's annotations of the bundled sample study: some of the same pairs
/// as its own file, some tags different.
fn write_second_auditor(study: &Path) -> PathBuf {
    let rows = [
        (
            "sim-qwen2.5-coder-7b",
            "T1",
            "p10",
            "rx_147=hw_74",
            "branch-polarity",
        ),
        (
            "sim-qwen2.5-coder-7b",
            "T2",
            "p02",
            "fsm_1=auth_2",
            "dropped-predicate",
        ),
        (
            "sim-deepseek-coder-v2-lite",
            "T1",
            "p02",
            "tx_178=fsm_146",
            "dropped-predicate",
        ),
        (
            "sim-deepseek-coder-v2-lite",
            "T3",
            "p01",
            "tx_55=data_27",
            "boolean-structure",
        ),
    ];
    let text: String = rows
        .iter()
        .map(|(model, variant, program, behavior, tag)| {
            format!(
                "{}\n",
                serde_json::json!({"program": program, "behavior": behavior, "model": model,
                    "variant": variant, "action": "tag", "tag": tag, "auditor": "bo",
                    "time": "2026-11-30T10:00:00Z", "version": "0.1.0"})
            )
        })
        .collect();
    let path = study.join("annotations-bo.jsonl");
    std::fs::write(&path, text).unwrap();
    path
}

/// On a copy of the bundled sample study (scored by the TUI): a tag carries the pair's
/// hash, `E` writes what `flipscope export tags` writes (not stale), and `K` compares
/// with a second auditor's file: the kappas on screen are the command's.
#[test]
fn journey_tag_export_and_agreement_on_the_sample_study() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (cwd, exit_file) = bundled_sample(dir.path());
    let study = cwd.join("sample-runs");
    let bo = write_second_auditor(&study);
    let tmux = start("agree", "--theme dark", &cwd, &exit_file);
    tmux.wait_for(&[" of 1740 pairs", "annotations: study dir"]);

    // Tag the first loss: the decision carries the pair's 64-hex input hash.
    tmux.keys(&["7"]);
    tmux.wait_for(&["tagged boolean-structure (saved)"]);
    let store = std::fs::read_to_string(study.join("annotations.jsonl")).unwrap();
    let last: serde_json::Value = serde_json::from_str(store.lines().last().unwrap()).unwrap();
    let hash = last["pair_hash"].as_str().expect("a pair hash");
    assert!(
        hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()),
        "{hash}"
    );

    // E: the same lines as the command, and the new decision is not stale.
    tmux.keys(&["E"]);
    tmux.wait_for(&["exported ", "tagged-pairs.jsonl"]);
    let written = std::fs::read_to_string(study.join("tagged-pairs.jsonl")).unwrap();
    let out = common::run(&["export", "tags", study.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(written, String::from_utf8(out.stdout).unwrap());
    let row = written
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| {
            r["program"] == last["program"]
                && r["behavior"] == last["behavior"]
                && r["model"] == last["model"]
                && r["variant"] == last["variant"]
        })
        .expect("the tagged pair is exported");
    assert_eq!(row["stale"], false, "{row}");

    // K suggests the other file; Enter shows the command's figures.
    tmux.keys(&["K"]);
    tmux.wait_for(&["Compare with another auditor", "annotations-bo.jsonl"]);
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for(&["Kappa per tag", "Pairs they tag differently"]);
    let out = common::run(&[
        "agreement",
        study.to_str().unwrap(),
        "--with",
        bo.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let kappa = |v: &serde_json::Value| {
        v["kappa"]
            .as_f64()
            .map_or("n/a".to_string(), |k| format!("{k:.3}"))
    };
    assert!(
        screen.contains(&format!("pooled kappa {}", kappa(&json["pooled"]))),
        "{screen}"
    );
    for tag in json["tags"].as_array().unwrap() {
        let name = tag["tag"].as_str().unwrap();
        let row = screen
            .lines()
            .find(|l| l.contains(&format!("│{name} ")))
            .unwrap_or_else(|| panic!("no row for {name}:\n{screen}"));
        assert!(row.trim_end_matches('│').ends_with(&kappa(tag)), "{row}");
    }
    assert!(screen.contains(&format!(
        "Pairs they tag differently ({})",
        json["disagreements"].as_array().unwrap().len()
    )));

    // Enter audits the first disagreement; Esc comes back, Esc again to the queue.
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["RTL original", "Properties"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["Kappa per tag"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&[" of 1740 pairs"]);
    tmux.keys(&["q"]);
    exits_with_0(&tmux, &exit_file);
}

/// `open --compare FILE` opens on the agreement screen; a bad file is named with its
/// line in the prompt instead.
#[test]
fn journey_open_compare() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exit_file = dir.path().join("exit");
    let study = study_copy(dir.path());
    let other = dir.path().join("other.jsonl");
    std::fs::write(
        &other,
        r#"{"program": "p01", "behavior": "out=data", "model": "deepseek-coder-v2-lite", "variant": "T2", "action": "tag", "tag": "branch-polarity", "auditor": "bo", "time": "2026-11-30T10:00:00Z", "version": "0.1.0"}
"#,
    )
    .unwrap();
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "\n{\"program\": 7}\n").unwrap();
    let tmux = start(
        "compare",
        &format!(
            "open --theme dark --compare {} {}",
            other.display(),
            study.display()
        ),
        dir.path(),
        &exit_file,
    );
    tmux.wait_for(&["Kappa per tag", "B other.jsonl", "decided by both 1"]);
    tmux.keys(&["K", "C-u"]);
    tmux.keys(&["-l", bad.to_str().unwrap()]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["bad.jsonl:2:"]);
    tmux.keys(&["Escape"]);
    tmux.wait_gone("Compare with another auditor");
    tmux.keys(&["q"]);
    exits_with_0(&tmux, &exit_file);
}

/// An AssertionBench study (imported from the shared data, bitNegator re-proven): the
/// TUI opens on the assertions queue, a filter on design and JasperGold's verdict, the
/// audit of one assertion with both verdicts and flipscope's waveform, back, quit.
#[test]
fn journey_assertionbench_queue_filter_and_audit() {
    if !have_tmux() {
        return;
    }
    let Some(data) = common::shared_data("assertionbench/Jasper_llama_results") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("ab");
    let data = data.parent().unwrap();
    let out = common::run(&[
        "import",
        "assertionbench",
        data.to_str().unwrap(),
        "--out",
        study.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let have_yosys = std::process::Command::new("yosys")
        .arg("-V")
        .output()
        .is_ok();
    assert!(
        have_yosys || std::env::var_os("CI").is_none(),
        "CI needs yosys"
    );
    if have_yosys {
        let out = common::run(&[
            "reprove",
            study.to_str().unwrap(),
            "--filter",
            "design=bitNegator",
            "--no-cache",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let exit_file = dir.path().join("exit");
    let tmux = start(
        "assertions",
        &format!("open --theme dark {}", study.display()),
        dir.path(),
        &exit_file,
    );
    tmux.wait_for(&[
        "Assertions: JasperGold and flipscope",
        "15476 assertions of 15476",
    ]);
    tmux.keys(&["/"]);
    tmux.keys(&["-l", "design=bitNegator jasper=cex"]);
    tmux.keys(&["Enter"]);
    let queue = tmux.wait_for(&[
        "7 assertions of 15476",
        "filter design=bitNegator jasper=cex",
    ]);
    if have_yosys {
        assert!(queue.contains("agree 7   disagree 0"), "{queue}");
    }
    tmux.keys(&["Enter"]);
    let audit = tmux.wait_for(&[
        "bitNegator  gpt-3.5  1-shot",
        "JasperGold cex",
        "Counterexample (flipscope)",
    ]);
    // The RTL pane opens on the top module (line 45 of the pane's text: the file's
    // name line, then its 43-line licence header), not on the header, and says where.
    assert!(
        audit.contains("45 module bitNegator (bitIn, bitN, bitOut);"),
        "the top module first:\n{audit}"
    );
    assert!(!audit.contains("// ── bitNegator.v ──"), "{audit}");
    assert!(audit.contains(" lines "), "{audit}");
    if have_yosys {
        assert!(
            audit.contains("flipscope  cex") && audit.contains("[property fails]"),
            "{audit}"
        );
    }
    tmux.keys(&["]"]);
    tmux.wait_for(&["bitNegator  llama3-70b  1-shot  assertion #1"]);
    // Tagging as on pairs (the auditor is $USER, `tester`), saved.
    tmux.keys(&["2"]);
    tmux.wait_for(&["tags wrong-timing", "tagged wrong-timing (saved)"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["7 assertions of 15476", "wrong-timing"]);
    // The metrics of the assertions shown, then back; the export of the tagged one.
    tmux.keys(&["M"]);
    let metrics = tmux.wait_for(&["Metrics: JasperGold and flipscope agreement", "total"]);
    if have_yosys {
        assert!(metrics.contains("agree 7 (100.0%)"), "{metrics}");
    }
    tmux.keys(&["M"]);
    tmux.keys(&["E"]);
    tmux.wait_for(&["exported 1 tagged assertions to"]);
    tmux.keys(&["q"]);
    exits_with_0(&tmux, &exit_file);
    let annotations = std::fs::read_to_string(study.join("annotations.jsonl")).unwrap();
    assert!(
        annotations.contains("\"behavior\":\"1-shot #1\"") && annotations.contains("wrong-timing"),
        "{annotations}"
    );
    let export = std::fs::read_to_string(study.join("tagged-assertions.jsonl")).unwrap();
    assert!(export.contains("\"model\":\"llama3-70b\""), "{export}");
}
/// Issue 15 and 18: on the metrics dashboard, a one-row terminal shows the "terminal
/// too small" notice instead of panicking (it used to exit 101: index outside of
/// buffer); back at full size the dashboard is drawn again and `q` exits 0. With
/// `NO_COLOR=1` no colour is drawn but the selected row is still reversed.
#[test]
fn journey_a_tiny_terminal_and_no_colour() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exit_file = dir.path().join("exit");
    let study = study_copy(dir.path());
    let args = format!("open --theme dark {}", study.display());
    let tmux = start_with("tiny", "NO_COLOR=1", &args, dir.path(), &exit_file);
    tmux.wait_for(&["12 of 48 pairs", "flip CW"]);
    let shown = tmux.screen_with_attributes();
    let selected = shown
        .lines()
        .find(|l| l.contains("p03") && l.contains("y=c"))
        .unwrap_or_else(|| panic!("{shown}"));
    assert!(
        has_attribute(selected, 7),
        "the selection is reversed: {selected:?}"
    );
    assert!(
        !has_colour(&shown),
        "no foreground colour under NO_COLOR:\n{shown:?}"
    );
    tmux.keys(&["M"]);
    tmux.wait_for(&["Metrics · 48 pairs", "up to date"]);
    tmux.resize(120, 1);
    tmux.wait_for_text(&["terminal too small: 120x1"]);
    tmux.resize(50, 10);
    tmux.wait_for_text(&["terminal too small: 50x10", "needs at least 60x16"]);
    tmux.resize(120, 40);
    tmux.wait_for(&["Metrics · 48 pairs", "up to date"]);
    tmux.keys(&["q"]);
    exits_with_0(&tmux, &exit_file);
}

/// The queue as list users expect it: `s` searches without filtering, Space marks two
/// pairs and one digit key tags both, `y i` copies the pair id to the clipboard (OSC 52,
/// read back from tmux's buffer), help opens at the queue's keys and searches, and a
/// finder jump that clears the filter is undone by Esc.
#[test]
fn journey_search_mark_copy_help_and_back() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    let tmux = Tmux {
        socket: format!("flipscope-list-{}", std::process::id()),
    };
    let exit_file = tmux.launch(dir.path(), &study, "list");
    tmux.accept_clipboard();
    tmux.wait_for(&["12 of 48 pairs", "annotations: study dir"]);
    tmux.keys(&["s"]);
    tmux.keys(&["-l", "done=1'b1"]);
    tmux.wait_for_text(&["search: done=1'b1", "row 1 of 2 matching"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["12 of 48 pairs", "`done=1'b1`: row 1 of 2 matching"]);
    // Mark it and the next match, tag both at once.
    tmux.keys(&["Space"]);
    tmux.keys(&["]"]);
    tmux.keys(&["Space"]);
    tmux.wait_for(&["2 marked"]);
    tmux.keys(&["6"]);
    tmux.wait_for(&["tagged extra-predicate on 2 of 2 marked pairs (saved)"]);
    let written = std::fs::read_to_string(study.join("annotations.jsonl")).unwrap();
    assert_eq!(
        written
            .lines()
            .filter(|l| l.contains("extra-predicate") && l.contains("done=1'b1"))
            .count(),
        2,
        "{written}"
    );
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["2 marks cleared"]);
    // Copy the selected pair's id: Space marks and moves down, so the selection is
    // the row after the second match (p03 y=c, qwen T1).
    tmux.keys(&["y"]);
    tmux.wait_for(&["Copy to the clipboard", "copy the pair id"]);
    tmux.keys(&["i"]);
    tmux.wait_for(&["copied the pair id"]);
    let copied = tmux.clipboard().unwrap_or_default();
    assert!(copied == "qwen2.5-coder-7b T1 p03 y=c", "{copied:?}");
    // Help: at the queue's keys, searched.
    tmux.keys(&["?"]);
    tmux.wait_for(&["queue (the list of pairs)", "search"]);
    tmux.keys(&["/"]);
    tmux.keys(&["-l", "pair id"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["`pair id`: match 1 of 1", "copy the pair id"]);
    tmux.keys(&["Escape"]);
    tmux.wait_gone("queue (the list of pairs)");
    // The finder: a jump that clears the filter, and Esc back.
    tmux.keys(&["/"]);
    tmux.keys(&["-l", "program=p01"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["filter program=p01"]);
    tmux.keys(&["f"]);
    tmux.keys(&["-l", "p03"]);
    tmux.wait_for(&["> p03", "p03 program"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["RTL original", "Esc brings them back"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["filter program=p01", "back: filter `program=p01` again"]);
    tmux.quit(&exit_file);
}

// ---- Hostile input and signals (issue 15) ----

/// Starts `flipscope open STUDY` in a 120x40 session whose shell, after flipscope
/// ends, writes its exit status and the pane's `stty -a` to files of `dir`; returns
/// (exit file, stty file).
fn start_probed(tmux: &Tmux, dir: &Path, study: &Path) -> (PathBuf, PathBuf) {
    let exit_file = dir.join("exit");
    let stty_file = dir.join("stty");
    let bin = std::env::var("FLIPSCOPE_TEST_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_flipscope").to_string());
    let script = format!(
        "{} {bin} open --theme dark {} 2> {}; echo \"exit=$?\" > {}.part; stty -a > {}; \
         mv {}.part {}; sleep 5",
        private_env(dir),
        study.display(),
        dir.join("stderr").display(),
        exit_file.display(),
        stty_file.display(),
        exit_file.display(),
        exit_file.display(),
    );
    let status = tmux
        .cmd()
        .args(["new-session", "-d", "-s", "tui", "-x", "120", "-y", "40"])
        .args(["sh", "-c", &script])
        .status()
        .unwrap();
    assert!(status.success());
    (exit_file, stty_file)
}

impl Tmux {
    /// A tmux format of the pane (`#{alternate_on}`, `#{cursor_flag}`, ...).
    fn pane(&self, format: &str) -> String {
        let out = self
            .cmd()
            .args(["display-message", "-p", "-t", "tui", format])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// The pid of flipscope: the child of the pane's shell.
    fn flipscope_pid(&self) -> String {
        let shell = self.pane("#{pane_pid}");
        let out = Command::new("pgrep").args(["-P", &shell]).output().unwrap();
        let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
        assert!(!pid.is_empty() && !pid.contains('\n'), "children: {pid:?}");
        pid
    }
}

/// Waits for a file to appear; its text.
fn wait_file(tmux: &Tmux, path: &Path) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !std::fs::read_to_string(path).is_ok_and(|t| t.ends_with('\n')) {
        assert!(
            Instant::now() < deadline,
            "{} never appeared; the screen:\n{}",
            path.display(),
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::fs::read_to_string(path).unwrap()
}

/// Whether `stty -a` shows a cooked terminal: echo and line buffering on.
fn cooked(stty: &str) -> bool {
    let flags: Vec<&str> = stty.split_whitespace().collect();
    flags.contains(&"echo") && flags.contains(&"icanon")
}

#[test]
fn terminating_signals_restore_the_terminal() {
    if !have_tmux() {
        return;
    }
    for (signal, number) in [("TERM", 15), ("HUP", 1), ("INT", 2), ("QUIT", 3)] {
        let dir = tempfile::tempdir().unwrap();
        let study = study_copy(dir.path());
        let tmux = Tmux {
            socket: format!("flipscope-sig{signal}-{}", std::process::id()),
        };
        let (exit_file, stty_file) = start_probed(&tmux, dir.path(), &study);
        tmux.wait_for(&["12 of 48 pairs"]);
        assert_eq!(tmux.pane("#{alternate_on}"), "1", "the TUI is on");
        let pid = tmux.flipscope_pid();
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .unwrap();
        assert!(status.success());
        let exit = wait_file(&tmux, &exit_file);
        assert_eq!(exit.trim(), format!("exit={}", 128 + number), "SIG{signal}");
        let stty = std::fs::read_to_string(&stty_file).unwrap();
        assert!(cooked(&stty), "SIG{signal} left the terminal raw:\n{stty}");
        assert_eq!(
            tmux.pane("#{alternate_on}"),
            "0",
            "SIG{signal}: alternate screen"
        );
        assert_eq!(
            tmux.pane("#{cursor_flag}"),
            "1",
            "SIG{signal}: cursor hidden"
        );
        let stderr = std::fs::read_to_string(dir.path().join("stderr")).unwrap();
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// The state letter of a process (`T` when stopped).
fn process_state(pid: &str) -> String {
    let out = Command::new("ps")
        .args(["-o", "stat=", "-p", pid])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Waits until `check` holds, or fails saying `what`.
fn wait_until(tmux: &Tmux, what: &str, check: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !check() {
        assert!(
            Instant::now() < deadline,
            "waited for {what}; the screen:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_stop_gives_the_terminal_back_and_a_resume_takes_it_again() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    let tmux = Tmux {
        socket: format!("flipscope-tstp-{}", std::process::id()),
    };
    let (exit_file, _) = start_probed(&tmux, dir.path(), &study);
    tmux.wait_for(&["12 of 48 pairs"]);
    let pid = tmux.flipscope_pid();
    let tty = tmux.pane("#{pane_tty}");
    let stty = || {
        let out = Command::new("stty")
            .args(["-a", "-F", &tty])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // An external SIGTSTP, then Ctrl-Z pressed (raw mode delivers it as a key).
    for (how, stop) in [("kill -TSTP", None), ("Ctrl-Z", Some("C-z"))] {
        match stop {
            None => assert!(
                Command::new("kill")
                    .args(["-TSTP", &pid])
                    .status()
                    .unwrap()
                    .success()
            ),
            Some(key) => tmux.keys(&[key]),
        }
        wait_until(&tmux, &format!("{how} to stop flipscope"), || {
            process_state(&pid).starts_with('T')
        });
        assert_eq!(tmux.pane("#{alternate_on}"), "0", "{how}: alternate screen");
        assert_eq!(tmux.pane("#{cursor_flag}"), "1", "{how}: cursor hidden");
        assert!(
            cooked(&stty()),
            "{how}: the terminal stayed raw:\n{}",
            stty()
        );
        // `fg`.
        assert!(
            Command::new("kill")
                .args(["-CONT", &pid])
                .status()
                .unwrap()
                .success()
        );
        wait_until(
            &tmux,
            &format!("the terminal taken back after {how}"),
            || tmux.pane("#{alternate_on}") == "1" && !cooked(&stty()),
        );
        // Redrawn whole, and keys work at once (no Enter needed).
        tmux.wait_for(&["12 of 48 pairs"]);
        tmux.keys(&["?"]);
        tmux.wait_for(&["Keys", "audit pair"]);
        tmux.keys(&["Escape"]);
        tmux.wait_for(&["12 of 48 pairs"]);
    }
    tmux.keys(&["q"]);
    let exit = wait_file(&tmux, &exit_file);
    assert_eq!(exit.trim(), "exit=0");
}

#[test]
fn a_decision_another_program_appends_while_the_tui_is_open_is_kept() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    let annotations = study.join("annotations.jsonl");
    let tmux = Tmux {
        socket: format!("flipscope-merge-{}", std::process::id()),
    };
    let exit_file = tmux.launch(dir.path(), &study, "merge");
    tmux.wait_for(&["12 of 48 pairs", "annotations: study dir"]);
    // `echo ... >> annotations.jsonl` by another program: a note on a fixture pair.
    let before = std::fs::read_to_string(&annotations).unwrap();
    let first = before.lines().next().unwrap();
    let mut theirs: serde_json::Value = serde_json::from_str(first).unwrap();
    theirs["action"] = "note".into();
    theirs["note"] = "written by another program".into();
    theirs.as_object_mut().unwrap().remove("tag");
    theirs["auditor"] = "sync".into();
    let theirs = theirs.to_string();
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&annotations)
        .unwrap();
    std::io::Write::write_all(&mut file, format!("{theirs}\n").as_bytes()).unwrap();
    drop(file);
    // Tag once in the TUI.
    tmux.keys(&["j", "j", "j", "j", "j", "6"]);
    tmux.wait_for(&[
        "tagged extra-predicate (saved); 1 decision another program added to the file was kept",
    ]);
    tmux.quit(&exit_file);
    let after = std::fs::read_to_string(&annotations).unwrap();
    assert!(after.starts_with(&before), "earlier decisions are kept");
    let added: Vec<&str> = after[before.len()..].lines().collect();
    assert_eq!(added.len(), 2, "{added:?}");
    assert_eq!(added[0], theirs, "their line is kept where they wrote it");
    assert!(
        added[1].contains("\"tag\":\"extra-predicate\""),
        "{}",
        added[1]
    );
}

#[test]
fn a_pair_whose_rtl_is_nested_too_deeply_opens_and_switches_oracle() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("deep");
    std::fs::create_dir_all(&study).unwrap();
    let rtl = format!(
        "if ({}a{}) begin\n  x = y;\nend\n",
        "(".repeat(2000),
        ")".repeat(2000)
    );
    let program = serde_json::json!({
        "id": "deep", "stratum": "s", "synchronous": false, "rtl": rtl,
        "reference": "property p; a |=> x == y; endproperty",
        "variants": {"T3": {"rtl": rtl}},
    });
    std::fs::write(study.join("programs.jsonl"), format!("{program}\n")).unwrap();
    let mut generations = String::new();
    for (variant, op) in [("original", "=="), ("T3", "!=")] {
        let g = serde_json::json!({
            "program": "deep", "variant": variant, "model": "m",
            "output": format!("property p; a |=> x {op} y; endproperty"),
        });
        generations.push_str(&format!("{g}\n"));
    }
    std::fs::write(study.join("generations.jsonl"), generations).unwrap();
    let tmux = Tmux {
        socket: format!("flipscope-deep-{}", std::process::id()),
    };
    let (exit_file, stty_file) = start_probed(&tmux, dir.path(), &study);
    tmux.wait_for(&["of 1 pairs"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["RTL original", "nested too deeply"]);
    tmux.keys(&["o"]);
    tmux.wait_for(&["oracle rtl"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["oracle rtl"]);
    // An Escape and a `q` read together are Alt-q to the terminal reader (the ESC
    // prefix), which is no quit: the TUI was busy rescoring when the two arrived in
    // one read and the journey waited 30 s for an exit (seen twice in full runs).
    // Nothing on screen changes with this Escape, so the keys are kept apart in time.
    std::thread::sleep(Duration::from_millis(300));
    tmux.keys(&["q"]);
    let exit = wait_file(&tmux, &exit_file);
    assert_eq!(exit.trim(), "exit=0", "{}", tmux.screen());
    assert!(cooked(&std::fs::read_to_string(&stty_file).unwrap()));
}

/// Issue 29, item 10: a scored pair whose condition holds 10,000 atoms opens, says that
/// it has no truth table, and takes every key typed at it in turn: 40 `j` and a `q`
/// are all handled within the usual deadlines (before, each key and frame took seconds).
#[test]
fn a_ten_thousand_atom_pair_opens_and_takes_every_key() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("big");
    std::fs::create_dir_all(&study).unwrap();
    let atoms: Vec<String> = (0..10_000).map(|i| format!("a{i}")).collect();
    let mut reversed = atoms.clone();
    reversed.reverse();
    let rtl = |c: &str| format!("if ({c}) begin\n  x = y;\nend\n");
    let property = |c: &str| format!("property p_x; ({c}) |=> x == y; endproperty");
    let condition = atoms.join(" && ");
    let program = serde_json::json!({
        "id": "big", "stratum": "nested-if/async", "synchronous": false,
        "rtl": rtl(&condition), "reference": property(&condition),
        "variants": {"T1": {"rtl": rtl(&reversed.join(" && "))}},
    });
    std::fs::write(study.join("programs.jsonl"), format!("{program}\n")).unwrap();
    // Scored already: the scorer's exact check of 10,000 atoms takes about 30 s (a
    // release build), which is not what this journey measures.
    let pair = serde_json::json!({
        "model": "m", "variant": "T1", "program": "big", "stratum": "nested-if/async",
        "behavior": "x=y", "flip": "CW", "oracle": "reference", "semantics": "two-state",
        "base": {"category": "correct", "correct": true, "property": property(&condition)},
        "trans": {"category": "dropped-predicate", "correct": false,
                  "property": property(&atoms[1..].join(" && "))},
    });
    std::fs::write(study.join("pairs.jsonl"), format!("{pair}\n")).unwrap();
    let tmux = Tmux {
        socket: format!("flipscope-big-{}", std::process::id()),
    };
    let (exit_file, stty_file) = start_probed(&tmux, dir.path(), &study);
    tmux.wait_for(&["of 1 pairs"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["no table: more than 1000 atoms"]);
    for _ in 0..40 {
        tmux.keys(&["j"]);
    }
    tmux.keys(&["q"]);
    let exit = wait_file(&tmux, &exit_file);
    assert_eq!(exit.trim(), "exit=0", "{}", tmux.screen());
    assert!(cooked(&std::fs::read_to_string(&stty_file).unwrap()));
}

#[test]
fn a_corrupt_annotations_file_opens_the_study_read_only_and_is_kept() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    let annotations = study.join("annotations.jsonl");
    let mut text = std::fs::read_to_string(&annotations).unwrap();
    text.push_str("{\"program\": \"p01\", this is not a decision\n");
    std::fs::write(&annotations, &text).unwrap();
    let tmux = Tmux {
        socket: format!("flipscope-corrupt-{}", std::process::id()),
    };
    let exit_file = tmux.launch(dir.path(), &study, "corrupt");
    // The good lines are still shown (dropped-predicate 3/6, as in the tagging journey).
    tmux.wait_for(&[
        "of 48 pairs",
        "annotations: read-only",
        "dropped-predicate 3/6",
    ]);
    tmux.keys(&["j", "j", "j", "j", "j", "6"]);
    tmux.wait_for(&["read-only"]);
    tmux.quit(&exit_file);
    assert_eq!(std::fs::read_to_string(&annotations).unwrap(), text);
}

#[test]
fn a_temporary_file_left_by_a_full_disk_is_removed_when_the_study_opens() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = study_copy(dir.path());
    let temp = study.join("annotations.jsonl.tmp");
    std::fs::write(&temp, "{\"program\": \"p01\", \"beh").unwrap();
    let tmux = Tmux {
        socket: format!("flipscope-stale-{}", std::process::id()),
    };
    let exit_file = tmux.launch(dir.path(), &study, "stale");
    tmux.wait_for(&["12 of 48 pairs", "annotations: study dir"]);
    assert!(
        !temp.exists(),
        "the partial temporary file still holds its space"
    );
    tmux.quit(&exit_file);
}

/// A study with programs and no generations yet opens on the programs screen, which
/// says how to generate; the variants and the next program can be browsed; then a
/// generated study shows its generation states behind `P`.
#[test]
fn journey_programs_before_and_after_generating() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("study");
    copy_dir(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/programs-only"),
        &study,
    );
    let tmux = Tmux {
        socket: format!("flipscope-test-programs-{}", std::process::id()),
    };
    let exit_file = tmux.launch(dir.path(), &study, "programs");
    let screen = tmux.wait_for(&["No generations yet", "Programs", "RTL original"]);
    assert!(
        screen.contains("flipscope generate") && screen.contains("--endpoint URL --model NAME"),
        "{screen}"
    );
    tmux.keys(&["Tab"]);
    tmux.wait_for(&["RTL T1", "variant 2/4"]);
    tmux.keys(&["j"]);
    // p11 has no T1: the second of its variants (T2) is shown.
    tmux.wait_for(&["RTL T2 (renamed", "variant 2/3"]);
    tmux.quit(&exit_file);
    drop(tmux);

    let states = dir.path().join("states");
    copy_dir(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/generation-states"),
        &states,
    );
    let tmux = Tmux {
        socket: format!("flipscope-test-states-{}", std::process::id()),
    };
    let exit_file = tmux.launch(dir.path(), &states, "states");
    tmux.wait_for(&["flip CW"]);
    tmux.keys(&["P"]);
    let screen = tmux.wait_for(&["Generations", "✂ truncated", "✗ failed", "· missing"]);
    assert!(screen.contains("m-a") && screen.contains("m-b"), "{screen}");
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["flip CW"]);
    tmux.quit(&exit_file);
}

/// Issue 17: an EquivSVA study (the fixture family `counter_0001`, verdicts from
/// `flipscope score`) opens on its family pairs; Enter opens the family screen with
/// the failing property's counterexample as a waveform table; a formal tag is saved
/// from there; `v` shows another implementation; Esc returns to the queue.
#[test]
fn journey_equivsva_family_screen_shows_a_counterexample() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("study");
    copy_dir(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/equivsva-study"),
        &study,
    );
    let tmux = Tmux {
        socket: format!("flipscope-family-{}", std::process::id()),
    };
    let exit_file = tmux.launch(dir.path(), &study, "family");
    // The queue opens on the losses (CW): the one family pair that loses its sound
    // property.
    tmux.wait_for(&["ternary_next", "counter_0001", "of 3 pairs"]);
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for(&[
        "Counterexample 1/4: p_full_late on ternary_next",
        "[property fails]",
        "canonical_next",
    ]);
    assert!(screen.contains("Transfer and mutants"), "{screen}");
    assert!(screen.contains("cycle"), "{screen}");
    tmux.keys(&["2"]);
    tmux.wait_for(&["tagged wrong-timing (saved)"]);
    // `/` searches the focused pane (the RTL after BackTab); n steps, Esc ends it.
    tmux.keys(&["BTab", "/"]);
    tmux.keys(&["endmodule", "Enter"]);
    tmux.wait_for(&["`endmodule`: match 1 of 1", "n next match"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["search ended"]);
    tmux.keys(&["v"]);
    tmux.wait_for(&["implementation: original", "the canonical implementation"]);
    tmux.keys(&["Escape"]);
    tmux.wait_for(&["of 3 pairs"]);
    tmux.quit(&exit_file);
    let annotations = std::fs::read_to_string(study.join("annotations.jsonl")).unwrap();
    assert!(annotations.contains("wrong-timing"), "{annotations}");
}
