//! Verdicts and the rules that turn a run's measurements and the checker's outcome into one. Pure.
//!
//! Precedence — the first rule that applies decides:
//! 1. CE  the solution did not compile (decided before any run; see the engine);
//! 2. MLE peak memory above the limit, or the program reported a failed allocation and died;
//! 3. TLE CPU time above the limit, or stopped by the CPU limit / wall-clock watchdog;
//! 4. OLE output cap exceeded;
//! 5. RE  any other non-zero exit or signal;
//! 6. the checker, on a clean exit: AC, WA, PE, or JE when the checker itself failed.
//!
//! MLE comes before TLE because a real judge stops a program the moment it crosses the memory limit, while
//! this judge measures the peak and lets it run on: whatever the program did after crossing it (thrash, run
//! out of time, crash) happened on borrowed memory.

use crate::checker::notes::visible;
use crate::checker::Outcome;
use crate::sandbox::{Exit, Facts, Stop};
use std::fmt;

/// Everything known about one run of a submission: the sandbox's facts and what it wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub exit: Exit,
    /// The limit the sandbox stopped it at, if any.
    pub stopped: Option<Stop>,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub memory_kib: u64,
    /// The last few KiB of stderr, lossily decoded: panic messages, allocation failures.
    pub stderr_tail: String,
    pub stderr_bytes: u64,
    pub output_bytes: u64,
    /// Stopped by the wall clock while it (or the program it talks to) still wanted a CPU: the machine,
    /// not the program, ran out of time.
    pub runnable_at_wall: bool,
    /// Stopped by the wall clock: how much of its wall time its threads (and its peer's) had spent
    /// waiting for a CPU, in ms.
    pub waited_ms: u64,
}

impl Run {
    pub fn new(facts: Facts, stderr_tail: String, stderr_bytes: u64, output_bytes: u64) -> Run {
        Run {
            exit: facts.exit,
            stopped: facts.stopped,
            cpu_ms: facts.cpu_ms,
            wall_ms: facts.wall_ms,
            memory_kib: facts.memory_kib,
            stderr_tail,
            stderr_bytes,
            output_bytes,
            runnable_at_wall: facts.runnable_at_wall,
            waited_ms: facts.waited_ms,
        }
    }

    /// Stopped at a time limit, or killed by the CPU rlimit.
    pub fn over_time(&self, limit_ms: u64) -> bool {
        self.cpu_ms > limit_ms
            || matches!(self.stopped, Some(Stop::Cpu | Stop::Wall))
            || self.exit == Exit::Signal(SIGXCPU)
    }
}

/// What a submission earned on one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    PresentationError,
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    RuntimeError,
    CompileError,
    /// The judge could not judge: a checker failed, the testdata contradicts itself, a spawn failed.
    JudgeError,
    /// The machine was too loaded to tell: the run was stopped by the wall clock with CPU time to spare,
    /// even re-run alone with more wall-clock time. Not the program's verdict, and never a silent pass.
    Undecided,
}

impl Verdict {
    /// Every verdict, in the order reports list them.
    pub const ALL: [Verdict; 10] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::PresentationError,
        Verdict::TimeLimit,
        Verdict::MemoryLimit,
        Verdict::OutputLimit,
        Verdict::RuntimeError,
        Verdict::CompileError,
        Verdict::JudgeError,
        Verdict::Undecided,
    ];

    /// The short code judges print: AC WA PE TLE MLE OLE RE CE JE, and UD (undecided: too loaded).
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError => "RE",
            Verdict::CompileError => "CE",
            Verdict::JudgeError => "JE",
            Verdict::Undecided => "UD",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A verdict and the note that explains it (empty for AC).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub verdict: Verdict,
    pub note: String,
}

impl Judgement {
    pub fn new(verdict: Verdict, note: impl Into<String>) -> Judgement {
        Judgement {
            verdict,
            note: note.into(),
        }
    }
}

/// The limits a run is judged against (the time limit already scaled by `--tl-mult`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub time_limit_ms: u64,
    pub memory_limit_kib: u64,
    /// The cap on stdout, and on stderr.
    pub output_limit_bytes: u64,
}

