//! The solution against the exhaustive AND/OR table of `testgen::jinhua_chess` ("can this player force this
//! outcome?" for every position reachable from the empty board, no pruning): every valid board with at
//! least 12 pieces under all three goals, and 100,000 random boards with 6 to 11 pieces under all three
//! (the full run, `-- --include-ignored`; 5,000 of them in the default run); plus the sample, named cases,
//! every committed testdata case and bad input. The plain minimax of
//! `testgen::poj1568_winning_move` sorts the boards into the traps the lecture warns about, and each trap
//! must occur and be answered right.
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use std::sync::OnceLock;
use testgen::harness::{
    assert_rejects, assert_solve_rejects, assert_solves_testdata, each_in_parallel, run,
};
use testgen::jinhua_chess::{
    all_goals, input, random_valid, Goal, Table, NAMED, SAMPLE_IN, SAMPLE_OUT,
};
use testgen::poj1568_winning_move::{self as plain, count, mover, Board, Outcome};
use testgen::rng::Rng;

/// Built once per test binary: ~43 MB each, ~2 s together.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::build)
}

fn minimax() -> &'static plain::Table {
    static TABLE: OnceLock<plain::Table> = OnceLock::new();
    TABLE.get_or_init(plain::Table::build)
}

/// How many boards fell into each trap, counted from the references.
#[derive(Default, Debug)]
struct Traps {
    /// Bob can force a win and can also force a loss.
    win_and_lose: usize,
    /// Neither side can force a win (the minimax value is a draw), yet Bob cannot force a draw.
    no_winner_no_draw: usize,
    /// Bob's opponent can force a win, yet Bob cannot force a loss: the opponent refuses to win.
    opponent_wins_bob_cannot_lose: usize,
}

/// Solves all three goals of every board in files of at most 100,000 cases (one memo per file, as on a
/// judge) and compares every answer with the reference.
fn check_against_reference(boards: &[Board]) {
    let files: Vec<&[Board]> = boards.chunks(33_333).collect();
    each_in_parallel(&files, |chunk| {
        let cases = all_goals(chunk);
        let output = solution::solve(&input(&cases)).unwrap();
        assert_eq!(output.lines().count(), cases.len());
        for ((board, goal), line) in cases.iter().zip(output.lines()) {
            let text = String::from_utf8_lossy(board);
            assert_eq!(
                format!("{line}\n"),
                table().answer(board, *goal),
                "{goal:?} on {text}"
            );
        }
    });
}

/// How many of `boards` fell into each trap.
fn traps(boards: &[Board]) -> Traps {
    let mut traps = Traps::default();
    for board in boards {
        let [win, lose, draw] = Goal::ALL.map(|goal| table().can_force(board, goal));
        let value = minimax().value(board);
        let opponent_wins = if mover(board) == b'x' {
            Outcome::OWins
        } else {
            Outcome::XWins
        };
        traps.win_and_lose += usize::from(win && lose);
        traps.no_winner_no_draw += usize::from(value == Outcome::Draw && !draw);
        traps.opponent_wins_bob_cannot_lose += usize::from(value == opponent_wins && !lose);
    }
    traps
}

#[test]
fn sample() {
    assert_eq!(solution::solve(SAMPLE_IN).unwrap(), SAMPLE_OUT);
    assert_eq!(testgen::jinhua_chess::solve(table(), SAMPLE_IN), SAMPLE_OUT);
}

/// The generator's named boards under all three goals: each expectation also checked against the
/// reference.
#[test]
fn named_cases() {
    for (name, cells, answers) in NAMED {
        let board: Board = cells.as_bytes().try_into().unwrap();
        for (goal, expected) in Goal::ALL.into_iter().zip(answers) {
            assert_eq!(
                table().answer(&board, goal),
                format!("{expected}\n"),
                "reference, {name}, {goal:?}"
            );
            assert_eq!(
                solution::solve(&input(&[(board, goal)])).unwrap(),
                format!("{expected}\n"),
                "{name}, {goal:?}"
            );
        }
    }
}

