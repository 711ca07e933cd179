//! The sandbox's processes inside the judge's binary, started as `judge --sandbox-helper SPEC…`:
//!
//! 1. The **helper**, a fresh single-threaded process: enters new mount, PID, network, IPC, UTS and cgroup
//!    namespaces, then forks. A judge run as a normal user needs a user namespace to do that: it maps its
//!    own user to root inside (which grants nothing outside). A judge run as **root** needs none, and must
//!    not make one here: its root inside would be the host's root, owner of `/proc/sys`, of `/dev/null`,
//!    of everything (`Spec::run_as`).
//! 2. Its child, the sandbox's **init**, is PID 1 of the new PID namespace. It builds the file-system view
//!    (`view`), sets the namespaces' knobs and makes itself untraceable. Then, for each run (one in a cold
//!    sandbox, one per request in a warm one), it forks:
//! 3. the **run's init**, PID 1 of a PID namespace of the run's own, in a mount namespace of its own (a
//!    copy of the view, gone with the run): it mounts the run's fresh `/tmp` and `/proc`, starts the
//!    program (pid 2) with its rlimits and every capability dropped, and reaps every process of the run —
//!    orphans included, so their CPU time lands in the totals `wait4` gives the judge. When the program
//!    ends, it kills whatever the program left and tells the sandbox's init how it ended. So every run,
//!    cold or warm, first or hundredth, sees the same: a fresh init as PID 1, itself as pid 2, nothing of
//!    an earlier run (no pid counter, no mount, no process), and no PID budget spent by one.
//!
//! When the run is over, the sandbox's init copies its out folder to the host (`view::collect`) and exits
//! (a cold sandbox) or answers and waits for the next request (a warm one); the kernel kills anything left
//! in a PID namespace whose init is gone, so nothing survives its run or its sandbox.
//!
//! For a root judge the program gets a user namespace of its own, made last: it unshares one, the run's
//! init (still the real root) maps its root inside to an unprivileged `run_as` user and group outside
//! (one of the sandbox's own, `users`), and the program becomes that user with no supplementary group. It
//! then owns nothing on the host: the host's kernel settings, devices and files are another user's,
//! whatever the permission bits grant their owner.
//!
//! What a run can read of its init shows nothing of the host or of how it is run: the helper's command
//! line (host paths, `--warm`) is overwritten with `init` before anything else, and its session keyring is
//! replaced with an empty one nobody may use (the judge's may hold its user's keys).
//!
//! The sandbox's init reports on descriptor 3 (a file the judge opened): `exit STATUS PEAK_KIB` — the
//! program's raw wait status and the highest `ru_maxrss` of every process reaped — or `error MESSAGE` if the sandbox could not be set up. Where namespaces are refused
//! (`--no-isolate`), init is instead a subreaper in a session of its own that runs the program itself and
//! kills its descendants one by one: today's protection, said loudly by the judge.

use super::spec::Spec;
use super::{procfs, view};
use crate::sys::{self, Forked, Pid};
use std::ffi::{CString, OsString};
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::io::AsRawFd;
use std::path::Path;

/// The descriptor init reports on.
pub const REPORT_FD: i32 = 3;

/// The namespaces a sandbox gets besides its user namespace. The cgroup namespace shows the run its own
/// cgroups (or the judge's, where it makes none) as `/`: no host path, no judge pid, nothing of the mode.
const NAMESPACES: i32 = sys::CLONE_NEWNS
    | sys::CLONE_NEWPID
    | sys::CLONE_NEWNET
    | sys::CLONE_NEWIPC
    | sys::CLONE_NEWUTS
    | sys::CLONE_NEWCGROUP;

/// The helper's whole life; never returns.
pub fn main(args: &[OsString]) -> ! {
    let code = match Spec::from_args(args) {
        Ok(spec) => {
            // Every process of the sandbox is a fork of this one: its command line (the spec, host paths,
            // `--warm`) and its name (the judge binary's) would be what /proc/1/cmdline and /proc/1/status
            // show a run. (Unreadable where the kernel keeps no argument area: nothing to hide then.)
            let _ = sys::set_process_title("init");
            helper(&spec)
        }
        Err(message) => report(&format!("error bad helper arguments: {message}")),
    };
    sys::exit_now(code)
}

