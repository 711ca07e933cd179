//! The judge's overhead per trivial case (target ≤ 5 ms on a 2-core machine).
//!
//! - `run/plain`: spawn + wait of a compiled program that prints one line, files for stdin/stdout: the
//!   floor any runner pays (fork, exec, the program's own start-up).
//! - `run/sandbox`: `sandbox::run` of the same program as the judge compiled it: adds the sandbox (its
//!   helper, namespaces, rlimits, the watchdog, /proc reads, the group kill, and since the hardened sandbox
//!   the pipe the judge drains stdout from into the file, as it does for every case). The difference to
//!   `plain` is the sandbox's overhead.
//! - `run/warm`: `sandbox::run_input` of the same program in a slot kept warm (a stress test's): the
//!   sandbox built once, each run init's fork and exec in it; stderr drained too.
//! - `judge/j1`, `judge/j2`: the whole judge binary over 200 trivial cases with `-j 1` / `-j 2`
//!   (throughput in cases per second: ms/case = 1000 / that). Includes start-up and the cached compile.
//!
//! Measured before the namespace sandbox (2026-11-22, 2 cores shared with ~8 other builds, load average
//! ~8): `run/plain` 2.43 ms, `run/sandbox` 2.38 ms; `judge/j1` 511 ms per 200 cases = 2.6 ms/case,
//! `judge/j2` 290 ms = 1.45 ms/case. `/usr/bin/time` of the judge binary over the same 200 cases: 0.38 s
//! user + sys at -j 1, judge and programs together (1.9 ms of CPU per case).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use judge::compile::{self, Compiled};
use judge::lang::Languages;
use judge::sandbox::{self, Exit, Limits, Output, Scratch, Streams};
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

/// hello.rs compiled by plain rustc, to run without the judge.
fn hello_binary() -> PathBuf {
    let binary = scratch().join("hello");
    let status = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(hello_source())
        .status()
        .unwrap();
    assert!(status.success(), "hello.rs does not compile");
    binary
}

fn single_runs(c: &mut Criterion) {
    let exe = hello_binary();
    let (input, output) = (scratch().join("empty.in"), scratch().join("hello.out"));
    fs::write(&input, "").unwrap();
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
    // The judge binary is the sandbox's helper, as it is for `cargo run -p judge`.
    sandbox::use_helper(Path::new(env!("CARGO_BIN_EXE_judge")));
    let runs = Scratch::create(&std::env::temp_dir()).unwrap();
    let languages = Languages::builtin();
    let source = hello_source();
    let language = languages.for_file(&source).unwrap();
    let compile_slot = runs.slot("compile").unwrap();
    let artifact =
        match compile::compile(&source, language, &scratch().join("cache"), &compile_slot) {
            Ok(Compiled::Ready(artifact)) => artifact,
            other => panic!("hello.rs does not compile: {other:?}"),
        };
    let limits = Limits {
        cpu_ms: 1000,
        wall_ms: 2000,
        wall_patience_ms: 0,
        memory_kib: 256 << 10,
        output_bytes: 64 << 20,
        drain_past_cap: true,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: 16,
    };
    let program = artifact.program(limits.memory_kib >> 10, &[], &[]);
    // One slot for every run, as each of the judge's workers has: a slot keeps its own copy of the
    // program, made at its first run (a fresh slot per run would time that copy too).
    let slot = runs.slot("run").unwrap();
    group.bench_function("sandbox", |b| {
        b.iter(|| {
            // A fresh output file, its name gone at once, as the judge does per case.
            let (out_path, stdout) = slot.create("out").unwrap();
            let _ = fs::remove_file(&out_path);
            let streams = Streams {
                stdin: sandbox::sealed_input(&input).unwrap().into(),
                stdout: Output::File(stdout),
                stderr: Output::Pass(Stdio::null()),
            };
            let facts = sandbox::run(&program, &limits, streams, &slot).unwrap();
            assert_eq!(facts.exit, Exit::Code(0));
        })
    });
    // The same run through a warm sandbox (`Slot::keep_warm`, as a stress test's workers have): the
    // namespaces, the view and the helper are built once; each run is init's fork and exec.
    let warm = runs.slot("warm").unwrap();
    warm.keep_warm();
    group.bench_function("warm", |b| {
        b.iter(|| {
            let (out_path, stdout) = warm.create("out").unwrap();
            let _ = fs::remove_file(&out_path);
            let stdin = Some(sandbox::sealed_input(&input).unwrap());
            let (stdout, stderr) = (Output::File(stdout), Output::Tail(1 << 10));
            let facts =
                sandbox::run_input(&program, &limits, stdin, stdout, stderr, &warm).unwrap();
            assert_eq!(facts.exit, Exit::Code(0));
        })
    });
    group.finish();
}

/// A testdata dir holding one problem package, `trivial`: a 1 s / 64 MiB limit, the default output
/// validator, `CASES` trivial cases in data/secret/ (hello.rs, judged with `--solution`, is right on each).
fn trivial_testdata() -> PathBuf {
    let testdata = scratch().join("testdata");
    let problem = testdata.join("trivial");
    let secret = problem.join("data/secret");
    let _ = fs::remove_dir_all(&testdata);
    fs::create_dir_all(&secret).unwrap();
    let yaml = "problem_format_version: 2023-07-draft\nname: trivial\n\
                limits:\n  time_limit: 1\n  memory: 64\n";
    fs::write(problem.join("problem.yaml"), yaml).unwrap();
    for case in 0..CASES {
        fs::write(secret.join(format!("{case:03}.in")), "").unwrap();
        fs::write(secret.join(format!("{case:03}.ans")), "hello\n").unwrap();
    }
    testdata
}

fn whole_judge(c: &mut Criterion) {
    let testdata = trivial_testdata();
    let judge_once = |jobs: &str| {
        let status = Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("--testdata")
            .arg(&testdata)
            .arg("trivial")
            .arg("--solution")
            .arg(hello_source())
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
