//! `judge stress` attacked as a hostile user would: programs of the run that lie (a generator that ignores
//! its seed, a checker that rejects everything), `--save` paths that cannot hold the input or that are
//! links, names with newlines, a closed stdout and Ctrl-C while shrinking. Each test failed before the
//! fix it guards. The programs are tiny Python files written by the test: "add two numbers".
//!
//! The attacks that need a failure found and shrunk first are in the full run (`-- --include-ignored`).

use crate::common;

use common::{judge_command, within, Judged};
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Long enough for a loaded machine; a hang fails the test.
const LIMIT: Duration = Duration::from_secs(300);

/// `a b` from the seed, up to 10 × size.
const GENERATOR: &str = "import random, sys\n\
    seed, size = int(sys.argv[1]), int(sys.argv[2])\n\
    r = random.Random(seed)\n\
    print(r.randint(0, 10 * size), r.randint(0, 10 * size))\n";
const REFERENCE: &str = "a, b = map(int, input().split())\nprint(a + b)\n";
/// Off by one when a > 50: found within a few dozen inputs, shrunk in some seconds.
const WRONG: &str = "a, b = map(int, input().split())\nprint(a + b + (1 if a > 50 else 0))\n";

/// A temp folder holding one test's programs and saved files.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("judge-hostile-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let dir = Dir(dir);
        dir.write("gen.py", GENERATOR);
        dir.write("ref.py", REFERENCE);
        dir.write("ok.py", REFERENCE);
        dir.write("wrong.py", WRONG);
        dir
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn write(&self, name: &str, text: &str) {
        fs::write(self.path(name), text).unwrap();
    }

    /// `judge stress ARGS` run here (programs named relative to it), its temp dir `tmp/`.
    fn command(&self, args: &[&str]) -> Command {
        let tmp = self.path("tmp");
        fs::create_dir_all(&tmp).unwrap();
        let mut command = judge_command();
        command
            .arg("stress")
            .args(args)
            .env("TMPDIR", &tmp)
            .current_dir(&self.0);
        command
    }

    fn stress(&self, args: &[&str]) -> Judged {
        within(self.command(args), LIMIT)
    }

    /// The judge's scratch dirs left in this test's temp dir.
    fn scratch_left(&self) -> Vec<String> {
        fs::read_dir(self.path("tmp"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("judge-"))
            .collect()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn generic<'a>(generator: &'a str, solution: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "--generator",
        generator,
        "--reference",
        "ref.py",
        "--solution",
        solution,
        "--seed",
        "1",
        "-j",
        "2",
    ];
    args.extend_from_slice(more);
    args
}