/// Linux signal numbers → names, for RE notes.
const SIGNALS: [&str; 32] = [
    "",
    "SIGHUP",
    "SIGINT",
    "SIGQUIT",
    "SIGILL",
    "SIGTRAP",
    "SIGABRT",
    "SIGBUS",
    "SIGFPE",
    "SIGKILL",
    "SIGUSR1",
    "SIGSEGV",
    "SIGUSR2",
    "SIGPIPE",
    "SIGALRM",
    "SIGTERM",
    "SIGSTKFLT",
    "SIGCHLD",
    "SIGCONT",
    "SIGSTOP",
    "SIGTSTP",
    "SIGTTIN",
    "SIGTTOU",
    "SIGURG",
    "SIGXCPU",
    "SIGXFSZ",
    "SIGVTALRM",
    "SIGPROF",
    "SIGWINCH",
    "SIGIO",
    "SIGPWR",
    "SIGSYS",
];
const SIGXCPU: i32 = 24;
const SIGXFSZ: i32 = 25;
/// How much of a stderr line a note quotes.
const REASON_CHARS: usize = 200;

/// Judges one run by the precedence above; `check` runs only when the program exited cleanly.
pub fn judge(run: &Run, bounds: Bounds, check: impl FnOnce() -> Outcome) -> Judgement {
    let clean = run.exit == Exit::Code(0);
    let limit_mib = bounds.memory_limit_kib / 1024;
    if run.stopped == Some(Stop::Memory) {
        return Judgement::new(
            Verdict::MemoryLimit,
            format!(
                "stopped with {} resident (all its processes) > limit {limit_mib} MiB",
                mib(run.memory_kib)
            ),
        );
    }
    if run.memory_kib > bounds.memory_limit_kib {
        return Judgement::new(
            Verdict::MemoryLimit,
            format!("peak {} > limit {limit_mib} MiB", mib(run.memory_kib)),
        );
    }
    if let Some(line) = allocation_failure(&run.stderr_tail).filter(|_| !clean) {
        return Judgement::new(
            Verdict::MemoryLimit,
            format!("{line} (limit {limit_mib} MiB)"),
        );
    }
    if let Some(note) = time_limit(run, bounds.time_limit_ms) {
        return Judgement::new(Verdict::TimeLimit, note);
    }
    // The judge counts every byte of stdout and stderr (pipes it drains) and discards what comes past the
    // cap: a run that passed it and ended in time is OLE however it ended (an endless one was TLE above);
    // SIGXFSZ is the cap on a file the program writes itself.
    let over_cap = run.output_bytes.max(run.stderr_bytes) > bounds.output_limit_bytes;
    if run.stopped == Some(Stop::Output) || run.exit == Exit::Signal(SIGXFSZ) || over_cap {
        let cap = format!("the cap of {} MiB", bounds.output_limit_bytes >> 20);
        return Judgement::new(
            Verdict::OutputLimit,
            if run.stderr_bytes > bounds.output_limit_bytes {
                format!("stderr over {cap} (stderr is capped like stdout)")
            } else {
                format!("output over {cap}")
            },
        );
    }
    let status = match run.exit {
        Exit::Code(0) => None,
        Exit::Code(code) => Some(format!("exit code {code}")),
        Exit::Signal(signal) => Some(signal_name(signal)),
    };
    if let Some(status) = status {
        let note = match stderr_reason(&run.stderr_tail) {
            Some(reason) => format!("{status}: {reason}"),
            None => status,
        };
        return Judgement::new(Verdict::RuntimeError, note);
    }
    match check() {
        Outcome::Accepted => Judgement::new(Verdict::Accepted, ""),
        Outcome::Wrong(note) => Judgement::new(Verdict::WrongAnswer, note),
        Outcome::Presentation(note) => Judgement::new(Verdict::PresentationError, note),
        Outcome::Failed(note) => {
            Judgement::new(Verdict::JudgeError, format!("output validator: {note}"))
        }
    }
}

