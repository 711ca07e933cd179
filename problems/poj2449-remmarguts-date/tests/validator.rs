//! The input validator, `testdata/poj2449-remmarguts-date/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj2449-remmarguts-date/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "poj2449-remmarguts-date";

const SAMPLE: &str = "2 2\n1 2 5\n2 1 4\n1 2 2\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 36, "only {} cases", cases.len());
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
            "no vertex",
            with_line(1, "0 2"),
            "line 1, column 1: expected the vertex count N (an integer in 1..=1000), found \"0\"",
        ),
        (
            "1001 vertices",
            with_line(1, "1001 2"),
            "line 1, column 1: expected the vertex count N (an integer in 1..=1000), found \"1001\"",
        ),
        (
            "100001 edges",
            with_line(1, "2 100001"),
            "line 1, column 3: expected the edge count M (an integer in 0..=100000), found \"100001\"",
        ),
        (
            "an edge to vertex 3 of 2",
            with_line(2, "1 3 5"),
            "line 2, column 3: expected edge 1: the head B (an integer in 1..=2), found \"3\"",
        ),
        (
            "vertex 0",
            with_line(3, "0 1 4"),
            "line 3, column 1: expected edge 2: the tail A (an integer in 1..=2), found \"0\"",
        ),
        (
            "a time of 0",
            with_line(2, "1 2 0"),
            "line 2, column 5: expected edge 1: the time T (an integer in 1..=100), found \"0\"",
        ),
        (
            "a time of 101",
            with_line(2, "1 2 101"),
            "line 2, column 5: expected edge 1: the time T (an integer in 1..=100), found \"101\"",
        ),
        (
            "K of 0",
            with_line(4, "1 2 0"),
            "line 4, column 5: expected K (an integer in 1..=1000), found \"0\"",
        ),
        (
            "K of 1001",
            with_line(4, "1 2 1001"),
            "line 4, column 5: expected K (an integer in 1..=1000), found \"1001\"",
        ),
        (
            "a target outside",
            with_line(4, "1 5 2"),
            "line 4, column 3: expected the target T (an integer in 1..=2), found \"5\"",
        ),
        (
            "fewer edges than M",
            with_line(1, "2 3"),
            "line 5, column 1: expected the start S (an integer in 1..=2), found end of input",
        ),
        (
            "more edges than M",
            with_line(1, "2 1"),
            "line 4, column 1: expected end of input, found \"1\"",
        ),
        (
            "an edge without its time",
            with_line(2, "1 2"),
            "line 2, column 4: expected a space, found a newline",
        ),
        (
            "a blank line before S T K",
            SAMPLE.replace("4\n1", "4\n\n1"),
            "line 4, column 1: expected the start S (an integer in 1..=2), found a newline",
        ),
        (
            "a trailing space",
            with_line(1, "2 2 "),
            "line 1, column 4: expected a newline, found a space",
        ),
        (
            "CR LF",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 4: expected a newline, found '\\r'",
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 4, column 6: expected a newline, found end of input",
        ),
        (
            "a second case",
            SAMPLE.to_string() + SAMPLE,
            "line 5, column 1: expected end of input, found \"2\"",
        ),
    ];
    assert_eq!(validate(SAMPLE, &[]), Ok(()));
    for (name, input, message) in cases {
        assert_eq!(validate(&input, &[]), Err(message.to_string()), "{name}");
        assert_eq!(
            validate(&input, &["beyond"]),
            Err(message.to_string()),
            "{name}, beyond"
        );
    }
    // No edge, S = T, a self-loop, parallel edges, the bounds themselves: valid.
    assert_eq!(validate("1 0\n1 1 1\n", &[]), Ok(()));
    assert_eq!(
        validate(
            "1000 3\n1 1 1\n1 1000 100\n1 1000 100\n1000 1000 1000\n",
            &[]
        ),
        Ok(())
    );
    assert!(validate(SAMPLE, &["official"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = with_line(2, "1 3 5");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
