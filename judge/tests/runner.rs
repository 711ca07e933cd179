//! The runner half measured directly: `compile::compile` and `sandbox::run` on the fixture programs in
//! `tests/fixtures/programs/`, asserting exits, stops, CPU and wall times, peak memory, stderr and output.
//! Bounds are loose where the machine's load could move a figure, tight where the kernel decides.

use crate::common;

use common::{limits, Bench, MIB};
use judge::compile::Compiled;
use judge::sandbox::{Exit, Limits, Stop};
use judge::verdict::Run;
use std::fs;

/// Runs fixture `name` (`tests/fixtures/programs/<name>.rs`) on `input` under `limits`.
fn run_fixture(name: &str, input: &str, limits: &Limits) -> (Run, String) {
    let bench = Bench::new();
    let artifact = bench.fixture(&format!("{name}.rs"));
    bench.run(&artifact, input, limits)
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
    assert_eq!(run.stopped, Some(Stop::Cpu), "{run:?}");
    // Stopped by the /proc CPU poll (5 ms period, 10 ms ticks), not by RLIMIT_CPU (2 s) or the wall.
    assert!((300..450).contains(&run.cpu_ms), "{run:?}");
    assert!(run.wall_ms < 30_000, "{run:?}");
}

#[test]
fn the_cpu_time_of_child_processes_counts() {
    // Two busy children, the parent asleep for 20 s: 500 ms of the run's CPU are gone within ~250 ms.
    let limits = Limits {
        wall_ms: 30_000,
        ..limits(500, 64)
    };
    let (run, output) = run_fixture("workers", "", &limits);
    assert_eq!(run.stopped, Some(Stop::Cpu), "{run:?}");
    assert!(run.cpu_ms >= 500, "{run:?}");
    assert_eq!(output, "", "stopped before it answered");
}

#[test]
fn a_sleeper_is_stopped_by_the_wall_clock_watchdog() {
    let limits = Limits {
        cpu_ms: 300,
        wall_ms: 700,
        ..limits(300, 64)
    };
    let (run, _) = run_fixture("sleep", "1 2\n", &limits);
    assert_eq!(run.stopped, Some(Stop::Wall), "{run:?}");
    assert!(run.cpu_ms < 100, "{run:?}");
    // Killed at about 700 ms (later only if the machine starves the watchdog), never after its 60 s.
    assert!((700..10_000).contains(&run.wall_ms), "{run:?}");
}

#[test]
fn patience_past_the_wall_clock_is_for_a_run_that_wants_a_cpu_never_for_a_sleeper() {
    // The judge's re-run alone of a run the machine starved: a sleeper is stopped at its wall clock as
    // before (TLE), not let sleep through the patience into an answer.
    let patient = |cpu_ms, wall_ms| Limits {
        cpu_ms,
        wall_ms,
        wall_patience_ms: 30_000,
        ..limits(cpu_ms, 64)
    };
    let (run, _) = run_fixture(
        "sleep",
        "1 2
",
        &patient(300, 700),
    );
    assert_eq!(run.stopped, Some(Stop::Wall), "{run:?}");
    assert!(!run.runnable_at_wall, "{run:?}");
    assert!((700..10_000).contains(&run.wall_ms), "{run:?}");
    // A busy loop still wants a CPU at its wall clock: it goes on until its CPU limit stops it.
    let (run, _) = run_fixture(
        "busy",
        "1 2
",
        &patient(1500, 300),
    );
    assert_eq!(run.stopped, Some(Stop::Cpu), "{run:?}");
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
fn an_output_flood_keeps_the_cap_and_runs_into_its_time_limit() {
    // A wall limit so generous that only CPU time can end it, even on a loaded machine: which clock ran out
    // is then a fact of the judge, not of the load. The flood burns CPU only while the judge drains its
    // pipe; a judge that stopped reading at the cap would leave it blocked, asleep, until the wall clock.
    let limits = Limits {
        output_bytes: 1 << 20,
        wall_ms: 30_000,
        ..limits(500, 64)
    };
    let (run, output) = run_fixture("flood", "1 2\n", &limits);
    // The judge drains stdout (a pipe), counts it, keeps the cap and discards the rest; a submission runs
    // on, so an endless flood meets its CPU limit (TLE, as the format's judges give it).
    assert_eq!(run.stopped, Some(Stop::Cpu), "{run:?}");
    assert!(run.output_bytes > 1 << 20, "{run:?}");
    assert_eq!(output.len(), 1 << 20, "the output file holds the cap");
}

#[test]
fn an_output_flood_of_a_program_that_is_stopped_at_the_cap_ends_there() {
    let limits = Limits {
        output_bytes: 1 << 20,
        drain_past_cap: false,
        ..limits(2000, 64)
    };
    let (run, output) = run_fixture("flood", "1 2\n", &limits);
    assert_eq!(run.stopped, Some(Stop::Output), "{run:?}");
    assert!(run.output_bytes > 1 << 20, "{run:?}");
    assert_eq!(output.len(), 1 << 20, "the output file holds the cap");
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
    // The same program under a 16 MiB limit: either the watchdog sees its resident total pass 16 MiB and
    // stops it, or it overflows its (16 MiB) stack first and Rust aborts — MLE either way.
    let (run, _) = run_fixture("recursion", "1 2\n", &limits(2000, 16));
    let overflowed =
        run.exit == Exit::Signal(6) && run.stderr_tail.contains("overflowed its stack");
    assert!(run.stopped == Some(Stop::Memory) || overflowed, "{run:?}");
}

#[test]
fn a_compile_error_keeps_the_first_error_lines() {
    let source = common::fixtures().join("programs/ce.rs");
    let Compiled::Error(message) = Bench::new().compile(&source) else {
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
    let bench = Bench::new();
    let first = bench.fixture("hello.rs").dir;
    assert_eq!(
        bench.fixture("hello.rs").dir,
        first,
        "an unchanged source reuses its artifact"
    );
    // The same program with one more comment line is a different source: a different cache entry.
    let dir = bench.scratch.path().join("edited");
    fs::create_dir_all(&dir).unwrap();
    let original = fs::read_to_string(common::fixtures().join("programs/hello.rs"));
    let edited = dir.join("hello.rs");
    fs::write(&edited, original.unwrap() + "// edited\n").unwrap();
    let Compiled::Ready(second) = bench.compile(&edited) else {
        panic!("edited hello.rs")
    };
    assert_ne!(second.dir, first);
    // Nothing half-made is left behind: only finished `<hash>/` folders.
    for entry in fs::read_dir(&bench.cache).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            !name.contains(".tmp-") || name.contains(&std::process::id().to_string()),
            "{name}"
        );
    }
}

