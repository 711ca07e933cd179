//! The input validator, `testdata/go-capture/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/go-capture/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "go-capture";

const SAMPLE: &str =
    ".........\n.........\n...O.....\n..O.O....\n..XOX....\n...X.....\n.........\n\
    .........\n.........\n3 3 X\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
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

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = with_line(10, "9 3 X");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