/// The TLE note, if the run is over time: CPU past the limit, or stopped by the wall-clock limit.
fn time_limit(run: &Run, limit_ms: u64) -> Option<String> {
    if !run.over_time(limit_ms) {
        return None;
    }
    match run.stopped {
        Some(Stop::Wall) => Some(format!(
            "stopped by the wall-clock limit after {} ms with {} ms of CPU{}",
            run.wall_ms,
            run.cpu_ms,
            if run.runnable_at_wall {
                " (starved by a loaded machine?)"
            } else {
                " (sleeping or blocked)"
            }
        )),
        _ if run.cpu_ms > limit_ms => Some(format!("CPU {} ms > limit {limit_ms} ms", run.cpu_ms)),
        _ => Some(format!(
            "CPU {} ms, stopped at the limit {limit_ms} ms",
            run.cpu_ms
        )),
    }
}

/// The line where Rust's allocator reports failure ("memory allocation of N bytes failed"), if any.
fn allocation_failure(stderr: &str) -> Option<&str> {
    stderr
        .lines()
        .map(str::trim)
        .find(|l| l.contains("memory allocation of") && l.contains("failed"))
}

/// `signal 11 (SIGSEGV)`.
pub fn signal_name(signal: i32) -> String {
    match SIGNALS.get(signal as usize).filter(|n| !n.is_empty()) {
        Some(name) => format!("signal {signal} ({name})"),
        None => format!("signal {signal}"),
    }
}

/// Why the program died, from its stderr: the Rust panic message if it panicked, else its last line.
pub fn stderr_reason(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let reason = match lines.iter().position(|l| l.contains("panicked at ")) {
        Some(i) => {
            let after = lines[i]
                .split_once("panicked at ")
                .map_or("", |(_, rest)| rest);
            match (after.strip_suffix(':'), lines.get(i + 1)) {
                // Rust ≥ 1.73: "thread 'main' panicked at src/main.rs:3:5:" and the message on the next line.
                (Some(location), Some(message)) => format!("panicked at {location}: {message}"),
                // Older: "thread 'main' panicked at 'message', src/main.rs:3:5".
                _ => format!("panicked at {after}"),
            }
        }
        None => lines
            .iter()
            .rev()
            .find(|l| !l.starts_with("note: run with `RUST_BACKTRACE"))?
            .to_string(),
    };
    // One line: a line break in it would be shown, not kept.
    let reason: String = reason.chars().take(REASON_CHARS).collect();
    Some(visible(&reason.replace('\n', " ")))
}

