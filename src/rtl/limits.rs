//! Limits checked before sv-parser sees a text. sv-parser's parser recurses once or
//! more per level of nesting and per binary operator, and takes time and memory that
//! grow faster than the text (a 1,000-deep `if` took 1.2 GB and 14 s, a 1.4 MB file
//! 2.5 GB), so deeper or bigger input gets a located error instead of a stack
//! overflow or an allocation failure. docs/rtl.md gives the limits and why.
//!
//! The same scan of blocks finds an `end` without a `begin`, which sv-parser reports
//! only where the text ends.

use crate::text::token::{Kind, Tokens};

/// Largest RTL text accepted, in bytes (the largest of 14,500 real VERT, EquivSVA and
/// AssertionBench files is 62 KB).
pub const MAX_SOURCE_BYTES: usize = 256 * 1024;

/// Deepest nesting accepted, counting brackets (`(`, `[`, `{`), blocks (`begin`,
/// `fork`, `case`, `module`, `generate`, ...) and statement prefixes (`if`, `else`,
/// loops, `always`, event and delay controls) that hold a statement without a block.
/// The 14,541 real texts (VERT, EquivSVA, AssertionBench) are all within the limits.
pub const MAX_NESTING: usize = 64;

/// Most operators accepted in one statement (sv-parser's cost grows with the square of
/// it: 512 took 250 MB). Real files have at most about 100.
pub const MAX_OPERATORS: usize = 256;

/// What went over a limit, at a byte offset of the scanned text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exceeded {
    pub offset: usize,
    pub message: String,
}

/// The text's size against [`MAX_SOURCE_BYTES`].
pub fn check_size(len: usize) -> Result<(), Exceeded> {
    if len <= MAX_SOURCE_BYTES {
        return Ok(());
    }
    Err(Exceeded {
        offset: 0,
        message: format!(
            "the RTL text is too large: {len} bytes, flipscope reads at most {MAX_SOURCE_BYTES} \
             (256 KiB) per text"
        ),
    })
}

/// A block opened by a keyword, and the keywords that close it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block {
    Begin,
    Fork,
    Case,
    Unit(&'static str),
}

impl Block {
    fn opened_by(word: &str, previous: &str, in_brackets: bool) -> Option<Block> {
        Some(match word {
            "begin" => Block::Begin,
            "fork" if !matches!(previous, "wait" | "disable") => Block::Fork,
            "case" | "casex" | "casez" | "randcase" => Block::Case,
            "module" | "macromodule" => Block::Unit("endmodule"),
            "program" => Block::Unit("endprogram"),
            "package" => Block::Unit("endpackage"),
            "generate" => Block::Unit("endgenerate"),
            // Not a generic interface port or a virtual interface handle.
            "interface" if !in_brackets && previous != "virtual" => Block::Unit("endinterface"),
            _ => return None,
        })
    }

    fn closed_by(self, word: &str) -> bool {
        match self {
            Block::Begin => word == "end",
            Block::Fork => matches!(word, "join" | "join_any" | "join_none"),
            Block::Case => word == "endcase",
            Block::Unit(end) => word == end,
        }
    }
}

fn is_closer(word: &str) -> bool {
    matches!(
        word,
        "end"
            | "join"
            | "join_any"
            | "join_none"
            | "endcase"
            | "endmodule"
            | "endprogram"
            | "endpackage"
            | "endgenerate"
            | "endinterface"
    )
}

/// Keywords that hold one statement after them (the statement may be another one).
fn is_prefix(word: &str) -> bool {
    matches!(
        word,
        "if" | "else"
            | "for"
            | "foreach"
            | "while"
            | "repeat"
            | "forever"
            | "do"
            | "wait"
            | "always"
            | "always_ff"
            | "always_comb"
            | "always_latch"
            | "initial"
            | "final"
    )
}

/// Tokens that are punctuation, not operators of an expression.
fn is_punctuation(op: &str) -> bool {
    matches!(op, "," | "." | ":" | "::" | "=" | ";" | "@" | "'")
}

#[derive(Default)]
struct Scan {
    brackets: usize,
    /// Open blocks, each with the levels it stands for.
    blocks: Vec<(Block, usize)>,
    /// The levels of the open blocks, summed.
    in_blocks: usize,
    /// Statement prefixes since the last block or statement boundary.
    run: usize,
    /// Operators since the last statement boundary.
    operators: usize,
}

impl Scan {
    fn level(&self) -> usize {
        self.brackets + self.in_blocks + self.run
    }

    fn open(&mut self, block: Block) {
        let levels = self.run.max(1);
        self.blocks.push((block, levels));
        self.in_blocks += levels;
        self.run = 0;
        self.operators = 0;
    }

    /// Closes the innermost block `word` closes (and any left open inside it); false
    /// when no open block is closed by it.
    fn close(&mut self, word: &str) -> bool {
        let Some(at) = self.blocks.iter().rposition(|(b, _)| b.closed_by(word)) else {
            return false;
        };
        for (_, levels) in self.blocks.drain(at..) {
            self.in_blocks -= levels;
        }
        self.run = 0;
        self.operators = 0;
        true
    }
}

