//! Runs one submission on one input under limits and measures it. CONTRACT between the judge's halves:
//! the runner half fills the bodies; the field names below are what the judging half reads. Fields may be
//! added, not renamed or removed.
//!
//! How a run goes (after DOMjudge's runguard, without root):
//! 1. fork; in the child set rlimits (stack = memory limit, file size = output cap, data cap, CPU backstop,
//!    no core), ask to be ptraced, exec. stdin/stdout/stderr are files, never pipes: no deadlock possible.
//! 2. A watchdog thread polls `/proc` for the CPU time of the program and every process it started, and
//!    kills the process group past the CPU or wall limit.
//! 3. This thread `wait4`s the child, forwarding its signals, until it exits; CPU time is the larger of
//!    `wait4`'s rusage and the watchdog's last sample, peak memory `VmHWM` read at the ptrace exit stop.
//! 4. The whole process group is killed, so nothing the submission started outlives the run; so are the
//!    processes that left the group, which the judge adopts as their subreaper.

use crate::sys::{self, Pid};
use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

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
    /// How much it wrote to stderr in all.
    pub stderr_bytes: u64,
}

/// How often the watchdog looks at the running program: the busy-loop overshoot past `cpu_ms` is at most
/// this plus one clock tick (10 ms), and a program that ends sooner is never polled at all.
const POLL: Duration = Duration::from_millis(5);
/// How much of the end of stderr a `Run` keeps.
const STDERR_TAIL_BYTES: u64 = 4096;
/// Extra room above the memory limit for the data cap, see `spawn`.
const DATA_SLACK_BYTES: u64 = 64 << 20;

/// Runs `exe` with stdin from `input` and stdout written to `output`, in its own process group,
/// and kills the whole group when it ends. `Err` only for failures of the judge itself (spawn failed).
///
/// stderr goes to `<output>.stderr`, which is read into `stderr_tail` and removed.
pub fn run(exe: &Path, input: &Path, output: &Path, limits: &Limits) -> io::Result<Run> {
    let stderr_path = sibling(output, ".stderr");
    let started = Instant::now();
    let (child, traced, live) = {
        let _spawning = SPAWNING.lock().unwrap_or_else(|e| e.into_inner());
        let (child, traced) = spawn(exe, input, output, &stderr_path, limits)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot run {}: {e}", exe.display())))?;
        // A pid the judge has started is its process group id too (`process_group(0)`).
        let live = LiveGroup::register(child.id() as Pid);
        (child, traced, live)
    };
    let pid = child.id() as Pid;
    let (ended, watch) = thread::scope(|scope| {
        let (stop, stopped) = mpsc::channel::<()>();
        let watchdog = scope.spawn(move || watch(pid, limits, started, stopped));
        let ended = follow(pid);
        drop(stop);
        (ended, watchdog.join().unwrap_or_default())
    });
    // Whatever the program left behind (children, grandchildren) dies with the group. The leader is reaped
    // by now, but its number stays reserved as a group id while any member lives, and an empty group can
    // only be reused after the pid counter wraps around, so this cannot hit a stranger.
    let _ = sys::kill_group(pid, sys::SIGKILL);
    drop(live);
    kill_escapees();
    let wall_ms = started.elapsed().as_millis() as u64;
    let stderr_tail = read_tail(&stderr_path);
    let stderr_bytes = fs::metadata(&stderr_path).map_or(0, |m| m.len());
    let _ = fs::remove_file(&stderr_path);
    let ended = ended?;
    // wait4 counts the program and the children it reaped; the watchdog also saw the ones it did not.
    let cpu_ms = ((ended.cpu_us + 500) / 1000).max(watch.cpu_ms);
    let output_bytes = fs::metadata(output)
        .map_or(0, |m| m.len())
        .max(stderr_bytes);
    Ok(Run {
        exit: classify(
            ended.status,
            watch.stopped_for_time,
            cpu_ms,
            output_bytes,
            limits,
        ),
        cpu_ms,
        wall_ms,
        memory_kib: ended.peak_kib(traced, watch.peak_kib),
        stderr_tail,
        stderr_bytes,
    })
}

/// Set once `ptrace` turned out to be forbidden here (seccomp, Yama): runs then go untraced.
static TRACING_UNAVAILABLE: AtomicBool = AtomicBool::new(false);

