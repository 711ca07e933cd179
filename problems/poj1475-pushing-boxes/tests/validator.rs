//! The input validator, `testdata/poj1475-pushing-boxes/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj1475-pushing-boxes/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "poj1475-pushing-boxes";

const SAMPLE: &str = "1 7\nSB....T\n1 7\nSB..#.T\n7 11\n###########\n#T##......#\n#.#.#..####\n#....B....#\n\
    #.######..#\n#.....S...#\n###########\n8 4\n....\n.##.\n.#..\n.#..\n.#.B\n.##S\n....\n###T\n0 0\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 19, "only {} cases", cases.len());
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
    let row = |maze: usize, row: usize, columns: usize| {
        format!("maze {maze}, row {row}: {columns} of `#`, `.`, `S`, `B`, `T`")
    };
    let cases = [
        (
            "no maze",
            "0 0\n".to_string(),
            "line 1, column 1: expected maze 1: the rows r (an integer in 1..=20), found \"0\"".to_string(),
        ),
        (
            "21 rows",
            with_line(1, "21 7"),
            "line 1, column 1: expected maze 1: the rows r (an integer in 1..=20), found \"21\"".to_string(),
        ),
        (
            "no columns",
            with_line(1, "1 0"),
            "line 1, column 3: expected maze 1: the columns c (an integer in 1..=20), found \"0\"".to_string(),
        ),
        (
            "a short row",
            with_line(2, "SB...T"),
            format!("line 2, column 1: expected {}, found \"SB...T\"", row(1, 1, 7)),
        ),
        (
            "a lower-case s",
            with_line(2, "sB....T"),
            format!("line 2, column 1: expected {}, found \"sB....T\"", row(1, 1, 7)),
        ),
        (
            "a space in a row",
            with_line(2, "SB.. .T"),
            format!("line 2, column 1: expected {}, found \"SB..\"", row(1, 1, 7)),
        ),
        (
            "two boxes",
            with_line(2, "SBB...T"),
            "line 2, column 1: maze 1: expected exactly one `B` (the box), found 2".to_string(),
        ),
        (
            "no target",
            with_line(4, "SB..#.."),
            "line 4, column 1: maze 2: expected exactly one `T` (the target), found 0".to_string(),
        ),
        (
            "you twice",
            with_line(14, "S..."),
            "line 14, column 1: maze 4: expected exactly one `S` (you), found 2".to_string(),
        ),
        (
            "a row missing",
            SAMPLE.replacen("###########\n8 4", "8 4", 1),
            format!("line 12, column 1: expected {}, found \"8\"", row(3, 7, 11)),
        ),
        (
            "no end line",
            SAMPLE.replace("###T\n0 0\n", "###T\n"),
            "line 22, column 1: expected maze 5: the rows r, or the 0 of the end line `0 0` (an integer in \
             0..=20), found end of input"
                .to_string(),
        ),
        (
            "an end line `0`",
            with_line(22, "0"),
            "line 22, column 2: expected a space, found a newline".to_string(),
        ),
        (
            "a maze after the end line",
            SAMPLE.to_string() + "1 3\nSBT\n0 0\n",
            "line 23, column 1: expected end of input, found \"1\"".to_string(),
        ),
        (
            "a blank line between mazes",
            SAMPLE.replacen("SB....T\n", "SB....T\n\n", 1),
            "line 3, column 1: expected maze 2: the rows r, or the 0 of the end line `0 0` (an integer in \
             0..=20), found a newline"
                .to_string(),
        ),
        (
            "a trailing space",
            with_line(2, "SB....T "),
            "line 2, column 8: expected a newline, found a space".to_string(),
        ),
        (
            "CR LF",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 4: expected a newline, found '\\r'".to_string(),
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 22, column 4: expected a newline, found end of input".to_string(),
        ),
    ];
    assert_eq!(validate(SAMPLE, &[]), Ok(()));
    for (name, input, message) in cases {
        assert_eq!(validate(&input, &[]), Err(message), "{name}");
    }
    // The smallest maze, and a full 20 x 20 one: valid.
    assert_eq!(validate("1 3\nSBT\n0 0\n", &[]), Ok(()));
    let open = format!("S{}\n", ".".repeat(19)) + &format!("{}\n", ".".repeat(20)).repeat(17);
    let big = format!(
        "20 20\n{open}{}B.\n{}T\n0 0\n",
        ".".repeat(18),
        ".".repeat(19)
    );
    assert_eq!(validate(&big, &[]), Ok(()));
    // This problem has no beyond group of inputs.
    assert!(validate(SAMPLE, &["beyond"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = with_line(2, "SBB...T");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
