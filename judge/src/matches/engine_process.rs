//! Starting the programs of a match (the two engines and the referee) and talking to them line by line.
//!
//! The only module of `matches` that touches the OS. `prepare` turns an `--engine` argument into something
//! to run (compiling a source file through the judge's own compile path); `Process` runs it with piped
//! stdin/stdout in a process group of its own and kills the whole group when dropped.
//! ONE seam for the judge's owner: `prepare` is the only caller of the compiler, `Process::spawn` the only
//! spawn; re-point their bodies at the language table and the sandbox without touching the game code.

use crate::compile::{self, Compiled};
use crate::sys;
use std::fs;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Instant;

/// A program ready to start: what `prepare` makes of a source file or a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// Shown in results: the source's file stem, or the command's program name.
    pub name: String,
    pub program: PathBuf,
    pub args: Vec<String>,
}

/// `cmd:PROGRAM ARGS…` runs a command (split on whitespace, PROGRAM looked up in PATH); a `.rs` file is
/// compiled as the judge compiles solutions (`rustc --edition 2021 -O`, cached in `cache_dir`); any other
/// path must be an executable file. `Err` is a message for the user (a CE quotes the compiler).
pub fn prepare(spec: &str, cache_dir: &Path) -> Result<Launch, String> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        let mut words = command.split_whitespace().map(str::to_string);
        let program = words
            .next()
            .ok_or_else(|| format!("`{spec}`: expected a command after cmd:"))?;
        let name = Path::new(&program)
            .file_name()
            .map_or(program.clone(), |n| n.to_string_lossy().into_owned());
        return Ok(Launch {
            name,
            program: PathBuf::from(program),
            args: words.collect(),
        });
    }
    let path = Path::new(spec);
    let name = path
        .file_stem()
        .map_or(spec.to_string(), |s| s.to_string_lossy().into_owned());
    if path.extension().is_some_and(|e| e == "rs") {
        return match compile::compile(path, cache_dir) {
            Ok(Compiled::Binary(program)) => Ok(Launch {
                name,
                program,
                args: Vec::new(),
            }),
            Ok(Compiled::Error(message)) => Err(format!("{spec}: compilation failed:\n{message}")),
            Err(e) => Err(format!("{spec}: cannot compile: {e}")),
        };
    }
    let executable =
        fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
    if !executable {
        return Err(format!(
            "`{spec}`: expected a .rs source file, an executable file or cmd:COMMAND"
        ));
    }
    Ok(Launch {
        name,
        program: path.to_path_buf(),
        args: Vec::new(),
    })
}

/// What came back from a program by a deadline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    Line(String),
    /// Its stdout closed (it exited or crashed).
    Closed,
    TimedOut,
}

/// A line longer than this is cut: a runaway program cannot make the judge buffer without end.
const MAX_LINE_BYTES: u64 = 1 << 16;
/// Headroom of the data rlimit above the memory limit: a program slightly over the limit is caught by the
/// peak measured after its move (a clear "memory" loss), one allocating absurdly fails at once.
const DATA_SLACK_BYTES: u64 = 64 << 20;

/// A running program with piped stdin and stdout; its stderr is discarded. Dropping it kills its group.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    _live: LiveGroup,
}

