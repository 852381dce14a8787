//! AssertionBench's file and folder names: the four models as the files spell them
//! (`gpt_3.5`, `gpt_4o`, `llama2`, `llama3`), the shot count (`_1shot`, `_5shot`), and
//! the three places a run's name appears: `property_<model>_<k>shot.sva`,
//! `jg_<tag>_<k>shot.out` and the project folder `<prefix>_<model>[_<k>shot]`.

use std::fmt;

/// A model of the benchmark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Model {
    /// ChatGPT 3.5 (`gpt_3.5`).
    Gpt35,
    /// GPT-4o, the paper's "ChatGPT 4.0" column (`gpt_4o`).
    Gpt4o,
    /// CodeLLaMa2-70B (`llama2`).
    CodeLlama2,
    /// LLaMa3-70B (`llama3`).
    Llama3,
}

impl Model {
    /// Every model, in the paper's column order.
    pub const ALL: [Model; 4] = [Model::Gpt35, Model::Gpt4o, Model::CodeLlama2, Model::Llama3];

    /// The model's name in a study: `gpt-3.5`, `gpt-4o`, `codellama2-70b`, `llama3-70b`.
    pub fn name(self) -> &'static str {
        match self {
            Model::Gpt35 => "gpt-3.5",
            Model::Gpt4o => "gpt-4o",
            Model::CodeLlama2 => "codellama2-70b",
            Model::Llama3 => "llama3-70b",
        }
    }

    /// How property files and project folders spell it: `gpt_3.5`, `gpt_4o`, `llama2`,
    /// `llama3`.
    pub fn file_tag(self) -> &'static str {
        match self {
            Model::Gpt35 => "gpt_3.5",
            Model::Gpt4o => "gpt_4o",
            Model::CodeLlama2 => "llama2",
            Model::Llama3 => "llama3",
        }
    }

    /// How `jg_<tag>_<k>shot.out` spells it: `3.5`, `4o`, `llama2`, `llama3`.
    pub fn out_tag(self) -> &'static str {
        match self {
            Model::Gpt35 => "3.5",
            Model::Gpt4o => "4o",
            Model::CodeLlama2 => "llama2",
            Model::Llama3 => "llama3",
        }
    }

    /// The model a study names (the inverse of [`Model::name`]).
    pub fn from_name(name: &str) -> Option<Model> {
        Model::ALL.into_iter().find(|m| m.name() == name)
    }

    fn from_file_tag(tag: &str) -> Option<Model> {
        Model::ALL.into_iter().find(|m| m.file_tag() == tag)
    }

    fn from_out_tag(tag: &str) -> Option<Model> {
        Model::ALL.into_iter().find(|m| m.out_tag() == tag)
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One run of the benchmark: a model and its shot count. `shots` is `None` for the
/// earlier GPT run whose files carry no shot count (`property_gpt_3.5.sva`, project
/// folders `<prefix>_gpt_3.5/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RunName {
    pub model: Model,
    pub shots: Option<u32>,
}

impl RunName {
    /// The property file of this run: `property_gpt_4o_5shot.sva`, `property_gpt_3.5.sva`.
    pub fn property_file(self) -> String {
        format!(
            "property_{}{}.sva",
            self.model.file_tag(),
            shot_suffix(self.shots)
        )
    }

    /// The project folder of this run under `prefix`: `fht_bfly_llama2_1shot`.
    pub fn project_folder(self, prefix: &str) -> String {
        format!(
            "{prefix}_{}{}",
            self.model.file_tag(),
            shot_suffix(self.shots)
        )
    }

    /// A cell of the benchmark's table: `llama2 1-shot`, `gpt_3.5 (no shot count)`.
    pub fn label(self) -> String {
        match self.shots {
            Some(k) => format!("{} {k}-shot", self.model.file_tag()),
            None => format!("{} (no shot count)", self.model.file_tag()),
        }
    }
}

impl fmt::Display for RunName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

fn shot_suffix(shots: Option<u32>) -> String {
    shots.map(|k| format!("_{k}shot")).unwrap_or_default()
}

/// `_<k>shot` at the end of `rest` (`k` one or more digits): the text before and `k`.
fn split_shots(rest: &str) -> (&str, Option<u32>) {
    if let Some(body) = rest.strip_suffix("shot")
        && let Some(us) = body.rfind('_')
        && let Ok(k) = body[us + 1..].parse::<u32>()
        && body[us + 1..].bytes().all(|b| b.is_ascii_digit())
    {
        return (&body[..us], Some(k));
    }
    (rest, None)
}