#[test]
fn a_generator_that_ignores_its_seed_is_named_not_trusted() {
    let dir = Dir::new("clock-generator");
    dir.write(
        "clock.py",
        "import random, time\nr = random.Random(time.time_ns())\nprint(r.randint(0, 1000), r.randint(0, 1000))\n",
    );
    let run = dir.stress(&generic("clock.py", "ok.py", &["--seconds", "3"]));
    // Before: "no failure in N inputs; seed 1 (the same seed gives the same run)", exit 0: a lie.
    assert_eq!(run.code, 2, "{run}");
    run.says("the generator clock.py failed");
    run.says("two different inputs");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn a_checker_that_rejects_everything_is_blamed_not_the_solution() {
    let dir = Dir::new("reject-all");
    dir.write(
        "never.py",
        "import sys\nopen(sys.argv[3] + '/judgemessage.txt', 'w').write('never')\nsys.exit(43)\n",
    );
    let run = dir.stress(&generic(
        "gen.py",
        "wrong.py",
        &["--checker", "never.py", "--seconds", "20", "--save", "x.in"],
    ));
    // Before: exit 1, "smallest failing input … verdict: WA never", expected 0 and received 0.
    assert_eq!(run.code, 2, "{run}");
    run.says("the output validator (never.py) failed");
    run.says("rejects the reference's own answer");
    assert!(!run.stdout.contains("smallest failing input"), "{run}");
    assert!(dir.path("x.in").exists(), "the input is saved: {run}");
}

#[test]
fn a_save_path_that_cannot_hold_the_input_is_refused_before_looking() {
    let dir = Dir::new("bad-save");
    dir.write("file", "not a folder\n");
    for (save, says) in [
        ("file/x.in", "cannot save there"),
        ("x.ans", "over the input itself"),
    ] {
        let started = Instant::now();
        let run = dir.stress(&generic(
            "gen.py",
            "wrong.py",
            &["--seconds", "20", "--save", save],
        ));
        // Before: the search and the shrinking ran for half a minute, then the input was lost (or
        // overwritten by its answer) under a report saying "saved".
        assert_eq!(run.code, 2, "{save}: {run}");
        run.says(says);
        assert!(!run.stdout.contains("fails"), "{save}: {run}");
        assert!(started.elapsed() < Duration::from_secs(15), "{save}: {run}");
    }
    assert_eq!(
        fs::read_to_string(dir.path("file")).unwrap(),
        "not a folder\n"
    );
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn a_save_path_that_is_a_link_is_replaced_not_written_through() {
    let dir = Dir::new("link-save");
    dir.write("victim.txt", "precious\n");
    std::os::unix::fs::symlink("victim.txt", dir.path("x.in")).unwrap();
    let run = dir.stress(&generic(
        "gen.py",
        "wrong.py",
        &["--seconds", "20", "--save", "x.in"],
    ));
    assert_eq!(run.code, 1, "{run}");
    assert_eq!(
        fs::read_to_string(dir.path("victim.txt")).unwrap(),
        "precious\n"
    );
    let saved = fs::symlink_metadata(dir.path("x.in")).unwrap();
    assert!(saved.file_type().is_file(), "{run}");
    assert_eq!(fs::read_to_string(dir.path("x.in")).unwrap(), "51 0\n");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn a_name_with_a_newline_does_not_split_the_report() {
    let dir = Dir::new("newline-name");
    dir.write("gen\nerated.py", GENERATOR);
    let run = dir.stress(&generic(
        "gen\nerated.py",
        "wrong.py",
        &["--seconds", "20", "--save", "sa\nved.in"],
    ));
    assert_eq!(run.code, 1, "{run}");
    run.line(&["saved: sa\\nved.in (expected answer: sa\\nved.ans)"]);
    run.line(&["inputs from gen\\nerated.py"]);
    assert!(dir.path("sa\nved.in").exists());
}

#[test]
fn a_closed_stdout_leaves_no_scratch_dir_behind() {
    let dir = Dir::new("closed-stdout");
    let mut child = dir
        .command(&generic("gen.py", "ok.py", &["--seconds", "60"]))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is gone: the judge's next progress line meets a closed pipe (`judge stress … | head -1`).
    let status = wait(&mut child);
    assert_eq!(status, Some(141), "first line {first:?}");
    // Before: its /tmp/judge-<pid>-<n> stayed until some later judge swept it.
    assert_eq!(dir.scratch_left(), Vec::<String>::new());
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn ctrl_c_while_shrinking_reports_the_smallest_input_so_far() {
    let dir = Dir::new("ctrl-c-shrinking");
    let mut child = dir
        .command(&generic(
            "gen.py",
            "wrong.py",
            &["--seconds", "60", "--save", "x.in"],
        ))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    while !seen.contains(" fails: ") {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap() == 0 {
            panic!("no failure found:\n{seen}");
        }
        seen += &line;
    }
    std::thread::sleep(Duration::from_millis(500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let status = wait(&mut child);
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    // Before: "the failing input no longer fails the same way when judged again: not reported", exit 2
    // (the interrupt had killed the run that judged it again).
    assert_eq!(status, Some(130), "{seen}{rest}{stderr}");
    assert!(rest.contains("smallest failing input"), "{rest}{stderr}");
    assert!(rest.contains("interrupted"), "{rest}");
    let saved = fs::read_to_string(dir.path("x.in")).unwrap();
    let a: u64 = saved.split_whitespace().next().unwrap().parse().unwrap();
    assert!(a > 50, "the saved input still fails: {saved:?}");
    assert!(dir.path("x.ans").exists());
}

/// Waits for `child` (at most `LIMIT`): its exit code.
fn wait(child: &mut std::process::Child) -> Option<i32> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("the judge did not finish within {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn an_empty_input_is_said_to_be_the_generators() {
    let dir = Dir::new("empty-generator");
    dir.write("nothing.py", "pass\n");
    let run = dir.stress(&generic("nothing.py", "ok.py", &["--seconds", "5"]));
    assert_eq!(run.code, 2, "{run}");
    // Before: only "the reference ref.py failed … EOFError", with nothing pointing at the generator.
    run.says("the input is empty: the generator printed nothing");
}

#[test]
fn a_second_ctrl_c_ends_at_once_and_leaves_no_scratch_dir() {
    let dir = Dir::new("ctrl-c-twice");
    let mut child = dir
        .command(&generic("gen.py", "ok.py", &["--seconds", "60"]))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.contains("inputs/s") {
        line.clear();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "no progress line");
    }
    for _ in 0..2 {
        let pid = child.id().to_string();
        let _ = Command::new("kill").args(["-INT", &pid]).status();
    }
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut stdout, &mut rest);
    assert_eq!(wait(&mut child), Some(130), "{rest}");
    // Before: the second Ctrl-C ended the judge without its scratch dir's removal.
    assert_eq!(dir.scratch_left(), Vec::<String>::new(), "{rest}");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn a_reference_that_hangs_on_small_inputs_does_not_stall_shrinking() {
    let dir = Dir::new("hanging-reference");
    // Inputs from 5 up; the reference hangs (asleep: no CPU burnt) below 5, where only the shrinker goes.
    dir.write(
        "gen5.py",
        &GENERATOR.replace(
            "r.randint(0, 10 * size), r.randint(0, 10 * size)",
            "r.randint(5, 5 + 10 * size), r.randint(5, 5 + 10 * size)",
        ),
    );
    dir.write(
        "ref.py",
        "import time\na, b = map(int, input().split())\nif a < 5 or b < 5:\n    time.sleep(600)\nprint(a + b)\n",
    );
    let started = Instant::now();
    let run = dir.stress(&[
        "--generator",
        "gen5.py",
        "--reference",
        "ref.py",
        "--solution",
        "wrong.py",
        "--seed",
        "3",
        "-j",
        "2",
        "--seconds",
        "10",
        "--save",
        "x.in",
    ]);
    // Before: every such candidate cost the helpers' 20 s wall clock: six minutes of shrinking.
    assert_eq!(run.code, 1, "{run}");
    run.line(&["shrinking stopped early: the reference was stopped at its limits on 3 candidates"]);
    assert!(
        started.elapsed() < Duration::from_secs(150),
        "{:?}\n{run}",
        started.elapsed()
    );
}

#[test]
fn a_fifo_given_as_a_file_is_refused_not_waited_on() {
    let dir = Dir::new("fifos");
    for fifo in ["languages.toml", "fifo.in"] {
        let made = Command::new("mkfifo").arg(dir.path(fifo)).status().unwrap();
        assert!(made.success());
    }
    // Before: `--languages` read the FIFO (or /dev/zero, until the kernel killed the judge), and saving
    // wrote into the FIFO: both waited for a writer or a reader forever.
    let short = Duration::from_secs(60);
    let run = within(
        dir.command(&generic(
            "gen.py",
            "wrong.py",
            &["--seconds", "5", "--languages", "languages.toml"],
        )),
        short,
    );
    assert_eq!(run.code, 2, "{run}");
    run.says("languages.toml: cannot read: not a regular file");
    let run = within(
        dir.command(&generic(
            "gen.py",
            "wrong.py",
            &["--seconds", "5", "--save", "fifo.in"],
        )),
        short,
    );
    assert_eq!(run.code, 2, "{run}");
    run.says("--save: fifo.in is there and is not a file");
    for save in ["", "/"] {
        let run = within(
            dir.command(&generic(
                "gen.py",
                "wrong.py",
                &["--seconds", "5", "--save", save],
            )),
            short,
        );
        assert_eq!(run.code, 2, "{save:?}: {run}");
        run.says(&format!("--save {save}: not a file name"));
    }
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn shrinking_a_long_input_holds_a_batch_of_candidates_not_all_of_them() {
    let dir = Dir::new("long-input");
    // 3,000 lines of two numbers (60 KB), wrong only on the whole of it: no candidate keeps the failure.
    dir.write(
        "lines.py",
        "import random, sys\nr = random.Random(int(sys.argv[1]))\nprint(3000)\n\
         for _ in range(3000):\n    print(r.randint(10**8, 10**9), r.randint(10**8, 10**9))\n",
    );
    dir.write(
        "count.py",
        "import sys\nprint(len(sys.stdin.read().split()))\n",
    );
    dir.write(
        "whole.py",
        "import sys\nd = sys.stdin.read().split()\n\
         print(len(d) + (1 if len(d) == 6001 and d[0] == '3000' else 0))\n",
    );
    let mut child = dir
        .command(&[
            "--generator",
            "lines.py",
            "--reference",
            "count.py",
            "--solution",
            "whole.py",
            "--seed",
            "1",
            "-j",
            "2",
            "--seconds",
            "5",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    while !seen.contains(" fails: ") {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "{seen}");
        seen += &line;
    }
    // Drained on a thread, so the judge never blocks on a full pipe while it shrinks.
    let drain = std::thread::spawn(move || {
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut rest);
        rest
    });
    std::thread::sleep(Duration::from_secs(8));
    let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak_kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let code = wait(&mut child);
    let rest = drain.join().unwrap();
    // Before: every candidate of a pass made at once: 12,000 copies of the input, 1.2 GB.
    assert!(peak_kib < 200 << 10, "peak {peak_kib} KiB\n{seen}{rest}");
    assert_eq!(code, Some(130), "{rest}");
    assert!(rest.contains("smallest failing input"), "{rest}");
}

#[test]
fn a_validator_that_crashes_is_named_not_the_generator() {
    let dir = Dir::new("crashing-validator");
    dir.write(
        "crash.py",
        "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n",
    );
    dir.write("zero.py", "import sys\nsys.stdin.read()\nsys.exit(0)\n");
    for validator in ["crash.py", "zero.py"] {
        let run = dir.stress(&generic(
            "gen.py",
            "ok.py",
            &["--validator", validator, "--seconds", "5"],
        ));
        // Before: "the generator gen.py printed an input that the input validator … rejects".
        assert_eq!(run.code, 2, "{run}");
        run.says(&format!("the input validator {validator} failed"));
        assert!(!run.stderr.contains("printed an input"), "{run}");
    }
}

/// Right only where it sees a warm sandbox: `--warm` in init's command line, a pid other than 2, an init
/// that started long before it or reaped other runs. Wrong everywhere else.
const STRESS_ONLY: &str = r#"import os
def field(stat, n):
    return int(stat[stat.rindex(")") + 2:].split()[n - 3])
def warm():
    try:
        if b"--warm" in open("/proc/1/cmdline", "rb").read():
            return True
        init, me = open("/proc/1/stat").read(), open("/proc/self/stat").read()
        if field(me, 22) - field(init, 22) >= 10 or field(init, 16) + field(init, 17) > 0:
            return True
    except OSError:
        pass
    return os.getpid() != 2
a, b = map(int, input().split())
print(a + b if warm() else a + b + 1)
"#;

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn a_solution_right_only_under_stress_is_caught_by_stress() {
    // Issue 26: a file could tell a warm sandbox from the judge's own (`--warm` in /proc/1/cmdline, its
    // pid): it passed `judge stress` ("no failure in 20 inputs") and got WA in `judge`. Stress must see
    // it fail, as the judge does.
    let dir = Dir::new("stress-only");
    dir.write("cheat.py", STRESS_ONLY);
    let run = dir.stress(&generic("gen.py", "cheat.py", &["--seconds", "20"]));
    assert_eq!(run.code, 1, "stress must find it wrong: {run}");
    assert!(run.stdout.contains("smallest failing input"), "{run}");
}
