//! The newcomer's path: every shell block of README.md and docs/*.md marked runnable
//! (```` ```sh runnable ````) is run as written, in the order of its page, through a
//! real shell (bash) with the built binary first on `PATH`, in a workspace of its own:
//! a temporary directory holding a copy of `sample-runs/` and, beside it, `../shared`
//! (the shared data, never copied). A command that fails fails the test, with its page
//! and line. After a page's blocks, its tables marked `<!-- figures: NAME -->` are
//! compared with what the tool gives in the same workspace. docs/testing.md says how
//! to mark a block and what makes one runnable.

mod common;

use std::collections::BTreeMap;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::docs::{self, Figures};
use serde_json::Value;

/// The longest a page's commands may take (a debug build on a loaded 2-core machine;
/// the slowest page proves the EquivSVA dev split once).
const PAGE_DEADLINE: Duration = Duration::from_secs(30 * 60);

/// The pages with runnable blocks, each run by its own test below.
const PAGES: [&str; 4] = [
    "README.md",
    "docs/assertionbench.md",
    "docs/equivsva.md",
    "docs/sample-study.md",
];

/// A private place to follow a page: `repo/` (the working directory, with
/// `sample-runs/`), `shared` (a link to the shared data, so `../shared/data/...` works
/// from `repo/`) and `home/`.
struct Workspace {
    dir: tempfile::TempDir,
}

impl Workspace {
    /// `None` (the page is skipped) when the page needs the shared data and it is
    /// missing, unless `CI` is set.
    fn new(needs_data: bool) -> Option<Workspace> {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        common::tmux::copy_dir(&docs::root().join("sample-runs"), &repo.join("sample-runs"));
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        if needs_data {
            let data = common::shared_data("vert")?;
            let shared = data.parent()?.parent()?;
            std::os::unix::fs::symlink(shared, dir.path().join("shared")).unwrap();
        }
        Some(Workspace { dir })
    }

    fn repo(&self) -> PathBuf {
        self.dir.path().join("repo")
    }

    /// A shell in `repo/` with the binary first on PATH and private HOME, data,
    /// config and cache directories.
    fn shell(&self, script: &str) -> Command {
        let bin = Path::new(env!("CARGO_BIN_EXE_flipscope")).parent().unwrap();
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let home = self.dir.path().join("home");
        let mut c = Command::new("bash");
        c.args(["--noprofile", "--norc", "-o", "pipefail", "-c", script])
            .current_dir(self.repo())
            .env("PATH", path)
            .env("HOME", &home)
            .env("USER", "docs-test")
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_CACHE_HOME", common::cache_home())
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .process_group(0);
        c
    }

    /// Runs `script`; returns its status code, standard output and error.
    fn run(&self, script: &str) -> (Option<i32>, String, String) {
        let mut child = self
            .shell(script)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start bash");
        let mut out = child.stdout.take().unwrap();
        let mut err = child.stderr.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = out.read_to_end(&mut s);
            s
        });
        let err_reader = std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = err.read_to_end(&mut s);
            s
        });
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > PAGE_DEADLINE {
                // The whole process group of this shell: its commands too.
                let _ = Command::new("kill")
                    .args(["-KILL", &format!("-{}", child.id())])
                    .status();
                let _ = child.wait();
                panic!("the commands did not finish within {PAGE_DEADLINE:?}:\n{script}");
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let out = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
        let err = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
        (status.code(), out, err)
    }

    /// Runs one command that must succeed; its standard output.
    fn ok(&self, command: &str) -> String {
        let (code, out, err) = self.run(command);
        assert_eq!(code, Some(0), "`{command}` failed:\n{err}");
        out
    }
}

/// The script of a page's runnable blocks: each command as written, then a check of
/// its status that names the page and line (a failure anywhere in an `a && b` list
/// counts, which `set -e` would let pass).
fn script_of(page: &str, blocks: &[docs::Block]) -> String {
    let mut script = String::new();
    for block in blocks {
        for (line, command) in &block.commands {
            script.push_str(command);
            script.push_str(&format!(
                "\n__status=$?; if [ $__status -ne 0 ]; then echo \"docs-test: {page}:{line}: exit status $__status\" >&2; exit 100; fi\n"
            ));
        }
    }
    script
}

fn tail(text: &str, chars: usize) -> &str {
    let cut = text.len().saturating_sub(chars);
    let cut = (cut..=text.len())
        .find(|i| text.is_char_boundary(*i))
        .unwrap_or(0);
    &text[cut..]
}

