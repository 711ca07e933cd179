//! The input validator, `testdata/go-capture/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/go-capture/input_validators/validate.rs"]
mod validator;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use validator::validate;

const PROBLEM: &str = "go-capture";

const SAMPLE: &str =
    ".........\n.........\n...O.....\n..O.O....\n..XOX....\n...X.....\n.........\n\
    .........\n.........\n3 3 X\n";

fn problem_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(PROBLEM)
}

/// Every `.in` below `testdata/<problem>/` (today's `official/` and `beyond/`, the package layout's
/// `data/sample/` and `data/secret/<group>/` alike) with its group's flags: `beyond` when a folder on its
/// path is named `beyond`, none otherwise. Submissions and `invalid_*` folders hold no valid input.
fn committed_cases() -> Vec<(PathBuf, Vec<&'static str>)> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if path.is_dir() {
                if name != "submissions" && !name.starts_with("invalid_") {
                    walk(&path, found);
                }
            } else if path.extension().is_some_and(|e| e == "in") {
                found.push(path);
            }
        }
    }
    let root = problem_dir();
    let mut inputs = Vec::new();
    walk(&root, &mut inputs);
    inputs.sort();
    inputs
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(&root).expect("below the problem");
            let beyond = relative.components().any(|c| c.as_os_str() == "beyond");
            (path, if beyond { vec!["beyond"] } else { vec![] })
        })
        .collect()
}

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases();
    assert!(cases.len() >= 48, "only {} cases", cases.len());
    for (path, flags) in cases {
        let input = fs::read_to_string(&path).expect("a readable case");
        assert_eq!(validate(&input, &flags), Ok(()), "{}", path.display());
    }
}

/// The sample with the `n`-th line (from 1) replaced by `line`.
fn with_line(n: usize, line: &str) -> String {
    let mut lines: Vec<&str> = SAMPLE.lines().collect();
    lines[n - 1] = line;
    lines.join("\n") + "\n"
}

#[test]
fn named_mistakes_are_rejected_with_where_and_what() {
    let dead = "..OXO....";
    let cases = [
        (
            "a row of eight",
            with_line(1, "........"),
            "line 1, column 1: expected board row 0: nine of `.`, `O`, `X`, found \"........\"",
        ),
        (
            "a lower-case stone",
            with_line(3, "...o....."),
            "line 3, column 1: expected board row 2: nine of `.`, `O`, `X`, found \"...o.....\"",
        ),
        (
            "a space inside a row",
            with_line(2, ".... ...."),
            "line 2, column 1: expected board row 1: nine of `.`, `O`, `X`, found \"....\"",
        ),
        (
            "eight rows",
            SAMPLE.replacen(".........\n", "", 1),
            "line 9, column 1: expected board row 8: nine of `.`, `O`, `X`, found \"3\"",
        ),
        (
            "the row out of range",
            with_line(10, "9 3 X"),
            "line 10, column 1: expected the row x (an integer in 0..=8), found \"9\"",
        ),
        (
            "a negative column",
            with_line(10, "3 -1 X"),
            "line 10, column 3: expected the column y (an integer in 0..=8), found \"-1\"",
        ),
        (
            "a leading zero",
            with_line(10, "03 3 X"),
            "line 10, column 1: expected the row x (an integer in 0..=8), found \"03\"",
        ),
        (
            "a plus sign",
            with_line(10, "+3 3 X"),
            "line 10, column 1: expected the row x (an integer in 0..=8), found \"+3\"",
        ),
        (
            "the colour missing",
            with_line(10, "3 3"),
            "line 10, column 4: expected a space, found a newline",
        ),
        (
            "a lower-case colour",
            with_line(10, "3 3 x"),
            "line 10, column 5: expected the colour `O` or `X`, found \"x\"",
        ),
        (
            "two spaces",
            with_line(10, "3  3 X"),
            "line 10, column 3: expected the column y (an integer in 0..=8), found a space",
        ),
        (
            "a tab",
            with_line(10, "3\t3 X"),
            "line 10, column 2: expected a space, found '\\t'",
        ),
        (
            "CR LF line ends",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 10: expected a newline, found '\\r'",
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 10, column 6: expected a newline, found end of input",
        ),
        (
            "a blank line at the end",
            SAMPLE.to_string() + "\n",
            "line 11, column 1: expected end of input, found a newline",
        ),
        (
            "a second move",
            SAMPLE.to_string() + "0 0 O\n",
            "line 11, column 1: expected end of input, found \"0\"",
        ),
        (
            "the point is taken",
            with_line(10, "2 3 X"),
            "line 10, column 1: expected an empty point at row 2, column 3, found `O`",
        ),
        (
            "a group already without a liberty",
            with_line(10, "0 0 X").replace("..O.O....", dead),
            "line 4: expected every group to have a liberty, the group of row 3, column 3 has none",
        ),
        (
            "empty input",
            String::new(),
            "line 1, column 1: expected board row 0: nine of `.`, `O`, `X`, found end of input",
        ),
    ];
    assert_eq!(validate(SAMPLE, &[]), Ok(()));
    for (name, input, message) in cases {
        assert_eq!(validate(&input, &[]), Err(message.to_string()), "{name}");
    }
    // A group in atari is fine: the white stone at row 4, column 3 keeps one liberty.
    assert_eq!(validate(&with_line(10, "0 0 X"), &[]), Ok(()));
    // This problem has no beyond group.
    assert!(validate(SAMPLE, &["beyond"]).is_err());
}

/// Compiles the validator alone as a judge would (`rustc --edition 2021 -O`, warnings denied); its path.
fn compiled() -> PathBuf {
    let source = problem_dir().join("input_validators/validate.rs");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("validate-{PROBLEM}"));
    let out = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-D", "warnings", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .expect("rustc runs");
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{} alone: {errors}", source.display());
    exe
}

/// Runs the validator on `input` with `flags`: its exit code and stderr.
fn run(exe: &Path, input: &[u8], flags: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(exe)
        .args(flags)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the validator starts");
    // A validator may stop reading early; a closed pipe is then not the test's concern.
    let _ = child.stdin.take().expect("stdin").write_all(input);
    let out = child.wait_with_output().expect("the validator ends");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8 messages");
    (out.status.code(), stderr)
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled();
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = with_line(10, "9 3 X");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
