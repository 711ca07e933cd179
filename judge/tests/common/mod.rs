//! What the judge's integration tests share: compiling fixture programs and running them through the real
//! sandbox (the judge binary is the sandbox's helper, as it is for `cargo run -p judge`); writing small
//! problem packages into temp trees (`Tree`, `Package`) and running the judge binary on them; reading its
//! `--json` report back (`Report`).
#![allow(dead_code)] // each test file uses its own part

use judge::checker::Outcome;
use judge::compile::{self, Artifact, Compiled};
use judge::lang::Languages;
use judge::sandbox::{self, Limits, Scratch, Slot, Streams};
use judge::verdict::{self, Bounds, Run, Verdict};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const MIB: u64 = 1024;

/// A scratch dir, a compile cache and fresh slots for runs.
pub struct Bench {
    pub scratch: Scratch,
    pub cache: PathBuf,
    next: AtomicUsize,
}

impl Bench {
    pub fn new() -> Bench {
        sandbox::use_helper(Path::new(env!("CARGO_BIN_EXE_judge")));
        let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        Bench {
            scratch: Scratch::create(&std::env::temp_dir()).expect("a scratch dir"),
            cache: tmp.join("judge-tests-cache"),
            next: AtomicUsize::new(0),
        }
    }

    pub fn slot(&self) -> Slot {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        self.scratch.slot(&format!("t{n}")).expect("a slot")
    }

    /// Compiles `source` by its extension.
    pub fn compile(&self, source: &Path) -> Compiled {
        let languages = Languages::builtin();
        let language = languages.for_file(source).expect("a known language");
        compile::compile(source, language, &self.cache, &self.slot()).expect("a toolchain")
    }

    /// `tests/fixtures/programs/<name>` (with its extension), compiled.
    pub fn fixture(&self, file: &str) -> Artifact {
        let source = fixtures().join("programs").join(file);
        match self.compile(&source) {
            Compiled::Ready(artifact) => artifact,
            Compiled::Error(message) => panic!("fixture {file} does not compile:\n{message}"),
        }
    }

    /// Runs `artifact` on `input` under `limits`: the measurements and what it printed (stdout whole,
    /// the last 64 KiB of stderr).
    pub fn run(&self, artifact: &Artifact, input: &str, limits: &Limits) -> (Run, String) {
        let slot = self.slot();
        let (in_path, in_file) = slot.create("in").unwrap();
        drop(in_file);
        fs::write(&in_path, input).unwrap();
        let (out_path, out) = slot.create("out").unwrap();
        let streams = Streams {
            stdin: sandbox::sealed_input(&in_path).unwrap().into(),
            stdout: sandbox::Output::File(out),
            stderr: sandbox::Output::Tail(1 << 16),
        };
        let program = artifact.program(limits.memory_kib / MIB, &[], &[]);
        let facts = sandbox::run(&program, limits, streams, &slot).expect("the judge can run it");
        let output = String::from_utf8_lossy(&fs::read(&out_path).unwrap()).into_owned();
        let stderr = String::from_utf8_lossy(&facts.stderr.kept).into_owned();
        let (stderr_bytes, output_bytes) = (facts.stderr.bytes, facts.stdout.bytes);
        let run = Run::new(facts, stderr, stderr_bytes, output_bytes);
        (run, output)
    }
}

pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// `tests/fixtures/attacks/<file>`.
pub fn attack_source(file: &str) -> PathBuf {
    fixtures().join("attacks").join(file)
}

/// The verdict of a run whose right answer is `expected` (output compared exactly).
pub fn verdict_of(run: &Run, output: &str, expected: &str, limits: &Limits) -> Verdict {
    let bounds = Bounds {
        time_limit_ms: limits.cpu_ms,
        memory_limit_kib: limits.memory_kib,
        output_limit_bytes: limits.output_bytes,
    };
    let check = || match output == expected {
        true => Outcome::Accepted,
        false => Outcome::Wrong(format!("got {output:?}")),
    };
    verdict::judge(run, bounds, check).verdict
}