/// Enters the namespaces, forks init and waits for it.
fn helper(spec: &Spec) -> i32 {
    if spec.isolate {
        if let Err(e) = enter_namespaces(spec.run_as.is_some()) {
            return report(&format!("error cannot create the namespaces: {e}"));
        }
    }
    // The judge's session keyring (its user's login one, maybe) and whatever it holds must not be the
    // sandbox's: every process here would possess it and read its keys. Each program joins one of its
    // own (`prepare_and_exec`); should that fail (the key quota full), it has only this one, which nobody
    // may use. (If even this fails, the judge's own is kept, which main made empty the same way.)
    let _ = sys::join_inert_session_keyring();
    match sys::fork_process() {
        Ok(Forked::Child) => sys::exit_now(init(spec)),
        Ok(Forked::Parent(init_pid)) => {
            if spec.warm {
                // Init alone holds the warm sandbox's socket: its end is the end the judge sees.
                drop(sys::inherited_file(REPORT_FD));
            }
            let_go_of_the_streams();
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

/// New namespaces for this process (and its children: the PID namespace begins with the next fork). As
/// root, the real root's own; otherwise in a new user namespace with the judge's uid and gid as 0 inside.
fn enter_namespaces(as_root: bool) -> io::Result<()> {
    if as_root {
        return sys::unshare_namespaces(NAMESPACES);
    }
    let (uid, gid) = sys::user_and_group();
    sys::unshare_namespaces(NAMESPACES | sys::CLONE_NEWUSER)?;
    // Unprivileged, setgroups must be denied before a gid map may be written.
    fs::write("/proc/self/setgroups", "deny")?;
    fs::write("/proc/self/uid_map", format!("0 {uid} 1"))?;
    fs::write("/proc/self/gid_map", format!("0 {gid} 1"))
}

/// PID 1: sets up, runs the program, reaps everything, reports. Returns the exit code of init.
fn init(spec: &Spec) -> i32 {
    // If the helper (or the judge above it) dies, so does init, and with it the whole namespace.
    let _ = sys::die_with_parent(sys::SIGKILL);
    if spec.warm {
        return match prepare(spec).and_then(|built| serve(spec, &built)) {
            Ok(()) => 0,
            Err(message) => report(&format!("error {message}")),
        };
    }
    match supervise(spec) {
        Ok((status, peak_kib)) => report(&format!("exit {status} {peak_kib}")),
        Err(message) => report(&format!("error {message}")),
    }
}

/// The program's raw wait status and the peak `ru_maxrss` over every process reaped.
fn supervise(spec: &Spec) -> Result<(i32, u64), String> {
    let built = prepare(spec)?;
    let ended = if spec.isolate {
        run_in_its_own_namespaces(spec, &built, None)?
    } else {
        std::env::set_current_dir(&spec.cwd)
            .map_err(|e| format!("cannot enter {}: {e}", spec.cwd.display()))?;
        let program = start(spec, None, None)
            .map_err(|e| format!("cannot start {}: {e}", spec.argv[0].to_string_lossy()))?;
        let_go_of_the_streams();
        reap(false, program)?
    };
    // Every process of the run is gone: what its out folder holds stays as it is while it is copied.
    if let (Some(out), Some(host)) = (&spec.out_dir, &built.host_out) {
        view::collect(out, host)
            .map_err(|e| format!("cannot copy {} out: {e}", out.inside.display()))?;
    }
    Ok(ended)
}

/// What init keeps of the sandbox it built, for its runs.
struct Built {
    /// The host folder of the out dir, opened before the host's paths went out of sight.
    host_out: Option<File>,
    /// For a root judge: the folder of the user-namespace knobs (`/proc/sys/user`), through which each
    /// program sets those of its own user namespace.
    knobs: Option<File>,
    /// Init's own PID namespace: its children after a run's are born there again.
    pid_namespace: Option<File>,
}

/// Builds the sandbox around init: the view, the namespaces' knobs, init out of reach, no inherited
/// descriptor for the program.
fn prepare(spec: &Spec) -> Result<Built, String> {
    let mut built = Built {
        host_out: None,
        knobs: None,
        pid_namespace: None,
    };
    if spec.isolate {
        // What init makes (mount points, the out folder's copy) is readable by the program's user.
        sys::set_umask(0o022);
        built.host_out = view::enter(spec)
            .map_err(|e| format!("cannot build the sandbox's file system: {e}"))?;
        sys::set_host_name("sandbox").map_err(|e| format!("sethostname: {e}"))?;
        // Init must be out of the program's reach: not traceable, its descriptors (the report) unreadable
        // through /proc/1/fd, even where both are the same user (a judge run as a normal user).
        sys::forbid_tracing().map_err(|e| format!("PR_SET_DUMPABLE: {e}"))?;
        forbid_system_v_ipc().map_err(|e| format!("cannot turn System V IPC off: {e}"))?;
        forbid_message_queues().map_err(|e| format!("cannot turn POSIX queues off: {e}"))?;
        let user_knobs = Path::new("/proc/sys/user");
        if spec.run_as.is_some() {
            // The program's user namespace is not made yet: it sets its own knobs through this folder.
            // (Init's own are the host's: never touched.)
            built.knobs =
                Some(File::open(user_knobs).map_err(|e| format!("{}: {e}", user_knobs.display()))?);
        } else {
            forbid_namespaces(user_knobs, &SANDBOX_FORBIDS)
                .map_err(|e| format!("cannot forbid nested namespaces: {e}"))?;
        }
        let own = "/proc/self/ns/pid";
        built.pid_namespace = Some(File::open(own).map_err(|e| format!("{own}: {e}"))?);
    } else {
        // A session of its own (the judge kills it as a group), and the reaper of what its run orphans.
        sys::new_session().map_err(|e| format!("setsid: {e}"))?;
        sys::become_subreaper().map_err(|e| format!("PR_SET_CHILD_SUBREAPER: {e}"))?;
    }
    // Only stdin, stdout and stderr reach the program: anything else the judge inherited from whoever
    // started it (a jobserver pipe, a terminal, a directory, which `openat` would lead out of the view)
    // must not, nor the report.
    close_inherited().map_err(|e| format!("cannot keep the sandbox's descriptors private: {e}"))?;
    Ok(built)
}

/// One run in PID and mount namespaces of its own: forks the run's init (`run_init`) and waits for its
/// word. `streams` are a warm run's stdin, stdout and stderr (a cold run's are init's own). Returns the
/// program's raw wait status and the peak `ru_maxrss` of its processes.
fn run_in_its_own_namespaces(
    spec: &Spec,
    built: &Built,
    streams: Option<[File; 3]>,
) -> Result<(i32, u64), String> {
    let (mut said, say) = sys::pipe().map_err(|e| format!("pipe: {e}"))?;
    // The next child is PID 1 of a new namespace: its pids (and pid_max's budget, and the pid the
    // program gets) are the run's alone, as in a cold sandbox, however many runs came before.
    sys::unshare_namespaces(sys::CLONE_NEWPID)
        .map_err(|e| format!("cannot make the run's PID namespace: {e}"))?;
    let forked = sys::fork_process();
    if let Ok(Forked::Child) = forked {
        drop(said);
        sys::exit_now(run_init(spec, built, streams, say))
    }
    // unshare only chose where children are born: init's own next ones are born in its namespace again.
    let back = built
        .pid_namespace
        .as_ref()
        .map_or(Ok(()), |own| sys::enter_namespace(own, sys::CLONE_NEWPID));
    let run_init_pid = match forked {
        Ok(Forked::Parent(pid)) => pid,
        _ => return Err("cannot fork the run's init".into()),
    };
    drop(say);
    // The run's streams are the program's alone: their ends are seen when its processes are gone.
    match streams {
        Some(streams) => drop(streams),
        None => let_go_of_the_streams(),
    }
    let mut line = String::new();
    let _ = said.read_to_string(&mut line);
    while let Err(e) = sys::wait(run_init_pid) {
        if e.kind() != io::ErrorKind::Interrupted {
            break;
        }
    }
    back.map_err(|e| format!("cannot go back to init's PID namespace: {e}"))?;
    parse_run_report(&line)
}

/// The run's init: its view, the program, the reaping; says `exit STATUS PEAK_KIB` or
/// `error MESSAGE` on `say`. Returns its exit code.
fn run_init(spec: &Spec, built: &Built, streams: Option<[File; 3]>, say: File) -> i32 {
    // The sandbox's init's death (the judge's kill at a limit) is the run's.
    let _ = sys::die_with_parent(sys::SIGKILL);
    // The report (a warm sandbox's socket) is the sandbox's init's to write, and its end the judge's sign
    // that the sandbox is gone: not held here.
    drop(sys::inherited_file(REPORT_FD));
    let line = match run_program(spec, built, streams) {
        Ok((status, peak_kib)) => format!("exit {status} {peak_kib}"),
        Err(message) => format!("error {message}"),
    };
    match (&say).write_all(line.as_bytes()) {
        Ok(()) => 0,
        Err(_) => 2,
    }
}

/// The run's own view, then the program, reaped with everything it started.
fn run_program(
    spec: &Spec,
    built: &Built,
    streams: Option<[File; 3]>,
) -> Result<(i32, u64), String> {
    view::enter_run(spec).map_err(|e| format!("cannot build the run's file system: {e}"))?;
    std::env::set_current_dir(&spec.cwd)
        .map_err(|e| format!("cannot enter {}: {e}", spec.cwd.display()))?;
    let program = start(spec, built.knobs.as_ref(), streams.as_ref())
        .map_err(|e| format!("cannot start {}: {e}", spec.argv[0].to_string_lossy()))?;
    drop(streams);
    let_go_of_the_streams();
    reap(true, program)
}

/// `exit STATUS PEAK_KIB` → the numbers; `error MESSAGE` → the message.
fn parse_run_report(line: &str) -> Result<(i32, u64), String> {
    if let Some(message) = line.strip_prefix("error ") {
        return Err(message.to_string());
    }
    let words: Vec<&str> = line.split(' ').collect();
    match words.as_slice() {
        ["exit", status, peak] => match (status.parse(), peak.parse()) {
            (Ok(status), Ok(peak)) => Ok((status, peak)),
            _ => Err(format!("the run's init said `{line}`")),
        },
        _ if line.is_empty() => Err("the run's init ended without a word".into()),
        _ => Err(format!("the run's init said `{line}`")),
    }
}

/// Reaps every process of the run: the program's raw wait status and the peak `ru_maxrss` of them all.
/// Once the program is reaped, whatever it left is killed, and reaped too: on return the caller has no
/// child.
fn reap(isolate: bool, program: Pid) -> Result<(i32, u64), String> {
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
            kill_the_rest(isolate);
        }
    }
    let status = status.ok_or_else(|| "the program was never reaped".to_string())?;
    Ok((status, peak_kib))
}

/// Points this process's stdin, stdout and stderr at /dev/null: the program's streams must be the
/// program's alone. A pipe end the helper or init still held would keep the program's reader from its
/// end of file: an interactor that closes its output to say "that is all" (as DOMjudge and Kattis allow)
/// would leave the submission waiting for more until its wall clock.
fn let_go_of_the_streams() {
    if let Ok(null) = File::open("/dev/null") {
        for fd in 0..3 {
            let _ = sys::duplicate_to(null.as_raw_fd(), fd);
        }
    }
}

/// A warm sandbox's init: says `ready TOTAL_US`, then serves runs until the judge closes the socket. A
/// request is the run's argv (words ended by NUL bytes) with its stdin, stdout and stderr passed along;
/// the answer `exit STATUS PEAK_KIB CPU_US TOTAL_US` comes once every process of the run is
/// reaped. Each run has PID and mount namespaces of its own (`run_in_its_own_namespaces`), gone with it:
/// no process, pid, file or mount of one run is there for the next, and its queues and keys are cleared
/// here. CPU_US is what the run used (its processes, orphans included, all reaped below init, and its
/// init's work); TOTAL_US is init's own and its children's since it began, the judge's baseline for
/// sampling the next run.
fn serve(spec: &Spec, built: &Built) -> Result<(), String> {
    std::env::set_current_dir("/").map_err(|e| format!("cannot enter /: {e}"))?;
    let socket = sys::inherited_file(REPORT_FD).ok_or("no socket to the judge")?;
    let socket = std::mem::ManuallyDrop::new(socket);
    send(
        &socket,
        &format!("ready {}", sys::own_and_children_cpu_us()),
    )?;
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let (length, files) = sys::receive_with_files(&socket, &mut buffer)
            .map_err(|e| format!("cannot read a request: {e}"))?;
        if length == 0 {
            return Ok(()); // the judge is done with this sandbox
        }
        let streams: [File; 3] = files
            .try_into()
            .map_err(|_| "a request without its three streams".to_string())?;
        let argv: Vec<OsString> = buffer[..length]
            .split(|&b| b == 0)
            .filter(|word| !word.is_empty())
            .map(|word| OsString::from(std::ffi::OsStr::from_bytes(word)))
            .collect();
        if argv.is_empty() {
            return Err("a request without a program".into());
        }
        let run = Spec {
            argv,
            ..spec.clone()
        };
        let before = sys::own_and_children_cpu_us();
        let (status, peak_kib) = run_in_its_own_namespaces(&run, built, Some(streams))?;
        let total = sys::own_and_children_cpu_us();
        if spec.run_as.is_none() {
            // The run was init's own user in this user namespace, whose user and persistent keyrings
            // outlive it. (A root judge's runs each get a user namespace, and so those keyrings, of their
            // own; init is then the host's root, whose keyrings are not the run's to clear.)
            let _ = sys::clear_user_keyrings();
        }
        let cpu_us = total.saturating_sub(before);
        send(
            &socket,
            &format!("exit {status} {peak_kib} {cpu_us} {total}"),
        )?;
    }
}

