//! The input validator, `testdata/poj1568-winning-move/input_validators/validate.rs`: every committed case is valid
//! with its group's flags, each named mistake is rejected with a message saying where and what, and the
//! file compiles alone and answers in the 42 / 43 protocol.
#[allow(dead_code)]
#[path = "../../../testdata/poj1568-winning-move/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, compiled, run};
use validate::validate;

const PROBLEM: &str = "poj1568-winning-move";

const SAMPLE: &str = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";

#[test]
fn every_committed_case_is_valid() {
    let cases = committed_cases(PROBLEM);
    assert!(cases.len() >= 15, "only {} cases", cases.len());
    let group = &["beyond", "layout"][..];
    assert!(
        cases.iter().any(|(_, flags)| flags == group),
        "no case with the flags {group:?}"
    );
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

/// One case of the board `rows` (four rows joined by `/`), then `$`.
fn one_case(rows: &str) -> String {
    format!("?\n{}\n$\n", rows.replace('/', "\n"))
}

#[test]
fn named_mistakes_are_rejected_with_where_and_what() {
    let row0 = "case 1: board row 0, four of `.`, `x`, `o`";
    let board = |promise: &str| format!("line 2, column 1: case 1: expected {promise}");
    // (name, input, the official verdict's message, the `beyond layout` verdict's message or "" for valid)
    let cases = [
        (
            "no case",
            "$\n".to_string(),
            "line 1, column 1: expected case 1: `?`, found \"$\"".to_string(),
            "line 1, column 1: expected case 1: `?`, found \"$\"".to_string(),
        ),
        (
            "no end mark",
            SAMPLE.replace("$\n", ""),
            "line 11, column 1: expected case 3: `?`, or the end mark `$`, found end of input"
                .to_string(),
            "line 11, column 1: expected case 3: `?`, or the end mark `$`, found end of input"
                .to_string(),
        ),
        (
            "`!` for `?`",
            SAMPLE.replacen('?', "!", 1),
            "line 1, column 1: expected case 1: `?`, found \"!\"".to_string(),
            "line 1, column 1: expected case 1: `?`, found \"!\"".to_string(),
        ),
        (
            "a capital X",
            one_case("X.../.xo./.ox./...."),
            format!("line 2, column 1: expected {row0}, found \"X...\""),
            format!("line 2, column 1: expected {row0}, found \"X...\""),
        ),
        (
            "a row of three",
            one_case(".../.xo./.ox./...."),
            format!("line 2, column 1: expected {row0}, found \"...\""),
            format!("line 2, column 1: expected {row0}, found \"...\""),
        ),
        (
            "one more x",
            one_case("xxx./oo../..../...."),
            board("as many `x` as `o` (`x` to move), found 3 `x` and 2 `o`"),
            board("as many `x` as `o` (`x` to move), found 3 `x` and 2 `o`"),
        ),
        (
            "one more o",
            one_case("xx../ooo./..../...."),
            board("as many `x` as `o` (`x` to move), found 2 `x` and 3 `o`"),
            board("as many `x` as `o` (`x` to move), found 2 `x` and 3 `o`"),
        ),
        (
            "one mark each",
            one_case("x.../o.../..../...."),
            board("at least two marks of each side, found 1"),
            board("at least two marks of each side, found 1"),
        ),
        (
            "a full board",
            one_case("xxoo/ooxx/xxoo/ooxx"),
            board("an empty cell, found a full board"),
            board("an empty cell, found a full board"),
        ),
        (
            "a row of x",
            one_case("xxxx/oooo/..../...."),
            board("no line of four yet, found one"),
            board("no line of four yet, found one"),
        ),
        (
            "a diagonal of o",
            one_case("oxx./xo../x.o./...o"),
            board("no line of four yet, found one"),
            board("no line of four yet, found one"),
        ),
        (
            "text after `$`",
            SAMPLE.replace('$', "$end"),
            "line 11, column 1: expected the end mark `$` alone on its line, found \"$end\""
                .to_string(),
            String::new(),
        ),
        (
            "a line after `$`",
            SAMPLE.to_string() + "?\n",
            "line 12, column 1: expected end of input, found \"?\"".to_string(),
            String::new(),
        ),
        (
            "CR LF",
            SAMPLE.replace('\n', "\r\n"),
            "line 1, column 2: expected a newline, found '\\r'".to_string(),
            String::new(),
        ),
        (
            "a blank line between cases",
            SAMPLE.replacen("....\n?", "....\n\n?", 1),
            "line 6, column 1: expected case 2: `?`, or the end mark `$`, found a newline"
                .to_string(),
            String::new(),
        ),
        (
            "spaces round a row",
            SAMPLE.replacen(".xo.", "  .xo.  ", 1),
            "line 3, column 1: expected case 1: board row 1, four of `.`, `x`, `o`, found a space"
                .to_string(),
            String::new(),
        ),
        (
            "two rows on a line",
            SAMPLE.replacen(".xo.\n", ".xo. ", 1),
            "line 3, column 5: expected a newline, found a space".to_string(),
            String::new(),
        ),
        (
            "no final newline",
            SAMPLE.trim_end().to_string(),
            "line 11, column 2: expected a newline, found end of input".to_string(),
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
    }
    // Two marks each, and fourteen: valid.
    assert_eq!(validate(&one_case("xo../xo../..../...."), &[]), Ok(()));
    assert_eq!(validate(&one_case("xoxo/xoxo/oxox/ox.."), &[]), Ok(()));
    // Without `layout`, beyond keeps the plain layout: CR LF only with `layout`.
    let crlf = SAMPLE.replace('\n', "\r\n");
    assert!(validate(&crlf, &["beyond"]).is_err());
    assert_eq!(validate(&crlf, &["beyond", "layout"]), Ok(()));
    assert!(validate(SAMPLE, &["official"]).is_err());
}

#[test]
fn compiles_alone_and_answers_42_or_43() {
    let exe = compiled(PROBLEM, env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(run(&exe, SAMPLE.as_bytes(), &[]), (Some(42), String::new()));
    let bad = one_case("xxx./oo../..../....");
    let why = validate(&bad, &[]).unwrap_err();
    assert_eq!(run(&exe, bad.as_bytes(), &[]), (Some(43), why + "\n"));
    let (code, why) = run(&exe, b"\xff\n", &[]);
    assert_eq!((code, why.lines().count()), (Some(43), 1), "{why}");
    let (code, why) = run(&exe, SAMPLE.as_bytes(), &["--strict"]);
    assert_eq!((code, why.lines().count()), (Some(2), 1), "{why}");
}
