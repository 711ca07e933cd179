//! Nothing a submission starts outlives its run, nor an interrupted judge. The fixtures `orphan.rs`,
//! `escape.rs`, `joiner.rs`, `infiltrator.rs` and `sleep.rs`
//! start a child of themselves carrying a marker argument; these tests look for the marker in
//! every `/proc/<pid>/cmdline`.

use crate::common;

use judge::sandbox::Exit;
use judge::sys;
use std::fs;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

const ORPHAN_MARKER: &str = "judge-fixture-marker-orphan";
const SLEEP_MARKER: &str = "judge-fixture-marker-sleep";
const ESCAPE_MARKER: &str = "judge-fixture-marker-escape";
const JOINER_MARKER: &str = "judge-fixture-marker-joiner";
const INFILTRATOR_MARKER: &str = "judge-fixture-marker-infiltrator";

use common::{limits, Bench, Tree, SUM_ANSWER, SUM_INPUT, SUM_YAML};

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("judge-no-survivors")
        .join(name);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Live processes with `marker` as one of their arguments (zombies have an empty cmdline: not counted).
fn processes_with(marker: &str) -> Vec<u32> {
    let mut pids = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(cmdline) = fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        if cmdline
            .split(|&byte| byte == 0)
            .any(|arg| arg == marker.as_bytes())
        {
            pids.push(pid);
        }
    }
    pids
}