/// One message to the judge on the warm sandbox's socket.
fn send(socket: &File, message: &str) -> Result<(), String> {
    sys::send_with_files(socket, message.as_bytes(), &[])
        .map_err(|e| format!("cannot answer the judge: {e}"))
}

/// No POSIX message queues in the sandbox's IPC namespace: a warm sandbox's namespace outlives each run,
/// and a queue (which `mq_open` makes without any file system) would carry bytes from one run to the next.
/// A cold sandbox forbids them too, so that no run can tell the two apart by them. The limit is the
/// namespace's own; the host's is untouched.
fn forbid_message_queues() -> io::Result<()> {
    fs::write("/proc/sys/fs/mqueue/queues_max", "0")
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

/// Namespace kinds a sandbox's own user namespace forbids (a judge run as a normal user: its programs live
/// in it). A user namespace would give its maker every capability within it (mounts, network and IPC
/// knobs, the kernel code only an administrator reaches), which no solution needs, and with it every other
/// kind; without a capability no other kind can be made at all. Mount and PID namespaces stay allowed:
/// init makes one of each per run (a limit on them would have to count the ones the kernel frees late).
const SANDBOX_FORBIDS: [&str; 6] = ["user", "net", "ipc", "uts", "cgroup", "time"];

/// Namespace kinds a root judge's program forbids in its own user namespace: all of them.
const PROGRAM_FORBIDS: [&str; 8] = ["user", "mnt", "pid", "net", "ipc", "uts", "cgroup", "time"];

/// No namespaces of those `kinds` made inside: the knobs in `folder` (`/proc/sys/user`) are per user
/// namespace, set from inside the one they limit; the host's are untouched.
fn forbid_namespaces(folder: &Path, kinds: &[&str]) -> io::Result<()> {
    for kind in kinds {
        let knob = folder.join(format!("max_{kind}_namespaces"));
        match fs::write(&knob, "0") {
            // A kernel without this kind of namespace has no knob for it.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            other => {
                other.map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", knob.display())))?
            }
        }
    }
    Ok(())
}

