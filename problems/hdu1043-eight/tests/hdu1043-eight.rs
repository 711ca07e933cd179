//! The solution against testgen's independent BFS reference: every one of the 362,880 arrangements in one
//! file, named layouts, and every testdata case.
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use testgen::harness::{assert_rejects, assert_solve_rejects, run, testdata_cases};
use testgen::poj1077_eight::{
    all_boards, format_input, parse, replay, Board, Distances, GOAL, HARDEST, SAMPLE_IN,
};

/// `output` answers `boards` line by line as the reference says: shortest moves or `unsolvable`.
fn assert_output(distances: &Distances, boards: &[Board], output: &str) {
    let lines: Vec<&str> = output.split('\n').collect();
    assert_eq!(
        lines.len(),
        boards.len() + 1,
        "one line per board, each ending in \\n"
    );
    assert_eq!(lines[boards.len()], "");
    for (board, line) in boards.iter().zip(&lines) {
        match distances.get(board) {
            Some(d) => {
                assert_eq!(line.len(), d as usize, "length for {board:?}: {line}");
                assert_eq!(replay(board, line), Some(GOAL), "{line} for {board:?}");
            }
            None => assert_eq!(*line, "unsolvable", "for {board:?}"),
        }
    }
}

#[test]
fn a_file_of_every_arrangement_agrees_with_the_bfs_reference() {
    let distances = Distances::new();
    let boards = all_boards();
    let output = solution::solve(&format_input(&boards)).expect("valid input");
    assert_output(&distances, &boards, &output);
    let solvable = boards.iter().filter(|b| solution::solvable(b)).count();
    assert_eq!(solvable, 181_440);
}

#[test]
fn named_cases() {
    let hardest = format_input(&HARDEST);
    let cases: [(&str, &str); 8] = [
        ("sample", SAMPLE_IN),
        ("goal gives an empty line", "1 2 3 4 5 6 7 8 x\n"),
        ("two tiles swapped", "1 2 3 4 5 6 8 7 x\n"),
        ("both 31-move boards", &hardest),
        (
            "tabs and runs of spaces",
            "\t2 \t 3   4\t1  5 x\n7 6\t\t8 \n",
        ),
        ("CRLF, a row per line", "1 2 3\r\n4 5 6\r\n7 x 8\r\n"),
        ("no final newline", "1 2 3 4 5 6 x 7 8"),
        (
            "several boards, one split over lines",
            "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 8 7 x\n8 6 7\n2 5 4\n3 x 1\n",
        ),
    ];
    let distances = Distances::new();
    for (name, input) in cases {
        let output = solution::solve(input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_output(&distances, &parse(input), &output);
    }
}

#[test]
fn malformed_input_is_an_error() {
    let bad = [
        ("empty input", ""),
        ("only whitespace", " \r\n\t"),
        ("a 9", "1 2 3 4 5 6 7 8 9"),
        ("a 0", "0 1 2 3 4 5 6 7 8"),
        ("capital X", "1 2 3 4 5 6 7 8 X"),
        ("a repeated tile", "1 2 3 4 5 6 7 7 x"),
        ("1 token left over", "1 2 3 4 5 6 7 8 x\n1"),
        ("8 tokens left over", "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8"),
        ("a bad second board", "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8 8"),
        ("commas", "1,2,3,4,5,6,7,8,x"),
    ];
    for (name, input) in bad {
        assert_solve_rejects(solution::solve, name, input);
    }
}

/// Every committed testdata case is answered with shortest moves or `unsolvable`, as the BFS says.
#[test]
fn every_testdata_case_is_answered_shortest() {
    let distances = Distances::new();
    let cases = testdata_cases("hdu1043-eight");
    assert!(cases.len() >= 9, "only {} cases", cases.len());
    for case in cases {
        let output = solution::solve(&case.input).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert_output(&distances, &parse(&case.input), &output);
    }
}

#[test]
fn the_binary_exits_1_with_one_stderr_line_on_bad_input() {
    let exe = env!("CARGO_BIN_EXE_hdu1043-eight");
    for input in [&b"1 2 3 4 5 6 7 8 x 1 2"[..], b"\xff\xfe 1 2 3", b""] {
        assert_rejects(exe, input);
    }
    let out = run(exe, b"2  3  4  1  5  x  7  6  8\n1 2 3 4 5 6 7 8 x\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
}
