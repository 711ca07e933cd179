//! The handful of Linux calls std does not expose, declared against the C library std already links
//! (glibc), so the judge needs no `libc` crate. Each wrapper is safe and returns `io::Result`; the layouts
//! below are the LP64 Linux ABI of x86_64 and aarch64, and the build refuses any other target. This is the
//! only module allowed `unsafe` (the crate denies it everywhere else).
//!
//! Only the sandbox uses these: namespaces, mounts and `pivot_root` for the run's own file-system view,
//! rlimits, ids and a capability drop for the program, `fork`, `execve` and `wait4` in the sandbox's init,
//! `kill` of a process or group, a sealed `memfd` for stdin, pipes (`splice`, `poll`) for its output, file
//! locks for the compile cache, and a signal handler.
#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
compile_error!(
    "the sandbox is written for Linux on x86_64 or aarch64 (struct layouts, syscall numbers)"
);

use std::ffi::{CStr, CString, OsStr};
use std::fs::File;
use std::io;
use std::os::raw::{c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::io::{AsRawFd, FromRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;
use std::ptr;

/// A process id (`pid_t`).
pub type Pid = i32;

pub const SIGINT: c_int = 2;
pub const SIGKILL: c_int = 9;
pub const SIGPIPE: c_int = 13;
pub const SIGTERM: c_int = 15;
pub const SIGCONT: c_int = 18;
pub const SIGSTOP: c_int = 19;
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
    /// Processes and threads of the user; in the sandbox's own user namespace, of the run alone.
    Tasks = 6,
    /// Open file descriptors.
    Files = 7,
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

/// `struct statvfs` (LP64): of it only `f_flag`, the mount's flags, is read.
#[repr(C)]
#[derive(Default)]
struct Statvfs {
    sizes: [c_ulong; 2],
    counts: [u64; 6],
    fsid: c_ulong,
    flag: c_ulong,
    name_max: c_ulong,
    spare: [c_int; 6],
}

/// What `wait4` reports: which child, its raw wait status and its resource usage (with its reaped children's).
#[derive(Clone, Copy, Debug)]
pub struct Waited {
    pub pid: Pid,
    /// Raw status word; decode with `std::process::ExitStatus::from_raw`.
    pub status: c_int,
    /// User + system CPU time in microseconds.
    pub cpu_us: u64,
    /// `ru_maxrss`: the peak RSS in KiB (which includes the parent's size at fork, see the sandbox's init).
    pub max_rss_kib: u64,
}

// Namespaces a process can enter without privileges once it owns a user namespace (<sched.h>).
pub const CLONE_NEWNS: c_int = 0x0002_0000;
pub const CLONE_NEWCGROUP: c_int = 0x0200_0000;
pub const CLONE_NEWUTS: c_int = 0x0400_0000;
pub const CLONE_NEWIPC: c_int = 0x0800_0000;
pub const CLONE_NEWUSER: c_int = 0x1000_0000;
pub const CLONE_NEWPID: c_int = 0x2000_0000;
pub const CLONE_NEWNET: c_int = 0x4000_0000;

// mount(2) flags (<sys/mount.h>) and the statvfs flags they correspond to.
pub const MS_RDONLY: c_ulong = 1;
pub const MS_NOSUID: c_ulong = 2;
pub const MS_NODEV: c_ulong = 4;
pub const MS_NOEXEC: c_ulong = 8;
pub const MS_REMOUNT: c_ulong = 32;
pub const MS_NOATIME: c_ulong = 1024;
pub const MS_NODIRATIME: c_ulong = 2048;
pub const MS_BIND: c_ulong = 4096;
pub const MS_REC: c_ulong = 16384;
pub const MS_PRIVATE: c_ulong = 1 << 18;
pub const MS_RELATIME: c_ulong = 1 << 21;
const MNT_DETACH: c_int = 2;

const PR_SET_PDEATHSIG: c_int = 1;
const PR_SET_DUMPABLE: c_int = 4;
const PR_SET_NAME: c_int = 15;
const PR_CAPBSET_DROP: c_int = 24;
const PR_SET_CHILD_SUBREAPER: c_int = 36;
const PR_SET_NO_NEW_PRIVS: c_int = 38;
const PR_CAP_AMBIENT: c_int = 47;
const PR_CAP_AMBIENT_CLEAR_ALL: c_long = 4;
const SC_CLK_TCK: c_int = 2;
const F_SETFD: c_int = 2;
const FD_CLOEXEC: c_int = 1;
const F_ADD_SEALS: c_int = 1033;
/// No more seals, no shrinking, no growing, no writing: the input is what the judge wrote, for good.
const ALL_SEALS: c_int = 1 | 2 | 4 | 8;
const F_SETPIPE_SZ: c_int = 1031;
const O_CLOEXEC: c_int = 0o2_000_000;
const POLLIN: i16 = 1;
const POLLERR: i16 = 8;
const POLLHUP: i16 = 16;
const MFD_CLOEXEC: c_uint = 1;
const MFD_ALLOW_SEALING: c_uint = 2;
#[cfg(target_arch = "x86_64")]
const SYS_PIVOT_ROOT: c_long = 155;
#[cfg(target_arch = "aarch64")]
const SYS_PIVOT_ROOT: c_long = 41;
#[cfg(target_arch = "x86_64")]
const SYS_ADD_KEY: c_long = 248;
#[cfg(target_arch = "aarch64")]
const SYS_ADD_KEY: c_long = 217;
#[cfg(target_arch = "x86_64")]
const SYS_GETTID: c_long = 186;
#[cfg(target_arch = "aarch64")]
const SYS_GETTID: c_long = 178;
#[cfg(target_arch = "x86_64")]
const SYS_KEYCTL: c_long = 250;
#[cfg(target_arch = "aarch64")]
const SYS_KEYCTL: c_long = 219;
const KEY_SPEC_PROCESS_KEYRING: c_long = -2;
const KEY_SPEC_SESSION_KEYRING: c_long = -3;

// Why each one: std has no rlimits, namespaces, mounts, prctl, memfd or signal handlers; `Child::wait`
// returns no rusage (CPU time) and cannot wait for any child; `Child::kill` cannot address a process group;
// a signal handler must end the process with `_exit`, not `exit` (not async-signal-safe); glibc has no
// `pivot_root` wrapper, hence `syscall`.
extern "C" {
    fn open(path: *const c_char, flags: c_int, ...) -> c_int;
    fn write(fd: c_int, buffer: *const c_void, count: usize) -> isize;
    fn close(fd: c_int) -> c_int;
    fn setrlimit(resource: c_int, limit: *const Rlimit) -> c_int;
    fn wait4(pid: Pid, status: *mut c_int, options: c_int, usage: *mut Rusage) -> Pid;
    fn kill(pid: Pid, signal: c_int) -> c_int;
    fn signal(signal: c_int, handler: usize) -> usize;
    fn sysconf(name: c_int) -> c_long;
    // glibc declares prctl, fcntl and syscall variadic; declaring them so keeps the calling convention right.
    fn prctl(option: c_int, ...) -> c_int;
    fn fcntl(fd: c_int, command: c_int, ...) -> c_int;
    fn syscall(number: c_long, ...) -> c_long;
    fn _exit(code: c_int) -> !;
    fn unshare(flags: c_int) -> c_int;
    fn setns(fd: c_int, kind: c_int) -> c_int;
    fn mount(
        source: *const c_char,
        target: *const c_char,
        fs_type: *const c_char,
        flags: c_ulong,
        data: *const c_void,
    ) -> c_int;
    fn umount2(target: *const c_char, flags: c_int) -> c_int;
    fn sethostname(name: *const c_char, length: usize) -> c_int;
    fn lchown(path: *const c_char, owner: c_uint, group: c_uint) -> c_int;
    fn statvfs(path: *const c_char, buffer: *mut Statvfs) -> c_int;
    fn memfd_create(name: *const c_char, flags: c_uint) -> c_int;
    fn dup2(old: c_int, new: c_int) -> c_int;
    fn fork() -> Pid;
    fn setsid() -> Pid;
    fn getuid() -> c_uint;
    fn getgid() -> c_uint;
    fn geteuid() -> c_uint;
    fn setgroups(count: usize, groups: *const c_uint) -> c_int;
    fn setresuid(real: c_uint, effective: c_uint, saved: c_uint) -> c_int;
    fn setresgid(real: c_uint, effective: c_uint, saved: c_uint) -> c_int;
    fn umask(mask: c_uint) -> c_uint;
    fn execve(path: *const c_char, argv: *const *const c_char, envp: *const *const c_char)
        -> c_int;
    fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
    fn poll(fds: *mut PollFd, count: u64, timeout_ms: c_int) -> c_int;
    fn splice(
        from: c_int,
        from_offset: *mut i64,
        to: c_int,
        to_offset: *mut i64,
        length: usize,
        flags: c_uint,
    ) -> isize;
    fn flock(fd: c_int, operation: c_int) -> c_int;
    fn socketpair(domain: c_int, kind: c_int, protocol: c_int, fds: *mut c_int) -> c_int;
    fn sendmsg(socket: c_int, message: *const MessageHeader, flags: c_int) -> isize;
    fn recvmsg(socket: c_int, message: *mut MessageHeader, flags: c_int) -> isize;
    fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
    fn shutdown(socket: c_int, how: c_int) -> c_int;
    fn futimens(fd: c_int, times: *const c_void) -> c_int;
}

/// `struct msghdr` (LP64).
#[repr(C)]
struct MessageHeader {
    name: *mut c_void,
    name_length: c_uint,
    iov: *mut IoVec,
    iov_length: usize,
    control: *mut c_void,
    control_length: usize,
    flags: c_int,
}

/// `struct iovec`.
#[repr(C)]
struct IoVec {
    base: *mut c_void,
    length: usize,
}

/// The most descriptors one message carries (a run's stdin, stdout and stderr).
pub const MAX_PASSED_FILES: usize = 3;
/// `struct cmsghdr` (16 bytes on LP64) followed by the descriptors, 8-aligned: CMSG_SPACE(3 ints).
const CONTROL_BYTES: usize = 16 + 16;
const SOL_SOCKET: c_int = 1;
const SCM_RIGHTS: c_int = 1;
const MSG_NOSIGNAL: c_int = 0x4000;
const MSG_CMSG_CLOEXEC: c_int = 0x4000_0000;

/// `struct pollfd`.
#[repr(C)]
struct PollFd {
    fd: c_int,
    events: i16,
    returned: i16,
}

fn check(result: c_long) -> io::Result<c_long> {
    if result == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(result)
    }
}

fn check_int(result: c_int) -> io::Result<()> {
    check(result as c_long).map(drop)
}

fn c_path(path: &Path) -> io::Result<CString> {
    c_string(path.as_os_str())
}

fn c_string(text: &OsStr) -> io::Result<CString> {
    CString::new(text.as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL byte in a path"))
}

/// Sets soft and hard limit of `resource` for the calling process. Async-signal-safe (one syscall).
pub fn set_rlimit(resource: Resource, soft: u64, hard: u64) -> io::Result<()> {
    let limit = Rlimit { soft, hard };
    // SAFETY: `limit` is a valid `struct rlimit` for the duration of the call.
    check_int(unsafe { setrlimit(resource as c_int, &limit) })
}

/// Waits for child `pid` (or any child, -1) to end and reaps it, retrying on EINTR.
pub fn wait(pid: Pid) -> io::Result<Waited> {
    let mut status = 0;
    let mut usage = Rusage::default();
    let reaped = loop {
        // SAFETY: both pointers are valid for writes for the duration of the call.
        let result = unsafe { wait4(pid, &mut status, 0, &mut usage) };
        if result != -1 {
            break result;
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    };
    let micros = |t: Timeval| (t.seconds.max(0) as u64) * 1_000_000 + t.micros.max(0) as u64;
    Ok(Waited {
        pid: reaped,
        status,
        cpu_us: micros(usage.user) + micros(usage.system),
        max_rss_kib: usage.max_rss_kib.max(0) as u64,
    })
}

/// Sends `signal` to every process of process group `group`. Async-signal-safe.
pub fn kill_group(group: Pid, signal: c_int) -> io::Result<()> {
    // SAFETY: plain syscall; a negative pid addresses the process group.
    check_int(unsafe { kill(-group, signal) })
}

/// Sends `signal` to the single process `pid` (-1: every process the caller may signal but itself).
pub fn kill_process(pid: Pid, signal: c_int) -> io::Result<()> {
    // SAFETY: plain syscall.
    check_int(unsafe { kill(pid, signal) })
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

/// Runs `setup` in the child between fork and exec. It must make only async-signal-safe calls (the
/// wrappers of this module are), allocate nothing and take no lock: the judge is multi-threaded.
pub fn before_exec(
    command: &mut Command,
    setup: impl FnMut() -> io::Result<()> + Send + Sync + 'static,
) {
    // SAFETY: the contract above is the one `pre_exec` requires; every caller in the judge keeps it.
    unsafe {
        command.pre_exec(setup);
    }
}

/// Makes `fd` the descriptor `target` in this process (closing what was there), inherited across exec.
/// Async-signal-safe.
pub fn duplicate_to(fd: RawFd, target: RawFd) -> io::Result<()> {
    if fd == target {
        // dup2 onto itself changes nothing, close-on-exec included: clear that flag instead.
        // SAFETY: F_SETFD takes an int argument.
        return check_int(unsafe { fcntl(fd, F_SETFD, 0) });
    }
    // SAFETY: plain syscall on descriptor numbers.
    check_int(unsafe { dup2(fd, target) })
}

/// Descriptor `fd` as inherited from the parent (the sandbox helper's report channel), if it is open.
pub fn inherited_file(fd: RawFd) -> Option<File> {
    const F_GETFD: c_int = 1;
    // SAFETY: F_GETFD only asks whether `fd` is open; if it is, nothing else in this process owns it (the
    // judge passed it to the helper for this one use).
    unsafe { (fcntl(fd, F_GETFD) != -1).then(|| File::from_raw_fd(fd)) }
}

/// Writes `bytes` to the existing file `path` with open/write/close only: async-signal-safe, so a child may
/// move itself into a cgroup between fork and exec (`path` prepared before the fork).
pub fn write_existing(path: &CStr, bytes: &[u8]) -> io::Result<()> {
    const O_WRONLY: c_int = 1;
    // SAFETY: a NUL-terminated path; the result is a new descriptor or -1.
    let fd = unsafe { open(path.as_ptr(), O_WRONLY | O_CLOEXEC) };
    check(fd as c_long)?;
    // SAFETY: `bytes` is valid for reads of its length; `fd` is ours and closed once.
    let written = unsafe { write(fd, bytes.as_ptr() as *const c_void, bytes.len()) };
    let closed = unsafe { close(fd) };
    check(written as c_long)?;
    check(closed as c_long).map(drop)
}

/// Marks `fd` close-on-exec, so a program started later does not inherit it.
pub fn close_on_exec(fd: RawFd) -> io::Result<()> {
    // SAFETY: F_SETFD takes an int argument.
    check_int(unsafe { fcntl(fd, F_SETFD, FD_CLOEXEC) })
}

/// The parent's death sends this process `signal` (SIGKILL): a sandbox never outlives its judge.
pub fn die_with_parent(signal_number: c_int) -> io::Result<()> {
    // SAFETY: PR_SET_PDEATHSIG reads its second argument as a signal number.
    check_int(unsafe { prctl(PR_SET_PDEATHSIG, signal_number as c_long) })
}

/// Makes the calling process a child subreaper: a process orphaned anywhere below it is re-parented to it.
pub fn become_subreaper() -> io::Result<()> {
    // SAFETY: PR_SET_CHILD_SUBREAPER reads its second argument as a flag.
    check_int(unsafe { prctl(PR_SET_CHILD_SUBREAPER, 1 as c_long) })
}

/// Not dumpable: same-user processes can then neither ptrace this one nor open its `/proc/<pid>/fd`, `mem`.
pub fn forbid_tracing() -> io::Result<()> {
    // SAFETY: PR_SET_DUMPABLE reads its second argument as a flag.
    check_int(unsafe { prctl(PR_SET_DUMPABLE, 0 as c_long) })
}

/// Gives the calling process the command line `title` and the name `title` (as `/proc/<pid>/cmdline` and
/// `comm` show them to anyone who can see the process) in place of those of its exec. The arguments are
/// overwritten in place where the kernel keeps them, with the byte just before their end left non-zero:
/// the kernel then shows the text up to its first NUL, as it does for setproctitle(3), and not the length
/// of what was there before. Nothing may read the process's own arguments afterwards (`std::env::args`).
pub fn set_process_title(title: &str) -> io::Result<()> {
    let stat = std::fs::read_to_string("/proc/self/stat")?;
    // Fields 48 and 49 of proc(5), arg_start and arg_end, counted from the state (field 3) after the name.
    let fields: Vec<u64> = stat[stat.rfind(')').map_or(0, |i| i + 1)..]
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    let (start, end) = match (fields.get(45), fields.get(46)) {
        (Some(&start), Some(&end)) if end > start => (start as usize, end as usize),
        _ => return Err(io::Error::new(io::ErrorKind::Other, "no argument area")),
    };
    let length = end - start;
    let shown = &title.as_bytes()[..title.len().min(length.saturating_sub(2))];
    // SAFETY: [start, end) is this process's own argument area on its initial stack (the kernel's word),
    // writable, and nothing else of the program holds a Rust reference into it.
    unsafe {
        let area = std::slice::from_raw_parts_mut(start as *mut u8, length);
        area.fill(0);
        area[..shown.len()].copy_from_slice(shown);
        if length >= shown.len() + 2 {
            area[length - 1] = b' ';
        }
    }
    let name = c_string(OsStr::new(title))?;
    // SAFETY: PR_SET_NAME reads a NUL-terminated string (the kernel keeps at most 15 bytes of it).
    check_int(unsafe { prctl(PR_SET_NAME, name.as_ptr()) })
}

/// Drops every capability for good: the bounding set (so `exec` grants none, even to uid 0), the ambient
/// set, and sets no-new-privileges (set-uid binaries grant nothing). Async-signal-safe.
pub fn drop_capabilities() -> io::Result<()> {
    for capability in 0..64 {
        // SAFETY: PR_CAPBSET_DROP reads a capability number; past the last one it fails with EINVAL.
        if unsafe { prctl(PR_CAPBSET_DROP, capability as c_long) } == -1 {
            let error = io::Error::last_os_error();
            if error.raw_os_error() == Some(22) {
                break;
            }
            return Err(error);
        }
    }
    // Both demand that every unused argument be 0, so all four are passed: a variadic call would leave
    // whatever the registers held, and the kernel then answers EINVAL at random.
    let zero: c_long = 0;
    // SAFETY: both read integer arguments.
    check_int(unsafe { prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, zero, zero, zero) })?;
    check_int(unsafe { prctl(PR_SET_NO_NEW_PRIVS, 1 as c_long, zero, zero, zero) })
}

/// Makes every key system call (`add_key`, `request_key`, `keyctl`) of the caller and of all it execs fail
/// with ENOSYS, as on a kernel without keys: the kernel's keys belong to users, not namespaces, and a key a
/// run makes is charged to its user's quota until the kernel collects it, some time after the run ended.
/// An ordinary user's runs are all its one user, so what one run left in the quota was seen by the next
/// (a case of a submission learning what its earlier case did; a later submission's keys failing). A
/// seccomp filter (needs `no_new_privs`, set by `drop_capabilities`) checked on the syscall's own ABI:
/// x86_64's (x32's numbers too) and i386's on x86_64, aarch64's and arm's on aarch64; every other call
/// is allowed.
pub fn forbid_keys() -> io::Result<()> {
    #[repr(C)]
    struct Instruction {
        code: u16,
        jump_true: u8,
        jump_false: u8,
        k: u32,
    }
    #[repr(C)]
    struct Program {
        length: u16,
        filter: *const Instruction,
    }
    const LOAD_WORD: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
    const AND: u16 = 0x54; // BPF_ALU | BPF_AND | BPF_K
    const JUMP_EQUAL: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
    const RETURN: u16 = 0x06; // BPF_RET | BPF_K
    const ALLOW: u32 = 0x7fff_0000;
    const FAIL_ENOSYS: u32 = 0x0005_0000 | 38;
    const NR: u32 = 0; // offsetof(struct seccomp_data, nr)
    const ARCH: u32 = 4; // offsetof(struct seccomp_data, arch)
    #[cfg(target_arch = "x86_64")]
    const ABIS: [(u32, u32, [u32; 3]); 2] = [
        // x86_64 (x32's numbers are these with bit 30 set, cleared below), then i386.
        (0xc000_003e, 0xbfff_ffff, [248, 249, 250]),
        (0x4000_0003, 0xffff_ffff, [286, 287, 288]),
    ];
    #[cfg(target_arch = "aarch64")]
    const ABIS: [(u32, u32, [u32; 3]); 2] = [
        (0xc000_00b7, 0xffff_ffff, [217, 218, 219]),
        (0x4000_0028, 0xffff_ffff, [309, 310, 311]),
    ];
    let op = |code, k| Instruction {
        code,
        jump_true: 0,
        jump_false: 0,
        k,
    };
    let jump = |k, jump_true, jump_false| Instruction {
        code: JUMP_EQUAL,
        jump_true,
        jump_false,
        k,
    };
    // Per ABI, 7 instructions: load the arch; not this ABI: on to the next block; load the number, mask
    // it, and three comparisons that jump to the last instruction (fail) when equal.
    let mut filter = Vec::new();
    let blocks = ABIS.len();
    for (index, (arch, mask, numbers)) in ABIS.iter().enumerate() {
        let after_this = (blocks - index - 1) * 7; // instructions of the blocks after this one
        filter.push(op(LOAD_WORD, ARCH));
        filter.push(jump(*arch, 0, 5));
        filter.push(op(LOAD_WORD, NR));
        filter.push(op(AND, *mask));
        for (n, number) in numbers.iter().enumerate() {
            // To the fail instruction: past the rest of this block, the blocks after, and `allow`.
            let to_fail = (2 - n) + after_this + 1;
            filter.push(jump(*number, to_fail as u8, 0));
        }
        // A number of this ABI that is no key call: jump over the later blocks to `allow`.
        if index + 1 < blocks {
            let last = filter.len() - 1;
            filter[last].jump_false = after_this as u8;
        }
    }
    filter.push(op(RETURN, ALLOW));
    filter.push(op(RETURN, FAIL_ENOSYS));
    let program = Program {
        length: filter.len() as u16,
        filter: filter.as_ptr(),
    };
    const PR_SET_SECCOMP: c_int = 22;
    const SECCOMP_MODE_FILTER: c_long = 2;
    let zero: c_long = 0;
    // SAFETY: `program` and the filter it points to live across the call; the kernel copies them.
    check_int(unsafe {
        prctl(
            PR_SET_SECCOMP,
            SECCOMP_MODE_FILTER,
            &program as *const Program,
            zero,
            zero,
        )
    })
}

/// Moves the calling (single-threaded) process into new namespaces (`CLONE_NEW*` flags).
pub fn unshare_namespaces(flags: c_int) -> io::Result<()> {
    // SAFETY: plain syscall.
    check_int(unsafe { unshare(flags) })
}

/// Makes `namespace` (an open `/proc/<pid>/ns/<kind>` file) the caller's namespace of `kind` (a `CLONE_NEW*`
/// flag); for a PID namespace, the one its next children are born in.
pub fn enter_namespace(namespace: &File, kind: c_int) -> io::Result<()> {
    // SAFETY: plain syscall on an open descriptor.
    check_int(unsafe { setns(namespace.as_raw_fd(), kind) })
}

/// mount(2). `source` and `fs_type` may be absent (bind remounts), `data` is the fs's option string.
pub fn mount_fs(
    source: Option<&Path>,
    target: &Path,
    fs_type: Option<&str>,
    flags: c_ulong,
    data: Option<&str>,
) -> io::Result<()> {
    let source = source.map(c_path).transpose()?;
    let target = c_path(target)?;
    let fs_type = fs_type.map(|t| c_string(t.as_ref())).transpose()?;
    let data = data.map(|d| c_string(d.as_ref())).transpose()?;
    let pointer = |s: &Option<CString>| s.as_ref().map_or(ptr::null(), |s| s.as_ptr());
    // SAFETY: every pointer is null or a NUL-terminated string that outlives the call.
    check_int(unsafe {
        mount(
            pointer(&source),
            target.as_ptr(),
            pointer(&fs_type),
            flags,
            pointer(&data) as *const c_void,
        )
    })
}

/// Detaches the mount at `target` (lazily: it goes once unused).
pub fn detach_mount(target: &Path) -> io::Result<()> {
    let target = c_path(target)?;
    // SAFETY: a NUL-terminated path.
    check_int(unsafe { umount2(target.as_ptr(), MNT_DETACH) })
}

/// pivot_root(2): `new_root` becomes `/`, the old root is moved to `put_old` (below `new_root`).
pub fn pivot_root(new_root: &Path, put_old: &Path) -> io::Result<()> {
    let (new_root, put_old) = (c_path(new_root)?, c_path(put_old)?);
    // SAFETY: two NUL-terminated paths.
    check(unsafe { syscall(SYS_PIVOT_ROOT, new_root.as_ptr(), put_old.as_ptr()) }).map(drop)
}

/// The host name of this (UTS-namespaced) process.
pub fn set_host_name(name: &str) -> io::Result<()> {
    // SAFETY: `name` points at `name.len()` bytes.
    check_int(unsafe { sethostname(name.as_ptr() as *const c_char, name.len()) })
}

/// Gives `path` (not what a link there points at) to `uid:gid`.
pub fn change_owner(path: &Path, uid: u32, gid: u32) -> io::Result<()> {
    let path = c_path(path)?;
    // SAFETY: a NUL-terminated path.
    check_int(unsafe { lchown(path.as_ptr(), uid, gid) })
}

/// The flags (`MS_RDONLY`, `MS_NOSUID`, …) of the mount holding `path`: a bind remount inside a user
/// namespace must keep the ones the original mount has, or the kernel refuses it.
pub fn mount_flags(path: &Path) -> io::Result<c_ulong> {
    let path = c_path(path)?;
    let mut buffer = Statvfs::default();
    // SAFETY: a NUL-terminated path and a buffer of the statvfs layout.
    check_int(unsafe { statvfs(path.as_ptr(), &mut buffer) })?;
    Ok(buffer.flag)
}

/// A new anonymous file holding `bytes`, sealed against any change, read position at 0: a program's stdin
/// that it can neither modify nor trace back to a path.
pub fn sealed_file(name: &str, bytes: &[u8]) -> io::Result<File> {
    sealed_copy(name, bytes)
}

/// `sealed_file` of what `from` reads, copied through a small buffer: the judge never holds it whole (a
/// multi-pass problem's next input may be as large as its validator's output limit).
pub fn sealed_copy(name: &str, mut from: impl io::Read) -> io::Result<File> {
    use std::io::{Seek, SeekFrom};
    let name = c_string(name.as_ref())?;
    // SAFETY: a NUL-terminated name; the result is a new descriptor we own or -1.
    let fd = unsafe { memfd_create(name.as_ptr(), MFD_CLOEXEC | MFD_ALLOW_SEALING) };
    check(fd as c_long)?;
    // SAFETY: `fd` is a fresh descriptor owned by nothing else.
    let mut file = unsafe { File::from_raw_fd(fd) };
    io::copy(&mut from, &mut file)?;
    // SAFETY: F_ADD_SEALS takes an int argument.
    check_int(unsafe { fcntl(file.as_raw_fd(), F_ADD_SEALS, ALL_SEALS) })?;
    file.seek(SeekFrom::Start(0))?;
    Ok(file)
}

/// What `fork` returned.
pub enum Forked {
    Parent(Pid),
    Child,
}

/// fork(2). Only for a single-threaded caller (the sandbox's helper): the child may then do anything.
pub fn fork_process() -> io::Result<Forked> {
    // SAFETY: the caller is single-threaded, so the child inherits a consistent process.
    let pid = unsafe { fork() };
    check(pid as c_long)?;
    Ok(if pid == 0 {
        Forked::Child
    } else {
        Forked::Parent(pid)
    })
}

/// A new session and process group led by the caller.
pub fn new_session() -> io::Result<()> {
    // SAFETY: plain syscall.
    check(unsafe { setsid() } as c_long).map(drop)
}

/// The real user and group id of the caller.
pub fn user_and_group() -> (u32, u32) {
    // SAFETY: plain queries that cannot fail.
    unsafe { (getuid(), getgid()) }
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

/// The effective user id of the caller: 0 for a judge run as root.
pub fn effective_user() -> u32 {
    // SAFETY: a plain query that cannot fail.
    unsafe { geteuid() }
}

/// Makes the caller `uid`/`gid` (real, effective and saved) with no supplementary groups: what a program
/// of a root judge becomes in its own user namespace. Async-signal-safe.
pub fn become_user(uid: u32, gid: u32) -> io::Result<()> {
    // SAFETY: an empty list of groups; plain syscalls.
    check_int(unsafe { setgroups(0, ptr::null()) })?;
    check_int(unsafe { setresgid(gid, gid, gid) })?;
    check_int(unsafe { setresuid(uid, uid, uid) })
}

/// Sets the file-mode creation mask (returns nothing: it cannot fail).
pub fn set_umask(mask: u32) {
    // SAFETY: plain syscall.
    unsafe {
        umask(mask);
    }
}

/// Replaces the calling process with `path`. Returns only on failure. For a forked child of a
/// single-threaded process (the sandbox's init), which may allocate.
pub fn execute(path: &CStr, argv: &[CString], env: &[CString]) -> io::Error {
    let pointers = |list: &[CString]| {
        let mut all: Vec<*const c_char> = list.iter().map(|s| s.as_ptr()).collect();
        all.push(ptr::null());
        all
    };
    let (argv, env) = (pointers(argv), pointers(env));
    // SAFETY: NUL-terminated strings in NULL-terminated arrays, all alive for the call.
    unsafe { execve(path.as_ptr(), argv.as_ptr(), env.as_ptr()) };
    io::Error::last_os_error()
}

/// A command made ready for `execute_prepared`: its strings and the NULL-terminated pointer arrays to them,
/// built ahead, so that a signal handler can exec it without allocating.
pub struct Prepared {
    _strings: Vec<CString>,
    argv: Vec<*const c_char>,
    env: Vec<*const c_char>,
}

// SAFETY: the pointers point into `_strings`, owned alongside and never changed: sharing them across
// threads shares only immutable bytes.
unsafe impl Send for Prepared {}
unsafe impl Sync for Prepared {}

impl Prepared {
    /// `argv[0]` is the program's absolute path; the environment is empty.
    pub fn new(argv: &[&str]) -> Option<Prepared> {
        let strings: Vec<CString> = argv
            .iter()
            .map(|a| CString::new(*a).ok())
            .collect::<Option<_>>()?;
        let mut pointers: Vec<*const c_char> = strings.iter().map(|s| s.as_ptr()).collect();
        pointers.push(ptr::null());
        Some(Prepared {
            _strings: strings,
            argv: pointers,
            env: vec![ptr::null()],
        })
    }
}

/// Replaces the process with a prepared command: async-signal-safe (execve only). Returns on failure.
pub fn execute_prepared(command: &Prepared) {
    // SAFETY: NUL-terminated strings in NULL-terminated arrays, alive as long as `command`.
    unsafe { execve(command.argv[0], command.argv.as_ptr(), command.env.as_ptr()) };
}

/// A new pipe, both ends close-on-exec: (reading end, writing end).
pub fn pipe() -> io::Result<(File, File)> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: `fds` has room for the two descriptors; they are new and owned by nothing else.
    check_int(unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC) })?;
    // SAFETY: see above.
    Ok(unsafe { (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1])) })
}