impl Process {
    /// Starts `launch` in its own process group, registered with the judge's interrupt handler, with its
    /// heap capped near `memory_bytes` (0 = no cap).
    pub fn spawn(launch: &Launch, memory_bytes: u64) -> io::Result<Process> {
        let mut command = Command::new(&launch.program);
        command
            .args(&launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            // Its own group: killing the group on drop also ends whatever it started (a wrapper's child).
            .process_group(0);
        if memory_bytes > 0 {
            let data_bytes = memory_bytes.saturating_add(DATA_SLACK_BYTES);
            // SAFETY: the closure only calls setrlimit, which is async-signal-safe.
            unsafe {
                command
                    .pre_exec(move || sys::set_rlimit(sys::Resource::Data, data_bytes, data_bytes));
            }
        }
        let mut child = command.spawn().map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot start {}: {e}", launch.program.display()),
            )
        })?;
        let live = LiveGroup::register(child.id() as sys::Pid);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        // A reader thread per program: the game waits on the channel with a deadline, which a blocking read
        // cannot do. It ends when the program's stdout closes (at the latest when the group is killed).
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match (&mut reader)
                    .take(MAX_LINE_BYTES)
                    .read_until(b'\n', &mut line)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line).trim().to_string();
                        if sender.send(text).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
            _live: live,
        })
    }

    /// Writes one line and flushes it. `Err` if the program no longer reads (it exited).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// The next line the program writes, waiting until `deadline` at most.
    pub fn receive(&mut self, deadline: Instant) -> Received {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Received::Line(line),
            Err(RecvTimeoutError::Timeout) => Received::TimedOut,
            Err(RecvTimeoutError::Disconnected) => Received::Closed,
        }
    }

    /// How the program ended, for a loss reason ("exit code 101", "signal 11"); "running" if it has not.
    pub fn exit_description(&mut self) -> String {
        use std::os::unix::process::ExitStatusExt;
        // Its stdout closed; give it a moment to finish exiting so the status is there to read.
        let until = Instant::now() + std::time::Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                return match (status.code(), status.signal()) {
                    (Some(code), _) => format!("exit code {code}"),
                    (None, Some(signal)) => format!("signal {signal}"),
                    _ => "ended".to_string(),
                };
            }
            thread::sleep(std::time::Duration::from_millis(5));
        }
        "closed its output while running".to_string()
    }

    /// The program's peak resident memory so far (`VmHWM`), 0 if it cannot be read (it ended).
    pub fn peak_memory_kib(&self) -> u64 {
        let status = fs::read_to_string(format!("/proc/{}/status", self.child.id()));
        status
            .ok()
            .and_then(|text| {
                let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
                line.split_whitespace().nth(1)?.parse().ok()
            })
            .unwrap_or(0)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Closing stdin first lets a well-behaved program see end of input; the kill is what counts.
        drop(self.stdin.take());
        let _ = sys::kill_group(self.child.id() as sys::Pid, sys::SIGKILL);
        let _ = self.child.wait();
    }
}

/// The most programs of a match alive at once that an interrupt can reach: three a game, so 40 games at once.
const MAX_LIVE: usize = 128;

/// Process groups of the match's running programs, for the interrupt handler: a fixed table of atomics,
/// because a signal handler may not lock or allocate. 0 = free slot.
static LIVE_GROUPS: [AtomicI32; MAX_LIVE] = {
    #[allow(clippy::declare_interior_mutable_const)] // a fresh atomic per element is the point
    const FREE: AtomicI32 = AtomicI32::new(0);
    [FREE; MAX_LIVE]
};

/// A registered group; unregistered when dropped.
struct LiveGroup(Option<usize>);

impl LiveGroup {
    fn register(group: sys::Pid) -> LiveGroup {
        let slot = LIVE_GROUPS.iter().position(|slot| {
            slot.compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        });
        LiveGroup(slot)
    }
}

impl Drop for LiveGroup {
    fn drop(&mut self) {
        if let Some(slot) = self.0 {
            LIVE_GROUPS[slot].store(0, Ordering::SeqCst);
        }
    }
}

/// Makes SIGINT/SIGTERM kill every program of the match, then end the judge (128 + the signal): each
/// program runs in its own process group, which the terminal's Ctrl-C does not reach.
pub fn install_interrupt_handler() {
    for signal in [sys::SIGINT, sys::SIGTERM] {
        // Failure leaves the default action: the judge dies, its programs see end of input.
        let _ = sys::set_signal_handler(signal, on_interrupt);
    }
}

/// Only async-signal-safe work: atomic loads, kill, _exit.
extern "C" fn on_interrupt(signal: i32) {
    for slot in &LIVE_GROUPS {
        let group = slot.load(Ordering::SeqCst);
        if group > 0 {
            let _ = sys::kill_group(group, sys::SIGKILL);
        }
    }
    sys::exit_now(128 + signal);
}
