//! The handful of Linux calls std does not expose, declared against the C library std already links
//! (glibc on x86_64 Linux), so the judge needs no `libc` crate. Each wrapper is safe and returns
//! `io::Result`; the layouts below are the x86_64 Linux ABI.
//!
//! Only the modules that run processes (`sandbox`, `compile`) use these: rlimits for the child, `wait4`
//! for its resource usage, `ptrace` to read its peak memory at the moment it exits, `kill` of a whole
//! process group, and a signal handler.

use std::io;
use std::os::raw::{c_int, c_long, c_void};
use std::ptr;

/// A process id (`pid_t`).
pub type Pid = i32;

pub const SIGINT: c_int = 2;
pub const SIGTRAP: c_int = 5;
pub const SIGKILL: c_int = 9;
pub const SIGTERM: c_int = 15;
pub const SIGSTOP: c_int = 19;
pub const SIGTSTP: c_int = 20;
pub const SIGTTIN: c_int = 21;
pub const SIGTTOU: c_int = 22;
pub const SIGXCPU: c_int = 24;
pub const SIGXFSZ: c_int = 25;

/// The resources `setrlimit` caps (`RLIMIT_*` in <sys/resource.h>).
#[derive(Clone, Copy, Debug)]
pub enum Resource {
    /// CPU seconds: SIGXCPU at the soft limit, SIGKILL at the hard one.
    Cpu = 0,
    /// Largest file the process may write: SIGXFSZ past it.
    FileSize = 1,
    /// Private writable memory (heap, anonymous mappings), not the stack: allocations past it fail.
    Data = 2,
    /// The main thread's stack.
    Stack = 3,
    /// Core dump size.
    Core = 4,
}

#[repr(C)]
struct Rlimit {
    soft: u64,
    hard: u64,
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
struct Timeval {
    seconds: i64,
    micros: i64,
}

/// `struct rusage`: two timevals, then 14 longs of which only `ru_maxrss` interests us.
#[repr(C)]
#[derive(Clone, Copy, Default)]
struct Rusage {
    user: Timeval,
    system: Timeval,
    max_rss_kib: i64,
    rest: [i64; 13],
}

/// What `wait4` reports: the raw wait status and the CPU time of the process (and its reaped children).
#[derive(Clone, Copy, Debug)]
pub struct Waited {
    /// Raw status word; decode with `std::process::ExitStatus::from_raw`.
    pub status: c_int,
    /// User + system CPU time in microseconds.
    pub cpu_us: u64,
    /// `ru_maxrss`: the peak RSS in KiB as the kernel accounts it (which includes the parent's size at fork).
    pub max_rss_kib: u64,
}

// ptrace requests and options (<sys/ptrace.h>).
const PTRACE_TRACEME: c_int = 0;
const PTRACE_CONT: c_int = 7;
const PTRACE_SETOPTIONS: c_int = 0x4200;
const PTRACE_O_TRACEEXEC: usize = 0x10;
const PTRACE_O_TRACEEXIT: usize = 0x40;
const PTRACE_O_EXITKILL: usize = 0x10_0000;
/// The event number in bits 16.. of a stop status: the tracee is about to exit, its memory still mapped.
pub const PTRACE_EVENT_EXIT: c_int = 6;

const SC_CLK_TCK: c_int = 2;
const PR_SET_CHILD_SUBREAPER: c_int = 36;

// Why each one: std has no rlimits; only prctl makes the judge the reaper of orphaned descendants; `Child::wait` returns no rusage (CPU time); `Child::kill` cannot
// address a process group; std installs no signal handlers; ptrace is the only way to see a process at
// its exit with its memory still mapped; the clock tick is the unit of /proc's CPU times; and a signal
// handler must end the process with `_exit`, not `exit` (not async-signal-safe).
extern "C" {
    fn setrlimit(resource: c_int, limit: *const Rlimit) -> c_int;
    fn wait4(pid: Pid, status: *mut c_int, options: c_int, usage: *mut Rusage) -> Pid;
    fn kill(pid: Pid, signal: c_int) -> c_int;
    fn signal(signal: c_int, handler: usize) -> usize;
    // glibc declares ptrace variadic; declaring it so keeps the x86_64 varargs calling convention right.
    fn ptrace(request: c_int, ...) -> c_long;
    fn sysconf(name: c_int) -> c_long;
    // glibc declares prctl variadic, like ptrace.
    fn prctl(option: c_int, ...) -> c_int;
    fn _exit(code: c_int) -> !;
}

fn check(result: c_long) -> io::Result<c_long> {
    if result == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(result)
    }
}

/// Sets soft and hard limit of `resource` for the calling process. Async-signal-safe (one syscall), so it may
/// run between fork and exec.
pub fn set_rlimit(resource: Resource, soft: u64, hard: u64) -> io::Result<()> {
    let limit = Rlimit { soft, hard };
    // SAFETY: `limit` is a valid `struct rlimit` for the duration of the call.
    check(unsafe { setrlimit(resource as c_int, &limit) } as c_long).map(drop)
}

