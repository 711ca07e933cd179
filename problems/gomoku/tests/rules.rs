//! The engine under the standard and renju rules: its renju fouls against the referee's, and its play.
//!
//! Oracle: the match referee (`testdata/gomoku/referee.rs`), whose renju fouls are written from the rules'
//! definitions by placing stones and measuring runs (no pattern tables, no incremental state, no code
//! shared with the engine). The engine's fouls come from its line tables plus a recursive check of real
//! threes; the two must agree on every empty point of many random positions and on hand-made ones.
use crate::solution;

#[allow(dead_code)]
#[path = "../../../testdata/gomoku/referee.rs"]
mod referee;

use referee::renju::{self, Foul};
use referee::Cell;
use solution::board::*;
use testgen::rng::Rng;

/// The engine's board and the referee's, from rows of `.xo` (`x` Black); Black to move on the engine's.
fn boards(rows: &[&str], rule: u8) -> (Board, renju::Board) {
    let mut board = Board::with_rule(15, rule);
    let mut plain = [[Cell::Empty; 15]; 15];
    for (y, row) in rows.iter().enumerate() {
        for (x, b) in row.bytes().enumerate() {
            let (color, stone) = match b {
                b'x' => (BLACK, Cell::Black),
                b'o' => (WHITE, Cell::White),
                _ => continue,
            };
            board.put(cell(x, y), color);
            plain[y][x] = stone;
        }
    }
    board.side = BLACK;
    (board, plain)
}

/// Every empty point: the engine's foul verdict and the referee's must agree. Returns the fouls found.
fn compare_fouls(board: &mut Board, plain: &mut renju::Board) -> Vec<((usize, usize), Foul)> {
    let mut fouls = Vec::new();
    for y in 0..15 {
        for x in 0..15 {
            if plain[y][x] != Cell::Empty {
                continue;
            }
            let theirs = renju::foul(plain, (x, y));
            let ours = board.is_foul(cell(x, y));
            assert_eq!(
                ours,
                theirs.is_some(),
                "point {x},{y}: engine {ours}, referee {theirs:?}\n{}",
                show(plain)
            );
            if let Some(foul) = theirs {
                fouls.push(((x, y), foul));
            }
        }
    }
    fouls
}

fn show(plain: &renju::Board) -> String {
    let rows = plain.iter().map(|row| {
        row.iter()
            .map(|c| match c {
                Cell::Empty => '.',
                Cell::Black => 'x',
                Cell::White => 'o',
            })
            .collect::<String>()
    });
    rows.collect::<Vec<_>>().join("\n")
}

/// A random cluster: `black` black and `white` white stones on the 9×9 centre (dense, so that threes,
/// fours and overlines cross often), without a black five or overline already on it.
fn random_rows(rng: &mut Rng, black: usize, white: usize) -> Vec<String> {
    let mut grid = vec![vec![b'.'; 15]; 15];
    let mut place = |grid: &mut Vec<Vec<u8>>, stone: u8, count: usize| {
        let mut placed = 0;
        while placed < count {
            let (x, y) = (rng.range(3, 12) as usize, rng.range(3, 12) as usize);
            if grid[y][x] == b'.' {
                grid[y][x] = stone;
                placed += 1;
            }
        }
    };
    place(&mut grid, b'x', black);
    place(&mut grid, b'o', white);
    grid.into_iter()
        .map(|row| String::from_utf8(row).unwrap())
        .collect()
}

#[test]
fn renju_fouls_agree_with_the_referee_on_random_positions() {
    let mut rng = Rng::new(2024);
    let mut found = [0usize; 3];
    for _ in 0..2400 {
        let black = rng.range(6, 22) as usize;
        let white = rng.range(2, 14) as usize;
        let rows = random_rows(&mut rng, black, white);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (mut board, mut plain) = boards(&rows, RENJU);
        for (_, foul) in compare_fouls(&mut board, &mut plain) {
            found[foul as usize] += 1;
        }
    }
    // The comparison means something only if every kind of foul came up, many times.
    assert!(found.iter().all(|&n| n >= 100), "fouls found: {found:?}");
}

