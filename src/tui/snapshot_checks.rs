//! Checks over every stored snapshot of the TUI's views (issue 27): at 120x40 and
//! 200x60, where every identifier the fixtures hold fits its column, none is cut with
//! `…` (a character of a name on both sides of it). Only 80x24 may cut names, and its
//! cuts keep them distinct (the widgets' own tests).

use std::path::{Path, PathBuf};

fn snapshots(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            snapshots(&path, out);
        } else if path.extension().is_some_and(|e| e == "snap") {
            out.push(path);
        }
    }
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The lines of `text` holding a name cut by `…`.
fn cut_names(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| {
            let chars: Vec<char> = line.chars().collect();
            chars
                .windows(3)
                .any(|w| w[1] == '…' && is_name_char(w[0]) && is_name_char(w[2]))
        })
        .collect()
}

#[test]
fn wide_snapshots_cut_no_name() {
    let mut all = Vec::new();
    snapshots(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui"),
        &mut all,
    );
    let wide: Vec<&PathBuf> = all
        .iter()
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with("_120x40.snap") || name.ends_with("_200x60.snap")
        })
        .collect();
    assert!(wide.len() > 60, "the snapshots are found: {}", wide.len());
    let mut found = Vec::new();
    for path in wide {
        let text = std::fs::read_to_string(path).unwrap();
        for line in cut_names(&text) {
            found.push(format!("{}: {line}", path.display()));
        }
    }
    assert!(
        found.is_empty(),
        "names cut at a wide size:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_cut_name_is_found_and_prose_is_not() {
    assert_eq!(cut_names("│ qwen…r-7b T1 │\ncomputing…\ncopy… \n").len(), 1);
}
