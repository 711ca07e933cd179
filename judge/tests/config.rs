//! The judge binary on temp testdata trees: a malformed problem.toml or a missing `.ans` is reported with the
//! file (and line), the other problems are still judged, and the exit code is 2; plus the empty-testdata,
//! usage, `--list`, `--case` and external-checker paths of the command line.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Output};

/// A sum-of-two-numbers solution every good problem below uses.
const SOLUTION: &str = "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    \
                        std::io::stdin().read_to_string(&mut s).unwrap();\n    \
                        let sum: i64 = s.split_whitespace().map(|t| t.parse::<i64>().unwrap()).sum();\n    \
                        println!(\"{sum}\");\n}\n";
const GOOD_TOML: &str = "solution = \"sol.rs\"\ntime_limit_ms = 2000\nmemory_limit_mb = 64\n";

/// A fresh workspace-like root: `<root>/sol.rs` and `<root>/testdata/`.
struct Tree {
    root: PathBuf,
}

impl Tree {
    fn new(name: &str) -> Tree {
        let root = std::env::temp_dir().join(format!("judge-config-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("testdata")).unwrap();
        fs::write(root.join("sol.rs"), SOLUTION).unwrap();
        Tree { root }
    }

    /// Writes `testdata/<path>`, creating folders.
    fn file(&self, path: &str, text: &str) -> &Tree {
        let path = self.root.join("testdata").join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
        self
    }

    fn testdata(&self) -> PathBuf {
        self.root.join("testdata")
    }

    /// Runs the judge on this tree with `args` after `--testdata`.
    fn judge(&self, args: &[&str]) -> (i32, String, String) {
        let out = judge(&[&["--testdata", self.testdata().to_str().unwrap()], args].concat());
        (
            out.status.code().unwrap_or(-1),
            text(&out.stdout),
            text(&out.stderr),
        )
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

fn judge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn good_problem(tree: &Tree, name: &str) {
    tree.file(&format!("{name}/problem.toml"), GOOD_TOML)
        .file(&format!("{name}/01.in"), "1 2\n")
        .file(&format!("{name}/01.ans"), "3\n");
}

#[test]
fn malformed_problems_are_reported_with_file_and_line_and_the_rest_judged() {
    let tree = Tree::new("malformed");
    good_problem(&tree, "b-good");
    tree.file(
        "a-unknown-key/problem.toml",
        &format!("# limits\n{GOOD_TOML}speed = 3\n"),
    )
    .file("a-unknown-key/01.in", "1 2\n")
    .file("a-unknown-key/01.ans", "3\n");
    tree.file(
        "c-wrong-type/problem.toml",
        "solution = \"sol.rs\"\ntime_limit_ms = \"2000\"\nmemory_limit_mb = 64\n",
    )
    .file("c-wrong-type/01.in", "1 2\n")
    .file("c-wrong-type/01.ans", "3\n");
    tree.file("d-missing-ans/problem.toml", GOOD_TOML)
        .file("d-missing-ans/01.in", "1 2\n")
        .file("d-missing-ans/sub/02.in", "2 2\n");
    tree.file("d-missing-ans/01.ans", "3\n");
    tree.file(
        "e-missing-key/problem.toml",
        "solution = \"sol.rs\"\ntime_limit_ms = 2000\n",
    )
    .file("e-missing-key/01.in", "")
    .file("e-missing-key/01.ans", "");
    let json = tree.root.join("report.json");
    let (code, stdout, stderr) = tree.judge(&["--json", json.to_str().unwrap()]);
    assert_eq!(code, 2, "stdout:\n{stdout}\nstderr:\n{stderr}");
    let td = tree.testdata();
    let td = td.display();
    for expected in [
        format!("{td}/a-unknown-key/problem.toml:5: unknown key `speed`"),
        format!(
            "{td}/c-wrong-type/problem.toml:2: `time_limit_ms` must be an integer, found a string"
        ),
        format!("{td}/d-missing-ans/sub/02.in: no matching {td}/d-missing-ans/sub/02.ans"),
        format!("{td}/e-missing-key/problem.toml: missing key `memory_limit_mb`"),
    ] {
        assert!(
            stderr.contains(&expected),
            "missing {expected:?} in stderr:\n{stderr}"
        );
    }
    assert!(
        stdout.contains("b-good: sol.rs · 2000 ms · 64 MiB · checker lines · 1 case"),
        "{stdout}"
    );
    assert!(stdout.contains("  AC  01"), "{stdout}");
    let report = fs::read_to_string(&json).unwrap();
    assert!(
        report.contains(
            "{\"problem\": \"b-good\", \"case\": \"01\", \"group\": \"official\", \"verdict\": \"AC\", \"cpu_ms\": "
        ),
        "{report}"
    );
    assert!(
        report.contains("unknown key `speed`"),
        "the JSON lists the judge's errors too:\n{report}"
    );
    assert!(
        !report.contains("\"problem\": \"a-unknown-key\""),
        "a broken problem is not judged:\n{report}"
    );
}

#[test]
fn empty_testdata_says_so_and_exits_0() {
    let tree = Tree::new("empty");
    let (code, stdout, _) = tree.judge(&[]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        format!(
            "no problems in {}: nothing to judge\n",
            tree.testdata().display()
        )
    );
}

#[test]
fn unreadable_testdata_usage_errors_and_help() {
    let out = judge(&["--testdata", "/nonexistent/judge-testdata"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("/nonexistent/judge-testdata: cannot read the testdata dir"),
        "{}",
        text(&out.stderr)
    );
    let out = judge(&["--bogus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("judge: unknown option `--bogus`"));
    let out = judge(&["-j", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let out = judge(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("--tl-mult X"));
}

#[test]
fn unknown_problem_names_are_errors_but_named_ones_are_judged() {
    let tree = Tree::new("named");
    good_problem(&tree, "p");
    good_problem(&tree, "q");
    let (code, stdout, stderr) = tree.judge(&["q", "nope", "q"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no problem `nope`"), "{stderr}");
    assert_eq!(
        stdout.matches("q: sol.rs").count(),
        1,
        "a repeated name is judged once:\n{stdout}"
    );
    assert!(
        stdout.contains("q: sol.rs") && !stdout.contains("p: sol.rs"),
        "{stdout}"
    );
}

#[test]
fn a_problem_may_be_named_by_its_path_as_a_shell_completes_it() {
    let tree = Tree::new("path-named");
    good_problem(&tree, "p");
    good_problem(&tree, "q");
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["--testdata", "testdata", "testdata/q/", "q"])
        .current_dir(&tree.root)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(stdout.matches("q: sol.rs").count(), 1, "{stdout}");
    assert!(!stdout.contains("p: sol.rs"), "{stdout}");
}

#[test]
fn list_and_case_patterns_keep_name_order() {
    let tree = Tree::new("list");
    tree.file("p/problem.toml", GOOD_TOML);
    for (case, input, answer) in [
        ("10", "5 5", "10"),
        ("2", "1 1", "2"),
        ("sub/1", "0 1", "1"),
        ("sub/0", "0 0", "0"),
    ] {
        tree.file(&format!("p/{case}.in"), input)
            .file(&format!("p/{case}.ans"), answer);
    }
    let (code, stdout, _) = tree.judge(&["--list"]);
    assert_eq!(code, 0);
    assert_eq!(stdout, format!("p: 4 cases (0 beyond), 2000 ms, 64 MiB, checker lines, solution {}\n  10\n  2\n  sub/0\n  sub/1\n", tree.root.join("sol.rs").display()));
    let (code, stdout, _) = tree.judge(&["-j", "2"]);
    assert_eq!(code, 0);
    let shown: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("  AC  "))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(
        shown,
        ["10", "2", "sub/0", "sub/1"],
        "live lines in name order whatever the parallelism:\n{stdout}"
    );
    let json = tree.root.join("r.json");
    let (code, _, stderr) = tree.judge(&[
        "--case",
        "sub/*",
        "-j",
        "2",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let report = fs::read_to_string(&json).unwrap();
    let cases: Vec<&str> = report
        .lines()
        .filter(|l| l.starts_with("{\"problem\": \"p\", \"case\""))
        .collect();
    assert_eq!(cases.len(), 2, "{report}");
    assert!(
        cases[0].contains("\"case\": \"sub/0\"") && cases[1].contains("\"case\": \"sub/1\""),
        "{report}"
    );
    let (code, _, stderr) = tree.judge(&["--case", "zzz"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--case zzz: no case matches"), "{stderr}");
    // A pattern matches whole names: the likely intent is said.
    let (code, _, stderr) = tree.judge(&["--case", "sub"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--case sub: no case matches (a pattern matches whole names: `sub*`?)"),
        "{stderr}"
    );
}

#[test]
fn external_checker_verdicts_and_judge_errors() {
    let tree = Tree::new("program");
    // Checkers live beside their testdata: a relative program path is taken from the problem's folder.
    let checker = |problem: &str, body: &str| {
        let path = tree.testdata().join(problem).join("check.sh");
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    };
    checker("wa", "echo 'wrong answer: 3rd token' >&2; exit 1");
    checker("je", "echo 'cannot parse the answer' >&2; exit 3");
    for problem in ["wa", "je"] {
        tree.file(
            &format!("{problem}/problem.toml"),
            &format!("{GOOD_TOML}checker = \"program:check.sh\"\n"),
        )
        .file(&format!("{problem}/01.in"), "1 2\n")
        .file(&format!("{problem}/01.ans"), "3\n");
    }
    let (code, stdout, _) = tree.judge(&["wa"]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("WA  01") && stdout.contains("wrong answer: 3rd token"),
        "{stdout}"
    );
    let (code, stdout, _) = tree.judge(&["je"]);
    assert_eq!(
        code, 2,
        "a checker failure means the verdicts cannot be trusted: the judge's own error"
    );
    assert!(
        stdout.contains("JE  01")
            && stdout.contains("checker: the checker exited with code 3: cannot parse the answer"),
        "{stdout}"
    );
}

#[test]
fn relative_solution_paths_resolve_against_the_testdata_parent() {
    let tree = Tree::new("relative");
    good_problem(&tree, "p");
    // Run from elsewhere: the path in problem.toml is still found under the testdata dir's parent.
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["--testdata", "testdata"])
        .current_dir(&tree.root)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("  AC  01"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_run_stopped_at_its_cpu_limit_is_tle_without_a_second_wait() {
    let tree = Tree::new("rerun");
    fs::write(tree.root.join("busy.rs"), "fn main() {\n    let mut x: u64 = 1;\n    loop {\n        x = std::hint::black_box(x.wrapping_mul(3));\n    }\n}\n").unwrap();
    tree.file(
        "busy/problem.toml",
        "solution = \"busy.rs\"\ntime_limit_ms = 200\nmemory_limit_mb = 64\n",
    )
    .file("busy/01.in", "")
    .file("busy/01.ans", "");
    good_problem(&tree, "quick");
    let json = tree.root.join("r.json");
    let (code, stdout, _) = tree.judge(&["-j", "2", "--json", json.to_str().unwrap()]);
    assert_eq!(code, 1, "{stdout}");
    let report = fs::read_to_string(&json).unwrap();
    let line = |problem: &str| {
        report
            .lines()
            .find(|l| l.starts_with(&format!("{{\"problem\": \"{problem}\"")))
            .unwrap()
            .to_string()
    };
    let busy = line("busy");
    assert!(busy.contains("\"verdict\": \"TLE\""), "{report}");
    // Stopped at the CPU limit: TLE at once. Only on a machine so loaded that the wall clock ran out
    // first, with CPU to spare, is it re-run alone — the one case where load could decide the verdict.
    if busy.contains("stopped by the wall-clock limit") {
        assert!(busy.ends_with("\"rerun\": true},"), "{report}");
    } else {
        assert!(busy.ends_with("\"rerun\": false},"), "{report}");
        assert!(
            stdout.contains("  TLE 01 ") && stdout.contains("> limit 200 ms"),
            "{stdout}"
        );
    }
    assert!(
        line("quick").contains("\"verdict\": \"AC\"")
            && line("quick").ends_with("\"rerun\": false}"),
        "{report}"
    );
}

fn judge_within(tree: &Tree, args: &[&str], limit: std::time::Duration) -> (i32, String, String) {
    let testdata = tree.testdata();
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([&["--testdata", testdata.to_str().unwrap()], args].concat())
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the judge did not finish within {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

#[test]
fn odd_files_in_a_problem_folder_are_named_and_never_hang_the_judge() {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::symlink;
    let tree = Tree::new("odd-files");
    for name in [
        "a-loop",
        "a-root",
        "b-fifo",
        "c-dangling",
        "d-lone-ans",
        "e-not-utf8",
        "f-folder-in",
    ] {
        good_problem(&tree, name);
    }
    good_problem(&tree, "z-good");
    let td = tree.testdata();
    // Two links back up: walked naively, 2^40 paths before the kernel's ELOOP stops a single lookup.
    symlink(".", td.join("a-loop/here")).unwrap();
    symlink("../a-loop", td.join("a-loop/again")).unwrap();
    // A link to an ancestor is a loop too, found before the whole file system is walked.
    symlink("/", td.join("a-root/everything")).unwrap();
    // Opening a FIFO for reading blocks until a writer comes: it must never be given to a run.
    let fifo = td.join("b-fifo/02.in");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    fs::write(td.join("b-fifo/02.ans"), "3\n").unwrap();
    symlink("nowhere.in", td.join("c-dangling/02.in")).unwrap();
    fs::write(td.join("c-dangling/02.ans"), "3\n").unwrap();
    fs::write(td.join("d-lone-ans/02.ans"), "3\n").unwrap();
    fs::create_dir(td.join("f-folder-in/02.in")).unwrap();
    fs::write(td.join("f-folder-in/02.ans"), "3\n").unwrap();
    let odd = |ext: &str| {
        let mut name = std::ffi::OsString::from("02-");
        name.push(std::ffi::OsStr::from_bytes(b"\xff"));
        name.push(ext);
        td.join("e-not-utf8").join(name)
    };
    fs::write(odd(".in"), "1 2\n").unwrap();
    fs::write(odd(".ans"), "3\n").unwrap();
    let (code, stdout, stderr) = judge_within(&tree, &[], std::time::Duration::from_secs(60));
    assert_eq!(code, 2, "stdout:\n{stdout}\nstderr:\n{stderr}");
    let td = td.display();
    for expected in [
        format!("{td}/a-loop/again: a symlink loop back to {td}/a-loop"),
        format!("{td}/a-root/everything: a symlink loop back to /"),
        format!("{td}/b-fifo/02.in: not a regular file"),
        format!("{td}/c-dangling/02.in: not a regular file"),
        format!("{td}/d-lone-ans/02.ans: no matching {td}/d-lone-ans/02.in"),
        format!("{td}/f-folder-in/02.in: a folder named like a case file"),
        format!("{td}/e-not-utf8/02-\u{fffd}.in: the case name is not valid UTF-8"),
    ] {
        assert!(
            stderr.contains(&expected),
            "missing {expected:?} in stderr:\n{stderr}"
        );
    }
    assert!(
        stdout.contains("z-good: sol.rs") && stdout.contains("  AC  01"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("b-fifo: "),
        "a broken problem is not judged:\n{stdout}"
    );
}

#[test]
fn scratch_and_work_dirs_left_by_dead_judges_are_removed_at_start_up() {
    // An interrupted judge ends from its signal handler, where removing a folder tree is not safe, so its
    // scratch dir stays behind; the next judge removes it. A live judge's dir is left alone.
    let tree = Tree::new("stale-scratch");
    good_problem(&tree, "p");
    let tmp = tree.root.join("tmp");
    // pid_max is at most 2^22: no process has this pid.
    let dead = tmp.join("judge-4194305-1a2b");
    let live = tmp.join(format!("judge-{}-1a2b", std::process::id()));
    let other = tmp.join("judge-notes");
    for dir in [&dead, &live, &other] {
        fs::create_dir_all(dir).unwrap();
        fs::write(dir.join("worker-0.out"), "x").unwrap();
    }
    // Likewise a compile's work folder in the cache.
    let cache = tree.root.join("target/judge-cache");
    let dead_work = cache.join("0123456789abcdef.tmp-4194305-0");
    let live_work = cache.join(format!("0123456789abcdef.tmp-{}-0", std::process::id()));
    for dir in [&dead_work, &live_work] {
        fs::create_dir_all(dir).unwrap();
    }
    let testdata = tree.testdata();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["--testdata", testdata.to_str().unwrap()])
        .env("TMPDIR", &tmp)
        .env("CARGO_TARGET_DIR", tree.root.join("target"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        !dead.exists(),
        "the dead judge's scratch dir is still there"
    );
    assert!(live.exists() && other.exists());
    assert!(
        !dead_work.exists(),
        "the dead judge's work folder is still there"
    );
    assert!(live_work.exists());
    let left: Vec<_> = fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(
        left.len(),
        2,
        "the judge's own scratch dir is removed too: {left:?}"
    );
}

#[test]
fn a_scratch_dir_that_cannot_be_made_is_the_judges_error_said_once() {
    // TMPDIR is a file: no scratch dir, so nothing can run; the judge says so once and judges nothing.
    let tree = Tree::new("no-scratch");
    good_problem(&tree, "p");
    let not_a_dir = tree.root.join("sol.rs");
    let testdata = tree.testdata();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["--testdata", testdata.to_str().unwrap()])
        .env("TMPDIR", &not_a_dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert_eq!(
        stderr.matches("cannot make a scratch dir").count(),
        1,
        "{stderr}"
    );
    assert!(
        stderr.contains(&not_a_dir.display().to_string()),
        "{stderr}"
    );
    assert!(!stdout.contains("  AC"), "{stdout}");
}

#[test]
fn an_answer_that_cannot_be_read_is_je_naming_the_file() {
    // Reading /proc/self/mem from offset 0 fails (EIO) even for root, for whom permissions do not.
    let tree = Tree::new("unreadable-ans");
    tree.file("p/problem.toml", GOOD_TOML)
        .file("p/01.in", "1 2\n");
    let answer = tree.testdata().join("p/01.ans");
    std::os::unix::fs::symlink("/proc/self/mem", &answer).unwrap();
    let (code, stdout, _) = tree.judge(&[]);
    assert_eq!(code, 2, "{stdout}");
    let line = stdout.lines().find(|l| l.contains("JE  01")).unwrap();
    assert!(
        line.contains(&format!("checker: cannot read {}: ", answer.display())),
        "{line}"
    );
}

#[test]
fn a_flood_of_wrong_tokens_does_not_flood_the_judges_memory() {
    // 32 MiB of output, 16 Mi tokens (or lines): held once as text it is 32 MiB; as a vector of tokens
    // with their places it was 20 times that, per worker.
    flood_judged_within_160_mib("\"1 \"", "");
}

#[test]
fn a_flood_of_lines_does_not_flood_the_judges_memory() {
    flood_judged_within_160_mib("\"u\\n\"", "checker = \"lines\"\n");
}

/// Judges a program printing `piece` (a Rust string literal) 16 Mi times and asserts the judge's peak.
fn flood_judged_within_160_mib(piece: &str, checker: &str) {
    let tree = Tree::new(&format!("flood-{}", checker.len()));
    fs::write(
        tree.root.join("flood.rs"),
        format!(
            "use std::io::Write;\nfn main() {{\n    let text = {piece}.repeat(16 << 20);\n    \
             std::io::stdout().write_all(text.as_bytes()).unwrap();\n}}\n"
        ),
    )
    .unwrap();
    tree.file(
        "p/problem.toml",
        &format!("solution = \"flood.rs\"\ntime_limit_ms = 5000\nmemory_limit_mb = 256\n{checker}"),
    )
    .file("p/01.in", "1 2 3 4 5 6 7 x 8\n")
    .file("p/01.ans", "r\n");
    let testdata = tree.testdata();
    let mut judge = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["--testdata", testdata.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // wait4 gives the judge's own peak (ru_maxrss), which std's `wait` does not; std's then finds it reaped.
    let waited = judge::sys::wait(judge.id() as judge::sys::Pid).unwrap();
    let _ = judge.wait();
    assert_eq!(waited.status >> 8, 1, "WA: exit code 1");
    assert!(
        waited.max_rss_kib < 160 << 10,
        "the judge peaked at {} MiB",
        waited.max_rss_kib >> 10
    );
}

#[test]
fn a_report_file_that_cannot_be_written_fails_before_any_run() {
    let tree = Tree::new("unwritable-report");
    good_problem(&tree, "p");
    let json = tree.root.join("no-such-dir/r.json");
    let (code, stdout, stderr) = tree.judge(&["--json", json.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(&format!("{}: cannot write the JSON report", json.display())),
        "{stderr}"
    );
    assert!(!stdout.contains("AC  01"), "judged anyway:\n{stdout}");
}
