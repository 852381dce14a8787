//! How fast a study loads: a synthetic study (2,000 programs with three variants, two
//! models, 16,000 generations, about 9 MB) through `load_study`, and the real VERT
//! import when the shared data is present.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use flipscope::study::load_study;
use flipscope::study::vert::{VertOptions, import_vert};

const PROGRAMS: usize = 2000;

fn write_study(dir: &std::path::Path) {
    let rtl = "if (  sig_3  && reg_6  && auth_5 ) begin \\n     cfg_4 = auth_9;\\n    if ( hw_2  && hw_11  || auth_41 ) begin\\n        clk_2 = fsm_6;\\n    end\\nend\\n";
    let reference = "property name; (  sig_3  && reg_6  && auth_5 ) |=> cfg_4 == auth_9 ;endproperty \\n property name; (  sig_3  && reg_6  && auth_5 ) &&  (  hw_2  && hw_11  || auth_41 ) |=> clk_2 == fsm_6 ;endproperty";
    let mut programs = String::new();
    let mut generations = String::new();
    for i in 0..PROGRAMS {
        programs.push_str(&format!(
            r#"{{"id": "p{i:05}", "stratum": "nested-if/async", "synchronous": false, "clock": null, "rtl": "{rtl}", "reference": "{reference}", "variants": {{"T1": {{"rtl": "{rtl}"}}, "T2": {{"rtl": "{rtl}", "rename": {{"v1": "sig_3", "v2": "reg_6"}}}}, "T3": {{"rtl": "{rtl}"}}}}}}"#
        ));
        programs.push('\n');
        for model in ["model-a", "model-b"] {
            for variant in ["original", "T1", "T2", "T3"] {
                generations.push_str(&format!(
                    r#"{{"program": "p{i:05}", "variant": "{variant}", "model": "{model}", "output": "{reference}", "meta": {{"tokens": 120}}}}"#
                ));
                generations.push('\n');
            }
        }
    }
    std::fs::write(dir.join("programs.jsonl"), programs).unwrap();
    std::fs::write(dir.join("generations.jsonl"), generations).unwrap();
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path());
    let paths = vec![dir.path().to_path_buf()];
    let study = load_study(&paths).unwrap();
    assert_eq!(study.generations.len(), PROGRAMS * 8);
    let mut group = c.benchmark_group("study");
    group.sample_size(10);
    group.bench_function("load 2000 programs + 16000 generations", |b| {
        b.iter(|| black_box(load_study(black_box(&paths)).unwrap()))
    });
    let vert = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|a| a.join("shared/data/vert/casedataset-not-if.json"))
        .find(|p| p.exists());
    if let Some(vert) = vert {
        group.bench_function("import vert casedataset-not-if (4000 records)", |b| {
            b.iter(|| black_box(import_vert(black_box(&vert), &VertOptions::default()).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
