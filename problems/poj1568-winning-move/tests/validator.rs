//! The input validator, `testdata/poj1568-winning-move/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj1568-winning-move/input_validators/validate.rs"]
mod validator;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use validator::validate;

const PROBLEM: &str = "poj1568-winning-move";

const SAMPLE: &str = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";

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
    assert!(cases.len() >= 15, "only {} cases", cases.len());
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

/// One case of the board `rows` (four rows joined by `/`), then `$`.
fn one_case(rows: &str) -> String {
    format!("?\n{}\n$\n", rows.replace('/', "\n"))
}

#[test]
fn named_mistakes_are_rejected_with_where_and_what() {
    let row0 = "case 1: board row 0, four of `.`, `x`, `o`";
    let board = |promise: &str| format!("line 2, column 1: case 1: expected {promise}");
    // (name, input, the official verdict's message, the beyond verdict's message or "" for valid)
    let cases = [
        (
            "no case",
            "$\n".to_string(),
            "line 1, column 1: expected case 1: `?`, found \"$\"".to_string(),
            "line 1, column 1: expected case 1: `?`, found \"$\"".to_string(),
        ),
        (
            "no end mark",
            SAMPLE.replace("$\n", ""),
            "line 11, column 1: expected case 3: `?`, or the end mark `$`, found end of input"
                .to_string(),
            "line 11, column 1: expected case 3: `?`, or the end mark `$`, found end of input"
                .to_string(),
        ),
        (
            "`!` for `?`",
            SAMPLE.replacen('?', "!", 1),
            "line 1, column 1: expected case 1: `?`, found \"!\"".to_string(),
            "line 1, column 1: expected case 1: `?`, found \"!\"".to_string(),
        ),
        (
            "a capital X",
            one_case("X.../.xo./.ox./...."),
            format!("line 2, column 1: expected {row0}, found \"X...\""),
            format!("line 2, column 1: expected {row0}, found \"X...\""),
        ),
        (
            "a row of three",
            one_case(".../.xo./.ox./...."),
            format!("line 2, column 1: expected {row0}, found \"...\""),
            format!("line 2, column 1: expected {row0}, found \"...\""),
        ),
        (
            "one more x",
            one_case("xxx./oo../..../...."),
            board("as many `x` as `o` (`x` to move), found 3 `x` and 2 `o`"),
            board("as many `x` as `o` (`x` to move), found 3 `x` and 2 `o`"),
        ),
        (
            "one more o",
            one_case("xx../ooo./..../...."),
            board("as many `x` as `o` (`x` to move), found 2 `x` and 3 `o`"),
            board("as many `x` as `o` (`x` to move), found 2 `x` and 3 `o`"),
        ),
        (
            "one mark each",
            one_case("x.../o.../..../...."),
            board("at least two marks of each side, found 1"),
            board("at least two marks of each side, found 1"),
        ),
        (
            "a full board",
            one_case("xxoo/ooxx/xxoo/ooxx"),
            board("an empty cell, found a full board"),
            board("an empty cell, found a full board"),
        ),
        (
            "a row of x",
            one_case("xxxx/oooo/..../...."),
            board("no line of four yet, found one"),
            board("no line of four yet, found one"),
        ),
        (
            "a diagonal of o",
            one_case("oxx./xo../x.o./...o"),
            board("no line of four yet, found one"),
            board("no line of four yet, found one"),
        ),
        (
            "text after `$`",
            SAMPLE.replace('$', "$end"),
            "line 11, column 1: expected the end mark `$` alone on its line, found \"$end\""
                .to_string(),
            String::new(),
        ),
        (
            "a line after `$`",
            SAMPLE.to_string() + "?\n",
            "line 12, column 1: expected end of input, found \"?\"".to_string(),
            String::new(),
        ),
        (
            "CR LF",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 2: expected a newline, found '\\r'".to_string(),
            String::new(),
        ),
        (
            "a blank line between cases",
            SAMPLE.replacen("....\n?", "....\n\n?", 1),
            "line 6, column 1: expected case 2: `?`, or the end mark `$`, found a newline"
                .to_string(),
            String::new(),
        ),
        (
            "spaces round a row",
            SAMPLE.replacen(".xo.", "  .xo.  ", 1),
            "line 3, column 1: expected case 1: board row 1, four of `.`, `x`, `o`, found a space"
                .to_string(),
            String::new(),
        ),
        (
            "two rows on a line",
            SAMPLE.replacen(".xo.\n", ".xo. ", 1),
            "line 3, column 5: expected a newline, found a space".to_string(),
            String::new(),
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 11, column 2: expected a newline, found end of input".to_string(),
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
    // Two marks each, and fourteen: valid.
    assert_eq!(validate(&one_case("xo../xo../..../...."), &[]), Ok(()));
    assert_eq!(validate(&one_case("xoxo/xoxo/oxox/ox.."), &[]), Ok(()));
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
    let bad = one_case("xxx./oo../..../....");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
