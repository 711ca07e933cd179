//! The sandbox's two processes inside the judge's binary, started as `judge --sandbox-helper SPEC…`:
//!
//! 1. The **helper**, a fresh single-threaded process: enters new user, mount, PID, network, IPC and UTS
//!    namespaces (mapping the judge's user to root inside, which grants nothing outside), then forks.
//! 2. Its child, **init**, is PID 1 of the new PID namespace. It builds the file-system view (`view`),
//!    makes itself untraceable, starts the program with its rlimits and every capability dropped, and reaps
//!    every process of the namespace: orphans included, so their CPU time lands in the totals `wait4` gives
//!    the judge. When the program ends, init kills whatever it left and exits; the kernel kills anything
//!    left in a PID namespace whose init is gone, however deep the chain, so nothing survives its run.
//!
//! Init reports on descriptor 3 (a file the judge opened): `exit STATUS PEAK_KIB` — the program's raw wait
//! status and the highest `ru_maxrss` of every process reaped — or `error MESSAGE` if the sandbox could not
//! be set up. Where namespaces are refused (`--no-isolate`), init is instead a subreaper in a session of
//! its own and kills its descendants one by one: today's protection, said loudly by the judge.

use super::spec::Spec;
use super::{procfs, view};
use crate::sys::{self, Forked, Pid};
use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::process::Command;

/// The descriptor init reports on.
pub const REPORT_FD: i32 = 3;

/// The helper's whole life; never returns.
pub fn main(args: &[OsString]) -> ! {
    let code = match Spec::from_args(args) {
        Ok(spec) => helper(&spec),
        Err(message) => report(&format!("error bad helper arguments: {message}")),
    };
    sys::exit_now(code)
}

/// Enters the namespaces, forks init and waits for it.
fn helper(spec: &Spec) -> i32 {
    if spec.isolate {
        if let Err(e) = enter_namespaces() {
            return report(&format!("error cannot create the namespaces: {e}"));
        }
    }
    match sys::fork_process() {
        Ok(Forked::Child) => sys::exit_now(init(spec)),
        Ok(Forked::Parent(init_pid)) => {
            // Init's end (normal, or killed by the judge) is the sandbox's end; its rusage, with
            // everything it reaped, reaches the judge through this process's own wait4 totals.
            while let Err(e) = sys::wait(init_pid) {
                if e.kind() != io::ErrorKind::Interrupted {
                    break;
                }
            }
            0
        }
        Err(e) => report(&format!("error cannot fork the sandbox's init: {e}")),
    }
}

/// New namespaces for this process (and its children: the PID namespace begins with the next fork), the
/// judge's uid and gid mapped to 0 inside.
fn enter_namespaces() -> io::Result<()> {
    let (uid, gid) = sys::user_and_group();
    let flags = sys::CLONE_NEWUSER
        | sys::CLONE_NEWNS
        | sys::CLONE_NEWPID
        | sys::CLONE_NEWNET
        | sys::CLONE_NEWIPC
        | sys::CLONE_NEWUTS;
    sys::unshare_namespaces(flags)?;
    // Unprivileged, setgroups must be denied before a gid map may be written.
    fs::write("/proc/self/setgroups", "deny")?;
    fs::write("/proc/self/uid_map", format!("0 {uid} 1"))?;
    fs::write("/proc/self/gid_map", format!("0 {gid} 1"))
}

/// PID 1: sets up, runs the program, reaps everything, reports. Returns the exit code of init.
fn init(spec: &Spec) -> i32 {
    // If the helper (or the judge above it) dies, so does init, and with it the whole namespace.
    let _ = sys::die_with_parent(sys::SIGKILL);
    match supervise(spec) {
        Ok((status, peak_kib)) => report(&format!("exit {status} {peak_kib}")),
        Err(message) => report(&format!("error {message}")),
    }
}