/// Waits up to `limit` until processes with `marker` exist (or, with `want_none`, until none do); returns
/// the last scan.
fn wait_for(marker: &str, want_none: bool, limit: Duration) -> Vec<u32> {
    let started = Instant::now();
    loop {
        let pids = processes_with(marker);
        // A SIGKILLed process takes a moment to leave /proc; a survivor would stay for its full minute.
        if pids.is_empty() == want_none || started.elapsed() > limit {
            return pids;
        }
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_run_kills_what_the_program_left_behind() {
    let dir = scratch("orphan");
    fs::write(dir.join("case.in"), "1 2\n").unwrap();
    let bench = Bench::new();
    let orphan = bench.fixture("orphan.rs");
    // The control experiment: run plainly, the orphan fixture's marker child survives its parent.
    let status = Command::new(orphan.dir.join("program"))
        .stdin(fs::File::open(dir.join("case.in")).unwrap())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let survivors = wait_for(ORPHAN_MARKER, false, Duration::from_secs(5));
    assert!(
        !survivors.is_empty(),
        "the orphan fixture left no child: this test proves nothing"
    );
    for pid in survivors {
        let _ = sys::kill_process(pid as i32, sys::SIGKILL);
    }
    assert!(wait_for(ORPHAN_MARKER, true, Duration::from_secs(5)).is_empty());
    // The experiment: run in the sandbox, the child dies with the program's PID namespace.
    let (run, output) = bench.run(&orphan, "1 2\n", &limits(1000, 64));
    assert_eq!(run.exit, Exit::Code(0), "{run:?}");
    assert_eq!(output, "3 2\n");
    let survivors = wait_for(ORPHAN_MARKER, true, Duration::from_secs(2));
    assert!(survivors.is_empty(), "survivors: {survivors:?}");
}

#[test]
fn an_interrupted_judge_kills_the_run_in_flight() {
    // The judge runs sleep.rs (a minute's sleep that first starts a marker child); SIGTERM it mid-run. Its
    // time limit is long, so that the run is surely in flight when the signal comes.
    let tree = Tree::new("interrupt");
    tree.package("sleep")
        .problem_yaml("limits:\n  time_limit: 10\n  memory: 64\n")
        .case("secret/1", SUM_INPUT, SUM_ANSWER)
        .submission("time_limit_exceeded/sleep.rs", "sleep.rs");
    let json = tree.root.join("report.json");
    let mut judge = tree
        .command(&["sleep", "-j", "1", "--json", json.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Compiling the fixture comes first; give it time, but stop early if the judge ends on its own.
    let started = Instant::now();
    let children = loop {
        let children = processes_with(SLEEP_MARKER);
        if !children.is_empty() {
            break children;
        }
        if let Some(status) = judge.try_wait().unwrap() {
            panic!("the judge ended ({status}) before the sleep fixture started its marker child");
        }
        if started.elapsed() > Duration::from_secs(120) {
            let _ = judge.kill();
            panic!("the sleep fixture never started its marker child");
        }
        thread::sleep(Duration::from_millis(20));
    };
    // Its parent is the sleeper itself, the program the sandbox's init started.
    let stat = fs::read_to_string(format!("/proc/{}/stat", children[0])).unwrap();
    let after_name = &stat[stat.rfind(')').unwrap() + 1..];
    let sleeper: u32 = after_name
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    sys::kill_process(judge.id() as i32, sys::SIGTERM).unwrap();
    let status = judge.wait().unwrap();
    assert_eq!(status.code(), Some(143), "the judge exits 128 + SIGTERM");
    // It still wrote its report, of the cases that finished (none: the one case was cut short).
    let report = fs::read_to_string(&json).unwrap();
    assert!(
        report.contains("\"totals\": {\"problems\": 1, \"cases\": 0, "),
        "{report}"
    );
    let survivors = wait_for(SLEEP_MARKER, true, Duration::from_secs(2));
    assert!(survivors.is_empty(), "survivors: {survivors:?}");
    let sleeper_cmdline = fs::read(format!("/proc/{sleeper}/cmdline")).unwrap_or_default();
    assert!(
        sleeper_cmdline.is_empty(),
        "the sleeper {sleeper} survived the judge"
    );
}

/// Runs the judge binary on a package whose one accepted submission is the fixture `fixture`; returns its
/// exit code and the marker's survivors (killed, so that a failure leaves nothing behind either).
fn judge_fixture_survivors(fixture: &str, marker: &str) -> (i32, Vec<u32>) {
    let tree = Tree::new(&format!("survivors-{fixture}"));
    tree.package("p")
        .problem_yaml(SUM_YAML)
        .case("secret/1", SUM_INPUT, SUM_ANSWER)
        .submission(&format!("accepted/{fixture}.rs"), &format!("{fixture}.rs"));
    let judged = tree.judge(&["p"]);
    let survivors = wait_for(marker, true, Duration::from_secs(2));
    for &pid in &survivors {
        let _ = sys::kill_process(pid as i32, sys::SIGKILL);
    }
    (judged.code, survivors)
}

#[test]
fn a_child_that_leaves_the_process_group_dies_too() {
    // escape.rs exits at once; its child moved to a group of its own, which the group kill misses.
    let (code, survivors) = judge_fixture_survivors("escape", ESCAPE_MARKER);
    assert!(survivors.is_empty(), "survivors: {survivors:?}");
    assert_eq!(code, 0, "the escape fixture answers right");
}

#[test]
fn a_child_that_joins_the_judges_own_group_dies_too() {
    let (code, survivors) = judge_fixture_survivors("infiltrator", INFILTRATOR_MARKER);
    assert!(survivors.is_empty(), "survivors: {survivors:?}");
    assert_eq!(code, 0, "the infiltrator fixture answers right");
}

#[test]
fn a_child_that_joins_a_strangers_group_dies_alone() {
    // A stranger in a group of its own, in this session; joiner.rs puts a child of its own in that group.
    let mut stranger = Command::new("sleep")
        .arg("30")
        .process_group(0)
        .spawn()
        .unwrap();
    let tree = Tree::new("joiner");
    tree.package("p")
        .problem_yaml(SUM_YAML)
        .case("secret/1", &format!("{}\n", stranger.id()), "joined\n")
        .submission("accepted/joiner.rs", "joiner.rs");
    let judged = tree.judge(&["p"]);
    let survivors = wait_for(JOINER_MARKER, true, Duration::from_secs(2));
    for &pid in &survivors {
        let _ = sys::kill_process(pid as i32, sys::SIGKILL);
    }
    let stranger_alive = stranger.try_wait().unwrap().is_none();
    let _ = stranger.kill();
    let _ = stranger.wait();
    assert!(
        stranger_alive,
        "the judge killed a process group that was not the run's"
    );
    assert!(survivors.is_empty(), "survivors: {survivors:?}");
    // In its own PID namespace the program cannot even name the stranger's group: setpgid fails, the
    // fixture panics, RE, exit 1 — where it could (no namespaces), it answers and exits 0.
    assert!(matches!(judged.code, 0 | 1), "{judged}");
}
