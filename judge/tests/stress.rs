//! `judge stress` end to end, through the judge binary and its sandbox: real bugs found and shrunk to
//! small inputs (Go capture's shared visited marks in C, POJ 2449 without its S = T rule in C++, Kadane
//! started at 0 in Rust against a Python brute force, a 32-bit overflow in one case of fifty), no false
//! alarm on right solutions, the same seed giving the same run at any -j, and every program of the run
//! that breaks named, never blamed on the solution.
//!
//! The runs that search for a failure and shrink it take a minute or more of CPU between them: they are
//! in the full run (`cargo test --workspace --release -- --include-ignored`); what a broken program of the
//! run gets is tested by default.

use crate::common;

use common::{fixtures, judge_command, within, Judged};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Long enough for a loaded machine to compile and run everything; a hang fails the test.
const LIMIT: Duration = Duration::from_secs(600);

fn fixture(name: &str) -> String {
    fixtures().join("stress").join(name).display().to_string()
}

/// The workspace's problem packages.
fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("testdata")
}

/// A temp folder for one test's saved files.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("judge-stress-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn read(&self, name: &str) -> String {
        fs::read_to_string(self.path(name))
            .unwrap_or_else(|e| panic!("{}: {e}", self.path(name).display()))
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// `judge stress ARGS` run in `dir`.
fn stress(dir: &Dir, args: &[&str]) -> Judged {
    let mut command = judge_command();
    command
        .arg("stress")
        .arg("--testdata")
        .arg(testdata())
        .args(args)
        .current_dir(&dir.0);
    // A run that must find a failure searches until it does: the inputs come in the seed's order, and a
    // loaded machine only reaches the failing one later (30 s, the default, was not always enough in CI).
    if !args.contains(&"--seconds") {
        command.args(["--seconds", "300"]);
    }
    within(command, LIMIT)
}

/// The generic form's Kadane problem: a Python generator and brute force, a Python input validator.
fn kadane_args<'a>(solution: &'a str, programs: &'a [String; 3]) -> Vec<&'a str> {
    vec![
        "--generator",
        &programs[0],
        "--reference",
        &programs[1],
        "--validator",
        &programs[2],
        "--solution",
        solution,
    ]
}