/// A step of the program's start that can fail, reported to init with the error.
#[derive(Clone, Copy)]
enum Step {
    Streams,
    UserNamespace,
    Ids,
    Knobs,
    Rlimits,
    Capabilities,
    Exec,
}

const STEPS: [(Step, &str); 7] = [
    (Step::Streams, "its streams"),
    (Step::UserNamespace, "a user namespace of its own"),
    (Step::Ids, "its user and group"),
    (Step::Knobs, "forbidding nested namespaces"),
    (Step::Rlimits, "its rlimits"),
    (Step::Capabilities, "dropping capabilities"),
    (Step::Exec, "exec"),
];

/// Starts the program (fork, set up, exec) with its rlimits and no capabilities; returns its pid. Init is
/// single-threaded, so the child may do anything before exec. For a root judge the child first makes its
/// user namespace and waits for init to map it (`knobs`: where it forbids nested namespaces in it).
fn start(spec: &Spec, knobs: Option<&File>, streams: Option<&[File; 3]>) -> io::Result<Pid> {
    let c = |s: &[u8]| {
        CString::new(s).map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL byte"))
    };
    let argv: Vec<CString> = spec
        .argv
        .iter()
        .map(|a| c(a.as_bytes()))
        .collect::<Result<_, _>>()?;
    let env: Vec<CString> = spec
        .env
        .iter()
        .map(|(k, v)| c(&[k.as_bytes(), b"=", v.as_bytes()].concat()))
        .collect::<Result<_, _>>()?;
    let candidates = candidates(spec)?;
    let (mut failure, failure_end) = sys::pipe()?;
    let handshake = match spec.run_as {
        Some(ids) => Some(Handshake {
            ids,
            unshared: sys::pipe()?,
            mapped: sys::pipe()?,
        }),
        None => None,
    };
    match sys::fork_process()? {
        Forked::Child => {
            drop(failure);
            let (step, error) = match streams.map(take_streams) {
                Some(Err(e)) => (Step::Streams, e),
                _ => prepare_and_exec(spec, &candidates, &argv, &env, handshake.as_ref(), knobs),
            };
            let mut message = vec![step as u8];
            message.extend(error.raw_os_error().unwrap_or(0).to_le_bytes());
            let _ = (&failure_end).write_all(&message);
            sys::exit_now(127)
        }
        Forked::Parent(pid) => {
            drop(failure_end);
            if let Some(handshake) = handshake {
                handshake.map_child(pid);
            }
            // Empty at exec (the pipe is close-on-exec): started.
            let mut message = Vec::new();
            failure.read_to_end(&mut message)?;
            if message.len() < 5 {
                return Ok(pid);
            }
            let step = STEPS
                .iter()
                .find(|(s, _)| *s as u8 == message[0])
                .map_or("?", |(_, name)| name);
            let errno = i32::from_le_bytes([message[1], message[2], message[3], message[4]]);
            let error = io::Error::from_raw_os_error(errno);
            Err(io::Error::new(error.kind(), format!("{step}: {error}")))
        }
    }
}