/// Asks for a pipe buffer of `bytes` (the kernel rounds it up to pages; refused past pipe-max-size).
pub fn set_pipe_size(pipe: &File, bytes: usize) -> io::Result<()> {
    // SAFETY: F_SETPIPE_SZ takes an int argument.
    check_int(unsafe { fcntl(pipe.as_raw_fd(), F_SETPIPE_SZ, bytes as c_int) }.min(0))
}

/// Moves up to `length` bytes from the pipe `from` to the file `to` (at its offset) inside the kernel;
/// 0 at end of input.
pub fn splice_to(from: &File, to: &File, length: usize) -> io::Result<usize> {
    // SAFETY: plain syscall on two open descriptors; no offsets (both files' own are used).
    let moved = unsafe {
        splice(
            from.as_raw_fd(),
            ptr::null_mut(),
            to.as_raw_fd(),
            ptr::null_mut(),
            length,
            0,
        )
    };
    check(moved as c_long).map(|n| n as usize)
}

/// Waits up to `timeout_ms` (-1: without end) for any of `files` to be readable or closed at the other
/// end; which ones are. Retries on EINTR.
pub fn wait_readable(files: &[&File], timeout_ms: i32) -> io::Result<Vec<bool>> {
    let mut fds: Vec<PollFd> = files
        .iter()
        .map(|f| PollFd {
            fd: f.as_raw_fd(),
            events: POLLIN,
            returned: 0,
        })
        .collect();
    loop {
        // SAFETY: `fds` is a valid array of `fds.len()` pollfd structs.
        let result = unsafe { poll(fds.as_mut_ptr(), fds.len() as u64, timeout_ms) };
        if result >= 0 {
            break;
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
    Ok(fds
        .iter()
        .map(|p| p.returned & (POLLIN | POLLHUP | POLLERR) != 0)
        .collect())
}

/// The calling thread's id (its `/proc/self/task/<tid>`).
pub fn thread_id() -> Pid {
    // SAFETY: gettid takes no argument and cannot fail.
    unsafe { syscall(SYS_GETTID) as Pid }
}

/// Whether every reader of the pipe `file` writes to has closed its end, asked now (POLLERR on a pipe's
/// writing end: the kernel's own count of its readers, no clock involved).
pub fn readers_gone(file: &File) -> io::Result<bool> {
    let mut fds = [PollFd {
        fd: file.as_raw_fd(),
        events: 0,
        returned: 0,
    }];
    loop {
        // SAFETY: `fds` is a valid array of one pollfd struct; a zero timeout never blocks.
        let result = unsafe { poll(fds.as_mut_ptr(), 1, 0) };
        if result >= 0 {
            return Ok(fds[0].returned & POLLERR != 0);
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// A connected pair of Unix sockets that keep message boundaries (`SOCK_SEQPACKET`), both ends
/// close-on-exec: the judge's line to a warm sandbox's init.
pub fn packet_pair() -> io::Result<(File, File)> {
    const AF_UNIX: c_int = 1;
    const SOCK_SEQPACKET: c_int = 5;
    let mut fds = [0 as c_int; 2];
    // SAFETY: `fds` has room for the two descriptors; they are new and owned by nothing else.
    check_int(unsafe { socketpair(AF_UNIX, SOCK_SEQPACKET | O_CLOEXEC, 0, fds.as_mut_ptr()) })?;
    // SAFETY: see above.
    Ok(unsafe { (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1])) })
}

/// Sends `bytes` as one message on `socket`, with copies of `files` (at most `MAX_PASSED_FILES`) passed
/// along (`SCM_RIGHTS`). A closed peer is an error (EPIPE), never a SIGPIPE.
pub fn send_with_files(socket: &File, bytes: &[u8], files: &[RawFd]) -> io::Result<()> {
    assert!(files.len() <= MAX_PASSED_FILES);
    let mut control = [0u64; CONTROL_BYTES / 8];
    let mut iov = IoVec {
        base: bytes.as_ptr() as *mut c_void,
        length: bytes.len(),
    };
    let control_length = if files.is_empty() {
        0
    } else {
        let length = 16 + 4 * files.len();
        control[0] = length as u64;
        control[1] = (SOL_SOCKET as u32 as u64) | ((SCM_RIGHTS as u32 as u64) << 32);
        let data = &mut control[2..];
        for (i, &fd) in files.iter().enumerate() {
            let word = &mut data[i / 2];
            *word |= (fd as u32 as u64) << (32 * (i % 2));
        }
        CONTROL_BYTES
    };
    let header = MessageHeader {
        name: ptr::null_mut(),
        name_length: 0,
        iov: &mut iov,
        iov_length: 1,
        control: if files.is_empty() {
            ptr::null_mut()
        } else {
            control.as_mut_ptr() as *mut c_void
        },
        control_length,
        flags: 0,
    };
    // SAFETY: the header points at live buffers of the lengths it states for the duration of the call.
    let sent = unsafe { sendmsg(socket.as_raw_fd(), &header, MSG_NOSIGNAL) };
    check(sent as c_long).map(drop)
}

/// Receives one message from `socket` into `buffer`: its length (0 at end of input) and the descriptors it
/// carried, close-on-exec.
pub fn receive_with_files(socket: &File, buffer: &mut [u8]) -> io::Result<(usize, Vec<File>)> {
    let mut control = [0u64; CONTROL_BYTES / 8];
    let mut iov = IoVec {
        base: buffer.as_mut_ptr() as *mut c_void,
        length: buffer.len(),
    };
    let mut header = MessageHeader {
        name: ptr::null_mut(),
        name_length: 0,
        iov: &mut iov,
        iov_length: 1,
        control: control.as_mut_ptr() as *mut c_void,
        control_length: CONTROL_BYTES,
        flags: 0,
    };
    let received = loop {
        // SAFETY: the header points at live buffers of the lengths it states for the duration of the call.
        let result = unsafe { recvmsg(socket.as_raw_fd(), &mut header, MSG_CMSG_CLOEXEC) };
        if result >= 0 {
            break result as usize;
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    };
    let mut files = Vec::new();
    let length = control[0] as usize;
    let kind = control[1];
    let rights = (SOL_SOCKET as u32 as u64) | ((SCM_RIGHTS as u32 as u64) << 32);
    if header.control_length >= 16 && kind == rights && length > 16 {
        let count = ((length - 16) / 4).min(MAX_PASSED_FILES);
        for i in 0..count {
            let fd = (control[2 + i / 2] >> (32 * (i % 2))) as u32 as c_int;
            // SAFETY: the kernel installed this descriptor in this process for us alone.
            files.push(unsafe { File::from_raw_fd(fd) });
        }
    }
    // MSG_CTRUNC: more descriptors than room; what did fit is closed with `files` by the caller.
    const MSG_CTRUNC: c_int = 8;
    if header.flags & MSG_CTRUNC != 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "a message with too many descriptors",
        ));
    }
    Ok((received, files))
}

/// Makes the caller's session keyring a new, empty, anonymous one: keys a program adds to its session
/// keyring then go nowhere another run can reach.
pub fn join_fresh_session_keyring() -> io::Result<()> {
    const KEYCTL_JOIN_SESSION_KEYRING: c_long = 1;
    // SAFETY: a null name asks for an anonymous keyring; no other pointer is passed.
    check(unsafe {
        syscall(
            SYS_KEYCTL,
            KEYCTL_JOIN_SESSION_KEYRING,
            ptr::null::<c_char>(),
        )
    })
    .map(drop)
}

/// Makes the caller's session keyring a new, empty one that nobody may use: no permission at all, for its
/// possessors too, and none to change that (only an administrator of the host's user namespace could). A
/// process below that joins no keyring of its own possesses nothing through it.
pub fn join_inert_session_keyring() -> io::Result<()> {
    const KEYCTL_SETPERM: c_long = 5;
    join_fresh_session_keyring()?;
    // SAFETY: plain syscall with integer arguments.
    check(unsafe {
        syscall(
            SYS_KEYCTL,
            KEYCTL_SETPERM,
            KEY_SPEC_SESSION_KEYRING,
            0 as c_long,
        )
    })
    .map(drop)
}

/// Adds a `user` key `description` holding `payload` to the caller's session keyring. The judge adds none;
/// its tests plant one that no run may reach.
pub fn add_session_key(description: &str, payload: &[u8]) -> io::Result<()> {
    let (kind, description) = (c_string("user".as_ref())?, c_string(description.as_ref())?);
    // SAFETY: two NUL-terminated strings and `payload.len()` bytes at `payload`, alive for the call.
    check(unsafe {
        syscall(
            SYS_ADD_KEY,
            kind.as_ptr(),
            description.as_ptr(),
            payload.as_ptr(),
            payload.len(),
            KEY_SPEC_SESSION_KEYRING,
        )
    })
    .map(drop)
}

/// Unlinks every key from the keyrings of the caller's user in its user namespace that outlive its
/// processes: the user keyring, the user session keyring and the persistent keyring (kept for days). What
/// one run of a warm sandbox put there is gone for the next.
pub fn clear_user_keyrings() -> io::Result<()> {
    const KEYCTL_CLEAR: c_long = 7;
    const KEYCTL_GET_PERSISTENT: c_long = 22;
    const KEY_SPEC_USER_KEYRING: c_long = -4;
    const KEY_SPEC_USER_SESSION_KEYRING: c_long = -5;
    // The persistent keyring is reached by linking it somewhere the caller may write: its own process
    // keyring, which no child inherits. (A kernel built without persistent keyrings has none to clear.)
    // SAFETY: plain syscall with integer arguments.
    let persistent = unsafe {
        syscall(
            SYS_KEYCTL,
            KEYCTL_GET_PERSISTENT,
            -1 as c_long,
            KEY_SPEC_PROCESS_KEYRING,
        )
    };
    let keyrings = [
        KEY_SPEC_USER_KEYRING,
        KEY_SPEC_USER_SESSION_KEYRING,
        persistent,
    ];
    for keyring in keyrings.into_iter().filter(|&k| k != -1) {
        // SAFETY: plain syscall with integer arguments.
        check(unsafe { syscall(SYS_KEYCTL, KEYCTL_CLEAR, keyring) })?;
    }
    Ok(())
}

/// Ends both directions of `socket`: its peer reads its end at once.
pub fn shut_down(socket: &File) -> io::Result<()> {
    const SHUT_RDWR: c_int = 2;
    // SAFETY: plain syscall on an open descriptor.
    check_int(unsafe { shutdown(socket.as_raw_fd(), SHUT_RDWR) })
}

/// User + system CPU time, in microseconds, of the caller itself and of every child it has reaped (with
/// what they reaped): everything a sandbox's init and its runs ever used.
pub fn own_and_children_cpu_us() -> u64 {
    const RUSAGE_SELF: c_int = 0;
    const RUSAGE_CHILDREN: c_int = -1;
    let micros = |t: Timeval| (t.seconds.max(0) as u64) * 1_000_000 + t.micros.max(0) as u64;
    [RUSAGE_SELF, RUSAGE_CHILDREN]
        .iter()
        .map(|&who| {
            let mut usage = Rusage::default();
            // SAFETY: `usage` is valid for writes.
            match unsafe { getrusage(who, &mut usage) } {
                0 => micros(usage.user) + micros(usage.system),
                _ => 0,
            }
        })
        .sum()
}

/// How a file is locked (`flock`): shared by many, or by one alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lock {
    Shared,
    Exclusive,
}

