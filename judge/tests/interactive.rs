//! Interactive problems through the judge binary: a guessing game whose interactor (the package's output
//! validator) answers `<`, `>` or `=` to each guess, and submissions that play it well, badly, without
//! flushing, or crash — each must get the verdict the format's reference runner gives it.

use crate::common;

use common::Tree;
use std::fs;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The interactor: reads the secret from the input file, answers each guess, allows 10; WA (43) on a wrong
/// final answer, too many guesses or garbage, AC (42) on `=`.
const INTERACTOR: &str = r#"import sys
secret = int(open(sys.argv[1]).read())
feedback = open(sys.argv[3] + "judgemessage.txt", "w")
for guess_number in range(1, 11):
    line = sys.stdin.readline()
    if not line:
        feedback.write("the submission stopped after %d guesses\n" % (guess_number - 1)); sys.exit(43)
    try:
        guess = int(line)
    except ValueError:
        feedback.write("not a number: %r\n" % line); sys.exit(43)
    if guess == secret:
        print("=", flush=True); sys.exit(42)
    print("<" if secret < guess else ">", flush=True)
feedback.write("10 guesses and no hit\n")
sys.exit(43)
"#;

/// Binary search between 1 and 1000: accepted.
const BINARY_SEARCH: &str = r#"import sys
lo, hi = 1, 1000
while True:
    mid = (lo + hi) // 2
    print(mid, flush=True)
    reply = sys.stdin.readline().strip()
    if reply == "=": break
    if reply == "<": hi = mid - 1
    else: lo = mid + 1
"#;

/// Guesses 1, 2, 3, …: runs out of guesses, the interactor says WA first.
const LINEAR: &str = r#"import sys
for guess in range(1, 1001):
    print(guess, flush=True)
    if sys.stdin.readline().strip() == "=": break
"#;

/// Never flushes: both wait, and the submission's wall clock ends it (TLE), however the interactor ends.
const NO_FLUSH: &str = r#"import sys
print(500)
sys.stdin.readline()
"#;

/// Never reads: floods the interactor with guesses. The interactor answers each (slowly) and so blocks
/// on a full pipe, and the submission on its own: the submission's wall clock ends it (TLE), and the
/// interactor must not then sit on a full pipe until its own, far longer, clock (a JE, after minutes).
const FLOOD: &str = r#"while True:
    print(500, flush=True)
"#;

/// An interactor that answers every guess with a long line and never ends on its own.
const PATIENT_INTERACTOR: &str = r#"import sys, time
while True:
    line = sys.stdin.readline()
    if not line:
        sys.exit(43)
    time.sleep(0.0001)
    print("no" * 100, flush=True)
"#;

/// Exits with code 1 before its first guess; the interactor then reads the end of its output and says WA,
/// but the submission ended first: RE (BAPCtools' guess_bad_exit.py).
const EXIT_AT_ONCE: &str = "raise SystemExit(1)\n";

/// Crashes after its first guess, before the interactor could decide: RE.
const CRASH: &str = r#"import sys
print(500, flush=True)
sys.stdin.readline()
raise SystemExit(3)
"#;

#[test]
fn a_guessing_game_gives_each_submission_the_reference_runners_verdict() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("interactive");
    let package = tree.package("guess");
    package
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 1\n")
        .file("output_validator/interactor.py", INTERACTOR)
        .case("sample/1", "1\n", "")
        .case("secret/1", "777\n", "")
        .case("secret/2", "1000\n", "")
        .file("submissions/accepted/binary.py", BINARY_SEARCH)
        .file("submissions/wrong_answer/linear.py", LINEAR)
        .file("submissions/time_limit_exceeded/no_flush.py", NO_FLUSH)
        .file("submissions/run_time_error/crash.py", CRASH)
        .file("submissions/run_time_error/exit_at_once.py", EXIT_AT_ONCE);
    let judged = tree.judge(&["guess", "--cases"]);
    assert_eq!(
        judged.code, 0,
        "every submission gets its folder's verdict:\n{judged}"
    );
    judged.line(&["ok", "accepted/binary.py", "AC 3/3"]);
    judged.line(&["ok", "wrong_answer/linear.py", "WA"]);
    judged.line(&["ok", "time_limit_exceeded/no_flush.py", "TLE"]);
    judged.line(&["ok", "run_time_error/crash.py", "RE"]);
    judged.line(&["ok", "run_time_error/exit_at_once.py", "RE"]);
    // The interactor's judgemessage.txt is the WA's note.
    judged.line(&["WA", "secret/1", "10 guesses and no hit"]);
}

