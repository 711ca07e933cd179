//! The solution against the plain memoised minimax of `testgen::mnk_game` (no pruning, no symmetry, no
//! shortcuts): on every legal position of every game with m·n ≤ 12 cells and on random positions with at
//! most 14 empty cells of bigger boards; then the published values of empty boards, which no reference here
//! can reach, checked against the theorems and against an independent re-solve of each child position;
//! plus the sample, every committed testdata case and bad input. The default run takes boards up to nine
//! cells and a third of the random positions, the full run (`-- --include-ignored`) all of the above.
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use solution::board::Game as SolverGame;
use solution::search::Solver;
use testgen::harness::{assert_rejects, assert_solve_rejects, assert_solves_testdata, run};
use testgen::mnk_game::{
    self as reference, published_draw_answer, random_board, Board, Game, Minimax, PUBLISHED_DRAWS,
    SAMPLE_IN, SAMPLE_OUT,
};
use testgen::rng::Rng;

/// The two bitboards of a board.
fn stones(board: &[u8]) -> (u64, u64) {
    let mask = |mark: u8| {
        (board.iter().enumerate())
            .filter(|&(_, &c)| c == mark)
            .fold(0u64, |acc, (i, _)| acc | 1 << i)
    };
    (mask(b'x'), mask(b'o'))
}

fn solver(m: usize, n: usize, k: usize) -> Solver {
    Solver::new(SolverGame::new(m, n, k))
}

/// Every game whose board has at most `cells` cells, k from 1 to max(m, n).
fn games_up_to(cells: usize) -> Vec<Game> {
    let mut games = Vec::new();
    for m in 1..=8 {
        for n in 1..=8 {
            if m * n <= cells {
                games.extend((1..=m.max(n)).map(|k| Game::new(m, n, k)));
            }
        }
    }
    games
}

#[test]
fn sample() {
    assert_eq!(solution::solve(SAMPLE_IN).unwrap(), SAMPLE_OUT);
    assert_eq!(reference::solve(SAMPLE_IN), SAMPLE_OUT);
}

/// Every legal position (x to move or o to move, nobody k in a row, a cell free) of every game with
/// m·n ≤ `cells`, one solver (and table) per game as in a judge file; how many positions.
fn every_legal_position_of_every_board_up_to(cells: usize) -> usize {
    let mut positions = 0;
    for game in games_up_to(cells) {
        let mut minimax = Minimax::new(game.clone());
        let mut ours = solver(game.m, game.n, game.k);
        for board in minimax.legal_boards() {
            let (x, o) = stones(&board);
            let expected = minimax.answer(&board);
            let got = solution::answer(&mut ours, x, o);
            assert_eq!(got, expected, "{}", reference::case_text(&game, &board));
            positions += 1;
        }
    }
    positions
}

/// The heart of the proof.
#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn every_legal_position_of_every_board_up_to_twelve_cells() {
    let positions = every_legal_position_of_every_board_up_to(12);
    assert!(positions > 1_000_000, "only {positions} positions");
}

/// The default run's share: the boards up to nine cells.
#[test]
fn every_legal_position_of_every_board_up_to_nine_cells() {
    let positions = every_legal_position_of_every_board_up_to(9);
    assert!(positions > 10_000, "only {positions} positions");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn six_random_positions_of_each_bigger_board() {
    random_positions_of_bigger_boards(6);
}

/// The default run's share: two positions of each game.
#[test]
fn two_random_positions_of_each_bigger_board() {
    random_positions_of_bigger_boards(2);
}

/// `per_game` random positions of each of twenty bigger boards, 8 to 14 empty cells, through `solve` (one
/// file per game).
fn random_positions_of_bigger_boards(per_game: usize) {
    let mut rng = Rng::new(0x006D_6E6B);
    let games = [
        (4, 4, 3),
        (4, 5, 4),
        (5, 5, 4),
        (5, 5, 5),
        (4, 6, 4),
        (6, 6, 4),
        (6, 6, 5),
        (7, 7, 5),
        (7, 7, 4),
        (5, 7, 5),
        (3, 7, 3),
        (7, 3, 3),
        (4, 8, 4),
        (8, 4, 4),
        (8, 8, 5),
        (8, 8, 4),
        (7, 8, 5),
        (8, 6, 5),
        (2, 8, 5),
        (8, 8, 3),
    ];
    for &(m, n, k) in &games {
        let game = Game::new(m, n, k);
        let cases: Vec<(Game, Board)> = (0..6)
            .take(per_game)
            .map(|i| {
                let empty = 8 + (i % 7);
                (game.clone(), random_board(&mut rng, &game, m * n - empty))
            })
            .collect();
        let input = reference::input(&cases);
        assert_eq!(
            solution::solve(&input),
            Ok(reference::answers(&cases)),
            "{input}"
        );
    }
}

/// The published values of empty boards (see README.md): drawn games answer `draw` with every cell `D`.
/// Every one of `PUBLISHED_DRAWS` but 8,8,5 (minutes: scripts/bench-mnk --885) and 7,8,5 / 8,7,5
/// (seconds: beyond testdata, timed by scripts/bench-mnk).
#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn published_draws_from_the_empty_board() {
    let slow = [(8, 8, 5), (7, 8, 5), (8, 7, 5)];
    for (m, n, k) in PUBLISHED_DRAWS.into_iter().filter(|g| !slow.contains(g)) {
        let mut ours = solver(m, n, k);
        assert_eq!(
            solution::answer(&mut ours, 0, 0),
            published_draw_answer(m, n),
            "{m},{n},{k}"
        );
    }
}

