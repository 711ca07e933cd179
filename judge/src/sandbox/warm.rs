//! A warm sandbox: namespaces, file system and cgroups built once for a program that runs many times (a
//! stress test's generator, validator, reference and solution), then one run per request. Its init keeps
//! serving (`helper::serve`): the judge sends the run's argv with its stdin, stdout and stderr
//! (`SCM_RIGHTS` over a `SOCK_SEQPACKET` pair), init starts the run exactly as a cold sandbox's init does
//! (a run's init in PID and mount namespaces of the run's own, a fresh `/tmp` and `/proc`, the program as
//! pid 2 with its rlimits, no capability and, for a root judge, a user namespace of its own), waits until
//! every process of the run is reaped, and answers with the exit status, the peak memory and the CPU time.
//! So each run starts as a cold sandbox's would, and sees what one would: a fresh init, an empty `/tmp`,
//! no System V or POSIX queue (both forbidden), nothing of the run before.
//!
//! This side watches each run as `watch` does a cold one (the wall clock, then every `POLL` the tree's CPU
//! and memory from `/proc`, and the cgroups' counts where there are some) from the calling thread, and
//! drains its output on one thread. A run stopped at a limit takes its sandbox with it (init is killed,
//! the kernel ends the namespace): the next run gets a fresh one (`Slot::warm_run`). Helpers are started
//! from one thread that lives as long as the judge (`spawn`), so a sandbox dies with the judge but not
//! with the worker thread that first used it.

use super::spec::Spec;
use super::{cgroup, drain, procfs, registry, users, view};
use super::{
    end_tree, exit_of, give_user, helper, helper_binary, Exit, Facts, Killer, Limits, Output,
    Shared,
};
use super::{Stop, Tree, HELPER_FLAG, POLL};
use crate::sys::{self, Pid};
use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::io::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// How long a warm sandbox may take to build itself before it counts as broken.
const START_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest request (the argv) a warm sandbox takes: init's buffer.
const MAX_REQUEST_BYTES: usize = 60_000;

/// One warm sandbox: its helper, the socket to its init.
pub struct Warm {
    /// The spec it was built for, argv left out: a run of another spec needs another sandbox.
    pub key: Spec,
    child: Child,
    socket: File,
    init: Pid,
    helper_pid: Pid,
    cgroups: Option<Arc<cgroup::Cgroups>>,
    /// CPU of init and everything it reaped until its last answer, in µs: the baseline of the next
    /// run's samples.
    base_us: u64,
    _live: registry::LiveGroup,
    /// The programs' user, this sandbox's own while it lives.
    _user: Option<users::Lease>,
}

/// Whether a run of `spec` may go through a warm sandbox: isolated, no out folder to copy, nothing bound
/// below `/tmp` (then each run's is not its own).
pub fn eligible(spec: &Spec) -> bool {
    spec.isolate && spec.out_dir.is_none() && !view::tmp_holds_places(spec)
}

