//! The runner half measured directly: `compile::compile` and `sandbox::run` on the fixture programs in
//! `tests/fixtures/programs/`, asserting exit kinds, CPU and wall times, peak memory, stderr and output.
//! Bounds are loose where the machine's load could move a figure, tight where the kernel decides.

use judge::compile::{compile, Compiled};
use judge::sandbox::{run, Exit, Limits, Run};
use std::fs;
use std::path::{Path, PathBuf};

const MIB: u64 = 1024;

/// Where compiled fixtures and run outputs go.
fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("judge-runner")
}

/// The cached binary of fixture `name` (`tests/fixtures/programs/<name>.rs`).
fn binary(name: &str) -> PathBuf {
    let source =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/programs/{name}.rs"));
    match compile(&source, &scratch().join("cache")).expect("rustc runs") {
        Compiled::Binary(path) => path,
        Compiled::Error(message) => panic!("fixture {name} does not compile:\n{message}"),
    }
}

fn limits(cpu_ms: u64, memory_mib: u64) -> Limits {
    Limits {
        cpu_ms,
        wall_ms: cpu_ms * 2 + 1000,
        memory_kib: memory_mib * MIB,
        output_bytes: 64 << 20,
    }
}

/// Runs fixture `name` on `input` under `limits`; returns the measurements and the output text.
fn run_fixture(name: &str, input: &str, limits: &Limits) -> (Run, String) {
    let dir = scratch()
        .join("runs")
        .join(format!("{name}-{}", limits.memory_kib));
    fs::create_dir_all(&dir).unwrap();
    let (input_path, output_path) = (dir.join("case.in"), dir.join("case.out"));
    fs::write(&input_path, input).unwrap();
    let run = run(&binary(name), &input_path, &output_path, limits).expect("the judge can run it");
    let output = String::from_utf8_lossy(&fs::read(&output_path).unwrap()).into_owned();
    (run, output)
}

/// This process's current resident set, from /proc/self/status.
fn own_rss_kib() -> u64 {
    let status = fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with("VmRSS:"))
        .unwrap();
    line["VmRSS:".len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn a_right_answer_reads_the_input_file_and_exits_zero() {
    let (run, output) = run_fixture("ac", "4 5\n", &limits(1000, 64));
    assert_eq!(run.exit, Exit::Code(0), "{run:?}");
    assert_eq!(output, "9 20\n");
    assert!(run.cpu_ms < 200, "{run:?}");
    assert!(run.wall_ms < 2000, "{run:?}");
    // A small Rust program: a few hundred KiB of libc and std pages, never 0, never tens of MiB.
    assert!((200..16 * MIB).contains(&run.memory_kib), "{run:?}");
    assert_eq!(run.stderr_tail, "");
}

#[test]
fn a_busy_loop_is_stopped_shortly_after_its_cpu_limit() {
    // A wall limit so generous that only CPU time can end it, even on a loaded machine.
    let limits = Limits {
        wall_ms: 30_000,
        ..limits(300, 64)
    };
    let (run, _) = run_fixture("busy", "1 2\n", &limits);
    assert_eq!(run.exit, Exit::TimeLimit, "{run:?}");
    // Stopped by the /proc CPU poll (5 ms period, 10 ms ticks), not by RLIMIT_CPU (2 s) or the wall.
    assert!((300..450).contains(&run.cpu_ms), "{run:?}");
    assert!(run.wall_ms < 30_000, "{run:?}");
}

#[test]
fn the_cpu_time_of_child_processes_counts() {
    // Two busy children, the parent asleep for 3 s: 500 ms of the run's CPU are gone within ~250 ms.
    let limits = Limits {
        wall_ms: 30_000,
        ..limits(500, 64)
    };
    let (run, output) = run_fixture("workers", "", &limits);
    assert_eq!(run.exit, Exit::TimeLimit, "{run:?}");
    assert!(run.cpu_ms >= 500, "{run:?}");
    assert_eq!(output, "", "stopped before it answered");
}

#[test]
fn a_sleeper_is_stopped_by_the_wall_clock_watchdog() {
    let limits = Limits {
        cpu_ms: 300,
        wall_ms: 700,
        memory_kib: 64 * MIB,
        output_bytes: 1 << 20,
    };
    let (run, _) = run_fixture("sleep", "1 2\n", &limits);
    assert_eq!(run.exit, Exit::TimeLimit, "{run:?}");
    assert!(run.cpu_ms < 100, "{run:?}");
    // Killed at about 700 ms (later only if the machine starves the watchdog), never after its 60 s.
    assert!((700..10_000).contains(&run.wall_ms), "{run:?}");
}

#[test]
fn a_huge_allocation_fails_fast_under_the_data_cap() {
    let (run, output) = run_fixture("alloc", "1 2\n", &limits(2000, 64));
    // Rust's allocation-failure handler prints this and aborts: SIGABRT, which the core judges MLE.
    assert_eq!(run.exit, Exit::Signal(6), "{run:?}");
    assert!(
        run.stderr_tail
            .contains("memory allocation of 629145600 bytes failed"),
        "{run:?}"
    );
    assert_eq!(output, "");
    assert!(run.memory_kib < 16 * MIB, "{run:?}");
}

#[test]
fn a_touched_600_mib_allocation_is_measured_as_600_mib() {
    let (run, output) = run_fixture("alloc", "1 2\n", &limits(5000, 1024));
    assert_eq!(run.exit, Exit::Code(0), "{run:?}");
    assert_eq!(output, "touched 600 MiB\n");
    assert!((600 * MIB..620 * MIB).contains(&run.memory_kib), "{run:?}");
}

#[test]
fn the_judges_own_size_does_not_count_as_the_programs_memory() {
    // Hold 200 MiB, touched, in this (the judging) process while it forks the program. The forked child
    // carries all of it until exec, so the kernel's ru_maxrss for the program would say >= 200 MiB.
    let ballast = vec![1u8; 200 << 20];
    let held: u64 = ballast.iter().step_by(4096).map(|&b| u64::from(b)).sum();
    assert_eq!(held, 200 * 256);
    assert!(own_rss_kib() >= 200 * MIB);
    let (run, output) = run_fixture("ac", "1 2\n", &limits(1000, 64));
    assert_eq!(output, "3 2\n");
    assert!((200..16 * MIB).contains(&run.memory_kib), "{run:?}");
    drop(std::hint::black_box(ballast));
}

#[test]
fn an_output_flood_ends_at_the_output_cap() {
    let limits = Limits {
        cpu_ms: 2000,
        wall_ms: 5000,
        memory_kib: 64 * MIB,
        output_bytes: 1 << 20,
    };
    let (run, output) = run_fixture("flood", "1 2\n", &limits);
    assert_eq!(run.exit, Exit::OutputLimit, "{run:?}");
    assert_eq!(output.len(), 1 << 20);
}

#[test]
fn a_panic_exits_101_with_its_message_on_stderr() {
    let (run, _) = run_fixture("panic", "1 2\n", &limits(1000, 64));
    assert_eq!(run.exit, Exit::Code(101), "{run:?}");
    assert!(
        run.stderr_tail.contains("fixture panic: no numbers read"),
        "{run:?}"
    );
}

#[test]
fn an_exit_code_is_reported_as_is() {
    let (run, output) = run_fixture("exit3", "1 2\n", &limits(1000, 64));
    assert_eq!(run.exit, Exit::Code(3), "{run:?}");
    assert_eq!(output, "3 2\n");
}

#[test]
fn the_stack_is_as_large_as_the_memory_limit() {
    // 100,000 frames of ~300 bytes: ~30 MiB of stack, all of it resident and counted.
    let (run, output) = run_fixture("recursion", "1 2\n", &limits(2000, 64));
    assert_eq!(run.exit, Exit::Code(0), "{run:?}");
    assert_eq!(output, "3 2\n");
    assert!((20 * MIB..64 * MIB).contains(&run.memory_kib), "{run:?}");
    // The same program under a 16 MiB limit overflows its (16 MiB) stack: Rust reports it and aborts.
    let (run, _) = run_fixture("recursion", "1 2\n", &limits(2000, 16));
    assert_eq!(run.exit, Exit::Signal(6), "{run:?}");
    assert!(run.stderr_tail.contains("overflowed its stack"), "{run:?}");
}

#[test]
fn a_compile_error_keeps_the_first_error_lines() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/programs/ce.rs");
    let Compiled::Error(message) = compile(&source, &scratch().join("cache")).unwrap() else {
        panic!("ce.rs compiled");
    };
    assert!(
        message.starts_with("error[E0308]: mismatched types"),
        "{message}"
    );
    assert!(message.lines().count() <= 20, "{message}");
}

