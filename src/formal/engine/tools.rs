//! The external tools: yosys (elaboration into an AIGER model) and yosys-abc (the PDR
//! model checker), both from the yosys package. They are looked up on the PATH (or at
//! `FLIPSCOPE_YOSYS` and `FLIPSCOPE_YOSYS_ABC`) and their versions become part of every
//! cache key. When one is missing, one message says what to install.
//!
//! Both run under a memory limit when `prlimit` (util-linux) is on the PATH: the tool
//! is started as `prlimit --as=BYTES -- TOOL ...`, which sets its address-space limit
//! and then runs it in the same process (so a time limit's kill reaches it). The crate
//! forbids `unsafe`, so it cannot set the limit itself between fork and exec; without
//! `prlimit` the tools run without one (docs/formal.md).

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use super::super::error::FormalError;

/// The tools a formal check runs, with their versions.
#[derive(Clone, Debug)]
pub struct Tools {
    pub yosys: PathBuf,
    pub abc: PathBuf,
    /// `Yosys 0.23 (git sha1 ...)` and ABC's version line.
    pub versions: String,
    /// util-linux's `prlimit`, to run the tools under a memory limit.
    pub prlimit: Option<PathBuf>,
}

impl Tools {
    /// A command running `tool` with at most `memory` bytes of address space (when
    /// `prlimit` was found).
    pub fn command(&self, tool: &std::path::Path, memory: u64) -> Command {
        match &self.prlimit {
            Some(p) => {
                let mut c = Command::new(p);
                c.arg(format!("--as={memory}")).arg("--").arg(tool);
                c
            }
            None => Command::new(tool),
        }
    }
}

/// What to install when a tool is missing.
pub const INSTALL_HINT: &str = "flipscope prove needs yosys and yosys-abc (both in the yosys package): install them with `apt-get install yosys` (Debian, Ubuntu) or from the OSS CAD Suite, or point FLIPSCOPE_YOSYS and FLIPSCOPE_YOSYS_ABC at them";

static FOUND: OnceLock<Result<Tools, String>> = OnceLock::new();

/// Finds the tools once per process.
pub fn tools() -> Result<Tools, FormalError> {
    FOUND
        .get_or_init(find)
        .clone()
        .map_err(FormalError::MissingTool)
}

fn find() -> Result<Tools, String> {
    let yosys = locate("FLIPSCOPE_YOSYS", "yosys");
    let abc = locate("FLIPSCOPE_YOSYS_ABC", "yosys-abc");
    let (Some(yosys), Some(abc)) = (yosys, abc) else {
        return Err(INSTALL_HINT.to_string());
    };
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut v = Command::new(&yosys);
    v.arg("-V");
    let yv = super::process::run(v, dir.path(), Duration::from_secs(30))
        .ok()
        .filter(|f| f.success())
        .map(|f| f.stdout.trim().to_string());
    let mut a = Command::new(&abc);
    a.args(["-q", "version"]);
    let av = super::process::run(a, dir.path(), Duration::from_secs(30))
        .ok()
        .filter(|f| f.success())
        .map(|f| f.stdout.trim().to_string());
    match (yv, av) {
        (Some(yv), Some(av)) => Ok(Tools {
            yosys,
            abc,
            versions: format!("{yv}\n{av}"),
            prlimit: locate("FLIPSCOPE_PRLIMIT", "prlimit"),
        }),
        _ => Err(format!(
            "{INSTALL_HINT} (found {} and {}, but they do not run)",
            yosys.display(),
            abc.display()
        )),
    }
}

fn locate(var: &str, name: &str) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(var) {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}