/// Runs the runnable blocks of `name` in a workspace of its own, then checks its
/// figure tables; returns the workspace (None when skipped).
fn follow(name: &str) -> Option<Workspace> {
    let page = docs::page(name);
    let blocks = docs::runnable_blocks(&page.text);
    assert!(!blocks.is_empty(), "{name} has no runnable block");
    let needs_data = blocks
        .iter()
        .flat_map(|b| &b.commands)
        .any(|(_, c)| c.contains("../shared/"));
    let ws = Workspace::new(needs_data)?;
    let script = script_of(name, &blocks);
    let (code, out, err) = ws.run(&script);
    assert_eq!(
        code,
        Some(0),
        "a documented command failed.\n--- standard error (end) ---\n{}\n--- standard output (end) ---\n{}",
        tail(&err, 4000),
        tail(&out, 2000)
    );
    let mut problems = Vec::new();
    for table in docs::figure_tables(&page.text) {
        let (key_columns, tool) = figures(&ws, &table.name);
        problems.extend(docs::compare(name, &table, key_columns, &tool));
    }
    assert!(
        problems.is_empty(),
        "figures in the page differ from the tool's:\n{}",
        problems.join("\n")
    );
    Some(ws)
}

const EQUIVSVA_MODEL: &str = "mlx-community/Qwen2.5-Coder-7B-Instruct-4bit";

/// The tool's figures for the table marked `name`, computed in the workspace after the
/// page's blocks ran: how many key columns the table has, and the figures. Every
/// figure table of a page followed here has an entry.
fn figures(ws: &Workspace, name: &str) -> (usize, Figures) {
    let mut f = Figures::new();
    match name {
        // docs/equivsva.md: the authors' figures (their verdicts) against flipscope's
        // (the study the walk-through scored).
        "equivsva-dev" => {
            for (column, study) in [("authors", "authors"), ("flipscope", "study")] {
                let text = ws.ok(&format!(
                    "flipscope metrics {study} --format json --replicates 0"
                ));
                let report: Value = serde_json::from_str(&text).unwrap();
                let m = report["models"][EQUIVSVA_MODEL].as_object().unwrap();
                for (key, value) in m {
                    if value.is_u64() {
                        f.insert((key.clone(), column.into()), value.to_string());
                    }
                }
            }
            (1, f)
        }
        // docs/assertionbench.md: the importer's warnings by kind.
        "assertionbench-warnings" => {
            let text = std::fs::read_to_string(ws.repo().join("ab/import-warnings.jsonl")).unwrap();
            let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
            for line in text.lines() {
                let w: Value = serde_json::from_str(line).unwrap();
                *kinds.entry(w["kind"].as_str().unwrap().into()).or_default() += 1;
            }
            let total: usize = kinds.values().sum();
            for kind in [
                "summary-mismatch",
                "duplicate-run",
                "no-script",
                "extra-script",
                "no-top",
            ] {
                kinds.entry(kind.into()).or_default();
            }
            kinds.insert("total".into(), total);
            for (kind, n) in kinds {
                f.insert((kind, "count".into()), n.to_string());
            }
            (1, f)
        }
        // docs/sample-study.md: the calibrated counts of the sample study.
        "sample-calibration" => {
            let text = ws.ok("flipscope metrics sample-runs --format json --replicates 0");
            let report: Value = serde_json::from_str(&text).unwrap();
            for c in report["conditions"].as_array().unwrap() {
                let key = format!(
                    "{} / {}",
                    c["model"].as_str().unwrap(),
                    c["variant"].as_str().unwrap()
                );
                for column in ["N", "B", "L", "G"] {
                    f.insert((key.clone(), column.into()), c[column].to_string());
                }
            }
            (2, f)
        }
        other => panic!("no figures are known for the table marked `{other}`: add them here"),
    }
}

#[test]
fn every_page_with_runnable_blocks_is_followed_by_a_test() {
    let with_blocks: Vec<String> = docs::pages()
        .into_iter()
        .filter(|p| !docs::runnable_blocks(&p.text).is_empty())
        .map(|p| p.name)
        .collect();
    assert_eq!(
        with_blocks, PAGES,
        "add a test per page to tests/docs_commands.rs"
    );
}

#[test]
fn every_figure_table_is_in_a_followed_page() {
    for page in docs::pages() {
        let tables = docs::figure_tables(&page.text);
        // docs/formal-equivsva.md's table is checked by tests/prove_equivsva.rs.
        if page.name == "docs/formal-equivsva.md" {
            assert!(tables.iter().all(|t| t.name == "prove-equivsva-sound"));
            continue;
        }
        assert!(
            tables.is_empty() || PAGES.contains(&page.name.as_str()),
            "{}: figure tables outside the pages followed",
            page.name
        );
    }
}