/// The program's raw wait status and the peak `ru_maxrss` over every process reaped.
fn supervise(spec: &Spec) -> Result<(i32, u64), String> {
    if spec.isolate {
        view::enter(spec).map_err(|e| format!("cannot build the sandbox's file system: {e}"))?;
        sys::set_host_name("sandbox").map_err(|e| format!("sethostname: {e}"))?;
        // Processes of the run share init's uid (0 inside): only this keeps them from tracing init, or
        // reading its descriptors (the report) through /proc/1/fd.
        sys::forbid_tracing().map_err(|e| format!("PR_SET_DUMPABLE: {e}"))?;
        forbid_system_v_ipc().map_err(|e| format!("cannot turn System V IPC off: {e}"))?;
        cap_tasks(spec.rlimits.tasks);
        forbid_namespaces().map_err(|e| format!("cannot forbid nested namespaces: {e}"))?;
    } else {
        // A session of its own (the judge kills it as a group), and the reaper of what its run orphans.
        sys::new_session().map_err(|e| format!("setsid: {e}"))?;
        sys::become_subreaper().map_err(|e| format!("PR_SET_CHILD_SUBREAPER: {e}"))?;
    }
    // Only stdin, stdout and stderr reach the program: anything else the judge inherited from whoever
    // started it (a jobserver pipe, a terminal, a directory, which `openat` would lead out of the view)
    // must not, nor the report.
    close_inherited().map_err(|e| format!("cannot keep the sandbox's descriptors private: {e}"))?;
    std::env::set_current_dir(&spec.cwd)
        .map_err(|e| format!("cannot enter {}: {e}", spec.cwd.display()))?;
    let program =
        start(spec).map_err(|e| format!("cannot start {}: {e}", spec.argv[0].to_string_lossy()))?;
    let mut status = None;
    let mut peak_kib = 0;
    loop {
        match sys::wait(-1) {
            Ok(waited) => {
                peak_kib = peak_kib.max(waited.max_rss_kib);
                if waited.pid == program {
                    status = Some(waited.status);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            // ECHILD: nothing left to reap.
            Err(_) => break,
        }
        // The run ends with its program: whatever it left behind dies now.
        if status.is_some() {
            kill_the_rest(spec.isolate);
        }
    }
    status
        .map(|s| (s, peak_kib))
        .ok_or_else(|| "the program was never reaped".to_string())
}

/// Marks every descriptor above stderr close-on-exec (the report's included).
fn close_inherited() -> io::Result<()> {
    // Listed first, then marked: the listing's own descriptor is gone by then.
    let open: Vec<i32> = fs::read_dir("/proc/self/fd")?
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
        .collect();
    for fd in open.into_iter().filter(|&fd| fd > 2) {
        match sys::close_on_exec(fd) {
            // EBADF: the listing's descriptor, closed since.
            Err(e) if e.raw_os_error() == Some(9) => {}
            other => other?,
        }
    }
    Ok(())
}

/// No System V shared memory, message queues or semaphores in the run's IPC namespace: their memory
/// belongs to no process (a detached 512 MiB segment shows in nobody's resident set), so the memory
/// limit could not see it. The limits are the namespace's own (init is its root); the host's are untouched.
fn forbid_system_v_ipc() -> io::Result<()> {
    for (knob, value) in [
        ("shmmni", "0"),
        ("shmall", "0"),
        ("shmmax", "0"),
        ("msgmni", "0"),
        ("sem", "0 0 0 0"),
    ] {
        fs::write(format!("/proc/sys/kernel/{knob}"), value)
            .map_err(|e| io::Error::new(e.kind(), format!("/proc/sys/kernel/{knob}: {e}")))?;
    }
    Ok(())
}

/// Caps the processes and threads of the namespace by its `pid_max` (per PID namespace since Linux 6.14):
/// RLIMIT_NPROC never binds a judge run as root, whose runs are kuid 0, exempt from it (a fork bomb then
/// fills the host's pid space). The kernel's floor is 301; an older kernel refuses the write, and
/// RLIMIT_NPROC stays the only cap (enough for a judge run as a normal user).
fn cap_tasks(tasks: u64) {
    let _ = fs::write("/proc/sys/kernel/pid_max", (tasks + 1).max(301).to_string());
}

/// No namespaces of the run's own: a user namespace nested in the sandbox's would give its processes every
/// capability there (mounts, network and IPC knobs, the kernel code only an administrator reaches), which
/// no solution needs. Counted per user namespace, and init is root in the sandbox's: the host is untouched.
fn forbid_namespaces() -> io::Result<()> {
    for kind in ["user", "mnt", "pid", "net", "ipc", "uts", "cgroup", "time"] {
        let knob = format!("/proc/sys/user/max_{kind}_namespaces");
        match fs::write(&knob, "0") {
            // A kernel without this kind of namespace has no knob for it.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            other => other.map_err(|e| io::Error::new(e.kind(), format!("{knob}: {e}")))?,
        }
    }
    Ok(())
}

/// Starts the program with its rlimits and no capabilities; returns its pid.
fn start(spec: &Spec) -> io::Result<Pid> {
    let mut command = Command::new(&spec.argv[0]);
    command
        .args(&spec.argv[1..])
        .env_clear()
        .envs(spec.env.iter().map(|(k, v)| (k, v)));
    let limits = spec.rlimits.clone();
    let isolate = spec.isolate;
    sys::before_exec(&mut command, move || {
        use sys::Resource::*;
        sys::set_rlimit(Stack, limits.stack_bytes, limits.stack_bytes)?;
        if let Some(data) = limits.data_bytes {
            sys::set_rlimit(Data, data, data)?;
        }
        sys::set_rlimit(FileSize, limits.file_bytes, limits.file_bytes)?;
        // A backstop only: the judge's watchdog stops the whole tree at the CPU limit.
        let cpu = limits.cpu_seconds;
        sys::set_rlimit(Cpu, cpu, cpu + 1)?;
        // No core dumps: an aborting 600 MiB program would spend seconds writing one. 1, not 0: where
        // core_pattern pipes to a program (apport, systemd-coredump), the kernel ignores a 0 limit and
        // stops a dump only at a limit of exactly 1.
        sys::set_rlimit(Core, 1, 1)?;
        sys::set_rlimit(Files, limits.files, limits.files)?;
        if isolate {
            // Counted per user per user namespace: the run's own processes and threads, nobody else's.
            sys::set_rlimit(Tasks, limits.tasks, limits.tasks)?;
            sys::drop_capabilities()?;
        }
        Ok(())
    });
    Ok(command.spawn()?.id() as Pid)
}

/// Kills every process of the run but init. In a PID namespace one `kill(-1)` reaches them all; without
/// one, init's descendants are walked (orphans are re-parented to init, its subreaper).
fn kill_the_rest(isolate: bool) {
    if isolate {
        let _ = sys::kill_process(-1, sys::SIGKILL);
        return;
    }
    for pid in procfs::descendants(std::process::id() as Pid) {
        let _ = sys::kill_group(pid, sys::SIGKILL);
        let _ = sys::kill_process(pid, sys::SIGKILL);
    }
}

/// Writes one report line on `REPORT_FD`; returns the helper's exit code (0 sent, 2 not).
fn report(line: &str) -> i32 {
    match sys::inherited_file(REPORT_FD).map(|mut file| writeln!(file, "{line}")) {
        Some(Ok(())) => 0,
        _ => 2,
    }
}