pub fn limits(cpu_ms: u64, memory_mib: u64) -> Limits {
    Limits {
        cpu_ms,
        wall_ms: cpu_ms * 2 + 1000,
        wall_patience_ms: 0,
        memory_kib: memory_mib * MIB,
        output_bytes: 64 << 20,
        // As the judge runs submissions: past the cap, the rest is discarded and the run goes on.
        drain_past_cap: true,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: 16,
    }
}

// ---- Problem packages the judge binary reads: temp trees built by the tests ----

/// The sum problem every package below starts from: input `1 2`, the answer `ac.rs` prints (`a+b a*b`).
pub const SUM_INPUT: &str = "1 2\n";
pub const SUM_ANSWER: &str = "3 2\n";
/// A problem.yaml (legacy: no version) with the limits most tests use.
pub const SUM_YAML: &str = "name: Sum\nlimits:\n  time_limit: 1\n  memory: 64\n";

/// A fresh temp folder for one test, `<tmp>/judge-tests-<pid>-<name>/`, with `testdata/` for packages and
/// room for what else the test writes (a solution, a report). Removed when dropped.
pub struct Tree {
    pub root: PathBuf,
    name: String,
}

impl Tree {
    pub fn new(name: &str) -> Tree {
        // Every test file is a module of one binary: two tests naming the same tree would share it.
        let mut live = LIVE_TREES.lock().unwrap_or_else(|e| e.into_inner());
        let twice = live.iter().any(|n| n == name);
        assert!(!twice, "two tests make the tree {name:?} at once");
        live.push(name.to_string());
        drop(live);
        let root = std::env::temp_dir().join(format!("judge-tests-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("testdata")).unwrap();
        // Canonical, as the judge names the package files it reports on.
        let root = fs::canonicalize(&root).unwrap();
        let name = name.to_string();
        Tree { root, name }
    }

    pub fn testdata(&self) -> PathBuf {
        self.root.join("testdata")
    }

    /// The package folder `testdata/<name>/` (created, empty).
    pub fn package(&self, name: &str) -> Package {
        Package::at(&self.testdata().join(name))
    }

    /// A package of the sum problem: SUM_YAML, one secret case `secret/1`, `accepted/ac.rs`.
    pub fn sum_package(&self, name: &str) -> Package {
        let package = self.package(name);
        package
            .problem_yaml(SUM_YAML)
            .case("secret/1", SUM_INPUT, SUM_ANSWER)
            .submission("accepted/ac.rs", "ac.rs");
        package
    }

    /// Writes `<root>/<path>` (folders created); returns its path.
    pub fn file(&self, path: &str, text: &str) -> PathBuf {
        write(&self.root.join(path), text)
    }

    /// `judge --testdata <root>/testdata ARGS` run in `<root>`, colours off.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = judge_command();
        command
            .arg("--testdata")
            .arg(self.testdata())
            .args(args)
            .current_dir(&self.root);
        command
    }

    /// Runs `command(args)` to its end.
    pub fn judge(&self, args: &[&str]) -> Judged {
        Judged::from(self.command(args).output().expect("the judge binary runs"))
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
        let mut live = LIVE_TREES.lock().unwrap_or_else(|e| e.into_inner());
        live.retain(|n| *n != self.name);
    }
}

/// The names of the trees that exist now.
static LIVE_TREES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// One package folder being written.
pub struct Package {
    pub dir: PathBuf,
}

impl Package {
    /// The package folder `dir`, anywhere (created).
    pub fn at(dir: &Path) -> Package {
        fs::create_dir_all(dir).unwrap();
        Package {
            dir: dir.to_path_buf(),
        }
    }

    /// Writes `<package>/<path>` (folders created).
    pub fn file(&self, path: &str, text: &str) -> &Package {
        write(&self.dir.join(path), text);
        self
    }

    pub fn problem_yaml(&self, text: &str) -> &Package {
        self.file("problem.yaml", text)
    }