impl Warm {
    /// Builds the sandbox for `spec` (its argv only a placeholder) and waits until its init serves.
    pub fn start(spec: &Spec, accounting: bool) -> io::Result<Warm> {
        let spec = Spec {
            warm: true,
            ..spec.clone()
        };
        let key = Spec {
            argv: Vec::new(),
            ..spec.clone()
        };
        let mut spec = spec;
        let user = give_user(&mut spec)?;
        let (socket, theirs) = sys::packet_pair()?;
        let cgroups = match accounting {
            true => cgroup::Cgroups::create().map(Arc::new),
            false => None,
        };
        let join_files = cgroups.as_ref().map_or(Vec::new(), |c| c.join_files());
        let mut command = Command::new(helper_binary()?);
        command
            .arg(HELPER_FLAG)
            .args(spec.to_args())
            .env_clear()
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0);
        let fd = theirs.as_raw_fd();
        sys::before_exec(&mut command, move || {
            for file in &join_files {
                sys::write_existing(file, b"0")?;
            }
            sys::duplicate_to(fd, helper::REPORT_FD)?;
            sys::die_with_parent(sys::SIGKILL)
        });
        let spawned = spawn(command);
        drop(theirs);
        let child = spawned.map_err(|e| {
            io::Error::new(e.kind(), format!("cannot start the sandbox helper: {e}"))
        })?;
        let helper_pid = child.id() as Pid;
        let mut warm = Warm {
            key,
            child,
            socket,
            init: 0,
            helper_pid,
            cgroups,
            base_us: 0,
            _live: registry::LiveGroup::register(helper_pid),
            _user: user,
        };
        let answer = match sys::wait_readable(&[&warm.socket], START_TIMEOUT.as_millis() as i32)? {
            ready if ready[0] => receive(&warm.socket)?,
            _ => String::new(),
        };
        match answer.strip_prefix("ready ").map(str::parse::<u64>) {
            Some(Ok(total_us)) => warm.base_us = total_us,
            _ => return Err(refusal(&answer)),
        }
        warm.init = procfs::children(helper_pid)
            .first()
            .copied()
            .ok_or_else(|| io::Error::new(io::ErrorKind::Other, "the warm sandbox has no init"))?;
        Ok(warm)
    }

    /// Its helper's host pid.
    pub fn helper_pid(&self) -> Pid {
        self.helper_pid
    }

    /// Whether its helper still runs (nothing but the judge ends it, but a judge does not bet on it).
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// One run of `argv`; its facts, and whether the sandbox serves on (not after a stop at a limit).
    pub fn run(
        &mut self,
        argv: &[OsString],
        limits: &Limits,
        stdin: File,
        stdout: Output,
        stderr: Output,
    ) -> (io::Result<Facts>, bool) {
        let killer = Killer {
            helper_pid: self.helper_pid,
            isolate: true,
            shared: Arc::new(Shared::default()),
            cgroups: self.cgroups.clone(),
        };
        match self.serve_one(&killer, argv, limits, stdin, stdout, stderr) {
            Ok(facts) => {
                let alive = killer.shared.stop().is_none();
                (Ok(facts), alive)
            }
            Err(e) => (Err(e), false),
        }
    }

    fn serve_one(
        &mut self,
        killer: &Killer,
        argv: &[OsString],
        limits: &Limits,
        stdin: File,
        stdout: Output,
        stderr: Output,
    ) -> io::Result<Facts> {
        let mut request = Vec::new();
        for word in argv {
            if word.is_empty() || word.as_bytes().contains(&0) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "an empty argument, or one with a NUL byte",
                ));
            }
            request.extend_from_slice(word.as_bytes());
            request.push(0);
        }
        if request.len() > MAX_REQUEST_BYTES {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "arguments too long",
            ));
        }
        if let Some(cgroups) = &self.cgroups {
            cgroups.start_run(limits.tasks)?;
        }
        let (Some((out_end, out)), Some((err_end, err))) =
            (drain::prepare_file(stdout)?, drain::prepare_file(stderr)?)
        else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a warm run drains both its streams",
            ));
        };
        let started = Instant::now();
        let ends = [stdin.as_raw_fd(), out_end.as_raw_fd(), err_end.as_raw_fd()];
        sys::send_with_files(&self.socket, &request, &ends)?;
        // The run's ends now live in init (until it forks) and the run: its end of input is theirs.
        drop((stdin, out_end, err_end));
        let drainer = {
            let (draining, cap) = (killer.clone(), limits.output_bytes);
            let stop_at_cap = !limits.drain_past_cap;
            let drain = move || {
                drain::drain(vec![out, err], cap, || {
                    if stop_at_cap {
                        draining.stop_at(Stop::Output);
                    }
                })
            };
            thread::Builder::new().spawn(drain).map_err(|e| {
                end_tree(self.helper_pid, true);
                io::Error::new(e.kind(), format!("cannot start a thread to drain: {e}"))
            })?
        };
        self.watch(killer, limits, started)?;
        let answer = receive(&self.socket)?;
        let wall_ms = started.elapsed().as_millis() as u64;
        let mut captured = drainer
            .join()
            .map_err(|_| io::Error::new(io::ErrorKind::Other, "the sandbox's drain panicked"))?
            .into_iter();
        let (stdout, stderr) = (
            captured.next().unwrap_or_default(),
            captured.next().unwrap_or_default(),
        );
        let shared = &killer.shared;
        let stopped = shared.stop();
        let kernel_ms = self.cgroups.as_ref().and_then(|c| c.cpu_ms()).unwrap_or(0);
        let watched_ms = shared.cpu_ms.load(Ordering::SeqCst);
        let (exit, peak_kib, cpu_us) = match parse_answer(&answer) {
            Some(Answer {
                status,
                peak_kib,
                cpu_us,
                total_us,
            }) => {
                self.base_us = total_us;
                (exit_of(status), peak_kib, cpu_us)
            }
            // Stopped before init could answer: the judge's kill is the end.
            None if stopped.is_some() => (Exit::Signal(sys::SIGKILL), 0, 0),
            None => return Err(refusal(&answer)),
        };
        let facts = Facts {
            exit,
            stopped,
            cpu_ms: ((cpu_us + 500) / 1000).max(watched_ms).max(kernel_ms),
            wall_ms,
            memory_kib: peak_kib.max(shared.rss_kib.load(Ordering::SeqCst)),
            stdout,
            stderr,
            runnable_at_wall: shared.runnable_at_wall.load(Ordering::SeqCst),
            waited_ms: shared.waited_ms.load(Ordering::SeqCst),
        };
        Ok(facts)
    }

    /// Until init answers (or is gone): every `POLL`, the wall clock, then the tree's CPU (above the
    /// baseline of init's last answer) and memory (init's own left out); past a limit, the sandbox is
    /// ended.
    fn watch(&self, killer: &Killer, limits: &Limits, started: Instant) -> io::Result<()> {
        let wall = Duration::from_millis(limits.wall_ms + limits.wall_patience_ms);
        let shared = &killer.shared;
        let poll_ms = POLL.as_millis() as i32;
        while !sys::wait_readable(&[&self.socket], poll_ms)?[0] {
            if killer.wall_is_up(limits, started.elapsed()) {
                killer.stop_at_wall();
                continue;
            }
            // The helper, the sandbox's init and the run's (its child) are the sandbox's: their memory
            // is not the run's.
            let mut sandbox = vec![self.helper_pid, self.init];
            sandbox.extend(procfs::children(self.init));
            let tree = Tree {
                root: self.init,
                sandbox: &sandbox,
                base_ms: self.base_us / 1000,
                cgroups: self.cgroups.as_deref(),
            };
            if let Some(stop) = tree.look(shared, limits, started + wall) {
                killer.stop_at(stop);
            }
        }
        Ok(())
    }
}