#[test]
fn the_cache_is_keyed_by_the_source_bytes() {
    let cache = scratch().join("cache");
    let first = binary("hello");
    assert_eq!(
        binary("hello"),
        first,
        "an unchanged source reuses its binary"
    );
    // The same program with one more comment line is a different source: a different cache entry.
    let dir = scratch().join("edited");
    fs::create_dir_all(&dir).unwrap();
    let original = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/programs/hello.rs"),
    );
    let edited = dir.join("hello.rs");
    fs::write(&edited, original.unwrap() + "// edited\n").unwrap();
    let Compiled::Binary(second) = compile(&edited, &cache).unwrap() else {
        panic!("edited hello.rs")
    };
    assert_ne!(second, first);
    assert_eq!(second.file_name(), first.file_name());
    // Nothing half-written is left behind: only finished `<hash>/` folders.
    for entry in fs::read_dir(&cache).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            !name.contains(".tmp-") || name.contains(&std::process::id().to_string()),
            "{name}"
        );
    }
}

#[test]
fn a_missing_program_is_an_error_of_the_judge() {
    let dir = scratch().join("missing");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("case.in"), "1 2\n").unwrap();
    let result = run(
        &dir.join("no-such-program"),
        &dir.join("case.in"),
        &dir.join("case.out"),
        &limits(1000, 64),
    );
    assert!(result.is_err());
}

#[test]
fn runs_from_several_threads_at_once_each_follow_their_own_program() {
    // Each thread traces the child it forked: four at once must not mix up stops, exits or outputs.
    let exe = binary("ac");
    let dir = scratch().join("parallel");
    fs::create_dir_all(&dir).unwrap();
    std::thread::scope(|scope| {
        for worker in 0..4u64 {
            let (exe, dir) = (&exe, &dir);
            scope.spawn(move || {
                for round in 0..5u64 {
                    let input = dir.join(format!("{worker}-{round}.in"));
                    let output = dir.join(format!("{worker}-{round}.out"));
                    fs::write(&input, format!("{worker} {round}\n")).unwrap();
                    let run = run(exe, &input, &output, &limits(1000, 64)).unwrap();
                    assert_eq!(run.exit, Exit::Code(0), "{run:?}");
                    let expected = format!("{} {}\n", worker + round, worker * round);
                    assert_eq!(fs::read_to_string(&output).unwrap(), expected);
                }
            });
        }
    });
}
