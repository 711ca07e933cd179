//! Interactive problems through the judge binary: a guessing game whose interactor (the package's output
//! validator) answers `<`, `>` or `=` to each guess, and submissions that play it well, badly, without
//! flushing, or crash — each must get the verdict the format's reference runner gives it.

use crate::common;

use common::Tree;

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
    let started = std::time::Instant::now();
    let judged = tree.judge(&["guess", "--cases"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["TLE", "secret/1"]);
    // The submission's wall clock (2 s) and the interactor's grace, not the validation limit (60 s).
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "{judged}"
    );
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