impl Drop for Warm {
    /// Ends the sandbox and reaps the helper, so its cgroups can go. Politely first: the socket's end
    /// makes init exit and the helper reap it, so the CPU of every run reaches the judge's own rusage
    /// totals (what `scripts/bench-stress` times); the helper's group is killed if that takes long.
    fn drop(&mut self) {
        let _ = sys::shut_down(&self.socket);
        let deadline = Instant::now() + Duration::from_millis(500);
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            thread::sleep(Duration::from_micros(200));
        }
        let _ = sys::kill_group(self.helper_pid, sys::SIGKILL);
        let _ = self.child.wait();
    }
}

/// Spawns `command` from the judge's one spawning thread, which lives as long as the judge: the helper's
/// `PR_SET_PDEATHSIG` follows the thread that forked it, and a warm sandbox must outlive the worker
/// thread that first needed it (a stress test's search and its shrinking have threads of their own). The
/// command, its descriptors included, is dropped there once spawned.
fn spawn(command: Command) -> io::Result<Child> {
    type Order = (Command, mpsc::Sender<io::Result<Child>>);
    static SPAWNER: OnceLock<Mutex<mpsc::Sender<Order>>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (orders, inbox) = mpsc::channel::<Order>();
        // Without the thread, orders go unanswered: `recv` below then says so.
        let _ = thread::Builder::new()
            .name("sandbox-spawner".into())
            .spawn(move || {
                for (mut command, answer) in inbox {
                    let _ = answer.send(command.spawn());
                }
            });
        Mutex::new(orders)
    });
    let (answer, answered) = mpsc::channel();
    let sent = spawner
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .send((command, answer));
    let unanswered = || io::Error::new(io::ErrorKind::Other, "no thread to start sandboxes");
    sent.map_err(|_| unanswered())?;
    answered.recv().map_err(|_| unanswered())?
}

/// One message from init, as text; empty at its end.
fn receive(socket: &File) -> io::Result<String> {
    let mut buffer = [0u8; 4096];
    let (length, _) = sys::receive_with_files(socket, &mut buffer)?;
    Ok(String::from_utf8_lossy(&buffer[..length])
        .trim()
        .to_string())
}

/// Init's `error MESSAGE` (or its silence) as the judge's error.
fn refusal(answer: &str) -> io::Error {
    let message = match answer.strip_prefix("error ") {
        Some(message) => format!("sandbox: {message}"),
        None if answer.is_empty() => "the warm sandbox ended without an answer".to_string(),
        None => format!("sandbox: a garbled answer `{answer}`"),
    };
    io::Error::new(io::ErrorKind::Other, message)
}

/// What init answers for a run.
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    /// The program's raw wait status.
    status: i32,
    peak_kib: u64,
    /// CPU of the run.
    cpu_us: u64,
    /// CPU of init and all it reaped since it began.
    total_us: u64,
}

/// `exit STATUS PEAK_KIB CPU_US TOTAL_US` → its numbers.
fn parse_answer(answer: &str) -> Option<Answer> {
    let mut words = answer.strip_prefix("exit ")?.split(' ');
    let status = words.next()?.parse().ok()?;
    let mut number = || words.next()?.parse::<u64>().ok();
    let (peak_kib, cpu_us, total_us) = (number()?, number()?, number()?);
    if words.next().is_some() {
        return None;
    }
    Some(Answer {
        status,
        peak_kib,
        cpu_us,
        total_us,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_or_refused() {
        assert_eq!(
            parse_answer("exit 256 1804 1200 99000"),
            Some(Answer {
                status: 256,
                peak_kib: 1804,
                cpu_us: 1200,
                total_us: 99000,
            })
        );
        assert_eq!(parse_answer("exit 256 1804 1200 99000 more"), None);
        assert_eq!(parse_answer("exit 0 1 2"), None);
        assert_eq!(parse_answer("ready 5"), None);
        assert!(refusal("error cannot start /box/x: No such file")
            .to_string()
            .contains("cannot start"));
        assert!(refusal("").to_string().contains("without an answer"));
    }

    #[test]
    fn runs_binding_below_tmp_or_copying_out_are_not_warm() {
        let spec = Spec {
            isolate: true,
            binds: vec![super::super::Bind::read_only("/usr")],
            ..Spec::default()
        };
        assert!(eligible(&spec));
        let below_tmp = Spec {
            binds: vec![super::super::Bind::read_only("/tmp/toolchain")],
            ..spec.clone()
        };
        assert!(!eligible(&below_tmp));
        assert!(!eligible(&Spec {
            isolate: false,
            ..spec
        }));
    }
}