#[test]
fn a_missing_program_is_an_error_of_the_judge() {
    let bench = Bench::new();
    let program = judge::sandbox::Program::new(vec!["/no-such-program".into()], Vec::new());
    let streams = judge::sandbox::Streams::messages(100);
    let result = judge::sandbox::run(&program, &limits(1000, 64), streams, &bench.slot());
    let message = result.unwrap_err().to_string();
    assert!(
        message.contains("cannot start /no-such-program"),
        "{message}"
    );
}

#[test]
fn runs_from_several_threads_at_once_each_follow_their_own_program() {
    // Four sandboxes at once must not mix up their reports, exits or outputs.
    let bench = Bench::new();
    let exe = bench.fixture("ac.rs");
    std::thread::scope(|scope| {
        for worker in 0..4u64 {
            let (exe, bench) = (&exe, &bench);
            scope.spawn(move || {
                for round in 0..5u64 {
                    let (run, output) =
                        bench.run(exe, &format!("{worker} {round}\n"), &limits(1000, 64));
                    assert_eq!(run.exit, Exit::Code(0), "{run:?}");
                    let expected = format!("{} {}\n", worker + round, worker * round);
                    assert_eq!(output, expected);
                }
            });
        }
    });
}

#[test]
fn an_out_folder_is_capped_and_read_back_as_regular_files_only() {
    // An output validator's shape: the team's output on stdin, a feedback folder it writes into.
    let bench = Bench::new();
    let slot = bench.slot();
    let feedback = bench.scratch.path().join("feedback");
    fs::create_dir_all(&feedback).unwrap();
    let script = "cat > /feedback/judgemessage.txt; mkdir /feedback/sub; echo x > /feedback/sub/y; \
                  ln -s /etc/passwd /feedback/link; head -c 3000000 /dev/zero > /feedback/big; exit 43";
    let mut program =
        judge::sandbox::Program::new(judge::sandbox::argv(&["/bin/sh", "-c", script]), Vec::new());
    program.out_dir = Some(judge::sandbox::OutDir {
        inside: "/feedback".into(),
        host: feedback.clone(),
        mib: 1,
        seed: None,
        files: Vec::new(),
    });
    let (team_path, team) = slot.create("team").unwrap();
    drop(team);
    fs::write(&team_path, "team output\n").unwrap();
    let streams = judge::sandbox::Streams {
        stdin: fs::File::open(&team_path).unwrap().into(),
        ..judge::sandbox::Streams::messages(4096)
    };
    let facts = judge::sandbox::run(&program, &limits(2000, 64), streams, &slot).unwrap();
    assert_eq!(facts.exit, Exit::Code(43), "{facts:?}");
    let message = judge::sandbox::read_out_file(&feedback, "judgemessage.txt", 100).unwrap();
    assert_eq!(message, b"team output\n");
    // The folder holds at most its 1 MiB; the link is not copied; a sub-folder is.
    let big = fs::metadata(feedback.join("big")).unwrap().len();
    assert!(big <= 1 << 20, "{big}");
    assert!(fs::symlink_metadata(feedback.join("link")).is_err());
    assert_eq!(fs::read_to_string(feedback.join("sub/y")).unwrap(), "x\n");
    assert!(judge::sandbox::read_out_file(&feedback, "../team", 100).is_err());
}
