//! The solution against the exhaustive minimax of `testgen::poj1568_winning_move` (every position reachable
//! from the empty board, no pruning): on every legal board with at least 12 pieces, on every four-piece
//! board, and on 100,000 random boards with 4 to 10 pieces (the first and the last in the full run,
//! `-- --include-ignored`; 5,000 random boards in the default run); plus the sample, named cases, every
//! committed testdata case and bad input.
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use std::sync::OnceLock;
use testgen::harness::{
    assert_rejects, assert_solve_rejects, assert_solves_testdata, each_in_parallel, run,
};
use testgen::poj1568_winning_move::{
    self as reference, count, input, Board, Table, NAMED, SAMPLE_IN, SAMPLE_OUT,
};
use testgen::rng::Rng;

/// Built once per test binary: ~43 MB, ~1.5 s.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::build)
}

/// Solves `boards` as one input (cases share the solution's memo, as in a judge file) and compares
/// every line with the reference.
fn check_against_reference(boards: &[Board]) {
    let files: Vec<&[Board]> = boards.chunks(20_000).collect();
    each_in_parallel(&files, |chunk| {
        let output = solution::solve(&input(chunk)).unwrap();
        for (board, line) in chunk.iter().zip(output.lines()) {
            let expected = table().answer(board);
            let board = String::from_utf8_lossy(board);
            assert_eq!(format!("{line}\n"), expected, "board {board}");
        }
        assert_eq!(output.lines().count(), chunk.len());
    });
}

#[test]
fn sample() {
    assert_eq!(solution::solve(SAMPLE_IN).unwrap(), SAMPLE_OUT);
    assert_eq!(reference::solve(table(), SAMPLE_IN), SAMPLE_OUT);
}

#[test]
fn named_cases() {
    for (name, cells, expected) in NAMED {
        let board: Board = cells.as_bytes().try_into().unwrap();
        assert_eq!(
            table().answer(&board),
            format!("{expected}\n"),
            "reference, {name}"
        );
        assert_eq!(
            solution::solve(&input(&[board])).unwrap(),
            format!("{expected}\n"),
            "{name}"
        );
    }
}

#[test]
fn layout_is_free_but_cases_are_not() {
    let crlf = SAMPLE_IN.replace('\n', "\r\n");
    let loose =
        "\n?  \n  ....\n.xo.  \n\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$ trailing words\n";
    for input in [crlf.as_str(), loose, SAMPLE_IN.trim_end()] {
        assert_eq!(solution::solve(input).unwrap(), SAMPLE_OUT, "{input:?}");
    }
    assert_eq!(solution::solve("$\n").unwrap(), "");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn every_legal_board_with_twelve_or_more_pieces() {
    let boards: Vec<Board> = table().legal_boards(12).collect();
    assert!(boards.iter().all(|b| count(b, b'.') <= 4));
    assert!(boards.len() > 1_000_000, "{} boards", boards.len());
    check_against_reference(&boards);
}

/// The known fact, proved rather than assumed: no four-piece board has a forced win.
#[test]
fn every_four_piece_board_is_no_win() {
    let boards: Vec<Board> = table()
        .legal_boards(4)
        .filter(|b| count(b, b'.') == 12)
        .collect();
    assert_eq!(boards.len(), 120 * 91);
    check_against_reference(&boards);
    assert!(boards.iter().all(|b| table().winning_move(b).is_none()));
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn a_hundred_thousand_random_boards_with_four_to_ten_pieces() {
    random_boards_with_four_to_ten_pieces(100_000);
}

/// The default run's share: the first 5,000 of the same boards.
#[test]
fn five_thousand_random_boards_with_four_to_ten_pieces() {
    random_boards_with_four_to_ten_pieces(5_000);
}

/// `count` random boards, one in twenty or more with a forced win, against the reference.
fn random_boards_with_four_to_ten_pieces(count: usize) {
    let mut rng = Rng::new(1568);
    let boards: Vec<Board> = (0..count)
        .map(|_| {
            let pieces = *rng.pick(&[4, 6, 8, 10]);
            reference::random_legal(&mut rng, pieces)
        })
        .collect();
    let wins = boards
        .iter()
        .filter(|b| table().winning_move(b).is_some())
        .count();
    assert!(wins > count / 20, "only {wins} boards with a forced win");
    check_against_reference(&boards);
}

/// Every committed testdata case (answers written by the reference's generator) is answered the same.
#[test]
fn testdata_answers() {
    assert_solves_testdata("poj1568-winning-move", 10, solution::solve);
}

#[test]
fn malformed_input_is_an_error() {
    for input in [
        "",
        "\n",
        "?\n....\n.xo.\n.ox.\n....\n",          // no `$`
        "?\n....\n.xo.\n.ox.\n",                // truncated board
        "?\n....\n.xo.\n.ox.\n...\n$\n",        // short row
        "?\n....\n.xo.\n.ox.\n.....\n$\n",      // long row
        "?\n....\n.Xo.\n.ox.\n....\n$\n",       // unknown mark
        "!\n....\n.xo.\n.ox.\n....\n$\n",       // not a case
        "?\n....\n.xo.\n.ox.\n....\n....\n$\n", // a fifth row
        "?\n.. .\n.xo.\n.ox.\n....\n$\n",       // a blank inside a row
    ] {
        assert_solve_rejects(solution::solve, "malformed", input);
    }
}

#[test]
fn the_binary_exits_1_with_one_line_on_stderr() {
    let exe = env!("CARGO_BIN_EXE_poj1568-winning-move");
    for input in [&b"?\n....\n"[..], b"\xff\xfe?\n"] {
        assert_rejects(exe, input);
    }
    let out = run(exe, SAMPLE_IN.as_bytes());
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), SAMPLE_OUT);
}
