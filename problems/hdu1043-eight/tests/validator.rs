//! The input validator, `testdata/hdu1043-eight/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/hdu1043-eight/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "hdu1043-eight";

const SAMPLE: &str = "2 3 4 1 5 x 7 6 8\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 10, "only {} cases", cases.len());
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

#[test]
fn named_mistakes_are_rejected_with_where_and_what() {
    let tile = |tray: usize, k: usize| format!("tray {tray}, tile {k} of 9: `1`..`8` or `x`");
    let goal = "1 2 3 4 5 6 7 8 x";
    // (name, input, the official verdict's message, the `beyond layout` verdict's message or "" for valid)
    let cases = [
        (
            "a tile 9",
            format!("{goal}\n2 3 4 1 5 x 7 6 9\n"),
            format!("line 2, column 17: expected {}, found \"9\"", tile(2, 9)),
            format!("line 2, column 17: expected {}, found \"9\"", tile(2, 9)),
        ),
        (
            "a tile twice",
            "2 3 4 1 5 x 7 6 6\n".to_string(),
            "line 1, column 17: expected each tile once, found \"6\" again".to_string(),
            "line 1, column 17: expected each tile once, found \"6\" again".to_string(),
        ),
        (
            "a line of eight tiles",
            format!("1 2 3 4 5 6 7 8\n{goal}\n"),
            "line 1, column 16: expected a space, found a newline".to_string(),
            "line 2, column 1: expected each tile once, found \"1\" again".to_string(),
        ),
        (
            "ten tokens on a line",
            format!("{goal} 1\n"),
            "line 1, column 18: expected a newline, found a space".to_string(),
            format!(
                "line 2, column 1: expected {}, found end of input",
                tile(2, 2)
            ),
        ),
        (
            "empty input",
            String::new(),
            format!(
                "line 1, column 1: expected {}, found end of input",
                tile(1, 1)
            ),
            format!(
                "line 1, column 1: expected {}, found end of input",
                tile(1, 1)
            ),
        ),
        (
            "only a newline",
            "\n".to_string(),
            format!("line 1, column 1: expected {}, found a newline", tile(1, 1)),
            format!(
                "line 2, column 1: expected {}, found end of input",
                tile(1, 1)
            ),
        ),
        (
            "a form feed",
            format!("{goal}\x0c\n"),
            "line 1, column 18: expected a newline, found '\\u{c}'".to_string(),
            format!(
                "line 1, column 18: expected {}, found '\\u{{c}}'",
                tile(2, 1)
            ),
        ),
        (
            "a tray split over lines",
            "1 2 3\n4 5 6\n7 8 x\n".to_string(),
            "line 1, column 6: expected a space, found a newline".to_string(),
            String::new(),
        ),
        (
            "a space before the tray",
            format!(" {goal}\n"),
            format!("line 1, column 1: expected {}, found a space", tile(1, 1)),
            String::new(),
        ),
        (
            "a space after the tray",
            format!("{goal} \n"),
            "line 1, column 18: expected a newline, found a space".to_string(),
            String::new(),
        ),
        (
            "a blank line between trays",
            format!("{goal}\n\n{goal}\n"),
            format!("line 2, column 1: expected {}, found a newline", tile(2, 1)),
            String::new(),
        ),
        (
            "CR LF",
            format!("{goal}\r\n"),
            "line 1, column 18: expected a newline, found '\\r'".to_string(),
            String::new(),
        ),
        (
            "no final newline",
            goal.to_string(),
            "line 1, column 18: expected a newline, found end of input".to_string(),
            String::new(),
        ),
        (
            "two spaces (HDU's own statement prints its sample so)",
            "2  3  4  1  5  x  7  6  8\n".to_string(),
            "line 1, column 3: expected tray 1, tile 2 of 9: `1`..`8` or `x`, found a space"
                .to_string(),
            String::new(),
        ),
        (
            "a tab",
            "1\t2 3 4 5 6 7 8 x\n".to_string(),
            "line 1, column 2: expected a space, found '\\t'".to_string(),
            String::new(),
        ),
    ];
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
    // Many trays, unsolvable ones: valid in both groups.
    for input in [
        SAMPLE,
        "1 2 3 4 5 6 8 7 x\n1 2 3 4 5 6 7 8 x\n8 6 7 2 5 4 3 x 1\n",
    ] {
        assert_eq!(validate(input, &[]), Ok(()), "{input:?}");
        assert_eq!(validate(input, &["beyond"]), Ok(()), "{input:?}");
    }
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
