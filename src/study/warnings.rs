//! Warnings of a study load, tallied: the same warning in the same file is reported
//! once, at its first place, with the number of lines it concerns.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::error::LocatedError;
use super::record_line::Line;

/// Collected warnings, in the order first seen.
#[derive(Debug, Default)]
pub struct Warnings {
    first: Vec<(LocatedError, usize)>,
    index: HashMap<(String, String), usize>,
}

impl Warnings {
    /// Records a warning (counted with the earlier ones of the same file and message).
    pub fn add(&mut self, w: LocatedError) {
        let key = (w.location.file.clone(), w.message.clone());
        match self.index.get(&key) {
            Some(&i) => self.first[i].1 += 1,
            None => {
                self.index.insert(key, self.first.len());
                self.first.push((w, 1));
            }
        }
    }

    /// Warns about every unknown field of `extra`, found under the member `prefix`.
    pub fn extra(&mut self, at: &Line, prefix: &[&str], extra: &Map<String, Value>) {
        for key in extra.keys() {
            let mut path: Vec<&str> = prefix.to_vec();
            path.push(key);
            let message = format!(
                "unknown field \"{}\" (kept, not used by flipscope)",
                path.join(".")
            );
            self.add(at.at_key(&path, message));
        }
    }

    /// The warnings, each saying on how many lines it occurs when more than one.
    pub fn into_vec(self) -> Vec<LocatedError> {
        self.first
            .into_iter()
            .map(|(mut w, n)| {
                if n > 1 {
                    w.message = format!("{} (on {n} lines; the first is shown)", w.message);
                }
                w
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_warning_is_tallied_per_file() {
        let mut w = Warnings::default();
        let text = r#"{"id": "p", "x": 1}"#;
        let extra: Map<String, Value> = serde_json::from_str(r#"{"x": 1}"#).unwrap();
        for line in 1..=3 {
            w.extra(
                &Line {
                    file: "a.jsonl",
                    line,
                    text,
                },
                &[],
                &extra,
            );
        }
        w.extra(
            &Line {
                file: "b.jsonl",
                line: 9,
                text,
            },
            &[],
            &extra,
        );
        let out = w.into_vec();
        assert_eq!(out.len(), 2);
        assert_eq!(
            out[0].to_string(),
            "a.jsonl:1:13: unknown field \"x\" (kept, not used by flipscope) (on 3 lines; the first is shown)"
        );
        assert_eq!(out[1].location.line, 9);
    }
}
