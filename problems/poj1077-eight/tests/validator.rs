//! The input validator, `testdata/poj1077-eight/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj1077-eight/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "poj1077-eight";

const SAMPLE: &str = "2 3 4 1 5 x 7 6 8\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 77, "only {} cases", cases.len());
    for group in [&["beyond"][..], &["layout"], &["beyond", "layout"]] {
        assert!(
            cases.iter().any(|(_, flags)| flags == group),
            "no case with the flags {group:?}"
        );
    }
    for (path, flags) in cases {
        let input = fs::read_to_string(&path).expect("a readable case");
        assert_eq!(validate(&input, &flags), Ok(()), "{}", path.display());
        // Beyond widens the official promises: an official case is a beyond case too.
        let widened: Vec<&str> = flags.iter().copied().chain(["beyond"]).collect();
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

#[test]
fn named_mistakes_are_rejected_with_where_and_what() {
    let tile9 = "tile 9 of 9: `1`..`8` or `x`, each once";
    let cases = [
        (
            "a tile 9",
            "2 3 4 1 5 x 7 6 9\n".to_string(),
            format!("line 1, column 17: expected {tile9}, found \"9\""),
        ),
        (
            "a capital X",
            "2 3 4 1 5 X 7 6 8\n".to_string(),
            "line 1, column 11: expected tile 6 of 9: `1`..`8` or `x`, each once, found \"X\"".to_string(),
        ),
        (
            "0 for the blank",
            "0 1 2 3 4 5 6 7 8\n".to_string(),
            "line 1, column 1: expected tile 1 of 9: `1`..`8` or `x`, each once, found \"0\"".to_string(),
        ),
        (
            "a tile twice",
            "2 3 4 1 5 x 7 6 6\n".to_string(),
            "line 1, column 17: expected each tile once, found \"6\" again".to_string(),
        ),
        (
            "eight tiles",
            "2 3 4 1 5 x 7 6\n".to_string(),
            format!("line 2, column 1: expected {tile9}, found end of input"),
        ),
        (
            "two tiles glued together",
            "23 4 1 5 x 7 6 8\n".to_string(),
            "line 1, column 1: expected tile 1 of 9: `1`..`8` or `x`, each once, found \"23\"".to_string(),
        ),
        (
            "a second tray",
            SAMPLE.to_string() + "1 2 3 4 5 6 7 8 x\n",
            "line 2, column 1: expected end of input, found \"1\"".to_string(),
        ),
        (
            "a tab (beyond only)",
            "2\t3 4 1 5 x 7 6 8\n".to_string(),
            "line 1, column 2: expected tile 2 of 9: `1`..`8` or `x`, each once, found '\\t'".to_string(),
        ),
        (
            "CR LF (beyond only)",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 18: expected end of input, found '\\r'".to_string(),
        ),
        (
            "an unsolvable tray (beyond only)",
            "1 2 3 4 5 6 8 7 x\n".to_string(),
            "line 1, column 1: expected a solvable tray (an even number of inversions; unsolvable trays are \
             beyond POJ's data), found 1 inversion"
                .to_string(),
        ),
        (
            "empty input",
            String::new(),
            "line 1, column 1: expected tile 1 of 9: `1`..`8` or `x`, each once, found end of input".to_string(),
        ),
    ];
    assert_eq!(
        validate("", &[]),
        Err("line 1: expected `\\n` at the end of the input, found none".to_string())
    );
    for (name, input, message) in cases {
        // The mistakes in the tokens, said where they are in any layout; the plain one (no flag) rejects
        // them too, a layout mistake first where there is one.
        assert_eq!(
            validate(&input, &["layout"]),
            Err(message.clone()),
            "{name}"
        );
        assert!(validate(&input, &[]).is_err(), "{name}");
        // Beyond widens the layout and admits unsolvable trays, nothing else.
        let beyond = validate(&input, &["beyond", "layout"]);
        if name.ends_with("(beyond only)") {
            assert_eq!(beyond, Ok(()), "{name}");
        } else {
            assert_eq!(beyond, Err(message), "{name}");
        }
    }
    // Runs of spaces and newlines anywhere, and no final newline, are layouts the statement allows (POJ's
    // own sample has two spaces): only where the group passes `layout`; every other case is plain.
    for (layout, message) in [
        (
            "2  3  4  1  5  x  7  6  8\n",
            "line 1, column 3: expected a token, found a second space",
        ),
        (
            "\n\n1 2 3\n4 x 6\n7 5 8\n\n\n",
            "line 1, column 1: expected a token, found a blank line",
        ),
        (
            "8 6 7 2 5 4 3 x 1",
            "line 1: expected `\\n` at the end of the input, found none",
        ),
        (
            "  1 2 3 4 5 6 7 8 x  \n",
            "line 1, column 1: expected a token, found a space",
        ),
        (
            "1 2 3 4 5 6 7 8 x \n",
            "line 1, column 18: expected `\\n`, found a space at the end of the line",
        ),
    ] {
        assert_eq!(
            validate(layout, &[]),
            Err(message.to_string()),
            "{layout:?}"
        );
        assert_eq!(validate(layout, &["layout"]), Ok(()), "{layout:?}");
    }
    assert_eq!(validate("1 2 3\n4 5 6\n7 8 x\n", &[]), Ok(()));
    let beyond = [" \t1 2 3\r\n4 5 6\r\n8 7 x\t\r\n", "8 6 7 2 5 4 3 x 1\r\n"];
    for layout in beyond {
        assert_eq!(
            validate(layout, &["beyond", "layout"]),
            Ok(()),
            "{layout:?}"
        );
        assert!(validate(layout, &["beyond"]).is_err(), "{layout:?}");
    }
    // A form feed separates nothing, even beyond.
    assert_eq!(
        validate("1 2 3 4 5 6 7 8\x0cx\n", &["beyond", "layout"]),
        Err(
            "line 1, column 16: expected tile 9 of 9: `1`..`8` or `x`, each once, found '\\u{c}'"
                .to_string()
        )
    );
    assert!(validate(SAMPLE, &["official"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = "2 3 4 1 5 x 7 6 9\n".to_string();
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