    /// `data/<name>.in` and `data/<name>.ans`: `case("secret/group/1", …)`.
    pub fn case(&self, name: &str, input: &str, answer: &str) -> &Package {
        self.file(&format!("data/{name}.in"), input)
            .file(&format!("data/{name}.ans"), answer)
    }

    /// `data/<group>/testdata.yaml`.
    pub fn testdata_yaml(&self, group: &str, text: &str) -> &Package {
        self.file(&format!("data/{group}/testdata.yaml"), text)
    }

    /// `submissions/<path>`, a copy of `tests/fixtures/programs/<fixture>`.
    pub fn submission(&self, path: &str, fixture: &str) -> &Package {
        let text = fs::read_to_string(fixtures().join("programs").join(fixture)).unwrap();
        self.file(&format!("submissions/{path}"), &text)
    }

    pub fn path(&self, path: &str) -> PathBuf {
        self.dir.join(path)
    }
}

/// Writes `text` to `path`, creating its folders; returns the path.
pub fn write(path: &Path, text: &str) -> PathBuf {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
    path.to_path_buf()
}

/// The judge binary, colours off.
pub fn judge_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command.env("NO_COLOR", "1");
    command
}

/// How a judge run ended and what it printed.
pub struct Judged {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Judged {
    fn from(out: Output) -> Judged {
        Judged {
            code: out.status.code().unwrap_or(-1),
            stdout: text(&out.stdout),
            stderr: text(&out.stderr),
        }
    }
}

impl Judged {
    /// The one stdout line that contains every piece of `parts` (panics naming the output otherwise).
    pub fn line(&self, parts: &[&str]) -> &str {
        let found: Vec<&str> = self
            .stdout
            .lines()
            .filter(|l| parts.iter().all(|p| l.contains(p)))
            .collect();
        match found.as_slice() {
            [one] => one,
            _ => panic!("{} stdout lines with {parts:?}:\n{self}", found.len()),
        }
    }