/// Starts the child, traced if the system allows it (else untraced, and remembered). Returns it and
/// whether it is traced.
fn spawn(
    exe: &Path,
    input: &Path,
    output: &Path,
    stderr: &Path,
    limits: &Limits,
) -> io::Result<(std::process::Child, bool)> {
    if !TRACING_UNAVAILABLE.load(Ordering::Relaxed) {
        match command(exe, input, output, stderr, limits, true)?.spawn() {
            Ok(child) => return Ok((child, true)),
            // Retry untraced: if that works, tracing was the problem (most likely EPERM from ptrace).
            Err(traced_error) => {
                match command(exe, input, output, stderr, limits, false)?.spawn() {
                    Ok(child) => {
                        TRACING_UNAVAILABLE.store(true, Ordering::Relaxed);
                        return Ok((child, false));
                    }
                    Err(_) => return Err(traced_error),
                }
            }
        }
    }
    Ok((
        command(exe, input, output, stderr, limits, false)?.spawn()?,
        false,
    ))
}

/// The command for one run: files for the standard streams, its own process group, rlimits.
fn command(
    exe: &Path,
    input: &Path,
    output: &Path,
    stderr: &Path,
    limits: &Limits,
    traced: bool,
) -> io::Result<Command> {
    let naming =
        |path: &Path, e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let mut command = Command::new(exe);
    command
        .stdin(File::open(input).map_err(|e| naming(input, e))?)
        .stdout(File::create(output).map_err(|e| naming(output, e))?)
        .stderr(File::create(stderr).map_err(|e| naming(stderr, e))?)
        // Its own process group: one kill(-pgid) reaches everything it starts, and a Ctrl-C meant for the
        // judge's terminal group does not hit it half-way through a measurement.
        .process_group(0)
        // The program behaves as on an online judge whatever the shell running the judge has set: a
        // backtrace on panic would cost tens of ms and MiB (symbolisation) and change stderr.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    let memory_bytes = limits.memory_kib.saturating_mul(1024);
    // Stack = memory limit, as the issue asks: deep recursion (100,000 frames) is fine, and the stack's
    // pages still count in the measured peak, so this grants no extra memory.
    let stack_bytes = memory_bytes;
    // RLIMIT_DATA (heap and anonymous mappings, not the stack) well above the limit: an absurd allocation
    // fails at once ("memory allocation of N bytes failed", judged MLE) instead of eating the machine's RAM,
    // while reserved-but-untouched capacity never trips it. MLE itself is judged on the measured peak.
    let data_bytes = memory_bytes
        .saturating_mul(4)
        .saturating_add(DATA_SLACK_BYTES);
    // RLIMIT_FSIZE = output cap: a write past it raises SIGXFSZ, reported as `Exit::OutputLimit`.
    let file_bytes = limits.output_bytes;
    // RLIMIT_CPU as a backstop should the watchdog thread be starved: SIGXCPU one second past the limit.
    let cpu_seconds = (limits.cpu_ms + 999) / 1000 + 1;
    // SAFETY: the closure runs between fork and exec and only makes async-signal-safe syscalls; it neither
    // allocates nor takes locks.
    unsafe {
        command.pre_exec(move || {
            sys::set_rlimit(sys::Resource::Stack, stack_bytes, stack_bytes)?;
            sys::set_rlimit(sys::Resource::Data, data_bytes, data_bytes)?;
            sys::set_rlimit(sys::Resource::FileSize, file_bytes, file_bytes)?;
            sys::set_rlimit(sys::Resource::Cpu, cpu_seconds, cpu_seconds + 1)?;
            // No core dumps: an aborting 600 MiB program would spend seconds writing one.
            sys::set_rlimit(sys::Resource::Core, 0, 0)?;
            if traced {
                // Traced, the child stops at its exit with its memory still mapped: the one moment its
                // exact peak (VmHWM) can be read. `wait4`'s ru_maxrss cannot serve, it includes the
                // judge's own size, which the forked child carried until exec.
                sys::trace_me()?;
            }
            Ok(())
        });
    }
    Ok(command)
}

/// How the program ended, as `wait4` saw it.
struct Ended {
    status: ExitStatus,
    cpu_us: u64,
    /// `VmHWM` read at the ptrace exit stop (absent when untraced or killed by SIGKILL, which skips it).
    exit_peak_kib: Option<u64>,
    max_rss_kib: u64,
}

