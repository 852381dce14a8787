//! The agreement of JasperGold's and flipscope's verdicts as plain-text tables: the
//! counts by verdict, the compared and agreeing assertions, and the differing verdicts
//! by cause. `flipscope reprove` prints them; the TUI's assertions metrics (`M`) show
//! the same text over the assertions its filter keeps.

use super::agreement::{Agreement, flipscope_word};

/// The agreement table as aligned text.
pub fn agreement_table(a: &Agreement) -> String {
    let columns = a.columns();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec!["JasperGold \\ flipscope".to_string()];
    header.extend(columns.iter().map(|c| flipscope_word(*c).to_string()));
    header.push("total".into());
    rows.push(header);
    for r in a.rows() {
        let label = match r {
            crate::reproof::ExternalClass::Error => "error (whole file)".to_string(),
            crate::reproof::ExternalClass::None => "none (no verdict)".to_string(),
            crate::reproof::ExternalClass::BindNotTaken => {
                "bind-not-taken (not compared)".to_string()
            }
            other => other.as_str().to_string(),
        };
        let mut row = vec![label];
        let mut total = 0;
        for c in &columns {
            let n = a.count(r, *c);
            total += n;
            row.push(n.to_string());
        }
        row.push(total.to_string());
        rows.push(row);
    }
    let mut totals = vec!["total".to_string()];
    for c in &columns {
        let n: usize = a.rows().iter().map(|r| a.count(*r, *c)).sum();
        totals.push(n.to_string());
    }
    totals.push(a.total.to_string());
    rows.push(totals);
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for (k, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 0 {
                    format!("{c:<w$}", w = widths[i])
                } else {
                    format!("{c:>w$}", w = widths[i])
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
        if k == 0 || k == rows.len() - 2 {
            let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
            out.push_str(&rule.join("  "));
            out.push('\n');
        }
    }
    let pct = |n: usize, d: usize| {
        if d == 0 {
            "n/a".to_string()
        } else {
            format!("{:.1}%", 100.0 * n as f64 / d as f64)
        }
    };
    out.push_str(&format!(
        "compared (proven or cex on both sides): {}; agree {} ({}), disagree {}\n",
        a.compared,
        a.agree,
        pct(a.agree, a.compared),
        a.disagreements.len()
    ));
    out.push_str(&cause_table(a));
    out
}

/// The verdicts that differ, by cause (docs/assertionbench.md): one row per cause
/// found, each with both directions.
pub fn cause_table(a: &Agreement) -> String {
    if a.by_cause.is_empty() {
        return String::new();
    }
    let mut rows: Vec<[String; 4]> = vec![[
        "cause of differing verdicts".into(),
        "proven/cex".into(),
        "cex/proven".into(),
        "total".into(),
    ]];
    for (cause, (pc, cp)) in &a.by_cause {
        rows.push([
            cause.label().to_string(),
            pc.to_string(),
            cp.to_string(),
            (pc + cp).to_string(),
        ]);
    }
    let w: Vec<usize> = (0..4)
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for (k, r) in rows.iter().enumerate() {
        out.push_str(&format!(
            "{:<a$}  {:>b$}  {:>c$}  {:>d$}\n",
            r[0],
            r[1],
            r[2],
            r[3],
            a = w[0],
            b = w[1],
            c = w[2],
            d = w[3]
        ));
        if k == 0 {
            let rule: Vec<String> = w.iter().map(|n| "-".repeat(*n)).collect();
            out.push_str(&rule.join("  "));
            out.push('\n');
        }
    }
    out.push_str("(JasperGold/flipscope; list one cause with: flipscope assertions STUDY --filter cause=NAME)\n");
    out
}