    /// Panics unless some stderr line contains `text` (a message naming its file and line).
    pub fn says(&self, text: &str) {
        assert!(
            self.stderr.lines().any(|l| l.contains(text)),
            "no stderr line with {text:?}:\n{self}"
        );
    }
}

impl std::fmt::Display for Judged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit code {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `command` (its output piped), killing it (SIGKILL: a judge that hangs may well hang in a place
/// that ignores SIGTERM) and panicking if it takes longer than `limit`.
pub fn within(command: Command, limit: Duration) -> Judged {
    let watched = watch(command, limit, u64::MAX);
    Judged {
        code: watched.status.code().unwrap_or(-1),
        stdout: text(&watched.stdout),
        stderr: text(&watched.stderr),
    }
}

/// How a watched program ended, what it printed, and the most memory it held.
pub struct Watched {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Its `VmHWM` as last seen while it ran, in KiB.
    pub peak_kib: u64,
}

/// Runs `command` (its output piped) to its end, watching it: killed (SIGKILL: a judge that hangs may well
/// hang in a place that ignores SIGTERM), and the test failed, past `limit` or once it holds more than
/// `memory_limit_kib` (a judge whose memory runs away is stopped before it takes the machine's swap).
pub fn watch(mut command: Command, limit: Duration, memory_limit_kib: u64) -> Watched {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    // Drain both pipes on threads, so a chatty judge never blocks on a full pipe.
    fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    }
    let out = drain(child.stdout.take().unwrap());
    let err = drain(child.stderr.take().unwrap());
    let started = Instant::now();
    let mut peak_kib = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        // The program itself: the child, or what it execs (`setpriv … judge`: the same process).
        peak_kib = peak_kib.max(high_water_kib(child.id()));
        if started.elapsed() > limit || peak_kib > memory_limit_kib {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{:?} was stopped after {:?} (its limit {limit:?}), holding {peak_kib} KiB",
                command.get_program(),
                started.elapsed()
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Watched {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
        peak_kib,
    }
}

/// Runs `command` to its end, its output discarded: how it ended, with its own peak memory (wait4's
/// `ru_maxrss`, which std's `wait` does not give).
pub fn waited(mut command: Command) -> judge::sys::Waited {
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let waited = judge::sys::wait(child.id() as judge::sys::Pid).unwrap();
    let _ = child.wait();
    waited
}

/// `VmHWM` of a live process, in KiB (0 once it is gone).
pub fn high_water_kib(pid: u32) -> u64 {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

// ---- The --json report: one object a line for cases and for submissions ----

/// A `--json` report, read back.
pub struct Report {
    pub text: String,
}

impl Report {
    pub fn read(path: &Path) -> Report {
        let text = fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("no JSON report at {}: {e}", path.display()));
        Report { text }
    }

    /// The case objects (the lines that start with `{"problem": `), in report order.
    pub fn cases(&self) -> Vec<Object> {
        self.objects("{\"problem\": ")
    }

    /// The submission summaries (`problems[]`, the lines that start with `{"name": `).
    pub fn submissions(&self) -> Vec<Object> {
        self.objects("{\"name\": ")
    }

    /// The summary of `submission` (as reports name it: `accepted/ac.rs`).
    pub fn submission(&self, submission: &str) -> Object {
        self.one(self.submissions(), submission, None)
    }

    /// The case `case` of `submission`.
    pub fn case(&self, submission: &str, case: &str) -> Object {
        self.one(self.cases(), submission, Some(case))
    }

    fn one(&self, objects: Vec<Object>, submission: &str, case: Option<&str>) -> Object {
        let mut found = objects.into_iter().filter(|o| {
            o.str("submission") == submission && case.map_or(true, |c| o.str("case") == c)
        });
        let one = found
            .next()
            .unwrap_or_else(|| panic!("no {submission} {case:?} in\n{}", self.text));
        assert!(found.next().is_none(), "{submission} {case:?} twice");
        one
    }

    fn objects(&self, start: &str) -> Vec<Object> {
        self.text
            .lines()
            .filter(|l| l.starts_with(start))
            .map(|l| Object(l.trim_end_matches(',').to_string()))
            .collect()
    }
}

/// One object of the report, on one line; values found by key.
#[derive(Debug)]
pub struct Object(pub String);

impl Object {
    /// The string value of `"key": "…"`, unescaped (`\"`, `\\`, `\n`); panics if it is not a string.
    pub fn str(&self, key: &str) -> String {
        let start = format!("\"{key}\": \"");
        let at = self
            .0
            .find(&start)
            .unwrap_or_else(|| panic!("no string {key} in {}", self.0));
        let mut value = String::new();
        let mut chars = self.0[at + start.len()..].chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => return value,
                '\\' => match chars.next() {
                    Some('n') => value.push('\n'),
                    Some('t') => value.push('\t'),
                    Some(other) => value.push(other),
                    None => break,
                },
                c => value.push(c),
            }
        }
        panic!("unterminated {key} in {}", self.0)
    }

    /// The integer value of `"key": N`.
    pub fn num(&self, key: &str) -> u64 {
        self.raw(key)
            .parse()
            .unwrap_or_else(|_| panic!("{key} is not a number in {}", self.0))
    }

    /// The value of `key` as written (`null`, `true`, `42`, `"x"`, `{…}` up to its first comma).
    pub fn raw(&self, key: &str) -> String {
        let start = format!("\"{key}\": ");
        let at = self
            .0
            .find(&start)
            .unwrap_or_else(|| panic!("no {key} in {}", self.0));
        self.0[at + start.len()..]
            .chars()
            .take_while(|&c| c != ',' && c != '}')
            .collect()
    }

    pub fn verdict(&self) -> String {
        self.str("verdict")
    }
}

/// Whether every tool in `tools` is on the PATH; if not, says on stderr which is missing and that the
/// calling test is skipped (a machine without g++ or a JVM runs the rest of the suite).
pub fn have(tools: &[&str]) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let missing: Vec<&str> = tools
        .iter()
        .copied()
        .filter(|tool| !std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
        .collect();
    if !missing.is_empty() {
        eprintln!(
            "skipped: this test needs {} (not installed here)",
            missing.join(" and ")
        );
    }
    missing.is_empty()
}
