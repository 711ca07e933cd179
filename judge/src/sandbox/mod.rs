//! Runs a program in a sandbox nothing escapes, without root, and measures it. One path for every process
//! the judge starts: solutions, compilers, checker programs and playing engines.
//!
//! How a run goes (isolate's guarantees from an unprivileged user, after DOMjudge's runguard):
//! 1. The judge starts its own binary as the sandbox **helper** (`helper`): new user, mount, PID, network,
//!    IPC and UTS namespaces; its child is PID 1 of the new PID namespace (**init**), which builds the run's
//!    own file-system view (`view`: a fresh tmpfs root with read-only binds of what the language needs, the
//!    harmless devices, a private size-capped `/tmp`) and starts the program with rlimits and no
//!    capabilities. stdin is a sealed anonymous file (no path, no way to change it), stdout and stderr are
//!    pipes the judge drains (`drain`): into a file of its own, or a bounded buffer, counting every byte.
//!    A judge run as root gives the program an unprivileged user of its own (`helper`): the run owns
//!    nothing on the host, whatever permission bits grant root.
//! 2. This side watches the whole tree through `/proc` (`procfs`): the CPU of every process the run ever
//!    started (orphans are reaped by init, so their time is in the totals), the sum of the tree's resident
//!    memory, the wall clock; past a limit it kills init, and the kernel ends the namespace with it.
//! 3. The sandbox reports facts (`Facts`): exit code or signal, CPU, wall, peak memory, which limit stopped
//!    it. It judges nothing; `verdict` turns facts into verdicts.
//!
//! Every untrusted program goes through `run` (or `start`, to talk to it): a problem package's output
//! validator (`Program::out_dir` gives it a writable, size-capped feedback folder that init copies out after
//! the run, `read_out_file` reads it back; `Slot::copy_of` binds the judge's copies of its input and
//! answer; its stdin is the team's output as the judge opened it, `Stdio::from(file)`), an interactor and its solution (two
//! `start`s joined by `talk::pipe`s, `talk::Lines` for what they say, `Killer::freeze` for the one
//! waiting). A cold run of a trivial C program costs ~3.5 ms of CPU, judge, helper, init and program
//! together (`scripts/bench-sandbox`).
//!
//! Programs run many times one after the other (a stress test's generator, validators, reference and
//! solution) go through a **warm** sandbox instead (`warm`, `Slot::keep_warm`, `run_input`): built once,
//! its init then starts one run per request and leaves nothing of it to the next (no process, no file in
//! `/tmp`, no queue, no key), each run held to the same limits and guarantees. A warm run costs what a
//! bare spawn of the program does (`run/warm` against `run/plain` in `benches/judge-overhead.rs`).
//!
//! The judge is outside the run's PID and user namespaces: nothing inside can signal, trace or even name
//! it. Where the kernel refuses namespaces, `isolation()` says why and runs go unisolated (process group,
//! subreaper init, rlimits): the judge says so loudly in every report.

mod cgroup;
pub mod drain;
mod helper;
pub mod procfs;
mod registry;
pub mod spec;
pub mod talk;
mod users;
mod view;
mod warm;

pub use drain::{Captured, Output};
pub use registry::{
    install_interrupt_handler, interrupted, interrupted_exit_code, print_or_stop, remove_on_exit,
    stop_quietly,
};
pub use spec::{Bind, OutDir, HELPER_FLAG};

use crate::sys::{self, Pid};
use spec::{Rlimits, Spec};
use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::os::unix::io::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicU8, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// The helper's entry point: `main` calls it first when the first argument is `HELPER_FLAG`.
pub fn helper_main(args: &[OsString]) -> ! {
    helper::main(args)
}

/// What a run may use. Enforced or measured here; judged elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + sys) of the whole tree; the run is stopped a few ms after it.
    pub cpu_ms: u64,
    /// Wall clock: the run is stopped after this long whatever it does (sleeping, blocked), unless it has
    /// patience.
    pub wall_ms: u64,
    /// How much longer than `wall_ms` a run may go on while it still wants a CPU (the re-run alone of one
    /// the machine starved): one found asleep once its own time (its wall time less its wait for a CPU)
    /// has reached `wall_ms` is stopped then, as the wall clock would have, never let sleep on. 0: stopped
    /// at `wall_ms` whatever it does.
    pub wall_patience_ms: u64,
    /// Memory: the tree's resident total is stopped past it; the measured peak is judged against it.
    pub memory_kib: u64,
    /// Cap on stdout and on stderr, and on each file it writes.
    pub output_bytes: u64,
    /// Past the output cap: `false` stops the run (`Stop::Output`: a compiler's or a validator's messages
    /// are all that matters of them); `true` discards the rest and lets the run go on to its end or its
    /// limits, as the format's judges treat a submission (an endless flood is TLE, a finite one past the
    /// cap OLE: problemtools, DOMjudge and BAPCtools alike).
    pub drain_past_cap: bool,
    /// Processes and threads the run may have at once (a JVM needs a few dozen).
    pub tasks: u64,
    /// Size of the run's private writable `/tmp`.
    pub tmp_mib: u64,
}

/// The most processes and threads of one run, and open files of one process.
pub const DEFAULT_TASKS: u64 = 256;
const OPEN_FILES: u64 = 256;

/// What to run, as seen from inside the sandbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The program (an absolute path inside) and its arguments.
    pub argv: Vec<OsString>,
    /// What it may see, read-only, besides the base system (`BASE_BINDS`): its binary, its toolchain.
    pub binds: Vec<Bind>,
    /// Its writable, size-capped out folder, copied to the host after the run (a compiler's output).
    pub out_dir: Option<OutDir>,
    pub env: Vec<(OsString, OsString)>,
    /// Working directory inside.
    pub cwd: PathBuf,
    /// Cap private writable memory per process (`RLIMIT_DATA`) so an absurd allocation fails at once; off
    /// for runtimes that reserve far more than they use (the JVM).
    pub data_cap: bool,
}

impl Program {
    /// `argv` with the default environment, working in `/tmp`.
    pub fn new(argv: Vec<OsString>, binds: Vec<Bind>) -> Program {
        let env = [
            ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ("HOME", "/tmp"),
            ("TMPDIR", "/tmp"),
            ("LANG", "C.UTF-8"),
        ];
        Program {
            argv,
            binds,
            out_dir: None,
            env: env.iter().map(|(k, v)| (k.into(), v.into())).collect(),
            cwd: "/tmp".into(),
            data_cap: true,
        }
    }
}

/// What every sandbox sees, read-only, where it exists: the base system's programs and libraries, and the
/// links Debian's alternatives make of `/usr/bin/cc`, `java`, … (nothing else of `/etc`).
pub const BASE_BINDS: [&str; 9] = [
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib64",
    "/lib32",
    "/libx32",
    "/etc/ld.so.cache",
    "/etc/alternatives",
];

