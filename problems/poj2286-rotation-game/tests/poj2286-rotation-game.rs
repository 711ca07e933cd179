#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use testgen::harness::{
    assert_rejects, assert_solve_rejects, assert_solves_testdata, each_in_parallel,
};
use testgen::poj2286_rotation_game::{
    format_input, random_board, solve as reference, solved_board, undo_letters, Board, SAMPLE_IN,
    SAMPLE_OUT,
};
use testgen::rng::Rng;

#[test]
fn samples() {
    assert_eq!(solution::solve(SAMPLE_IN), Ok(SAMPLE_OUT.to_string()));
}

#[test]
fn named_edge_cases() {
    let cases: &[(&str, &str, &str)] = &[
        ("no boards", "0\n", ""),
        (
            "solved, 1 in the centre",
            &format_input(&[solved_board(1)]),
            "No moves needed\n1\n",
        ),
        (
            "solved, 3 in the centre",
            &format_input(&[solved_board(3)]),
            "No moves needed\n3\n",
        ),
        (
            "tie: 1 and 3 both need 6 moves, 3's AAHHBH beats 1's ADDECD",
            "2 2 2 2 3 1 2 1 1 3 2 1 3 1 1 1 3 3 2 1 3 3 3 2\n0\n",
            "AAHHBH\n3\n",
        ),
        (
            "tie: 2 and 3 both need 5 moves, 3's ADEHA beats 2's BBBCF",
            "1 2 2 3 1 2 2 2 3 3 1 2 3 1 3 3 2 1 1 1 3 1 3 2\n0\n",
            "ADEHA\n3\n",
        ),
        (
            "a deepest board: 13 moves, no board needs more",
            "1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3\n0\n",
            "AAABGAHBDDDHB\n1\n",
        ),
        (
            "tabs, CRLF, no final newline, tokens after the closing 0 ignored",
            "1\t1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\r\n1 1 1 1 1 1 1 1\r\n\
             2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\r\n0",
            SAMPLE_OUT,
        ),
        ("input after the closing 0 is not read", "0\n1 2 x\n", ""),
    ];
    for (name, input, expected) in cases {
        assert_eq!(solution::solve(input).as_deref(), Ok(*expected), "{name}");
        if !input.starts_with('0') {
            assert_eq!(reference(input), *expected, "reference on {name}");
        }
    }
}

#[test]
fn one_move_from_solved_for_every_letter() {
    // Undoing a move from a solved board leaves a board that one move solves (perhaps a smaller letter).
    for (centre, letter) in (1..=3).flat_map(|c| "ABCDEFGH".chars().map(move |l| (c, l))) {
        let mut board = solved_board(centre);
        undo_letters(&mut board, &letter.to_string());
        let input = format_input(&[board]);
        let answer = solution::solve(&input).unwrap();
        assert_eq!(
            answer,
            reference(&input),
            "undo {letter} with {centre} in the centre"
        );
        assert_eq!(answer.lines().next().map(str::len), Some(1));
    }
}