/// Checks nesting and statement size of `text[region]` (the user's part of what
/// sv-parser will read), and that every `end` closes a `begin`.
pub fn check_shape(text: &str, region: std::ops::Range<usize>) -> Result<(), Exceeded> {
    let mut scan = Scan::default();
    let mut previous = "";
    let body = &text[region.clone()];
    for token in Tokens::new(body) {
        let word = token.text(body);
        let offset = region.start + token.start;
        match token.kind {
            Kind::Op => match word {
                // `'{` opens an assignment pattern, `[*`, `[=`, `[->` and `[+` a repetition.
                "(" | "[" | "{" | "'{" | "[*" | "[=" | "[->" | "[+" => scan.brackets += 1,
                ")" | "]" | "}" => scan.brackets = scan.brackets.saturating_sub(1),
                ";" => {
                    scan.operators = 0;
                    if scan.brackets == 0 {
                        scan.run = 0;
                    }
                }
                "@" | "#" => scan.run += 1,
                op if is_punctuation(op) => {}
                _ => {
                    scan.operators += 1;
                    if scan.operators > MAX_OPERATORS {
                        return Err(Exceeded {
                            offset,
                            message: format!(
                                "expression too long: more than {MAX_OPERATORS} operators in one \
                                 statement (flipscope's limit: sv-parser's time and memory grow \
                                 with the square of it)"
                            ),
                        });
                    }
                }
            },
            Kind::Ident => {
                if let Some(block) = Block::opened_by(word, previous, scan.brackets > 0) {
                    scan.open(block);
                } else if is_closer(word) {
                    if !scan.close(word) && word == "end" {
                        return Err(Exceeded {
                            offset,
                            message: "`end` without a matching `begin`".into(),
                        });
                    }
                } else if is_prefix(word) {
                    scan.run += 1;
                }
            }
            _ => {}
        }
        if scan.level() > MAX_NESTING {
            return Err(Exceeded {
                offset,
                message: format!(
                    "nested too deeply: more than {MAX_NESTING} levels of blocks, branches and \
                     brackets (flipscope's limit: sv-parser recurses on every level)"
                ),
            });
        }
        if token.kind == Kind::Ident {
            previous = word;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> Result<(), Exceeded> {
        check_shape(text, 0..text.len())
    }

    fn nested_ifs(n: usize, with_begin: bool) -> String {
        let mut s = String::new();
        for i in 0..n {
            s.push_str(&format!("if (a{i}) "));
            if with_begin {
                s.push_str("begin\n");
            }
        }
        s.push_str("x = y;\n");
        if with_begin {
            s.push_str(&"end\n".repeat(n));
        }
        s
    }

    #[test]
    fn nesting_up_to_the_limit_passes_and_one_more_fails() {
        // Each `if` is a level, and the `(` of the innermost condition one more.
        assert!(check(&nested_ifs(MAX_NESTING - 1, false)).is_ok());
        let e = check(&nested_ifs(MAX_NESTING, false)).unwrap_err();
        assert!(e.message.contains("nested too deeply"), "{e:?}");
        // `if (..) begin` is one level too.
        assert!(check(&nested_ifs(MAX_NESTING - 1, true)).is_ok());
        assert!(check(&nested_ifs(MAX_NESTING, true)).is_err());
        let parens = format!("if ({}a{}) x = y;", "(".repeat(70), ")".repeat(70));
        let e = check(&parens).unwrap_err();
        assert_eq!(
            e.offset,
            "if (".len() + MAX_NESTING - 2,
            "at the bracket too many"
        );
    }

    #[test]
    fn long_flat_text_passes() {
        let chain = (0..200).map(|i| format!("a{i}")).collect::<Vec<_>>();
        let text = format!("if ({}) x = y;\n", chain.join(" && ")).repeat(100);
        assert!(check(&text).is_ok());
        let elses = (0..500)
            .map(|i| format!("else if (b{i}) x = {i};\n"))
            .collect::<String>();
        assert!(check(&format!("if (a) x = 0;\n{elses}")).is_ok());
        let blocks = "begin\n  x = y;\nend\n".repeat(1000);
        assert!(check(&blocks).is_ok());
        let forks = "wait fork;\ndisable fork;\n".repeat(100);
        assert!(check(&forks).is_ok());
    }

    #[test]
    fn too_many_operators_in_one_statement_fail_at_the_operator() {
        // n + 1 operands: n operators.
        let chain = (0..MAX_OPERATORS + 2)
            .map(|i| format!("a{i}"))
            .collect::<Vec<_>>();
        let most = chain[..=MAX_OPERATORS].join(" && ");
        assert!(check(&format!("if ({most}) x = y;")).is_ok());
        let text = format!("if ({}) x = y;", chain.join(" && "));
        let e = check(&text).unwrap_err();
        assert!(e.message.contains("more than 256 operators"), "{e:?}");
        assert_eq!(&text[e.offset..e.offset + 2], "&&");
    }

    #[test]
    fn a_stray_end_is_found_where_it_is() {
        let text = "x = y;\nend\nz = w;\n";
        let e = check(text).unwrap_err();
        assert_eq!(e.offset, 7);
        assert!(e.message.contains("without a matching `begin`"));
        assert!(check("begin x = y; end").is_ok());
        assert!(check("case (s) 1: begin x = y; end endcase").is_ok());
    }

    #[test]
    fn size_limit() {
        assert!(check_size(MAX_SOURCE_BYTES).is_ok());
        assert!(check_size(MAX_SOURCE_BYTES + 1).is_err());
    }
}