/// How a run ended by itself, or was ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    /// A signal ended it: one it raised or got from the kernel (SIGSEGV, SIGXCPU, SIGXFSZ), or the judge's
    /// SIGKILL when `Facts::stopped` says so.
    Signal(i32),
}

/// The limit the sandbox stopped a run at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Cpu,
    Wall,
    Memory,
    /// More than the output cap on stdout or stderr.
    Output,
}

/// The measurements of one run: plain data, judged elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    pub exit: Exit,
    /// Set when the sandbox stopped the run at a limit.
    pub stopped: Option<Stop>,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    /// Peak memory: the higher of the tree's sampled resident total and every process's own peak.
    pub memory_kib: u64,
    /// What it wrote on stdout and stderr (drained streams; nothing for passed ones).
    pub stdout: Captured,
    pub stderr: Captured,
    /// Stopped by the wall clock while a thread of it, or of the run it talks to (`Killer::beside`),
    /// still wanted a CPU: the machine had not given it the time, rather than the run waiting on itself.
    pub runnable_at_wall: bool,
    /// When the wall clock stopped it: the longest any of its threads (or its peer's, or the judge's
    /// relay between them) had waited for a CPU, in ms. Wall time the machine, not the program, spent.
    pub waited_ms: u64,
}

/// Whether runs get namespaces here, decided once by trying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Isolation {
    Namespaces,
    /// Why not: the kernel or a container refused.
    None(String),
}

/// The judge's private scratch folder: made fresh (never reused), mode 0700, so no other user can plant a
/// file or link in it, and no run can see it. Removed when dropped.
pub struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    /// A new `judge-<pid>-<n>` folder in `parent`.
    pub fn create(parent: &Path) -> io::Result<Scratch> {
        let pid = std::process::id();
        // Unpredictable enough that another user cannot pre-create it; create() fails if it exists anyway.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        for attempt in 0..100u64 {
            let dir = parent.join(format!("judge-{pid}-{:x}", nanos.wrapping_add(attempt)));
            match fs::DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => return Ok(Scratch { dir }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(io::Error::new(e.kind(), format!("{}: {e}", dir.display()))),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no fresh scratch dir name",
        ))
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// A slot for one run at a time (a worker's): its own subfolder.
    pub fn slot(&self, name: &str) -> io::Result<Slot> {
        let dir = self.dir.join(name);
        fs::DirBuilder::new().mode(0o700).create(&dir)?;
        fs::DirBuilder::new().mode(0o700).create(dir.join("root"))?;
        Ok(Slot {
            dir,
            cgroups: OnceLock::new(),
            copies: Mutex::default(),
            keep_warm: AtomicBool::new(false),
            warm: Mutex::default(),
        })
    }

    /// A slot for the runs beside `slot`'s (its interactors): their waits for a CPU are counted in
    /// `slot`'s runs' own (`Cgroups::within`), so the two runs' waits at the same moment count once.
    pub fn slot_beside(&self, name: &str, slot: &Slot) -> io::Result<Slot> {
        let beside = self.slot(name)?;
        if let Some(outer) = slot
            .cgroups
            .get_or_init(|| cgroup::Cgroups::create().map(Arc::new))
        {
            let _ = beside
                .cgroups
                .set(cgroup::Cgroups::within(outer).map(Arc::new));
        }
        Ok(beside)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// A random number (std's hasher keys come from the OS's randomness).
fn random_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0);
    hasher.finish()
}

/// The pid of the judge a scratch dir name (`judge-<pid>-<n>`) belongs to.
pub fn scratch_owner(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("judge-")?;
    let (pid, suffix) = rest.split_once('-')?;
    let digits = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
    let hex = !suffix.is_empty() && suffix.bytes().all(|b| b.is_ascii_hexdigit());
    (digits && hex).then(|| pid.parse().ok()).flatten()
}

/// One run's corner of the scratch dir: the mount point of its root, its output files, its report.
pub struct Slot {
    dir: PathBuf,
    /// The slot's cgroups, made at its first run and reused by the next ones (making and removing cgroups
    /// per run cost ~6 ms a case); `None` inside where they cannot be made.
    cgroups: OnceLock<Option<Arc<cgroup::Cgroups>>>,
    /// The slot's own copies of `own_copy` binds, by host path: made at the first run that needs one.
    copies: Mutex<HashMap<PathBuf, PathBuf>>,
    /// Whether `run_input` keeps warm sandboxes here (`keep_warm`), and those it keeps, one per program.
    keep_warm: AtomicBool,
    warm: Mutex<Vec<warm::Warm>>,
}

/// The most warm sandboxes a slot keeps (a stress test's generator, validator, reference, solution).
const WARM_PER_SLOT: usize = 6;

