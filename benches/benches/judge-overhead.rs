//! The judge's overhead per trivial case (target ≤ 5 ms on a 2-core machine).
//!
//! - `run/plain`: spawn + wait of a compiled program that prints one line, files for stdin/stdout: the
//!   floor any runner pays (fork, exec, the program's own start-up).
//! - `run/sandbox`: `sandbox::run` of the same program: adds rlimits, ptrace stops at exec and exit, the
//!   watchdog thread, /proc reads, the group kill. The difference to `plain` is the sandbox's overhead.
//! - `judge/j1`, `judge/j2`: the whole judge binary over 200 trivial cases with `-j 1` / `-j 2`
//!   (throughput in cases per second: ms/case = 1000 / that). Includes start-up and the cached compile.
//!
//! Measured (2026-11-22, 2 cores shared with ~8 other builds, load average ~8): `run/plain` 2.43 ms,
//! `run/sandbox` 2.38 ms (the sandbox adds nothing measurable on top of spawn + wait: its ptrace stops,
//! /proc reads and watchdog thread cost far less than the process itself); `judge/j1` 511 ms per 200
//! cases = 2.6 ms/case, `judge/j2` 290 ms = 1.45 ms/case. `/usr/bin/time` of the judge binary over the
//! same 200 cases: 0.38 s user + sys at -j 1, judge and programs together (1.9 ms of CPU per case).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use judge::compile::{compile, Compiled};
use judge::sandbox::{run, Limits};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const CASES: usize = 200;

fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("judge-overhead");
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn hello_source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge/tests/fixtures/programs/hello.rs")
}

fn hello_binary() -> PathBuf {
    match compile(&hello_source(), &scratch().join("cache")).unwrap() {
        Compiled::Binary(path) => path,
        Compiled::Error(message) => panic!("hello.rs does not compile:\n{message}"),
    }
}

fn single_runs(c: &mut Criterion) {
    let exe = hello_binary();
    let (input, output) = (scratch().join("empty.in"), scratch().join("hello.out"));
    fs::write(&input, "").unwrap();
    let limits = Limits {
        cpu_ms: 1000,
        wall_ms: 2000,
        memory_kib: 256 << 10,
        output_bytes: 64 << 20,
    };
    let mut group = c.benchmark_group("run");
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("plain", |b| {
        b.iter(|| {
            // A fresh file each time, as in `sandbox` below: re-truncating a written file makes ext4 flush
            // it on the last close (auto_da_alloc), a cost of the file system, not of the runner.
            let _ = fs::remove_file(&output);
            let status = Command::new(&exe)
                .stdin(File::open(&input).unwrap())
                .stdout(File::create(&output).unwrap())
                .stderr(Stdio::null())
                .status()
                .unwrap();
            assert!(status.success());
        })
    });
    group.bench_function("sandbox", |b| {
        b.iter(|| {
            let _ = fs::remove_file(&output);
            let run = run(&exe, &input, &output, &limits).unwrap();
            assert_eq!(run.exit, judge::sandbox::Exit::Code(0));
        })
    });
    group.finish();
}

/// A testdata dir with one problem of `CASES` trivial cases, solved by hello.rs.
fn trivial_testdata() -> PathBuf {
    let testdata = scratch().join("testdata");
    let problem = testdata.join("trivial");
    let _ = fs::remove_dir_all(&testdata);
    fs::create_dir_all(&problem).unwrap();
    let toml = format!(
        "solution = \"{}\"\ntime_limit_ms = 1000\nmemory_limit_mb = 64\n",
        hello_source().display()
    );
    fs::write(problem.join("problem.toml"), toml).unwrap();
    for case in 0..CASES {
        fs::write(problem.join(format!("{case:03}.in")), "").unwrap();
        fs::write(problem.join(format!("{case:03}.ans")), "hello\n").unwrap();
    }
    testdata
}

fn whole_judge(c: &mut Criterion) {
    let testdata = trivial_testdata();
    let judge_once = |jobs: &str| {
        let status = Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("--testdata")
            .arg(&testdata)
            .args(["-j", jobs])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(0), "every trivial case is AC");
    };
    judge_once("1"); // compile once, outside the measurement
    let mut group = c.benchmark_group("judge");
    group
        .sample_size(10)
        .throughput(Throughput::Elements(CASES as u64));
    for jobs in ["1", "2"] {
        group.bench_function(format!("j{jobs}"), |b| b.iter(|| judge_once(jobs)));
    }
    group.finish();
}

criterion_group!(benches, single_runs, whole_judge);
criterion_main!(benches);
