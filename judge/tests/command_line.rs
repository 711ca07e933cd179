//! The judge binary's command line on temp package trees: usage errors, help and exit codes; names that find
//! nothing; `--list` and `--case` in name order; a report that cannot be written; the judge's own
//! housekeeping (stale scratch dirs, a scratch dir it cannot make); a run stopped at its CPU limit judged
//! without a second wait; a flood of output that does not flood the judge's memory.

use crate::common;

use common::{judge_command, Judged, Report, Tree, SUM_YAML};
use std::fs;

#[test]
fn empty_testdata_says_so_and_exits_0() {
    let tree = Tree::new("empty");
    let judged = tree.judge(&[]);
    assert_eq!(judged.code, 0, "{judged}");
    assert_eq!(
        judged.stdout,
        format!(
            "no problems in {}: nothing to judge\n",
            tree.testdata().display()
        )
    );
}

#[test]
fn unreadable_testdata_usage_errors_and_help() {
    let run = |args: &[&str]| Judged::from(judge_command().args(args).output().unwrap());
    let judged = run(&["--testdata", "/nonexistent/judge-testdata"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says("judge: error: /nonexistent/judge-testdata: cannot read the testdata dir");
    let judged = run(&["--bogus"]);
    assert_eq!(judged.code, 2, "{judged}");
    assert!(
        judged
            .stderr
            .starts_with("judge: unknown option `--bogus`\nrun with --help for usage"),
        "{judged}"
    );
    for args in [
        &["-j", "0"][..],
        &["--tl-mult", "0"],
        &["--json"],
        &["--list=yes"],
        &["validate", "--solution", "x.c", "p"],
        &["--solution", "x.c"],
    ] {
        let judged = run(args);
        assert_eq!(judged.code, 2, "{args:?}: {judged}");
        assert!(judged.stderr.starts_with("judge: "), "{args:?}: {judged}");
        assert!(judged.stdout.is_empty(), "{args:?}: {judged}");
    }
    let judged = run(&["--help"]);
    assert_eq!(judged.code, 0, "{judged}");
    assert!(judged.stdout.contains("--tl-mult X"), "{judged}");
    assert!(
        judged.stdout.contains("judge validate [PROBLEM...]"),
        "{judged}"
    );
}

#[test]
fn unknown_problem_names_are_errors_but_named_ones_are_judged_once() {
    let tree = Tree::new("named");
    tree.sum_package("p");
    tree.sum_package("q");
    let judged = tree.judge(&["q", "nope", "q"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says(&format!(
        "judge: error: no problem `nope` in {}",
        tree.testdata().display()
    ));
    assert_eq!(
        judged.stdout.matches("q: 1000 ms").count(),
        1,
        "a repeated name is judged once:\n{judged}"
    );
    assert!(!judged.stdout.contains("p: 1000 ms"), "{judged}");
    judged.line(&["  ok    accepted/ac.rs ", "AC 1/1"]);
}

#[test]
fn exit_codes_say_whether_every_submission_got_what_its_folder_expects() {
    let tree = Tree::new("exit-codes");
    tree.sum_package("a-good")
        .submission("wrong_answer/wa.rs", "wa.rs");
    tree.sum_package("b-misplaced")
        .submission("accepted/wa.rs", "wa.rs");
    let judged = tree.judge(&["a-good"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["2 of 2 example submissions got what their folder expects"]);
    let judged = tree.judge(&["b-misplaced"]);
    assert_eq!(judged.code, 1, "{judged}");
    judged.line(&[
        "  FAIL  accepted/wa.rs ",
        "WA 0/1",
        "expected AC: WA on secret/1, where the folder accepted/ permits only AC",
    ]);
    judged.line(&["1 of 2 example submissions got what their folder expects (see FAILED above)"]);
}

#[test]
fn list_and_case_patterns_keep_name_order() {
    let tree = Tree::new("list");
    let package = tree.package("p");
    package
        .problem_yaml(SUM_YAML)
        .submission("accepted/ac.rs", "ac.rs");
    for (case, input, answer) in [
        ("secret/10", "5 5", "10 25"),
        ("secret/2", "1 1", "2 1"),
        ("secret/sub/1", "0 1", "1 0"),
        ("secret/sub/0", "0 0", "0 0"),
        ("sample/1", "1 2", "3 2"),
    ] {
        package.case(case, input, answer);
    }
    let judged = tree.judge(&["--list"]);
    assert_eq!(judged.code, 0, "{judged}");
    assert_eq!(
        judged.stdout,
        "p: Sum · 5 cases (0 beyond) · 1000 ms (problem.yaml) · 64 MiB · 1 submission\n  sample/1\n  \
         secret/10\n  secret/2\n  secret/sub/0\n  secret/sub/1\n  submissions/accepted/ac.rs (expects AC)\n"
    );
    // The format's order (sample, then secret by name) whatever the parallelism.
    let judged = tree.judge(&["--cases", "-j", "2"]);
    assert_eq!(judged.code, 0, "{judged}");
    let shown: Vec<&str> = judged
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("  AC  "))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(
        shown,
        [
            "sample/1",
            "secret/10",
            "secret/2",
            "secret/sub/0",
            "secret/sub/1"
        ],
        "{judged}"
    );
    let json = tree.root.join("r.json");
    let judged = tree.judge(&[
        "--case",
        "secret/sub/*",
        "-j",
        "2",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(judged.code, 0, "{judged}");
    let cases: Vec<String> = Report::read(&json)
        .cases()
        .iter()
        .map(|c| c.str("case"))
        .collect();
    assert_eq!(cases, ["secret/sub/0", "secret/sub/1"]);
    // A pattern matches whole names: the likely intent is said.
    let judged = tree.judge(&["--case", "sub"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says(
        "judge: error: --case sub: no case matches (case names are paths below data/, like `sample/1`: try `--case '*sub*'`)",
    );
}

#[test]
fn a_case_pattern_that_matches_nothing_judges_nothing() {
    let tree = Tree::new("case-nothing");
    tree.sum_package("p");
    let judged = tree.judge(&["--case", "zzz"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says("judge: error: --case zzz: no case matches");
    assert!(
        !judged.stdout.contains("ok"),
        "nothing was judged:\n{judged}"
    );
}

#[test]
fn a_report_file_that_cannot_be_written_fails_before_any_run() {
    let tree = Tree::new("unwritable-report");
    tree.sum_package("p");
    let json = tree.root.join("no-such-dir/r.json");
    let judged = tree.judge(&["--json", json.to_str().unwrap()]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says(&format!(
        "judge: error: {}: cannot write the JSON report",
        json.display()
    ));
    assert!(!judged.stdout.contains("AC"), "judged anyway:\n{judged}");
}

#[test]
fn a_run_stopped_at_its_cpu_limit_is_tle_without_a_second_wait() {
    let tree = Tree::new("rerun");
    tree.sum_package("p")
        .problem_yaml("name: Sum\nlimits:\n  time_limit: 0.2\n  memory: 64\n")
        .submission("time_limit_exceeded/busy.rs", "busy.rs");
    let json = tree.root.join("r.json");
    // `--wall-mult 20`: the 0.2 s CPU limit must stop the busy loop before its wall clock does, on a
    // loaded machine too (beside other tests at load 25 its share of a core ran out the wall clock first,
    // and the re-run alone, stopped at its CPU limit, left a report this test cannot tell from a re-run
    // of a CPU stop). The CPU limit is unchanged.
    let judged = tree.judge(&[
        "--cases",
        "-j",
        "2",
        "--wall-mult",
        "20",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(judged.code, 0, "{judged}");
    let report = Report::read(&json);
    let busy = report.case("time_limit_exceeded/busy.rs", "secret/1");
    assert_eq!(busy.verdict(), "TLE", "{busy:?}");
    // Stopped at the CPU limit: TLE at once. Only on a machine so loaded that the wall clock ran out
    // first, with CPU to spare, is it re-run alone — the one case where load could decide the verdict.
    if busy.str("note").contains("stopped by the wall-clock limit") {
        assert_eq!(busy.raw("rerun"), "true", "{busy:?}");
    } else {
        assert_eq!(busy.raw("rerun"), "false", "{busy:?}");
        judged.line(&["  TLE secret/1 ", "> limit 200 ms"]);
    }
    let quick = report.case("accepted/ac.rs", "secret/1");
    assert_eq!(
        (quick.verdict(), quick.raw("rerun")),
        ("AC".into(), "false".into())
    );
}

#[test]
fn scratch_and_work_dirs_left_by_dead_judges_are_removed_at_start_up() {
    // An interrupted judge ends from its signal handler, where removing a folder tree is not safe, so its
    // scratch dir stays behind; the next judge removes it. A live judge's dir is left alone.
    let tree = Tree::new("stale-scratch");
    tree.sum_package("p");
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
    let out = tree
        .command(&[])
        .env("TMPDIR", &tmp)
        .env("CARGO_TARGET_DIR", tree.root.join("target"))
        .output()
        .unwrap();
    let judged = Judged::from(out);
    assert_eq!(judged.code, 0, "{judged}");
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
    tree.sum_package("p");
    let not_a_dir = tree.file("not-a-dir", "");
    let judged = Judged::from(
        tree.command(&[])
            .env("TMPDIR", &not_a_dir)
            .output()
            .unwrap(),
    );
    assert_eq!(judged.code, 2, "{judged}");
    assert_eq!(
        judged.stderr.matches("cannot make a scratch dir").count(),
        1,
        "{judged}"
    );
    judged.says(&not_a_dir.display().to_string());
    assert!(!judged.stdout.contains("AC"), "{judged}");
}

#[test]
fn a_flood_of_wrong_tokens_does_not_flood_the_judges_memory() {
    // 32 MiB of output, 16 Mi tokens: held once as text it is 32 MiB; as a vector of tokens with their
    // places it was 20 times that, per worker.
    flood_judged_within_160_mib("flood-tokens", "\"1 \"", "");
}

#[test]
fn a_flood_of_lines_checked_for_their_layout_does_not_flood_the_judges_memory() {
    flood_judged_within_160_mib(
        "flood-lines",
        "\"u\\n\"",
        "output_validator_flags: space_change_sensitive\n",
    );
}

/// Judges a program printing `piece` (a Rust string literal) 16 Mi times, its group's testdata.yaml
/// `testdata_yaml`, and asserts the judge's peak memory.
fn flood_judged_within_160_mib(name: &str, piece: &str, testdata_yaml: &str) {
    let tree = Tree::new(name);
    tree.package("p")
        .problem_yaml("limits:\n  time_limit: 5\n  memory: 256\n  output: 64\n")
        .case("secret/1", "1 2 3 4 5 6 7 x 8\n", "r\n")
        .testdata_yaml("secret", testdata_yaml);
    let flood = tree.file(
        "flood.rs",
        &format!(
            "use std::io::Write;\nfn main() {{\n    let text = {piece}.repeat(16 << 20);\n    \
             std::io::stdout().write_all(text.as_bytes()).unwrap();\n}}\n"
        ),
    );
    let waited = common::waited(tree.command(&["p", "--solution", flood.to_str().unwrap()]));
    assert_eq!(waited.status >> 8, 1, "WA: exit code 1");
    assert!(
        waited.max_rss_kib < 160 << 10,
        "the judge peaked at {} MiB",
        waited.max_rss_kib >> 10
    );
}