impl Slot {
    /// A fresh file `name` in the slot (never one that was there: no planted link), read-write for the
    /// judge. Mode 0644: only a bind shows it to a run (the slot's folder is the judge's alone), and a root
    /// judge's runs are another user who must read what is bound for them (a checker's `/data/output`).
    pub fn create(&self, name: &str) -> io::Result<(PathBuf, File)> {
        let path = self.dir.join(name);
        let _ = fs::remove_file(&path);
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .mode(0o644)
            .open(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        Ok((path, file))
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// A fresh file `name` in the slot holding the bytes of `file` (read from its start), for a run to read
    /// through a bind. A package's case file is opened once the package's rule for links was checked on
    /// the descriptor (`package::open_inside`); binding its path instead would let a link swapped in after
    /// that check (`case.ans -> /etc/shadow`) show a validator the host's file, as the bind follows the
    /// path when the run starts. The copy is the judge's own, mode 0644: a root judge's runs (another
    /// user) read it whatever the package's mode.
    pub fn copy_of(&self, mut file: &File, name: &str) -> io::Result<PathBuf> {
        let (copy, mut to) = self.create(name)?;
        file.seek(SeekFrom::Start(0))?;
        io::copy(&mut file, &mut to)?;
        Ok(copy)
    }

    /// Lets `run_input` keep a warm sandbox per program here: for programs run many times one after the
    /// other (a stress test's), where building the namespaces and the view once pays.
    pub fn keep_warm(&self) {
        self.keep_warm.store(true, Ordering::SeqCst);
    }

    /// The host pids of the warm sandboxes the slot keeps (their helpers): which sandbox served a run is
    /// the judge's to know, never the run's (tests compare them).
    pub fn warm_sandboxes(&self) -> Vec<u32> {
        let pool = self.warm.lock().unwrap_or_else(|e| e.into_inner());
        pool.iter().map(|w| w.helper_pid() as u32).collect()
    }

    /// A run of `spec` (its argv this run's) through the slot's warm sandbox for it, started if need be
    /// (one found gone is replaced). `None` if no warm sandbox can be started here: the slot then stops
    /// trying, and its runs go cold (as isolated, only slower); the caller runs this one cold.
    fn warm_run(
        &self,
        spec: &Spec,
        limits: &Limits,
        stdin: File,
        stdout: Output,
        stderr: Output,
    ) -> Result<io::Result<Facts>, (File, Output, Output)> {
        let mut pool = self.warm.lock().unwrap_or_else(|e| e.into_inner());
        let key = Spec {
            warm: true,
            argv: Vec::new(),
            ..spec.clone()
        };
        let found = pool.iter_mut().position(|w| w.key == key);
        let index = match found {
            Some(i) if pool[i].alive() => i,
            found => {
                if let Some(i) = found {
                    pool.remove(i);
                }
                if pool.len() >= WARM_PER_SLOT {
                    pool.remove(0);
                }
                match warm::Warm::start(spec, kernel_accounting()) {
                    Ok(warm) => pool.push(warm),
                    Err(_) => {
                        self.keep_warm.store(false, Ordering::SeqCst);
                        return Err((stdin, stdout, stderr));
                    }
                }
                pool.len() - 1
            }
        };
        let (facts, alive) = pool[index].run(&spec.argv, limits, stdin, stdout, stderr);
        if !alive {
            pool.remove(index);
        }
        Ok(facts)
    }

    /// The slot's own copy of `from` (a file or folder), made once. Runs of one slot never overlap, so
    /// sharing its inodes among them lets nothing pass between runs; other slots have their own.
    fn own_copy(&self, from: &Path) -> io::Result<PathBuf> {
        let mut copies = self.copies.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(copy) = copies.get(from) {
            return Ok(copy.clone());
        }
        // Named at random, outside the slot's folder: a run sees where its binds come from (the mount's
        // root in /proc/self/mountinfo), and the slot's name (`stress-0`, `run-1-worker-0`) would tell it
        // how it is run.
        let copy = self
            .dir
            .with_file_name(format!("copy-{:016x}", random_u64()));
        let _ = fs::remove_dir_all(&copy);
        fs::create_dir(&copy)?;
        if fs::metadata(from)?.is_dir() {
            view::copy_tree(from, &copy, None, 0, &mut view::Budget::unbounded())?;
        } else {
            // A single file: copied into its own folder, under its own name.
            let name = from.file_name().unwrap_or(OsStr::new("file"));
            let file = copy.join(name);
            fs::copy(from, &file)?;
            copies.insert(from.to_path_buf(), file.clone());
            return Ok(file);
        }
        copies.insert(from.to_path_buf(), copy.clone());
        Ok(copy)
    }
}

impl Drop for Slot {
    /// Its folder goes with it (its own copies of programs too): a match starts a slot per program.
    fn drop(&mut self) {
        self.warm.lock().unwrap_or_else(|e| e.into_inner()).clear();
        let _ = fs::remove_dir_all(&self.dir);
        for copy in self
            .copies
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
        {
            // A single file's copy is the only entry of a folder of its own.
            let folder = match copy.parent() {
                Some(parent) if copy.is_file() => parent,
                _ => copy.as_path(),
            };
            let _ = fs::remove_dir_all(folder);
        }
    }
}

/// The standard streams of a run.
pub struct Streams {
    pub stdin: Stdio,
    pub stdout: Output,
    pub stderr: Output,
}

impl Streams {
    /// No input; stdout and stderr into memory, their first `bytes` kept (a compiler, a checker).
    pub fn messages(bytes: usize) -> Streams {
        Streams {
            stdin: Stdio::null(),
            stdout: Output::Head(bytes),
            stderr: Output::Head(bytes),
        }
    }
}

/// The binary that acts as the helper: the judge's own, unless a test names it.
static HELPER: OnceLock<PathBuf> = OnceLock::new();

/// Names the judge binary to start as the helper (tests of the library run from another binary).
pub fn use_helper(judge_binary: &Path) {
    let _ = HELPER.set(judge_binary.to_path_buf());
}

fn helper_binary() -> io::Result<PathBuf> {
    match HELPER.get() {
        Some(path) => Ok(path.clone()),
        None => std::env::current_exe(),
    }
}

/// Whether runs are isolated here: tried once, with a sandbox that runs `/bin/true`.
pub fn isolation(slot: &Slot) -> &'static Isolation {
    static ISOLATION: OnceLock<Isolation> = OnceLock::new();
    ISOLATION.get_or_init(|| {
        if std::env::var_os("JUDGE_NO_ISOLATION").is_some_and(|v| !v.is_empty()) {
            return Isolation::None("JUDGE_NO_ISOLATION is set".into());
        }
        let probe = Program::new(vec!["/bin/true".into()], Vec::new());
        let limits = Limits {
            cpu_ms: 5000,
            wall_ms: 10_000,
            wall_patience_ms: 0,
            memory_kib: 1 << 20,
            output_bytes: 1 << 20,
            drain_past_cap: false,
            tasks: DEFAULT_TASKS,
            tmp_mib: 1,
        };
        let streams = Streams {
            stdin: Stdio::null(),
            stdout: Output::Pass(Stdio::null()),
            stderr: Output::Pass(Stdio::null()),
        };
        match start_with(true, &probe, &limits, streams, slot).and_then(Running::wait) {
            Ok(facts) if facts.exit == Exit::Code(0) => Isolation::Namespaces,
            Ok(facts) => Isolation::None(format!("a probe run ended with {:?}", facts.exit)),
            Err(e) => Isolation::None(e.to_string()),
        }
    })
}

/// Removes what judges that are gone left behind them: their cgroups (the scratch dirs are the caller's).
pub fn remove_stale_cgroups() {
    cgroup::remove_stale();
}

/// Whether runs get their own cgroups here (the kernel's exact CPU and memory), tried once; else the
/// watchdog's sampling of /proc is all the accounting there is.
pub fn kernel_accounting() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| cgroup::Cgroups::create().is_some())
}

/// Runs `program` to its end (or a limit) and measures it. `Err` only for failures of the judge itself.
pub fn run(program: &Program, limits: &Limits, streams: Streams, slot: &Slot) -> io::Result<Facts> {
    start(program, limits, streams, slot)?.wait()
}

/// Runs `program` on `stdin` (a sealed input, or nothing), its output drained as `stdout` and `stderr`
/// say. In a slot kept warm (`Slot::keep_warm`) through the slot's warm sandbox for the program (`warm`),
/// where the run allows one; otherwise exactly as `run`.
pub fn run_input(
    program: &Program,
    limits: &Limits,
    stdin: Option<File>,
    stdout: Output,
    stderr: Output,
    slot: &Slot,
) -> io::Result<Facts> {
    let isolate = *isolation(slot) == Isolation::Namespaces;
    let passed = matches!(stdout, Output::Pass(_)) || matches!(stderr, Output::Pass(_));
    if isolate && !passed && slot.keep_warm.load(Ordering::SeqCst) && warm_allowed() {
        let spec = spec_for(true, program, limits, slot)?;
        if warm::eligible(&spec) {
            let stdin = match stdin {
                Some(file) => file,
                None => File::open("/dev/null")?,
            };
            match slot.warm_run(&spec, limits, stdin, stdout, stderr) {
                Ok(facts) => return facts,
                Err((stdin, stdout, stderr)) => {
                    let streams = Streams {
                        stdin: stdin.into(),
                        stdout,
                        stderr,
                    };
                    return run(program, limits, streams, slot);
                }
            }
        }
    }
    let streams = Streams {
        stdin: stdin.map_or(Stdio::null(), Stdio::from),
        stdout,
        stderr,
    };
    run(program, limits, streams, slot)
}