fn kadane_programs() -> [String; 3] {
    [
        fixture("max-subarray-random.py"),
        fixture("max-subarray-brute.py"),
        fixture("max-subarray-validate.py"),
    ]
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn go_capture_with_shared_visited_marks_shrinks_to_a_handful_of_stones() {
    let dir = Dir::new("go");
    let solution = fixture("go-dfs-shared-visited.c");
    let run = stress(
        &dir,
        &[
            "go-capture",
            "--solution",
            &solution,
            "--seed",
            "1",
            "--save",
            "go.in",
        ],
    );
    assert_eq!(run.code, 1, "{run}");
    let input = dir.read("go.in");
    let board: Vec<&str> = input.lines().take(9).collect();
    assert_eq!(board.len(), 9, "{input}");
    let stones = board
        .iter()
        .flat_map(|row| row.chars())
        .filter(|&c| c != '.')
        .count();
    assert!(stones <= 6, "{stones} stones:\n{input}");
    // The answer saved is the reference's; the solution said K.O. (the false capture).
    let answer = dir.read("go.ans");
    assert!(
        ["Safe\n", "Suicide\n"].contains(&answer.as_str()),
        "{answer:?}"
    );
    run.line(&["verdict: WA"]);
    assert!(run.stdout.contains("K.O."), "{run}");
    run.line(&["smallest failing input"]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn remmarguts_date_without_the_s_equals_t_rule_shrinks_to_a_tiny_graph() {
    let dir = Dir::new("kth");
    let solution = fixture("kth-walk-no-s-equals-t.cpp");
    let run = stress(
        &dir,
        &[
            "poj2449",
            "--solution",
            &solution,
            "--seed",
            "7",
            "--save",
            "kth.in",
        ],
    );
    assert_eq!(run.code, 1, "{run}");
    let input = dir.read("kth.in");
    let vertices: u32 = input.split_whitespace().next().unwrap().parse().unwrap();
    assert!(vertices <= 4, "{input}");
    let last = input.lines().last().unwrap();
    let (s, t) = {
        let mut words = last.split(' ');
        (words.next().unwrap(), words.next().unwrap())
    };
    assert_eq!(s, t, "the bug needs S = T:\n{input}");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn kadane_started_at_zero_shrinks_to_one_or_two_numbers() {
    let dir = Dir::new("kadane");
    let programs = kadane_programs();
    let solution = fixture("kadane-zero-start.rs");
    let mut args = kadane_args(&solution, &programs);
    args.extend(["--seed", "3", "--save", "kadane.in"]);
    let run = stress(&dir, &args);
    assert_eq!(run.code, 1, "{run}");
    let input = dir.read("kadane.in");
    let n: usize = input.lines().next().unwrap().parse().unwrap();
    assert!((1..=2).contains(&n), "{input}");
    assert!(
        input
            .lines()
            .nth(1)
            .unwrap()
            .split(' ')
            .all(|t| t.starts_with('-')),
        "{input}"
    );
    let answer: i64 = dir.read("kadane.ans").trim().parse().unwrap();
    assert!(answer < 0, "{answer}");
    assert!(run.stdout.contains("no input validator") || run.stdout.contains("validated by"));
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn one_overflowing_case_of_fifty_is_all_that_is_left() {
    let dir = Dir::new("pairs");
    let (generator, reference) = (fixture("pairs-random.py"), fixture("pairs-sum.py"));
    let solution = fixture("pairs-int-overflow.c");
    let run = stress(
        &dir,
        &[
            "--generator",
            &generator,
            "--reference",
            &reference,
            "--solution",
            &solution,
            "--seed",
            "5",
            "--save",
            "pairs.in",
        ],
    );
    assert_eq!(run.code, 1, "{run}");
    let input = dir.read("pairs.in");
    let lines: Vec<&str> = input.lines().collect();
    assert_eq!(lines.len(), 2, "{input}");
    assert_eq!(lines[0], "1");
    let sum: i64 = lines[1].split(' ').map(|t| t.parse::<i64>().unwrap()).sum();
    assert!(sum > i64::from(i32::MAX), "{input}");
    run.line(&["smallest failing input: 2 lines", "input #1: 51 lines"]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn right_solutions_raise_no_alarm() {
    let dir = Dir::new("right");
    let go = testdata().join("go-capture/submissions/accepted/dfs-scanf.c");
    let run = stress(
        &dir,
        &[
            "go-capture",
            "--solution",
            go.to_str().unwrap(),
            "--seconds",
            "4",
            "--seed",
            "2",
        ],
    );
    assert_eq!(run.code, 0, "{run}");
    run.line(&["no failure in", "seed 2"]);
    let programs = kadane_programs();
    let solution = fixture("kadane.cpp");
    let mut args = kadane_args(&solution, &programs);
    args.extend(["--seconds", "4", "--seed", "2"]);
    let run = stress(&dir, &args);
    assert_eq!(run.code, 0, "{run}");
    assert!(!dir.path("stress").exists(), "nothing saved");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn the_same_seed_gives_the_same_run_at_any_parallelism() {
    let dir = Dir::new("seed");
    let solution = fixture("go-dfs-shared-visited.c");
    let mut first_lines = Vec::new();
    for (jobs, save) in [("1", "one.in"), ("2", "two.in")] {
        let run = stress(
            &dir,
            &[
                "go-capture",
                "--solution",
                &solution,
                "--seed",
                "11",
                "-j",
                jobs,
                "--save",
                save,
            ],
        );
        assert_eq!(run.code, 1, "{run}");
        first_lines.push(run.line(&["fails:"]).to_string());
    }
    assert_eq!(first_lines[0], first_lines[1]);
    assert_eq!(dir.read("one.in"), dir.read("two.in"));
    assert_eq!(dir.read("one.ans"), dir.read("two.ans"));
}

#[test]
fn a_generator_that_crashes_is_named_and_nothing_is_blamed_on_the_solution() {
    let dir = Dir::new("crash");
    let [_, brute, validate] = kadane_programs();
    let programs = [fixture("crashing-generator.py"), brute, validate];
    let solution = fixture("kadane.cpp");
    let mut args = kadane_args(&solution, &programs);
    args.extend(["--seed", "1"]);
    let run = stress(&dir, &args);
    assert_eq!(run.code, 2, "{run}");
    run.says("the generator");
    run.says("crashing-generator.py");
    run.says("no room for a size of");
    assert!(!run.stdout.contains("smallest failing input"), "{run}");
}

#[test]
fn a_generator_printing_an_invalid_input_is_named_with_the_input_saved() {
    let dir = Dir::new("invalid");
    let [_, brute, validate] = kadane_programs();
    let programs = [fixture("invalid-generator.py"), brute, validate];
    let solution = fixture("kadane.cpp");
    let mut args = kadane_args(&solution, &programs);
    args.extend(["--seed", "1", "--save", "bad.in"]);
    let run = stress(&dir, &args);
    assert_eq!(run.code, 2, "{run}");
    run.says("invalid-generator.py printed an input that the input validator");
    run.says("max-subarray-validate.py rejects");
    run.says("bad.in");
    let saved = dir.read("bad.in");
    assert!(saved.starts_with("2\n"), "{saved:?}");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn an_invalid_input_is_never_blamed_on_the_solution_even_unvalidated_at_first() {
    // Its invalid inputs come only past the inputs validated first, among those validated once
    // something fails on them; the solution (Kadane started at 0) does fail on them.
    let dir = Dir::new("late-invalid");
    let [_, brute, validate] = kadane_programs();
    let programs = [fixture("late-invalid-generator.py"), brute, validate];
    let solution = fixture("kadane-zero-start.rs");
    let mut args = kadane_args(&solution, &programs);
    args.extend(["--seed", "1", "--save", "bad.in"]);
    let run = stress(&dir, &args);
    assert_eq!(run.code, 2, "{run}");
    run.says("late-invalid-generator.py printed an input that the input validator");
    assert!(!run.stdout.contains("smallest failing input"), "{run}");
    let saved = dir.read("bad.in");
    assert!(saved.starts_with("9\n"), "{saved:?}");
}

#[test]
fn a_reference_that_disagrees_with_itself_is_named() {
    let dir = Dir::new("moody");
    let [generator, _, validate] = kadane_programs();
    let programs = [generator, fixture("moody-reference.py"), validate];
    let solution = fixture("kadane.cpp");
    let mut args = kadane_args(&solution, &programs);
    args.extend(["--seed", "1", "--save", "moody.in"]);
    let run = stress(&dir, &args);
    assert_eq!(run.code, 2, "{run}");
    run.says("moody-reference.py gave two different answers to the same input");
    assert!(dir.path("moody.in").exists());
    assert!(!run.stdout.contains("smallest failing input"), "{run}");
}

#[test]
fn a_checker_that_fails_is_named() {
    let dir = Dir::new("checker");
    let programs = kadane_programs();
    let solution = fixture("kadane.cpp");
    let checker = fixture("failing-checker.py");
    let mut args = kadane_args(&solution, &programs);
    args.extend(["--checker", &checker, "--seed", "1", "--save", "checker.in"]);
    let run = stress(&dir, &args);
    assert_eq!(run.code, 2, "{run}");
    run.says("the output validator");
    run.says("failing-checker.py");
    run.says("exited with code 1");
    assert!(dir.path("checker.in").exists());
}

#[test]
fn a_solution_that_does_not_compile_stops_the_run() {
    let dir = Dir::new("ce");
    let broken = dir.path("broken.c");
    fs::write(&broken, "int main(void) { return }\n").unwrap();
    let run = stress(
        &dir,
        &["go-capture", "--solution", broken.to_str().unwrap()],
    );
    assert_eq!(run.code, 2, "{run}");
    run.says("your solution");
    run.says("does not compile");
}

#[test]
fn usage_mistakes_are_said() {
    let dir = Dir::new("usage");
    let run = stress(&dir, &["--solution", "x.c"]);
    assert_eq!(run.code, 2, "{run}");
    run.says("judge stress needs a PROBLEM, or --generator GEN and --reference REF");
    let run = stress(&dir, &["go-capture", "--solution", "missing.c"]);
    assert_eq!(run.code, 2, "{run}");
    run.says("missing.c: no such file");
    let run = stress(&dir, &["gomoku", "--solution", &fixture("kadane.cpp")]);
    assert_eq!(run.code, 2, "{run}");
    run.says("no generators/random.* in the package: give one with --generator GEN");
    let help = judge_command().args(["stress", "--help"]).output().unwrap();
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout)
        .contains("usage: judge stress PROBLEM --solution FILE"));
}
