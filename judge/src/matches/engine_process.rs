//! Starting the programs of a match (the two engines and the referee) and talking to them line by line.
//!
//! The only module of `matches` that touches the OS. `prepare` turns an `--engine` argument into something
//! to run (a source file through the judge's compile path and language table, or a command); `Process`
//! runs it in the judge's sandbox (the same one every submission gets: own namespaces, own file system,
//! the memory limit over its whole process tree) with piped stdin/stdout, and ends it when dropped. What
//! it says is read through the sandbox's `talk` (a bounded queue of escaped lines); a program whose turn
//! it is not can be frozen.

use crate::compile::{self, Compiled};
use crate::lang::Languages;
use crate::sandbox::talk::Lines;
use crate::sandbox::{
    self, Bind, Killer, Limits, Output, Program, Running, Scratch, Slot, Streams,
};
use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

pub use crate::sandbox::talk::Received;

/// A program ready to start: what `prepare` makes of a source file or a command.
#[derive(Clone, Debug)]
pub struct Launch {
    /// Shown in results: the source's file stem, or the command's program name.
    pub name: String,
    /// What runs in the sandbox; its `data_cap` and binds come from the language or the command.
    program: LaunchProgram,
}

#[derive(Clone, Debug)]
enum LaunchProgram {
    Artifact(compile::Artifact),
    Command(Program),
}

/// The match's scratch dir (sandbox mount points, reports); left for the next judge to remove.
fn scratch() -> io::Result<&'static Scratch> {
    static SCRATCH: OnceLock<Result<Scratch, String>> = OnceLock::new();
    SCRATCH
        .get_or_init(|| Scratch::create(&std::env::temp_dir()).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| io::Error::new(io::ErrorKind::Other, e.clone()))
}

/// A fresh slot for one program.
fn fresh_slot() -> io::Result<Slot> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    scratch()?.slot(&format!("program-{}", NEXT.fetch_add(1, Ordering::Relaxed)))
}

/// `cmd:PROGRAM ARGS…` runs a command (PROGRAM looked up on the PATH; it and the paths among ARGS are made
/// visible read-only inside the sandbox); a source file in a language of the table is compiled as the
/// judge compiles solutions (cached in `cache_dir`); any other path must be an executable file.
/// `Err` is a message for the user (a CE quotes the compiler).
pub fn prepare(spec: &str, cache_dir: &Path) -> Result<Launch, String> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        return prepare_command(spec, command);
    }
    let path = Path::new(spec);
    let name = path
        .file_stem()
        .map_or(spec.to_string(), |s| s.to_string_lossy().into_owned());
    let languages = Languages::builtin();
    let language = match languages.for_file(path) {
        Ok(language) => language.clone(),
        Err(_) => {
            let executable = fs::metadata(path)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
            if !executable {
                return Err(format!(
                    "`{spec}`: expected a source file (.rs .c .cpp .py .java), an executable file or cmd:COMMAND"
                ));
            }
            crate::lang::Language::native()
        }
    };
    let slot = fresh_slot().map_err(|e| e.to_string())?;
    match compile::compile(path, &language, cache_dir, &slot) {
        Ok(Compiled::Ready(artifact)) => Ok(Launch {
            name,
            program: LaunchProgram::Artifact(artifact),
        }),
        Ok(Compiled::Error(message)) => Err(format!("{spec}: compilation failed:\n{message}")),
        Err(e) => Err(format!("{spec}: cannot compile: {e}")),
    }
}

/// `cmd:` engines: an installed program, run where it is installed, seen read-only.
fn prepare_command(spec: &str, command: &str) -> Result<Launch, String> {
    let mut words = command.split_whitespace().map(str::to_string);
    let program = words
        .next()
        .ok_or_else(|| format!("`{spec}`: expected a command after cmd:"))?;
    let name = Path::new(&program)
        .file_name()
        .map_or(program.clone(), |n| n.to_string_lossy().into_owned());
    let found = if program.contains('/') {
        Some(PathBuf::from(&program))
    } else {
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .map(|dir| dir.join(&program))
            .find(|path| path.is_file())
    };
    let found = found
        .map(|p| real_interpreter(&p).unwrap_or(p))
        .and_then(|p| fs::canonicalize(&p).ok().map(|real| (p, real)))
        .ok_or_else(|| format!("`{spec}`: {program} not found"))?;
    let args: Vec<String> = words.collect();
    let mut binds = Vec::new();
    // The program as named (a venv's python finds its venv by that path) and as it really is.
    for path in [&found.0, &found.1] {
        binds.push(Bind::read_only(install_prefix(path)));
    }
    for arg in &args {
        if Path::new(arg).is_absolute() && Path::new(arg).exists() {
            binds.push(Bind::read_only(arg));
        }
    }
    let mut argv: Vec<OsString> = vec![found.0.clone().into_os_string()];
    argv.extend(args.iter().map(OsString::from));
    Ok(Launch {
        name,
        program: LaunchProgram::Command(Program::new(argv, binds)),
    })
}