/// A named 9×9 drawing, the point asked about, and its verdict by the rules.
type NamedShape = (
    &'static str,
    [&'static str; 9],
    (usize, usize),
    Option<Foul>,
);

/// Hand-made renju positions: the point `at` and its verdict by the rules (checked by both).
#[test]
fn named_renju_fouls() {
    let cases: &[NamedShape] = &[
        (
            "double three: two open threes cross at the point",
            [
                ".........",
                ".........",
                "....x....",
                "....x....",
                "..xx.....",
                ".........",
                ".........",
                ".........",
                ".........",
            ],
            (4, 4),
            Some(Foul::DoubleThree),
        ),
        (
            "a three blocked at one end is no three: a four-less double is allowed",
            [
                ".........",
                "....o....",
                "....x....",
                "....x....",
                "..xx.....",
                ".........",
                ".........",
                ".........",
                ".........",
            ],
            (4, 4),
            None,
        ),
        (
            "four-three is allowed",
            [
                ".........",
                "....x....",
                "....x....",
                "....x....",
                "..xx.....",
                "....o....",
                ".........",
                ".........",
                ".........",
            ],
            (4, 4),
            None,
        ),
        (
            "double four in two lines",
            [
                ".........",
                "....x....",
                "....x....",
                "....x....",
                ".xxx.....",
                "....o....",
                "o........",
                ".........",
                ".........",
            ],
            (4, 4),
            Some(Foul::DoubleFour),
        ),
        (
            "double four in one line: x.xxx.x with the middle",
            [
                ".........",
                ".........",
                ".........",
                ".........",
                "x.x.x.x..",
                ".........",
                ".........",
                ".........",
                ".........",
            ],
            (3, 4),
            Some(Foul::DoubleFour),
        ),
        (
            "overline",
            [
                ".........",
                ".........",
                ".........",
                ".........",
                "xxx.xx...",
                ".........",
                ".........",
                ".........",
                ".........",
            ],
            (3, 4),
            Some(Foul::Overline),
        ),
        (
            "five with a double four elsewhere still wins: no foul",
            [
                ".........",
                "....x....",
                "....x....",
                "....x....",
                "xxxx.....",
                ".........",
                ".........",
                ".........",
                ".........",
            ],
            (4, 4),
            None,
        ),
        (
            "a three that becomes a four only with an overline beside it is no three",
            [
                ".........",
                ".........",
                ".....x...",
                ".....x...",
                "x..xx.o.x",
                ".........",
                ".........",
                ".........",
                ".........",
            ],
            (5, 4),
            None,
        ),
    ];
    for (name, rows9, (x, y), expected) in cases {
        // The 9×9 drawing goes on the centre of the board (offset 3).
        let mut rows = vec!["...............".to_string(); 15];
        for (i, row) in rows9.iter().enumerate() {
            rows[i + 3] = format!("...{row}...");
        }
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (mut board, mut plain) = boards(&rows, RENJU);
        let (x, y) = (x + 3, y + 3);
        assert_eq!(
            renju::foul(&mut plain, (x, y)),
            *expected,
            "referee: {name}"
        );
        assert_eq!(
            board.is_foul(cell(x, y)),
            expected.is_some(),
            "engine: {name}"
        );
    }
}

#[test]
fn fives_follow_the_rule() {
    // Black x at columns 2,3,4 and 6,7 on row 7: 5,7 makes six (overline); 1,7 … no.
    let mut rows = vec!["..............."; 15];
    rows[7] = "..xxx.xx.......";
    rows[2] = "ooo.o..........";
    for (rule, black_wins, white_wins) in [
        (FREESTYLE, true, true),
        (STANDARD, false, true),
        (RENJU, false, true),
    ] {
        let (board, _) = boards(&rows, rule);
        let at = cell(5, 7);
        assert_eq!(board.class(BLACK, at) == FIVE, black_wins, "rule {rule}");
        // White's ooo.o makes exactly five at 3,2 under every rule.
        assert_eq!(
            board.class(WHITE, cell(3, 2)) == FIVE,
            white_wins,
            "rule {rule}"
        );
    }
    // White's overline wins under renju (only Black is held to exactly five), not under standard.
    let mut rows = vec!["..............."; 15];
    rows[2] = "ooo.oo.........";
    for (rule, wins) in [(FREESTYLE, true), (STANDARD, false), (RENJU, true)] {
        let (board, _) = boards(&rows, rule);
        assert_eq!(board.class(WHITE, cell(3, 2)) == FIVE, wins, "rule {rule}");
    }
}

/// The engine's batch answer on `rows` under `rule` (the side to move by the counts).
fn answer(rows: &[&str], rule: u8, ms: u64) -> (usize, usize) {
    let input = format!("rule {rule}\n{}\n", rows.join("\n"));
    let out = solution::solve_within(&input, ms).expect("a valid board");
    let (x, y) = out.trim().split_once(',').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn the_engine_never_plays_a_renju_foul() {
    let mut rng = Rng::new(77);
    let mut tried = 0;
    while tried < 40 {
        let black = rng.range(6, 16) as usize;
        let rows = random_rows(&mut rng, black, black);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (board, mut plain) = boards(&rows, RENJU);
        if board.has_five()
            || board.find(WHITE, FIVE).is_some()
            || board.find(BLACK, FIVE).is_some()
        {
            continue; // decided positions say nothing about fouls
        }
        let empty: Vec<(usize, usize)> = (0..15 * 15)
            .map(|i| (i % 15, i / 15))
            .filter(|&(x, y)| plain[y][x] == Cell::Empty)
            .collect();
        let fouls = empty
            .into_iter()
            .filter(|&p| renju::foul(&mut plain, p).is_some())
            .count();
        if fouls == 0 {
            continue;
        }
        tried += 1;
        let (x, y) = answer(&rows, 4, 30);
        assert_eq!(plain[y][x], Cell::Empty, "{}", show(&plain));
        assert_eq!(
            renju::foul(&mut plain, (x, y)),
            None,
            "the engine played {x},{y}\n{}",
            show(&plain)
        );
    }
}

#[test]
fn white_wins_by_a_four_whose_block_is_a_foul() {
    // 7,7 is Black's double three (5,7 6,7 and 7,5 7,6). White's diagonal 4,10 5,9 6,8 is closed by
    // Black's 3,11: 7,7 would make a four Black blocks at 8,6, but 8,6 makes a four whose only five is
    // 7,7 — Black's foul, so the four cannot be stopped.
    let rows = [
        "..............o",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......x.......",
        ".......x.......",
        ".....xx........",
        "......o........",
        ".....o.........",
        "....o..........",
        "...x...........",
        "...............",
        "...............",
        "...............",
    ];
    let (mut board, mut plain) = boards(&rows, RENJU);
    assert_eq!(renju::foul(&mut plain, (7, 7)), Some(Foul::DoubleThree));
    assert!(board.is_foul(cell(7, 7)));
    assert_eq!(answer(&rows, 4, 300), (8, 6));
    // Under freestyle Black may block there, and 8,6 wins nothing at once.
    assert_ne!(answer(&rows, 0, 100), (8, 6));
}

#[test]
fn black_facing_a_four_it_may_not_block_still_plays_a_legal_move() {
    // White's diagonal four 8,8 .. 11,11 (closed at 12,12) has one five point, 7,7: Black's double three
    // (5,7 6,7 and 7,5 7,6). Black has lost, but must lose on the board: a legal move, never none. (Against
    // Rapfi the engine answered "ERROR the board is full" here: every move it kept was the foul.)
    let mut grid = vec![vec![b'.'; 15]; 15];
    for (x, y) in [(5, 7), (6, 7), (7, 5), (7, 6), (12, 12)] {
        grid[y][x] = b'x';
    }
    for (x, y) in [(8, 8), (9, 9), (10, 10), (11, 11), (0, 14)] {
        grid[y][x] = b'o';
    }
    let rows: Vec<String> = grid
        .into_iter()
        .map(|r| String::from_utf8(r).unwrap())
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (_, mut plain) = boards(&rows, RENJU);
    assert_eq!(renju::foul(&mut plain, (7, 7)), Some(Foul::DoubleThree));
    let (x, y) = answer(&rows, 4, 100);
    assert_eq!(plain[y][x], Cell::Empty, "{}", show(&plain));
    assert_eq!(
        renju::foul(&mut plain, (x, y)),
        None,
        "{x},{y}\n{}",
        show(&plain)
    );
}
