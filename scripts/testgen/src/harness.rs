//! Helpers for the problems' integration tests (`problems/*/tests/*.rs`): run the built binary the way a
//! judge does, and read a problem's committed testdata cases.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs the binary `exe` (a test's `env!("CARGO_BIN_EXE_<name>")`) with `input` on stdin; returns its exit
/// status and everything it wrote.
pub fn run(exe: &str, input: &[u8]) -> Output {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {exe}: {e}"));
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input)
        .unwrap_or_else(|e| panic!("cannot write the input of {exe}: {e}"));
    child.wait_with_output().expect("the binary's output")
}

/// Asserts that `exe` rejects `input` as every solution must: exit code 1, nothing on stdout (no partial
/// answer), and exactly one line of UTF-8 on stderr.
pub fn assert_rejects(exe: &str, input: &[u8]) {
    let shown = String::from_utf8_lossy(input);
    let out = run(exe, input);
    assert_eq!(out.status.code(), Some(1), "exit code on {shown:?}");
    assert!(out.stdout.is_empty(), "stdout on {shown:?}");
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert_eq!(stderr.lines().count(), 1, "stderr on {shown:?}: {stderr:?}");
}

/// Asserts that `solve` (a solution's pure `solve`) rejects `input`, the case `what`, with a non-empty
/// one-line message: the line `main` prints on stderr before exiting with 1.
pub fn assert_solve_rejects(
    solve: impl Fn(&str) -> Result<String, String>,
    what: &str,
    input: &str,
) {
    match solve(input) {
        Ok(output) => panic!("{what}: accepted {input:?}, answered {output:?}"),
        Err(message) => assert!(
            !message.is_empty() && !message.contains('\n'),
            "{what}: the message for {input:?} is not one line: {message:?}"
        ),
    }
}

/// One committed testdata case: `name` is its path below the problem's folder without the extension, its
/// package path first (`data/sample/1`, `data/secret/official/random/03`); `answer` is the `.ans`
/// the reference wrote.
#[derive(Debug, Clone)]
pub struct Case {
    pub name: String,
    pub input: String,
    pub answer: String,
}

/// Every `<case>.in` under `<workspace>/testdata/<folder>/` (subfolders too: `data/sample/`,
/// `data/secret/official/`, `data/secret/beyond/`, and below them) with its `.ans`, in name order. `folder`
/// may name a group (`poj1077-eight/data/secret/official`).
/// Panics if the folder or a file cannot be read.
pub fn testdata_cases(folder: &str) -> Vec<Case> {
    let dir = crate::testdata::testdata_root().join(folder);
    let mut inputs = Vec::new();
    find_inputs(&dir, &mut inputs);
    inputs.sort();
    let read = |path: &Path| {
        fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    };
    inputs
        .iter()
        .map(|path| Case {
            name: path
                .strip_prefix(&dir)
                .expect("below the folder")
                .with_extension("")
                .display()
                .to_string(),
            input: read(path),
            answer: read(&path.with_extension("ans")),
        })
        .collect()
}

/// Asserts that `solve` answers every case of [`testdata_cases`]`(folder)` exactly as its `.ans` says,
/// and that the folder holds at least `at_least` cases (so a moved folder cannot pass by being empty).
pub fn assert_solves_testdata(
    folder: &str,
    at_least: usize,
    solve: impl Fn(&str) -> Result<String, String>,
) {
    let cases = testdata_cases(folder);
    assert!(
        cases.len() >= at_least,
        "only {} cases in testdata/{folder}",
        cases.len()
    );
    for case in cases {
        assert_eq!(
            solve(&case.input),
            Ok(case.answer),
            "testdata/{folder}/{}",
            case.name
        );
    }
}

/// Runs `check` on every one of `items`, split among the machine's cores: a test binary runs its tests two
/// at a time, and one long exhaustive check would leave the other core idle once the rest are done. A
/// panic in any share fails the caller (its message printed by its thread).
pub fn each_in_parallel<T: Sync>(items: &[T], check: impl Fn(&T) + Sync) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = ((items.len() + threads - 1) / threads).max(1);
    std::thread::scope(|scope| {
        for part in items.chunks(share) {
            let check = &check;
            scope.spawn(move || part.iter().for_each(check));
        }
    });
}

/// Every `.in` below `dir`, appended to `found` in no particular order: the committed cases, which
/// [`testdata_cases`] and [`crate::validator::committed_cases`] both read.
pub(crate) fn find_inputs(dir: &Path, found: &mut Vec<PathBuf>) {
    let entries =
        fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            // Fixture solutions (`submissions/`) are not cases, whatever files they hold; nor are the
            // inputs a validator must reject (`invalid_*/`), which have no answer either.
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if name != "submissions" && !name.starts_with("invalid_") {
                find_inputs(&path, found);
            }
        } else if path.extension().is_some_and(|e| e == "in") {
            found.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testdata_cases_are_every_pair_in_name_order() {
        let cases = testdata_cases("poj2449-remmarguts-date");
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names[..3],
            [
                "data/sample/1",
                "data/secret/beyond/adversarial-cycle-against-astar",
                "data/secret/official/02-edge/01-unreachable-target",
            ]
        );
        assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
        assert_eq!(names.last(), Some(&"data/secret/official/random/20"));
        assert_eq!(cases[0].input, "2 2\n1 2 5\n2 1 4\n1 2 2\n");
        assert_eq!(cases[0].answer, "14\n");
    }

    #[test]
    fn a_group_is_a_folder_of_its_own() {
        let sample = testdata_cases("poj2449-remmarguts-date/data/sample");
        assert_eq!(sample[0].name, "1");
        let official = testdata_cases("poj2449-remmarguts-date/data/secret/official");
        let beyond = testdata_cases("poj2449-remmarguts-date/data/secret/beyond");
        let all = testdata_cases("poj2449-remmarguts-date");
        assert_eq!(sample.len() + official.len() + beyond.len(), all.len());
    }

    /// Each problem has one test binary (its Cargo.toml turns off cargo's binary per file of tests/): a file
    /// of tests/ that the binary's root, tests/<problem>.rs, does not name as a module would never be built.
    #[test]
    fn every_file_of_a_problems_tests_is_a_module_of_its_one_test_binary() {
        let problems = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../problems");
        let mut unnamed = Vec::new();
        for problem in fs::read_dir(problems).unwrap() {
            let tests = problem.unwrap().path().join("tests");
            let name = tests
                .parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_string_lossy();
            let root = fs::read_to_string(tests.join(format!("{name}.rs"))).unwrap();
            for file in fs::read_dir(&tests).unwrap() {
                let file = file.unwrap().file_name().to_string_lossy().into_owned();
                let module = file.strip_suffix(".rs").unwrap_or(&name);
                if module != name && !root.contains(&format!("\nmod {module};\n")) {
                    unnamed.push(format!("problems/{name}/tests/{file}"));
                }
            }
        }
        assert!(
            unnamed.is_empty(),
            "{unnamed:?} would never run: name each as a module (`mod <file>;`) of tests/<problem>.rs"
        );
    }
}