/// The run of a model-written property file: `property_<model>[_<k>shot].sva`. Other
/// property files (`property_goldmine.sva`, `property_1.sva`) are not runs.
pub fn property_file_run(file: &str) -> Option<RunName> {
    let rest = file.strip_prefix("property_")?.strip_suffix(".sva")?;
    let (model, shots) = split_shots(rest);
    Some(RunName {
        model: Model::from_file_tag(model)?,
        shots,
    })
}

/// The run of a JasperGold stdout file: `jg_<tag>_<k>shot.out`, with `typo` set for the
/// misspelt `jg_4o_1shout.out` some folders have.
pub fn out_file_run(file: &str) -> Option<(RunName, bool)> {
    let rest = file.strip_prefix("jg_")?.strip_suffix(".out")?;
    let (rest, typo) = match rest.strip_suffix("shout") {
        Some(body) => (format!("{body}shot"), true),
        None => (rest.to_string(), false),
    };
    let (model, shots) = split_shots(&rest);
    let shots = shots?;
    Some((
        RunName {
            model: Model::from_out_tag(model)?,
            shots: Some(shots),
        },
        typo,
    ))
}

/// The run and prefix of a project folder: `<prefix>_<model>[_<k>shot]`.
pub fn project_folder_run(folder: &str) -> Option<(&str, RunName)> {
    let (rest, shots) = split_shots(folder);
    Model::ALL.into_iter().find_map(|model| {
        let prefix = rest.strip_suffix(model.file_tag())?.strip_suffix('_')?;
        (!prefix.is_empty()).then_some((prefix, RunName { model, shots }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(model: Model, shots: Option<u32>) -> RunName {
        RunName { model, shots }
    }

    #[test]
    fn property_files() {
        assert_eq!(
            property_file_run("property_gpt_3.5_1shot.sva"),
            Some(run(Model::Gpt35, Some(1)))
        );
        assert_eq!(
            property_file_run("property_llama2_5shot.sva"),
            Some(run(Model::CodeLlama2, Some(5)))
        );
        assert_eq!(
            property_file_run("property_gpt_3.5.sva"),
            Some(run(Model::Gpt35, None))
        );
        assert_eq!(property_file_run("property_goldmine.sva"), None);
        assert_eq!(property_file_run("property_1.sva"), None);
        assert_eq!(property_file_run("property_llama3_5shot.sva.bak"), None);
        for m in Model::ALL {
            for shots in [None, Some(1), Some(5)] {
                let r = run(m, shots);
                assert_eq!(property_file_run(&r.property_file()), Some(r));
            }
        }
    }

    #[test]
    fn out_files_and_the_typo() {
        assert_eq!(
            out_file_run("jg_3.5_5shot.out"),
            Some((run(Model::Gpt35, Some(5)), false))
        );
        assert_eq!(
            out_file_run("jg_4o_1shout.out"),
            Some((run(Model::Gpt4o, Some(1)), true))
        );
        assert_eq!(
            out_file_run("jg_llama3_1shot.out"),
            Some((run(Model::Llama3, Some(1)), false))
        );
        assert_eq!(out_file_run("jg_gpt_4o_1shot.out"), None);
        assert_eq!(out_file_run("jg_llama3.out"), None);
    }

    #[test]
    fn project_folders() {
        assert_eq!(
            project_folder_run("fht_bfly_llama2_1shot"),
            Some(("fht_bfly", run(Model::CodeLlama2, Some(1))))
        );
        assert_eq!(
            project_folder_run("fht_8x8_core_gpt_3.5"),
            Some(("fht_8x8_core", run(Model::Gpt35, None)))
        );
        assert_eq!(
            project_folder_run("ramBit_gpt_4o_5shot"),
            Some(("ramBit", run(Model::Gpt4o, Some(5))))
        );
        assert_eq!(project_folder_run("llama3_5shot"), None);
        assert_eq!(project_folder_run("sessionLogs"), None);
        assert_eq!(
            run(Model::Llama3, Some(5)).project_folder("x"),
            "x_llama3_5shot"
        );
    }

    #[test]
    fn names_round_trip() {
        for m in Model::ALL {
            assert_eq!(Model::from_name(m.name()), Some(m));
        }
        assert_eq!(Model::CodeLlama2.to_string(), "codellama2-70b");
    }
}
