//! The second hostile review (issue 16): what a contestant out to cheat or to break the machine did that
//! the first attack set (`attacks.rs`) did not, each as a fixture in `tests/fixtures/attacks/` (or an
//! engine mode of `tests/fixtures/engines/first_empty.rs`) with the outcome it must get. Each test has a
//! control where the outcome could come about by accident: the fixture does attack where nothing stops
//! it. Each failed against the judge before the fix (see the issue's report for the figures).
//!
//! Where a judge run as root and one run as a normal user differ (the first maps its runs to an
//! unprivileged user of their own, the second to itself), both are tested: as root through the library,
//! and as a normal user through the judge binary under `setpriv` (a uid no one has) when the tests run as
//! root — or directly when they run as a normal user, the root half then saying why it is not tested.
//!
//! Tests that would hurt the machine when they fail watch the judge and stop it first: a judge whose
//! memory passes its bound is killed at once, not after it has taken the swap.

use crate::common;

use common::{attack_source, fixtures, verdict_of, Bench, MIB};
use judge::checker::Outcome;
use judge::compile::{Artifact, Compiled};
use judge::sandbox::{self, Isolation, Limits, Stop};
use judge::sys;
use judge::verdict::{self, Bounds, Verdict};
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

// ---- helpers -------------------------------------------------------------------------------------------

/// The user a root test process runs the judge as, to test a judge run by a normal user: no one's uid.
const ORDINARY_UID: u32 = 64_123;
const AC_ANSWER: &str = "3 2\n";

/// A bench that has proved it isolates runs in namespaces (attacks must never run without).
fn isolated_bench() -> Bench {
    let bench = Bench::new();
    assert_eq!(
        *sandbox::isolation(&bench.slot()),
        Isolation::Namespaces,
        "these attacks must only ever run in a sandbox"
    );
    bench
}

/// `tests/fixtures/attacks/<file>`, compiled.
fn attack(bench: &Bench, file: &str) -> Artifact {
    match bench.compile(&attack_source(file)) {
        Compiled::Ready(artifact) => artifact,
        Compiled::Error(message) => panic!("attack {file} does not compile:\n{message}"),
    }
}

/// A fixture compiled with rustc into an executable anyone may run (a judge run as another user takes it
/// as a prebuilt program: it needs no toolchain of root's).
fn prebuilt(file: &str, dir: &Path) -> PathBuf {
    let binary = dir.join(file.trim_end_matches(".rs"));
    let status = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(attack_source(file))
        .status()
        .expect("rustc runs");
    assert!(status.success(), "{file} does not compile");
    binary
}

/// Limits with a generous wall clock: a loaded machine must not decide a verdict meant for CPU or memory.
fn limits(cpu_ms: u64, memory_mib: u64) -> Limits {
    Limits {
        wall_ms: 60_000,
        ..common::limits(cpu_ms, memory_mib)
    }
}