/// Whether warm sandboxes may be used: `JUDGE_NO_WARM=1` turns them off, to measure what they save (and
/// for a kernel where they misbehave).
fn warm_allowed() -> bool {
    static ALLOWED: OnceLock<bool> = OnceLock::new();
    *ALLOWED.get_or_init(|| std::env::var_os("JUDGE_NO_WARM").map_or(true, |v| v.is_empty()))
}

/// Starts `program`; the caller may talk to it through piped streams, then `wait`s for its facts.
pub fn start(
    program: &Program,
    limits: &Limits,
    streams: Streams,
    slot: &Slot,
) -> io::Result<Running> {
    let isolate = *isolation(slot) == Isolation::Namespaces;
    start_with(isolate, program, limits, streams, slot)
}

/// What the helper is told to set up for `program` under `limits` in `slot`.
fn spec_for(isolate: bool, program: &Program, limits: &Limits, slot: &Slot) -> io::Result<Spec> {
    let mut binds: Vec<Bind> = BASE_BINDS
        .iter()
        .filter(|path| fs::symlink_metadata(path).is_ok())
        .map(|path| Bind::read_only(*path))
        .collect();
    for bind in &program.binds {
        let from = match bind.own_copy {
            true => slot
                .own_copy(&bind.from)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", bind.from.display())))?,
            false => bind.from.clone(),
        };
        binds.push(Bind::at(from, &bind.to));
    }
    // Unisolated, nothing is mounted: an out folder's seed goes straight into the host folder it uses.
    if let Some(OutDir {
        host,
        seed: Some(seed),
        ..
    }) = program.out_dir.as_ref().filter(|_| !isolate)
    {
        view::copy_tree(seed, host, None, 0, &mut view::Budget::unbounded())?;
    }
    // Unisolated, nothing is mounted: the program sees the host's paths, so say those.
    let argv = if isolate {
        program.argv.clone()
    } else {
        let mut all = binds.clone();
        all.extend(program.out_dir.iter().map(|o| Bind::at(&o.host, &o.inside)));
        program
            .argv
            .iter()
            .map(|word| host_path(word, &all))
            .collect()
    };
    let memory_bytes = limits.memory_kib.saturating_mul(1024);
    Ok(Spec {
        isolate,
        root: slot.path("root"),
        binds,
        out_dir: program.out_dir.clone(),
        // Given when the sandbox starts (`give_user`): a user of its own while it lives.
        run_as: None,
        tmp_mib: limits.tmp_mib,
        cwd: if isolate {
            program.cwd.clone()
        } else {
            slot.path("root")
        },
        env: program.env.clone(),
        rlimits: Rlimits {
            // A backstop should the watchdog be starved: one second past the limit.
            cpu_seconds: (limits.cpu_ms + 999) / 1000 + 1,
            file_bytes: limits.output_bytes,
            // Well above the limit: an absurd allocation fails at once ("memory allocation of N bytes
            // failed", judged MLE) instead of eating the machine's RAM, while reserved-but-untouched
            // capacity never trips it. MLE itself is judged on the measured peak.
            data_bytes: program
                .data_cap
                .then(|| memory_bytes.saturating_mul(4).saturating_add(64 << 20)),
            // Stack = memory limit: deep recursion is fine, and its pages count in the measured peak.
            stack_bytes: memory_bytes,
            tasks: limits.tasks,
            files: OPEN_FILES,
        },
        warm: false,
        argv,
    })
}

/// For a judge run as root, an unprivileged user of the sandbox's own for its program (`users`), held
/// while the sandbox lives; `None` for a judge run as a normal user, whose runs are its own user.
fn give_user(spec: &mut Spec) -> io::Result<Option<users::Lease>> {
    if !spec.isolate || sys::effective_user() != 0 {
        return Ok(None);
    }
    let lease = users::lease().map_err(|e| io::Error::new(io::ErrorKind::Other, e))?;
    spec.run_as = Some(lease.ids);
    Ok(Some(lease))
}

fn start_with(
    isolate: bool,
    program: &Program,
    limits: &Limits,
    streams: Streams,
    slot: &Slot,
) -> io::Result<Running> {
    let mut spec = spec_for(isolate, program, limits, slot)?;
    let user = give_user(&mut spec)?;
    let (stdout, stdout_stream) = drain::prepare(streams.stdout)?;
    let (stderr, stderr_stream) = drain::prepare(streams.stderr)?;
    let (report_path, report) = slot.create("report")?;
    let report_fd = report.as_raw_fd();
    let mut command = Command::new(helper_binary()?);
    command
        .arg(HELPER_FLAG)
        .args(spec.to_args())
        .env_clear()
        .stdin(streams.stdin)
        .stdout(stdout)
        .stderr(stderr)
        // Its own process group, registered for the interrupt handler: Ctrl-C meant for the judge's
        // terminal does not hit a run half-way through a measurement, and an interrupted judge kills it.
        .process_group(0);
    // Its own cgroups, where a root judge can make them: the kernel's exact CPU and memory of the run.
    let cgroups = slot
        .cgroups
        .get_or_init(|| cgroup::Cgroups::create().map(Arc::new))
        .clone()
        .filter(|c| c.start_run(limits.tasks).is_ok());
    let join_files = cgroups.as_ref().map_or(Vec::new(), |c| c.join_files());
    sys::before_exec(&mut command, move || {
        // Before exec: the helper, and so everything the run starts, is in the run's cgroups from the start.
        for file in &join_files {
            sys::write_existing(file, b"0")?;
        }
        sys::duplicate_to(report_fd, helper::REPORT_FD)?;
        // The sandbox never outlives its judge (nor the worker thread that started it).
        sys::die_with_parent(sys::SIGKILL)
    });
    let spawned = command.spawn();
    // The run's ends of its pipes go with the command: the drain then sees their end when the run's do.
    drop(command);
    let child = spawned
        .map_err(|e| io::Error::new(e.kind(), format!("cannot start the sandbox helper: {e}")))?;
    let helper_pid = child.id() as Pid;
    let live = registry::LiveGroup::register(helper_pid);
    let _ = fs::remove_file(&report_path);
    let started = Instant::now();
    let shared = Arc::new(Shared::default());
    let killer = Killer {
        helper_pid,
        isolate,
        shared: shared.clone(),
        cgroups,
    };
    let (done, finished) = mpsc::channel::<()>();
    // The waiter reaps the helper (its rusage totals carry the whole tree's CPU); the watchdog samples
    // the tree until then, from the start, so an interactive program is held to its limits too; the
    // drain moves its output until every writer is gone.
    // A machine out of threads is the judge's error for this run, not a panic of the whole judge.
    let no_thread = |e: io::Error| {
        end_tree(helper_pid, isolate);
        io::Error::new(
            e.kind(),
            format!("cannot start a thread to watch the run: {e}"),
        )
    };
    let waiter = thread::Builder::new()
        .spawn(move || {
            let waited = sys::wait(helper_pid);
            drop(done);
            waited
        })
        .map_err(no_thread)?;
    let watchdog = {
        let (killer, limits) = (killer.clone(), limits.clone());
        thread::Builder::new()
            .spawn(move || watch(&killer, &limits, started, finished))
            .map_err(no_thread)?
    };
    let drained = [stdout_stream.is_some(), stderr_stream.is_some()];
    let streams: Vec<drain::Stream> = [stdout_stream, stderr_stream]
        .into_iter()
        .flatten()
        .collect();
    let drainer = match streams.is_empty() {
        true => None,
        false => {
            let (killer, cap) = (killer.clone(), limits.output_bytes);
            let stop_at_cap = !limits.drain_past_cap;
            let drain = move || {
                drain::drain(streams, cap, || {
                    if stop_at_cap {
                        killer.stop_at(Stop::Output);
                    }
                })
            };
            Some(thread::Builder::new().spawn(drain).map_err(no_thread)?)
        }
    };
    Ok(Running {
        child,
        killer,
        started,
        report,
        waiter,
        watchdog,
        drainer,
        drained,
        _live: live,
        _user: user,
    })
}

