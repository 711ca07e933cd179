//! The sandbox's two processes inside the judge's binary, started as `judge --sandbox-helper SPEC…`:
//!
//! 1. The **helper**, a fresh single-threaded process: enters new mount, PID, network, IPC and UTS
//!    namespaces, then forks. A judge run as a normal user needs a user namespace to do that: it maps its
//!    own user to root inside (which grants nothing outside). A judge run as **root** needs none, and must
//!    not make one here: its root inside would be the host's root, owner of `/proc/sys`, of `/dev/null`,
//!    of everything (`Spec::run_as`).
//! 2. Its child, **init**, is PID 1 of the new PID namespace. It builds the file-system view (`view`),
//!    sets the namespaces' knobs, makes `/proc/sys` read-only and itself untraceable, starts the program
//!    with its rlimits and every capability dropped, and reaps every process of the namespace: orphans
//!    included, so their CPU time lands in the totals `wait4` gives the judge. When the program ends,
//!    init kills whatever it left, copies the run's out folder to the host (`view::collect`) and exits;
//!    the kernel kills anything left in a PID namespace whose init is gone, so nothing survives its run.
//!
//! For a root judge the program gets a user namespace of its own, made last: it unshares one, init (still
//! the real root) maps its root inside to the unprivileged `run_as` user and group outside, and the program
//! becomes that user with no supplementary group. It then owns nothing on the host: the host's kernel
//! settings, devices and files are another user's, whatever the permission bits grant their owner.
//!
//! Init reports on descriptor 3 (a file the judge opened): `exit STATUS PEAK_KIB` — the program's raw wait
//! status and the highest `ru_maxrss` of every process reaped — or `error MESSAGE` if the sandbox could not
//! be set up. Where namespaces are refused (`--no-isolate`), init is instead a subreaper in a session of
//! its own and kills its descendants one by one: today's protection, said loudly by the judge.

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

/// The namespaces a run gets besides its user namespace.
const NAMESPACES: i32 = sys::CLONE_NEWNS
    | sys::CLONE_NEWPID
    | sys::CLONE_NEWNET
    | sys::CLONE_NEWIPC
    | sys::CLONE_NEWUTS;

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
        if let Err(e) = enter_namespaces(spec.run_as.is_some()) {
            return report(&format!("error cannot create the namespaces: {e}"));
        }
    }
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
        return match prepare(spec).and_then(|(_, knobs)| serve(spec, knobs.as_ref())) {
            Ok(()) => 0,
            Err(message) => report(&format!("error {message}")),
        };
    }
    match supervise(spec) {
        Ok((status, peak_kib, ended_ns)) => report(&format!("exit {status} {peak_kib} {ended_ns}")),
        Err(message) => report(&format!("error {message}")),
    }
}

/// The program's raw wait status, the peak `ru_maxrss` over every process reaped, and when the program
/// itself was reaped (nanoseconds of the host's clock: which of two programs talking ended first).
fn supervise(spec: &Spec) -> Result<(i32, u64, u128), String> {
    let (host_out, knobs) = prepare(spec)?;
    std::env::set_current_dir(&spec.cwd)
        .map_err(|e| format!("cannot enter {}: {e}", spec.cwd.display()))?;
    let program = start(spec, knobs.as_ref(), None)
        .map_err(|e| format!("cannot start {}: {e}", spec.argv[0].to_string_lossy()))?;
    drop(knobs);
    let_go_of_the_streams();
    let (status, peak_kib, ended_ns) = reap(spec.isolate, program)?;
    // Every process of the run is gone: what its out folder holds stays as it is while it is copied.
    if let (Some(out), Some(host)) = (&spec.out_dir, &host_out) {
        view::collect(&out.inside, host, out.mib)
            .map_err(|e| format!("cannot copy {} out: {e}", out.inside.display()))?;
    }
    Ok((status, peak_kib, ended_ns))
}

