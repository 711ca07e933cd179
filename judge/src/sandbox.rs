//! Runs one submission on one input under limits and measures it. CONTRACT between the judge's halves:
//! the runner half fills the bodies; the field names below are what the judging half reads. Fields may be
//! added, not renamed or removed.

use std::io;
use std::path::Path;

/// What a run may use. All limits are enforced or measured here; none is judged here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + sys) the problem allows; the run is stopped a little after it.
    pub cpu_ms: u64,
    /// Wall-clock watchdog: the run is killed after this long whatever it does (sleeping, blocked).
    pub wall_ms: u64,
    /// The problem's memory limit; the judged quantity is the measured peak against it.
    pub memory_kib: u64,
    /// Cap on stdout (and stderr) bytes; writing past it ends the run as `Exit::OutputLimit`.
    pub output_bytes: u64,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited by itself with this code.
    Code(i32),
    /// A signal ended it (not one the judge sent for a limit), e.g. 11 for SIGSEGV, 6 for SIGABRT.
    Signal(i32),
    /// The judge stopped it for CPU time (past `cpu_ms`) or the wall-clock watchdog (past `wall_ms`).
    TimeLimit,
    /// It wrote more than `output_bytes`.
    OutputLimit,
}

/// The measurements of one run: plain data, judged elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub exit: Exit,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    /// Peak resident set size of the submission itself (not the judge's share at fork).
    pub memory_kib: u64,
    /// The last few KiB of stderr, lossily decoded: panic messages, allocation failures.
    pub stderr_tail: String,
}

/// Runs `exe` with stdin from `input` and stdout written to `output`, in its own process group,
/// and kills the whole group when it ends. `Err` only for failures of the judge itself (spawn failed).
pub fn run(exe: &Path, input: &Path, output: &Path, limits: &Limits) -> io::Result<Run> {
    let _ = (exe, input, output, limits);
    todo!("runner half")
}

/// Makes SIGINT/SIGTERM to the judge kill every process group it has running, then end the judge, so that no
/// submission outlives an interrupted judge. Call once at start-up.
pub fn install_interrupt_handler() {
    todo!("runner half")
}
