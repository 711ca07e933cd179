//! The input validator, `testdata/poj2286-rotation-game/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj2286-rotation-game/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "poj2286-rotation-game";

const SAMPLE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 17, "only {} cases", cases.len());
    for group in [&["beyond"][..], &["beyond", "layout"]] {
        assert!(
            cases.iter().any(|(_, flags)| flags == group),
            "no case with the flags {group:?}"
        );
    }
    for (path, flags) in cases {
        let input = fs::read_to_string(&path).expect("a readable case");
        assert_eq!(validate(&input, &flags), Ok(()), "{}", path.display());
        // Beyond widens the official promises: an official case is a beyond case too.
        let mut widened = flags.clone();
        if !widened.contains(&"beyond") {
            widened.insert(0, "beyond");
        }
        let widened = validate(&input, &widened);
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
    // (name, input, the official verdict's message, the `beyond layout` verdict's message or "" for valid)
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
        let free = validate(&input, &["beyond", "layout"]);
        assert_eq!(free, beyond, "{name}, beyond layout");
        // Without `layout`, beyond asks of the input what the official group does: the plain layout.
        assert_eq!(
            validate(&input, &["beyond"]),
            validate(&input, &[]),
            "{name}, beyond"
        );
    }
    // One board, and thirty: valid.
    assert_eq!(validate(&boards(1), &[]), Ok(()));
    assert_eq!(validate(&boards(30), &[]), Ok(()));
    assert!(validate(SAMPLE, &["official"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = boards(31);
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