/// The interpreter a Python shim (pyenv's `python3` is a shell script that runs one found at run time) would
/// run, asked of it: inside the sandbox the shim would find nothing, as `.py` engines never meet it.
fn real_interpreter(program: &Path) -> Option<PathBuf> {
    let name = program.file_name()?.to_string_lossy().into_owned();
    let script = fs::read(program).ok()?.starts_with(b"#!");
    if !script || !name.starts_with("python") {
        return None;
    }
    let output = std::process::Command::new(program)
        .args(["-c", "import sys; print(sys.executable)"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let real = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    real.is_file().then_some(real)
}

/// `/x/venv/bin/python3` → `/x/venv`; a program not in a `bin` folder brings its own folder.
fn install_prefix(path: &Path) -> PathBuf {
    let dir = path.parent().unwrap_or(path);
    match (dir.file_name(), dir.parent()) {
        (Some(bin), Some(prefix)) if bin == "bin" && prefix != Path::new("/") => prefix.into(),
        _ => dir.into(),
    }
}

/// A program of a match may live this long at most (its clocks end it long before).
const LIFETIME_MS: u64 = 24 * 3600 * 1000;
/// How long a program whose pipes closed gets to exit by itself (its exit code is the better reason).
const EXIT_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// A running program with piped stdin and stdout; its stderr is discarded. Dropping it ends its sandbox.
pub struct Process {
    running: Option<Running>,
    killer: Killer,
    stdin: Option<ChildStdin>,
    lines: Lines,
    /// Filled by `wait` once the program has ended.
    ended: Option<sandbox::Facts>,
    /// Whether the judge ended it (its pipes closed, it did not exit).
    ended_by_judge: bool,
    /// Its slot (its own copy of its program): removed once the program is gone.
    _slot: Slot,
}

impl Process {
    /// Starts `launch` in the sandbox, its whole process tree held to `memory_bytes` (0 = 8 GiB).
    pub fn spawn(launch: &Launch, memory_bytes: u64) -> io::Result<Process> {
        let memory_mb = if memory_bytes == 0 {
            8192
        } else {
            (memory_bytes + (1 << 20) - 1) >> 20
        };
        let program = match &launch.program {
            LaunchProgram::Artifact(artifact) => artifact.program(memory_mb, &[], &[]),
            LaunchProgram::Command(program) => program.clone(),
        };
        let limits = Limits {
            cpu_ms: LIFETIME_MS,
            wall_ms: LIFETIME_MS,
            wall_patience_ms: 0,
            memory_kib: memory_mb * 1024,
            output_bytes: 1 << 30,
            drain_past_cap: false,
            tasks: sandbox::DEFAULT_TASKS,
            tmp_mib: 64,
        };
        let streams = Streams {
            stdin: Stdio::piped(),
            stdout: Output::Pass(Stdio::piped()),
            stderr: Output::Pass(Stdio::null()),
        };
        let slot = fresh_slot()?;
        let mut running = sandbox::start(&program, &limits, streams, &slot)?;
        let killer = running.killer();
        let stdin = running.child().stdin.take();
        let stdout = running.child().stdout.take().expect("stdout is piped");
        Ok(Process {
            running: Some(running),
            killer,
            stdin,
            lines: Lines::read(stdout),
            ended: None,
            ended_by_judge: false,
            _slot: slot,
        })
    }

    /// Stops the program until `thaw`: an engine whose turn it is not takes no CPU from the one thinking.
    pub fn freeze(&self) {
        self.killer.freeze();
    }

    /// Lets a frozen program go on.
    pub fn thaw(&self) {
        self.killer.thaw();
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

    /// The next line the program writes, waiting until `deadline` at most. A line that arrived by the
    /// deadline counts even if this thread wakes after it.
    pub fn receive(&mut self, deadline: Instant) -> Received {
        self.lines.receive(deadline)
    }

    /// When the line `receive` returned last reached the judge (its reader thread).
    pub fn last_arrival(&self) -> Option<Instant> {
        self.lines.last_arrival()
    }

    /// How the program ended, for a loss reason ("exit code 101", "signal 11", "memory limit"), once its
    /// output closed or its input would take no more. A program that closed them but lives on (sleeping,
    /// or frozen by the match) is ended after a short grace: its part is over, and the match must not wait
    /// for it (it could take the rest of its day).
    pub fn exit_description(&mut self) -> String {
        if self.ended.is_none() {
            if let Some(running) = self.running.take() {
                // Frozen between its turns, it could not even finish exiting.
                self.killer.thaw();
                let deadline = Instant::now() + EXIT_GRACE;
                while !running.ended() && Instant::now() < deadline {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                if !running.ended() {
                    self.ended_by_judge = true;
                    self.killer.kill();
                }
                self.ended = running.wait().ok();
            }
        }
        if self.ended_by_judge {
            return "closed its input or output but did not exit".to_string();
        }
        match &self.ended {
            Some(facts) if facts.stopped == Some(sandbox::Stop::Memory) => {
                format!("stopped at the memory limit, {} KiB", facts.memory_kib)
            }
            Some(facts) => match facts.exit {
                // The shell's "command not found", from inside the sandbox.
                sandbox::Exit::Code(127) => "exit code 127: a program it runs was not found inside the sandbox, which \
                    shows only the system, the toolchains and a cmd: program's own install folder (a shim, such as \
                    pyenv's python3, runs a program elsewhere: give the real one, e.g. cmd:/path/to/python3.11)"
                    .to_string(),
                sandbox::Exit::Code(code) => format!("exit code {code}"),
                sandbox::Exit::Signal(signal) => format!("signal {signal}"),
            },
            None => "closed its output".to_string(),
        }
    }

    /// The program's peak resident memory so far (its whole process tree), 0 if it cannot be read.
    pub fn peak_memory_kib(&self) -> u64 {
        match &self.ended {
            Some(facts) => facts.memory_kib,
            None => self.running.as_ref().map_or(0, Running::memory_kib),
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Closing stdin first lets a well-behaved program see end of input; the kill is what counts.
        drop(self.stdin.take());
        self.killer.kill();
        if let Some(running) = self.running.take() {
            let _ = running.wait();
        }
    }
}

/// Makes SIGINT/SIGTERM end every sandbox of the match, and the judge.
pub fn install_interrupt_handler() {
    sandbox::install_interrupt_handler();
}