/// Takes `lock` on `file` (an advisory `flock`, held until the file is closed); `false` without waiting
/// when another holder's lock conflicts.
pub fn try_lock(file: &File, lock: Lock) -> io::Result<bool> {
    const LOCK_SH: c_int = 1;
    const LOCK_EX: c_int = 2;
    const LOCK_NB: c_int = 4;
    let operation = match lock {
        Lock::Shared => LOCK_SH,
        Lock::Exclusive => LOCK_EX,
    } | LOCK_NB;
    // SAFETY: plain syscall on an open descriptor.
    match check_int(unsafe { flock(file.as_raw_fd(), operation) }) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::WouldBlock => Ok(false),
        Err(e) => Err(e),
    }
}

/// Sets a file's (or folder's) access and modification times to now: the compile cache's "last used".
pub fn touch(file: &File) -> io::Result<()> {
    // SAFETY: a null `times` means "now" for both.
    check_int(unsafe { futimens(file.as_raw_fd(), ptr::null()) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::mem::size_of;

    #[test]
    fn the_structs_have_the_lp64_linux_layout() {
        // <sys/resource.h>: rlimit is two rlim_t (u64); rusage two timevals (16 bytes) and 14 longs;
        // <sys/statvfs.h>: 11 longs and 6 ints.
        assert_eq!(size_of::<Rlimit>(), 16);
        assert_eq!(size_of::<Timeval>(), 16);
        assert_eq!(size_of::<Rusage>(), 144);
        assert_eq!(size_of::<Statvfs>(), 112);
    }

    #[test]
    fn a_signal_to_a_process_that_does_not_exist_is_an_error() {
        // pid_max is at most 2^22 on Linux, so this pid and group can never exist.
        assert!(kill_process(i32::MAX, 0).is_err());
        assert!(kill_group(i32::MAX, 0).is_err());
        assert!(clock_ticks_per_second() >= 100);
    }

    #[test]
    fn a_sealed_file_reads_back_and_refuses_writes() {
        use std::io::Write;
        let mut file = sealed_file("t", b"1 2 3\n").unwrap();
        let mut text = String::new();
        file.read_to_string(&mut text).unwrap();
        assert_eq!(text, "1 2 3\n");
        assert!(file.write_all(b"x").is_err());
    }

    #[test]
    fn the_root_mount_has_flags() {
        assert!(mount_flags(Path::new("/")).is_ok());
        assert!(mount_flags(Path::new("/no/such/path")).is_err());
    }
}
