//! The input validator, `testdata/poj2286-rotation-game/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj2286-rotation-game/input_validators/validate.rs"]
mod validator;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use validator::validate;

const PROBLEM: &str = "poj2286-rotation-game";

const SAMPLE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n";

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
    assert!(cases.len() >= 17, "only {} cases", cases.len());
    assert!(
        cases.iter().any(|(_, flags)| flags == &["beyond"]),
        "no beyond case"
    );
    for (path, flags) in cases {
        let input = fs::read_to_string(&path).expect("a readable case");
        assert_eq!(validate(&input, &flags), Ok(()), "{}", path.display());
        // Beyond widens the official promises: an official case is a beyond case too.
        let widened = validate(&input, &["beyond"]);
        assert_eq!(widened, Ok(()), "{} as beyond", path.display());
    }
}

/// The sample's second board `n` times, then `0`.
fn boards(n: usize) -> String {
    let board = SAMPLE.lines().nth(1).unwrap();
    format!("{board}\n").repeat(n) + "0\n"
}

#[test]
fn named_mistakes_are_rejected_with_where_and_what() {
    let end = |line: usize, found: &str| {
        format!(
            "line {line}, column 1: expected board {line}, cell 1: a symbol, or the end mark `0` (an integer in \
             0..=3), found {found}"
        )
    };
    let first = SAMPLE.lines().next().unwrap();
    // (name, input, the official verdict's message, the beyond verdict's message or "" for valid)
    let cases = [
        (
            "no board",
            "0\n".to_string(),
            "line 1, column 1: expected board 1, cell 1: a symbol (an integer in 1..=3), found \"0\"".to_string(),
            "line 1, column 1: expected board 1, cell 1: a symbol (an integer in 1..=3), found \"0\"".to_string(),
        ),
        (
            "a symbol 4",
            SAMPLE.replacen("3 2", "4 2", 1),
            "line 1, column 9: expected board 1, cell 5: a symbol (an integer in 1..=3), found \"4\"".to_string(),
            "line 1, column 9: expected board 1, cell 5: a symbol (an integer in 1..=3), found \"4\"".to_string(),
        ),
        (
            "nine 1s",
            SAMPLE.replacen("3 2", "1 2", 1),
            "line 1, column 1: board 1: expected eight each of 1, 2, 3, found 9, 8, 7".to_string(),
            "line 1, column 1: board 1: expected eight each of 1, 2, 3, found 9, 8, 7".to_string(),
        ),
        (
            "23 numbers",
            SAMPLE.replacen(" 3\n", "\n", 1),
            "line 1, column 46: expected a space, found a newline".to_string(),
            // Beyond reads the next board's first cell as the 24th.
            "line 1, column 1: board 1: expected eight each of 1, 2, 3, found 9, 8, 7".to_string(),
        ),
        (
            "31 boards",
            boards(31),
            "line 31, column 1: expected the end mark `0` after 30 boards (an integer in 0..=0), found \"1\""
                .to_string(),
            "line 31, column 1: expected the end mark `0` after 30 boards (an integer in 0..=0), found \"1\""
                .to_string(),
        ),
        (
            "no end mark",
            SAMPLE.replace("0\n", ""),
            end(3, "end of input"),
            end(3, "end of input"),
        ),
        (
            "an end mark `00`",
            SAMPLE.replace("\n0\n", "\n00\n"),
            end(3, "\"00\""),
            end(3, "\"00\""),
        ),
        (
            "a board after the end mark",
            SAMPLE.to_string() + first + "\n",
            "line 4, column 1: expected end of input, found \"1\"".to_string(),
            "line 4, column 1: expected end of input, found \"1\"".to_string(),
        ),
        (
            "two spaces",
            SAMPLE.replacen(' ', "  ", 1),
            "line 1, column 3: expected board 1, cell 2: a symbol (an integer in 1..=3), found a space".to_string(),
            String::new(),
        ),
        (
            "a board split over two lines",
            SAMPLE.replacen("3 1 3 2 ", "3 1 3 2\n", 1),
            "line 1, column 24: expected a space, found a newline".to_string(),
            String::new(),
        ),
        (
            "a blank line before the end mark",
            SAMPLE.replace("\n0\n", "\n\n0\n"),
            end(3, "a newline"),
            String::new(),
        ),
        (
            "CR LF",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 48: expected a newline, found '\\r'".to_string(),
            String::new(),
        ),
        (
            "a tab",
            SAMPLE.replacen(' ', "\t", 1),
            "line 1, column 2: expected a space, found '\\t'".to_string(),
            String::new(),
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 3, column 2: expected a newline, found end of input".to_string(),
            String::new(),
        ),
    ];
    assert_eq!(validate(SAMPLE, &[]), Ok(()));
    for (name, input, official, beyond) in cases {
        assert_eq!(validate(&input, &[]), Err(official), "{name}");
        let beyond = if beyond.is_empty() {
            Ok(())
        } else {
            Err(beyond)
        };
        assert_eq!(validate(&input, &["beyond"]), beyond, "{name}, beyond");
    }
    // One board, and thirty: valid.
    assert_eq!(validate(&boards(1), &[]), Ok(()));
    assert_eq!(validate(&boards(30), &[]), Ok(()));
    assert!(validate(SAMPLE, &["official"]).is_err());
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
    let bad = boards(31);
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