impl Ended {
    /// The program's own peak RSS: read at its exit stop, else the watchdog's highest sample. Untraced
    /// (no ptrace here), `ru_maxrss` too: exact when the program outgrows the judge, but for a program
    /// smaller than the judge it is the judge's size at fork, an overestimate. Better than a sample that
    /// a short run never gets.
    fn peak_kib(&self, traced: bool, polled_kib: u64) -> u64 {
        match self.exit_peak_kib {
            Some(kib) => kib.max(polled_kib),
            None if traced => polled_kib,
            None => polled_kib.max(self.max_rss_kib),
        }
    }
}

/// Waits until child `pid` has exited and reaps it. A traced child stops on the way: after its exec
/// (set the options), at each signal (pass it on), at exit (read the peak).
fn follow(pid: Pid) -> io::Result<Ended> {
    let mut exit_peak_kib = None;
    let mut options_set = false;
    loop {
        let waited = sys::wait(pid)?;
        let status = ExitStatus::from_raw(waited.status);
        let Some(signal) = status.stopped_signal() else {
            return Ok(Ended {
                status,
                cpu_us: waited.cpu_us,
                exit_peak_kib,
                max_rss_kib: waited.max_rss_kib,
            });
        };
        let event = waited.status >> 16;
        let deliver = match signal {
            sys::SIGTRAP if event == 0 && !options_set => {
                sys::trace_exit_and_exec(pid)?;
                options_set = true;
                0
            }
            sys::SIGTRAP if event == sys::PTRACE_EVENT_EXIT => {
                exit_peak_kib = status_kib(&pid.to_string(), "VmHWM:");
                0
            }
            // Later execs of the program itself: nothing to do.
            sys::SIGTRAP if event != 0 => 0,
            // Swallow stop signals: delivered, they would freeze the run (under PTRACE_TRACEME a group stop
            // looks like just another signal stop) until the wall watchdog. Anything else is passed on.
            sys::SIGSTOP | sys::SIGTSTP | sys::SIGTTIN | sys::SIGTTOU => 0,
            other => other,
        };
        // ESRCH here means the watchdog killed it meanwhile; the next wait reports that.
        let _ = sys::resume(pid, deliver);
    }
}

/// What the watchdog saw and did.
#[derive(Default)]
struct Watch {
    stopped_for_time: bool,
    /// Highest `VmHWM` sampled while the program ran.
    peak_kib: u64,
    /// The last CPU time sampled for the program and all its descendants.
    cpu_ms: u64,
}

/// Every `POLL` until told to stop: samples CPU time and peak memory from /proc, and kills the group past
/// the CPU limit or the wall-clock limit. Polling /proc (not only RLIMIT_CPU, whole seconds) ends a busy
/// loop a few ms after `cpu_ms`; the wall limit ends sleepers and blocked readers, which use no CPU.
fn watch(pid: Pid, limits: &Limits, started: Instant, stop: Receiver<()>) -> Watch {
    let ticks_per_second = sys::clock_ticks_per_second();
    let wall = Duration::from_millis(limits.wall_ms);
    let proc_dir = pid.to_string();
    let mut seen = Watch::default();
    while let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(POLL) {
        if let Some(kib) = status_kib(&proc_dir, "VmHWM:") {
            seen.peak_kib = seen.peak_kib.max(kib);
        }
        let cpu_ms = tree_cpu_ticks(pid) * 1000 / ticks_per_second;
        seen.cpu_ms = seen.cpu_ms.max(cpu_ms);
        if cpu_ms > limits.cpu_ms || started.elapsed() >= wall {
            seen.stopped_for_time = true;
            let _ = sys::kill_group(pid, sys::SIGKILL);
            break;
        }
    }
    seen
}

/// CPU ticks of process `pid` and every live descendant: a program that works in child processes uses the
/// run's CPU as surely as one that works in threads (a cgroup judge counts both). Descendants are found
/// through `/proc/<pid>/task/<tid>/children`; the ones already reaped are in their parent's cutime.
fn tree_cpu_ticks(pid: Pid) -> u64 {
    let mut total = 0;
    let mut pending = vec![pid];
    // A bound on the walk: a fork bomb must not keep the watchdog from its other duties.
    for _ in 0..1000 {
        let Some(pid) = pending.pop() else { break };
        total += cpu_ticks(&pid.to_string()).unwrap_or(0);
        pending.extend(children(&pid.to_string()));
    }
    total
}

