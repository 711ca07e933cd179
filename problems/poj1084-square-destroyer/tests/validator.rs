//! The input validator, `testdata/poj1084-square-destroyer/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj1084-square-destroyer/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "poj1084-square-destroyer";

const SAMPLE: &str = "2\n2\n0\n3\n3 12 17 23\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 18, "only {} cases", cases.len());
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

/// The sample with the `n`-th line (from 1) replaced by `line`.
fn with_line(n: usize, line: &str) -> String {
    let mut lines: Vec<&str> = SAMPLE.lines().collect();
    lines[n - 1] = line;
    lines.join("\n") + "\n"
}

#[test]
fn named_mistakes_are_rejected_with_where_and_what() {
    // (name, input, the message; the same in both groups)
    let cases = [
        (
            "no case",
            "0\n".to_string(),
            "line 1, column 1: expected the number of cases T (an integer, at least 1), found \"0\"",
        ),
        (
            "a count larger than the cases",
            with_line(1, "3"),
            "line 6, column 1: expected case 3: the grid size n (an integer in 1..=5), found end of input",
        ),
        (
            "a count smaller than the cases",
            with_line(1, "1"),
            "line 4, column 1: expected end of input, found \"3\"",
        ),
        (
            "a grid of six",
            with_line(2, "6"),
            "line 2, column 1: expected case 1: the grid size n (an integer in 1..=5), found \"6\"",
        ),
        (
            "a grid of zero",
            with_line(4, "0"),
            "line 4, column 1: expected case 2: the grid size n (an integer in 1..=5), found \"0\"",
        ),
        (
            "stick 0",
            with_line(5, "3 0 17 23"),
            "line 5, column 3: expected case 2: removed stick 1 of 3 (an integer in 1..=24), found \"0\"",
        ),
        (
            "a stick past 2n(n+1)",
            with_line(3, "1 13"),
            "line 3, column 3: expected case 1: removed stick 1 of 1 (an integer in 1..=12), found \"13\"",
        ),
        (
            "fewer sticks than k",
            with_line(5, "3 12 17"),
            "line 5, column 8: expected a space, found a newline",
        ),
        (
            "more sticks than k",
            with_line(5, "2 12 17 23"),
            "line 5, column 8: expected a newline, found a space",
        ),
        (
            "the sticks on the next line",
            SAMPLE.replace("3 12", "3\n12"),
            "line 5, column 2: expected a space, found a newline",
        ),
        (
            "n and k on one line",
            SAMPLE.replace("2\n0\n", "2 0\n"),
            "line 2, column 2: expected a newline, found a space",
        ),
        (
            "a blank line between cases",
            SAMPLE.replace("0\n3", "0\n\n3"),
            "line 4, column 1: expected case 2: the grid size n (an integer in 1..=5), found a newline",
        ),
        (
            "a trailing space",
            with_line(5, "3 12 17 23 "),
            "line 5, column 11: expected a newline, found a space",
        ),
        (
            "CR LF",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 2: expected a newline, found '\\r'",
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 5, column 11: expected a newline, found end of input",
        ),
        (
            "empty input",
            String::new(),
            "line 1, column 1: expected the number of cases T (an integer, at least 1), found end of input",
        ),
    ];
    for (name, input, message) in cases {
        assert_eq!(validate(&input, &[]), Err(message.to_string()), "{name}");
        assert_eq!(
            validate(&input, &["beyond"]),
            Err(message.to_string()),
            "{name}, beyond"
        );
    }
    // A stick named twice, and so more than 2n(n+1) names: beyond only.
    let twice = "1\n1\n5 1 2 3 4 1\n";
    assert_eq!(
        validate(twice, &[]),
        Err("line 3, column 1: expected case 1: the count k of removed sticks (an integer in 0..=4), found \"5\"".into())
    );
    assert_eq!(validate(twice, &["beyond"]), Ok(()));
    let twice = "1\n2\n3 12 1 12\n";
    assert_eq!(
        validate(twice, &[]),
        Err("line 3, column 8: case 1: expected each removed stick once, found 12 again (a repeat is beyond POJ's data)".into())
    );
    assert_eq!(validate(twice, &["beyond"]), Ok(()));
    // Every stick of a 5 x 5 grid, in any order: valid.
    let all: Vec<String> = (1..=60).rev().map(|s| s.to_string()).collect();
    assert_eq!(
        validate(&format!("1\n5\n60 {}\n", all.join(" ")), &[]),
        Ok(())
    );
    assert!(validate(SAMPLE, &["official"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = with_line(2, "6");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