#[test]
fn layout_is_free() {
    let crlf = SAMPLE_IN.replace('\n', "\r\n");
    let one_line = SAMPLE_IN.replace('\n', " ");
    for input in [crlf.as_str(), one_line.as_str(), SAMPLE_IN.trim_end()] {
        assert_eq!(solution::solve(input).unwrap(), SAMPLE_OUT, "{input:?}");
    }
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn every_valid_board_with_twelve_or_more_pieces() {
    let boards: Vec<Board> = table().valid_boards(12).collect();
    assert!(boards.iter().all(|b| count(b, b'.') <= 4));
    assert!(boards.len() > 2_000_000, "{} boards", boards.len());
    check_against_reference(&boards);
    let traps = traps(&boards);
    assert!(traps.win_and_lose > 0, "{traps:?}");
    assert!(traps.no_winner_no_draw > 0, "{traps:?}");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn a_hundred_thousand_random_boards_with_six_to_eleven_pieces() {
    let boards = random_boards_with_six_to_eleven_pieces(100_000);
    check_against_reference(&boards);
    // Each of the lecture's traps occurs (the plain minimax sorts them out).
    let traps = traps(&boards);
    assert!(traps.win_and_lose > 0, "{traps:?}");
    assert!(traps.no_winner_no_draw > 0, "{traps:?}");
    assert!(traps.opponent_wins_bob_cannot_lose > 0, "{traps:?}");
}

/// The default run's share: the first 5,000 of the same boards, their answers only.
#[test]
fn five_thousand_random_boards_with_six_to_eleven_pieces() {
    check_against_reference(&random_boards_with_six_to_eleven_pieces(5_000));
}

/// `count` random valid boards with 6 to 11 pieces.
fn random_boards_with_six_to_eleven_pieces(count: usize) -> Vec<Board> {
    let mut rng = Rng::new(2012);
    (0..count)
        .map(|_| {
            let pieces = rng.range(6, 11) as usize;
            random_valid(&mut rng, pieces)
        })
        .collect()
}

/// Every committed testdata case (answers written by the reference's generator) is answered the same.
#[test]
fn testdata_answers() {
    assert_solves_testdata("jinhua-chess", 10, solution::solve);
}

#[test]
fn malformed_input_is_an_error() {
    let case = "win\n..xx\nxox.\n..oo\nxo..\n";
    for input in [
        String::new(),
        "\n".into(),
        format!("two\n{case}"),
        format!("-1\n{case}"),
        format!("2\n{case}"),                     // truncated: one case missing
        "1\nwin\n..xx\nxox.\n..oo\n".into(),      // truncated board
        "1\nwin\n..xx\nxox\n..oo\nxo..\n".into(), // short row
        "1\nwin\n..xx\nxox..\n..oo\nxo..\n".into(), // long row
        "1\nWIN\n..xx\nxox.\n..oo\nxo..\n".into(), // unknown goal
        "1\nwin\n..xx\nx0x.\n..oo\nxo..\n".into(), // unknown mark
        "1\nwin\n..xx\nxox.\n..oo\nxox.\n".into(), // x has two more
        "1\nwin\n..xx\nxoo.\n..oo\nxo..\n".into(), // o has more
        "1\n".to_string() + case + "extra\n",     // more than T cases
    ] {
        assert_solve_rejects(solution::solve, "malformed", &input);
    }
}

#[test]
fn the_binary_exits_1_with_one_line_on_stderr() {
    let exe = env!("CARGO_BIN_EXE_jinhua-chess");
    for input in [&b"1\ndraw\n....\n"[..], b"1\n\xff\n"] {
        assert_rejects(exe, input);
    }
    let out = run(exe, SAMPLE_IN.as_bytes());
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), SAMPLE_OUT);
}
