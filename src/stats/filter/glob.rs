//! Value patterns of the filter language: exact text, `*`/`?` globs, and
//! case-insensitive substrings.

/// One alternative of a filter term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pattern {
    /// Equal text.
    Exact(String),
    /// `*` matches any run of characters (also none), `?` exactly one.
    Glob(Vec<char>),
    /// Contains the text, ignoring case (stored lowercased).
    Contains(String),
}

impl Pattern {
    /// An `=`/`!=` pattern: a glob when it holds `*` or `?`, exact otherwise.
    pub fn equality(text: &str) -> Self {
        if text.contains(['*', '?']) {
            Pattern::Glob(text.chars().collect())
        } else {
            Pattern::Exact(text.to_string())
        }
    }

    /// A `~` pattern.
    pub fn contains(text: &str) -> Self {
        Pattern::Contains(text.to_lowercase())
    }

    pub fn matches(&self, value: &str) -> bool {
        match self {
            Pattern::Exact(t) => t == value,
            Pattern::Glob(g) => glob_match(g, value),
            Pattern::Contains(t) => contains_ignore_case(value, t),
        }
    }
}

/// Wildcard matching with one backtrack point (linear in practice, no recursion).
fn glob_match(pattern: &[char], text: &str) -> bool {
    let text: Vec<char> = text.chars().collect();
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        if p < pattern.len() && (pattern[p] == '?' || (pattern[p] != '*' && pattern[p] == text[t]))
        {
            p += 1;
            t += 1;
        } else if p < pattern.len() && pattern[p] == '*' {
            star = Some((p, t));
            p += 1;
        } else if let Some((sp, st)) = star {
            p = sp + 1;
            t = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

/// Whether `haystack` contains `needle_lower` (already lowercased), ignoring case;
/// without allocating when the needle is ASCII.
fn contains_ignore_case(haystack: &str, needle_lower: &str) -> bool {
    if needle_lower.is_empty() {
        return true;
    }
    if needle_lower.is_ascii() {
        let (h, n) = (haystack.as_bytes(), needle_lower.as_bytes());
        return h.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n));
    }
    haystack.to_lowercase().contains(needle_lower)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        let g = |p: &str, t: &str| Pattern::equality(p).matches(t);
        assert!(g("qwen*", "qwen2.5-coder-7b"));
        assert!(!g("qwen*", "deepseek"));
        assert!(g("T?", "T2"));
        assert!(!g("T?", "T23"));
        assert!(g("*", ""));
        assert!(g("a*b*c", "axxbyyc"));
        assert!(!g("a*b*c", "axxbyy"));
        assert!(g("*coder*", "deepseek-coder-v2-lite"));
        assert!(g("T2", "T2") && !g("T2", "t2"));
    }

    #[test]
    fn substrings_ignore_case() {
        let c = |p: &str, t: &str| Pattern::contains(p).matches(t);
        assert!(c("Coder", "deepseek-coder"));
        assert!(c("", "x"));
        assert!(!c("coders", "coder"));
        assert!(c("ÉTÉ", "un été"));
    }
}
