//! Pairs files read fast, for figures over a whole study: each file in large chunks
//! cut at line ends (read and hashed on a thread of its own while the previous chunk
//! is parsed), each line read as a borrowed [`PairView`]. Memory is a few chunks,
//! whatever the size of the file. Anything unusual (a line the study loader would
//! report, a file it would refuse) is [`Unusual`]: the caller then loads the study
//! the ordinary way, which says what is wrong, so results and messages never differ.

mod chunks;
mod scan;
pub mod view;

pub use chunks::{CHUNK_BYTES, read_chunks};
pub use scan::scan_view;
pub use view::{PairView, SideView, Unusual, read_view};

/// One line read: by the hand scanner when it is sure of it, else by serde.
pub fn read_line(line: &[u8]) -> Result<PairView<'_>, Unusual> {
    match scan_view(line) {
        Some(view) => Ok(view),
        None => read_view(line),
    }
}

/// The lines of a chunk (each without its `\n`, a trailing `\r` removed), blank ones
/// skipped as the loader skips them.
pub fn lines(chunk: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(chunk);
    std::iter::from_fn(move || {
        let r = rest?;
        Some(match memchr::memchr(b'\n', r) {
            Some(end) => {
                rest = Some(&r[end + 1..]);
                &r[..end]
            }
            None => {
                rest = None;
                r
            }
        })
    })
    .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
    .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
}

/// `chunk` cut into about `parts` pieces at line ends, for parsing in parallel.
pub fn pieces(chunk: &[u8], parts: usize) -> Vec<&[u8]> {
    let size = chunk.len().div_ceil(parts.max(1)).max(1);
    let mut out = Vec::with_capacity(parts);
    let mut rest = chunk;
    while !rest.is_empty() {
        if rest.len() <= size {
            out.push(rest);
            break;
        }
        let cut = match rest[size..].iter().position(|&b| b == b'\n') {
            Some(i) => size + i + 1,
            None => rest.len(),
        };
        out.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cut_at_line_ends_and_keep_every_byte() {
        let text = b"a\nbb\n\nccc\r\ndddd\ne";
        for parts in 1..8 {
            let p = pieces(text, parts);
            assert_eq!(p.concat(), text.to_vec());
            assert!(p[..p.len() - 1].iter().all(|s| s.ends_with(b"\n")));
        }
        let all: Vec<&[u8]> = lines(text).collect();
        assert_eq!(all, [&b"a"[..], b"bb", b"ccc", b"dddd", b"e"]);
    }
}