#[test]
fn malformed_input_is_rejected() {
    let board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";
    let cases: &[(&str, String)] = &[
        ("empty", String::new()),
        ("only spaces", " \n\t\n".to_string()),
        ("no closing 0", format!("{board}\n")),
        ("truncated board", "1 1 1 1 3 2 3\n0\n".to_string()),
        ("symbol 4", format!("4{}\n0\n", &board[1..])),
        ("a letter", format!("x{}\n0\n", &board[1..])),
        ("negative", format!("-1{}\n0\n", &board[1..])),
        (
            "nine 1s",
            "1 1 1 1 1 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n".to_string(),
        ),
        (
            "0 inside a board",
            format!("1 1 1 1 3 2 3 0 {}\n0\n", &board[16..]),
        ),
        ("closing token 00", format!("{board}\n00\n")),
    ];
    for (name, input) in cases {
        assert_solve_rejects(solution::solve, name, input);
    }
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn agrees_with_plain_ida_star_on_3000_random_boards() {
    agrees_with_plain_ida_star_on_random_boards(3000);
}

/// The default run's share: the first 300 of the same boards.
#[test]
fn agrees_with_plain_ida_star_on_300_random_boards() {
    agrees_with_plain_ida_star_on_random_boards(300);
}

/// `count` random boards, in files of 300, against the lecture's plain IDA*.
fn agrees_with_plain_ida_star_on_random_boards(count: usize) {
    let mut rng = Rng::new(0x2286);
    let boards: Vec<Board> = (0..count).map(|_| random_board(&mut rng)).collect();
    let files: Vec<&[Board]> = boards.chunks(300).collect();
    each_in_parallel(&files, |file| {
        let input = format_input(file);
        assert_eq!(solution::solve(&input), Ok(reference(&input)), "{input}");
    });
}

#[test]
fn the_lectures_h_and_the_database_give_the_same_answers() {
    // The same IDA* over the two heuristics, on boards shallow enough for the weak one.
    let db = solution::PatternDb::compute();
    let mut rng = Rng::new(0x8_2286);
    for k in 0..=7 {
        let mut board = solved_board(rng.range(1, 3) as u8);
        let letters: String = (0..k)
            .map(|_| *rng.pick(&['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']))
            .collect();
        undo_letters(&mut board, &letters);
        let mut masks = [0; 3];
        for (cell, &symbol) in board.iter().enumerate() {
            masks[symbol as usize - 1] |= 1 << cell;
        }
        let (lecture, slow) = solution::ida_star(&db.tables, &masks, solution::lecture_h);
        let (exact, fast) = solution::ida_star(&db.tables, &masks, |b| db.h(b));
        assert_eq!(lecture, exact, "scrambled by {letters}");
        assert!(fast <= 1 + 8 * exact.moves.len() as u64 && fast <= slow);
    }
}

#[test]
fn agrees_with_plain_ida_star_on_scrambles_of_known_depth() {
    // A solved board scrambled by k moves needs at most k; lengths 1..=12 cover the shallow depths that
    // random boards rarely reach.
    let mut rng = Rng::new(0x5c2a);
    let mut boards = Vec::new();
    for k in 1..=12 {
        for _ in 0..30 {
            let mut board = solved_board(rng.range(1, 3) as u8);
            let letters: String = (0..k)
                .map(|_| *rng.pick(&['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']))
                .collect();
            undo_letters(&mut board, &letters);
            boards.push(board);
        }
    }
    let input = format_input(&boards);
    let expected = reference(&input);
    assert_eq!(solution::solve(&input), Ok(expected.clone()));
    let lengths = expected
        .lines()
        .step_by(2)
        .map(|l| if l.starts_with('N') { 0 } else { l.len() });
    for (i, len) in lengths.enumerate() {
        assert!(
            len <= i / 30 + 1,
            "board {i} needs more moves than its scramble"
        );
    }
}

#[test]
fn no_board_needs_more_than_13_moves_and_192_need_13() {
    // A board needs min over its symbols of their masks' distances, so a board needs ≥ t moves iff all
    // three masks are ≥ t away: count the partitions of the 24 cells into three such masks.
    let distances = solution::PatternDb::compute();
    let eight_cells = || (0u32..1 << 24).filter(|m| m.count_ones() == 8);
    let boards_needing_at_least = |t: u8| {
        let far: Vec<u32> = eight_cells().filter(|&m| distances.of(m) >= t).collect();
        let mut count = 0;
        for &first in &far {
            for &second in far.iter().filter(|&&m| m & first == 0) {
                count += far.binary_search(&(0xFF_FFFF & !(first | second))).is_ok() as usize;
            }
        }
        count
    };
    assert_eq!(boards_needing_at_least(14), 0);
    assert_eq!(boards_needing_at_least(13), 192);
}

#[test]
fn agrees_with_every_testdata_answer() {
    // The .ans files come from the reference IDA*, including the deepest boards it takes seconds on.
    assert_solves_testdata("poj2286-rotation-game", 10, solution::solve);
}

#[test]
fn process_exits_1_with_one_stderr_line_on_bad_input() {
    for input in [&b"1 2 3\n"[..], b"\xff\xfe 0\n"] {
        assert_rejects(env!("CARGO_BIN_EXE_poj2286-rotation-game"), input);
    }
}