/// A started sandbox.
pub struct Running {
    child: Child,
    killer: Killer,
    started: Instant,
    report: File,
    waiter: thread::JoinHandle<io::Result<sys::Waited>>,
    watchdog: thread::JoinHandle<()>,
    drainer: Option<thread::JoinHandle<Vec<Captured>>>,
    /// Which of stdout and stderr the drainer has (in that order among its results).
    drained: [bool; 2],
    _live: registry::LiveGroup,
    /// The program's user, its own until the sandbox is gone.
    _user: Option<users::Lease>,
}

/// What the watchdog has seen of a run so far, and why it was stopped.
#[derive(Default)]
struct Shared {
    /// 0 running, else the first `Stop` as 1 + its index.
    stop: AtomicU8,
    cpu_ms: AtomicU64,
    rss_kib: AtomicU64,
    /// The helper of the sandbox this run talks to (an interactor's), 0 if none.
    peer: AtomicI32,
    /// The judge's thread that carries the run's output to its peer (an interactive relay), 0 if none.
    carrier: AtomicI32,
    runnable_at_wall: AtomicBool,
    waited_ms: AtomicU64,
    /// The cgroups of the run this one talks to (an interactor's), for their wait for a CPU: set once,
    /// by `Killer::beside`.
    peer_cgroups: OnceLock<Arc<cgroup::Cgroups>>,
    /// When `Killer::waited_ms` last read the cgroups' pressure.
    stall_read: Mutex<Option<Instant>>,
    /// Stopped by `Killer::freeze` until `thaw`: its CPU and memory cannot change meanwhile, and the
    /// watchdog does not look (sampling a match's waiting engine every `POLL` was a third of the match
    /// judge's CPU: 26 % of a CPU before, 18.5 % after, in 200 ms games).
    frozen: AtomicBool,
}

const STOPS: [Stop; 4] = [Stop::Cpu, Stop::Wall, Stop::Memory, Stop::Output];

impl Shared {
    fn set_stop(&self, stop: Stop) {
        let code = STOPS
            .iter()
            .position(|&s| s == stop)
            .map_or(0, |i| i as u8 + 1);
        let _ = self
            .stop
            .compare_exchange(0, code, Ordering::SeqCst, Ordering::SeqCst);
    }

    fn stop(&self) -> Option<Stop> {
        let code = self.stop.load(Ordering::SeqCst) as usize;
        code.checked_sub(1).and_then(|i| STOPS.get(i)).copied()
    }
}

/// Stops, freezes and thaws a sandbox from any thread (a match's referee, a per-move clock).
#[derive(Clone)]
pub struct Killer {
    helper_pid: Pid,
    isolate: bool,
    shared: Arc<Shared>,
    /// Removed when the last holder (the run, its watchdog, a match's engine) lets go.
    cgroups: Option<Arc<cgroup::Cgroups>>,
}

impl Killer {
    /// The sandbox's own processes: the helper, its init and (isolated) the run's init below it.
    fn helpers(&self) -> Vec<Pid> {
        let mut helpers = vec![self.helper_pid];
        for init in procfs::children(self.helper_pid) {
            helpers.push(init);
            if self.isolate {
                helpers.extend(procfs::children(init));
            }
        }
        helpers
    }

    /// Ends the run now (its facts say `Wall` unless a limit stopped it first).
    pub fn kill(&self) {
        self.stop_at(Stop::Wall);
    }

    /// The run talks to `peer` (a submission to its interactor): when the wall clock stops it, whether
    /// it still wanted a CPU counts the peer's threads too. A submission blocked on a starved interactor
    /// waits for the machine, not on itself.
    pub fn beside(&self, peer: &Killer) {
        self.shared.peer.store(peer.helper_pid, Ordering::SeqCst);
        if let Some(theirs) = &peer.cgroups {
            let _ = self.shared.peer_cgroups.set(theirs.clone());
        }
    }

    /// The run's output reaches its peer through the judge's thread `tid` (the interactive relay): a
    /// relay still to be given a CPU holds the submission's words as a starved program would.
    pub fn carried_by(&self, tid: Pid) {
        self.shared.carrier.store(tid, Ordering::SeqCst);
    }

    /// Whether the wall clock ends the run `elapsed` after its start: at `limits.wall_ms`, or in its
    /// patience past that once it wants no CPU and its own time (wall time less the machine's, `waited_ms`)
    /// has reached `wall_ms` too, or at the patience's end whatever it does.
    ///
    /// This is where a sleeper is told from a starved run. Wall = the run's CPU + its wait for a CPU + its
    /// sleep; on a quiet machine the wait is nil, so "wall time less the wait" is the wall time the run
    /// would have had there. A run found asleep with its own time short of the wall clock spent its wall
    /// time queueing for a CPU (beside CPU hogs at load 20, an accepted Python file had 283 ms of CPU and
    /// 5.3 s of such waits in 5.6 s of wall): it is let go on, never stopped as a sleeper.
    fn wall_is_up(&self, limits: &Limits, elapsed: Duration) -> bool {
        let elapsed_ms = elapsed.as_millis() as u64;
        if elapsed_ms < limits.wall_ms {
            return false;
        }
        // A sandbox whose helper has exited has ended: only the judge, starved itself, has not reaped it
        // yet (beside 17 hogs, a finished run waited 350 ms so, and was stopped as a sleeper).
        if procfs::exited(self.helper_pid) {
            return false;
        }
        if elapsed_ms >= limits.wall_ms + limits.wall_patience_ms {
            return true;
        }
        // Not yet up while it wants a CPU, nor while its pressure is not due to be read (next poll then).
        !self.runnable()
            && self
                .waited_ms_if_due()
                .is_some_and(|waited| elapsed_ms.saturating_sub(waited) >= limits.wall_ms)
    }