/// A fresh folder for one test's files, readable by everyone (a judge run as another user reads them).
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("judge-review")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the problem package `name` under `testdata`: the default output validator, `cases` as (name,
/// input, answer) in `data/secret/`. Returns the folder the cases are in.
fn problem(testdata: &Path, name: &str, cases: &[(&str, &str, &str)]) -> PathBuf {
    let package = common::Package::at(&testdata.join(name));
    package.problem_yaml(&format!(
        "# review\nproblem_format_version: 2023-07-draft\nname: {name}\nlimits:\n  time_limit: 2\n  memory: 256\n  output: 64\n"
    ));
    for (case, input, answer) in cases {
        package.case(&format!("secret/{case}"), input, answer);
    }
    package.path("data/secret")
}

/// Whether this test process is root.
fn root() -> bool {
    sys::effective_user() == 0
}

/// How to run a program as a normal user: as it is when the tests are one; under `setpriv` as
/// `ORDINARY_UID` when they are root. `None`, said on stderr, where `setpriv` is missing.
fn as_ordinary_user(program: &Path) -> Option<Command> {
    if !root() {
        return Some(Command::new(program));
    }
    let found = Command::new("setpriv").arg("--version").output();
    if !found.is_ok_and(|o| o.status.success()) {
        eprintln!("NOT TESTED as a normal user: no setpriv here to become one");
        return None;
    }
    let id = ORDINARY_UID.to_string();
    let mut command = Command::new("setpriv");
    command
        .args(["--reuid", &id, "--regid", &id, "--clear-groups", "--"])
        .arg(program);
    Some(command)
}

/// A folder of the ordinary user's own, under the system's temp folder, holding a copy of the judge binary
/// (`judge`) the user can start: the checkout, and with it `target/`, may lie where that user cannot reach
/// (a clone in `/root` or under a `mktemp -d` folder, both mode 700). Removed when dropped.
struct UsersFolder {
    path: PathBuf,
    judge: PathBuf,
}

impl UsersFolder {
    /// `<temp>/judge-review-<pid>-<name>/`, in the first temp folder where the ordinary user can start the
    /// judge's copy (`$TMPDIR` may be a private folder, `/tmp` mounted `noexec`); `None`, said on stderr,
    /// where there is none.
    fn new(name: &str) -> Option<UsersFolder> {
        let mut tried = Vec::new();
        let temps = [std::env::temp_dir(), "/tmp".into(), "/var/tmp".into()];
        for temp in temps.iter().filter(|t| t.is_dir()) {
            let path = temp.join(format!("judge-review-{}-{name}", std::process::id()));
            let _ = fs::remove_dir_all(&path);
            fs::create_dir_all(&path).unwrap();
            let folder = UsersFolder {
                judge: path.join("judge"),
                path,
            };
            fs::copy(env!("CARGO_BIN_EXE_judge"), &folder.judge).unwrap();
            give_to_ordinary_user(&folder.path);
            // Asked of a shell the user runs: setpriv itself may still pass a folder closed to the user
            // when it starts the program.
            let reached = as_ordinary_user(Path::new("/bin/sh"))?
                .args(["-c", r#"test -w "$0" && "$0/judge" --help"#])
                .arg(&folder.path)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            if reached.is_ok_and(|s| s.success()) {
                return Some(folder);
            }
            tried.push(temp.display().to_string());
        }
        eprintln!(
            "NOT TESTED as a normal user: uid {ORDINARY_UID} cannot start a program in any temp folder ({})",
            tried.join(", ")
        );
        None
    }
}

impl Drop for UsersFolder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// Makes `dir` the ordinary user's (when the tests are root): a judge's cache must be writable by it.
fn give_to_ordinary_user(dir: &Path) {
    if root() {
        let id = format!("{ORDINARY_UID}:{ORDINARY_UID}");
        let status = Command::new("chown").arg("-R").arg(id).arg(dir).status();
        assert!(status.is_ok_and(|s| s.success()), "chown {}", dir.display());
    }
}

/// What one judge run said, and the most memory it held.
struct Judged {
    status: ExitStatus,
    stdout: Vec<u8>,
    json: String,
    peak_kib: u64,
}

impl From<common::Watched> for Judged {
    /// What it printed: stdout, then stderr.
    fn from(watched: common::Watched) -> Judged {
        Judged {
            status: watched.status,
            stdout: [watched.stdout, watched.stderr].concat(),
            json: String::new(),
            peak_kib: watched.peak_kib,
        }
    }
}

impl Judged {
    /// The verdict of `case` in the JSON report.
    fn verdict(&self, case: &str) -> String {
        let key = format!("\"case\": \"secret/{case}\"");
        let line = self
            .json
            .lines()
            .find(|line| line.contains(&key))
            .unwrap_or_else(|| panic!("no case {case}: {}", self.text()));
        let start = line.find("\"verdict\": \"").unwrap() + 12;
        line[start..].split('"').next().unwrap().to_string()
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// The judge binary `judge --require-isolation --testdata T PROBLEM --solution S --json …` with its cache
/// in `dir/target`, started by `command` (the binary itself, or `setpriv … judge`). Watched while it runs:
/// killed (and the test failed) past `limit` or once it holds more than `memory_limit_kib`.
fn judge_in(
    mut command: Command,
    dir: &Path,
    args: &[&str],
    limit: Duration,
    memory_limit_kib: u64,
) -> Judged {
    let json = dir.join("report.json");
    let _ = fs::remove_file(&json);
    let target = dir.join("target");
    fs::create_dir_all(&target).unwrap();
    if command.get_program() == "setpriv" {
        // The user's own temp folder for the judge's scratch dir: the tests' $TMPDIR may be root's own.
        fs::create_dir_all(dir.join("tmp")).unwrap();
        command.env("TMPDIR", dir.join("tmp"));
        give_to_ordinary_user(dir);
    }
    command
        .env("CARGO_TARGET_DIR", &target)
        .env("NO_COLOR", "1")
        .env_remove("JUDGE_NO_ISOLATION")
        .arg("--require-isolation")
        .args(args)
        .arg("--json")
        .arg(&json);
    let watched = common::watch(command, limit, memory_limit_kib);
    Judged {
        json: fs::read_to_string(&json).unwrap_or_default(),
        ..Judged::from(watched)
    }
}

/// The judge binary as the test process's own user.
fn judge_command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_judge"))
}

const MINUTE: Duration = Duration::from_secs(60);
/// The issue's bound on the judge's own memory at -j 2, in KiB (100 MB).
const JUDGE_MEMORY_KIB: u64 = 100_000_000 / 1024;

// ---- 1. a judge run as root gives its runs no host-root rights ------------------------------------------

#[test]
fn a_root_judges_runs_own_nothing_of_the_host() {
    // Control: as root, plainly, the fixture can write kernel settings and re-mode devices.
    let dir = scratch("host-root");
    let binary = prebuilt("host_root.rs", &dir);
    if root() {
        let mut plain = Command::new(&binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        plain.stdin.take().unwrap().write_all(b"1 2\n").unwrap();
        let plain = plain.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&plain.stderr);
        assert!(
            said.contains("core_pattern") || said.contains("writable under /proc/sys"),
            "{said}"
        );
        assert!(said.contains("chmod /dev/null"), "{said}");
    } else {
        eprintln!(
            "NOT TESTED as root: the tests run as uid {}",
            sys::effective_user()
        );
    }
    let bench = isolated_bench();
    let host_root = attack(&bench, "host_root.rs");
    let limits = limits(5000, 256);
    let (run, output) = bench.run(&host_root, "1 2\n", &limits);
    assert_eq!(
        verdict_of(&run, &output, AC_ANSWER, &limits),
        Verdict::Accepted,
        "{output} {}",
        run.stderr_tail
    );
    assert!(
        run.stderr_tail.contains("allowed []"),
        "{}",
        run.stderr_tail
    );
}

#[test]
fn an_ordinary_users_judge_gives_its_runs_no_rights_either() {
    let Some(folder) = UsersFolder::new("host-root") else {
        return;
    };
    let dir = &folder.path;
    let binary = prebuilt("host_root.rs", dir);
    let testdata = dir.join("testdata");
    problem(&testdata, "host-root", &[("01", "1 2\n", AC_ANSWER)]);
    let Some(judge) = as_ordinary_user(&folder.judge) else {
        return;
    };
    let args = [
        "--testdata",
        testdata.to_str().unwrap(),
        "host-root",
        "--solution",
    ];
    let args: Vec<&str> = args.into_iter().chain([binary.to_str().unwrap()]).collect();
    let judged = judge_in(judge, dir, &args, MINUTE, u64::MAX);
    assert_eq!(judged.verdict("01"), "AC", "{}", judged.text());
    assert_eq!(judged.status.code(), Some(0));
}

// ---- 2. compiling runs nothing of the submission, and leaves a bounded artifact --------------------------

#[test]
fn a_python_submission_named_like_the_checker_does_not_run_at_compile_time() {
    if !common::have(&["python3"]) {
        return;
    }
    let dir = scratch("py-compile");
    let testdata = dir.join("testdata");
    problem(&testdata, "py", &[("01", "1 2\n", AC_ANSWER)]);
    // Control: run as the old command did (in its own folder), it does attack: 64 MiB left beside it.
    let work = dir.join("control");
    fs::create_dir_all(&work).unwrap();
    fs::copy(attack_source("py_compile.py"), work.join("py_compile.py")).unwrap();
    let python = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3");
    let python = String::from_utf8_lossy(&python.stdout).trim().to_string();
    let mut control = Command::new(&python)
        .args(["-m", "py_compile", "py_compile.py"])
        .current_dir(&work)
        .spawn()
        .unwrap();
    let left = work.join("left-behind");
    let started = Instant::now();
    while !left.exists() && started.elapsed() < Duration::from_secs(30) {
        thread::sleep(Duration::from_millis(20));
    }
    let _ = control.kill();
    let _ = control.wait();
    assert!(left.exists(), "the control ran nothing");
    let solution = dir.join("py_compile.py");
    fs::copy(attack_source("py_compile.py"), &solution).unwrap();
    let args = ["--testdata", testdata.to_str().unwrap(), "py", "--solution"];
    let args: Vec<&str> = args
        .into_iter()
        .chain([solution.to_str().unwrap()])
        .collect();
    let judged = judge_in(judge_command(), &dir, &args, MINUTE, u64::MAX);
    // AC, not CE: the attack, had the compile run it, fails the compile saying so.
    assert_eq!(judged.verdict("01"), "AC", "{}", judged.text());
    let cache = dir.join("target/judge-cache");
    let size = tree_bytes(&cache);
    assert!(size < MIB * 1024, "{size} bytes left in the cache");
}

/// Bytes of the regular files under `path`.
fn tree_bytes(path: &Path) -> u64 {
    let Ok(entries) = fs::read_dir(path) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| match e.file_type().is_ok_and(|t| t.is_dir()) {
            true => tree_bytes(&e.path()),
            false => e.metadata().map_or(0, |m| m.len()),
        })
        .sum()
}

/// A C program whose binary holds `mib` MiB of initialised data.
fn big_program(dir: &Path, name: &str, mib: u64) -> PathBuf {
    let source = dir.join(name);
    let text = format!(
        "#include <stdio.h>\nstatic char big[{mib}u << 20] = {{1}};\n\
         int main(void) {{ long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1;\n\
         printf(\"%ld %ld\\n\", a + b + big[(a * 4099) % sizeof big], a * b); return 0; }}\n"
    );
    fs::write(&source, text).unwrap();
    source
}

#[test]
fn a_compile_leaves_no_more_than_the_artifact_cap() {
    if !common::have(&["gcc"]) {
        return;
    }
    let dir = scratch("artifact-cap");
    let testdata = dir.join("testdata");
    problem(&testdata, "big", &[("01", "1 2\n", AC_ANSWER)]);
    let source = big_program(&dir, "big.c", 24);
    let args = [
        "--testdata",
        testdata.to_str().unwrap(),
        "big",
        "--solution",
    ];
    let args: Vec<&str> = args.into_iter().chain([source.to_str().unwrap()]).collect();
    // Control: under a cap it fits in, it compiles (a 24 MiB program) and is AC.
    let mut roomy = judge_command();
    roomy.env("JUDGE_ARTIFACT_MIB", "64");
    let judged = judge_in(roomy, &dir, &args, MINUTE, u64::MAX);
    assert_eq!(judged.verdict("01"), "AC", "{}", judged.text());
    assert!(tree_bytes(&dir.join("target/judge-cache")) > 24 * MIB * 1024);
    fs::remove_dir_all(dir.join("target")).unwrap();
    let mut capped = judge_command();
    capped.env("JUDGE_ARTIFACT_MIB", "8");
    let judged = judge_in(capped, &dir, &args, MINUTE, u64::MAX);
    assert_eq!(judged.verdict("01"), "CE", "{}", judged.text());
    assert!(judged.text().contains("at most 8 MiB"), "{}", judged.text());
    let left = tree_bytes(&dir.join("target/judge-cache"));
    assert!(left <= 8 * MIB * 1024, "{left} bytes left in the cache");
}

#[test]
fn the_cache_keeps_to_its_cap_and_evicts_the_least_recently_used() {
    if !common::have(&["gcc"]) {
        return;
    }
    let dir = scratch("cache-cap");
    let testdata = dir.join("testdata");
    problem(&testdata, "big", &[("01", "1 2\n", AC_ANSWER)]);
    let cache = dir.join("target/judge-cache");
    // 6 MiB programs under a 20 MiB cache, one judge run each: A, B, A again, C, D. Adding D passes the
    // cap: B, the least recently used, goes; A stays.
    let sources: Vec<PathBuf> = (0..4)
        .map(|i| big_program(&dir, &format!("big{i}.c"), 6))
        .collect();
    let artifacts = || -> Vec<String> {
        let Ok(entries) = fs::read_dir(&cache) else {
            return Vec::new();
        };
        let mut names: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let mut named = Vec::new();
    for (i, source) in [0, 1, 0, 2, 3].into_iter().map(|i| (i, &sources[i])) {
        let before = artifacts();
        let mut command = judge_command();
        command.env("JUDGE_CACHE_MIB", "20");
        let args = [
            "--testdata",
            testdata.to_str().unwrap(),
            "big",
            "--solution",
        ];
        let args: Vec<&str> = args.into_iter().chain([source.to_str().unwrap()]).collect();
        let judged = judge_in(command, &dir, &args, MINUTE, u64::MAX);
        assert_eq!(judged.verdict("01"), "AC", "{}", judged.text());
        if let Some(new) = artifacts().into_iter().find(|a| !before.contains(a)) {
            named.push((i, new));
        }
    }
    let name = |i: usize| {
        named
            .iter()
            .find(|n| n.0 == i)
            .map(|n| n.1.clone())
            .unwrap()
    };
    let now = artifacts();
    let total = tree_bytes(&cache);
    assert!(total <= 20 * MIB * 1024, "{total} bytes: {now:?}");
    assert!(
        !now.contains(&name(1)),
        "B is the least recently used: {now:?} {named:?}"
    );
    for kept in [0, 2, 3] {
        assert!(now.contains(&name(kept)), "{kept}: {now:?} {named:?}");
    }
}

// ---- 3, 5. the output: no reserved disk, no re-moded file, every byte counted ----------------------------

#[test]
fn no_disk_can_be_reserved_through_the_output() {
    let bench = isolated_bench();
    let reserver = attack(&bench, "fallocate.rs");
    // Control: on a file of its own it does reserve its 2 GiB (for a moment: the file goes at once).
    let dir = scratch("fallocate");
    let file = fs::File::create(dir.join("control")).unwrap();
    let control = Command::new(reserver.dir.join("program"))
        .stdin(Stdio::piped())
        .stdout(file)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    control.stdin.as_ref().unwrap().write_all(b"1 2\n").unwrap();
    let said = control.wait_with_output().unwrap();
    let reserved = fs::metadata(dir.join("control")).unwrap().blocks() * 512;
    let _ = fs::remove_file(dir.join("control"));
    assert!(
        String::from_utf8_lossy(&said.stderr).contains("reserved on [1"),
        "the control reserved nothing"
    );
    assert!(reserved >= 1 << 31, "{reserved}");
    let limits = limits(2000, 64);
    let (run, output) = bench.run(&reserver, "1 2\n", &limits);
    assert!(
        run.stderr_tail.contains("reserved on []"),
        "{}",
        run.stderr_tail
    );
    assert_eq!(
        verdict_of(&run, &output, AC_ANSWER, &limits),
        Verdict::Accepted,
        "{run:?}"
    );
}

#[test]
fn an_output_made_unreadable_by_its_run_is_still_judged() {
    // Where no normal user can be tested, the tests' own user still is, from the scratch folder.
    let folder = UsersFolder::new("unreadable");
    let own_scratch;
    let dir = match &folder {
        Some(folder) => &folder.path,
        None => {
            own_scratch = scratch("unreadable");
            &own_scratch
        }
    };
    let binary = prebuilt("unreadable_output.rs", dir);
    let testdata = dir.join("testdata");
    problem(&testdata, "unreadable", &[("01", "1 2\n", AC_ANSWER)]);
    let args = [
        "--testdata",
        testdata.to_str().unwrap(),
        "unreadable",
        "--solution",
    ];
    let args: Vec<&str> = args.into_iter().chain([binary.to_str().unwrap()]).collect();
    let mut judges = vec![("the tests' own user", judge_command())];
    let normal = folder.as_ref().and_then(|f| as_ordinary_user(&f.judge));
    judges.extend(normal.map(|c| ("a normal user", c)));
    for (who, judge) in judges {
        let judged = judge_in(judge, dir, &args, MINUTE, u64::MAX);
        assert_eq!(judged.verdict("01"), "WA", "{who}: {}", judged.text());
        assert_eq!(judged.status.code(), Some(1), "{who}");
    }
}

#[test]
fn past_the_output_cap_is_ole_however_the_run_ends() {
    let bench = isolated_bench();
    let flood = attack(&bench, "quiet_flood.rs");
    let limits = Limits {
        output_bytes: 1 << 20,
        ..limits(2000, 64)
    };
    // Control: within the cap the same program is AC (trailing spaces are whitespace to the checker).
    let (run, output) = bench.run(&flood, "1000 1 2\n", &limits);
    assert_eq!(run.exit, sandbox::Exit::Code(0), "{run:?}");
    assert_eq!(output.split_whitespace().collect::<Vec<_>>(), ["3", "2"]);
    assert_eq!(run.stopped, None);
    let (run, _) = bench.run(&flood, &format!("{} 1 2\n", 2 << 20), &limits);
    let bounds = Bounds {
        time_limit_ms: limits.cpu_ms,
        memory_limit_kib: limits.memory_kib,
        output_limit_bytes: limits.output_bytes,
    };
    let judged = verdict::judge(&run, bounds, || Outcome::Accepted);
    assert_eq!(judged.verdict, Verdict::OutputLimit, "{run:?}");
    // A submission past the cap is not stopped (the format's judges let it run on: an endless flood is
    // TLE), but every byte was counted.
    assert_eq!(run.stopped, None, "{run:?}");
    assert!(run.output_bytes > limits.output_bytes, "{run:?}");
    // A program whose messages are all that matters (a compiler, a validator) is stopped at the cap.
    let stopping = Limits {
        drain_past_cap: false,
        ..limits.clone()
    };
    let (run, _) = bench.run(&flood, &format!("{} 1 2\n", 2 << 20), &stopping);
    assert_eq!(run.stopped, Some(Stop::Output), "{run:?}");
    let judged = verdict::judge(&run, bounds, || Outcome::Accepted);
    assert_eq!(judged.verdict, Verdict::OutputLimit, "{run:?}");
}

// ---- 4. matches: the idle engine frozen, what an engine says bounded and escaped --------------------------

/// The first-empty-point engine, compiled once, as `cmd:` with a mode.
fn engine(mode: &str) -> String {
    static BINARY: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let binary = BINARY.get_or_init(|| {
        let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join("review-first_empty");
        let status = Command::new("rustc")
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&binary)
            .arg(fixtures().join("engines/first_empty.rs"))
            .status()
            .expect("rustc runs");
        assert!(status.success(), "first_empty.rs does not compile");
        binary
    });
    format!("{mode}=cmd:{} {mode}", binary.display())
}

/// `judge match` of two engine specs on the empty board, `games` games; watched like `judge_in`.
fn play(first: &str, second: &str, games: usize, extra: &[&str], memory_limit_kib: u64) -> Judged {
    let referee = fixtures().join("engines/referee.rs");
    let mut command = judge_command();
    command
        .args(["match", "--engine", first, "--engine", second, "--referee"])
        .arg(&referee)
        .args(["--games", &games.to_string()])
        .args(extra);
    Judged::from(common::watch(command, 2 * MINUTE, memory_limit_kib))
}

#[test]
fn an_engine_gets_no_cpu_while_its_opponent_thinks() {
    // The burner spins four threads from its start and confesses (an illegal move, so it loses) if it got
    // more than 100 ms of CPU between its move and its next turn; its opponent takes 600 ms on its first
    // two moves. Unfrozen, it confesses at its second move of each game.
    let played = play(
        &engine("pause"),
        &engine("burner"),
        2,
        &["--tc-move", "5000"],
        u64::MAX,
    );
    let text = played.text();
    assert_eq!(played.status.code(), Some(0), "{text}");
    assert!(!text.contains("confess"), "the idle engine ran:\n{text}");
    assert!(text.contains("{Black wins: five}"), "{text}");
}

#[test]
fn an_engine_flooding_empty_lines_keeps_the_judge_small() {
    // It answers its turn with empty lines without end: a time forfeit, and the judge must not queue them.
    let played = play(
        &engine("flood"),
        &engine("plain"),
        2,
        &["--tc-move", "1000"],
        JUDGE_MEMORY_KIB,
    );
    let text = played.text();
    assert_eq!(played.status.code(), Some(0), "{text}");
    assert!(text.contains("lost by time forfeit 2"), "{text}");
    assert!(played.peak_kib < 64 * MIB, "{} KiB", played.peak_kib);
}

#[test]
fn an_engines_escape_codes_are_shown_not_obeyed() {
    let played = play(
        &engine("escape"),
        &engine("plain"),
        2,
        &["--tc-move", "1000"],
        u64::MAX,
    );
    let text = played.text();
    assert_eq!(played.status.code(), Some(0), "{text}");
    assert!(text.contains("\\u{1b}[2J0,0"), "{text}");
    assert!(
        !played.stdout.contains(&0x1b),
        "a raw escape reached the terminal:\n{text}"
    );
}

/// Live processes with `marker` among their arguments (zombies have an empty cmdline: not counted),
/// looked for until none is left or `limit` passed (a SIGKILLed process takes a moment to leave /proc).
fn survivors(marker: &str, limit: Duration) -> Vec<u32> {
    let started = Instant::now();
    loop {
        let found: Vec<u32> = fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter_map(|entry| {
                let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
                let cmdline = fs::read(entry.path().join("cmdline")).ok()?;
                cmdline
                    .split(|&byte| byte == 0)
                    .any(|arg| arg == marker.as_bytes())
                    .then_some(pid)
            })
            .collect();
        if found.is_empty() || started.elapsed() > limit {
            return found;
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// The line of a match's text that ends game `number` (1-based).
fn game_line(text: &str, number: usize) -> &str {
    let start = format!("Finished game {number}/");
    text.lines()
        .find(|line| line.starts_with(&start))
        .unwrap_or_else(|| panic!("no game {number}:\n{text}"))
}

#[test]
fn an_engine_that_closes_its_pipes_and_lives_on_loses_at_once() {
    // Issue 26's hostile engines: one closes its stdout at its first move and sleeps on, one its stdin.
    // The judge waited for such a program to end before it said how it "crashed": the match hung for
    // the engine's whole life (a day). Each must lose its games at once, its opponent untouched.
    for mode in ["mute", "deaf"] {
        let started = Instant::now();
        let played = play(
            &engine(mode),
            &engine("plain"),
            2,
            &["--tc-move", "5000"],
            u64::MAX,
        );
        let text = played.text();
        assert_eq!(played.status.code(), Some(0), "{mode}: {text}");
        for game in [1, 2] {
            assert!(
                game_line(&text, game)
                    .contains("crashed (closed its input or output but did not exit)"),
                "{mode}: {text}"
            );
        }
        assert!(
            text.contains("plain: ") && text.contains("lost by nothing"),
            "{mode}: {text}"
        );
        assert!(
            started.elapsed() < MINUTE,
            "{mode}: {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn an_engines_daemons_orphans_and_stderr_die_with_it_and_slow_nobody() {
    // A daemon that burns a core from START on (frozen with its engine, ended with it), a child left
    // holding stdout by an engine that exits (its exit is the crash, at once), and a flood of stderr.
    const MARKER: &str = "judge-engine-marker";
    for (mode, expected) in [
        ("daemon", "{Black wins: five}"),
        ("stderr", "{Black wins: five}"),
        ("orphan", "crashed (exit code 0)"),
    ] {
        let played = play(
            &engine(mode),
            &engine("plain"),
            2,
            &["--tc-move", "5000"],
            JUDGE_MEMORY_KIB,
        );
        let text = played.text();
        assert_eq!(played.status.code(), Some(0), "{mode}: {text}");
        assert!(game_line(&text, 1).contains(expected), "{mode}: {text}");
        assert!(
            game_line(&text, 2).contains(if mode == "orphan" { "crashed" } else { "five" }),
            "{mode}: {text}"
        );
        let left = survivors(MARKER, Duration::from_secs(5));
        assert!(left.is_empty(), "{mode}: survivors {left:?}");
    }
}

#[test]
fn an_engine_that_answers_twice_or_at_length_loses_with_a_short_reason() {
    // An answer and a second move nobody asked for: the second was taken as the next answer (a move
    // made before the opponent's, on no clock) and the game went on out of step. A 1 MiB line: quoted
    // whole (64 KiB) in the reason, on the terminal and in every record.
    let played = play(
        &engine("twice"),
        &engine("plain"),
        2,
        &["--tc-move", "5000"],
        u64::MAX,
    );
    let text = played.text();
    assert_eq!(played.status.code(), Some(0), "{text}");
    for game in [1, 2] {
        assert!(
            game_line(&text, game).contains("wrote more than one answer"),
            "{text}"
        );
    }
    let played = play(
        &engine("long"),
        &engine("plain"),
        2,
        &["--tc-move", "5000"],
        u64::MAX,
    );
    let text = played.text();
    assert_eq!(played.status.code(), Some(0), "{text}");
    for game in [1, 2] {
        let line = game_line(&text, game);
        assert!(line.contains("illegal move `xxx"), "{line}");
        assert!(line.len() < 600, "a reason of {} bytes", line.len());
    }
}

// ---- also: file locks, the compiler's flood, the judge's memory -------------------------------------------

#[test]
fn two_runs_of_one_program_cannot_signal_through_locks_on_it() {
    let bench = isolated_bench();
    let locker = attack(&bench, "lock_signal.rs");
    // Control: plainly, a holder of the program's lock is seen by a prober. (A copy: the judge holds a
    // lock of its own on the cache's folder while it uses the artifact.)
    let dir = scratch("locks");
    let path = dir.join("program");
    fs::copy(locker.dir.join("program"), &path).unwrap();
    let mut holder = Command::new(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    holder
        .stdin
        .take()
        .unwrap()
        .write_all(b"hold 1500 1 2\n")
        .unwrap();
    thread::sleep(Duration::from_millis(400));
    let mut prober = Command::new(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    prober
        .stdin
        .take()
        .unwrap()
        .write_all(b"probe 1 2\n")
        .unwrap();
    let probed = prober.wait_with_output().unwrap();
    let _ = holder.wait();
    assert_eq!(
        String::from_utf8_lossy(&probed.stdout),
        "signalled\n",
        "the control"
    );
    let limits = limits(2000, 64);
    thread::scope(|scope| {
        let holding = scope.spawn(|| bench.run(&locker, "hold 1500 1 2\n", &limits));
        thread::sleep(Duration::from_millis(500));
        let (run, output) = bench.run(&locker, "probe 1 2\n", &limits);
        assert_eq!(output, AC_ANSWER, "{}", run.stderr_tail);
        let (run, output) = holding.join().unwrap();
        assert_eq!(output, AC_ANSWER, "{}", run.stderr_tail);
    });
}

#[test]
fn a_compilers_flood_is_kept_short_shown_once_and_escaped() {
    if !common::have(&["gcc"]) {
        return;
    }
    let dir = scratch("compile-flood");
    let testdata = dir.join("testdata");
    let cases: Vec<(String, &str, &str)> = (0..200)
        .map(|i| (format!("{i:03}"), "1 2\n", AC_ANSWER))
        .collect();
    let cases: Vec<(&str, &str, &str)> =
        cases.iter().map(|(n, i, a)| (n.as_str(), *i, *a)).collect();
    problem(&testdata, "flood", &cases);
    // One 3 MB line with an error in it, which gcc quotes whole in its message, and an escape sequence.
    let source = dir.join("flood.c");
    let line = format!("int x = \"\x1b[2J{}\" + ;\n", "y".repeat(3 << 20));
    fs::write(&source, format!("{line}int main(void) {{ return 0; }}\n")).unwrap();
    let args = [
        "--testdata",
        testdata.to_str().unwrap(),
        "flood",
        "-j",
        "2",
        "--solution",
    ];
    let args: Vec<&str> = args.into_iter().chain([source.to_str().unwrap()]).collect();
    let judged = judge_in(judge_command(), &dir, &args, MINUTE, JUDGE_MEMORY_KIB);
    assert_eq!(judged.verdict("000"), "CE", "{}", judged.text());
    assert!(
        !judged.stdout.contains(&0x1b),
        "a raw escape reached the terminal"
    );
    assert!(
        judged.stdout.len() < 64 << 10,
        "{} bytes printed",
        judged.stdout.len()
    );
    assert!(
        judged.json.len() < 1 << 20,
        "a {} byte report",
        judged.json.len()
    );
    assert!(
        judged.peak_kib < JUDGE_MEMORY_KIB,
        "{} KiB",
        judged.peak_kib
    );
}

#[test]
fn the_judge_holds_little_whatever_a_submission_prints() {
    let dir = scratch("judge-memory");
    let binary = prebuilt("garbage.rs", &dir);
    let testdata = dir.join("testdata");
    // 60 MiB of bytes that are not UTF-8, of empty lines, of stderr: twice each, two at a time.
    let cases = [
        ("01-invalid", "invalid 60\n", AC_ANSWER),
        ("02-invalid", "invalid 60\n", AC_ANSWER),
        ("03-newlines", "newlines 60\n", AC_ANSWER),
        ("04-newlines", "newlines 60\n", AC_ANSWER),
        ("05-stderr", "stderr 60\n", AC_ANSWER),
        ("06-stderr", "stderr 60\n", AC_ANSWER),
    ];
    problem(&testdata, "garbage", &cases);
    let args = [
        "--testdata",
        testdata.to_str().unwrap(),
        "garbage",
        "-j",
        "2",
        "--solution",
    ];
    let args: Vec<&str> = args.into_iter().chain([binary.to_str().unwrap()]).collect();
    let judged = judge_in(judge_command(), &dir, &args, 2 * MINUTE, JUDGE_MEMORY_KIB);
    for (case, ..) in cases {
        assert_eq!(judged.verdict(case), "WA", "{case}: {}", judged.text());
    }
    eprintln!("the judge's peak: {} KiB", judged.peak_kib);
    assert!(
        judged.peak_kib < JUDGE_MEMORY_KIB,
        "{} KiB",
        judged.peak_kib
    );
}

// ---- 5. issue 26: what a run may start over its life, and what passes between runs at once ---------------

/// A folder for one test's files that every judge of `every_judge` reaches: when the tests are root, a
/// folder of the ordinary user's own under the system temp dir (the checkout may lie under a folder that
/// user cannot enter, a `mktemp -d` or `/root`), else a scratch folder.
fn reachable(name: &str) -> (Option<UsersFolder>, PathBuf) {
    let folder = if root() { UsersFolder::new(name) } else { None };
    let dir = match &folder {
        Some(folder) => folder.path.clone(),
        None => scratch(name),
    };
    (folder, dir)
}

/// The judge binary as this test's user and, when that is root, as an ordinary user too (the copy in
/// `folder`, where `setpriv` is there): what the sandbox guarantees holds for both.
fn every_judge(folder: &Option<UsersFolder>) -> Vec<(Command, &'static str)> {
    let mut judges = vec![(judge_command(), if root() { "root" } else { "this user" })];
    if let Some(ordinary) = folder.as_ref().and_then(|f| as_ordinary_user(&f.judge)) {
        judges.push((ordinary, "an ordinary user"));
    }
    judges
}

/// `judge stress ARGS --seconds 8 -j 2` by `judge` in `dir` (its cache and scratch there), to its end.
fn stress_in(mut judge: Command, dir: &Path, args: &[&str]) -> common::Judged {
    let tmp = dir.join("tmp");
    fs::create_dir_all(&tmp).unwrap();
    if judge.get_program() == "setpriv" {
        give_to_ordinary_user(dir);
    }
    judge
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env("TMPDIR", &tmp)
        .env("NO_COLOR", "1")
        .env_remove("JUDGE_NO_ISOLATION")
        .arg("stress")
        .args(args)
        .args(["--seconds", "8", "-j", "2", "--seed", "1"]);
    common::within(judge, 5 * MINUTE)
}

/// `gen.c` (`a b` from the seed) and `ref.c` (`a+b a*b`) in `dir`: a stress test of the sum problem.
fn write_sum_programs(dir: &Path) {
    fs::write(
        dir.join("gen.c"),
        "#include <stdio.h>\n#include <stdlib.h>\nint main(int c, char **v) { long s = atol(v[1]); \
         printf(\"%ld %ld\\n\", s % 1000, s % 7 + 1); return 0; }\n",
    )
    .unwrap();
    fs::write(
        dir.join("ref.c"),
        "#include <stdio.h>\nint main(void) { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; \
         printf(\"%ld %ld\\n\", a + b, a * b); return 0; }\n",
    )
    .unwrap();
}

#[test]
fn a_solution_right_only_under_stress_is_caught_by_any_judges_stress() {
    // Issue 26: a file could tell a warm sandbox from a cold one (`--warm` in /proc/1/cmdline, its pid, its
    // init's age and reaped CPU): it passed `judge stress` and got WA from `judge`.
    if !common::have(&["gcc"]) {
        return;
    }
    let (folder, dir) = reachable("stress-only");
    let testdata = dir.join("testdata");
    problem(&testdata, "sum", &[("01", "1 2\n", AC_ANSWER)]);
    fs::copy(attack_source("stress_only.c"), dir.join("stress_only.c")).unwrap();
    write_sum_programs(&dir);
    let solution = dir.join("stress_only.c");
    let (testdata, solution) = (testdata.to_str().unwrap(), solution.to_str().unwrap());
    for (judge, who) in every_judge(&folder) {
        // The control: the judge finds it wrong.
        let args = ["--testdata", testdata, "sum", "--solution", solution];
        let judged = judge_in(judge, &dir, &args, 3 * MINUTE, u64::MAX);
        assert_eq!(judged.verdict("01"), "WA", "{who}: {}", judged.text());
    }
    for (judge, who) in every_judge(&folder) {
        let args = [
            "--generator",
            "gen.c",
            "--reference",
            "ref.c",
            "--solution",
            "stress_only.c",
        ];
        let stressed = stress_in(judge, &dir, &args);
        assert_eq!(
            stressed.code, 1,
            "{who}: stress must find it wrong:\n{stressed}"
        );
        assert!(
            stressed.stdout.contains("smallest failing input"),
            "{who}: {stressed}"
        );
    }
}

#[test]
fn a_program_of_hundreds_of_threads_over_its_life_is_right_for_any_judge_cold_or_warm() {
    // Issue 26: 200 rounds of "start 3 threads, join them" got RE at round 99 (`pthread_create: Resource
    // temporarily unavailable`): the PID namespace's pid_max of 301 capped what a run could ever start.
    if !common::have(&["gcc"]) {
        return;
    }
    let (folder, dir) = reachable("thread-rounds");
    let testdata = dir.join("testdata");
    problem(&testdata, "threads", &[("01", "1 2\n", AC_ANSWER)]);
    let solution = dir.join("thread_rounds.c");
    fs::copy(fixtures().join("programs/thread_rounds.c"), &solution).unwrap();
    write_sum_programs(&dir);
    let (testdata, solution) = (testdata.to_str().unwrap(), solution.to_str().unwrap());
    for (judge, who) in every_judge(&folder) {
        let args = ["--testdata", testdata, "threads", "--solution", solution];
        let judged = judge_in(judge, &dir, &args, 3 * MINUTE, u64::MAX);
        assert_eq!(judged.verdict("01"), "AC", "{who}: {}", judged.text());
    }
    for (judge, who) in every_judge(&folder) {
        let args = [
            "--generator",
            "gen.c",
            "--reference",
            "ref.c",
            "--solution",
            "thread_rounds.c",
        ];
        let stressed = stress_in(judge, &dir, &args);
        assert_eq!(stressed.code, 0, "{who}: warm runs failed it:\n{stressed}");
        assert!(
            stressed.stdout.contains("no failure in"),
            "{who}: {stressed}"
        );
    }
}

#[test]
fn validators_and_interactors_of_hundreds_of_threads_over_their_life_are_right_for_any_judge() {
    // Issue 26: the PID namespace's pid_max capped what any sandboxed program could ever start, a
    // package's own programs too: an input validator, an output validator or an interactor that starts
    // 200 rounds of 3 threads (never more than 4 alive) failed at round 99, and every case with it.
    if !common::have(&["gcc"]) {
        return;
    }
    let (folder, dir) = reachable("thread-rounds-validators");
    let testdata = dir.join("testdata");
    let rounds = fixtures().join("programs/thread_rounds_validator.c");
    let batch = problem(&testdata, "batch", &[("01", "1 2\n", AC_ANSWER)]);
    let batch = batch.parent().unwrap().parent().unwrap();
    for folder in ["input_validators", "output_validator"] {
        fs::create_dir_all(batch.join(folder)).unwrap();
        fs::copy(&rounds, batch.join(folder).join("rounds.c")).unwrap();
    }
    let talk = problem(&testdata, "talk", &[("01", "1 2\n", "")]);
    let talk = talk.parent().unwrap().parent().unwrap();
    fs::write(
        talk.join("problem.yaml"),
        "# review\nproblem_format_version: 2023-07-draft\nname: talk\ntype: interactive\nlimits:\n  time_limit: 2\n",
    )
    .unwrap();
    fs::create_dir_all(talk.join("output_validator")).unwrap();
    fs::copy(&rounds, talk.join("output_validator/interactor.c")).unwrap();
    write_sum_programs(&dir);
    fs::write(
        dir.join("answer.c"),
        "#include <stdio.h>\nint main(void) { char w[8]; if (scanf(\"%7s\", w) != 1) return 1; \
         printf(\"ok\\n\"); return 0; }\n",
    )
    .unwrap();
    let testdata = testdata.to_str().unwrap();
    let (sum, answer) = (dir.join("ref.c"), dir.join("answer.c"));
    let (sum, answer) = (sum.to_str().unwrap(), answer.to_str().unwrap());
    for (judge, who) in every_judge(&folder) {
        let args = ["--testdata", testdata, "batch", "--solution", sum];
        let judged = judge_in(judge, &dir, &args, 3 * MINUTE, u64::MAX);
        assert_eq!(
            judged.verdict("01"),
            "AC",
            "{who}: output validator: {}",
            judged.text()
        );
    }
    for (judge, who) in every_judge(&folder) {
        let args = ["--testdata", testdata, "talk", "--solution", answer];
        let judged = judge_in(judge, &dir, &args, 3 * MINUTE, u64::MAX);
        assert_eq!(
            judged.verdict("01"),
            "AC",
            "{who}: interactor: {}",
            judged.text()
        );
    }
    for (mut judge, who) in every_judge(&folder) {
        let validated = judge
            .current_dir(&dir)
            .env("CARGO_TARGET_DIR", dir.join("target"))
            .env("NO_COLOR", "1")
            .env_remove("JUDGE_NO_ISOLATION")
            .args([
                "validate",
                "--require-isolation",
                "--testdata",
                testdata,
                "batch",
            ])
            .output()
            .unwrap();
        let text =
            String::from_utf8_lossy(&[validated.stdout, validated.stderr].concat()).into_owned();
        assert!(
            validated.status.success() && text.contains("all as they should be"),
            "{who}: input validator: {text}"
        );
    }
}

#[test]
fn a_submission_cannot_read_its_interactors_key() {
    // Issue 26: interactor and submission were the same host user, so the submission saw the
    // interactor's keys in /proc/keys and read the secret it kept in one: AC through the channel.
    if !common::have(&["gcc"]) {
        return;
    }
    let (folder, dir) = reachable("key-thief");
    let testdata = dir.join("testdata");
    let secret = problem(&testdata, "keys", &[("01", "s3cr3t-4711\n", "")]);
    let package = secret.parent().unwrap().parent().unwrap();
    fs::write(
        package.join("problem.yaml"),
        "# review\nproblem_format_version: 2023-07-draft\nname: keys\ntype: interactive\nlimits:\n  time_limit: 2\n",
    )
    .unwrap();
    fs::create_dir_all(package.join("output_validator")).unwrap();
    fs::copy(
        attack_source("key_interactor.c"),
        package.join("output_validator/interactor.c"),
    )
    .unwrap();
    let thief = dir.join("thief.c");
    fs::copy(attack_source("key_thief.c"), &thief).unwrap();
    let (testdata, thief) = (testdata.to_str().unwrap(), thief.to_str().unwrap());
    for (judge, who) in every_judge(&folder) {
        let args = ["--testdata", testdata, "keys", "--solution", thief];
        let judged = judge_in(judge, &dir, &args, 3 * MINUTE, u64::MAX);
        assert_eq!(judged.verdict("01"), "WA", "{who}: {}", judged.text());
    }
}

#[test]
fn a_run_finds_no_key_quota_an_earlier_run_used_for_any_judge() {
    // A run's keys are charged to its user until the kernel collects them, some time after the run ended;
    // the next run of that user (the next case at -j 1: a root judge gives it the same user again, an
    // ordinary one has only its own) found the quota full: cases 2 and 3 of 6 were WA, the program having
    // learned what the case before it did. Keys are now refused to every program (ENOSYS).
    if !common::have(&["gcc"]) {
        return;
    }
    let (folder, dir) = reachable("key-quota");
    let testdata = dir.join("testdata");
    let cases: Vec<(String, &str, &str)> = (1..=6)
        .map(|i| (format!("{i:02}"), "1 2\n", "3\n"))
        .collect();
    let cases: Vec<(&str, &str, &str)> =
        cases.iter().map(|(c, i, a)| (c.as_str(), *i, *a)).collect();
    problem(&testdata, "quota", &cases);
    let filler = dir.join("key_quota.c");
    fs::copy(attack_source("key_quota.c"), &filler).unwrap();
    let (testdata, filler) = (testdata.to_str().unwrap(), filler.to_str().unwrap());
    for (judge, who) in every_judge(&folder) {
        let args = [
            "--testdata",
            testdata,
            "quota",
            "--solution",
            filler,
            "-j",
            "1",
        ];
        let judged = judge_in(judge, &dir, &args, 3 * MINUTE, u64::MAX);
        for (case, _, _) in &cases {
            assert_eq!(judged.verdict(case), "AC", "{who}: {}", judged.text());
        }
    }
}

#[test]
fn a_warm_run_finds_no_key_an_earlier_run_left_for_any_judge() {
    // The persistent keyring outlives every process. An ordinary user's warm sandbox keeps one user
    // namespace for all its runs, and so one persistent keyring: a run found the key the run before left.
    if !common::have(&["gcc"]) {
        return;
    }
    let (folder, dir) = reachable("persistent-key");
    write_sum_programs(&dir);
    fs::copy(
        attack_source("persistent_key.c"),
        dir.join("persistent_key.c"),
    )
    .unwrap();
    fs::write(
        dir.join("nothing.c"),
        "#include <stdio.h>\nint main(void) { puts(\"nothing\"); return 0; }\n",
    )
    .unwrap();
    for (judge, who) in every_judge(&folder) {
        let args = [
            "--generator",
            "gen.c",
            "--reference",
            "nothing.c",
            "--solution",
            "persistent_key.c",
        ];
        let stressed = stress_in(judge, &dir, &args);
        assert_eq!(
            stressed.code, 0,
            "{who}: a run found a key of the run before:\n{stressed}"
        );
        assert!(
            stressed.stdout.contains("no failure in"),
            "{who}: {stressed}"
        );
    }
}