/// Builds the sandbox around init: the view, the namespaces' knobs, init out of reach, no inherited
/// descriptor for the program. Returns the host folder of the out dir and, for a root judge, the folder of
/// the knobs of the program's own user namespace.
fn prepare(spec: &Spec) -> Result<(Option<File>, Option<File>), String> {
    let mut host_out = None;
    let mut knobs = None;
    if spec.isolate {
        // What init makes (mount points, the out folder's copy) is readable by the program's user.
        sys::set_umask(0o022);
        host_out = view::enter(spec)
            .map_err(|e| format!("cannot build the sandbox's file system: {e}"))?;
        sys::set_host_name("sandbox").map_err(|e| format!("sethostname: {e}"))?;
        // Init must be out of the program's reach: not traceable, its descriptors (the report) unreadable
        // through /proc/1/fd, even where both are the same user (a judge run as a normal user).
        sys::forbid_tracing().map_err(|e| format!("PR_SET_DUMPABLE: {e}"))?;
        forbid_system_v_ipc().map_err(|e| format!("cannot turn System V IPC off: {e}"))?;
        cap_tasks(spec.rlimits.tasks, spec.run_as.is_some());
        let user_knobs = Path::new("/proc/sys/user");
        if spec.run_as.is_some() {
            // The program's user namespace is not made yet: it sets its own knobs through this folder,
            // opened before /proc/sys turns read-only. (Init's own are the host's: never touched.)
            knobs =
                Some(File::open(user_knobs).map_err(|e| format!("{}: {e}", user_knobs.display()))?);
        } else {
            forbid_namespaces(user_knobs)
                .map_err(|e| format!("cannot forbid nested namespaces: {e}"))?;
        }
        if spec.warm {
            forbid_message_queues().map_err(|e| format!("cannot turn POSIX queues off: {e}"))?;
        }
        view::seal_proc_sys().map_err(|e| format!("cannot make /proc/sys read-only: {e}"))?;
    } else {
        // A session of its own (the judge kills it as a group), and the reaper of what its run orphans.
        sys::new_session().map_err(|e| format!("setsid: {e}"))?;
        sys::become_subreaper().map_err(|e| format!("PR_SET_CHILD_SUBREAPER: {e}"))?;
    }
    // Only stdin, stdout and stderr reach the program: anything else the judge inherited from whoever
    // started it (a jobserver pipe, a terminal, a directory, which `openat` would lead out of the view)
    // must not, nor the report.
    close_inherited().map_err(|e| format!("cannot keep the sandbox's descriptors private: {e}"))?;
    Ok((host_out, knobs))
}