    /// Ends the run at its wall clock, saying first whether a thread of it (or of its peer) still
    /// wanted a CPU: in three looks 5 ms apart, so a live exchange between two programs counts, and a
    /// thread that wakes now and then in a program blocked for good does not.
    fn stop_at_wall(&self) {
        if self.shared.stop().is_none() {
            let runnable = (0..3).all(|look| {
                if look > 0 {
                    thread::sleep(Duration::from_millis(5));
                }
                self.runnable()
            });
            self.shared
                .runnable_at_wall
                .store(runnable, Ordering::SeqCst);
            self.shared
                .waited_ms
                .store(self.waited_ms(), Ordering::SeqCst);
        }
        self.stop_at(Stop::Wall);
    }

    /// The wall time the machine, not the run, has spent so far, in ms: the larger of
    /// - the longest any live thread of the run, of its peer or of the relay between them has waited for
    ///   a CPU (`/proc/*/schedstat`; the sandboxes' helpers and inits carry the wait of building them),
    /// - where the kernel has PSI, how long some task of the run or of its peer waited for a CPU (their
    ///   cgroups' `cpu.pressure`). This one counts every task they ever had: the threads and processes
    ///   gone by now (a JVM's, a program that has just exited), whose waits schedstat no longer shows,
    ///   and waits one after another in different tasks (helper, init, program; a submission, then its
    ///   interactor), which the longest single wait misses. Talking, one run waits while the other works:
    ///   the waits of both count, each moment once where the peer's cgroups are `within` the run's (the
    ///   engine's interactors); elsewhere the two stalls add up. Added, two busy programs beside hogs
    ///   waited 1.9 times their wall time (tests/starved.rs), and a Python submission that computed 0.3 s
    ///   and then blocked beside its blocked interactor was UD at the re-run's 6 s (4.25 s summed) where
    ///   its own thread's 3.4 s of waiting made it TLE.
    ///
    /// Neither counts a sleep (a task asleep waits for no CPU): a sleeper's own time stays its own.
    fn waited_ms(&self) -> u64 {
        let stalled = match &self.cgroups {
            Some(own) if own.has_pressure() => {
                *self.stall_read() = Some(Instant::now());
                let theirs = self
                    .shared
                    .peer_cgroups
                    .get()
                    .filter(|peer| !own.holds(peer))
                    .and_then(|c| c.stalled_ms())
                    .unwrap_or(0);
                own.stalled_ms().unwrap_or(0) + theirs
            }
            _ => 0,
        };
        let carrier = self.shared.carrier.load(Ordering::SeqCst);
        let relay = if carrier > 0 {
            procfs::own_thread_waited_ms(carrier)
        } else {
            0
        };
        let peer = self.shared.peer.load(Ordering::SeqCst);
        let threads = [self.helper_pid, peer]
            .into_iter()
            .filter(|&helper| helper > 0)
            .map(procfs::waited_ms)
            .fold(relay, u64::max);
        threads.max(stalled)
    }

    /// `waited_ms` as a poll looks at it: `None` while the pressure was read less than `STALL_READ_GAP`
    /// ago (each read closes one of the kernel's accounting windows).
    fn waited_ms_if_due(&self) -> Option<u64> {
        let pressure = self.cgroups.as_ref().is_some_and(|own| own.has_pressure());
        if pressure
            && self
                .stall_read()
                .is_some_and(|at| at.elapsed() < STALL_READ_GAP)
        {
            return None;
        }
        Some(self.waited_ms())
    }

    /// When the cgroups' pressure was last read.
    fn stall_read(&self) -> MutexGuard<'_, Option<Instant>> {
        self.shared
            .stall_read
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// Whether a thread of the run, of its peer or of the judge's relay between them is running or
    /// waiting for a CPU now. The sandboxes' own helpers and inits count: once the program runs they only
    /// wait (asleep), but before it, building the sandbox is work a starved machine has not done yet.
    fn runnable(&self) -> bool {
        let carrier = self.shared.carrier.load(Ordering::SeqCst);
        if carrier > 0 && procfs::own_thread_runnable(carrier) {
            return true;
        }
        let peer = self.shared.peer.load(Ordering::SeqCst);
        [self.helper_pid, peer]
            .into_iter()
            .filter(|&helper| helper > 0)
            .any(procfs::runnable)
    }

    /// Ends the run at `stop` (the first stop is the one its facts say).
    fn stop_at(&self, stop: Stop) {
        self.shared.set_stop(stop);
        end_tree(self.helper_pid, self.isolate);
    }

    /// Stops every process of the run (SIGSTOP), looking again until none is left running: a process
    /// forked meanwhile is in the next look, and a stopped one forks no more. The sandbox's own helper and
    /// init are left alone (they only wait). A frozen run uses no CPU: a match's engine whose turn it is
    /// not cannot take the machine from the one thinking.
    pub fn freeze(&self) {
        self.signal_run(sys::SIGSTOP, true);
        self.shared.frozen.store(true, Ordering::SeqCst);
    }

    /// Lets a frozen run go on (SIGCONT to every process of it).
    pub fn thaw(&self) {
        self.shared.frozen.store(false, Ordering::SeqCst);
        self.signal_run(sys::SIGCONT, false);
    }

    fn signal_run(&self, signal: i32, until_stopped: bool) {
        let inits = procfs::children(self.helper_pid);
        let mut seen: Vec<Pid> = Vec::new();
        // A bound on the rounds: a process stuck in the kernel (uninterruptible) must not hold the judge.
        for _ in 0..200 {
            let members: Vec<Pid> = inits
                .iter()
                .flat_map(|&init| procfs::descendants(init))
                .collect();
            for &pid in &members {
                let _ = sys::kill_process(pid, signal);
            }
            let settled = members.iter().all(|pid| seen.contains(pid))
                && (!until_stopped || members.iter().all(|&pid| procfs::is_stopped(pid)));
            if settled {
                return;
            }
            seen = members;
            thread::sleep(Duration::from_micros(200));
        }
    }
}

/// How long apart the watchdog reads a run's `cpu.pressure` while it waits on its patience: each read
/// closes one of PSI's windows, and a window of a few ms loses most of its stall (the kernel weighs a
/// window by its whole jiffies of activity). Read every 2 ms, a starved program's stall came out at
/// 60-68 % of its run-queue wait (`/proc/self/schedstat`), read once at its end at 103 %.
const STALL_READ_GAP: Duration = Duration::from_millis(250);

/// How often the watchdog looks at a running tree: a busy loop overshoots its CPU limit by at most this
/// plus one clock tick (10 ms), and a program that ends sooner is never sampled at all.
const POLL: Duration = Duration::from_millis(5);