/// A warm run's child: the request's streams as its stdin, stdout and stderr (dup2 clears the
/// close-on-exec flag they arrived with).
fn take_streams(streams: &[File; 3]) -> io::Result<()> {
    for (target, file) in streams.iter().enumerate() {
        sys::duplicate_to(file.as_raw_fd(), target as i32)?;
    }
    Ok(())
}

/// A root judge's program and init agree on its user namespace through two pipes: the child says it has
/// one (`unshared`), init maps it and says so (`mapped`). Each pipe is (reading end, writing end).
struct Handshake {
    ids: (u32, u32),
    unshared: (File, File),
    mapped: (File, File),
}

impl Handshake {
    /// Init's side: once the child has its user namespace, its root inside is mapped to the unprivileged
    /// user and group outside (init is the real root: any ids may be mapped, and setgroups stays allowed,
    /// so the child can drop the groups it inherited).
    fn map_child(self, child: Pid) {
        let Handshake {
            ids: (uid, gid),
            unshared: (unshared, unshared_child),
            mapped: (mapped_child, mapped),
        } = self;
        // The child's ends closed here: a child that fails first is an end of input, not a hang.
        drop((unshared_child, mapped_child));
        let mut byte = [0u8];
        if !matches!((&unshared).read(&mut byte), Ok(1)) {
            return; // The child failed first: its report says why.
        }
        let maps = [
            ("uid_map", format!("0 {uid} 1")),
            ("gid_map", format!("0 {gid} 1")),
        ];
        let written = maps
            .iter()
            .all(|(file, map)| fs::write(format!("/proc/{child}/{file}"), map).is_ok());
        if written {
            let _ = (&mapped).write_all(b"m");
        }
    }