#[test]
fn the_readme_is_followed_as_written() {
    follow("README.md");
}

#[test]
fn docs_assertionbench_is_followed_as_written() {
    follow("docs/assertionbench.md");
}

#[test]
fn docs_equivsva_is_followed_as_written() {
    follow("docs/equivsva.md");
}

#[test]
fn docs_sample_study_is_followed_as_written() {
    follow("docs/sample-study.md");
}

/// README.md and docs/generate.md: `flipscope score STUDY > STUDY/pairs.jsonl &&
/// flipscope metrics STUDY`, word for word from both pages, on a study with programs
/// and generations (a copy of the sample study named `my-study`). The shell creates
/// the empty pairs file before `score` runs; `score` does not read it.
#[test]
fn the_score_then_metrics_line_works_as_written() {
    let wanted = "flipscope score my-study > my-study/pairs.jsonl && flipscope metrics my-study";
    for name in ["README.md", "docs/generate.md"] {
        let page = docs::page(name);
        let line = page
            .text
            .lines()
            .find(|l| l.trim().starts_with("flipscope score my-study >"))
            .unwrap_or_else(|| panic!("{name} no longer has the score line"));
        assert_eq!(line.trim(), wanted, "{name}");
        let ws = Workspace::new(false).unwrap();
        ws.ok("cp -r sample-runs my-study");
        let (code, out, err) = ws.run(line);
        assert_eq!(code, Some(0), "{name}: `{line}` failed:\n{err}");
        assert!(out.contains("sim-qwen2.5-coder-7b"), "{out}");
        let pairs = std::fs::read_to_string(ws.repo().join("my-study/pairs.jsonl")).unwrap();
        assert_eq!(pairs.lines().count(), 1740);
        // Again: the pairs of the first run are not read by the second, and the
        // metrics read the new ones.
        let (code, again, err) = ws.run(line);
        assert_eq!(
            code,
            Some(0),
            "{name}: `{line}` failed the second time:\n{err}"
        );
        assert!(again.contains("my-study/pairs.jsonl"), "{again}");
    }
}

/// The markers themselves: what is runnable, how commands are cut.
#[test]
fn runnable_blocks_are_read_as_documented() {
    let text = "a\n```sh\nnot run\n```\n```sh runnable\n# a comment\nflipscope a \\\n  --b c   # d\n\nflipscope e\n```\n```text runnable\nx\n```\n````markdown\n```sh runnable\nquoted\n```\n````\n";
    let blocks = docs::runnable_blocks(text);
    assert_eq!(
        blocks.len(),
        1,
        "a block quoted in a longer fence is not run"
    );
    assert_eq!(blocks[0].line, 5);
    assert_eq!(
        blocks[0].commands,
        [
            (7, "flipscope a  --b c   # d".to_string()),
            (10, "flipscope e".to_string())
        ]
    );
    let ws = Workspace::new(false).unwrap();
    let script = script_of(
        "x.md",
        &docs::runnable_blocks("```sh runnable\ntrue && false\necho never\n```\n"),
    );
    let (code, out, err) = ws.run(&script);
    assert_eq!(code, Some(100));
    assert!(err.contains("docs-test: x.md:2: exit status 1"), "{err}");
    assert!(!out.contains("never"));
}

/// A figure table against the tool's figures: every figure column compared, word
/// columns not, listed names split, every difference located.
#[test]
fn figure_tables_are_compared_cell_by_cell() {
    let text = "<!-- figures: t -->\n| kind | count | what |\n| --- | ---: | --- |\n| `a` | 3 | words |\n| `b`, `c` | 1, 2 | more |\n| **total** | 7 | all |\n";
    let table = docs::figure_tables(text).pop().unwrap();
    let tool = |a: &str, b: &str, c: &str, total: &str| -> Figures {
        [("a", a), ("b", b), ("c", c), ("total", total)]
            .into_iter()
            .map(|(k, v)| ((k.to_string(), "count".to_string()), v.to_string()))
            .collect()
    };
    assert!(docs::compare("p.md", &table, 1, &tool("3", "1", "2", "7")).is_empty());
    let problems = docs::compare("p.md", &table, 1, &tool("3", "1", "5", "8"));
    assert_eq!(
        problems,
        [
            "p.md:5: `c`, count: the page says 2, the tool gives 5",
            "p.md:6: `total`, count: the page says 7, the tool gives 8"
        ]
    );
    let none = docs::compare("p.md", &table, 1, &Figures::new());
    assert!(
        none[0].contains("no column the tool gives figures for"),
        "{none:?}"
    );
}