impl Running {
    /// The child (the helper), for the pipes of streams passed as `Stdio::piped()`.
    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    pub fn killer(&self) -> Killer {
        self.killer.clone()
    }

    /// Whether the sandbox has ended (its program and everything of it gone), without waiting.
    pub fn ended(&self) -> bool {
        self.waiter.is_finished()
    }

    /// The highest resident total of the run's processes sampled so far.
    pub fn memory_kib(&self) -> u64 {
        self.killer.shared.rss_kib.load(Ordering::SeqCst)
    }

    /// Waits for the run's end (or its stop at a limit); its facts.
    pub fn wait(mut self) -> io::Result<Facts> {
        let waited = self
            .waiter
            .join()
            .map_err(|_| io::Error::new(io::ErrorKind::Other, "the sandbox's waiter panicked"))??;
        let _ = self.watchdog.join();
        // The run's writers are gone with the sandbox: the drain is at the end of its pipes.
        let mut captured = match self.drainer {
            Some(drainer) => drainer.join().map_err(|_| {
                io::Error::new(io::ErrorKind::Other, "the sandbox's drain panicked")
            })?,
            None => Vec::new(),
        }
        .into_iter();
        let mut take = |drained: bool| match drained {
            true => captured.next().unwrap_or_default(),
            false => Captured::default(),
        };
        let (stdout, stderr) = (take(self.drained[0]), take(self.drained[1]));
        let wall_ms = self.started.elapsed().as_millis() as u64;
        // Anything the helper left (it cannot, but a judge does not bet on it) dies with its group.
        let _ = sys::kill_group(self.killer.helper_pid, sys::SIGKILL);
        let mut report = String::new();
        self.report.seek(SeekFrom::Start(0))?;
        self.report.read_to_string(&mut report)?;
        let shared = &self.killer.shared;
        let stopped = shared.stop();
        let watched_ms = shared.cpu_ms.load(Ordering::SeqCst);
        let kernel_ms = self
            .killer
            .cgroups
            .as_ref()
            .and_then(|c| c.cpu_ms())
            .unwrap_or(0);
        let cpu_ms = ((waited.cpu_us + 500) / 1000)
            .max(watched_ms)
            .max(kernel_ms);
        let (exit, peak_kib) = match parse_report(&report) {
            Ok(Some((status, peak_kib))) => (exit_of(status), peak_kib),
            // Stopped before init could report: the judge's kill is the end.
            Ok(None) if stopped.is_some() => (Exit::Signal(sys::SIGKILL), 0),
            Ok(None) => {
                let status = ExitStatus::from_raw(waited.status);
                return Err(io::Error::new(
                    io::ErrorKind::Other,
                    format!("the sandbox ended without a report ({status})"),
                ));
            }
            Err(message) => return Err(io::Error::new(io::ErrorKind::Other, message)),
        };
        Ok(Facts {
            exit,
            stopped,
            cpu_ms,
            wall_ms,
            memory_kib: peak_kib.max(shared.rss_kib.load(Ordering::SeqCst)),
            stdout,
            stderr,
            runnable_at_wall: shared.runnable_at_wall.load(Ordering::SeqCst),
            waited_ms: shared.waited_ms.load(Ordering::SeqCst),
        })
    }
}

/// `word` with the inside path of a bind it begins with replaced by the host path (`/box/main.rs` →
/// `<cache>/<key>/main.rs`), for runs without a file-system view of their own.
fn host_path(word: &OsString, binds: &[Bind]) -> OsString {
    let path = Path::new(word);
    for bind in binds {
        if let Ok(rest) = path.strip_prefix(&bind.to) {
            if bind.to.is_absolute() {
                // A join of nothing ends in a slash: only where the word did (`/feedback/`, to which
                // validators add `nextpass.in`).
                let folder =
                    std::os::unix::ffi::OsStrExt::as_bytes(word.as_os_str()).ends_with(b"/");
                return if rest.as_os_str().is_empty() && !folder {
                    bind.from.clone().into_os_string()
                } else {
                    bind.from.join(rest).into_os_string()
                };
            }
        }
    }
    word.clone()
}

/// `exit STATUS PEAK_KIB` → the two numbers; `error MESSAGE` → the message; nothing → `None`.
fn parse_report(report: &str) -> Result<Option<(i32, u64)>, String> {
    let line = report.lines().next().unwrap_or("").trim();
    if line.is_empty() {
        return Ok(None);
    }
    if let Some(message) = line.strip_prefix("error ") {
        return Err(format!("sandbox: {message}"));
    }
    let mut words = line.split(' ');
    match (words.next(), words.next(), words.next(), words.next()) {
        (Some("exit"), Some(status), Some(peak), None) => match (status.parse(), peak.parse()) {
            (Ok(status), Ok(peak)) => Ok(Some((status, peak))),
            _ => Err(format!("sandbox: a garbled report `{line}`")),
        },
        _ => Err(format!("sandbox: a garbled report `{line}`")),
    }
}

fn exit_of(status: i32) -> Exit {
    let status = ExitStatus::from_raw(status);
    match (status.code(), status.signal()) {
        (Some(code), _) => Exit::Code(code),
        (None, Some(signal)) => Exit::Signal(signal),
        (None, None) => Exit::Code(-1),
    }
}

/// Every `POLL` until the run ends: samples the tree into `killer.shared`, stops it past a limit.
fn watch(killer: &Killer, limits: &Limits, started: Instant, done: mpsc::Receiver<()>) {
    let wall = Duration::from_millis(limits.wall_ms + limits.wall_patience_ms);
    let shared = &killer.shared;
    while let Err(mpsc::RecvTimeoutError::Timeout) = done.recv_timeout(POLL) {
        // The wall clock first: it costs nothing, while a sample of a tree of hundreds of busy processes
        // can take the starved watchdog seconds.
        if killer.wall_is_up(limits, started.elapsed()) {
            killer.stop_at_wall();
            continue;
        }
        if shared.frozen.load(Ordering::SeqCst) {
            continue;
        }
        // The kernel's CPU count first, where there are cgroups: one read, where a sample of a tree of
        // hundreds of busy processes takes the starved watchdog seconds.
        let kernel_ms = killer
            .cgroups
            .as_ref()
            .and_then(|c| c.cpu_ms())
            .unwrap_or(0);
        if kernel_ms > limits.cpu_ms {
            shared.cpu_ms.fetch_max(kernel_ms, Ordering::SeqCst);
            killer.stop_at(Stop::Cpu);
            continue;
        }
        // The helper, the sandbox's init and the run's are the sandbox's, not the run's: their memory is
        // not the program's.
        let tree = Tree {
            root: killer.helper_pid,
            sandbox: &killer.helpers(),
            base_ms: 0,
            cgroups: killer.cgroups.as_deref(),
        };
        match tree.look(shared, limits, started + wall) {
            Some(stop) => killer.stop_at(stop),
            None if killer.wall_is_up(limits, started.elapsed()) => killer.stop_at_wall(),
            None => {}
        }
    }
}

