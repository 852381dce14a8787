//! Crash safety and the cross-process lock, with real processes: the test binary runs
//! itself (`std::env::current_exe`) with an environment variable that turns one of the
//! ignored helper tests below into a writer or a lock holder.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use rand::{Rng, SeedableRng};

use super::tests::key;
use super::*;

const DIR_VAR: &str = "FLIPSCOPE_TEST_STORE_DIR";

fn helper(name: &str, dir: &Path) -> Child {
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", &format!("{module}::{name}")])
        .args(["--nocapture", "--test-threads=1"])
        .env(DIR_VAR, dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Helper process: records `t0`, `t1`, ... (continuing the file) until killed.
#[test]
#[ignore = "helper process of killed_writers_leave_a_whole_file"]
fn writer_helper() {
    let Some(dir) = std::env::var_os(DIR_VAR) else {
        return;
    };
    let mut store = AnnotationStore::open_with(Path::new(&dir), "writer", None).unwrap();
    let mut first = true;
    loop {
        let n = store.decisions().len();
        store
            .record(&key(n % 7), Decision::Tag(format!("t{n}")), None)
            .unwrap();
        if std::mem::take(&mut first) {
            // The parent kills only after a first decision was saved (on a loaded machine
            // a fixed delay could end every writer before it wrote anything).
            println!("wrote");
        }
    }
}

/// Helper process: holds the store open until its standard input closes.
#[test]
#[ignore = "helper process of a_second_process_is_refused"]
fn holder_helper() {
    let Some(dir) = std::env::var_os(DIR_VAR) else {
        return;
    };
    let _store = AnnotationStore::open_with(Path::new(&dir), "holder", None).unwrap();
    println!("locked");
    let mut line = String::new();
    let _ = std::io::stdin().read_line(&mut line);
}

#[test]
fn killed_writers_leave_a_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut seen = 0;
    for _ in 0..30 {
        let mut child = helper("writer_helper", dir.path());
        wait_for_line(&mut child, "wrote");
        std::thread::sleep(Duration::from_millis(rng.random_range(0..40)));
        child.kill().unwrap();
        child.wait().unwrap();
        let contents = file::read(&path).unwrap();
        assert!(contents.errors.is_empty(), "{:?}", contents.errors);
        for (i, a) in contents.decisions.iter().enumerate() {
            assert_eq!(a.tag.as_deref(), Some(format!("t{i}").as_str()));
            assert_eq!(a.key(), key(i % 7));
        }
        assert!(
            contents.decisions.len() >= seen,
            "a saved decision was lost"
        );
        seen = contents.decisions.len();
    }
    assert!(seen > 0, "the writers never got to write");
    // The store opens normally after the crashes (a stale temporary file is harmless).
    let store = AnnotationStore::open_with(dir.path(), "ana", None).unwrap();
    assert_eq!(store.decisions().len(), seen);
    assert!(store.read_only_reason().is_none());
}

/// Reads the helper's standard output until a line holds `word` (libtest prints its own
/// lines first). The rest of the output is drained on a thread so the helper never blocks.
fn wait_for_line(child: &mut Child, word: &str) {
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut said = String::new();
    while !said.contains(word) {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap() == 0 {
            panic!("the helper ended before saying {word:?}: {said:?}");
        }
        said.push_str(&line);
    }
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
}

#[test]
fn a_second_process_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = helper("holder_helper", dir.path());
    wait_for_line(&mut child, "locked");
    let err = AnnotationStore::open_with(dir.path(), "ana", None).unwrap_err();
    assert!(matches!(err, StoreError::Locked { .. }), "{err}");
    drop(child.stdin.take());
    child.wait().unwrap();
    AnnotationStore::open_with(dir.path(), "ana", None).unwrap();
}

/// Helper process: opens the store of an unwritable study with the default data root
/// (from `XDG_DATA_HOME`) and prints where it went.
#[test]
#[ignore = "helper process of the_default_fallback_follows_xdg_data_home"]
fn fallback_helper() {
    if std::env::var_os(DIR_VAR).is_none() {
        return;
    }
    let mut store = AnnotationStore::open(Path::new("/proc/self"), "ana").unwrap();
    store
        .record(&key(1), Decision::Tag("a".into()), None)
        .unwrap();
    println!("store at {}", store.path().display());
}

#[test]
fn the_default_fallback_follows_xdg_data_home() {
    if !Path::new("/proc/self").is_dir() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            &format!("{module}::fallback_helper"),
        ])
        .args(["--nocapture", "--test-threads=1"])
        .env(DIR_VAR, data.path())
        .env("XDG_DATA_HOME", data.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    // libtest may print the test's name on the same line first.
    let line = stdout
        .lines()
        .find_map(|l| l.split_once("store at ").map(|(_, p)| p))
        .unwrap_or_else(|| panic!("no path in {stdout:?}"));
    let path = Path::new(line.trim());
    assert!(path.starts_with(data.path().join("flipscope")), "{line}");
    assert_eq!(file::read(path).unwrap().decisions.len(), 1);
}