/// Waits for a state change of child `pid` (exit, death by signal, or a ptrace stop), retrying on EINTR.
pub fn wait(pid: Pid) -> io::Result<Waited> {
    let mut status = 0;
    let mut usage = Rusage::default();
    loop {
        // SAFETY: both pointers are valid for writes for the duration of the call.
        let result = unsafe { wait4(pid, &mut status, 0, &mut usage) };
        if result != -1 {
            break;
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
    let micros = |t: Timeval| (t.seconds.max(0) as u64) * 1_000_000 + t.micros.max(0) as u64;
    Ok(Waited {
        status,
        cpu_us: micros(usage.user) + micros(usage.system),
        max_rss_kib: usage.max_rss_kib.max(0) as u64,
    })
}

/// Sends `signal` to every process of process group `group`. Async-signal-safe.
pub fn kill_group(group: Pid, signal: c_int) -> io::Result<()> {
    // SAFETY: plain syscall; a negative pid addresses the process group.
    check(unsafe { kill(-group, signal) } as c_long).map(drop)
}

/// Sends `signal` to the single process `pid`.
pub fn kill_process(pid: Pid, signal: c_int) -> io::Result<()> {
    // SAFETY: plain syscall.
    check(unsafe { kill(pid, signal) } as c_long).map(drop)
}

/// Installs `handler` for `signal` (glibc's `signal` has BSD semantics: the handler stays, syscalls restart).
pub fn set_signal_handler(signal_number: c_int, handler: extern "C" fn(c_int)) -> io::Result<()> {
    // SAFETY: `handler` is a valid `extern "C" fn(int)` for the life of the program.
    let previous = unsafe { signal(signal_number, handler as usize) };
    if previous == usize::MAX {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Ends the process at once without running destructors or atexit handlers. Async-signal-safe, unlike
/// `std::process::exit`.
pub fn exit_now(code: c_int) -> ! {
    // SAFETY: `_exit` never returns and is async-signal-safe.
    unsafe { _exit(code) }
}

/// In a freshly forked child: asks to be traced by the parent, so that after `exec` it stops with SIGTRAP
/// and the parent can set options. Async-signal-safe (one syscall).
pub fn trace_me() -> io::Result<()> {
    let null = ptr::null_mut::<c_void>();
    // SAFETY: PTRACE_TRACEME ignores pid, addr and data.
    check(unsafe { ptrace(PTRACE_TRACEME, 0 as Pid, null, null) }).map(drop)
}

/// For a tracee stopped after its first exec: report its exit (and later execs) as ptrace events, and
/// kill it if the judge dies.
pub fn trace_exit_and_exec(pid: Pid) -> io::Result<()> {
    let options = PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL;
    // SAFETY: PTRACE_SETOPTIONS reads `data` as an integer bit set.
    let result = unsafe {
        ptrace(
            PTRACE_SETOPTIONS,
            pid,
            ptr::null_mut::<c_void>(),
            options as *mut c_void,
        )
    };
    check(result).map(drop)
}

/// Resumes a stopped tracee, delivering `signal` (0 for none).
pub fn resume(pid: Pid, signal: c_int) -> io::Result<()> {
    // SAFETY: PTRACE_CONT reads `data` as the signal number.
    let result = unsafe {
        ptrace(
            PTRACE_CONT,
            pid,
            ptr::null_mut::<c_void>(),
            signal as usize as *mut c_void,
        )
    };
    check(result).map(drop)
}

/// Makes the calling process a child subreaper: a process orphaned anywhere below it is re-parented to it
/// (instead of to init), so it can still be found and killed.
pub fn become_subreaper() -> io::Result<()> {
    // SAFETY: PR_SET_CHILD_SUBREAPER reads its second argument as a flag.
    check(unsafe { prctl(PR_SET_CHILD_SUBREAPER, 1 as c_long) } as c_long).map(drop)
}

/// Clock ticks per second, the unit of CPU times in `/proc/<pid>/stat`.
pub fn clock_ticks_per_second() -> u64 {
    // SAFETY: plain libc query.
    let ticks = unsafe { sysconf(SC_CLK_TCK) };
    if ticks > 0 {
        ticks as u64
    } else {
        100
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::size_of;

    #[test]
    fn the_structs_have_the_x86_64_linux_layout() {
        // <sys/resource.h>: rlimit is two rlim_t (u64); rusage two timevals (16 bytes) and 14 longs.
        assert_eq!(size_of::<Rlimit>(), 16);
        assert_eq!(size_of::<Timeval>(), 16);
        assert_eq!(size_of::<Rusage>(), 144);
    }

    #[test]
    fn a_signal_to_a_process_that_does_not_exist_is_an_error() {
        // pid_max is at most 2^22 on Linux, so this pid and group can never exist.
        assert!(kill_process(i32::MAX, 0).is_err());
        assert!(kill_group(i32::MAX, 0).is_err());
        assert!(clock_ticks_per_second() >= 100);
    }
}