/// 6,5,4 and 5,6,4 are first-player wins: the root says `win`, and every cell's value (one per
/// symmetry class: the top-left quarter of 6,5,4) is confirmed by a fresh solver (empty table) on the
/// position after that move, whose own root must be its negation.
#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn published_wins_from_the_empty_board_agree_with_their_children() {
    let tall = solution::answer(&mut solver(6, 5, 4), 0, 0);
    let wide = solution::answer(&mut solver(5, 6, 4), 0, 0);
    assert!(
        tall.starts_with("win\n") && wide.starts_with("win\n"),
        "{tall}{wide}"
    );
    let (m, n) = (6, 5);
    let cells: Vec<u8> = tall.lines().skip(1).flat_map(str::bytes).collect();
    for (cell, &shown) in cells.iter().enumerate() {
        if cell / n < 3 && cell % n < 3 {
            let child = solution::answer(&mut solver(m, n, 4), 1 << cell, 0);
            let expected = match shown {
                b'W' => "loss\n",
                b'D' => "draw\n",
                _ => "win\n",
            };
            assert!(
                child.starts_with(expected),
                "{m},{n},4 cell {cell}: {shown} but {child}"
            );
        }
    }
    let transposed: String = (0..5)
        .map(|r| (0..6).map(|c| cells[c * n + r] as char).collect::<String>() + "\n")
        .collect();
    assert_eq!(wide, format!("win\n{transposed}"));
}

/// Every committed `official/` case (answers written by the reference's generator, or the theorems) is
/// answered the same; `beyond/` is for scripts/bench-mnk.
#[test]
fn testdata_answers() {
    assert_solves_testdata("mnk-game/data/secret/official", 29, solution::solve);
}

#[test]
fn malformed_input_is_an_error() {
    for (what, input) in [
        ("empty", ""),
        ("T = 0", "0\n"),
        ("T = 101", "101\n"),
        ("missing case", "2\n1 1 1\n.\n"),
        ("m = 0", "1\n0 3 3\n"),
        ("n = 9", "1\n1 9 3\n.........\n"),
        ("m = 9", "1\n9 1 3\n.\n.\n.\n.\n.\n.\n.\n.\n.\n"),
        ("k = 0", "1\n3 3 0\n...\n...\n...\n"),
        ("k > max(m, n)", "1\n3 3 4\n...\n...\n...\n"),
        ("short row", "1\n3 3 3\n...\n..\n...\n"),
        ("long row", "1\n3 3 3\n...\n....\n...\n"),
        ("bad mark", "1\n3 3 3\n...\n.X.\n...\n"),
        ("o moved first", "1\n3 3 3\no..\n...\n...\n"),
        ("x two ahead", "1\n3 3 3\nx.x\n...\n...\n"),
        ("x has won", "1\n3 3 3\nxxx\noo.\n...\n"),
        ("o has won", "1\n3 3 3\nooo\nxx.\nx..\n"),
        ("full board", "1\n1 2 2\nxo\n"),
        ("trailing token", "1\n1 1 1\n.\nextra\n"),
        ("truncated", "1\n3 3 3\n...\n"),
    ] {
        assert_solve_rejects(solution::solve, what, input);
    }
}

#[test]
fn the_binary_exits_1_with_one_line_on_stderr() {
    let exe = env!("CARGO_BIN_EXE_mnk-game");
    for input in [&b"1\n3 3 3\nxxx\noo.\n...\n"[..], b"\xff\xfe1\n"] {
        assert_rejects(exe, input);
    }
    let out = run(exe, SAMPLE_IN.as_bytes());
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), SAMPLE_OUT);
}