#[test]
fn an_interactor_that_fails_is_the_judges_error() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("interactive-broken");
    tree.package("guess")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 1\n")
        .file("output_validator/interactor.py", "import sys\nsys.stdin.readline()\nraise ValueError('an interactor bug')\n")
        .case("secret/1", "7\n", "")
        .file("submissions/accepted/binary.py", BINARY_SEARCH);
    let judged = tree.judge(&["guess", "--cases"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.line(&[
        "JE",
        "secret/1",
        "the interactor exited with code 1",
        "an interactor bug",
    ]);
}

#[test]
fn an_interactive_problem_without_an_interactor_is_refused_by_name() {
    let tree = Tree::new("interactive-missing");
    tree.package("guess")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\n")
        .case("secret/1", "7\n", "")
        .file("submissions/accepted/binary.py", BINARY_SEARCH);
    let judged = tree.judge(&["guess"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says(
        "an interactive problem needs an output validator (the interactor) in output_validator/",
    );
}

#[test]
fn a_submission_that_never_reads_is_tle_however_the_interactor_is_stuck() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("interactive-flood");
    tree.package("guess")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 1\n")
        .file("output_validator/interactor.py", PATIENT_INTERACTOR)
        .case("secret/1", "7\n", "")
        .file("submissions/time_limit_exceeded/flood.py", FLOOD);
    let judged = tree.judge(&["guess", "--cases"]);
    assert_eq!(judged.code, 0, "{judged}");
    // TLE, the submission's own end, says the interactor ended by itself: once the submission is over,
    // the judge reads and drops what the interactor still writes to it, so the interactor's blocked write
    // returns, it reads the end of the submission's output, and it exits 43. An interactor left stuck on
    // that full pipe would be stopped at its own wall clock, and an interactor stopped at a limit is the
    // judge's error (JE), whatever the submission did (`checker::interactive::decide`).
    judged.line(&["TLE", "secret/1"]);
}

#[test]
fn an_interactor_that_closes_its_output_gives_the_submission_its_end_of_file() {
    if !common::have(&["python3"]) {
        return;
    }
    // The interactor sends numbers and closes its stdout; the submission sums them up to the end of its
    // input. No process of the sandbox but the interactor may hold that pipe open (BAPCtools'
    // pseudointeraction: the submission waited for more until its wall clock, TLE).
    let tree = Tree::new("interactive-eof");
    tree.package("sum")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Sum\ntype: interactive\nlimits:\n  time_limit: 1\n")
        .file(
            "output_validator/interactor.py",
            "import os, sys\nsys.stdout.write('1\\n2\\n3\\n'); sys.stdout.flush(); os.close(1)\n\
             sys.exit(42 if sys.stdin.readline().strip() == '6' else 43)\n",
        )
        .case("secret/1", "\n", "")
        .file(
            "submissions/accepted/to_eof.py",
            "import sys\nprint(sum(int(line) for line in sys.stdin))\n",
        );
    let judged = tree.judge(&["sum", "--cases"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["AC", "secret/1"]);
}

#[test]
fn a_submission_that_leaves_the_interaction_first_is_judged_by_its_own_end() {
    if !common::have(&["python3"]) {
        return;
    }
    // A crashing program closes its files before its parent reaps it: the interactor reads the end of its
    // output, says WA, and may be reaped first on a loaded machine (BAPCtools' assert-at-start submission
    // was judged WA so, where RTE is right). The submission's end is when its output closed: here it closes
    // it, lingers, and fails; the interactor answers the end of file at once. RE, not the interactor's WA,
    // as BAPCtools' own `guess_close_stdout_1.cpp` / `_2.cpp` expect (RTE; and TLE for one that spins after
    // closing). problemtools' runner, which orders by exit, would say WA here: the two disagree, and this
    // judge follows the one that states it in a test.
    let tree = Tree::new("interactive-leaves");
    tree.package("guess")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 2\n")
        .file("output_validator/interactor.py", INTERACTOR)
        .case("secret/1", "7\n", "")
        .file(
            "submissions/run_time_error/leaves.py",
            "import os, time\nos.close(1)\ntime.sleep(0.3)\nraise SystemExit(1)\n",
        );
    let judged = tree.judge(&["guess", "--cases"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["RE", "secret/1"]);
}

/// An interactor that reads one line and says WA about it at once, whatever it is (its end of file too).
const ANSWERS_THE_FIRST_LINE: &str = r#"import sys
line = sys.stdin.readline()
open(sys.argv[3] + "judgemessage.txt", "w").write("the first line was %r\n" % line)
sys.exit(43)
"#;

/// The pids of the running Python programs whose command line holds `marker` (a program's file name): not
/// its compile check (`py_compile` names the file too), nor its sandbox's helper and init (the judge's
/// binary, whose arguments name the program).
fn processes_of(marker: &str) -> Vec<u32> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse().ok()?;
            let command_line = fs::read(entry.path().join("cmdline")).ok()?;
            let command_line = String::from_utf8_lossy(&command_line);
            let program = command_line.split('\0').next().unwrap_or("");
            (program.contains("python")
                && command_line.contains(marker)
                && !command_line.contains("py_compile"))
            .then_some(pid)
        })
        .collect()
}

/// Runs the judge with `args`, and the moment a process of `submission` appears, stops the judge itself
/// (SIGSTOP: every thread of it, its relay and its clocks) until no process of `interactor` is left, or
/// `at_most`: the programs run on without it, as a judge starved by a loaded machine sees them.
fn judged_while_the_judge_sleeps(
    tree: &Tree,
    args: &[&str],
    submission: &str,
    interactor: &str,
    at_most: Duration,
) -> common::Judged {
    let mut child = tree
        .command(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let judge = child.id().to_string();
    let signal = |name: &str| {
        let sent = Command::new("kill").args([name, &judge]).status().unwrap();
        assert!(sent.success(), "kill {name} {judge}");
    };
    while processes_of(submission).is_empty() {
        if child.try_wait().unwrap().is_some() {
            let judged = common::Judged::from(child.wait_with_output().unwrap());
            panic!("the judge ended before {submission} was seen running:\n{judged}");
        }
        thread::sleep(Duration::from_millis(2));
    }
    signal("-STOP");
    let stopped = Instant::now();
    while !processes_of(interactor).is_empty() && stopped.elapsed() < at_most {
        thread::sleep(Duration::from_millis(5));
    }
    signal("-CONT");
    common::Judged::from(child.wait_with_output().unwrap())
}

#[test]
fn a_wa_that_answers_the_submissions_end_of_file_never_comes_first_however_late_the_judge_looks() {
    if !common::have(&["python3", "kill"]) {
        return;
    }
    // The submission closes its output, lingers and fails; the interactor answers that end of file with
    // WA at once. The judge is stopped from the submission's start until the interactor is gone (or 1.5 s):
    // a judge that timed the two ends by its own clock saw the output close only when it woke, after the
    // interactor had ended, and said WA (BAPCtools' guess_close_stdout_1.cpp: RTE, RE, WA on three runs
    // of a loaded machine). The end of file reaches the interactor only through the judge: RE every time.
    let tree = Tree::new("interactive-late-judge");
    tree.package("guess")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 3\n")
        .file("output_validator/answers_eof.py", ANSWERS_THE_FIRST_LINE)
        .case("secret/1", "7\n", "")
        .file(
            "submissions/run_time_error/closes_then_fails.py",
            "import os, time\ntime.sleep(0.3)\nos.close(1)\ntime.sleep(1)\nraise SystemExit(1)\n",
        );
    let judged = judged_while_the_judge_sleeps(
        &tree,
        &["guess", "--cases"],
        "closes_then_fails.py",
        "answers_eof.py",
        Duration::from_millis(1500),
    );
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["RE", "secret/1", "exit code 1"]);
}

#[test]
fn a_wa_given_before_the_submission_ended_decides_however_the_submission_goes_on() {
    if !common::have(&["python3"]) {
        return;
    }
    // The submission writes a wrong first line, then computes (30 % of its CPU limit) and blocks for good;
    // the interactor says WA on that line. Its WA is the verdict, and the submission is stopped then.
    // Before, it ran on to its wall clock with CPU enough to look starved, was re-run alone, and was UD
    // (the rule put the load's UD before the interactor's WA): on a loaded machine BAPCtools'
    // guess_tle.cc (WA, then a busy loop) was UD so.
    let tree = Tree::new("interactive-wa-first");
    tree.package("guess")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 1\n")
        .file("output_validator/answers_eof.py", ANSWERS_THE_FIRST_LINE)
        .case("secret/1", "7\n", "")
        .file(
            "submissions/wrong_answer/wrong_then_stuck.py",
            "import time\nprint(-1, flush=True)\nend = time.process_time() + 0.3\n\
             while time.process_time() < end: pass\ntime.sleep(100)\n",
        );
    let judged = tree.judge(&["guess", "--cases"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["WA", "secret/1", "the first line was '-1\\n'"]);
}

#[test]
fn a_submission_that_computes_then_blocks_is_tle_at_its_wall_clock() {
    if !common::have(&["python3"]) {
        return;
    }
    // It computes (30 % of its CPU limit), then waits for a line the interactor never sends (the
    // interactor waits for its line too). The wall clock finds both asleep: TLE. Before, CPU past 10 %
    // of the limit counted as starved: it was run again alone and was UD.
    // A TLE at the wall clock needs the pair's own time (wall less the machine's wait) to reach it:
    // beside CPU hogs at load 12 its 0.4 s of CPU took 3-4 s of waiting, past what the re-run's 6 s
    // left, and it was UD, honestly. `--wall-mult 3` keeps that wait far from the wall clock (18 s in
    // the re-run); CPU time, the verdict, is untouched.
    let tree = Tree::new("interactive-blocks");
    tree.package("guess")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 1\n")
        .file("output_validator/answers_eof.py", ANSWERS_THE_FIRST_LINE)
        .case("secret/1", "7\n", "")
        .file(
            "submissions/time_limit_exceeded/computes_then_waits.py",
            "import sys, time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n\
             sys.stdin.readline()\n",
        );
    let judged = tree.judge(&["guess", "--cases", "--wall-mult", "3"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["TLE", "secret/1", "sleeping or blocked"]);
}

#[test]
fn a_submission_waiting_on_a_starved_interactor_is_never_tle() {
    if !common::have(&["python3", "gcc"]) {
        return;
    }
    // The interactor cannot run before the submission's wall clock: it waits in vfork for a child that
    // sleeps, a wait the kernel shows as uninterruptible (D), as a starved interactor's is runnable (R:
    // on a loaded machine BAPCtools' guess, our own guessing game, had accepted files TLE so, blocked on
    // an interactor that had not been given the CPU to answer). The submission's wall clock comes with the
    // submission asleep but the interactor not: the machine, not the file, ran out of time. Re-run alone
    // (its wall clock 6 s, the interactor's wait 8 s), and as it never ends, UD; before, TLE at once.
    let tree = Tree::new("interactive-starved");
    tree.package("guess")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 1\n")
        .file(
            "output_validator/stuck.c",
            "#include <unistd.h>\nint main(void) { if (vfork() == 0) { sleep(8); _exit(0); } return 43; }\n",
        )
        .case("secret/1", "7\n", "")
        .file(
            "submissions/accepted/guesses.py",
            "import sys\nprint(500, flush=True)\nsys.stdin.readline()\n",
        );
    let judged = tree.judge(&["guess", "--cases"]);
    judged.line(&["UD", "secret/1", "re-run alone"]);
}

#[test]
fn an_interactor_that_never_reads_nor_ends_is_a_je_within_the_cases_own_clock() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("interactive-asleep");
    tree.package("guess")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\nlimits:\n  time_limit: 1\n")
        .file("output_validator/interactor.py", "import time\nwhile True:\n    time.sleep(1)\n")
        .case("secret/1", "7\n", "")
        .file("submissions/accepted/binary.py", BINARY_SEARCH);
    let started = Instant::now();
    let judged = tree.judge(&["guess", "--cases"]);
    let seconds = started.elapsed().as_secs();
    assert_eq!(judged.code, 2, "{judged}");
    judged.line(&["JE", "secret/1", "the interactor was stopped at a limit"]);
    // Once the submission has ended (at its 2 s wall clock, 6 s re-run alone), the interactor has as long
    // again to decide: seconds, where before it had the format's validator wall clock (2 ×
    // validation_time: 120 s per case).
    assert!(seconds < 60, "{seconds} s\n{judged}");
}
