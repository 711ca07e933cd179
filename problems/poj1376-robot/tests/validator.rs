//! The input validator, `testdata/poj1376-robot/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj1376-robot/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "poj1376-robot";

const SAMPLE: &str = "9 10\n0 0 0 0 0 0 1 0 0 0\n0 0 0 0 0 0 0 0 1 0\n0 0 0 1 0 0 0 0 0 0\n0 0 1 0 0 0 0 0 0 0\n\
    0 0 0 0 0 0 1 0 0 0\n0 0 0 0 0 1 0 0 0 0\n0 0 0 1 1 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0\n1 0 0 0 0 0 0 0 1 0\n\
    7 2 2 7 south\n0 0\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 35, "only {} cases", cases.len());
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
    let heading = "block 1: the heading `north`, `south`, `east` or `west`";
    // (name, input, the message; the same in both groups)
    let cases = [
        (
            "no block",
            "0 0\n".to_string(),
            "line 1, column 1: expected block 1: the rows M (an integer in 1..=50), found \"0\"".to_string(),
        ),
        (
            "51 columns",
            with_line(1, "9 51"),
            "line 1, column 3: expected block 1: the columns N (an integer in 1..=50), found \"51\"".to_string(),
        ),
        (
            "a square 2",
            with_line(2, "0 0 0 0 0 0 2 0 0 0"),
            "line 2, column 13: expected block 1: square (0, 6), 0 free or 1 taken (an integer in 0..=1), \
             found \"2\""
                .to_string(),
        ),
        (
            "a row of nine",
            with_line(2, "0 0 0 0 0 0 1 0 0"),
            "line 2, column 18: expected a space, found a newline".to_string(),
        ),
        (
            "a row of eleven",
            with_line(2, "0 0 0 0 0 0 1 0 0 0 0"),
            "line 2, column 20: expected a newline, found a space".to_string(),
        ),
        (
            "eight rows",
            SAMPLE.replacen("0 0 0 0 0 0 0 0 0 0\n", "", 1),
            "line 10, column 1: expected block 1: square (8, 0), 0 free or 1 taken (an integer in 0..=1), \
             found \"7\""
                .to_string(),
        ),
        (
            "the rows glued",
            with_line(2, "0000001000"),
            "line 2, column 1: expected block 1: square (0, 0), 0 free or 1 taken (an integer in 0..=1), \
             found \"0000001000\""
                .to_string(),
        ),
        (
            "a negative row",
            with_line(11, "-1 2 2 7 south"),
            "line 11, column 1: expected block 1: B1 (an integer, at least 0), found \"-1\"".to_string(),
        ),
        (
            "a heading `up`",
            with_line(11, "7 2 2 7 up"),
            format!("line 11, column 9: expected {heading}, found \"up\""),
        ),
        (
            "a capitalised heading",
            with_line(11, "7 2 2 7 South"),
            format!("line 11, column 9: expected {heading}, found \"South\""),
        ),
        (
            "no heading",
            with_line(11, "7 2 2 7"),
            "line 11, column 8: expected a space, found a newline".to_string(),
        ),
        (
            "an end line `0`",
            with_line(12, "0"),
            "line 12, column 2: expected a space, found a newline".to_string(),
        ),
        (
            "an end line `0 1`",
            with_line(12, "0 1"),
            "line 12, column 3: expected the end line `0 0`: N (an integer in 0..=0), found \"1\"".to_string(),
        ),
        (
            "no end line",
            SAMPLE.replace("south\n0 0\n", "south\n"),
            "line 12, column 1: expected block 2: the rows M, or the 0 of the end line `0 0` (an integer in \
             0..=50), found end of input"
                .to_string(),
        ),
        (
            "a blank line before the end line",
            SAMPLE.replace("south\n", "south\n\n"),
            "line 12, column 1: expected block 2: the rows M, or the 0 of the end line `0 0` (an integer in \
             0..=50), found a newline"
                .to_string(),
        ),
        (
            "CR LF",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 5: expected a newline, found '\\r'".to_string(),
        ),
        (
            "a trailing space",
            with_line(2, "0 0 0 0 0 0 1 0 0 0 "),
            "line 2, column 20: expected a newline, found a space".to_string(),
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 12, column 4: expected a newline, found end of input".to_string(),
        ),
    ];
    assert_eq!(validate(SAMPLE, &[]), Ok(()));
    for (name, input, message) in cases {
        assert_eq!(validate(&input, &[]), Err(message.clone()), "{name}");
        assert_eq!(
            validate(&input, &["beyond"]),
            Err(message),
            "{name}, beyond"
        );
    }
    // Crossings the robot cannot stand on: beyond only.
    let why = |name: &str, crossing: &str| {
        format!(
            "line 11, column 1: block 1: expected a {name} crossing the robot can stand on (rows 1..=8, \
             columns 1..=9, its four squares free; others are beyond POJ's data), found {crossing}"
        )
    };
    for (input, message) in [
        (with_line(11, "0 2 2 7 south"), why("start", "(0, 2)")),
        (with_line(11, "1 7 2 7 south"), why("start", "(1, 7)")),
        (
            with_line(11, "7 2 9 10 south"),
            why("destination", "(9, 10)"),
        ),
        (
            with_line(11, "7 2 2 70 south"),
            why("destination", "(2, 70)"),
        ),
    ] {
        assert_eq!(validate(&input, &[]), Err(message), "{input}");
        assert_eq!(validate(&input, &["beyond"]), Ok(()), "{input}");
    }
    // The start is the destination; two blocks; a 1 x 1 floor (beyond: it has no crossing to stand on).
    assert_eq!(validate(&with_line(11, "7 2 7 2 west"), &[]), Ok(()));
    let two =
        SAMPLE.strip_suffix("0 0\n").unwrap().to_string() + "2 2\n0 0\n0 0\n1 1 1 1 east\n0 0\n";
    assert_eq!(validate(&two, &[]), Ok(()));
    assert_eq!(
        validate("1 1\n0\n0 0 1 1 north\n0 0\n", &["beyond"]),
        Ok(())
    );
    assert!(validate(SAMPLE, &["official"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = with_line(2, "0 0 0 0 0 0 2 0 0 0");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
