//! The input validator, `testdata/poj1085-triangle-war/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj1085-triangle-war/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "poj1085-triangle-war";

const SAMPLE: &str =
    "4\n6\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n6\n1 2\n2 3\n1 3\n\
    2 4\n2 5\n4 5\n10\n1 2\n2 5\n3 6\n5 8\n4 7\n6 10\n2 4\n4 5\n4 8\n7 8\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 12, "only {} cases", cases.len());
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

/// One game of the given segments (lines `i j`).
fn game(segments: &[&str]) -> String {
    format!("1\n{}\n{}\n", segments.len(), segments.join("\n"))
}

const SIX: [&str; 6] = ["2 4", "4 5", "5 9", "3 6", "2 5", "3 5"];

#[test]
fn named_mistakes_are_rejected_with_where_and_what() {
    let seven = [&SIX[..], &["7 8"]].concat();
    let mut repeated = SIX;
    repeated[5] = "4 5";
    // (name, input, the message; the same in both groups)
    let cases = [
        (
            "no game",
            "0\n".to_string(),
            "line 1, column 1: expected the number of games (an integer, at least 1), found \"0\"",
        ),
        (
            "five segments",
            game(&SIX[..5]),
            "line 2, column 1: expected game 1: the count m of segments (an integer in 6..=18), found \"5\"",
        ),
        (
            "nineteen segments",
            "1\n19\n".to_string(),
            "line 2, column 1: expected game 1: the count m of segments (an integer in 6..=18), found \"19\"",
        ),
        (
            "a count larger than the segments",
            game(&seven).replacen("\n7\n", "\n8\n", 1),
            "line 10, column 1: expected game 1, segment 8: the dot i (an integer in 1..=10), found end of input",
        ),
        (
            "a count of games larger than the games",
            SAMPLE.replacen('4', "5", 1),
            "line 35, column 1: expected game 5: the count m of segments (an integer in 6..=18), found end of input",
        ),
        (
            "a count of games smaller than the games",
            SAMPLE.replacen('4', "3", 1),
            "line 24, column 1: expected end of input, found \"10\"",
        ),
        (
            "the higher dot first",
            game(&[&SIX[..5], &["5 3"]].concat()),
            "line 8, column 1: game 1: expected a segment `i j` of the board with i < j, found `5 3`",
        ),
        (
            "two dots not joined",
            game(&[&SIX[..5], &["1 4"]].concat()),
            "line 8, column 1: game 1: expected a segment `i j` of the board with i < j, found `1 4`",
        ),
        (
            "a dot 11",
            game(&[&SIX[..5], &["10 11"]].concat()),
            "line 8, column 4: expected game 1, segment 6: the dot j (an integer in 1..=10), found \"11\"",
        ),
        (
            "a segment drawn twice",
            game(&repeated),
            "line 8, column 1: game 1: expected each segment drawn once, found `4 5` again",
        ),
        (
            "two segments on a line",
            game(&SIX).replacen("2 4\n4 5", "2 4 4 5", 1),
            "line 3, column 4: expected a newline, found a space",
        ),
        (
            "a blank line between games",
            SAMPLE.replacen("3 5\n7\n", "3 5\n\n7\n", 1),
            "line 9, column 1: expected game 2: the count m of segments (an integer in 6..=18), found a newline",
        ),
        (
            "a trailing space",
            game(&SIX).replacen("2 4", "2 4 ", 1),
            "line 3, column 4: expected a newline, found a space",
        ),
        (
            "CR LF",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 2: expected a newline, found '\\r'",
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 34, column 4: expected a newline, found end of input",
        ),
        (
            "empty input",
            String::new(),
            "line 1, column 1: expected the number of games (an integer, at least 1), found end of input",
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
    // All 18 segments: a finished game is valid.
    let all = "1 2 1 3 2 3 2 4 2 5 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9 9 10";
    let numbers: Vec<&str> = all.split(' ').collect();
    let segments: Vec<String> = numbers.chunks(2).map(|p| p.join(" ")).collect();
    let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
    assert_eq!(validate(&game(&segments), &[]), Ok(()));
    assert!(validate(SAMPLE, &["official"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = game(&SIX[..5]);
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