/// `12.3 MiB`.
pub fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: Bounds = Bounds {
        time_limit_ms: 1000,
        memory_limit_kib: 65536,
        output_limit_bytes: 1 << 20,
    };

    fn run(exit: Exit, cpu_ms: u64, memory_kib: u64, stderr: &str) -> Run {
        Run {
            exit,
            stopped: None,
            cpu_ms,
            wall_ms: cpu_ms + 5,
            memory_kib,
            stderr_tail: stderr.to_string(),
            stderr_bytes: stderr.len() as u64,
            output_bytes: 0,
            runnable_at_wall: false,
            waited_ms: 0,
        }
    }

    fn stopped(stop: Stop, cpu_ms: u64, memory_kib: u64) -> Run {
        Run {
            stopped: Some(stop),
            ..run(Exit::Signal(9), cpu_ms, memory_kib, "")
        }
    }

    fn flooded(exit: Exit, output_bytes: u64) -> Run {
        Run {
            output_bytes,
            ..run(exit, 30, 2000, "")
        }
    }

    fn verdict(run: &Run, outcome: Outcome) -> (Verdict, String) {
        let j = judge(run, BOUNDS, || outcome);
        (j.verdict, j.note)
    }

    fn ok() -> Outcome {
        Outcome::Accepted
    }

    #[test]
    fn a_clean_run_takes_the_checkers_outcome() {
        let clean = run(Exit::Code(0), 10, 2000, "");
        assert_eq!(verdict(&clean, ok()), (Verdict::Accepted, String::new()));
        assert_eq!(
            verdict(&clean, Outcome::Wrong("w".into())),
            (Verdict::WrongAnswer, "w".into())
        );
        assert_eq!(
            verdict(&clean, Outcome::Presentation("p".into())),
            (Verdict::PresentationError, "p".into())
        );
        assert_eq!(
            verdict(&clean, Outcome::Failed("f".into())),
            (Verdict::JudgeError, "output validator: f".into())
        );
    }

    #[test]
    fn the_checker_is_not_consulted_after_a_failed_run() {
        let crashed = run(Exit::Signal(11), 10, 2000, "");
        let j = judge(&crashed, BOUNDS, || panic!("checker ran"));
        assert_eq!(
            j,
            Judgement::new(Verdict::RuntimeError, "signal 11 (SIGSEGV)")
        );
    }

    #[test]
    fn memory_peak_and_allocation_failure_are_mle() {
        assert_eq!(
            verdict(&run(Exit::Code(0), 10, 65537, ""), ok()),
            (Verdict::MemoryLimit, "peak 64.0 MiB > limit 64 MiB".into())
        );
        assert_eq!(
            verdict(&run(Exit::Code(0), 10, 65536, ""), ok()).0,
            Verdict::Accepted
        );
        let aborted = run(
            Exit::Signal(6),
            10,
            3000,
            "memory allocation of 629145600 bytes failed\n",
        );
        assert_eq!(
            verdict(&aborted, ok()),
            (
                Verdict::MemoryLimit,
                "memory allocation of 629145600 bytes failed (limit 64 MiB)".into()
            )
        );
        // MLE outranks TLE: the peak was crossed whatever happened next.
        assert_eq!(
            verdict(&stopped(Stop::Cpu, 1100, 700_000), ok()).0,
            Verdict::MemoryLimit
        );
        // Stopped by the sandbox for the tree's resident total (a hog working in child processes).
        assert_eq!(
            verdict(&stopped(Stop::Memory, 10, 70_000), ok()),
            (
                Verdict::MemoryLimit,
                "stopped with 68.4 MiB resident (all its processes) > limit 64 MiB".into()
            )
        );
    }

    #[test]
    fn cpu_over_the_limit_or_stopped_is_tle() {
        assert_eq!(
            verdict(&run(Exit::Code(0), 1001, 2000, ""), ok()),
            (Verdict::TimeLimit, "CPU 1001 ms > limit 1000 ms".into())
        );
        assert_eq!(
            verdict(&run(Exit::Code(0), 1000, 2000, ""), ok()).0,
            Verdict::Accepted
        );
        assert_eq!(
            verdict(&stopped(Stop::Cpu, 1004, 2000), ok()),
            (Verdict::TimeLimit, "CPU 1004 ms > limit 1000 ms".into())
        );
        assert_eq!(
            verdict(&run(Exit::Signal(24), 999, 2000, ""), ok()),
            (
                Verdict::TimeLimit,
                "CPU 999 ms, stopped at the limit 1000 ms".into()
            )
        );
        // A sleeper is described as stopped by the wall clock, not at the CPU limit.
        let mut sleeper = stopped(Stop::Wall, 1, 2000);
        sleeper.wall_ms = 2000;
        assert_eq!(
            verdict(&sleeper, ok()),
            (Verdict::TimeLimit, "stopped by the wall-clock limit after 2000 ms with 1 ms of CPU (sleeping or blocked)".into())
        );
        // What it was doing at the stop says which, not its share of the CPU limit.
        sleeper.cpu_ms = 460;
        assert!(verdict(&sleeper, ok()).1.ends_with("(sleeping or blocked)"));
        sleeper.runnable_at_wall = true;
        assert_eq!(
            verdict(&sleeper, ok()).1,
            "stopped by the wall-clock limit after 2000 ms with 460 ms of CPU (starved by a loaded machine?)"
        );
        assert_eq!(
            verdict(&run(Exit::Signal(24), 990, 2000, ""), ok()).0,
            Verdict::TimeLimit
        );
        // TLE outranks OLE and RE.
        assert_eq!(
            verdict(&run(Exit::Signal(25), 1200, 2000, ""), ok()).0,
            Verdict::TimeLimit
        );
        assert_eq!(
            verdict(&run(Exit::Code(101), 1200, 2000, ""), ok()).0,
            Verdict::TimeLimit
        );
    }

    #[test]
    fn output_cap_is_ole() {
        let over = (1 << 20) + 1;
        let mut stopped_at_cap = flooded(Exit::Signal(9), over);
        stopped_at_cap.stopped = Some(Stop::Output);
        assert_eq!(
            verdict(&stopped_at_cap, ok()),
            (Verdict::OutputLimit, "output over the cap of 1 MiB".into())
        );
        // Past the cap and exit 0 right after (SIGXFSZ ignored, or the excess still in the pipe): OLE all
        // the same, as the README promises. Exactly the cap is allowed; a crash at the cap is a crash.
        assert_eq!(
            verdict(&flooded(Exit::Code(0), over), ok()).0,
            Verdict::OutputLimit
        );
        assert_eq!(
            verdict(&flooded(Exit::Code(0), 1 << 20), ok()).0,
            Verdict::Accepted
        );
        assert_eq!(
            verdict(&flooded(Exit::Code(101), 1 << 20), ok()).0,
            Verdict::RuntimeError
        );
        // A program that floods stderr is told so: it may have printed next to nothing on stdout.
        let mut chatty = flooded(Exit::Signal(9), 10);
        chatty.stopped = Some(Stop::Output);
        chatty.stderr_bytes = over;
        assert_eq!(
            verdict(&chatty, ok()),
            (
                Verdict::OutputLimit,
                "stderr over the cap of 1 MiB (stderr is capped like stdout)".into()
            )
        );
        // A file of its own (in /tmp) past the cap: SIGXFSZ.
        assert_eq!(
            verdict(&run(Exit::Signal(25), 30, 2000, ""), ok()).0,
            Verdict::OutputLimit
        );
    }

    #[test]
    fn runtime_errors_say_why() {
        assert_eq!(
            verdict(&run(Exit::Code(3), 1, 2000, ""), ok()),
            (Verdict::RuntimeError, "exit code 3".into())
        );
        let panic_new = "thread 'main' panicked at src/main.rs:3:5:\nattempt to divide by zero\n\
                         note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
        assert_eq!(
            verdict(&run(Exit::Code(101), 1, 2000, panic_new), ok()),
            (
                Verdict::RuntimeError,
                "exit code 101: panicked at src/main.rs:3:5: attempt to divide by zero".into()
            )
        );
        let panic_old = "thread 'main' panicked at 'boom', src/main.rs:2:5\nnote: run with `RUST_BACKTRACE=1` ...\n";
        assert_eq!(
            verdict(&run(Exit::Code(101), 1, 2000, panic_old), ok()).1,
            "exit code 101: panicked at 'boom', src/main.rs:2:5"
        );
        let overflow =
            "\nthread 'main' has overflowed its stack\nfatal runtime error: stack overflow\n";
        assert_eq!(
            verdict(&run(Exit::Signal(6), 1, 2000, overflow), ok()).1,
            "signal 6 (SIGABRT): fatal runtime error: stack overflow"
        );
        assert_eq!(
            verdict(&run(Exit::Code(1), 1, 2000, "expected 9 tokens\n"), ok()).1,
            "exit code 1: expected 9 tokens"
        );
        assert_eq!(
            verdict(&run(Exit::Signal(64), 1, 2000, ""), ok()).1,
            "signal 64"
        );
        // A program's stderr may hold terminal escapes or a stray `\r`: the note shows them, never obeys.
        assert_eq!(
            verdict(
                &run(Exit::Code(1), 1, 2000, "bad token \"7\r\"\x1b[2J\n"),
                ok()
            )
            .1,
            "exit code 1: bad token \"7\\r\"\\u{1b}[2J"
        );
    }

    #[test]
    fn codes_and_mib() {
        let codes: Vec<&str> = Verdict::ALL.iter().map(|v| v.code()).collect();
        assert_eq!(
            codes,
            ["AC", "WA", "PE", "TLE", "MLE", "OLE", "RE", "CE", "JE", "UD"]
        );
        assert_eq!(mib(1843), "1.8 MiB");
    }
}
