//! The input validator, `testdata/jinhua-chess/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/jinhua-chess/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "jinhua-chess";

const SAMPLE: &str =
    "4\nwin\n..xx\nxox.\n..oo\nxo..\nlose\n..xx\nxox.\n..oo\nxo..\ndraw\n..xx\nxox.\n\
    ..oo\nxo..\ndraw\n....\n.ox.\nxox.\no.xo\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 13, "only {} cases", cases.len());
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

/// One case with goal `win` and the board `rows` (four rows joined by `/`).
fn one_case(rows: &str) -> String {
    format!("1\nwin\n{}\n", rows.replace('/', "\n"))
}

#[test]
fn named_mistakes_are_rejected_with_where_and_what() {
    let cases = [
        (
            "no case",
            with_line(1, "0"),
            "line 1, column 1: expected the number of cases T (an integer in 1..=100000), found \"0\"",
        ),
        (
            "too many cases",
            with_line(1, "100001"),
            "line 1, column 1: expected the number of cases T (an integer in 1..=100000), found \"100001\"",
        ),
        (
            "a count larger than the cases",
            with_line(1, "5"),
            "line 22, column 1: expected case 5: the goal `win`, `lose` or `draw`, found end of input",
        ),
        (
            "a count smaller than the cases",
            with_line(1, "3"),
            "line 17, column 1: expected end of input, found \"draw\"",
        ),
        (
            "a capitalised goal",
            with_line(7, "Lose"),
            "line 7, column 1: expected case 2: the goal `win`, `lose` or `draw`, found \"Lose\"",
        ),
        (
            "a row of five",
            with_line(3, "..xx."),
            "line 3, column 1: expected case 1: board row 0, four of `.`, `x`, `o`, found \"..xx.\"",
        ),
        (
            "a capital mark",
            with_line(4, "xOx."),
            "line 4, column 1: expected case 1: board row 1, four of `.`, `x`, `o`, found \"xOx.\"",
        ),
        (
            "a board of three rows",
            with_line(6, "draw"),
            "line 6, column 1: expected case 1: board row 3, four of `.`, `x`, `o`, found \"draw\"",
        ),
        (
            "two more x than o",
            one_case("xxx./oo../x.../...."),
            "line 3, column 1: case 1: expected as many `x` as `o` or one more, found 4 `x` and 2 `o`",
        ),
        (
            "one more o than x",
            one_case("xx../ooo./..../...."),
            "line 3, column 1: case 1: expected as many `x` as `o` or one more, found 2 `x` and 3 `o`",
        ),
        (
            "five marks",
            one_case("xx../oo../x.../...."),
            "line 3, column 1: case 1: expected at least six marks, found 5",
        ),
        (
            "a full board",
            one_case("xxoo/ooxx/xxoo/ooxx"),
            "line 3, column 1: case 1: expected an empty cell, found a full board",
        ),
        (
            "x has a row",
            one_case("xxxx/oo../o.../...."),
            "line 3, column 1: case 1: expected no line of four yet, found one",
        ),
        (
            "o has a diagonal",
            one_case("oxx./xo../x.o./...o"),
            "line 3, column 1: case 1: expected no line of four yet, found one",
        ),
        (
            "a form feed between tokens",
            SAMPLE.replacen("\nwin", "\x0cwin", 1),
            "line 1, column 2: expected case 1: the goal `win`, `lose` or `draw`, found '\\u{c}'",
        ),
        (
            "trailing garbage",
            SAMPLE.to_string() + "win\n",
            "line 22, column 1: expected end of input, found \"win\"",
        ),
        (
            "empty input",
            String::new(),
            "line 1, column 1: expected the number of cases T (an integer in 1..=100000), found end of input",
        ),
    ];
    assert_eq!(validate(SAMPLE, &[]), Ok(()));
    for (name, input, message) in cases {
        // Said where they are in any layout; the plain one (no flag) rejects them too, a layout mistake
        // first where there is one.
        assert_eq!(
            validate(&input, &["layout"]),
            Err(message.to_string()),
            "{name}"
        );
        assert!(validate(&input, &[]).is_err(), "{name}");
    }
    // The format reads tokens: CR LF, tabs, no final newline, blanks around are all valid where the group
    // passes `layout`; every other case is in the plain layout.
    for (layout, message) in [
        (
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 2: expected a token or a single space, found '\\r' (allowed only where the group \
             passes `layout`)",
        ),
        (
            SAMPLE.replace('\n', "\t"),
            "line 1: expected `\\n` at the end of the input, found none",
        ),
        (
            format!("\n  {}\n\n", SAMPLE.trim_end()),
            "line 1, column 1: expected a token, found a blank line",
        ),
        (
            SAMPLE.replace("\nwin\n", "\nwin \n"),
            "line 2, column 4: expected `\\n`, found a space at the end of the line",
        ),
    ] {
        assert_eq!(validate(&layout, &[]), Err(message.to_string()), "{layout:?}");
        assert_eq!(validate(&layout, &["layout"]), Ok(()), "{layout:?}");
    }
    assert_eq!(validate(&SAMPLE.replace('\n', " "), &["layout"]), Ok(()));
    // x one more than o, seven marks: valid; and six marks, as many x as o.
    assert_eq!(validate(&one_case("xxo./xo../o.x./...."), &[]), Ok(()));
    assert_eq!(validate(&one_case("xxo./xo../o.../...."), &[]), Ok(()));
    // This problem has no beyond group.
    assert!(validate(SAMPLE, &["beyond"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = with_line(1, "0");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
