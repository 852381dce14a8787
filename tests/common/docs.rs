//! The project's Markdown pages (README.md, docs/*.md) as the tests read them: the
//! shell blocks marked runnable (a fence opened with ```` ```sh runnable ````) and the
//! tables of figures marked with an `<!-- figures: NAME -->` line just above them,
//! which the tests compare with what the tool prints (docs/testing.md, "Documented
//! commands and figures"). A page's figure is written in one place, the page: a test
//! that checks it reads it from there.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// One Markdown page of the project.
pub struct Page {
    /// `README.md`, `docs/equivsva.md`, ...
    pub name: String,
    pub text: String,
}

/// The crate's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, then every docs/*.md by name.
pub fn pages() -> Vec<Page> {
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names.into_iter().map(|n| page(&n)).collect()
}

/// One page by name.
pub fn page(name: &str) -> Page {
    let text = std::fs::read_to_string(root().join(name))
        .unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
    Page {
        name: name.to_string(),
        text,
    }
}

/// A fenced block marked runnable: its commands, each with its line in the page
/// (continuation lines ending in `\` joined; blank and comment lines left out).
pub struct Block {
    pub line: usize,
    pub commands: Vec<(usize, String)>,
}

/// Whether a fence's info string marks a runnable shell block: `sh runnable`.
pub fn is_runnable(info: &str) -> bool {
    let words: Vec<&str> = info.split_whitespace().collect();
    matches!(words.first(), Some(&"sh")) && words.contains(&"runnable")
}

/// A fence line: how many backticks (three or more) open it, and its info string.
fn fence(line: &str) -> Option<(usize, &str)> {
    let t = line.trim_start();
    let n = t.chars().take_while(|c| *c == '`').count();
    (n >= 3).then(|| (n, &t[n..]))
}

/// The runnable blocks of a page, in order.
pub fn runnable_blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    while let Some((n, line)) = lines.next() {
        let Some((opening, info)) = fence(line) else {
            continue;
        };
        let runnable = is_runnable(info);
        let mut body: Vec<(usize, &str)> = Vec::new();
        for (m, inner) in lines.by_ref() {
            // A closing fence: as many backticks or more, and nothing after them.
            if fence(inner).is_some_and(|(f, rest)| f >= opening && rest.trim().is_empty()) {
                break;
            }
            body.push((m, inner));
        }
        if !runnable {
            continue;
        }
        let mut commands: Vec<(usize, String)> = Vec::new();
        let mut open: Option<(usize, String)> = None;
        for (m, inner) in body {
            let t = inner.trim();
            if open.is_none() && (t.is_empty() || t.starts_with('#')) {
                continue;
            }
            let (start, mut command) = open.take().unwrap_or((m, String::new()));
            if let Some(head) = t.strip_suffix('\\') {
                command.push_str(head);
                command.push(' ');
                open = Some((start, command));
            } else {
                command.push_str(t);
                commands.push((start, command));
            }
        }
        if let Some(c) = open {
            commands.push(c);
        }
        out.push(Block { line: n, commands });
    }
    out
}

/// A Markdown table marked `<!-- figures: NAME -->`.
pub struct FigureTable {
    pub name: String,
    /// The line of the marker.
    pub line: usize,
    pub header: Vec<String>,
    /// Each row with its line; cells without backticks and `**`.
    pub rows: Vec<(usize, Vec<String>)>,
}

fn cells(line: &str) -> Vec<String> {
    let t = line.trim().trim_start_matches('|').trim_end_matches('|');
    t.split('|')
        .map(|c| c.trim().replace(['`'], "").replace("**", ""))
        .collect()
}

/// Every figure table of a page.
pub fn figure_tables(text: &str) -> Vec<FigureTable> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.trim().strip_prefix("<!-- figures:") else {
            continue;
        };
        let name = rest.trim_end_matches("-->").trim().to_string();
        let mut j = i + 1;
        while j < lines.len() && lines[j].trim().is_empty() {
            j += 1;
        }
        let mut rows = Vec::new();
        let mut header = Vec::new();
        while j < lines.len() && lines[j].trim_start().starts_with('|') {
            let row = cells(lines[j]);
            if header.is_empty() {
                header = row;
            } else if !row.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) {
                rows.push((j + 1, row));
            }
            j += 1;
        }
        assert!(
            !header.is_empty(),
            "line {}: the figures marker `{name}` is not followed by a table",
            i + 1
        );
        out.push(FigureTable {
            name,
            line: i + 1,
            header,
            rows,
        });
    }
    out
}

/// The figure table `name` of `page`; fails when the page has none.
pub fn figure_table(page_name: &str, name: &str) -> FigureTable {
    figure_tables(&page(page_name).text)
        .into_iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("{page_name} has no table marked `<!-- figures: {name} -->`"))
}

/// Figures the tool gives: (row key, column) to the value as the page writes it.
pub type Figures = BTreeMap<(String, String), String>;

/// Compares a figure table with the tool's figures: the first `key_columns` cells of a
/// row (joined with ` / `) name it; in every column the tool has figures for (the
/// others are words, such as a "what" column), each cell must be the tool's figure for
/// its row and column. A row whose key cell lists several names (`a, b, c`) with as
/// many values (`3, 1, 9`) is one row per name. Returns every difference, located in
/// the page.
pub fn compare(page: &str, table: &FigureTable, key_columns: usize, tool: &Figures) -> Vec<String> {
    let mut problems = Vec::new();
    let checked = |column: &String| tool.keys().any(|(_, c)| c == column);
    if !table.header.iter().any(checked) {
        problems.push(format!(
            "{page}:{}: the table `{}` has no column the tool gives figures for",
            table.line, table.name
        ));
    }
    for (line, row) in &table.rows {
        let key = row[..key_columns.min(row.len())].join(" / ");
        for (column, cell) in table.header.iter().zip(row).skip(key_columns) {
            if !checked(column) {
                continue;
            }
            let names: Vec<&str> = key.split(", ").collect();
            let values: Vec<&str> = cell.split(", ").collect();
            let split = names.len() > 1 && names.len() == values.len();
            let pairs: Vec<(String, String)> = if split {
                names
                    .iter()
                    .zip(&values)
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect()
            } else {
                vec![(key.clone(), cell.clone())]
            };
            for (k, value) in pairs {
                match tool.get(&(k.clone(), column.clone())) {
                    Some(v) if *v == value => {}
                    Some(v) => problems.push(format!(
                        "{page}:{line}: `{k}`, {column}: the page says {value}, the tool gives {v}"
                    )),
                    None => problems.push(format!(
                        "{page}:{line}: `{k}`, {column}: the tool gives no such figure (the page says {value})"
                    )),
                }
            }
        }
    }
    problems
}
