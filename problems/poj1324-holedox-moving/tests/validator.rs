//! The input validator, `testdata/poj1324-holedox-moving/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj1324-holedox-moving/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "poj1324-holedox-moving";

const SAMPLE: &str =
    "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n2 1\n2 2\n3 4\n\
    4 2\n\n0 0 0\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 23, "only {} cases", cases.len());
    assert!(
        cases.iter().any(|(_, flags)| flags == &["beyond"]),
        "no beyond case"
    );
    for (path, flags) in cases {
        let input = fs::read_to_string(&path).expect("a readable case");
        assert_eq!(validate(&input, &flags), Ok(()), "{}", path.display());
        // Beyond widens the official promises: an official case is a beyond case too.
        let widened: Vec<&str> = ["beyond"]
            .into_iter()
            .chain(flags.iter().copied())
            .collect();
        let widened = validate(
            &input,
            if flags.contains(&"beyond") {
                &flags
            } else {
                &widened
            },
        );
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
            "no lair",
            "0 0 0\n".to_string(),
            "line 1, column 1: expected case 1: the rows n (an integer in 1..=20), found \"0\"",
        ),
        (
            "a lair of 21 rows",
            with_line(1, "21 6 4"),
            "line 1, column 1: expected case 1: the rows n (an integer in 1..=20), found \"21\"",
        ),
        (
            "a snake of one block",
            "2 2 1\n1 1\n0\n0 0 0\n".to_string(),
            "line 1, column 5: expected case 1: the length L (an integer in 2..=8), found \"1\"",
        ),
        (
            "a snake of nine blocks",
            with_line(1, "5 6 9"),
            "line 1, column 5: expected case 1: the length L (an integer in 2..=8), found \"9\"",
        ),
        (
            "a block outside the lair",
            with_line(2, "6 1"),
            "line 2, column 1: expected case 1, block 1: the row r (an integer in 1..=5), found \"6\"",
        ),
        (
            "a block not next to the one before",
            with_line(4, "3 3"),
            "line 4, column 1: case 1: expected block 3 next to block 2 at (4, 2), found (3, 3)",
        ),
        (
            "a diagonal step",
            with_line(4, "3 1"),
            "line 4, column 1: case 1: expected block 3 next to block 2 at (4, 2), found (3, 1)",
        ),
        (
            "the body on itself",
            with_line(4, "4 1"),
            "line 4, column 1: case 1: expected the blocks on distinct cells, found (4, 1) again",
        ),
        (
            "a stone on the body",
            with_line(7, "4 2"),
            "line 7, column 1: case 1: expected a stone off the body, found (4, 2)",
        ),
        (
            "a stone twice",
            with_line(8, "2 3"),
            "line 8, column 1: case 1: expected each stone once, found (2, 3) again",
        ),
        (
            "a stone outside the lair",
            with_line(8, "3 7"),
            "line 8, column 3: expected case 1, stone 2: the column c (an integer in 1..=6), found \"7\"",
        ),
        (
            "more stones than the lair holds",
            "1 2 2\n1 1\n1 2\n1\n1 1\n0 0 0\n".to_string(),
            "line 4, column 1: expected case 1: the count K of stones (an integer in 0..=0), found \"1\"",
        ),
        (
            "more stones than K",
            with_line(6, "2"),
            "line 9, column 4: expected a space, found a newline",
        ),
        (
            "no end line",
            SAMPLE.replace("0 0 0\n", ""),
            "line 22, column 1: expected case 3: the rows n, or the 0 of the end line `0 0 0` (an integer in \
             0..=20), found end of input",
        ),
        (
            "an end line `0 0`",
            with_line(22, "0 0"),
            "line 22, column 4: expected a space, found a newline",
        ),
        (
            "an end line `0 0 1`",
            with_line(22, "0 0 1"),
            "line 22, column 5: expected the end line `0 0 0`: L (an integer in 0..=0), found \"1\"",
        ),
        (
            "a lair after the end line",
            SAMPLE.to_string() + "1 2 2\n1 1\n1 2\n0\n",
            "line 23, column 1: expected end of input, found \"1\"",
        ),
        (
            "two spaces",
            with_line(1, "5  6 4"),
            "line 1, column 3: expected case 1: the columns m (an integer in 1..=20), found a space",
        ),
        (
            "a trailing space",
            with_line(1, "5 6 4 "),
            "line 1, column 6: expected a newline, found a space",
        ),
        (
            "a tab",
            with_line(2, "4\t1"),
            "line 2, column 2: expected a space, found '\\t'",
        ),
        (
            "a lone CR",
            SAMPLE.replacen('\n', "\r", 1),
            "line 1, column 6: expected a newline, found '\\r'",
        ),
        (
            "a blank line at the start",
            "\n".to_string() + SAMPLE,
            "line 1, column 1: expected case 1: the rows n (an integer in 1..=20), found a newline",
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 22, column 6: expected a newline, found end of input",
        ),
    ];
    assert_eq!(validate(SAMPLE, &[]), Ok(()));
    for (name, input, message) in cases {
        // Said the same where the group passes `layout`; the plain layout rejects them too.
        for flags in [&["layout"][..], &["beyond", "layout"]] {
            let got = validate(&input, flags);
            assert_eq!(got, Err(message.to_string()), "{name}, {flags:?}");
        }
        assert!(validate(&input, &[]).is_err(), "{name}");
        assert!(validate(&input, &["beyond"]).is_err(), "{name}, beyond");
    }
    // No blank line between lairs: the plain layout too.
    assert_eq!(validate(&SAMPLE.replace("\n\n", "\n"), &[]), Ok(()));
    // CR LF, blank lines anywhere between lines (official/layout/09-blank-lines), a blank line at the end:
    // valid only where the group passes `layout`.
    for (layout, says) in [
        (SAMPLE.replace('\n', "\r\n"), "found '\\r'"),
        (SAMPLE.replace('\n', "\n\n\r\n"), "found '\\r'"),
        (SAMPLE.to_string() + "\n", "found a blank line"),
    ] {
        let message = validate(&layout, &[]).unwrap_err();
        assert!(
            message.contains(says),
            "{layout:?}: {message:?} should say {says:?}"
        );
        assert_eq!(validate(&layout, &["layout"]), Ok(()), "{layout:?}");
    }
    // A stone on the exit, a 1 x 2 lair full of snake, a snake of eight: valid.
    assert_eq!(validate("1 2 2\n1 2\n1 1\n0\n0 0 0\n", &[]), Ok(()));
    let eight = "2 4 8\n1 1\n1 2\n1 3\n1 4\n2 4\n2 3\n2 2\n2 1\n0\n0 0 0\n";
    assert_eq!(validate(eight, &[]), Ok(()));
    assert_eq!(validate("3 3 2\n2 2\n2 3\n1\n1 1\n0 0 0\n", &[]), Ok(()));
    assert!(validate(SAMPLE, &["official"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = with_line(2, "6 1");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