/// Reaps every process of the run: the program's raw wait status, the peak `ru_maxrss` of them all, and
/// when the program itself was reaped (ns of the host's clock). Once the program is reaped, whatever it
/// left is killed, and reaped too: on return init has no child.
fn reap(isolate: bool, program: Pid) -> Result<(i32, u64, u128), String> {
    let mut status = None;
    let mut peak_kib = 0;
    let mut ended_ns = 0;
    loop {
        match sys::wait(-1) {
            Ok(waited) => {
                peak_kib = peak_kib.max(waited.max_rss_kib);
                if waited.pid == program {
                    status = Some(waited.status);
                    ended_ns = sys::clock_ns();
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
    Ok((status, peak_kib, ended_ns))
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
/// request is the run's argv (words ended by NUL bytes) with its stdin, stdout and stderr passed along; the
/// answer `exit STATUS PEAK_KIB CPU_US TOTAL_US ENDED_NS` comes once every process of the run is reaped and `/tmp`
/// is a fresh tmpfs: no process, file, queue or key of one run is there for the next. CPU_US is what the
/// run used (its processes, orphans included, all reaped by init, and init's own work for it); TOTAL_US
/// is init's own and its children's since it began, the judge's baseline for sampling the next run.
fn serve(spec: &Spec, knobs: Option<&File>) -> Result<(), String> {
    // Init waits in `/`, never in the `/tmp` it replaces between runs.
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
        let started = start(&run, knobs, Some(&streams));
        // The run's streams are the program's alone: their ends are seen when its processes are gone.
        drop(streams);
        let program =
            started.map_err(|e| format!("cannot start {}: {e}", run.argv[0].to_string_lossy()))?;
        let (status, peak_kib, ended_ns) = reap(true, program)?;
        let total = sys::own_and_children_cpu_us();
        view::fresh_tmp(spec.tmp_mib).map_err(|e| format!("cannot renew /tmp: {e}"))?;
        if spec.run_as.is_none() {
            // The run was init's own user in this user namespace, whose user keyrings outlive it. (A
            // root judge's runs each get a user namespace, and so user keyrings, of their own; init is
            // then the host's root, whose keyrings are not the run's to clear.)
            let _ = sys::clear_user_keyrings();
        }
        let cpu_us = total.saturating_sub(before);
        // Past the cursor's wrap a PID namespace allocates only from 300 up to its pid_max (301 since
        // Linux 6.14, the fork-bomb cap): a run of many threads (a JVM's) would find none. So a sandbox
        // whose next run might not fit below pid_max serves no more: `last`, and a fresh one follows.
        let last = pids_running_low(spec.rlimits.tasks);
        send(
            &socket,
            &format!(
                "exit {status} {peak_kib} {cpu_us} {total} {ended_ns}{}",
                if last { " last" } else { "" }
            ),
        )?;
        if last {
            return Ok(());
        }
    }
}

/// Whether the PID namespace's last PID, plus a run's worth of tasks, reaches its `pid_max`.
fn pids_running_low(tasks: u64) -> bool {
    let read = |name: &str| {
        fs::read_to_string(Path::new("/proc/sys/kernel").join(name))
            .ok()
            .and_then(|text| text.trim().parse::<u64>().ok())
    };
    match (read("ns_last_pid"), read("pid_max")) {
        (Some(last), Some(max)) => last + tasks + 2 > max,
        // Unknown: the safe side.
        _ => true,
    }
}

/// One message to the judge on the warm sandbox's socket.
fn send(socket: &File, message: &str) -> Result<(), String> {
    sys::send_with_files(socket, message.as_bytes(), &[])
        .map_err(|e| format!("cannot answer the judge: {e}"))
}

/// No POSIX message queues in the run's IPC namespace: a warm sandbox's namespace outlives each run, and
/// a queue (which `mq_open` makes without any file system) would carry bytes from one run to the next.
/// The limit is the namespace's own; the host's is untouched.
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

/// Caps the processes and threads of the namespace by its `pid_max` (per PID namespace since Linux 6.14):
/// a fork bomb must not fill the host's pid space. The kernel's floor is 301. Before 6.14 `pid_max` is the
/// host's own: a normal user's write is refused (RLIMIT_NPROC, counted in the run's user namespace, is the
/// cap then), and a root judge must not write it at all.
fn cap_tasks(tasks: u64, as_root: bool) {
    if as_root
        && !per_namespace_pid_max(
            &fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default(),
        )
    {
        return;
    }
    let _ = fs::write("/proc/sys/kernel/pid_max", (tasks + 1).max(301).to_string());
}

/// Whether a kernel release (`6.18.44-fc`) has a `pid_max` per PID namespace (Linux 6.14 and later).
fn per_namespace_pid_max(release: &str) -> bool {
    let mut numbers = release
        .split(|c: char| !c.is_ascii_digit())
        .map(|n| n.parse::<u32>().ok());
    match (numbers.next().flatten(), numbers.next().flatten()) {
        (Some(major), Some(minor)) => (major, minor) >= (6, 14),
        _ => false,
    }
}

/// No namespaces of the run's own: a user namespace nested in the sandbox's would give its processes every
/// capability there (mounts, network and IPC knobs, the kernel code only an administrator reaches), which
/// no solution needs. The knobs in `folder` (`/proc/sys/user`) are per user namespace, set from inside
/// the one they limit: the host's are untouched.
fn forbid_namespaces(folder: &Path) -> io::Result<()> {
    for kind in ["user", "mnt", "pid", "net", "ipc", "uts", "cgroup", "time"] {
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
    (Step::Streams, "its streams and working folder"),
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
            let (step, error) = match streams.map(|s| take_streams(s, &spec.cwd)) {
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
/// close-on-exec flag they arrived with), in its working folder (init itself waits in `/`).
fn take_streams(streams: &[File; 3], cwd: &Path) -> io::Result<()> {
    for (target, file) in streams.iter().enumerate() {
        sys::duplicate_to(file.as_raw_fd(), target as i32)?;
    }
    // A session keyring of the run's own: the one init inherited lives on from run to run. (Where the
    // kernel or a container refuses keyrings, the run cannot use them either.)
    let _ = sys::join_fresh_session_keyring();
    std::env::set_current_dir(cwd)
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
        // Its namespace's own knobs, through the folder init opened before /proc/sys turned read-only.
        let fd = knobs.map_or(-1, |k| k.as_raw_fd());
        if let Err(e) = forbid_namespaces(&Path::new("/proc/self/fd").join(fd.to_string())) {
            return (Step::Knobs, e);
        }
    }
    if let Err(e) = set_rlimits(spec) {
        return (Step::Rlimits, e);
    }
    if spec.isolate {
        if let Err(e) = sys::drop_capabilities() {
            return (Step::Capabilities, e);
        }
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
    fn pid_max_is_per_namespace_from_linux_6_14() {
        assert!(per_namespace_pid_max("6.18.44-fc-v669"));
        assert!(per_namespace_pid_max("6.14.0"));
        assert!(per_namespace_pid_max("7.0.1"));
        assert!(!per_namespace_pid_max("6.13.9-arch1"));
        assert!(!per_namespace_pid_max("5.15.0-91-generic"));
        assert!(!per_namespace_pid_max(""));
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
