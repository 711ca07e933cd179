//! A run starved of CPU by a loaded machine is told from one that sleeps (the sandbox's
//! `Killer::wall_is_up`). Each test pins itself, its runs and eight busy threads to one CPU, so the
//! program under test gets at most a ninth of it whatever else the machine does; then it runs with the
//! patience the judge gives a re-run alone (`wall_patience_ms`). A correct program the machine starved
//! past its wall clock must finish (AC), never be stopped as a sleeper (TLE); a true sleeper and a busy
//! loop must still be TLE, as on a quiet machine.

use crate::common;

use common::{limits, Bench};
use judge::sandbox::{self, Limits, Output, Stop, Streams};
use judge::verdict::Verdict;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

extern "C" {
    fn sched_getcpu() -> i32;
    fn sched_setaffinity(pid: i32, size: usize, mask: *const u64) -> i32;
}

/// Busy threads that share this thread's one CPU with it until dropped.
struct Hogs {
    stop: Arc<AtomicBool>,
    threads: Vec<thread::JoinHandle<()>>,
}

impl Hogs {
    /// Pins the calling thread (and so every thread and process it starts from now: the sandbox's
    /// helper, its watchdog and waiter) to the CPU it is on, and starts `count` busy threads there.
    fn pin_beside(count: usize) -> Hogs {
        // SAFETY: plain syscalls on this thread (pid 0), with a mask of 1024 CPUs that outlives the call.
        let cpu = unsafe { sched_getcpu() };
        assert!((0..1024).contains(&cpu), "sched_getcpu: {cpu}");
        let mut mask = [0u64; 16];
        mask[cpu as usize / 64] = 1 << (cpu % 64);
        let pinned = unsafe { sched_setaffinity(0, std::mem::size_of_val(&mask), mask.as_ptr()) };
        assert_eq!(
            pinned,
            0,
            "sched_setaffinity: {}",
            std::io::Error::last_os_error()
        );
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..count)
            .map(|_| {
                let stop = stop.clone();
                thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })
            })
            .collect();
        Hogs { stop, threads }
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

const HOGS: usize = 8;

/// The limits of a judge's re-run alone: a wall clock of `wall_ms`, and 30 s of patience past it while
/// the run wants a CPU or has not yet had its own `wall_ms`.
fn patient(cpu_ms: u64, wall_ms: u64) -> Limits {
    Limits {
        cpu_ms,
        wall_ms,
        wall_patience_ms: 30_000,
        ..limits(cpu_ms, 64)
    }
}

#[test]
fn a_correct_program_starved_past_its_wall_clock_is_let_finish() {
    let bench = Bench::new();
    let compute = bench.fixture("compute.rs");
    // 50 million rounds: some 50 ms of CPU alone, so at most a ninth of a CPU takes it past its 300 ms.
    let limits = patient(2000, 300);
    let _hogs = Hogs::pin_beside(HOGS);
    let (run, output) = bench.run(&compute, "50000000\n", &limits);
    drop(_hogs);
    assert_eq!(run.stopped, None, "{run:?}");
    assert!(
        run.wall_ms > limits.wall_ms,
        "not starved: this proves nothing\n{run:?}"
    );
    let expected = format!("{}\n", lcg(50_000_000));
    assert_eq!(
        common::verdict_of(&run, &output, &expected, &limits),
        Verdict::Accepted,
        "{run:?}"
    );
}

#[test]
fn a_sleeper_starved_of_cpu_is_still_stopped_as_a_sleeper() {
    let bench = Bench::new();
    let sleep = bench.fixture("sleep.rs");
    let limits = patient(300, 700);
    let _hogs = Hogs::pin_beside(HOGS);
    let (run, output) = bench.run(&sleep, "", &limits);
    drop(_hogs);
    // Stopped once it had slept its own 700 ms, long before the patience's end or its 60 s.
    assert_eq!(run.stopped, Some(Stop::Wall), "{run:?}");
    assert!(!run.runnable_at_wall, "{run:?}");
    assert!(
        run.wall_ms < limits.wall_ms + limits.wall_patience_ms,
        "{run:?}"
    );
    assert_eq!(
        common::verdict_of(&run, &output, "", &limits),
        Verdict::TimeLimit,
        "{run:?}"
    );
}

#[test]
fn a_busy_loop_starved_of_cpu_is_stopped_at_its_cpu_limit() {
    let bench = Bench::new();
    let busy = bench.fixture("busy.rs");
    let limits = patient(300, 300);
    let _hogs = Hogs::pin_beside(HOGS);
    let (run, output) = bench.run(&busy, "", &limits);
    drop(_hogs);
    assert_eq!(run.stopped, Some(Stop::Cpu), "{run:?}");
    assert_eq!(
        common::verdict_of(&run, &output, "", &limits),
        Verdict::TimeLimit,
        "{run:?}"
    );
}

#[test]
fn a_pair_starved_side_by_side_has_waited_no_longer_than_its_wall_time() {
    // A submission and its interactor (the slot beside: the engine's pair) both busy, beside eight busy
    // threads on one CPU: each waits some 90 % of the time, both at once. The wall time the machine took
    // from the pair is the wall time, give or take the start of the sandboxes (their waits count from
    // their fork, the wall clock from the run's start: up to 35 ms more in 1.5 s seen). Summed, the two
    // runs' waits came to 1.9 times the wall time (2876-3046 ms in 1540), and a pair that computed on a
    // loaded machine, then both blocked for good, could not reach its own wall clock in the re-run's
    // three: UD where it is TLE (interactive.rs, computes_then_blocks).
    let bench = Bench::new();
    let busy = bench.fixture("busy.rs");
    let limits = Limits {
        wall_ms: 1500,
        ..limits(60_000, 64)
    };
    let slot = bench.slot();
    let beside = bench.scratch.slot_beside("beside", &slot).unwrap();
    let program = busy.program(64, &[], &[]);
    let streams = || Streams {
        stdin: Stdio::null(),
        stdout: Output::Tail(1 << 10),
        stderr: Output::Tail(1 << 10),
    };
    let _hogs = Hogs::pin_beside(HOGS);
    let interactor = sandbox::start(&program, &limits, streams(), &beside).unwrap();
    let submission = sandbox::start(&program, &limits, streams(), &slot).unwrap();
    submission.killer().beside(&interactor.killer());
    let facts = submission.wait().unwrap();
    interactor.killer().kill();
    let _ = interactor.wait();
    drop(_hogs);
    assert_eq!(facts.stopped, Some(Stop::Wall), "{facts:?}");
    assert!(facts.runnable_at_wall, "{facts:?}");
    assert!(facts.waited_ms * 4 <= facts.wall_ms * 5, "{facts:?}");
}

/// What `compute.rs` prints for `rounds`.
fn lcg(rounds: u64) -> u64 {
    (0..rounds).fold(1u64, |state, _| {
        state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407)
    })
}