/// A run's process tree as a watchdog looks at it.
struct Tree<'a> {
    /// Every process of the run is below this one.
    root: Pid,
    /// The sandbox's own processes: their CPU carries their reaped children's, their memory is not the
    /// run's.
    sandbox: &'a [Pid],
    /// CPU the tree had used before the run (a warm sandbox's init, from earlier runs).
    base_ms: u64,
    cgroups: Option<&'a cgroup::Cgroups>,
}

impl Tree<'_> {
    /// Samples the run's CPU and memory into `shared` and says the limit it has passed, if any. With
    /// cgroups, the kernel's counts are the floor: they include what sampling cannot see (children it
    /// reaped itself, memfd and tmpfs pages), less the sandbox's processes' own anonymous memory.
    /// `deadline`: the run's wall clock, past which the sample stops where it is.
    fn look(&self, shared: &Shared, limits: &Limits, deadline: Instant) -> Option<Stop> {
        let sample = procfs::sample(self.root, self.sandbox, deadline);
        let ticks_per_second = sys::clock_ticks_per_second();
        let mut cpu_ms = (sample.cpu_ticks * 1000 / ticks_per_second).saturating_sub(self.base_ms);
        let mut rss_kib = sample.rss_kib;
        if let Some(cgroups) = self.cgroups {
            cpu_ms = cpu_ms.max(cgroups.cpu_ms().unwrap_or(0));
            let charged = cgroups.memory_kib().unwrap_or(0);
            let sandbox_kib: u64 = self.sandbox.iter().map(|&pid| procfs::anon_kib(pid)).sum();
            rss_kib = rss_kib.max(charged.saturating_sub(sandbox_kib));
        }
        shared.cpu_ms.fetch_max(cpu_ms, Ordering::SeqCst);
        shared.rss_kib.fetch_max(rss_kib, Ordering::SeqCst);
        if cpu_ms > limits.cpu_ms {
            Some(Stop::Cpu)
        } else if rss_kib > limits.memory_kib {
            Some(Stop::Memory)
        } else {
            None
        }
    }
}

/// Kills a sandbox's init (in a PID namespace that ends every process in it), then what is left.
fn end_tree(helper_pid: Pid, isolate: bool) {
    for init in procfs::children(helper_pid) {
        if !isolate {
            // Unisolated, init's descendants do not die with it: kill them first.
            for pid in procfs::descendants(init) {
                let _ = sys::kill_group(pid, sys::SIGKILL);
                let _ = sys::kill_process(pid, sys::SIGKILL);
            }
            let _ = sys::kill_group(init, sys::SIGKILL);
        }
        let _ = sys::kill_process(init, sys::SIGKILL);
    }
    // The helper reaps init and exits by itself; its group goes too (a helper not yet forked).
    let _ = sys::kill_group(helper_pid, sys::SIGKILL);
}

/// Opens a testdata file for the judge itself, refusing anything but a regular file at the moment of
/// opening: a FIFO would block the open (hence `O_NONBLOCK`), a device could feed forever.
pub fn open_regular(path: &Path) -> io::Result<File> {
    const O_NONBLOCK: i32 = 0o4000;
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}: not a regular file", path.display()),
        ));
    }
    Ok(file)
}

/// Reads a testdata file whole (see `open_regular`).
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open_regular(path)?
        .read_to_end(&mut bytes)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    Ok(bytes)
}

/// A program's stdin: the bytes of `path` in a sealed anonymous file.
pub fn sealed_input(path: &Path) -> io::Result<File> {
    sys::sealed_file("input", &read_regular(path)?)
}

/// At most `max_bytes` of the file `name` a run left in its out folder, once init has copied it to the
/// host folder `dir` (a validator's `judgemessage.txt`). A plain file name only; a regular file only.
pub fn read_out_file(dir: &Path, name: &str, max_bytes: u64) -> io::Result<Vec<u8>> {
    if name.contains('/') || name == ".." || name == "." {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("`{name}`: not a file name"),
        ));
    }
    let mut bytes = Vec::new();
    open_regular(&dir.join(name))?
        .take(max_bytes)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// `OsString`s from string slices.
pub fn argv<S: AsRef<OsStr>>(parts: &[S]) -> Vec<OsString> {
    parts.iter().map(|p| p.as_ref().to_os_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_are_read_or_refused() {
        assert_eq!(parse_report("exit 0 1804\n"), Ok(Some((0, 1804))));
        assert!(parse_report("exit 0 1804 17\n").is_err());
        assert_eq!(parse_report(""), Ok(None));
        assert_eq!(
            parse_report("error cannot start /box/x: No such file\n"),
            Err("sandbox: cannot start /box/x: No such file".into())
        );
        assert!(parse_report("exit x 1").is_err());
        assert!(parse_report("hello").is_err());
    }

    #[test]
    fn unisolated_runs_are_told_host_paths() {
        let binds = [Bind::read_only("/usr"), Bind::at("/cache/ab12", "/box")];
        let word = |w: &str| host_path(&OsString::from(w), &binds);
        assert_eq!(word("/box/main.rs"), OsString::from("/cache/ab12/main.rs"));
        assert_eq!(word("/box"), OsString::from("/cache/ab12"));
        // A folder's trailing slash is kept: validators write `argv[3] + "judgemessage.txt"`.
        assert_eq!(word("/box/"), OsString::from("/cache/ab12/"));
        assert_eq!(word("/usr/bin/python3"), OsString::from("/usr/bin/python3"));
        assert_eq!(word("-O2"), OsString::from("-O2"));
        assert_eq!(word("/boxes"), OsString::from("/boxes"));
    }

    #[test]
    fn stops_survive_their_code() {
        let shared = Shared::default();
        assert_eq!(shared.stop(), None);
        shared.set_stop(Stop::Output);
        shared.set_stop(Stop::Cpu);
        assert_eq!(shared.stop(), Some(Stop::Output), "the first stop stays");
    }

    #[test]
    fn exits_decode_codes_and_signals() {
        assert_eq!(exit_of(3 << 8), Exit::Code(3));
        assert_eq!(exit_of(11), Exit::Signal(11));
    }

    #[test]
    fn scratch_names_carry_the_judges_pid() {
        assert_eq!(scratch_owner("judge-4242-1a2b"), Some(4242));
        for other in [
            "judge-4242",
            "judge--1",
            "judge-12-xyz",
            "x-12-1",
            "judge-1-",
        ] {
            assert_eq!(scratch_owner(other), None, "{other}");
        }
    }

    #[test]
    fn a_scratch_dir_is_private_and_never_reused() {
        use std::os::unix::fs::PermissionsExt;
        let parent = std::env::temp_dir();
        let a = Scratch::create(&parent).unwrap();
        let b = Scratch::create(&parent).unwrap();
        assert_ne!(a.path(), b.path());
        let mode = fs::metadata(a.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        let path = a.path().to_path_buf();
        drop(a);
        assert!(!path.exists());
    }
}
