//! The streamed pairs are `score_study`'s, byte for byte, whatever the thread count:
//! on the sample study and on a larger synthetic one (the sample study copied into
//! many windows, with a third model and a second sample).

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;
use crate::score::study::{Oracle, score_study};
use crate::study::load_study;

fn load(dir: &str) -> Study {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    load_study(&[dir]).expect("the study loads")
}

/// `study` with its programs copied `copies` times (ids `ID~k`), a third model (the
/// first model's outputs, variants' outputs swapped) and a second sample of the second
/// model: more windows than threads, several (model, variant) files, samples.
fn synthetic(copies: usize) -> Study {
    let mut study = load("sample-runs");
    let (programs, generations) = (study.programs.clone(), study.generations.clone());
    for k in 1..copies {
        for p in &programs {
            let mut p = p.clone();
            p.id = format!("{}~{k}", p.id);
            study.programs.push(p);
        }
        for g in &generations {
            let mut g = g.clone();
            g.program = format!("{}~{k}", g.program);
            study.generations.push(g);
        }
    }
    let first = study.generations[0].model.clone();
    let second = study
        .generations
        .iter()
        .find(|g| g.model != first)
        .map(|g| g.model.clone())
        .expect("two models");
    let mut more = Vec::new();
    for g in &study.generations {
        if g.model == first {
            let mut g = g.clone();
            g.model = "another-model".into();
            if g.variant != "original" {
                g.output = g.output.replace("&&", "||");
            }
            more.push(g);
        }
        if g.model == second && g.program.ends_with("~1") {
            let mut g = g.clone();
            g.sample = Some(1);
            g.output = g.output.replace("!", "");
            more.push(g);
        }
    }
    study.generations.extend(more);
    study
}

/// `score_study`'s pairs as `score` wrote them before the pipeline: one
/// `serde_json::to_writer` per pair, each followed by a newline.
fn serial_bytes(study: &Study, options: &StudyOptions) -> (Vec<u8>, usize) {
    let report = score_study(study, options, &ParseCache::disabled());
    let mut bytes = Vec::new();
    for pair in &report.pairs {
        serde_json::to_writer(&mut bytes, pair).unwrap();
        bytes.push(b'\n');
    }
    (bytes, report.pairs.len())
}

fn streamed(study: &Study, options: &StudyOptions, jobs: usize) -> (Vec<u8>, Written) {
    let mut out = Vec::new();
    let count = AtomicUsize::new(0);
    let written = write_pairs(
        study,
        options,
        &ParseCache::disabled(),
        jobs,
        &mut out,
        &|| {
            count.fetch_add(1, Ordering::Relaxed);
        },
    )
    .unwrap();
    assert_eq!(
        count.load(Ordering::Relaxed),
        super::super::study::fragment_programs(study)
    );
    (out, written)
}

fn same_bytes_on_1_and_n_threads(study: &Study, options: &StudyOptions) {
    let (serial, pairs) = serial_bytes(study, options);
    assert!(pairs > 0);
    let (one, written) = streamed(study, options, 1);
    assert_eq!(written.pairs, pairs);
    assert!(one == serial, "1 thread differs from score_study");
    for jobs in [2, 3, 8] {
        let (many, w) = streamed(study, options, jobs);
        assert_eq!(w, written, "{jobs} threads: another report");
        assert!(many == one, "{jobs} threads differ from 1 thread");
    }
    let mut report = score_study(study, options, &ParseCache::disabled());
    report.pairs.clear();
    assert_eq!(written.report, report);
}

#[test]
fn the_sample_study_streams_score_studys_bytes_on_any_thread_count() {
    let study = load("sample-runs");
    same_bytes_on_1_and_n_threads(&study, &StudyOptions::default());
}

#[test]
fn the_fixture_streams_the_same_bytes_under_both_oracles() {
    let study = load("tests/fixtures/score-study");
    for oracle in [Oracle::Reference, Oracle::Rtl] {
        let options = StudyOptions {
            oracle,
            lenient: false,
        };
        same_bytes_on_1_and_n_threads(&study, &options);
    }
}

#[test]
fn a_synthetic_study_of_many_windows_streams_the_same_bytes() {
    let study = synthetic(5);
    assert!(study.programs.len() > 4 * WINDOW_PROGRAMS);
    for lenient in [false, true] {
        let options = StudyOptions {
            oracle: Oracle::Reference,
            lenient,
        };
        same_bytes_on_1_and_n_threads(&study, &options);
    }
}

#[test]
fn a_failing_output_stops_the_scorers_with_the_error() {
    /// Accepts `left` bytes, then fails.
    struct Failing {
        left: usize,
    }
    impl Write for Failing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"));
            }
            let n = buf.len().min(self.left);
            self.left -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let study = synthetic(3);
    let e = write_pairs(
        &study,
        &StudyOptions::default(),
        &ParseCache::disabled(),
        2,
        &mut Failing { left: 10_000 },
        &|| {},
    )
    .unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
}