    /// The child's side: a user namespace of its own, mapped by init, as its root (the unprivileged user
    /// outside) with no supplementary groups.
    fn enter(&self) -> Result<(), (Step, io::Error)> {
        sys::unshare_namespaces(sys::CLONE_NEWUSER).map_err(|e| (Step::UserNamespace, e))?;
        let mut byte = [0u8];
        (&self.unshared.1)
            .write_all(b"u")
            .and_then(|()| (&self.mapped.0).read_exact(&mut byte))
            .map_err(|e| (Step::UserNamespace, e))?;
        sys::become_user(0, 0).map_err(|e| (Step::Ids, e))
    }
}

/// The paths to try for the program: itself if it names a path, else each folder of the run's PATH.
fn candidates(spec: &Spec) -> io::Result<Vec<CString>> {
    let program = spec.argv[0].as_bytes();
    if program.contains(&b'/') {
        return Ok(vec![CString::new(program)?]);
    }
    let path = spec
        .env
        .iter()
        .find(|(k, _)| k == "PATH")
        .map_or(b"/usr/bin:/bin".to_vec(), |(_, v)| v.as_bytes().to_vec());
    path.split(|&b| b == b':')
        .filter(|dir| !dir.is_empty())
        .map(|dir| CString::new([dir, b"/", program].concat()).map_err(io::Error::from))
        .collect()
}

