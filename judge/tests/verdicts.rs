//! End to end: the judge binary on one package whose example submissions are the misbehaving fixture
//! programs (`tests/fixtures/programs/`), each in the verdict folder it must land in. The `--json` report
//! gives each its verdict — the judge's finer ones (PE, MLE, OLE) kept — and the notes a contestant needs;
//! exit code 0, as every submission got what its folder expects. The compile error goes through
//! `--solution` (a CE breaks every folder's rule).

use crate::common;

use common::{fixtures, Report, Tree, SUM_ANSWER, SUM_INPUT};

/// Every fixture, the folder it goes in, and the verdict it must get on the one case.
const SUBMISSIONS: [(&str, &str, &str); 14] = [
    ("accepted", "ac", "AC"),
    ("accepted", "escape", "AC"),
    ("accepted", "infiltrator", "AC"),
    ("accepted", "orphan", "AC"),
    ("accepted", "recursion", "AC"),
    ("run_time_error", "alloc", "MLE"),
    ("run_time_error", "big", "OLE"),
    ("run_time_error", "exit3", "RE"),
    ("run_time_error", "panic", "RE"),
    ("time_limit_exceeded", "busy", "TLE"),
    // Past the output cap it runs on, its output discarded, as the format's judges run it: TLE.
    ("time_limit_exceeded", "flood", "TLE"),
    ("time_limit_exceeded", "sleep", "TLE"),
    ("wrong_answer", "pe", "PE"),
    ("wrong_answer", "wa", "WA"),
];

/// The fixtures that meet their CPU limit by using CPU (TLE), which a starved machine may not give them
/// within the wall clock, even re-run alone: UD is their honest alternative.
const CPU_BOUND: [&str; 2] = ["/busy.rs", "/flood.rs"];

/// The sum package with every fixture as an example submission. One time limit for all: 1 s (the sleeper
/// meets the wall clock at 2 s); 64 MiB, so the 600 MiB allocation fails; output capped at 1 MiB (the
/// format's smallest), past which the flood's output is discarded; the layout checked, so two lines for one is PE.
fn verdicts_package(tree: &Tree) {
    let package = tree.package("sum");
    package
        .problem_yaml("name: Sum\nlimits:\n  time_limit: 1\n  memory: 64\n  output: 1\n")
        .case("secret/1", SUM_INPUT, SUM_ANSWER)
        .testdata_yaml("secret", "output_validator_flags: space_change_sensitive\n");
    for (folder, fixture, _) in SUBMISSIONS {
        package.submission(&format!("{folder}/{fixture}.rs"), &format!("{fixture}.rs"));
    }
}

#[test]
fn every_misbehaviour_gets_its_verdict_and_lands_in_its_folder() {
    let tree = Tree::new("verdicts");
    verdicts_package(&tree);
    let json = tree.root.join("report.json");
    let judged = tree.judge(&["sum", "--json", json.to_str().unwrap()]);
    let report = Report::read(&json);
    // A busy loop's TLE needs its CPU limit's worth of CPU within three wall clocks (re-run alone): beside
    // CPU hogs at load 12 a busy loop got 0.7 s of CPU in 6 s of wall, and the judge honestly says UD
    // (the machine too loaded to tell), never TLE nor a pass. That, and only that, is its alternative.
    let undecided = |c: &common::Object| {
        c.verdict() == "UD"
            && c.raw("rerun") == "true"
            && c.str("note")
                .contains("even re-run alone: the machine is too loaded to tell")
    };
    let got: Vec<(String, String)> = report
        .cases()
        .iter()
        .map(|c| {
            let submission = c.str("submission");
            let cpu_bound = CPU_BOUND.iter().any(|s| submission.ends_with(s));
            match c.verdict() {
                _ if cpu_bound && undecided(c) => (submission, "TLE".to_string()),
                verdict => (submission, verdict),
            }
        })
        .collect();
    let want: Vec<(String, String)> = SUBMISSIONS
        .iter()
        .map(|(folder, fixture, verdict)| (format!("{folder}/{fixture}.rs"), verdict.to_string()))
        .collect();
    assert_eq!(
        got, want,
        "verdicts by submission (UD read as TLE where it is honest)\n{judged}"
    );
    assert!(
        report.cases().iter().all(|c| c.str("case") == "secret/1"),
        "{}",
        report.text
    );
    let undecided = report.cases().iter().filter(|c| undecided(c)).count();
    for summary in report.submissions() {
        if summary.str("verdict") != "UD" {
            assert_eq!(summary.raw("unmet"), "null", "{summary:?}");
        }
    }
    // A UD breaks its folder's rule and is the judge's exit code 2: the machine, not the file, failed.
    assert_eq!(
        judged.code,
        if undecided == 0 { 0 } else { 2 },
        "every submission got what its folder expects, or was UD\n{judged}"
    );
    let met = format!(
        "{} of 14 example submissions got what their folder expects",
        14 - undecided
    );
    assert!(judged.stdout.contains(&met), "{met}\n{judged}");

    let case = |submission: &str| report.case(submission, "secret/1");
    // The figures behind the verdicts: stack memory counted, the small stay small. (CPU figures are
    // asserted in runner.rs: on a loaded machine the busy loop may meet the wall watchdog first.)
    let recursion = case("accepted/recursion.rs");
    assert!(recursion.num("memory_kib") >= 20 << 10, "{recursion:?}");
    let ac = case("accepted/ac.rs");
    assert!(ac.num("memory_kib") < 16 << 10, "{ac:?}");
    let sleep = case("time_limit_exceeded/sleep.rs");
    assert!(
        sleep.num("cpu_ms") < 100,
        "the sleeper met the wall watchdog: {sleep:?}"
    );
    // The notes carry what a contestant needs: the panic message, the exit code, where the layout differs,
    // which limit was met.
    let notes = [
        ("run_time_error/panic.rs", "fixture panic: no numbers read"),
        ("run_time_error/exit3.rs", "exit code 3"),
        ("run_time_error/alloc.rs", "limit 64 MiB"),
        ("run_time_error/big.rs", "1 MiB"),
        ("wrong_answer/pe.rs", "whitespace"),
        ("wrong_answer/wa.rs", "expected \"3\", found \"4\""),
        ("time_limit_exceeded/sleep.rs", "wall-clock"),
    ];
    for (submission, note) in notes {
        let got = case(submission);
        assert!(got.str("note").contains(note), "{note:?} not in {got:?}");
    }
}

#[test]
fn a_compile_error_quotes_the_compiler() {
    let tree = Tree::new("verdicts-ce");
    tree.sum_package("sum");
    let json = tree.root.join("report.json");
    let ce = fixtures().join("programs/ce.rs");
    let judged = tree.judge(&[
        "sum",
        "--solution",
        ce.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(judged.code, 1, "{judged}");
    let report = Report::read(&json);
    let case = report.case(ce.to_str().unwrap(), "secret/1");
    assert_eq!(case.verdict(), "CE");
    assert!(case.str("note").contains("mismatched types"), "{case:?}");
    judged.line(&["CE compile error"]);
    judged.line(&["error[E0308]: mismatched types"]);
}
