//! The input validator, `testdata/gomoku/input_validators/validate.rs`: every committed case is valid with
//! its group's flags, each named mistake is rejected with a message saying where and what, and the file
//! compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/gomoku/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "gomoku";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 15, "only {} cases found", cases.len());
    for (path, flags) in cases {
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(validate(&text, &flags), Ok(()), "{}", path.display());
    }
}

/// A 15×15 board text with `rows` (y, row) set, the rest empty; each line ends in `\n`.
fn board(rows: &[(usize, &str)]) -> String {
    let mut lines = vec![".".repeat(15); 15];
    for &(y, row) in rows {
        lines[y] = format!("{row:.<15}");
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn good_layouts_pass() {
    let one = board(&[(7, ".......x")]);
    let two = board(&[(7, ".......xo")]);
    for input in [
        one.clone(),
        format!("{one}\n{two}"),
        format!("{one}\n\n\n{two}"),
        format!("rule 4\n{one}"),
        format!("rule 1\n{two}\n{one}"),
        one.replace('\n', "\r\n"),
        // Standard: six in a row is no five, so the game goes on.
        format!("rule 1\n{}", board(&[(0, "xxxxxx"), (2, "o.o.o.o.o")])),
        // Renju: Black's six is no five either, White's is.
        format!("rule 4\n{}", board(&[(0, "xxxxxx"), (2, "o.o.o.o.o")])),
    ] {
        assert_eq!(validate(&input, &[]), Ok(()), "{input:?}");
        assert_eq!(validate(&input, &["beyond"]), Ok(()), "{input:?}");
    }
}

#[test]
fn named_mistakes_are_rejected() {
    let one = board(&[(7, ".......x")]);
    let five = board(&[(3, "xxxxx"), (5, "oooo")]);
    let six = board(&[(0, "xxxxxx"), (2, "o.o.o.o.o")]);
    let white_six = board(&[(0, "oooooo"), (2, "x.x.x.x.x"), (4, "x")]);
    let full: String = (0..15)
        .map(|y| {
            (0..15)
                .map(|x| if (x + 2 * y) % 4 < 2 { 'x' } else { 'o' })
                .collect::<String>()
                + "\n"
        })
        .collect();
    let cases: Vec<(&str, String, &str)> = vec![
        ("empty input", String::new(), "line 1"),
        (
            "no newline at the end",
            one.trim_end().to_string(),
            "newline",
        ),
        (
            "a short row",
            one.replacen("...............", "..............", 1),
            "line 1",
        ),
        ("a wrong character", one.replacen('.', "X", 1), "line 1"),
        (
            "a board cut short",
            one.lines().take(14).map(|l| format!("{l}\n")).collect(),
            "15 board lines",
        ),
        (
            "boards without an empty line between",
            format!("{one}{one}"),
            "line 16",
        ),
        ("a trailing empty line", format!("{one}\n"), "another board"),
        ("an empty line first", format!("\n{one}"), "line 1"),
        ("a bad rule", format!("rule 2\n{one}"), "rule 0"),
        (
            "a rule line with a space too many",
            format!("rule  4\n{one}"),
            "line 1",
        ),
        (
            "an empty line after the rule",
            format!("rule 4\n\n{one}"),
            "line 2",
        ),
        (
            "a rule line alone",
            "rule 4\n".to_string(),
            "expected a board",
        ),
        ("too many o", board(&[(7, "o")]), "one x more"),
        ("two x more", board(&[(7, "xx")]), "one x more"),
        ("a five on the board", five.clone(), "five"),
        ("a freestyle overline", six.clone(), "five"),
        (
            "White's overline under renju",
            format!("rule 4\n{white_six}"),
            "five",
        ),
        ("a full board", full, "full board"),
        (
            "trailing text on a row",
            one.replacen("...............\n", "............... \n", 1),
            "line 1",
        ),
    ];
    for (name, input, part) in cases {
        let message = validate(&input, &[]).expect_err(name);
        assert!(message.contains(part), "{name}: {message:?} lacks {part:?}");
        assert!(
            message.starts_with("line"),
            "{name}: {message:?} says no place"
        );
    }
    assert!(validate(&one, &["official"]).is_err());
}

#[test]
fn the_file_compiles_alone_and_speaks_42_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    let good = board(&[(7, ".......x")]);
    assert_eq!(run(&exe, good.as_bytes(), &[]), (Some(42), String::new()));
    let (code, note) = run(&exe, b"rule 9\n", &[]);
    assert_eq!(code, Some(43));
    assert_eq!(note.lines().count(), 1);
    assert_eq!(run(&exe, good.as_bytes(), &["strict"]).0, Some(2));
}
