//! EquivSVA's names for properties against flipscope's: what the tests that compare
//! the authors' verdicts with flipscope's share.

/// The name flipscope gives the property EquivSVA's checker calls `name` in `response`:
/// the same for named and labelled ones; `inline_K` (the K-th `assert property`
/// statement) is flipscope's `assert_LINE_COLUMN` of that statement.
pub fn our_name(response: &str, name: &str) -> String {
    let Some(k) = name
        .strip_prefix("inline_")
        .and_then(|k| k.parse::<usize>().ok())
    else {
        return name.to_string();
    };
    let mut count = 0;
    let mut at = 0;
    while let Some(i) = response[at..].find("assert") {
        let start = at + i;
        let rest = response[start + 6..].trim_start();
        if rest.starts_with("property") && rest["property".len()..].trim_start().starts_with('(') {
            count += 1;
            if count == k {
                let (line, column) = flipscope::text::line_column(response, start);
                return format!("assert_{line}_{column}");
            }
        }
        at = start + 6;
    }
    name.to_string()
}
