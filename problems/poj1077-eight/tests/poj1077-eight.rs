//! The solution against testgen's independent references: a BFS over every board (IDA* on all 181,440
//! solvable boards, parity on all 362,880; every 61st of them in the default run, all in the full run,
//! `-- --include-ignored`) and the lecture's textbook A* (a sample of boards).
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use std::sync::atomic::{AtomicUsize, Ordering};
use testgen::harness::{
    assert_rejects, assert_solve_rejects, each_in_parallel, run, testdata_cases,
};
use testgen::poj1077_eight::{
    a_star, all_boards, format_input, parse, replay, Board, Distances, GOAL, HARDEST,
    MOST_IDA_NODES, SAMPLE_IN, SAMPLE_MOVES,
};
use testgen::rng::Rng;

/// `moves` is a legal move string that takes `board` to the goal in exactly `distance` moves.
fn assert_shortest(board: &Board, moves: &str, distance: u8, method: &str) {
    assert_eq!(
        moves.len(),
        distance as usize,
        "{method}: length for {board:?}: {moves}"
    );
    assert_eq!(
        replay(board, moves),
        Some(GOAL),
        "{method}: {moves} does not solve {board:?}"
    );
}

/// `output` answers the one board of `input` as the reference says: shortest moves or `unsolvable`.
fn assert_output(distances: &Distances, input: &str, output: &str) {
    let boards = parse(input);
    assert_eq!(boards.len(), 1, "one board per input");
    let line = output
        .strip_suffix('\n')
        .expect("the answer line ends in \\n");
    assert!(!line.contains('\n'), "one line: {output:?}");
    match distances.get(&boards[0]) {
        Some(d) => assert_shortest(&boards[0], line, d, "solve"),
        None => assert_eq!(line, "unsolvable", "for {:?}", boards[0]),
    }
}

/// Parity and IDA* against the BFS table on every `step`-th of the 362,880 permutations; how many of
/// them were solvable.
fn permutations_agree_with_the_bfs_reference(step: usize) -> usize {
    let distances = Distances::new();
    let boards: Vec<Board> = all_boards().into_iter().step_by(step).collect();
    let solvable = AtomicUsize::new(0);
    each_in_parallel(&boards, |board| {
        let reference = distances.get(board);
        assert_eq!(
            solution::solvable(board),
            reference.is_some(),
            "parity of {board:?}"
        );
        if let Some(d) = reference {
            solvable.fetch_add(1, Ordering::Relaxed);
            assert_shortest(board, &solution::ida_star(board).0, d, "IDA*");
        }
    });
    solvable.into_inner()
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn every_permutation_agrees_with_the_bfs_reference() {
    assert_eq!(permutations_agree_with_the_bfs_reference(1), 181_440);
}

/// The default run's share of the exhaustive check.
#[test]
fn every_61st_permutation_agrees_with_the_bfs_reference() {
    assert_eq!(permutations_agree_with_the_bfs_reference(61), 2_971);
}

#[test]
fn the_lectures_a_star_agrees_on_a_sample() {
    let distances = Distances::new();
    let mut boards = all_boards();
    Rng::new(1077).shuffle(&mut boards);
    boards.truncate(2_000);
    boards.extend(HARDEST);
    for board in boards.iter().filter(|b| distances.get(b).is_some()) {
        let moves = a_star(board).expect("solvable");
        let d = moves.len() as u8;
        assert_shortest(board, &moves, d, "A*");
        assert_eq!(distances.get(board), Some(d), "A* vs BFS for {board:?}");
        assert_shortest(board, &solution::ida_star(board).0, d, "IDA* vs A*");
    }
}

#[test]
fn named_cases() {
    let hardest = [HARDEST[0], HARDEST[1], MOST_IDA_NODES].map(|b| format_input(&[b]));
    let cases: [(&str, &str); 9] = [
        ("sample", SAMPLE_IN),
        ("goal gives an empty line", "1 2 3 4 5 6 7 8 x\n"),
        ("two tiles swapped", "1 2 3 4 5 6 8 7 x\n"),
        ("first 31-move board", &hardest[0]),
        ("second 31-move board", &hardest[1]),
        ("most IDA* nodes (29 moves)", &hardest[2]),
        (
            "tabs and runs of spaces",
            "\t2 \t 3   4\t1  5 x\n7 6\t\t8 \n",
        ),
        ("CRLF, a row per line", "1 2 3\r\n4 5 6\r\n7 x 8\r\n"),
        ("no final newline", "1 2 3 4 5 6 x 7 8"),
    ];
    let distances = Distances::new();
    for (name, input) in cases {
        let output = solution::solve(input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_output(&distances, input, &output);
    }
    assert_eq!(solution::solve("1 2 3 4 5 6 7 8 x").unwrap(), "\n");
    assert_eq!(
        solution::solve("1 2 3 4 5 6 8 7 x").unwrap(),
        "unsolvable\n"
    );
    let sample = solution::solve(SAMPLE_IN.trim_end()).unwrap();
    assert_eq!(sample.trim_end().len(), SAMPLE_MOVES.len());
}

#[test]
fn malformed_input_is_an_error() {
    let bad = [
        ("empty input", ""),
        ("only whitespace", " \r\n\t"),
        ("a 9", "1 2 3 4 5 6 7 8 9"),
        ("a 0", "0 1 2 3 4 5 6 7 8"),
        ("capital X", "1 2 3 4 5 6 7 8 X"),
        ("two-digit token", "12 3 4 5 6 7 8 x"),
        ("a repeated tile", "1 2 3 4 5 6 7 7 x"),
        ("two blanks", "1 2 3 4 5 6 7 x x"),
        ("a word", "1 2 3 4 five 6 7 8 x"),
        ("1 token left over", "1 2 3 4 5 6 7 8 x\n1"),
        ("a second board", "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8 x"),
        ("commas", "1,2,3,4,5,6,7,8,x"),
        ("non-ASCII space", "1 2 3 4 5 6 7 8\u{a0}x"),
    ];
    for (name, input) in bad {
        assert_solve_rejects(solution::solve, name, input);
    }
}

/// Every committed testdata case is answered with shortest moves or `unsolvable`, as the BFS says.
#[test]
fn every_testdata_case_is_answered_shortest() {
    let distances = Distances::new();
    let cases = testdata_cases("poj1077-eight");
    assert!(cases.len() >= 9, "only {} cases", cases.len());
    for case in cases {
        let output = solution::solve(&case.input).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert_output(&distances, &case.input, &output);
    }
}

#[test]
fn the_binary_exits_1_with_one_stderr_line_on_bad_input() {
    let exe = env!("CARGO_BIN_EXE_poj1077-eight");
    for input in [&b"1 2 3 4 5 6 7 8 x 1 2"[..], b"\xff\xfe 1 2 3", b""] {
        assert_rejects(exe, input);
    }
    let out = run(exe, b"2  3  4  1  5  x  7  6  8\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
}
