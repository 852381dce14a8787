//! The harness: every property's monitor placed inside the top module (so that it sees
//! the module's internal signals too), just before its `endmodule`, after a header that
//! holds the reset assumption. Each block's lines are remembered, so a message of yosys
//! about a line of the harness is laid at the door of the property (or the reset
//! expression) that wrote it, and a message about the design gets the user's line back.

use super::super::lower::emit::{DEAD, PREFIX, TRUE};
use super::super::lower::{FIRST, Lowered, VALID};

/// The register behind [`DEAD`].
const LIVE: &str = "flipscope_live";

/// A monitor block to place: the entry it belongs to and its lowered text.
pub struct Entry<'a> {
    pub lowered: &'a Lowered,
}

/// The top file with the monitors in it.
#[derive(Clone, Debug)]
pub struct Harness {
    pub text: String,
    /// The 1-based lines of each entry's block (inclusive).
    pub blocks: Vec<(usize, usize)>,
    /// The lines of the header with the reset expression.
    pub header: (usize, usize),
    /// The last line before the inserted text, and how many lines were inserted.
    pub after_line: usize,
    pub inserted: usize,
    /// The reset assumption's clock events, one `valid` wire each (in order).
    pub clocks: Vec<String>,
}

/// What a line of the harness file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of the user's file (its number there).
    User(usize),
    Header,
    /// A line of entry `i`'s block.
    Block(usize),
}

impl Harness {
    pub fn line(&self, n: usize) -> Line {
        if n <= self.after_line {
            return Line::User(n);
        }
        if n >= self.after_line + self.inserted {
            return Line::User(n - self.inserted);
        }
        if (self.header.0..=self.header.1).contains(&n) {
            return Line::Header;
        }
        match self.blocks.iter().position(|&(a, b)| (a..=b).contains(&n)) {
            Some(i) => Line::Block(i),
            None => Line::Header,
        }
    }

    /// The prefix of entry `i`'s names.
    pub fn prefix(i: usize) -> String {
        format!("flipscope_p{i}_")
    }
}

/// Places `entries` into `text` before byte `end` (the top module's `endmodule`),
/// with `reset` (a Verilog expression) assumed at the first tick of each clock.
pub fn build(text: &str, end: usize, entries: &[Entry], reset: Option<&str>) -> Harness {
    let before = &text[..end];
    let after_line = before.matches('\n').count() + 1;
    let mut lines: Vec<String> = vec![String::new()];
    let mut clocks: Vec<String> = Vec::new();
    for e in entries {
        let event = e.lowered.clock.to_string();
        if !clocks.contains(&event) {
            clocks.push(event);
        }
    }
    lines.push("// flipscope: property monitors".to_string());
    lines.push(format!("wire {TRUE} = 1'b1;"));
    // Always 0, but a register, so that no exposed wire is a constant (write_aiger's
    // map lists no constant output).
    let event = clocks
        .first()
        .cloned()
        .unwrap_or_else(|| "posedge clk".to_string());
    lines.push(format!("reg {LIVE} = 1'b1;"));
    lines.push(format!("always @({event}) {LIVE} <= 1'b1;"));
    lines.push(format!("wire {DEAD} = !{LIVE};"));
    let header_start = after_line + lines.len();
    let assumed = reset.map_or("1'b1".to_string(), |r| format!("|({r})"));
    for (k, event) in clocks.iter().enumerate() {
        lines.push(format!("reg flipscope_first{k} = 1'b1;"));
        lines.push(format!("reg flipscope_reset{k} = 1'b0;"));
        lines.push(format!(
            "always @({event}) begin flipscope_first{k} <= 1'b0; if (flipscope_first{k}) flipscope_reset{k} <= {assumed}; end"
        ));
        lines.push(format!(
            "wire flipscope_valid{k} = flipscope_first{k} ? {assumed} : flipscope_reset{k};"
        ));
    }
    let header_end = after_line + lines.len() - 1;
    let mut blocks = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let k = clocks
            .iter()
            .position(|c| *c == e.lowered.clock.to_string())
            .unwrap_or(0);
        let first = after_line + lines.len();
        let body = e
            .lowered
            .text
            .replace(PREFIX, &Harness::prefix(i))
            .replace(VALID, &format!("flipscope_valid{k}"))
            .replace(FIRST, &format!("flipscope_first{k}"));
        lines.extend(body.lines().map(str::to_string));
        blocks.push((first, after_line + lines.len() - 1));
    }
    lines.push("// flipscope: end of monitors".to_string());
    let inserted = lines.len();
    let mut out = String::with_capacity(text.len() + inserted * 60);
    out.push_str(before);
    out.push_str(&lines.join("\n"));
    out.push('\n');
    out.push_str(&text[end..]);
    Harness {
        text: out,
        blocks,
        header: (header_start, header_end.max(header_start)),
        after_line,
        inserted,
        clocks,
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::property::ast::ClockEvent;
    use super::*;

    #[test]
    fn maps_lines_back() {
        let lowered = Lowered {
            text: "wire @P@b1 = a;\n(* keep *) wire @P@bad = @V@ && @P@b1;\n".into(),
            clock: ClockEvent {
                posedge: true,
                signal: "clk".into(),
            },
            trace: vec![],
        };
        let text = "module t(input clk, input a);\nendmodule\n";
        let end = text.find("endmodule").unwrap();
        let h = build(
            text,
            end,
            &[Entry { lowered: &lowered }, Entry { lowered: &lowered }],
            Some("rst"),
        );
        let lines: Vec<&str> = h.text.lines().collect();
        let (a, b) = h.blocks[1];
        assert_eq!(lines[a - 1], "wire flipscope_p1_b1 = a;");
        assert_eq!(
            lines[b - 1],
            "(* keep *) wire flipscope_p1_bad = flipscope_valid0 && flipscope_p1_b1;"
        );
        assert_eq!(h.line(1), Line::User(1));
        assert_eq!(h.line(a), Line::Block(1));
        assert_eq!(h.line(h.header.0), Line::Header);
        assert_eq!(*lines.last().unwrap(), "endmodule");
        assert_eq!(h.line(lines.len()), Line::User(2));
        assert!(h.text.contains("flipscope_reset0 <= |(rst);"));
    }
}