/// The child's part: its own user namespace (root judge), rlimits, no capabilities, exec. Returns only on
/// failure, with the step that failed.
fn prepare_and_exec(
    spec: &Spec,
    candidates: &[CString],
    argv: &[CString],
    env: &[CString],
    handshake: Option<&Handshake>,
    knobs: Option<&File>,
) -> (Step, io::Error) {
    if let Some(handshake) = handshake {
        if let Err(failed) = handshake.enter() {
            return failed;
        }
        // Its namespace's own knobs, through the folder init opened (the run's /proc/sys is read-only).
        let fd = knobs.map_or(-1, |k| k.as_raw_fd());
        let folder = Path::new("/proc/self/fd").join(fd.to_string());
        if let Err(e) = forbid_namespaces(&folder, &PROGRAM_FORBIDS) {
            return (Step::Knobs, e);
        }
    }
    // A session keyring of the program's own, owned by its user (after the handshake made it that user):
    // no keyring of the judge's, of another run's or of an earlier run's is its. Where this fails (the key
    // quota full, a kernel or container without keyrings) it has the sandbox's inert one.
    let _ = sys::join_fresh_session_keyring();
    if let Err(e) = set_rlimits(spec) {
        return (Step::Rlimits, e);
    }
    if spec.isolate {
        if let Err(e) = sys::drop_capabilities() {
            return (Step::Capabilities, e);
        }
        // No key at all: keys are the user's, and what one run leaves in its user's quota the next sees
        // (see `sys::forbid_keys`). Where seccomp is missing, the keyrings above are all there is.
        let _ = sys::forbid_keys();
    }
    let mut last = io::Error::from(io::ErrorKind::NotFound);
    for path in candidates {
        // ETXTBSY: a process forked elsewhere in the judge at the moment a copy of this program was being
        // written still holds that file open for writing until its own exec closes it (the fork/exec race
        // every multi-threaded launcher has). It passes in microseconds: try again, a bounded number of times.
        for attempt in 0..100 {
            last = sys::execute(path, argv, env);
            if last.raw_os_error() != Some(26) || attempt == 99 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        // Not there (or not executable) in this folder of PATH: the next one.
        if !matches!(last.raw_os_error(), Some(2 | 13 | 20)) {
            break;
        }
    }
    (Step::Exec, last)
}

fn set_rlimits(spec: &Spec) -> io::Result<()> {
    use sys::Resource::*;
    let limits = &spec.rlimits;
    sys::set_rlimit(Stack, limits.stack_bytes, limits.stack_bytes)?;
    if let Some(data) = limits.data_bytes {
        sys::set_rlimit(Data, data, data)?;
    }
    sys::set_rlimit(FileSize, limits.file_bytes, limits.file_bytes)?;
    // A backstop only: the judge's watchdog stops the whole tree at the CPU limit.
    let cpu = limits.cpu_seconds;
    sys::set_rlimit(Cpu, cpu, cpu + 1)?;
    // No core dumps: an aborting 600 MiB program would spend seconds writing one. 1, not 0: where
    // core_pattern pipes to a program (apport, systemd-coredump), the kernel ignores a 0 limit and stops a
    // dump only at a limit of exactly 1.
    sys::set_rlimit(Core, 1, 1)?;
    sys::set_rlimit(Files, limits.files, limits.files)?;
    if spec.isolate {
        // Counted per user per user namespace: the run's own processes and threads, nobody else's.
        sys::set_rlimit(Tasks, limits.tasks, limits.tasks)?;
    }
    Ok(())
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

/// Writes one report line on `REPORT_FD`, in one write (a warm sandbox's socket keeps it one message);
/// returns the helper's exit code (0 sent, 2 not).
fn report(line: &str) -> i32 {
    let text = format!("{line}\n");
    match sys::inherited_file(REPORT_FD).map(|file| {
        let mut file = std::mem::ManuallyDrop::new(file);
        file.write_all(text.as_bytes())
    }) {
        Some(Ok(())) => 0,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_run_inits_word_is_read_or_refused() {
        assert_eq!(parse_run_report("exit 256 1804"), Ok((256, 1804)));
        assert_eq!(
            parse_run_report("error cannot start /box/x"),
            Err("cannot start /box/x".into())
        );
        assert!(parse_run_report("").is_err());
        assert!(parse_run_report("exit 1").is_err());
        assert!(parse_run_report("exit 1 2 3").is_err());
        assert!(parse_run_report("exit x 2").is_err());
    }

    #[test]
    fn a_bare_program_name_is_looked_for_on_the_runs_path() {
        let spec = Spec {
            argv: vec!["python3".into()],
            env: vec![("PATH".into(), "/usr/local/bin::/usr/bin".into())],
            ..Spec::default()
        };
        let found = candidates(&spec).unwrap();
        let c = |s: &str| CString::new(s).unwrap();
        assert_eq!(found, [c("/usr/local/bin/python3"), c("/usr/bin/python3")]);
        let spec = Spec {
            argv: vec!["/box/program".into()],
            ..spec
        };
        assert_eq!(candidates(&spec).unwrap(), [c("/box/program")]);
    }
}