/// The children of every thread of `/proc/<proc_dir>` (an orphan may be adopted by any thread).
fn children(proc_dir: &str) -> Vec<Pid> {
    let Ok(tasks) = fs::read_dir(format!("/proc/{proc_dir}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| pids_in(&list))
        .collect()
}

/// The pids of a `children` file: numbers separated by spaces.
fn pids_in(list: &str) -> Vec<Pid> {
    list.split_whitespace()
        .filter_map(|pid| pid.parse().ok())
        .collect()
}

/// utime + stime + cutime + cstime of a live process, in clock ticks: fields 14 to 17 of
/// `/proc/<pid>/stat`, counted after the `)` that closes the command name (which may itself hold spaces
/// and parentheses).
fn cpu_ticks(proc_dir: &str) -> Option<u64> {
    cpu_ticks_in(&fs::read_to_string(format!("/proc/{proc_dir}/stat")).ok()?)
}

/// utime + stime + cutime + cstime from the text of a `/proc/<pid>/stat` file.
fn cpu_ticks_in(stat: &str) -> Option<u64> {
    let fields = stat[stat.rfind(')')? + 1..].split_whitespace().skip(11);
    fields.take(4).map(|field| field.parse::<u64>().ok()).sum()
}

/// A `kB` line of `/proc/<proc_dir>/status`, e.g. `VmHWM:` (peak RSS of the current program image).
fn status_kib(proc_dir: &str, key: &str) -> Option<u64> {
    status_kib_in(
        &fs::read_to_string(format!("/proc/{proc_dir}/status")).ok()?,
        key,
    )
}

/// A `kB` line from the text of a `/proc/<pid>/status` file.
fn status_kib_in(status: &str, key: &str) -> Option<u64> {
    let line = status.lines().find(|line| line.starts_with(key))?;
    line[key.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// The exit kind: limits the judge enforced first, then what the program did.
fn classify(
    status: ExitStatus,
    stopped_for_time: bool,
    cpu_ms: u64,
    written: u64,
    limits: &Limits,
) -> Exit {
    if stopped_for_time {
        return Exit::TimeLimit;
    }
    match (status.signal(), status.code()) {
        (Some(sys::SIGXCPU), _) => Exit::TimeLimit,
        // SIGKILL from the kernel at RLIMIT_CPU's hard limit (the program ignored SIGXCPU).
        (Some(sys::SIGKILL), _) if cpu_ms > limits.cpu_ms => Exit::TimeLimit,
        (Some(sys::SIGXFSZ), _) => Exit::OutputLimit,
        (Some(signal), _) => Exit::Signal(signal),
        // A program that ignores SIGXFSZ gets EFBIG instead and usually fails on it (Rust panics).
        (None, Some(code)) if code != 0 && written >= limits.output_bytes => Exit::OutputLimit,
        (None, code) => Exit::Code(code.unwrap_or(-1)),
    }
}

/// Held while a child is spawned and its group registered, and while escapees are looked for: a run or a
/// checker that is starting (not yet registered) must not look like an escapee.
pub(crate) static SPAWNING: Mutex<()> = Mutex::new(());

/// Kills the processes that left their run's process group (`setpgid`, `setsid`, even into the judge's own
/// group) and so escaped its kill, and reaps the ones the group kill left as zombies. The judge is their
/// subreaper (`adopt_orphans`): once their parent is gone they are the judge's children, the only ones in
/// no registered group — everything the judge starts while it runs cases (runs, checkers) is registered.
fn kill_escapees() {
    // Not a subreaper (a library user, a test harness): its other children are its own business.
    if !ADOPTING_ORPHANS.load(Ordering::Relaxed) {
        return;
    }
    let _spawning = SPAWNING.lock().unwrap_or_else(|e| e.into_inner());
    // Killing one may orphan its children onto the judge in turn: sweep until a round finds none.
    for _ in 0..8 {
        let escapees: Vec<(Pid, Pid)> = children("self")
            .into_iter()
            .filter_map(|pid| Some((pid, process_group(&pid.to_string())?)))
            .filter(|&(_, group)| !LiveGroup::is_live(group))
            .collect();
        if escapees.is_empty() {
            return;
        }
        for (pid, group) in escapees {
            // Its own group holds what it started since; a group it joined may be a stranger's (the
            // shell's), and whatever it started elsewhere is orphaned onto the judge by its death.
            if group == pid {
                let _ = sys::kill_group(group, sys::SIGKILL);
            }
            // It is the judge's child now: reap it, or it stays a zombie until the judge ends. Only once
            // killed, or the wait could block (a setuid program refuses the signal).
            if sys::kill_process(pid, sys::SIGKILL).is_ok() {
                let _ = sys::wait(pid);
            }
        }
    }
}

/// The process group of `/proc/<proc_dir>`.
fn process_group(proc_dir: &str) -> Option<Pid> {
    process_group_in(&fs::read_to_string(format!("/proc/{proc_dir}/stat")).ok()?)
}

/// Field 5 (pgrp) of a `/proc/<pid>/stat` text, counted after the `)` that closes the command name.
fn process_group_in(stat: &str) -> Option<Pid> {
    stat[stat.rfind(')')? + 1..]
        .split_whitespace()
        .nth(2)?
        .parse()
        .ok()
}

/// The last `STDERR_TAIL_BYTES` of a file, lossily decoded; empty if unreadable.
fn read_tail(path: &Path) -> String {
    let mut tail = Vec::new();
    if let Ok(mut file) = File::open(path) {
        let length = file.metadata().map_or(0, |m| m.len());
        let start = length.saturating_sub(STDERR_TAIL_BYTES);
        if file.seek(SeekFrom::Start(start)).is_ok() {
            let _ = file.read_to_end(&mut tail);
        }
    }
    String::from_utf8_lossy(&tail).into_owned()
}

/// `path` with `suffix` appended to its file name.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The most runs in flight at once (`-j`): the slots of the table below.
pub const MAX_RUNS: usize = 256;

/// Process groups of runs in flight, for the interrupt handler: a fixed table of atomics, because a signal
/// handler may not lock or allocate. 0 = free slot.
static LIVE_GROUPS: [AtomicI32; MAX_RUNS] = {
    #[allow(clippy::declare_interior_mutable_const)] // a fresh atomic per element is the point
    const FREE: AtomicI32 = AtomicI32::new(0);
    [FREE; MAX_RUNS]
};

/// A registered live group; unregisters when dropped. There are as many slots as runs may be in flight
/// (`-j` ≤ `MAX_RUNS`, each worker a run or its checker at a time), and compiles never overlap runs.
pub(crate) struct LiveGroup(Option<usize>);

impl LiveGroup {
    pub(crate) fn register(group: Pid) -> LiveGroup {
        let slot = LIVE_GROUPS.iter().position(|slot| {
            slot.compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        });
        LiveGroup(slot)
    }
}

impl LiveGroup {
    fn is_live(group: Pid) -> bool {
        LIVE_GROUPS
            .iter()
            .any(|slot| slot.load(Ordering::SeqCst) == group)
    }
}

impl Drop for LiveGroup {
    fn drop(&mut self) {
        if let Some(slot) = self.0 {
            LIVE_GROUPS[slot].store(0, Ordering::SeqCst);
        }
    }
}

/// SIGINT/SIGTERM handler: only async-signal-safe work (atomic loads, kill, _exit).
extern "C" fn on_interrupt(signal: i32) {
    for slot in &LIVE_GROUPS {
        let group = slot.load(Ordering::SeqCst);
        if group > 0 {
            let _ = sys::kill_group(group, sys::SIGKILL);
        }
    }
    sys::exit_now(128 + signal);
}

/// Makes the judge the subreaper of everything its runs start, so that a process that left its run's group
/// is re-parented to the judge, not to init, and is found and killed after its run. Call once at start-up.
pub fn adopt_orphans() {
    // Failure (a kernel before 3.4) leaves such a process to init: it then merely survives its run.
    if sys::become_subreaper().is_ok() {
        ADOPTING_ORPHANS.store(true, Ordering::Relaxed);
    }
}

/// Set by `adopt_orphans`: only then are the judge's unknown children escapees of its runs.
static ADOPTING_ORPHANS: AtomicBool = AtomicBool::new(false);

/// Makes SIGINT/SIGTERM to the judge kill every process group it has running, then end the judge, so that no
/// submission outlives an interrupted judge. Call once at start-up.
///
/// Needed because each submission runs in its own process group: the terminal's Ctrl-C reaches only the
/// judge's group. Exits with 128 + the signal number (130, 143), as shells report.
pub fn install_interrupt_handler() {
    for signal in [sys::SIGINT, sys::SIGTERM] {
        // Failure leaves the default action: the judge still dies, traced submissions with it (EXITKILL).
        let _ = sys::set_signal_handler(signal, on_interrupt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        cpu_ms: 1000,
        wall_ms: 3000,
        memory_kib: 65536,
        output_bytes: 100,
    };

    #[test]
    fn cpu_ticks_are_read_after_the_last_parenthesis() {
        // A command name may hold spaces and ')': count fields from the last ')'. utime 7, stime 5,
        // cutime 30, cstime 2 (the reaped children's).
        let stat = "4242 (a) b (c)) R 1 4242 4242 0 -1 4194304 90 0 0 0 7 5 30 2 20 0 1 0 99 1 1";
        assert_eq!(cpu_ticks_in(stat), Some(44));
        assert_eq!(cpu_ticks_in("4242 (truncated"), None);
    }

    #[test]
    fn children_files_are_pids_separated_by_spaces() {
        assert_eq!(pids_in("4243 4250 "), vec![4243, 4250]);
        assert_eq!(pids_in(""), Vec::<Pid>::new());
    }

    #[test]
    fn the_process_group_is_the_third_field_after_the_name() {
        let stat = "4242 (a) b (c)) S 1 4300 4242 0 -1 4194304 90 0 0 0 7 5 0 0 20 0 1 0 99 1 1";
        assert_eq!(process_group_in(stat), Some(4300));
        assert_eq!(process_group_in("4242 (a) S 1"), None);
    }

    #[test]
    fn status_lines_are_read_in_kib() {
        let status =
            "Name:\tsolution\nVmPeak:\t   10000 kB\nVmHWM:\t    1804 kB\nVmRSS:\t    1800 kB\n";
        assert_eq!(status_kib_in(status, "VmHWM:"), Some(1804));
        assert_eq!(status_kib_in(status, "VmSwap:"), None);
    }

    #[test]
    fn exits_are_classified_limits_first() {
        // Raw wait statuses: exit code in bits 8..16, a terminating signal in bits 0..7.
        let exited = |code: i32| ExitStatus::from_raw(code << 8);
        let killed = |signal: i32| ExitStatus::from_raw(signal);
        assert_eq!(classify(exited(0), false, 5, 10, &LIMITS), Exit::Code(0));
        assert_eq!(classify(exited(3), false, 5, 10, &LIMITS), Exit::Code(3));
        assert_eq!(classify(exited(0), true, 5, 10, &LIMITS), Exit::TimeLimit);
        assert_eq!(
            classify(killed(sys::SIGXCPU), false, 2000, 10, &LIMITS),
            Exit::TimeLimit
        );
        assert_eq!(
            classify(killed(sys::SIGKILL), false, 3000, 10, &LIMITS),
            Exit::TimeLimit
        );
        assert_eq!(
            classify(killed(sys::SIGKILL), false, 5, 10, &LIMITS),
            Exit::Signal(9)
        );
        assert_eq!(
            classify(killed(sys::SIGXFSZ), false, 5, 100, &LIMITS),
            Exit::OutputLimit
        );
        assert_eq!(
            classify(killed(11), false, 5, 10, &LIMITS),
            Exit::Signal(11)
        );
        // A program that ignored SIGXFSZ and failed on EFBIG, versus one that wrote exactly the cap.
        assert_eq!(
            classify(exited(101), false, 5, 100, &LIMITS),
            Exit::OutputLimit
        );
        assert_eq!(classify(exited(0), false, 5, 100, &LIMITS), Exit::Code(0));
    }

    #[test]
    fn live_groups_take_a_slot_and_give_it_back() {
        let first = LiveGroup::register(i32::MAX - 1);
        let slot = first.0.expect("a free slot");
        assert_eq!(LIVE_GROUPS[slot].load(Ordering::SeqCst), i32::MAX - 1);
        drop(first);
        assert_eq!(LIVE_GROUPS[slot].load(Ordering::SeqCst), 0);
    }
}
