//! Problem packages written by someone hostile (or careless): what the judge must refuse, or show without
//! obeying, before it runs anything. Each test failed before the fix it guards.

use crate::common;

use common::{Tree, SUM_YAML};
use std::fs;

#[test]
fn a_problem_name_with_escape_sequences_is_shown_not_obeyed() {
    let tree = Tree::new("hostile-title");
    tree.sum_package("sum").problem_yaml(
        "name: \"Sum\\x1b[2J\\x1b]0;owned\\x07\\nsecond line\"\nlimits:\n  time_limit: 1\n  memory: 64\n",
    );
    let run = tree.judge(&["--list", "sum"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Before: the raw ESC and BEL reached the terminal (clear the screen, set the window title), and
    // the newline split the listing.
    assert!(!run.stdout.contains('\x1b'), "{:?}", run.stdout);
    assert!(!run.stdout.contains('\x07'), "{:?}", run.stdout);
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("sum: "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        line.contains("Sum\\u{1b}[2J\\u{1b}]0;owned\\u{7}\\nsecond line"),
        "{line}"
    );
}

#[test]
fn a_case_file_too_large_to_hold_in_memory_is_refused() {
    let tree = Tree::new("hostile-huge-case");
    let package = tree.sum_package("sum");
    package.problem_yaml(SUM_YAML);
    package.case("secret/2", "1 2\n", "");
    // Sparse: no disk is used, but reading it would take 1.5 GiB of memory (per parallel run).
    let answer = package.dir.join("data/secret/2.ans");
    fs::File::options()
        .write(true)
        .open(&answer)
        .unwrap()
        .set_len(3 << 29)
        .unwrap();
    let run = tree.judge(&["sum"]);
    // Before: the answer was read whole (1.5 GiB resident), the case judged WA after seconds.
    assert_eq!(run.code, 2, "{run}");
    run.says("2.ans: 1536 MiB, over the 1024 MiB a case file may have");
}

#[test]
fn a_huge_time_multiplier_is_refused_not_a_crash() {
    let tree = Tree::new("hostile-multiplier");
    tree.sum_package("sum").problem_yaml(
        "problem_format_version: 2023-07-draft\nname: Sum\nlimits:\n  memory: 64\n  time_multipliers:\n    ac_to_time_limit: 1e300\n",
    );
    let run = tree.judge(&["sum"]);
    // Before: the derived time limit was u64::MAX ms, and the judge panicked on an overflow (exit 101).
    assert_eq!(run.code, 2, "{run}");
    run.says("problem.yaml:6: `ac_to_time_limit` must be a number from 1 to 1000000");
}

#[test]
fn what_a_package_says_but_the_judge_cannot_use_is_warned_of() {
    let tree = Tree::new("hostile-silent");
    let package = tree.sum_package("sum");
    package
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Sum\nlimits:\n  time_limit: 1\n  memory: 64\n")
        .file("data/sample", "a file where the samples' folder belongs\n");
    fs::create_dir_all(package.dir.join("output_validator")).unwrap();
    let run = tree.judge(&["sum"]);
    assert_eq!(run.code, 0, "{run}");
    // Before: both silently ignored (the samples not judged, the default validator used).
    run.says("data/sample: not a folder: none of its cases is judged");
    run.says("output_validator: no program the judge can run in it: the default validator is used");
}

#[test]
fn a_quoted_number_is_said_to_be_a_string_and_a_huge_name_is_cut() {
    let tree = Tree::new("hostile-values");
    tree.sum_package("quoted")
        .problem_yaml("name: Sum\nlimits:\n  time_limit: \"2\"\n  memory: 64\n");
    let long = "x".repeat(10_000);
    tree.sum_package("long").problem_yaml(&format!(
        "name: {long}\nlimits:\n  time_limit: 1\n  memory: 64\n"
    ));
    let run = tree.judge(&["--list", "long"]);
    assert_eq!(run.code, 0, "{run}");
    // Before: a line of 10,000 x's.
    let line = run.line(&["long: xxx"]);
    assert!(line.chars().count() < 300, "{} chars", line.chars().count());
    let run = tree.judge(&["quoted"]);
    assert_eq!(run.code, 2, "{run}");
    // Before: "must be a number ≥ 0.001, found `2`".
    run.says("`limits.time_limit` must be a number from 0.001 to 1000000, found `\"2\"` (quoted: a string)");
}
